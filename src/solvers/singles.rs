//! `singles`: naked and hidden singles to a fixpoint at every node, a trial on a two-candidate cell
//! when they stall — the deterministic-deduction solver of Su (2014).
//!
//! - **Naked single**: an empty cell with one candidate gets it. Cells are queued the moment their
//!   mask drops to one bit (in `Board::assign`), so no scan is needed to find them.
//! - **Hidden single**: a digit with one place left in a unit goes there. One pass over a unit finds
//!   them all with two masks: `once` (digits seen in at least one cell) and `twice` (in at least two);
//!   `once & !twice` are the hidden singles. The same pass proves a contradiction when a digit that is
//!   not yet placed in the unit has no place at all, or when two hidden singles need the same cell.
//!
//! Nodes: the root and each trial value, counted after propagation; guesses: trials at cells with two
//! or more candidates (after singles every branch cell has at least two).

use crate::sudoku::{Grid, Shape};

use super::geometry::MAX_SIDE;
use super::propagation::{self, Level};
use super::trace::{NoTrace, Trace};
use super::{Descriptor, Outcome, SolveLimits, Solver};

/// The registered `singles` solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Singles;

impl Solver for Singles {
    fn name(&self) -> &'static str {
        "singles"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "candidate bitmask per cell, copied on branch",
            propagation: "naked + hidden singles",
            heuristic: "fewest candidates, two-candidate cells first (Su 2014)",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        propagation::solve(grid, limits, Level::Singles, &mut NoTrace)
    }
}

/// Solves like [`Singles`], sending every deduction, trial, contradiction and solution to `trace`.
pub fn solve_traced<T: Trace>(grid: &Grid, limits: &SolveLimits, trace: &mut T) -> Outcome {
    propagation::solve(grid, limits, Level::Singles, trace)
}
