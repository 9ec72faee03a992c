//! `dlxlab count`: solutions per puzzle of a corpus (up to `--max`, all with `--max 0`) into a CSV.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use serde::Serialize;

use dlxlab::corpus::{self, Shard};
use dlxlab::harness::output::AtomicFile;
use dlxlab::harness::{self, engine, Mode, Plan, Row, SolverRun, DEFAULT_CHUNK_LINES};
use dlxlab::solvers::Status;
use dlxlab::sudoku::Grid;

use super::input::locate_corpus;
use super::input::{
    first_field, input_name, no_valid_puzzle, reject_invalid_arguments, Input, Origin, PuzzleArgs,
};
use super::progress::{limits, progress_bar, stop_flag};

/// The columns of the count CSV.
const COLUMNS: [&str; 8] = [
    "line",
    "puzzle",
    "clues",
    "status",
    "solutions",
    "nodes",
    "time_ns",
    "error",
];

/// When no `--solver` is given, each puzzle goes to the first of these that is registered and
/// supports its shape (fastest first), else to the first registered solver that does. `memo` is
/// `fast` with a table of subtree counts when counting all (`--max 0`), and exactly `fast` otherwise.
const PREFERENCE: [&str; 4] = ["memo", "fast", "dlx", "mrv"];

/// Count the solutions of every puzzle of a corpus into a CSV. With no puzzles, no corpus and
/// nothing piped, the corpus is found as for `study`. For puzzles given on the command line,
/// `line` is the argument's position.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct CountArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Count up to this many solutions per puzzle; 0 (the default, as in every command that
    /// counts) counts all.
    #[arg(long, visible_alias = "max-solutions", default_value_t = 0)]
    max: u64,
    /// Output CSV (written atomically); default: standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The solver to count with (default: memo for 9x9 — fast with a table of subtree counts —,
    /// else dlx, else mrv). With memo, `nodes` are the nodes actually searched (subtrees found in
    /// the table are not entered).
    #[arg(long)]
    solver: Option<String>,
    /// Count only shard K of N (lines whose number l has (l-1) mod N = K-1); line numbers stay
    /// those of the whole corpus.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Worker threads (default: one per CPU).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Node budget per puzzle.
    #[arg(long)]
    limit_nodes: Option<u64>,
    /// Time budget per puzzle, in milliseconds.
    #[arg(long)]
    limit_ms: Option<u64>,
    /// No progress bar and no summary line.
    #[arg(long)]
    quiet: bool,
}

/// The status of a puzzle no solver given supports (a valid grid of another size), in the count
/// CSV's `status` column.
const UNSUPPORTED: &str = "unsupported";

/// Whether a row is of a valid puzzle that no solver given supports: the harness gives it status
/// `invalid` with the grid's clue count and no solver error (a line that is not a puzzle has no
/// clue count).
fn is_unsupported(row: &Row) -> bool {
    row.status == Status::Invalid && row.clues.is_some() && !row.is_solver_error()
}

#[derive(Serialize)]
struct CountRow<'a> {
    line: u64,
    puzzle: &'a str,
    clues: Option<u32>,
    status: &'static str,
    solutions: u64,
    nodes: Option<u64>,
    time_ns: u64,
    error: &'a str,
}

