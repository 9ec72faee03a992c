//! The traced solve of a solver picked by name: the dispatch above the solvers that can trace,
//! so that `trace` (the events and sinks they all use) imports none of them.

use crate::sudoku::Grid;

use super::trace::TraceEvent;
use super::{backtrack, locked, mrv, singles, subsets, Outcome, SolveLimits};

/// The registered solvers that can trace their search.
pub const TRACEABLE: [&str; 5] = ["backtrack", "mrv", "singles", "locked", "subsets"];

/// Solves `grid` with the solver called `name`, sending its trace to `sink`; `None` when that solver
/// cannot trace (see [`TRACEABLE`]).
pub fn solve_traced(
    name: &str,
    grid: &Grid,
    limits: &SolveLimits,
    mut sink: impl FnMut(TraceEvent),
) -> Option<Outcome> {
    let sink = &mut sink;
    Some(match name {
        "backtrack" => backtrack::solve_traced(grid, limits, sink),
        "mrv" => mrv::solve_traced(grid, limits, sink),
        "singles" => singles::solve_traced(grid, limits, sink),
        "locked" => locked::solve_traced(grid, limits, sink),
        "subsets" => subsets::solve_traced(grid, limits, sink),
        _ => return None,
    })
}
