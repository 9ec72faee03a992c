//! `dlxlab study`: a corpus through every solver — runs.csv, meta.json, summary.md, ratings.csv,
//! and then the report of `dlxlab report` (figures, statistics) unless `--no-plots`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};

use dlxlab::corpus::Shard;
use dlxlab::harness::phases::Clock;
use dlxlab::harness::{self, StudyConfig, DEFAULT_CHUNK_LINES};
use dlxlab::rating::decision_tree::Variant;
use dlxlab::rating::{table, SeProfile};
use dlxlab::report::{self, ReportOptions};

use super::input::locate_corpus;
use super::progress::{limits, progress_bar, rating_budget, stop_flag};

/// Run a corpus through every solver: runs.csv, meta.json, summary.md, ratings.csv, then the
/// figures (nodes against difficulty ratings, PNG + SVG) and statistics of `dlxlab report`.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_TABLE)]
pub struct StudyArgs {
    /// Corpus file, `-` for standard input. Default: $DLXLAB_DATA/17-clue.txt, else
    /// datasets/17-clue.txt, else the embedded default corpus.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Solvers to run, comma-separated (default: every registered solver).
    #[arg(long, value_delimiter = ',')]
    solvers: Vec<String>,
    /// Worker threads (default: one per CPU).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Node budget per puzzle and solver (default: none, except backtrack's 20,000).
    #[arg(long)]
    limit_nodes: Option<u64>,
    /// Time budget per puzzle and solver, in milliseconds (makes rows machine-dependent).
    #[arg(long)]
    limit_ms: Option<u64>,
    /// Stop after this many solutions (0 = count all; the default 2 proves uniqueness).
    #[arg(long = "max", visible_alias = "max-solutions", default_value_t = 2)]
    max_solutions: u64,
    /// Run only shard K of N (lines whose number l has (l-1) mod N = K-1).
    #[arg(long)]
    shard: Option<Shard>,
    /// Output directory (default: results/<corpus name>/, or results/<corpus name>/shard-K-of-N/;
    /// a stream, `-` or `<(zcat f.gz)`, is named by its content: results/stdin-<hash>/,
    /// results/stream-<hash>/; a default directory holding a study of another corpus is refused
    /// unless --force. `results/` is ignored by git, so the main job never touches a tracked file:
    /// the committed reports/ are made by scripts/reproduce.sh). A finished run replaces every file
    /// of the study it supersedes (ratings.csv, report.md, figures).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar and no summary line.
    #[arg(long)]
    quiet: bool,
    /// Continue the run in the output directory (an interrupted one, or a finished one whose
    /// runs.csv was cut short). Refused, with nothing in the directory changed, unless that run is
    /// of the same corpus (SHA-256 and size), solvers, limits, shard, timing, --permute seed and
    /// dlxlab version.
    #[arg(long, conflicts_with = "force")]
    resume: bool,
    /// Start afresh in an output directory that holds an interrupted run, discarding that run, or
    /// (without --out) a study of another corpus (without it, such a directory is refused).
    #[arg(long)]
    force: bool,
    /// Solve each puzzle under a random symmetry (band, stack, row and column orders, a
    /// transposition, a digit relabelling) drawn from SEED and the puzzle's line number alone, as
    /// tdoku's benchmark does; every solution is mapped back and checked against the puzzle as
    /// given, so statuses and solutions do not change, nodes, guesses and times do. Recorded as
    /// `seed` in meta.json; a study of another seed is another study (--resume and merge refuse
    /// to mix them). See docs/harness.md.
    #[arg(long, value_name = "SEED")]
    permute: Option<u64>,
    /// Where time_ns comes from: the parallel pass, or a separate single-threaded pass.
    #[arg(long, value_enum, default_value_t = Timing::Parallel)]
    timing: Timing,
    /// What `ratings.csv` (written next to runs.csv when the study completes) holds: `technique`
    /// (the SE technique rating and the corpus's external rating; the decision_tree column empty),
    /// `all` (also the decision-tree index, which re-runs mrv recording its whole tree: costly on
    /// hard corpora), or `none` (no ratings.csv).
    #[arg(long, value_enum, default_value_t = Ratings::Technique)]
    ratings: Ratings,
    /// Time budget of the technique rating of one puzzle for ratings.csv, in milliseconds (`rate
    /// --limit-ms`): a puzzle still unrated then gets a row with empty ratings and `error = time
    /// limit`, so that a corpus of the hardest puzzles cannot hold the study up.
    #[arg(long, value_name = "MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..))]
    rate_limit_ms: u64,
    /// The old spelling of --rate-limit-ms, in seconds.
    #[arg(long, hide = true, value_parser = super::progress::parse_seconds, conflicts_with = "rate_limit_ms")]
    max_seconds: Option<f64>,
    /// Which Sudoku Explainer the ratings in ratings.csv reproduce (as `rate --se-profile`):
    /// `sample` or `serate`. Recorded in meta.json and in ratings.csv's se_profile column.
    #[arg(long, default_value_t = SeProfile::Sample)]
    se_profile: SeProfile,
    /// Do not draw the report (figures PNG + SVG, statistics, report.md) at the end. A shard run
    /// (`--shard`) never draws it: merge the shards with `dlxlab merge`, then run `dlxlab report`.
    #[arg(long)]
    no_plots: bool,
    #[command(flatten)]
    external: super::external::ExternalArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Ratings {
    Technique,
    All,
    None,
}

/// Where `time_ns` comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Timing {
    /// From the parallel pass (fast; times include contention between threads).
    Parallel,
    /// From a single-threaded re-run of every pair (fair speed figures; about twice the work).
    Serial,
}

