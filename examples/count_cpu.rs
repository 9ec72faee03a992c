//! Serial counting, dlxlab against the `exact-covers` crate (issue 7), one problem per run, timed in
//! CPU time so that other jobs on the machine matter less than for wall-clock benchmarks.
//!
//! ```text
//! cargo run --release --example count_cpu -- pentomino-6x10 dlxlab 3
//! cargo run --release --example count_cpu -- pentomino-6x10 exact-covers 3
//! valgrind --tool=callgrind target/release/examples/count_cpu queens-12 dlxlab   # instructions
//! ```
//!
//! Problems: `queens-N`, `pentomino-RxC` (all tilings, no symmetry breaking), `grids-4x4`,
//! `grids-6x6`, `grids-6x6-row1` (6x6 Sudoku grids with the first row given as 1 2 … 6). The
//! dlxlab count is what `dlxlab xc --count` runs: `choose::for_problem`, then one search; both
//! counts include building the matrix, as in `benches/count.rs`.

use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::choose::for_problem_kind;
use dlxlab::xc::count::count;
use dlxlab::xc::{Limits, Problem};

/// The named problem, or `None` for a name not listed in the module documentation.
pub fn problem(name: &str) -> Option<Problem> {
    if let Some(n) = name.strip_prefix("queens-") {
        return Some(Queens::new(n.parse().ok()?).ok()?.problem().clone());
    }
    if let Some(size) = name.strip_prefix("pentomino-") {
        let (r, c) = size.split_once('x')?;
        let tiling = Tiling::pentominoes(c.parse().ok()?, r.parse().ok()?, false).ok()?;
        return Some(tiling.problem().clone());
    }
    match name {
        "grids-4x4" => Some(sudoku_grids(2, 2, false)),
        "grids-6x6" => Some(sudoku_grids(2, 3, false)),
        "grids-6x6-row1" => Some(sudoku_grids(2, 3, true)),
        _ => None,
    }
}

/// dlxlab's count: `(solutions, nodes, updates, engine)`.
pub fn dlxlab_count(p: &Problem) -> (u64, u64, u64, String) {
    let (mut engine, kind) = for_problem_kind(p);
    let s = count(engine.as_mut(), 0, &Limits::NONE).stats;
    (s.solutions, s.nodes, s.updates, kind.to_string())
}

/// User CPU time of this process so far, in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: `getrusage` only writes the `rusage` it is given, which is zero-initialisable
    // plain data.
    let r = unsafe {
        let mut r: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut r);
        r
    };
    r.ru_utime.tv_sec as f64 + r.ru_utime.tv_usec as f64 * 1e-6
}

#[path = "../benches/common/count_peer.rs"]
mod count_peer;

pub use count_peer::{exact_covers_count, sudoku_grids};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: count_cpu PROBLEM (dlxlab|exact-covers) [REPEATS]";
    let (Some(name), Some(which)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(p) = problem(name) else {
        eprintln!("unknown problem {name}; {usage}");
        std::process::exit(2);
    };
    let repeats: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let start = cpu_seconds();
    for _ in 0..repeats {
        match which.as_str() {
            "dlxlab" => {
                let (solutions, nodes, updates, engine) = dlxlab_count(&p);
                println!("{solutions} solutions, {nodes} nodes, {updates} updates ({engine})");
            }
            "exact-covers" => println!("{} solutions", exact_covers_count(&p)),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        }
    }
    let per_run = (cpu_seconds() - start) / f64::from(repeats);
    println!("{name} {which}: {:.1} ms user CPU per run", per_run * 1e3);
}