pub fn run(args: CountArgs) -> anyhow::Result<ExitCode> {
    let inline = args.input.inline_puzzles();
    let source = if inline.is_empty() {
        locate_corpus(args.input.stream_path().as_deref())?
    } else {
        if args.input.stream_path().is_some() {
            bail!("count takes puzzles on the command line or a corpus (or `-`), not both");
        }
        let inputs: Vec<Input> = inline
            .iter()
            .map(|&(n, text)| Input {
                origin: Origin::Argument(n),
                text: text.to_string(),
            })
            .collect();
        if let Some(code) =
            reject_invalid_arguments(&inputs, |t| Grid::parse(first_field(t)).map(|_| ()))
        {
            return Ok(code);
        }
        corpus::Source::Arguments(inputs.into_iter().map(|i| i.text).collect())
    };
    if let Some(out) = &args.out {
        let input = match &source {
            corpus::Source::Path(path) => Some(path.clone()),
            corpus::Source::Stdin => Some(PathBuf::from("-")),
            _ => None,
        };
        super::input::refuse_overwriting_input("--out", out, &Vec::from_iter(input))?;
    }
    let lim = limits(args.max, args.limit_nodes, args.limit_ms);
    let names: Vec<String> = match &args.solver {
        Some(name) => vec![name.clone()],
        None => {
            let registered = dlxlab::solvers::all_names();
            let mut order: Vec<String> = PREFERENCE
                .iter()
                .filter(|p| registered.contains(p))
                .map(|p| p.to_string())
                .collect();
            order.extend(
                registered
                    .iter()
                    .filter(|r| !PREFERENCE.contains(r))
                    .map(|r| r.to_string()),
            );
            order
        }
    };
    let mut solvers: Vec<SolverRun> = harness::select_solvers(&names, lim)?;
    // `count` answers what was asked: no default node budget for any solver.
    for run in &mut solvers {
        run.limits = lim;
    }
    // A corpus without one valid puzzle is refused before any output; a stream, which can be
    // read only once, is judged after its count (by the lines of its shard).
    let corpus = inline.is_empty();
    if corpus && !source.is_stream() && !source.holds_a_puzzle()? {
        return Err(no_valid_puzzle(&input_name(&source.describe())));
    }
    let plan = Plan {
        solvers: &solvers,
        mode: Mode::FirstSupporting,
        shard: args.shard.unwrap_or(Shard::ALL),
        chunk_lines: DEFAULT_CHUNK_LINES,
        serial_timing: false,
        skip_through: 0,
        csv_rows: false,
        permute: None,
    };
    let mut file = match &args.out {
        Some(path) => {
            Some(AtomicFile::create(path).with_context(|| format!("creating {}", path.display()))?)
        }
        None => None,
    };
    let mut stdout = BufWriter::new(super::input::Stdout::new());
    let out: &mut (dyn Write + Send) = match &mut file {
        Some(f) => f,
        None => &mut stdout,
    };
    let mut csv_out = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    csv_out.write_record(COLUMNS)?;
    // A stream is read once, by the count itself: no progress total for it.
    let total = if args.quiet || source.is_stream() {
        None
    } else {
        harness::count_puzzle_lines(&source, args.shard.unwrap_or(Shard::ALL)).ok()
    };
    let bar = progress_bar(args.quiet, total, "puzzles");
    let stop: &AtomicBool = stop_flag();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let mut reader = source
        .open()
        .with_context(|| format!("opening {}", source.describe()))?;
    // unique, multiple, none, limit, invalid, unsupported.
    let mut statuses = [0u64; 6];
    let mut errors = 0u64;
    // The sizes of the puzzles no solver given supports (for the hint at the end).
    let mut unsupported_shapes: Vec<dlxlab::sudoku::Shape> = Vec::new();
    let start = Instant::now();
    let mut sink = |rows: &[Row], _: &[u8]| -> Result<(), harness::HarnessError> {
        for row in rows {
            let unsupported = is_unsupported(row);
            let k = if unsupported {
                if let Ok(grid) = Grid::parse(&row.puzzle) {
                    if !unsupported_shapes.contains(&grid.shape()) {
                        unsupported_shapes.push(grid.shape());
                    }
                }
                5
            } else {
                [
                    Status::Unique,
                    Status::Multiple,
                    Status::None,
                    Status::Limit,
                    Status::Invalid,
                ]
                .iter()
                .position(|&s| s == row.status)
                .unwrap_or(4)
            };
            statuses[k] += 1;
            errors += u64::from(row.is_solver_error());
            csv_out.serialize(CountRow {
                line: row.line,
                puzzle: &row.puzzle,
                clues: row.clues,
                status: if unsupported {
                    UNSUPPORTED
                } else {
                    row.status.as_str()
                },
                solutions: row.solutions,
                nodes: row.nodes,
                time_ns: row.time_ns,
                error: &row.error,
            })?;
        }
        Ok(())
    };
    let tally = engine::run(&mut reader, &plan, &pool, stop, &|n| bar.inc(n), &mut sink)?;
    bar.finish_and_clear();
    csv_out.flush()?;
    drop(csv_out);
    if tally.interrupted {
        eprintln!(
            "count: interrupted after {} puzzles; no output file written",
            tally.puzzles
        );
        if let Some(f) = file {
            f.discard()?;
        }
        return Ok(ExitCode::from(130));
    }
    if corpus && source.is_stream() && tally.counts.puzzle_lines == tally.counts.invalid_lines {
        if let Some(f) = file {
            f.discard()?;
        }
        return Err(no_valid_puzzle(&input_name(&source.describe())));
    }
    match file {
        Some(f) => f.commit()?,
        None => stdout.flush()?,
    }
    if !args.quiet {
        eprintln!(
            "count: {} puzzles in {:.1} s; unique {} multiple {} none {} limit {} invalid {} unsupported {}; solver errors {}",
            tally.puzzles,
            start.elapsed().as_secs_f64(),
            statuses[0],
            statuses[1],
            statuses[2],
            statuses[3],
            statuses[4],
            statuses[5],
            errors
        );
    }
    // A puzzle left uncounted because no solver given handles its size is no success: say which
    // solvers would (whatever --quiet says: it explains the exit status).
    for shape in &unsupported_shapes {
        let side = shape.side();
        let able: Vec<&str> = dlxlab::solvers::all_solvers()
            .iter()
            .filter(|s| s.supports(*shape))
            .map(|s| s.name())
            .collect();
        eprintln!(
            "dlxlab: count: no solver given ({}) supports {side}x{side} grids (status `unsupported`); solvers that do: {} (--solver NAME)",
            names.join(", "),
            if able.is_empty() { "none".to_string() } else { able.join(", ") }
        );
    }
    Ok(if errors == 0 && statuses[5] == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
