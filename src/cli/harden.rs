//! `dlxlab harden`: puzzles scored at or above a threshold (SE rating, or `fast`'s guesses), found by local search around seeds
//! (method in `src/generate/harden.rs`), reproducible from the seed whatever the thread count.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use sha2::{Digest, Sha256};

use dlxlab::generate::harden::{self, Config, Digits, Harvest, Objective, HARDEN_VERSION};
use dlxlab::rating::technique::parse_tenths;

use super::progress::{progress_bar, thread_pool};

/// Find puzzles with an SE rating (or `fast` guesses) at or above a threshold by climbing {-n,+n} neighbourhoods.
#[derive(Args, Debug)]
pub struct HardenArgs {
    /// Number of puzzles wanted (distinct up to the Sudoku symmetries).
    #[arg(long)]
    count: usize,
    /// Master seed; work unit u uses a random stream derived from (seed, u).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// What the climb maximises: `se` (the SE technique rating, hard for people) or `guesses`
    /// (the guesses `fast` makes proving uniqueness, hard for search; needs no rater).
    #[arg(long, default_value = "se")]
    objective: Objective,
    /// Lowest score kept: an SE rating (`9.0`) for `--objective se`, a number of guesses for
    /// `--objective guesses`.
    #[arg(long, default_value = "9.0")]
    threshold: String,
    /// Seed puzzles, one per line (first field; a rating after it is ignored); default: --pool
    /// minimal puzzles made by the generator with --seed.
    #[arg(long, value_name = "FILE")]
    seeds: Option<PathBuf>,
    /// Never output a puzzle equivalent to one of this file's (first field of each line), e.g. the
    /// public corpus the seeds came from. Repeatable.
    #[arg(long, value_name = "FILE")]
    exclude: Vec<PathBuf>,
    /// Generated seed puzzles to rate when there is no --seeds file.
    #[arg(long, default_value_t = 256)]
    pool: u64,
    /// Climb from this many highest-rated seeds.
    #[arg(long, default_value_t = 32)]
    top: usize,
    /// Largest n of a {-n,+n} move (each move draws n in 1..=radius).
    #[arg(long, default_value_t = 2)]
    radius: usize,
    /// Digits a move adds: `solution` (the current solution's) or `any` (any digit the cell allows).
    #[arg(long, default_value = "any")]
    digits: Digits,
    /// Unique neighbours rated per climb step (at most 64 times as many are drawn).
    #[arg(long, default_value_t = 8)]
    neighbours: usize,
    /// Climb steps per work unit.
    #[arg(long, default_value_t = 10)]
    steps: usize,
    /// Give up after this many work units.
    #[arg(long, default_value_t = 100_000)]
    max_units: u64,
    /// Output corpus (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores); the output does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bar (it is also hidden when standard error is not a terminal).
    #[arg(long)]
    quiet: bool,
}

/// The command line that reproduces the output (without --out, --threads and --quiet).
fn command_line(args: &HardenArgs) -> String {
    let mut cmd = format!(
        "dlxlab harden --count {} --seed {} --threshold {}",
        args.count, args.seed, args.threshold
    );
    if args.objective != Objective::Se {
        cmd.push_str(&format!(" --objective {}", args.objective.name()));
    }
    match &args.seeds {
        Some(path) => cmd.push_str(&format!(" --seeds {}", path.display())),
        None => cmd.push_str(&format!(" --pool {}", args.pool)),
    }
    for path in &args.exclude {
        cmd.push_str(&format!(" --exclude {}", path.display()));
    }
    cmd.push_str(&format!(
        " --top {} --radius {} --digits {} --neighbours {} --steps {} --max-units {}",
        args.top,
        args.radius,
        args.digits.name(),
        args.neighbours,
        args.steps,
        args.max_units
    ));
    cmd
}

/// The SHA-256 of `bytes` in hexadecimal.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A score as the output shows it: an SE rating (`9.1`) or a number of guesses.
fn show(objective: Objective, score: u32) -> String {
    match objective {
        Objective::Se => format!("{}.{}", score / 10, score % 10),
        Objective::Guesses => score.to_string(),
    }
}

/// Writes puzzles as `<puzzle> <score>` lines and flushes.
fn write_finds(
    out: &mut dyn Write,
    objective: Objective,
    finds: &[harden::Found],
) -> io::Result<()> {
    for f in finds {
        writeln!(out, "{} {}", f.puzzle.to_line(), show(objective, f.score))?;
    }
    out.flush()
}

