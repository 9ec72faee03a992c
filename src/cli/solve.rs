//! `dlxlab solve`: solve puzzles given on the command line or in a corpus, optionally traced.

use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;

use dlxlab::budget::Limits;
use dlxlab::solvers::trace::{self, TraceEvent, TRACEABLE};
use dlxlab::solvers::{by_name, names, Outcome, SolveLimits, Solver, Status};
use dlxlab::sudoku::Grid;

/// Solve Sudoku puzzles with any registered solver.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzles in the one-line format (`.` or `0` for empty cells).
    puzzles: Vec<String>,
    /// Solver name (see `dlxlab solvers`); default `dlx` when registered, else `mrv`. With `--trace`
    /// the default is `singles`.
    #[arg(long)]
    solver: Option<String>,
    /// Solve every puzzle of this file (`-` for stdin): one output line per puzzle line, in order.
    #[arg(long)]
    corpus: Option<PathBuf>,
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
        let mut texts: Vec<String> = args.puzzles.clone();
        if let Some(path) = &args.corpus {
            texts.extend(read_lines(path)?);
        } else if texts.is_empty() {
            bail!("nothing to solve: give puzzles or --corpus FILE");
        }
        let answers: Vec<String> = texts
            .par_iter()
            .map(|text| super::variant::answer(name, text, &limits, args.count))
            .collect::<anyhow::Result<_>>()?;
        for a in answers {
            writeln!(out, "{a}")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let solver = pick_solver(args.solver.as_deref(), args.trace)?;
    if args.trace {
        if args.corpus.is_some() {
            bail!("--trace takes puzzles on the command line, not --corpus");
        }
        for puzzle in &args.puzzles {
            print_trace(&mut out, solver.name(), puzzle, &limits, args.count)?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut lines: Vec<String> = args.puzzles.clone();
    if let Some(path) = &args.corpus {
        lines.extend(read_puzzles(path)?.into_iter().map(|(_, p)| p));
    } else if lines.is_empty() {
        bail!("nothing to solve: give puzzles or --corpus FILE");
    }
    let answers: Vec<String> = lines
        .par_iter()
        .map(|line| answer(solver.as_ref(), line, &limits, args.count))
        .collect();
    for a in answers {
        writeln!(out, "{a}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
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

/// The text of a file, or of stdin for `-`.
fn read_text(path: &Path) -> anyhow::Result<String> {
    if path == Path::new("-") {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .context("reading puzzles from stdin")?;
        Ok(s)
    } else {
        fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    }
}

/// The lines of a file (`-` = stdin) that are neither blank nor `#` comments, whole.
fn read_lines(path: &Path) -> anyhow::Result<Vec<String>> {
    Ok(read_text(path)?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

/// Reads a corpus: `(line number, puzzle)` for every line that is neither blank nor a `#` comment,
/// the puzzle being the line's first whitespace-separated field. `-` reads stdin.
pub(super) fn read_puzzles(path: &Path) -> anyhow::Result<Vec<(usize, String)>> {
    Ok(read_text(path)?
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let first = line.split_whitespace().next()?;
            (!first.starts_with('#')).then(|| (i + 1, first.to_string()))
        })
        .collect())
}

/// The outcome of one puzzle line: `Err(reason)` when it cannot be solved by `solver`.
pub(super) fn solve_line(
    solver: &dyn Solver,
    line: &str,
    limits: &SolveLimits,
) -> Result<(Grid, Outcome), String> {
    let grid = Grid::parse(line).map_err(|e| e.to_string())?;
    let shape = grid.shape();
    if !solver.supports(shape) {
        return Err(format!(
            "solver {} does not handle {}x{} grids",
            solver.name(),
            shape.side(),
            shape.side()
        ));
    }
    let outcome = solver.run(&grid, limits);
    Ok((grid, outcome))
}

/// The output line of one puzzle.
fn answer(solver: &dyn Solver, line: &str, limits: &SolveLimits, count: bool) -> String {
    match solve_line(solver, line, limits) {
        Err(reason) => format!("{}: {reason}", Status::Invalid),
        Ok((_, outcome)) => result_word(&outcome, count),
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
