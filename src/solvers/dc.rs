//! `dc`: Sudoku as exact cover ([`crate::puzzles::sudoku`], the same encoding as `dlx`) solved by
//! dancing cells ([`crate::xc::dc::Dc`], Knuth's SSXC1).
//!
//! The matrix of each shape is built once per thread and kept in a thread-local cache; a puzzle's
//! givens are forced, the search runs from a fresh copy of the matrix with them applied, and the
//! givens are released.
//!
//! Nodes are SSXC1's (see [`crate::xc::dc`]): a choice that leaves some cell, row, column or box
//! constraint without options is abandoned before it becomes a node, so `dc` reports fewer nodes
//! than `dlx` on the same puzzle, and its ties go to the first item in its (changing) active list.
//! Guesses are children tried at items with two or more options; backtracks are those abandoned
//! choices. One exception to SSXC1's count: when the givens leave some constraint without options,
//! SSXC1 would not start at all (0 nodes), but this solver reports the root as one dead node, as
//! every other solver does for a puzzle refuted before its first guess.

use std::cell::RefCell;

use super::exact::{force_givens, Solutions};
use super::{Descriptor, Outcome, SolveLimits, Solver};
use crate::puzzles::sudoku::{encode, SudokuXc};
use crate::sudoku::{Grid, Shape};
use crate::xc::dc::Dc;
use crate::xc::engine::Engine;
use crate::xc::SearchEnd;

/// The dancing-cells Sudoku solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct DcSolver;

thread_local! {
    /// One matrix per shape and thread, built on first use (a list: a thread sees few shapes).
    static MATRICES: RefCell<Vec<(Shape, SudokuXc, Dc)>> = const { RefCell::new(Vec::new()) };
}

impl Solver for DcSolver {
    fn name(&self) -> &'static str {
        "dc"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "dancing cells (exact cover over sparse sets, 4 items per option)",
            propagation: "none (covering removes conflicting options; a choice that empties a constraint is abandoned)",
            heuristic: "fewest options (MRV), first in the active list",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= Shape::MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        MATRICES.with(|cache| {
            let mut cache = cache.borrow_mut();
            let shape = grid.shape();
            let k = match cache.iter().position(|(s, _, _)| *s == shape) {
                Some(k) => k,
                None => {
                    let xc = encode(shape);
                    let dc =
                        Dc::new(xc.problem()).expect("the Sudoku matrix has no multiplicities");
                    cache.push((shape, xc, dc));
                    cache.len() - 1
                }
            };
            let (_, xc, dc) = &mut cache[k];
            solve_with(xc, dc, grid, limits)
        })
    }
}

fn solve_with(xc: &SudokuXc, dc: &mut Dc, grid: &Grid, limits: &SolveLimits) -> Outcome {
    if let Some(refuted) = force_givens(dc, xc, grid) {
        return refuted;
    }
    let mut solutions = Solutions::new(xc, grid, limits.max_solutions);
    let result = dc.search(&limits.budget, |sol| solutions.found(sol));
    dc.release();
    // Givens that leave a constraint without options: SSXC1 would not start a search (the engine
    // reports 0 nodes), but every solver counts the root it found dead, and so does this one.
    let nodes = if result.end == SearchEnd::Exhausted {
        result.stats.nodes.max(1)
    } else {
        result.stats.nodes
    };
    solutions.outcome(&result, nodes, dc.branch_counts())
}
