//! N queens with dlxlab's exact-cover engine: encode, search, decode.
//!
//! ```sh
//! cargo run --release --example queens -- 12
//! ```

use dlxlab::puzzles::queens::{board, Queens};
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::{Control, Limits, SearchStats};

/// Counts the solutions of `n` queens and draws the first one.
pub fn solve(n: usize) -> (SearchStats, Option<String>) {
    // Rows and columns are primary items, diagonals secondary: Knuth's encoding, so the node and
    // update counts are those of his dlx1 on the same input.
    let queens = Queens::new(n).expect("n must be at least 1");
    let mut dlx = Dlx::new(queens.problem()).expect("queens has no multiplicities");
    let mut first = None;
    let result = dlx.search(&Limits::NONE, |solution| {
        if first.is_none() {
            let columns = queens
                .decode(solution)
                .expect("the engine returns solutions");
            first = Some(board(&columns));
        }
        Control::Continue
    });
    (result.stats, first)
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let (stats, first) = solve(n);
    println!(
        "{n} queens: {} solutions, {} nodes, {} updates",
        stats.solutions, stats.nodes, stats.updates
    );
    if let Some(board) = first {
        print!("the first one:\n{board}");
    }
}
