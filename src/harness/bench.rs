//! Throughput measurement (`dlxlab bench`): puzzles per second per solver, with a warm-up and the
//! validation of every answer done outside the timed region.
//!
//! Every solver does the same work per puzzle in the timed passes: [`Solver::solve`] on a parsed
//! grid with the same limits (by default up to two solutions, which proves uniqueness), returning
//! its first solution as a new grid; the answers are checked in the untimed validation pass. The
//! timed passes alternate between the solvers, in turn forward and backward through the list, so
//! that a change of machine load or clock speed during the run falls on all of them alike; each
//! solver's time is the median of its passes, and [`paired_ratio`] compares two solvers pass by
//! pass. Programs of other languages (tdoku) take part by running the same loop themselves, one
//! process per pass among the solvers' passes ([`bench_with_peers`], [`super::loop_peer`]).
//!
//! [`Solver::solve`]: crate::solvers::Solver::solve

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use crate::solvers::{by_name, Outcome, Status};
use crate::sudoku::{Grid, Shape};

use super::loop_peer::{write_puzzles, LoopPeer, LoopPeerError};
use super::permute::Posed;
use super::SolverRun;

/// One line of the throughput table.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// Solver name.
    pub solver: String,
    /// Puzzles timed (those of a shape the solver supports).
    pub puzzles: u64,
    /// Wall time of one timed pass, seconds: the median of [`BenchResult::pass_seconds`].
    pub seconds: f64,
    /// Wall time of each timed pass over all the puzzles, seconds, in the order they ran.
    pub pass_seconds: Vec<f64>,
    /// Nodes per puzzle (from the validation pass).
    pub nodes_per_puzzle: f64,
    /// Guesses per puzzle (from the validation pass): dlxlab's count, every child entered at a
    /// branch point (docs/solvers.md says how it differs from tdoku's).
    pub guesses_per_puzzle: f64,
    /// Puzzles solved without a guess, percent (from the validation pass): tdoku's `%no_guess`,
    /// which compares like with like across programs (no branch point entered, whichever way
    /// the branches are counted). 0 for a peer program, which reports no counts.
    pub no_guess_percent: f64,
    /// Guesses per puzzle in tdoku's convention (from the validation pass): one per branch
    /// point but its last alternative, which on a tree searched to its end is the leaves (dead
    /// ends and solutions) less one, `backtracks + solutions − 1` per puzzle (docs/solvers.md,
    /// "Guesses: dlxlab's count and tdoku's"); a lower bound for a search stopped at its solution
    /// limit. `None` for a peer program or an external solver (which reports no `backtracks`).
    pub guesses_tdoku_per_puzzle: Option<f64>,
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

/// The median of `xs` (the mean of the two middle values for an even count; 0 when empty).
fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// How many times faster `solver` ran than `reference`, pass by pass: the median over the passes
/// of the reference's time over the solver's, both timed in the same round. `None` when either
/// has no timed pass with puzzles.
pub fn paired_ratio(reference: &BenchResult, solver: &BenchResult) -> Option<f64> {
    let ratios: Vec<f64> = reference
        .pass_seconds
        .iter()
        .zip(&solver.pass_seconds)
        .filter(|(r, s)| **r > 0.0 && **s > 0.0)
        .map(|(r, s)| (r / reference.puzzles.max(1) as f64) / (s / solver.puzzles.max(1) as f64))
        .collect();
    (!ratios.is_empty()).then(|| median(&ratios))
}

/// A solve's guesses in tdoku's convention: its leaves less one, `backtracks + solutions − 1`.
///
/// tdoku counts a guess per branch point but not its last alternative (a binary split: assign, or
/// eliminate and go on); dlxlab counts every child of a branch point with two or more choices.
/// For a tree searched to its end, `Σ (children − 1)` over its inner nodes is `leaves − 1` (a
/// forced node, one child, adds nothing), and every built-in solver counts each leaf once: as a
/// dead end (`backtracks`) or as a solution. A search stopped at its solution limit leaves
/// branch points unfinished, so there this is a lower bound of tdoku's convention.
pub fn tdoku_guesses(outcome: &Outcome) -> u64 {
    (outcome.stats.backtracks + outcome.solutions).saturating_sub(1)
}