pub fn run(args: HardenArgs) -> anyhow::Result<ExitCode> {
    if let Some(out) = &args.out {
        let inputs: Vec<&PathBuf> = args.seeds.iter().chain(&args.exclude).collect();
        super::input::refuse_overwriting_input("--out", out, &inputs)?;
    }
    let objective = args.objective;
    let threshold = match objective {
        Objective::Se => parse_tenths(&args.threshold)
            .map(u32::from)
            .with_context(|| format!("--threshold `{}` is not a rating", args.threshold))?,
        Objective::Guesses => args.threshold.parse::<u32>().with_context(|| {
            format!(
                "--threshold `{}` is not a number of guesses (--objective guesses)",
                args.threshold
            )
        })?,
    };
    anyhow::ensure!(args.top > 0, "--top must be at least 1");
    let pool = thread_pool(args.threads)?;
    let threads = pool.current_num_threads();
    let start = Instant::now();

    let (puzzles, seeds_note) = match &args.seeds {
        Some(path) => {
            let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let text = String::from_utf8_lossy(&bytes);
            let puzzles = pool
                .install(|| harden::parse_seeds(&text))
                .with_context(|| format!("in {}", path.display()))?;
            let note = format!(
                "seeds file SHA-256 {}, {} puzzles",
                sha256_hex(&bytes),
                puzzles.len()
            );
            (puzzles, note)
        }
        None => {
            let puzzles = pool.install(|| harden::generated_seeds(args.seed, args.pool));
            let note = format!(
                "seeds: {} minimal puzzles of `dlxlab::generate::unique_puzzle` (seed {})",
                args.pool, args.seed
            );
            (puzzles, note)
        }
    };
    let mut exclude = Vec::new();
    let mut exclude_note = String::new();
    for path in &args.exclude {
        let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let puzzles = harden::parse_exclusions(&String::from_utf8_lossy(&bytes))
            .with_context(|| format!("in --exclude {}", path.display()))?;
        exclude_note.push_str(&format!(
            "; excluded: {} puzzles of SHA-256 {}",
            puzzles.len(),
            sha256_hex(&bytes)
        ));
        exclude.extend(puzzles);
    }
    let seeds = pool.install(|| harden::rank_seeds(&puzzles, args.top, objective));
    anyhow::ensure!(!seeds.is_empty(), "no seed puzzle could be rated");
    let best_seed = seeds[0].score;
    let worst_seed = seeds[seeds.len() - 1].score;

    let config = Config {
        objective,
        threshold,
        count: args.count,
        seed: args.seed,
        radius: args.radius,
        digits: args.digits,
        neighbours: args.neighbours,
        steps: args.steps,
        max_units: args.max_units,
    };
    let mut out: Box<dyn Write + Send> = match &args.out {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout())),
    };
    writeln!(out, "# {}", command_line(&args))?;
    let (what, unit) = match objective {
        Objective::Se => (
            "SE technique rating (as `dlxlab rate` computes it)",
            "SE technique rating",
        ),
        Objective::Guesses => (
            "guesses of the fast solver proving uniqueness (docs/solvers.md)",
            "fast's guesses",
        ),
    };
    writeln!(
        out,
        "# dlxlab {}, harden method {HARDEN_VERSION} (src/generate/harden.rs); puzzles with {what} \
         >= {}, distinct up to the Sudoku symmetries and from every seed; the same command \
         reproduces this file for any --threads, and a run stopped early wrote a prefix of it",
        env!("CARGO_PKG_VERSION"),
        show(objective, threshold)
    )?;
    writeln!(
        out,
        "# {seeds_note}; climbing from the {} highest-scored ({} to {}){exclude_note}",
        seeds.len(),
        show(objective, worst_seed),
        show(objective, best_seed)
    )?;
    writeln!(out, "# format: <puzzle> <{unit}>")?;
    out.flush()?;

    // Each batch's new puzzles are written and flushed at once, so that an interrupted run
    // leaves the puzzles found so far (a prefix of the complete output).
    let sink = Mutex::new((out, 0usize, Ok::<(), io::Error>(())));
    let bar = progress_bar(args.quiet, Some(args.count as u64), "puzzles");
    let harvest = pool.install(|| {
        harden::harden(&config, &seeds, &exclude, &|h: &Harvest| {
            bar.set_position(h.puzzles.len() as u64);
            bar.set_message(format!("{} units, {} rated", h.units, h.unique));
            let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
            let (out, written, status) = &mut *guard;
            if status.is_err() {
                return;
            }
            *status = write_finds(out, objective, &h.puzzles[*written..]);
            *written = h.puzzles.len();
        })
    })?;
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let (mut out, _, status) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    status?;
    writeln!(
        out,
        "# search: {} puzzles; {} work units, {} neighbours drawn, {} unique and rated, {} at or \
         above the threshold (with repeats), {} beyond the implemented techniques (left out)",
        harvest.puzzles.len(),
        harvest.units,
        harvest.drawn,
        harvest.unique,
        harvest.finds,
        harvest.beyond
    )?;
    out.flush()?;
    eprintln!(
        "harden: {} of {} puzzles in {elapsed:.1} s ({threads} threads; {} units, {} rated)",
        harvest.puzzles.len(),
        args.count,
        harvest.units,
        harvest.unique
    );
    if harvest.puzzles.len() < args.count {
        eprintln!(
            "harden: --max-units {} reached before --count {}",
            args.max_units, args.count
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
