//! Throughput measurement (`dlxlab bench`): puzzles per second per solver, with a warm-up and the
//! validation of every answer done outside the timed region.

use std::hint::black_box;
use std::time::Instant;

use rayon::prelude::*;

use crate::solvers::Status;
use crate::sudoku::{check_solution, Grid};

use super::SolverRun;

/// One line of the throughput table.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// Solver name.
    pub solver: String,
    /// Puzzles timed (those of a shape the solver supports).
    pub puzzles: u64,
    /// Wall time of the timed pass, seconds.
    pub seconds: f64,
    /// Nodes per puzzle (from the validation pass).
    pub nodes_per_puzzle: f64,
    /// Guesses per puzzle (from the validation pass).
    pub guesses_per_puzzle: f64,
    /// Puzzles whose answer failed validation (a wrong solution, or a status other than unique,
    /// multiple or none within the limits).
    pub failures: u64,
    /// Puzzles stopped by a node or time budget.
    pub limited: u64,
}

impl BenchResult {
    /// Puzzles per second.
    pub fn puzzles_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.puzzles as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// Microseconds per puzzle (wall time divided by puzzles; with several threads, this is the
    /// effective time per puzzle, not the time of one solve).
    pub fn micros_per_puzzle(&self) -> f64 {
        if self.puzzles > 0 {
            self.seconds * 1e6 / self.puzzles as f64
        } else {
            0.0
        }
    }
}

/// Benchmarks each solver on `puzzles`: a validation pass (untimed: every solution checked, node
/// and guess counts taken), a warm-up over the first `warmup` puzzles, then one timed pass over all
/// of them, on the current rayon pool when `parallel`, else on this thread alone.
pub fn bench(
    puzzles: &[Grid],
    solvers: &[SolverRun],
    warmup: usize,
    parallel: bool,
) -> Vec<BenchResult> {
    solvers
        .iter()
        .map(|run| {
            let mine: Vec<&Grid> = puzzles
                .iter()
                .filter(|g| run.solver.supports(g.shape()))
                .collect();
            let (mut nodes, mut guesses, mut failures, mut limited) = (0u64, 0u64, 0u64, 0u64);
            for grid in &mine {
                let Ok(out) = run.solver.run_checked(grid, &run.limits) else {
                    // No answer at all (an external program that crashed, hung or answered
                    // garbage).
                    failures += 1;
                    continue;
                };
                nodes += out.stats.nodes;
                guesses += out.stats.guesses;
                let valid_solution = out
                    .solution
                    .as_ref()
                    .is_none_or(|s| check_solution(grid, s).is_ok());
                match out.status {
                    Status::Limit => limited += 1,
                    Status::Unique | Status::Multiple | Status::None if valid_solution => {}
                    _ => failures += 1,
                }
            }
            for grid in mine.iter().cycle().take(warmup.min(mine.len())) {
                black_box(run.solver.solve(grid, &run.limits));
            }
            let start = Instant::now();
            if parallel {
                mine.par_iter().for_each(|grid| {
                    black_box(run.solver.solve(grid, &run.limits));
                });
            } else {
                for grid in &mine {
                    black_box(run.solver.solve(grid, &run.limits));
                }
            }
            let seconds = start.elapsed().as_secs_f64();
            let n = mine.len().max(1) as f64;
            BenchResult {
                solver: run.solver.name().to_string(),
                puzzles: mine.len() as u64,
                seconds,
                nodes_per_puzzle: nodes as f64 / n,
                guesses_per_puzzle: guesses as f64 / n,
                failures,
                limited,
            }
        })
        .collect()
}