/// Benchmarks each solver on `puzzles`: a validation pass (untimed: every solution checked, node
/// and guess counts taken) and a warm-up over the first `warmup` puzzles per solver, then
/// `passes` rounds (at least one), each a timed pass over all of them for every solver, in turn
/// forward and backward through `solvers`; on the current rayon pool when `parallel`, else on this
/// thread alone.
pub fn bench(
    puzzles: &[Grid],
    solvers: &[SolverRun],
    warmup: usize,
    passes: usize,
    parallel: bool,
) -> Vec<BenchResult> {
    let posed: Vec<Posed<'_>> = puzzles.iter().map(|g| Posed::new(g, None, 0)).collect();
    match bench_with_peers(&posed, solvers, None, warmup, passes, parallel) {
        Ok(results) => results,
        // Only a peer program can fail, and there is none.
        Err(e) => unreachable!("bench without peers failed: {e}"),
    }
}

/// Peer programs timed by the loop protocol ([`super::loop_peer`]) beside the solvers, and the
/// puzzle file handed to them (written by [`bench_with_peers`]).
pub struct Peers<'a> {
    /// The programs; each is a row after the solvers' rows.
    pub programs: &'a [LoopPeer],
    /// Where to write the 9x9 puzzles for them (a scratch file the caller removes).
    pub file: &'a Path,
}