/// Where a study writes when no `--out` is given: `results/<corpus name>/`, a directory that
/// `.gitignore` ignores (the committed `reports/` are regenerated by `scripts/reproduce.sh` only).
pub const DEFAULT_RESULTS_DIR: &str = "results";

pub fn run(args: StudyArgs) -> anyhow::Result<ExitCode> {
    // A stream (pipe, FIFO, process substitution, standard input) is read once, here: the study
    // hashes the corpus before it starts and rates it beside the solvers.
    let located = locate_corpus(args.corpus.as_deref())?;
    let described = located.describe();
    let source = located
        .settle()
        .with_context(|| format!("reading {described}"))?;
    // Before anything in the output directory changes.
    if !source
        .holds_a_puzzle()
        .with_context(|| format!("reading {described}"))?
    {
        return Err(super::input::no_valid_puzzle(&super::input::input_name(
            &described,
        )));
    }
    let shard = args.shard.unwrap_or(Shard::ALL);
    let out_dir = match &args.out {
        Some(out) => out.clone(),
        None => {
            // Named by the corpus, and never a directory that holds a study of another one.
            let (sha256, _) = source
                .fingerprint()
                .with_context(|| format!("reading {described}"))?;
            let dir = harness::out_dir::default_dir(
                Path::new(DEFAULT_RESULTS_DIR),
                &source,
                &sha256,
                args.shard,
            );
            if !args.resume && !args.force {
                harness::out_dir::refuse_other_corpus(&dir, &sha256)?;
            }
            dir
        }
    };
    let lim = limits(args.max_solutions, args.limit_nodes, args.limit_ms);
    let mut solvers = harness::select_solvers(&args.solvers, lim)?;
    args.external.add_runs(&mut solvers, lim)?;
    let n_solvers = solvers.len();
    let config = StudyConfig {
        source,
        out_dir,
        solvers,
        shard,
        threads: args.threads,
        serial_timing: args.timing == Timing::Serial,
        resume: args.resume,
        force: args.force,
        chunk_lines: DEFAULT_CHUNK_LINES,
        permute: args.permute,
    };
    let visible = !args.quiet;
    let total = match (&config.source, visible) {
        (source, true) if !source.is_stream() => harness::count_puzzle_lines(source, shard).ok(),
        _ => None,
    };
    let bar = progress_bar(args.quiet, total, "puzzles");
    let stop = stop_flag();
    // ratings.csv is rated while the solvers run, on the same threads (see
    // `harness::study_alongside`), and written only when the study completes.
    let rating_source = match (args.ratings, &config.source) {
        (Ratings::None, _) => None,
        (r, source) => Some(((r == Ratings::All).then_some(Variant::default()), source)),
    };
    let rate = || -> Option<anyhow::Result<Option<Vec<table::RatingRow>>>> {
        let (variant, source) = rating_source?;
        Some((|| {
            let mut reader = source
                .open()
                .with_context(|| format!("re-reading {} for ratings", source.describe()))?;
            let max_time = Some(rating_budget(args.rate_limit_ms, args.max_seconds));
            let options = args.se_profile.path_options(false);
            table::rate_corpus_until(&mut reader, shard, variant, max_time, options, stop)
                .with_context(|| format!("rating {}", source.describe()))
        })())
    };
    let (report, rated) = harness::study_alongside(&config, stop, &|n| bar.inc(n), rate)
        .with_context(|| format!("study of {}", config.source.describe()))?;
    bar.finish_and_clear();
    let secs = report.elapsed.as_secs_f64();
    let dir = config.out_dir.display();
    let Some(summary) = &report.summary else {
        eprintln!(
            "study: interrupted after {} puzzles; whole puzzles are in {dir}/runs.csv.partial; run again with --resume",
            report.tally.puzzles
        );
        return Ok(ExitCode::from(130));
    };
    // The new runs.csv is complete: nothing derived from the one it replaced may stay beside it.
    report::supersede(&config.out_dir)
        .with_context(|| format!("removing the earlier study's files from {dir}"))?;
    let mut timings = report
        .meta
        .as_ref()
        .and_then(|m| m.timings.clone())
        .unwrap_or_default();
    let ratings = match rated.transpose()? {
        None => None,
        Some(None) => {
            eprintln!(
                "study: interrupted while rating; {dir}/runs.csv, meta.json and summary.md are complete, no ratings.csv was written"
            );
            return Ok(ExitCode::from(130));
        }
        Some(Some(rows)) => {
            let path = config.out_dir.join("ratings.csv");
            let clock = Clock::start();
            table::write_file(&rows, &path)
                .with_context(|| format!("writing {}", path.display()))?;
            timings.push("write_ratings", clock.wall(), clock.cpu());
            let made = harness::meta::RatingsMeta {
                se_profile: args.se_profile.name().to_string(),
                decision_tree: args.ratings == Ratings::All,
                limit_ms: rating_budget(args.rate_limit_ms, args.max_seconds).as_millis() as u64,
            };
            harness::record_ratings(&config.out_dir, made)
                .with_context(|| format!("recording the ratings in {dir}/meta.json"))?;
            Some(rows.len())
        }
    };
    if !args.quiet {
        let puzzles = report.tally.puzzles;
        let s = &summary.statuses;
        eprintln!(
            "study: {puzzles} puzzles x {n_solvers} solvers in {secs:.1} s ({:.0} puzzles/s){}; unique {} multiple {} none {} limit {} invalid {}; reconciled: {}; solver errors {}; disagreements {} -> {dir}",
            puzzles as f64 / secs.max(1e-9),
            if report.resumed_rows > 0 {
                format!(", {} rows resumed", report.resumed_rows)
            } else {
                String::new()
            },
            s[0],
            s[1],
            s[2],
            s[3],
            s[4],
            if summary.reconciled() { "yes" } else { "no" },
            summary.solver_errors(),
            summary.disagreements
        );
        if let Some(n) = ratings {
            eprintln!("study: {n} puzzles rated -> {dir}/ratings.csv");
        }
    }
    if !args.no_plots && args.shard.is_none() {
        // The study's own files are complete at this point; a report that cannot be drawn (an
        // empty corpus, say) is said on stderr and does not change the study's exit status.
        // It runs on as many threads as the study, not on one per CPU.
        let clock = Clock::start();
        let drawn = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads)
            .build()
            .context("starting the report's threads")?
            .install(|| report::generate(&config.out_dir, &ReportOptions::default()));
        timings.push("report", clock.wall(), clock.cpu());
        match drawn {
            Ok(drawn) if !args.quiet => {
                eprintln!(
                    "study: report with {} figures (PNG + SVG) -> {dir}/report.md, {dir}/summary.md",
                    drawn.figures.len()
                );
                for figure in &drawn.figures {
                    eprintln!("  {dir}/{}.png  {}", figure.stem, figure.caption);
                }
            }
            Ok(_) => {}
            Err(err) => eprintln!("study: no report drawn: {err}"),
        }
    }
    timings.finish(&report.clock);
    harness::record_timings(&config.out_dir, &timings)
        .with_context(|| format!("recording the phase timings in {dir}/meta.json"))?;
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
