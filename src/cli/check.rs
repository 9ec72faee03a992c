//! `dlxlab check`: run several solvers over a corpus, verify every solution, demand agreement.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use rayon::prelude::*;

use dlxlab::solvers::{all_solvers, by_name, SolveLimits, Solver, Status};
use dlxlab::sudoku::check_solution;

use super::input::{parse_grid, Origin, PuzzleArgs};

/// Run solvers over a corpus and fail on any invalid solution or disagreement. A solver that does
/// not support a puzzle's size (fast and band are 9x9 only) is not run on it: the `unsupported`
/// column counts those puzzles; that is a failure (exit status 1) for a solver named with
/// --solvers or --external, and a note for the default set.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct CheckArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Check only the first N puzzles.
    #[arg(long)]
    first: Option<usize>,
    /// Comma-separated solver names; default every registered solver except `backtrack`.
    #[arg(long, value_delimiter = ',')]
    solvers: Vec<String>,
    #[command(flatten)]
    external: super::external::ExternalArgs,
}

/// One solver's answer on one puzzle.
struct Answer {
    status: Status,
    nodes: u64,
    guesses: u64,
    time_ns: u64,
}

/// Everything that went wrong on one puzzle line.
struct LineReport {
    line: Origin,
    answers: Vec<Option<Answer>>,
    /// Per solver: it was not run because it does not support the grid's size.
    unsupported: Vec<bool>,
    /// The grid's side (0 for a line that is not a puzzle).
    side: usize,
    invalid_input: Option<String>,
    failures: Vec<String>,
}

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    // Solvers asked for by name (and external ones) must check every puzzle; the default set
    // skips the sizes a solver does not support, and says so.
    let chosen = !args.solvers.is_empty();
    let mut solvers: Vec<Box<dyn Solver>> = if args.solvers.is_empty() {
        all_solvers()
            .into_iter()
            .filter(|s| s.name() != "backtrack")
            .collect()
    } else {
        let mut chosen = Vec::new();
        for name in &args.solvers {
            match by_name(name) {
                Some(s) => chosen.push(s),
                None => bail!("no solver `{name}`"),
            }
        }
        chosen
    };
    let builtin = solvers.len();
    solvers.extend(args.external.solvers()?);
    if solvers.is_empty() {
        bail!("no solver to check");
    }
    let mut puzzles = match args.input.require_puzzles("check", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    if let Some(n) = args.first {
        puzzles.truncate(n);
    }
    let limits = SolveLimits::default();
    let reports: Vec<LineReport> = puzzles
        .par_iter()
        .map(|input| {
            let mut report = check_line(&solvers, input.origin, input.puzzle(), &limits);
            // (A puzzle that no solver given supports has its own failure already.)
            let some_ran = report.unsupported.iter().any(|&u| !u);
            for (k, solver) in solvers.iter().enumerate() {
                if some_ran && report.unsupported[k] && (chosen || k >= builtin) {
                    report.failures.push(format!(
                        "{} (given) does not support {side}x{side} grids: not checked",
                        solver.name(),
                        side = report.side
                    ));
                }
            }
            report
        })
        .collect();

    let mut out = io::stdout().lock();
    let invalid = reports.iter().filter(|r| r.invalid_input.is_some()).count();
    let names: Vec<&str> = solvers.iter().map(|s| s.name()).collect();
    writeln!(
        out,
        "checked {} puzzles with {}: {} invalid input lines",
        reports.len(),
        names.join(", "),
        invalid
    )?;
    writeln!(
        out,
        "{:<10} {:>8} {:>8} {:>8} {:>8} {:>11} {:>12} {:>14} {:>12}",
        "solver",
        "unique",
        "multiple",
        "none",
        "limit",
        "unsupported",
        "nodes/puzzle",
        "guesses/puzzle",
        "µs/puzzle"
    )?;
    let mut skipped: Vec<String> = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let unsupported = reports.iter().filter(|r| r.unsupported[k]).count();
        if unsupported > 0 {
            skipped.push(format!("{name} {unsupported}"));
        }
        let mut by_status: BTreeMap<Status, usize> = BTreeMap::new();
        let (mut nodes, mut guesses, mut time, mut runs) = (0u64, 0u64, 0u64, 0u64);
        for a in reports.iter().filter_map(|r| r.answers[k].as_ref()) {
            *by_status.entry(a.status).or_default() += 1;
            nodes += a.nodes;
            guesses += a.guesses;
            time += a.time_ns;
            runs += 1;
        }
        let get = |s| by_status.get(&s).copied().unwrap_or(0);
        let per = |x: u64| {
            if runs == 0 {
                0.0
            } else {
                x as f64 / runs as f64
            }
        };
        writeln!(
            out,
            "{:<10} {:>8} {:>8} {:>8} {:>8} {:>11} {:>12.1} {:>14.1} {:>12.1}",
            name,
            get(Status::Unique),
            get(Status::Multiple),
            get(Status::None),
            get(Status::Limit),
            unsupported,
            per(nodes),
            per(guesses),
            per(time) / 1000.0
        )?;
    }
    let failures: Vec<String> = reports
        .iter()
        .flat_map(|r| r.failures.iter().map(move |f| format!("{}: {f}", r.line)))
        .collect();
    for f in &failures {
        writeln!(out, "{f}")?;
    }
    if failures.is_empty() && skipped.is_empty() {
        writeln!(out, "all solvers agree; every solution checked")?;
        Ok(ExitCode::SUCCESS)
    } else if failures.is_empty() {
        writeln!(
            out,
            "the solvers agree where they ran; every solution checked; puzzles of a size a solver \
             does not support were not run by it (unsupported: {})",
            skipped.join(", ")
        )?;
        Ok(ExitCode::SUCCESS)
    } else {
        writeln!(out, "{} failures", failures.len())?;
        Ok(ExitCode::FAILURE)
    }
}

