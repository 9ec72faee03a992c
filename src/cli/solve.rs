//! `dlxlab solve`: solve puzzles given on the command line or in a corpus, optionally traced.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;

use dlxlab::budget::Limits;
use dlxlab::harness::answers::{write_traced, Answering, TracedAnswer};
use dlxlab::solvers::trace::{self, TRACEABLE};
use dlxlab::solvers::{by_name, names, SolveLimits, Solver};

use super::input::{first_field, parse_grid, Origin, Piece, PuzzleArgs};
use super::progress::stop_flag;

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
    /// Print the number of solutions instead of the solution: `at least N` when the search stopped
    /// at `--max N` (there may be more), `limit: at least N` when --limit-nodes or --limit-ms
    /// stopped it after N solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions (0 = all). Default: all with --count (as in every command
    /// that counts), else 2 (enough to prove a puzzle unique).
    #[arg(long, visible_alias = "max-solutions")]
    max: Option<u64>,
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
    /// Worker threads (0 = one per core, or `RAYON_NUM_THREADS`); 1 answers on the main thread
    /// and starts no pool. The output is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Give the solver each puzzle under a random symmetry (band, stack, row and column orders,
    /// a transposition, a digit relabelling) drawn from SEED and the puzzle's line number (its
    /// argument number for a puzzle on the command line) alone, as tdoku's benchmark does; the
    /// solution is mapped back and checked against the puzzle as given before it is printed, so
    /// the output is that of the puzzles as given. Not with --trace or --variant.
    #[arg(long, value_name = "SEED", conflicts_with_all = ["trace", "variant"])]
    permute: Option<u64>,
    #[command(flatten)]
    external: super::external::ExternalArgs,
}

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let limits = SolveLimits {
        max_solutions: args.max.unwrap_or(if args.count { 0 } else { 2 }),
        budget: Limits {
            max_nodes: args.limit_nodes,
            max_time: args.limit_ms.map(Duration::from_millis),
        },
    };
    let mut out = BufWriter::new(super::input::Stdout::new());
    if let Some(name) = &args.variant {
        if args.trace || args.solver.is_some() {
            bail!(
                "--variant solves through the exact cover: it takes neither --solver nor --trace"
            );
        }
        let variant = dlxlab::puzzles::variants::Variant::by_name(name)?;
        let check =
            |t: &str| dlxlab::puzzles::variants::VariantPuzzle::parse(variant, t).map(|_| ());
        let inputs = match args.input.require_puzzles("solve", check)? {
            Ok(inputs) => inputs,
            Err(code) => return Ok(code),
        };
        let answers: Vec<super::variant::Answer> = inputs
            .par_iter()
            .map(|input| super::variant::answer(name, &input.text, &limits, args.count))
            .collect::<anyhow::Result<_>>()?;
        for a in &answers {
            writeln!(out, "{}", a.line)?;
        }
        out.flush()?;
        let wrong = answers.iter().filter(|a| a.wrong).count();
        if wrong > 0 {
            eprintln!(
                "dlxlab: solve: {wrong} of {} puzzles got a wrong solution from solver dlx (`error:` lines)",
                answers.len()
            );
            return Ok(ExitCode::FAILURE);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let externals = args.external.solvers()?;
    let external_solver = !externals.is_empty();
    let solver = if externals.is_empty() {
        pick_solver(args.solver.as_deref(), args.trace)?
    } else {
        if args.trace {
            bail!("an external solver cannot trace");
        }
        pick_external(externals, args.solver.as_deref())?
    };
    let pieces = match args.input.require_pieces("solve", parse_grid)? {
        Ok(pieces) => pieces,
        Err(code) => return Ok(code),
    };
    // Borrowed from the texts read, one at a time: no allocation per line, and no pass over the
    // whole text before the first answer.
    // Each with its key for --permute: its line number, or its argument number.
    let puzzles = || {
        pieces.iter().flat_map(Piece::lines).map(|(origin, text)| {
            let key = match origin {
                Origin::Line(n) => n,
                Origin::Argument(n) => n as u64,
            };
            (key, first_field(text))
        })
    };
    if args.trace {
        let count = args.count.then_some(limits.max_solutions);
        let mut wrong = 0;
        for (_, puzzle) in puzzles() {
            let answer = write_traced(&mut out, solver.name(), puzzle, count, |grid, sink| {
                trace::solve_traced(solver.name(), grid, &limits, sink)
            })?
            .context("solver cannot trace")?;
            wrong += u32::from(answer == TracedAnswer::Wrong);
        }
        out.flush()?;
        if wrong > 0 {
            eprintln!(
                "dlxlab: solve: {wrong} of {} puzzles got a wrong solution from solver {} (`error:` lines)",
                puzzles().count(),
                solver.name()
            );
            return Ok(ExitCode::FAILURE);
        }
        return Ok(ExitCode::SUCCESS);
    }
    // An external program's status is confirmed by a built-in solver, so that a valid solution
    // called `unique` for a puzzle with several is not printed as if it were settled.
    let reference = if external_solver {
        Some(by_name(REFERENCE).with_context(|| format!("the reference solver {REFERENCE}"))?)
    } else {
        None
    };
    let answering = Answering {
        solver: solver.as_ref(),
        limits,
        count: args.count,
        external: external_solver,
        reference: reference.as_deref(),
        permute: args.permute,
    };
    // One thread answers on this one, with no pool started.
    let pool = match args.threads {
        1 => None,
        n => Some(rayon::ThreadPoolBuilder::new().num_threads(n).build()?),
    };
    // Ctrl-C stops the search in progress (a hanging external program is killed) and keeps
    // the answers given so far.
    let stop = stop_flag();
    let unanswered = answering.answer_all(puzzles(), pool.as_ref(), &mut out)?;
    out.flush()?;
    if stop.load(std::sync::atomic::Ordering::SeqCst) {
        eprintln!("dlxlab: solve: interrupted; the answers printed are those of the first puzzles");
        return Ok(ExitCode::from(130));
    }
    if unanswered > 0 {
        eprintln!(
            "dlxlab: solve: {unanswered} of {} puzzles got no answer or a wrong one from solver {} (`error:` or `invalid: solver ... does not handle` lines)",
            puzzles().count(),
            solver.name()
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The built-in solver that confirms an external program's statuses.
const REFERENCE: &str = "fast";

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
