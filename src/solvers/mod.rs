//! Sudoku solvers behind one [`Solver`] trait, with the shared definitions of nodes, guesses and time.
//!
//! Every solver reports the same [`Stats`], defined once here so that comparisons are fair:
//!
//! - **node**: one node of the search tree. For propagation solvers, a node is a state entered by the
//!   search — the root, and each state reached by placing a trial value — counted after propagation.
//!   For `dlx`, nodes are counted exactly as Knuth's dlx1 counts them (see [`crate::xc::SearchStats`]);
//!   for `dc`, as his SSXC1 counts them (see [`crate::xc::dc`]).
//! - **guess**: a trial value placed at a branch point where more than one choice was possible (a
//!   cell with two or more candidates, or an exact-cover item with two or more options). Every child
//!   of such a branch point that the search enters counts as one guess; a forced choice is not a guess.
//! - **time**: wall time of the solve call alone, in nanoseconds, parsing excluded
//!   (measured by [`Solver::run`]).
//! - **status**: see [`Status`].

pub mod backtrack;
mod board;
pub mod dc;
pub mod dlx;
mod exact;
pub mod external;
pub mod fast;
mod geometry;
pub mod locked;
pub mod mrv;
mod mrv_board;
mod propagation;
mod registry;
pub mod singles;
pub mod subsets;
mod tally;
mod techniques;
pub mod trace;
mod traced;

pub use registry::{all_names, all_solvers, by_name, counting_solvers, names};

use std::fmt;
use std::time::Instant;

use crate::budget::Limits;
use crate::sudoku::{Grid, Shape};

/// What a solve established about a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Exactly one solution, proven by exhausting the search.
    Unique,
    /// At least two solutions.
    Multiple,
    /// No solution, proven by exhausting the search.
    None,
    /// A node or time budget (or `max_solutions == 1`) stopped the search before the count was settled.
    Limit,
    /// The input is not a valid puzzle (set by callers that parse; solvers never return it).
    Invalid,
    /// An external program gave no answer within its time limit (`--external-limit-ms`): like
    /// `limit`, no claim either way, but the program's own failure to answer, not a budget of
    /// the search. Built-in solvers never return it.
    Timeout,
}

impl Status {
    /// The word used in CSV files and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Limit => "limit",
            Status::Invalid => "invalid",
            Status::Timeout => "timeout",
        }
    }

    /// Parses [`Status::as_str`] back.
    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Unique,
            Status::Multiple,
            Status::None,
            Status::Limit,
            Status::Invalid,
            Status::Timeout,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }

    /// The status implied by a search: `found` solutions counted, whether the search `completed`
    /// (exhausted its tree), and the solution limit it ran under (`0` = unlimited). A search that
    /// stopped short of both its tree and its solution limit was stopped by a budget: its count is
    /// a lower bound, so the status is `limit` even with two solutions or more (a count cut short
    /// must not read as a count).
    pub fn from_search(found: u64, completed: bool, max_solutions: u64) -> Status {
        let reached_max = max_solutions != 0 && found >= max_solutions;
        match found {
            0 if completed => Status::None,
            1 if completed => Status::Unique,
            n if n >= 2 && (completed || reached_max) => Status::Multiple,
            _ => Status::Limit,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Limits on one solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Stop after this many solutions (`0` = count all). The default, 2, proves uniqueness.
    pub max_solutions: u64,
    /// Node and time budgets.
    pub budget: Limits,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            max_solutions: 2,
            budget: Limits::NONE,
        }
    }
}

/// Deductions a propagation solver made, by technique (zero for solvers that do not use one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deductions {
    /// Cells filled because they had one candidate left.
    pub naked_singles: u64,
    /// Cells filled because a digit had one place left in a unit.
    pub hidden_singles: u64,
    /// Candidates removed by pointing or claiming (locked candidates).
    pub locked_eliminations: u64,
    /// Candidates removed by naked or hidden pairs and triples.
    pub subset_eliminations: u64,
}