/// Runs every solver on one puzzle and lists what is wrong: invalid solutions, and answers that
/// differ from the first solver's (status, count, and the solution when it is unique). Solvers
/// that do not handle the grid's size are skipped and marked in `unsupported`.
fn check_line(
    solvers: &[Box<dyn Solver>],
    line: Origin,
    puzzle: &str,
    limits: &SolveLimits,
) -> LineReport {
    let mut report = LineReport {
        line,
        answers: Vec::with_capacity(solvers.len()),
        unsupported: vec![false; solvers.len()],
        side: 0,
        invalid_input: None,
        failures: Vec::new(),
    };
    let grid = match dlxlab::sudoku::Grid::parse(puzzle) {
        Ok(grid) => grid,
        Err(e) => {
            report.invalid_input = Some(e.to_string());
            report.answers.resize_with(solvers.len(), || None);
            return report;
        }
    };
    report.side = grid.shape().side();
    for (k, solver) in solvers.iter().enumerate() {
        report.unsupported[k] = !solver.supports(grid.shape());
    }
    if report.unsupported.iter().all(|&u| u) {
        let side = grid.shape().side();
        report
            .failures
            .push(format!("no solver given handles {side}x{side} grids"));
        report.answers.resize_with(solvers.len(), || None);
        return report;
    }
    // What must agree: status, solution count, and the solution when it is unique.
    type Key = (Status, u64, Option<String>);
    let mut reference: Option<(&str, Key)> = None;
    for solver in solvers {
        if !solver.supports(grid.shape()) {
            report.answers.push(None);
            continue;
        }
        let outcome = match solver.run_checked(&grid, limits) {
            Ok(outcome) => outcome,
            Err(reason) => {
                // No answer at all (an external program that crashed, hung or babbled).
                report.failures.push(reason);
                report.answers.push(None);
                continue;
            }
        };
        let name = solver.name();
        if let Some(sol) = &outcome.solution {
            if let Err(e) = check_solution(&grid, sol) {
                report
                    .failures
                    .push(format!("{name} gave an invalid solution {sol}: {e}"));
            }
        } else if outcome.status == Status::Unique
            || (outcome.status == Status::Multiple && !solver.may_omit_solution())
        {
            report.failures.push(format!(
                "{name} says {} but gave no solution",
                outcome.status
            ));
        }
        let solution_key = (outcome.status == Status::Unique)
            .then(|| outcome.solution.as_ref().map(|g| g.to_line()))
            .flatten();
        let key = (outcome.status, outcome.solutions, solution_key);
        match &reference {
            None => reference = Some((name, key.clone())),
            Some((first, expected)) if *expected != key => report.failures.push(format!(
                "{first} and {name} disagree: {first} {} ({} solutions), {name} {} ({} solutions){}",
                expected.0,
                expected.1,
                key.0,
                key.1,
                if expected.0 == key.0 {
                    " with different solutions"
                } else {
                    ""
                }
            )),
            Some(_) => {}
        }
        report.answers.push(Some(Answer {
            status: outcome.status,
            nodes: outcome.stats.nodes,
            guesses: outcome.stats.guesses,
            time_ns: outcome.stats.time_ns,
        }));
    }
    report
}