/// [`bench()`] with peer programs as well: each peer's answers are checked once (untimed, against
/// the first registered solver in `solvers` that takes 9x9 puzzles), then every timed pass runs
/// it once among the solvers, in the same alternating order; its rows come after the solvers'.
/// Peers take the 9x9 puzzles only and one thread whatever `parallel` says.
///
/// Each puzzle is given to the solvers and the peers as [`Posed::grid`] (permuted under
/// `--permute`, see [`super::permute`]), and every answer is mapped back and checked against
/// [`Posed::original`]; the node and guess counts are those of the searches on the grids given.
pub fn bench_with_peers(
    puzzles: &[Posed<'_>],
    solvers: &[SolverRun],
    peers: Option<Peers<'_>>,
    warmup: usize,
    passes: usize,
    parallel: bool,
) -> Result<Vec<BenchResult>, LoopPeerError> {
    // The peers' answers are checked against the statuses the first registered 9x9 solver gives
    // in its validation pass, kept for its 9x9 puzzles in order (`None`: it gave no answer).
    let reference_run = peers.as_ref().and_then(|_| {
        solvers
            .iter()
            .position(|r| by_name(r.solver.name()).is_some() && r.solver.supports(Shape::CLASSIC))
    });
    let mut reference: Vec<Option<Status>> = Vec::new();
    let mut results: Vec<(Vec<&Grid>, BenchResult)> = solvers
        .iter()
        .enumerate()
        .map(|(i, run)| {
            let posed: Vec<&Posed<'_>> = puzzles
                .iter()
                .filter(|p| run.solver.supports(p.grid().shape()))
                .collect();
            let mine: Vec<&Grid> = posed.iter().map(|p| p.grid()).collect();
            let (mut nodes, mut guesses, mut failures, mut limited) = (0u64, 0u64, 0u64, 0u64);
            let mut no_guess = 0u64;
            // tdoku's convention, Σ (leaves − 1), from a registered solver's counters; unknown for
            // an external program (its `backtracks` are not reported) or one that keeps them.
            let mut guesses_tdoku = by_name(run.solver.name()).map(|_| 0u64);
            for p in &posed {
                let grid = p.grid();
                let answer = run.solver.run_checked(grid, &run.limits);
                if Some(i) == reference_run && grid.shape() == Shape::CLASSIC {
                    reference.push(answer.as_ref().ok().map(|out| out.status));
                }
                let Ok(out) = answer else {
                    // No answer at all (an external program that crashed, hung or answered
                    // garbage).
                    failures += 1;
                    continue;
                };
                nodes += out.stats.nodes;
                guesses += out.stats.guesses;
                no_guess += u64::from(out.stats.guesses == 0);
                guesses_tdoku = guesses_tdoku
                    .filter(|_| !out.stats.unreported.guesses)
                    .map(|g| g + tdoku_guesses(&out));
                // Checked against the puzzle as given, after mapping back under --permute.
                let valid_solution = out.solution.as_ref().is_none_or(|s| p.check(s).is_ok());
                match out.status {
                    Status::Limit => limited += 1,
                    Status::Unique | Status::Multiple | Status::None if valid_solution => {}
                    _ => failures += 1,
                }
            }
            let n = mine.len().max(1) as f64;
            let result = BenchResult {
                solver: run.solver.name().to_string(),
                puzzles: mine.len() as u64,
                seconds: 0.0,
                pass_seconds: Vec::new(),
                nodes_per_puzzle: nodes as f64 / n,
                guesses_per_puzzle: guesses as f64 / n,
                no_guess_percent: 100.0 * no_guess as f64 / n,
                guesses_tdoku_per_puzzle: guesses_tdoku.map(|g| g as f64 / n),
                failures,
                limited,
            };
            (mine, result)
        })
        .collect();
    let (programs, file) = match &peers {
        Some(p) => (p.programs, Some(p.file)),
        None => (&[][..], None),
    };
    let classic: Vec<&Posed<'_>> = puzzles
        .iter()
        .filter(|p| p.grid().shape() == Shape::CLASSIC)
        .collect();
    let mut peer_results = Vec::new();
    if let (Some(file), false) = (file, programs.is_empty()) {
        let given: Vec<&Grid> = classic.iter().map(|p| p.grid()).collect();
        write_puzzles(file, &given).map_err(|source| LoopPeerError::Write {
            name: programs[0].name.clone(),
            path: file.display().to_string(),
            source,
        })?;
        for peer in programs {
            let checked = peer.validate(file, &classic, &reference)?;
            peer_results.push(BenchResult {
                solver: peer.name.clone(),
                puzzles: classic.len() as u64,
                seconds: 0.0,
                pass_seconds: Vec::new(),
                nodes_per_puzzle: 0.0,
                guesses_per_puzzle: 0.0,
                no_guess_percent: 0.0,
                guesses_tdoku_per_puzzle: None,
                failures: checked.failures,
                limited: 0,
            });
        }
    }
    for (run, (mine, _)) in solvers.iter().zip(&results) {
        for grid in mine.iter().cycle().take(warmup.min(mine.len())) {
            black_box(run.solver.solve(grid, &run.limits));
        }
    }
    for pass in 0..passes.max(1) {
        let mut order: Vec<usize> = (0..solvers.len() + peer_results.len()).collect();
        if pass % 2 == 1 {
            order.reverse();
        }
        for i in order {
            if i >= solvers.len() {
                let (peer, result) = (
                    &programs[i - solvers.len()],
                    &mut peer_results[i - solvers.len()],
                );
                let file = file.expect("peers come with their puzzle file");
                result
                    .pass_seconds
                    .push(peer.pass(file, warmup.min(classic.len()))?);
                continue;
            }
            let (run, (mine, result)) = (&solvers[i], &mut results[i]);
            let start = Instant::now();
            if parallel {
                mine.par_iter().for_each(|grid| {
                    black_box(run.solver.solve(grid, &run.limits));
                });
            } else {
                for grid in mine.iter() {
                    black_box(run.solver.solve(grid, &run.limits));
                }
            }
            result.pass_seconds.push(start.elapsed().as_secs_f64());
        }
    }
    Ok(results
        .into_iter()
        .map(|(_, result)| result)
        .chain(peer_results)
        .map(|mut result| {
            result.seconds = median(&result.pass_seconds);
            result
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(puzzles: u64, pass_seconds: &[f64]) -> BenchResult {
        BenchResult {
            solver: "s".to_string(),
            puzzles,
            seconds: median(pass_seconds),
            pass_seconds: pass_seconds.to_vec(),
            nodes_per_puzzle: 0.0,
            guesses_per_puzzle: 0.0,
            no_guess_percent: 0.0,
            guesses_tdoku_per_puzzle: None,
            failures: 0,
            limited: 0,
        }
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }

    #[test]
    fn paired_ratio_is_the_median_of_the_ratios_of_each_round() {
        // Round by round the solver is 2x, 3x and 1.5x the reference (per puzzle): median 2x,
        // while the ratio of the medians (4 / 1.5) would be 2.67x.
        let reference = result(10, &[4.0, 6.0, 3.0]);
        let solver = result(10, &[2.0, 2.0, 2.0]);
        assert_eq!(paired_ratio(&reference, &solver), Some(2.0));
        // Per puzzle: half the puzzles in the same time is half the speed.
        assert_eq!(
            paired_ratio(&reference, &result(5, &[4.0, 6.0, 3.0])),
            Some(0.5)
        );
        assert_eq!(paired_ratio(&reference, &result(10, &[])), None);
    }
}
