//! What the two exact-cover Sudoku solvers, `dlx` and `dc`, share around their engines: forcing a
//! puzzle's givens into the matrix, collecting solutions up to the limit, turning a solution back
//! into a grid, and the [`Outcome`] they report. The searches themselves stay in `dlx.rs` and
//! `dc.rs`, where each engine is driven its own way.

use super::{Outcome, Stats, Status};
use crate::puzzles::sudoku::SudokuXc;
use crate::sudoku::Grid;
use crate::xc::dlx::BranchCounts;
use crate::xc::engine::Engine;
use crate::xc::{Control, OptionId, SearchResult};

/// Forces the option of every given of `grid`. When two givens clash (a digit twice in a unit, or
/// a given with no option left), the forced options are released again and the puzzle's outcome is
/// returned: no solution, no search. `None`: every given is forced.
pub(super) fn force_givens<E: Engine + ?Sized>(
    engine: &mut E,
    xc: &SudokuXc,
    grid: &Grid,
) -> Option<Outcome> {
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 && engine.force(xc.option_of(cell, d)).is_err() {
            engine.release();
            return Some(Outcome {
                status: Status::None,
                solutions: 0,
                solution: None,
                stats: Stats::default(),
            });
        }
    }
    None
}

/// The solutions a search reports, counted up to `max` (0: all), the first kept as a grid.
pub(super) struct Solutions<'a> {
    xc: &'a SudokuXc,
    grid: &'a Grid,
    max: u64,
    found: u64,
    first: Option<Grid>,
}

impl<'a> Solutions<'a> {
    /// No solution yet, for `grid` encoded by `xc`.
    pub(super) fn new(xc: &'a SudokuXc, grid: &'a Grid, max: u64) -> Self {
        Solutions {
            xc,
            grid,
            max,
            found: 0,
            first: None,
        }
    }

    /// The search's callback: counts the solution and says whether to go on.
    pub(super) fn found(&mut self, solution: &[OptionId]) -> Control {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(fill(self.xc, self.grid, solution));
        }
        if self.max != 0 && self.found >= self.max {
            Control::Stop
        } else {
            Control::Continue
        }
    }

    /// The outcome of a search that ended with `result`: `nodes` as the solver counts them, guesses
    /// and backtracks from the engine's branch counts.
    pub(super) fn outcome(
        self,
        result: &SearchResult,
        nodes: u64,
        branch: BranchCounts,
    ) -> Outcome {
        let completed = result.end == crate::xc::SearchEnd::Exhausted;
        Outcome {
            status: Status::from_search(self.found, completed, self.max),
            solutions: self.found,
            solution: self.first,
            stats: Stats {
                nodes,
                guesses: branch.guesses,
                backtracks: branch.dead_ends,
                ..Stats::default()
            },
        }
    }
}

/// The grid of a solution. Exact cover guarantees a valid filling, so the grid is written
/// directly instead of through [`SudokuXc::decode`]'s validation (a debug build still checks it).
fn fill(xc: &SudokuXc, grid: &Grid, solution: &[OptionId]) -> Grid {
    let mut out = Grid::empty(grid.shape());
    for &o in solution {
        let (cell, d) = xc.cell_digit(o).expect("options of the Sudoku matrix");
        out.set(cell, d);
    }
    debug_assert!(crate::sudoku::check_solution(grid, &out).is_ok());
    out
}
