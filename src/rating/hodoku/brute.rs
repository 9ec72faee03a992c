//! HoDoKu 2.2's Brute Force step (ported from `solver/BruteForceSolver.getBruteForce`): the
//! middle one of the empty cells (index `count / 2` of the empty cells in cell order) gets its
//! value in the puzzle's solution. HoDoKu solves the grid the first time it needs the solution and
//! gives up (no step) when the grid has no unique solution; here the solution comes from the
//! project's `fast` solver, run on the current grid (the same solution, the grid's values being
//! those of the puzzle's only solution).

use super::board::Board;
use super::steps::{Kind, StepFound};
use crate::solvers::{fast::Fast, SolveLimits, Solver, Status};
use crate::sudoku::Grid;

/// The Brute Force step at this position, or `None` when the grid is solved or has no unique
/// solution.
pub(super) fn brute_force(b: &Board) -> Option<StepFound> {
    let empty: Vec<usize> = (0..81).filter(|&c| b.values[c] == 0).collect();
    let cell = *empty.get(empty.len() / 2)?;
    let text: String = b
        .values
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let grid = Grid::parse(&text).ok()?;
    let outcome = Fast.solve(&grid, &SolveLimits::default());
    if outcome.status != Status::Unique {
        return None;
    }
    let d = *outcome.solution?.cells().get(cell)?;
    Some(StepFound::place(Kind::BruteForce, cell, d))
}
