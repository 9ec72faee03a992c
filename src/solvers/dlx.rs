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

use super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use crate::puzzles::sudoku::{encode, SudokuXc};
use crate::sudoku::{Grid, Shape};
use crate::xc::dlx::{NodeIndex, UniformDlx};
use crate::xc::engine::Engine;
use crate::xc::{Control, SearchEnd};

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
    let result = dlx.search_and_release(&limits.budget, |sol| {
        found += 1;
        if first.is_none() {
            first = Some(fill(xc, grid, sol));
        }
        if max != 0 && found >= max {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    let branch = dlx.branch_counts();
    let completed = result.end == SearchEnd::Exhausted;
    Outcome {
        status: Status::from_search(found, completed, max),
        solutions: found,
        solution: first,
        stats: Stats {
            nodes: result.stats.nodes,
            guesses: branch.guesses,
            backtracks: branch.dead_ends,
            ..Stats::default()
        },
    }
}

/// The grid of a solution. Exact cover guarantees a valid filling, so the grid is written
/// directly instead of through [`SudokuXc::decode`]'s validation (a debug build still checks it).
fn fill(xc: &SudokuXc, grid: &Grid, solution: &[crate::xc::OptionId]) -> Grid {
    let mut out = Grid::empty(grid.shape());
    for &o in solution {
        let (cell, d) = xc.cell_digit(o).expect("options of the Sudoku matrix");
        out.set(cell, d);
    }
    debug_assert!(crate::sudoku::check_solution(grid, &out).is_ok());
    out
}
