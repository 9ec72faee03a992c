//! `dlxlab solve`: solve puzzles given on the command line or in a corpus, optionally traced.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;

use dlxlab::budget::Limits;
use dlxlab::solvers::trace::{self, TraceEvent, TRACEABLE};
use dlxlab::solvers::{by_name, names, Outcome, SolveLimits, Solver, Status};
use dlxlab::sudoku::Grid;

use super::input::{first_field, reject_invalid_arguments, PuzzleArgs};

/// Solve Sudoku puzzles with any registered solver: one output line per puzzle, in input order
/// (the solution, `multiple`, `none`, `limit`, or `invalid: REASON` for a bad corpus line).
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct SolveArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Solver name (see `dlxlab solvers`); default `dlx` when registered, else `mrv`. With `--trace`
    /// the default is `singles`.
    #[arg(long)]
    solver: Option<String>,
    /// Print the number of solutions (up to `--max`) instead of the solution. Under a node or time
    /// limit a count of two or more may be a lower bound.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions (0 = count them all).
    #[arg(long, default_value_t = 2)]
    max: u64,
    /// Print every deduction, guess, contradiction and solution of the search.
    #[arg(long)]
    trace: bool,
    /// Give up (status `limit`) after this many search nodes.
    #[arg(long)]
    limit_nodes: Option<u64>,
    /// Give up (status `limit`) after this many milliseconds per puzzle.
    #[arg(long)]
    limit_ms: Option<u64>,
    /// Solve a Sudoku variant through its exact cover: classic, x (diagonal), windoku (hyper),
    /// jigsaw or killer. A variant puzzle is the whole line (jigsaw: "GIVENS REGIONS"; killer:
    /// "GIVENS CAGES SUMS"; see docs/variants.md), quoted on the command line.
    #[arg(long)]
    variant: Option<String>,
    #[command(flatten)]
    external: super::external::ExternalArgs,
}

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits = SolveLimits {
        max_solutions: args.max,
        budget: Limits {
            max_nodes: args.limit_nodes,
            max_time: args.limit_ms.map(Duration::from_millis),
        },
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(name) = &args.variant {
        if args.trace || args.solver.is_some() {
            bail!(
                "--variant solves through the exact cover: it takes neither --solver nor --trace"
            );
        }
        let inputs = args.input.require("solve")?;
        let variant = dlxlab::puzzles::variants::Variant::by_name(name)?;
        let check =
            |t: &str| dlxlab::puzzles::variants::VariantPuzzle::parse(variant, t).map(|_| ());
        if let Some(code) = reject_invalid_arguments(&inputs, check) {
            return Ok(code);
        }
        let answers: Vec<String> = inputs
            .par_iter()
            .map(|input| super::variant::answer(name, &input.text, &limits, args.count))
            .collect::<anyhow::Result<_>>()?;
        for a in answers {
            writeln!(out, "{a}")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let externals = args.external.solvers()?;
    let solver = if externals.is_empty() {
        pick_solver(args.solver.as_deref(), args.trace)?
    } else {
        if args.trace {
            bail!("an external solver cannot trace");
        }
        pick_external(externals, args.solver.as_deref())?
    };
    let inputs = args.input.require("solve")?;
    if let Some(code) =
        reject_invalid_arguments(&inputs, |t| Grid::parse(first_field(t)).map(|_| ()))
    {
        return Ok(code);
    }
    if args.trace {
        for input in &inputs {
            print_trace(&mut out, solver.name(), input.puzzle(), &limits, args.count)?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let answers: Vec<String> = inputs
        .par_iter()
        .map(|input| answer(solver.as_ref(), input.puzzle(), &limits, args.count))
        .collect();
    for a in answers {
        writeln!(out, "{a}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The external solver named by `--solver`, or the only one given.
fn pick_external(
    externals: Vec<Box<dyn Solver>>,
    name: Option<&str>,
) -> anyhow::Result<Box<dyn Solver>> {
    let given: Vec<&str> = externals.iter().map(|s| s.name()).collect::<Vec<_>>();
    let given = given.join(", ");
    match name {
        None if externals.len() == 1 => Ok(externals.into_iter().next().expect("one")),
        None => bail!("several external solvers ({given}): pick one with --solver NAME"),
        Some(n) => match externals.into_iter().find(|s| s.name() == n) {
            Some(s) => Ok(s),
            None => bail!("--solver {n} is not among the external solvers given ({given})"),
        },
    }
}

/// The solver named on the command line, or the default.
fn pick_solver(name: Option<&str>, trace: bool) -> anyhow::Result<Box<dyn Solver>> {
    let name = match name {
        Some(n) => n,
        None if trace => "singles",
        None if by_name("dlx").is_some() => "dlx",
        None => "mrv",
    };
    match by_name(name) {
        Some(s) if trace && !TRACEABLE.contains(&name) => bail!(
            "solver `{}` cannot trace; traceable: {}",
            s.name(),
            TRACEABLE.join(", ")
        ),
        Some(s) => Ok(s),
        None => bail!("no solver `{name}`; registered: {}", names().join(", ")),
    }
}

/// The output line of one puzzle: the answer, `invalid: REASON` for a line that is not a puzzle
/// the solver can take, `error: REASON` when the solver could not answer (an external program that
/// crashed, hung or answered garbage).
fn answer(solver: &dyn Solver, line: &str, limits: &SolveLimits, count: bool) -> String {
    let grid = match Grid::parse(line) {
        Ok(grid) => grid,
        Err(e) => return format!("{}: {e}", Status::Invalid),
    };
    let side = grid.shape().side();
    if !solver.supports(grid.shape()) {
        return format!(
            "{}: solver {} does not handle {side}x{side} grids",
            Status::Invalid,
            solver.name()
        );
    }
    match solver.run_checked(&grid, limits) {
        Ok(outcome) => result_word(&outcome, count),
        Err(reason) => format!("error: {reason}"),
    }
}

fn result_word(outcome: &Outcome, count: bool) -> String {
    match (count, outcome.status, &outcome.solution) {
        (true, Status::Limit, _) => Status::Limit.to_string(),
        (true, _, _) => outcome.solutions.to_string(),
        (false, Status::Unique, Some(sol)) => sol.to_line(),
        (false, status, _) => status.to_string(),
    }
}

/// Prints the trace of one puzzle, indented by depth, then the answer and the counters.
fn print_trace(
    out: &mut impl Write,
    solver: &str,
    line: &str,
    limits: &SolveLimits,
    count: bool,
) -> anyhow::Result<()> {
    let grid = match Grid::parse(line) {
        Ok(g) => g,
        Err(e) => {
            writeln!(out, "{}: {e}", Status::Invalid)?;
            return Ok(());
        }
    };
    let shape = grid.shape();
    writeln!(out, "# {solver} on {line}")?;
    let mut write_error = None;
    let outcome = trace::solve_traced(solver, &grid, limits, |event: TraceEvent| {
        if write_error.is_none() {
            let indent = "  ".repeat(event.depth());
            if let Err(e) = writeln!(out, "{indent}{}", event.display(shape)) {
                write_error = Some(e);
            }
        }
    })
    .context("solver cannot trace")?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let s = &outcome.stats;
    writeln!(
        out,
        "# {}: nodes {}, guesses {}, backtracks {}, naked singles {}, hidden singles {}, \
         locked eliminations {}, subset eliminations {}",
        outcome.status,
        s.nodes,
        s.guesses,
        s.backtracks,
        s.deductions.naked_singles,
        s.deductions.hidden_singles,
        s.deductions.locked_eliminations,
        s.deductions.subset_eliminations
    )?;
    writeln!(out, "{}", result_word(&outcome, count))?;
    Ok(())
}
