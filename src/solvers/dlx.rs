//! `dlx`: Sudoku as exact cover ([`crate::puzzles::sudoku`]) solved by dancing links.
//!
//! The matrix of each shape is built once per thread and kept in a thread-local cache; a puzzle's
//! givens are forced into it, the search runs, and the givens are released, which restores the
//! matrix exactly ([`UniformDlx::search_and_release`]). The engine is [`UniformDlx`], the dancing-links fast path for options of four
//! primary items, with 16-bit node indices up to 25x25 grids and 32-bit ones above.
//!
//! Nodes and updates are Knuth's (see [`crate::xc::SearchStats`]); guesses are children entered at
//! items with two or more options; backtracks are nodes whose chosen item had no option left.

use std::cell::RefCell;

use super::exact::{force_givens, Solutions};
use super::{Descriptor, Outcome, SolveLimits, Solver};
use crate::puzzles::sudoku::{encode, SudokuXc};
use crate::sudoku::{Grid, Shape};
use crate::xc::dlx::{NodeIndex, UniformDlx};

/// The DLX Sudoku solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct DlxSolver;

/// A cached matrix, with the narrowest node index that fits it.
enum Matrix {
    Small(SudokuXc, UniformDlx<4, u16>),
    Large(SudokuXc, UniformDlx<4, u32>),
}

impl Matrix {
    fn build(shape: Shape) -> Matrix {
        let xc = encode(shape);
        match UniformDlx::<4, u16>::new(xc.problem()) {
            Ok(dlx) => Matrix::Small(xc, dlx),
            Err(_) => {
                let dlx = UniformDlx::<4, u32>::new(xc.problem())
                    .expect("every Sudoku option has four primary items");
                Matrix::Large(xc, dlx)
            }
        }
    }
}

thread_local! {
    /// One matrix per shape and thread, built on first use (a list: a thread sees few shapes).
    static MATRICES: RefCell<Vec<(Shape, Matrix)>> = const { RefCell::new(Vec::new()) };
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
        // Every shape the encoder handles: 32-bit node ids reach far beyond the largest side.
        shape.side() <= Shape::MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        MATRICES.with(|cache| {
            let mut cache = cache.borrow_mut();
            let shape = grid.shape();
            let k = match cache.iter().position(|(s, _)| *s == shape) {
                Some(k) => k,
                None => {
                    cache.push((shape, Matrix::build(shape)));
                    cache.len() - 1
                }
            };
            match &mut cache[k].1 {
                Matrix::Small(xc, dlx) => solve_with(xc, dlx, grid, limits),
                Matrix::Large(xc, dlx) => solve_with(xc, dlx, grid, limits),
            }
        })
    }
}

fn solve_with<I: NodeIndex>(
    xc: &SudokuXc,
    dlx: &mut UniformDlx<4, I>,
    grid: &Grid,
    limits: &SolveLimits,
) -> Outcome {
    if let Some(refuted) = force_givens(dlx, xc, grid) {
        return refuted;
    }
    let mut solutions = Solutions::new(xc, grid, limits.max_solutions);
    let result = dlx.search_and_release(&limits.budget, |sol| solutions.found(sol));
    solutions.outcome(&result, result.stats.nodes, dlx.branch_counts())
}
