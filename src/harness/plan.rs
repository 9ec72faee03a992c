//! What a run is made of: the solvers with their limits, how puzzles are assigned to them, and
//! the blocks the engine hands to workers. Below `engine.rs`, `pairs.rs` and `mod.rs`, which all
//! use these types (docs/architecture.md: no file imports one that imports it back).

use crate::corpus::Shard;
use crate::solvers::{SolveLimits, Solver};

use super::error::HarnessError;
use super::meta::SolverMeta;

/// One solver with the limits it runs under.
pub struct SolverRun {
    /// The solver.
    pub solver: Box<dyn Solver>,
    /// Its limits.
    pub limits: SolveLimits,
}

/// How puzzles are assigned to solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every puzzle through every solver: one row per (puzzle, solver).
    EverySolver,
    /// Every puzzle through the first solver (in plan order) that supports its shape: one row per
    /// puzzle (used by `dlxlab count`).
    FirstSupporting,
}

/// What to run.
pub struct Plan<'a> {
    /// The solvers, in row order.
    pub solvers: &'a [SolverRun],
    /// Assignment of puzzles to solvers.
    pub mode: Mode,
    /// The lines to run.
    pub shard: Shard,
    /// Most lines read and run at a time (chunks are sized to take about
    /// [`CHUNK_TARGET`](super::engine::CHUNK_TARGET)).
    pub chunk_lines: usize,
    /// Re-run every pair in a single-threaded pass after each chunk and report that pass's times.
    pub serial_timing: bool,
    /// Puzzle lines up to this line number are already done (resume) and are only counted.
    pub skip_through: u64,
    /// Format each row as a `runs.csv` line (without header) on the worker that ran it; the sink
    /// then gets those bytes with the rows.
    pub csv_rows: bool,
    /// `--permute SEED`: each puzzle is given to the solvers under the symmetry of its seed and
    /// line ([`super::permute`]), and every answer is mapped back before it is checked and
    /// written; `None`: as given.
    pub permute: Option<u64>,
}

impl Plan<'_> {
    /// Rows per puzzle line.
    pub fn rows_per_puzzle(&self) -> usize {
        match self.mode {
            Mode::EverySolver => self.solvers.len(),
            Mode::FirstSupporting => 1,
        }
    }
}

/// One block of pairs: puzzles `first..first + len` of a chunk, all with the solver in `slot`.
#[derive(Clone, Copy, Debug)]
pub(super) struct BlockSpec {
    pub(super) slot: usize,
    pub(super) first: usize,
    pub(super) len: usize,
}

/// The node budget `backtrack` gets when no `--limit-nodes` is given: naive cell order needs
/// millions of nodes on many 17-clue puzzles, and the study of the whole 17-clue corpus must stay
/// within minutes, so `backtrack` answers `limit` on the hard ones.
pub const BACKTRACK_DEFAULT_MAX_NODES: u64 = 20_000;

/// The registered solvers named in `names` (all, in registry order, when empty), each with
/// `limits`; `backtrack` gets [`BACKTRACK_DEFAULT_MAX_NODES`] when `limits` has no node budget.
pub fn select_solvers(
    names: &[String],
    limits: SolveLimits,
) -> Result<Vec<SolverRun>, HarnessError> {
    let solvers = if names.is_empty() {
        crate::solvers::all_solvers()
    } else {
        names
            .iter()
            .map(|name| {
                crate::solvers::by_name(name.trim())
                    .ok_or_else(|| HarnessError::UnknownSolver { name: name.clone() })
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    Ok(solvers
        .into_iter()
        .map(|solver| {
            let mut limits = limits;
            if solver.name() == "backtrack" && limits.budget.max_nodes.is_none() {
                limits.budget.max_nodes = Some(BACKTRACK_DEFAULT_MAX_NODES);
            }
            SolverRun { solver, limits }
        })
        .collect())
}

/// The solver descriptors and limits as `meta.json` records them.
pub fn solver_meta(solvers: &[SolverRun]) -> Vec<SolverMeta> {
    solvers
        .iter()
        .map(|run| {
            let d = run.solver.descriptor();
            SolverMeta {
                name: run.solver.name().to_string(),
                representation: d.representation.to_string(),
                propagation: d.propagation.to_string(),
                heuristic: d.heuristic.to_string(),
                max_nodes: run.limits.budget.max_nodes,
                max_ms: run.limits.budget.max_time.map(|t| t.as_millis() as u64),
                max_solutions: run.limits.max_solutions,
            }
        })
        .collect()
}