/// Counters of one solve; see the module documentation for the definitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Guesses (children entered at branch points with two or more choices).
    pub guesses: u64,
    /// Dead ends: nodes whose subtree held a contradiction and was abandoned (propagation solvers),
    /// or nodes whose chosen item had no option left (DLX).
    pub backtracks: u64,
    /// Wall time of the solve call, nanoseconds.
    pub time_ns: u64,
    /// Deductions by technique.
    pub deductions: Deductions,
    /// The counters the solver did not report (an external program without `nodes=` or
    /// `guesses=`): their fields above are 0 but mean *unknown*, and `runs.csv` leaves them
    /// empty.
    pub unreported: Unreported,
}

/// Which counters of a [`Stats`] are unknown. Built-in solvers report every counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unreported {
    /// `nodes` is unknown.
    pub nodes: bool,
    /// `guesses` is unknown.
    pub guesses: bool,
}

/// The answer of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What was established.
    pub status: Status,
    /// Solutions counted (up to the limit).
    pub solutions: u64,
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Counters.
    pub stats: Stats,
}

impl Outcome {
    /// The answer for a grid of a shape the solver does not support: status `invalid`, nothing
    /// searched. Callers normally check [`Solver::supports`] first; this keeps a direct call safe.
    pub fn unsupported() -> Outcome {
        Outcome {
            status: Status::Invalid,
            solutions: 0,
            solution: None,
            stats: Stats::default(),
        }
    }
}

/// A short descriptor of a solver, as in tdoku's registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// How the state is represented (e.g. "cell array", "candidate bitmasks", "dancing links").
    pub representation: &'static str,
    /// What is deduced at each node (e.g. "none", "naked + hidden singles").
    pub propagation: &'static str,
    /// How the branching cell or item is chosen (e.g. "first empty cell", "fewest candidates").
    pub heuristic: &'static str,
}

/// One Sudoku solving strategy.
///
/// Implementations must be usable from many threads at once (`&self` only); per-thread scratch
/// state lives in thread-locals or is allocated per call.
pub trait Solver: Send + Sync {
    /// The registry name (`dlx`, `mrv`, ...), used on the command line and in CSV files.
    fn name(&self) -> &'static str;

    /// What the solver is made of.
    fn descriptor(&self) -> Descriptor;

    /// Whether the solver handles grids of this shape.
    fn supports(&self, shape: Shape) -> bool;

    /// Searches for solutions of `grid` (whose givens are already known not to clash), up to the
    /// limits. Implementations leave `stats.time_ns` at zero; [`Solver::run`] measures it.
    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome;

    /// Runs [`Solver::solve`] and fills in `stats.time_ns` with its wall time.
    fn run(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        let start = Instant::now();
        let mut outcome = self.solve(grid, limits);
        outcome.stats.time_ns = start.elapsed().as_nanos() as u64;
        outcome
    }

    /// [`Solver::run`], or why the solver could not answer at all (an external program that
    /// crashed, hung or answered garbage). Built-in solvers always answer.
    fn run_checked(&self, grid: &Grid, limits: &SolveLimits) -> Result<Outcome, String> {
        Ok(self.run(grid, limits))
    }

    /// Whether an answer `multiple` may come without a solution (external programs need not give
    /// one); built-in solvers always return the first solution they found.
    fn may_omit_solution(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_from_search() {
        assert_eq!(Status::from_search(0, true, 2), Status::None);
        assert_eq!(Status::from_search(1, true, 2), Status::Unique);
        assert_eq!(Status::from_search(2, false, 2), Status::Multiple);
        assert_eq!(Status::from_search(1, false, 1), Status::Limit);
        assert_eq!(Status::from_search(0, false, 2), Status::Limit);
        // A count a budget cut short is a lower bound, not a count (`--count --max 0 --limit-nodes`).
        assert_eq!(Status::from_search(39, false, 0), Status::Limit);
        assert_eq!(Status::from_search(3, false, 5), Status::Limit);
        assert_eq!(Status::from_search(5, false, 5), Status::Multiple);
        assert_eq!(Status::from_search(44585, true, 0), Status::Multiple);
        for st in ["unique", "multiple", "none", "limit", "invalid"] {
            assert_eq!(Status::parse(st).unwrap().as_str(), st);
        }
    }
}
