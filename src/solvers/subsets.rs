//! `subsets`: locked candidates plus naked and hidden pairs and triples at every node.
//!
//! - **Naked subset** of size `k`: `k` empty cells of a unit whose candidates together are exactly `k`
//!   digits. Those digits must fill those cells, so the other cells of the unit lose them.
//! - **Hidden subset** of size `k`: `k` digits of a unit whose places together are exactly `k` cells.
//!   Those cells must hold those digits, so they lose every other candidate.
//!
//! Only cells with 2..=k candidates (digits with 2..=k places) can take part, which keeps the
//! combinations few even on 25x25 grids. Pairs are tried on every unit before triples, and a pass
//! that removes anything returns at once so that the cheaper techniques run again first.

use crate::sudoku::{Grid, Shape};

use super::geometry::MAX_SIDE;
use super::propagation::{self, Level};
use super::trace::{NoTrace, Trace};
use super::{Descriptor, Outcome, SolveLimits, Solver};

/// The registered `subsets` solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Subsets;

impl Solver for Subsets {
    fn name(&self) -> &'static str {
        "subsets"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "candidate bitmask per cell, copied on branch",
            propagation: "singles, locked candidates, naked + hidden pairs and triples",
            heuristic: "fewest candidates, two-candidate cells first",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        propagation::solve(grid, limits, Level::Subsets, &mut NoTrace)
    }
}

/// Solves like [`Subsets`], sending every deduction, trial, contradiction and solution to `trace`.
pub fn solve_traced<T: Trace>(grid: &Grid, limits: &SolveLimits, trace: &mut T) -> Outcome {
    propagation::solve(grid, limits, Level::Subsets, trace)
}
