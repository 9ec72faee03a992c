//! Exact cover with memoised subproblems, whose result is a ZDD of all solutions: DXZ (Nishino,
//! Yasuda, Minato and Nagata, "Dancing with Decision Diagrams", AAAI-17) as Knuth's DLX6 runs it
//! (DLX2, Algorithm X with colours, plus a cache of partial results).
//!
//! # The idea
//!
//! Algorithm X meets the same subproblem many times: on a 4x4 board, placing a vertical domino
//! in column 0 and then one in column 1 leaves the same board as placing two horizontal dominoes
//! across rows 0 and 1 — the same cells to cover by the same remaining options, so the same
//! solutions below. The memo engine gives each node of the search tree a *signature* that
//! determines the remaining subproblem ([`signature`]): the uncovered primary items, and each
//! secondary item still in use with the colour it is purified to. The first time a signature is
//! met the subtree is searched and its solutions are stored as a node of a ZDD ([`zdd`]); every
//! later time the cache answers at once. The ZDD, not a stream of solutions, is the result: its
//! size is about the number of distinct subproblems with solutions, while the solutions may be
//! exponentially more. Counting, per-option counts and uniform sampling are linear passes over it.
//!
//! # A worked example
//!
//! Tile a 2x3 board (cells `a b c` over `d e f`) with dominoes; options in this order:
//! `1: a b`, `2: a d`, `3: b c`, `4: b e`, `5: c f`, `6: d e`, `7: e f`. The root branches on
//! `a` (two options; first among the items with fewest):
//!
//! ```text
//! root {a..f}          choose a: options 1, 2
//! ├─ 1 (a b) → {c d e f}   choose c: options 5 only
//! │   └─ 5 (c f) → {d e}   choose d: 6 → {} solution           ZDD: N2 = (6, ⊥, ⊤), N3 = (5, ⊥, N2)
//! │                                                                 N4 = (1, ⊥, N3)
//! └─ 2 (a d) → {b c e f}   choose b: options 3, 4
//!     ├─ 3 (b c) → {e f}   choose e: 7 → {} solution           N5 = (7, ⊥, ⊤), N6 = (3, ⊥, N5)
//!     └─ 4 (b e) → {c f}   choose c: 5 → {} solution           N7 = (5, ⊥, ⊤), N8 = (4, N6, N7)
//!                                                                 N9 = (2, N4, N8)  ← the root
//! ```
//!
//! Every signature here is met once, so the cache only records; on larger boards the subproblem
//! `{e f}` is reached by many routes and all but the first are *hits*. A level's solutions form a
//! chain: each option that led to solutions gets a node whose `hi` is the subproblem's ZDD and
//! whose `lo` is the chain of the options tried before it (`N8`'s `lo` is `N6`). The count is the
//! number of paths from the root to ⊤: `count(N9) = count(N4) + count(N8) = 1 + 2 = 3`.
//!
//! # What is counted
//!
//! [`MemoStats`] defines every counter where it is declared; they are DLX6's, so the same input
//! gives the same numbers (docs/xc-engine.md lists the intended differences: ZDD nodes are
//! hash-consed here, and the cache may be capped by a budget).
//!
//! # The order rule
//!
//! The item to branch on is DLX6's: the uncovered primary item with the fewest remaining options,
//! the first in item order among equals. The cache depends on it: the same rule on every route
//! makes equal subproblems branch alike, and low-numbered items go first, so the remaining
//! subproblems tend to be "the items from some point on", which recur. Signatures do not depend on
//! the order, so counts are exact under any rule.
//!
//! # On threads
//!
//! [`parallel::count`] cuts the top of the tree into subproblems and counts them on the rayon
//! pool, with the same search building numbers instead of ZDD nodes (`Counter` in `memo/diagram.rs`),
//! so that the threads can share one cache of counts or keep one each.

mod diagram;
mod links;
pub mod parallel;
mod progress;
mod run;
mod search;
pub mod signature;
pub mod zdd;

use crate::xc::engine::EngineError;
use crate::xc::{Limits, Problem};

pub use progress::{progress_diagram_bytes, progress_nodes};
pub use run::{MemoConfig, MemoError, MemoRun, MemoStats};
pub use zdd::{SolutionCount, Zdd, ZddFull};

/// Searches `problem` with a memo cache and returns the ZDD of all its solutions. Problems with
/// multiplicities are refused (DLX6's own extension to them is not followed here).
pub fn solve(
    problem: &Problem,
    config: &MemoConfig,
    limits: &Limits,
) -> Result<MemoRun, MemoError> {
    if let Some(item) = problem.items().iter().find(|i| i.has_multiplicity()) {
        return Err(EngineError::Multiplicities {
            item: item.name.clone(),
        }
        .into());
    }
    let links = links::Links::new(problem);
    let width = signature::Layout::new(&links).width;
    search::run(
        links,
        signature::Cache::new(width, config.cache_bytes),
        limits,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 2x3 board of the module documentation.
    fn two_by_three() -> Problem {
        let mut b = Problem::builder();
        let cells: Vec<_> = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|n| b.primary(*n).unwrap())
            .collect();
        for (x, y) in [(0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5)] {
            b.option(&[cells[x], cells[y]]).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn worked_example_builds_the_documented_zdd() {
        let run = solve(&two_by_three(), &MemoConfig::default(), &Limits::default()).unwrap();
        assert_eq!(run.zdd.count(), SolutionCount::Small(3));
        // N2..N9 of the module documentation, with 0-based options.
        let z = &run.zdd;
        let root = z.node(z.root());
        assert_eq!((root.option, root.lo, root.hi), (1, 4, 8));
        assert_eq!(z.len(), 8);
        let n8 = z.node(8);
        assert_eq!((n8.option, n8.lo, n8.hi), (3, 6, 7));
        assert_eq!(run.stats.cache_hits, 0);
        assert_eq!(run.stats.leaves, 3);
        // root, {c d e f}, {d e}, {b c e f}, {e f}, {c f}, and the three leaves.
        assert_eq!(run.stats.nodes, 9);
    }

    #[test]
    fn a_zero_budget_caches_nothing_and_counts_the_same() {
        let p = two_by_three();
        let run = solve(&p, &MemoConfig { cache_bytes: 0 }, &Limits::default()).unwrap();
        assert_eq!(run.zdd.count(), SolutionCount::Small(3));
        assert_eq!(run.stats.cache_entries, 0);
        assert_eq!(run.stats.cache_refused, 6);
    }

    #[test]
    fn a_long_search_reports_its_progress() {
        let before = progress_nodes();
        let queens = crate::puzzles::queens::Queens::new(9).unwrap();
        let run = solve(
            queens.problem(),
            &MemoConfig { cache_bytes: 0 },
            &Limits::default(),
        )
        .unwrap();
        assert!(run.stats.nodes > 2 * crate::budget::CLOCK_STRIDE);
        // (Other tests' searches may add to the count too.)
        // One report of CLOCK_STRIDE nodes per CLOCK_STRIDE nodes entered (leaves are counted
        // without entering).
        let stride = crate::budget::CLOCK_STRIDE;
        let entered = run.stats.nodes - run.stats.leaves;
        assert!(progress_nodes() - before >= (entered - stride) / stride * stride);
    }
}
