//! `locked`: singles plus locked candidates (pointing and claiming) at every node — the
//! strategy-driven candidate reduction that the literature compares with plain backtracking.
//!
//! - **Pointing**: when a digit's candidates in a box all lie on one row (or column), the digit
//!   must go on that line inside the box, so the rest of the line loses it.
//! - **Claiming** (box-line reduction): when a digit's candidates on a row (or column) all lie in one
//!   box, the rest of the box loses it.
//!
//! Both are found with segment masks. A box splits into `box_rows` row segments; OR-ing the candidate
//! masks of each segment and counting with `once`/`twice` masks, as for hidden singles, gives the
//! digits confined to one segment in a single pass. Lines split into box segments the same way.

use crate::sudoku::{Grid, Shape};

use super::geometry::MAX_SIDE;
use super::propagation::{self, Level};
use super::trace::{NoTrace, Trace};
use super::{Descriptor, Outcome, SolveLimits, Solver};

/// The registered `locked` solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Locked;

impl Solver for Locked {
    fn name(&self) -> &'static str {
        "locked"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "candidate bitmask per cell, copied on branch",
            propagation: "naked + hidden singles, pointing, claiming",
            heuristic: "fewest candidates, two-candidate cells first",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        propagation::solve(grid, limits, Level::Locked, &mut NoTrace)
    }
}

/// Solves like [`Locked`], sending every deduction, trial, contradiction and solution to `trace`.
pub fn solve_traced<T: Trace>(grid: &Grid, limits: &SolveLimits, trace: &mut T) -> Outcome {
    propagation::solve(grid, limits, Level::Locked, trace)
}
