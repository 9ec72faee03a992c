//! `dlx`: Sudoku as exact cover ([`crate::puzzles::sudoku`]) solved by dancing links.
//!
//! The matrix of each shape is built once per thread and kept in a thread-local cache; a puzzle's
//! givens are forced into it, the search runs, and the givens are released, which restores the
//! matrix exactly. Nodes are Knuth's (see [`crate::xc::SearchStats`]); guesses are children
//! entered at items with two or more options; backtracks are nodes whose chosen item had no
//! option left.

use std::cell::RefCell;
use std::collections::HashMap;

use super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use crate::puzzles::sudoku::{encode, SudokuXc};
use crate::sudoku::{Grid, Shape};
use crate::xc::dlx::Dlx;
use crate::xc::engine::Engine;
use crate::xc::{Control, SearchEnd};

/// The DLX Sudoku solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct DlxSolver;

thread_local! {
    /// One matrix per shape and thread, built on first use.
    static MATRICES: RefCell<HashMap<Shape, (SudokuXc, Dlx)>> = RefCell::new(HashMap::new());
}

impl Solver for DlxSolver {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "dancing links (exact cover, 4 items per option)",
            propagation: "none (covering removes conflicting options)",
            heuristic: "fewest options (MRV), first in item order",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        // Every shape the encoder handles; ids are u32, far above 36x36's 186,624 nodes.
        shape.side() <= Shape::MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        MATRICES.with(|cache| {
            let mut cache = cache.borrow_mut();
            let (xc, dlx) = cache.entry(grid.shape()).or_insert_with(|| {
                let xc = encode(grid.shape());
                let dlx = Dlx::new(xc.problem()).expect("Sudoku has no multiplicities");
                (xc, dlx)
            });
            solve_with(xc, dlx, grid, limits)
        })
    }
}

fn solve_with(xc: &SudokuXc, dlx: &mut Dlx, grid: &Grid, limits: &SolveLimits) -> Outcome {
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 && dlx.force(xc.option_of(cell, d)).is_err() {
            dlx.release();
            return Outcome {
                status: Status::None,
                solutions: 0,
                solution: None,
                stats: Stats::default(),
            };
        }
    }
    let mut first = None;
    let max = limits.max_solutions;
    let mut found = 0u64;
    let result = dlx.search(&limits.budget, |sol| {
        found += 1;
        if first.is_none() {
            first = Some(xc.decode(sol));
        }
        if max != 0 && found >= max {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    dlx.release();
    let branch = dlx.branch_counts();
    let completed = result.end == SearchEnd::Exhausted;
    Outcome {
        status: Status::from_search(found, completed, max),
        solutions: found,
        solution: first.and_then(Result::ok),
        stats: Stats {
            nodes: result.stats.nodes,
            guesses: branch.guesses,
            backtracks: branch.dead_ends,
            ..Stats::default()
        },
    }
}
