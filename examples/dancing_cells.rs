//! Dancing links and dancing cells on the same problem: the same solutions, different trees.
//!
//! ```sh
//! cargo run --release --example dancing_cells -- 12
//! ```

use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::count::count;
use dlxlab::xc::dc::Dc;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::engine::Engine;
use dlxlab::xc::Limits;

/// One engine's count of `n` queens: (name, solutions, nodes, updates, mems).
pub type Row = (&'static str, u64, u64, u64, Option<u64>);

/// Counts `n` queens with both engines. Dancing cells counts nodes, updates and mems as Knuth's
/// SSXC1 does; dancing links counts as his dlx1 (which has no mems here).
pub fn compare(n: usize) -> [Row; 2] {
    let queens = Queens::new(n).expect("n must be at least 1");
    let problem = queens.problem();
    let engines: [(&'static str, Box<dyn Engine>); 2] = [
        (
            "dancing links",
            Box::new(Dlx::new(problem).expect("no multiplicities")),
        ),
        (
            "dancing cells",
            Box::new(Dc::new(problem).expect("no multiplicities")),
        ),
    ];
    engines.map(|(name, mut engine)| {
        let r = count(engine.as_mut(), 0, &Limits::NONE);
        (
            name,
            r.stats.solutions,
            r.stats.nodes,
            r.stats.updates,
            engine.mems(),
        )
    })
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    for (name, solutions, nodes, updates, mems) in compare(n) {
        let mems = mems.map(|m| format!(", {m} mems")).unwrap_or_default();
        println!(
            "{n} queens, {name}: {solutions} solutions, {nodes} nodes, {updates} updates{mems}"
        );
    }
}
