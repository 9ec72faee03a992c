//! `dlxlab rate`: the decision-tree index and the SE technique rating of every puzzle of a corpus,
//! as CSV in input order.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

use dlxlab::corpus::Fields;
use dlxlab::harness::output::{partial_path, AtomicFile};
use dlxlab::logic;
use dlxlab::rating::chaos::fit::FitOptions;
use dlxlab::rating::chaos::{ChaosOptions, Integrator};
use dlxlab::rating::decision_tree::Variant;
use dlxlab::rating::resumable::{self, RateRun};
use dlxlab::rating::table::{self, RatingRow};
use dlxlab::rating::technique::{self, TechniqueRating};
use dlxlab::rating::SeProfile;
use dlxlab::sudoku::Grid;

use super::input::{first_field, parse_grid, refuse_overwriting_input, Origin, PuzzleArgs};
use super::progress::{parse_seconds, progress_bar, rating_budget, stop_flag, thread_pool};

/// Rate puzzles: decision-tree index and Sudoku Explainer technique rating. One CSV row per
/// puzzle; `line` is the corpus line, or the argument's position for puzzles on the command line.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct RateArgs {
    /// Puzzles; a corpus line may carry an external (SE) rating after the puzzle, which is kept in
    /// external_rating: the first field that is a number (`7.2`) or `se=7.2` (docs/rating.md).
    #[command(flatten)]
    input: PuzzleArgs,
    /// Output CSV (default: standard output), written as the puzzles are rated, to OUT.partial,
    /// and renamed to OUT when complete; Ctrl-C keeps the rows finished (see --resume).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Continue an interrupted rating into --out: refused, with nothing changed, unless it is of
    /// the same puzzles, decision-tree index, time budget, options and dlxlab version.
    #[arg(long, requires = "out", conflicts_with = "force")]
    resume: bool,
    /// Start afresh over an interrupted rating into --out, discarding it (refused without it).
    #[arg(long)]
    force: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Do not print the agreement summary on standard error.
    #[arg(long)]
    quiet: bool,
    /// Which decision-tree index fills the decision_tree column: nodes, checks, wrong-choices,
    /// wasted-nodes or combined (`--variant` is the old spelling; `--variant` of `solve` and
    /// `generate` names a puzzle type). On by default; it re-runs mrv recording its whole search
    /// tree, about 130 times the technique rating's time on 17-clue puzzles (docs/rating.md), so
    /// `--no-decision-tree` is the fast choice for large corpora.
    #[arg(
        long = "decision-tree",
        alias = "variant",
        value_name = "INDEX",
        default_value = "combined"
    )]
    variant: Variant,
    /// Leave the decision_tree column empty (the technique rating alone: see --decision-tree).
    #[arg(long)]
    no_decision_tree: bool,
    /// Time budget of the technique rating of one puzzle, in milliseconds (the unit of every
    /// `--limit-ms`): a puzzle still unrated then gets a row with empty ratings and `error = time
    /// limit`.
    #[arg(long, value_name = "MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..))]
    limit_ms: u64,
    /// The old spelling of --limit-ms, in seconds.
    #[arg(long, hide = true, value_parser = parse_seconds, conflicts_with = "limit_ms")]
    max_seconds: Option<f64>,
    /// Also run SE's UVWXYZ-wing (6.6), which Sukaku Explainer's default list has but the SE build
    /// that rated the SE sample did not (see docs/rating.md).
    #[arg(long)]
    uvwxyz_wing: bool,
    /// Which Sudoku Explainer the ratings reproduce: `sample`, the build that rated
    /// se-rated-sample.txt, or `serate`, Sukaku Explainer's current serate with its default list
    /// (UVWXYZ-wing on, turbot fish 4.1). Recorded in ratings.csv's se_profile column.
    #[arg(long, default_value_t = SeProfile::Sample)]
    se_profile: SeProfile,
    /// Also rate the transient-chaos hardness η of Ercsey-Ravasz & Toroczkai (2012): the columns
    /// eta, eta_low, eta_high (its 95% interval), eta_r2, eta_trajectories, eta_escaped and
    /// eta_status, after the others and only with this flag (docs/rating.md, "Chaos hardness").
    #[arg(long)]
    chaos: bool,
    /// Seed of the chaos rating's random initial conditions: the same seed gives the same η
    /// whatever --threads.
    #[arg(long, value_name = "N", default_value_t = ChaosOptions::default().seed, requires = "chaos")]
    chaos_seed: u64,
    /// Trajectories (random initial conditions) per puzzle.
    #[arg(long, value_name = "N", default_value_t = ChaosOptions::default().trajectories as u64, value_parser = clap::value_parser!(u64).range(2..), requires = "chaos")]
    chaos_trajectories: u64,
    /// The integrator's local error tolerance (absolute, on the spins and on ln a).
    #[arg(long, value_name = "TOL", default_value_t = ChaosOptions::default().tolerance, value_parser = positive, requires = "chaos")]
    chaos_tolerance: f64,
    /// Time cap of one trajectory, in the dynamics' time units: a trajectory still unsolved then
    /// is censored (eta_status time-cap).
    #[arg(long, value_name = "T", default_value_t = ChaosOptions::default().time_cap, value_parser = positive, requires = "chaos")]
    chaos_cap: f64,
    /// Integrator steps per puzzle, shared equally by its trajectories: a trajectory that has
    /// used its share is censored (eta_status step-budget).
    #[arg(long, value_name = "STEPS", default_value_t = ChaosOptions::default().budget, value_parser = clap::value_parser!(u64).range(1..), requires = "chaos")]
    chaos_budget: u64,
    /// The chaos rating's integrator: cash-karp (explicit RK4(5), the default) or rosenbrock
    /// (linearly implicit, order 4(3): slower steps, but it reaches the long escape times of the
    /// hardest puzzles). Recorded for --resume when not the default.
    #[arg(long, value_name = "NAME", default_value = "cash-karp", value_parser = integrator, requires = "chaos")]
    chaos_integrator: Integrator,
    /// Where the escape-rate fit's tail starts: at the first escape where the fraction of
    /// trajectories still running is at most P (0 < P <= 1; 1: from the first escape). For
    /// heavily censored runs, where p(t) never falls to the default 1/2.
    #[arg(long, value_name = "P", default_value_t = FitOptions::default().tail, value_parser = fraction, requires = "chaos")]
    chaos_tail: f64,
    /// Fewer escapes in the tail than N give no η, only its lower bound (eta_low).
    #[arg(long, value_name = "N", default_value_t = FitOptions::default().min_escapes as u64, value_parser = clap::value_parser!(u64).range(2..), requires = "chaos")]
    chaos_min_escapes: u64,
    /// Also rate each puzzle as HoDoKu 2.2 does (its default step list, scores and levels) into
    /// the hodoku_level and hodoku_score columns (docs/rating.md, "HoDoKu").
    #[arg(long)]
    hodoku: bool,
}

/// An integrator by name.
fn integrator(text: &str) -> Result<Integrator, String> {
    Integrator::from_name(text)
        .ok_or_else(|| format!("`{text}` is not an integrator (cash-karp, rosenbrock)"))
}

/// A number in (0, 1].
fn fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
        _ => Err(format!("`{text}` is not a number in (0, 1]")),
    }
}

/// A finite number above zero.
fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("`{text}` is not a number above 0")),
    }
}

impl RateArgs {
    /// The chaos rating's settings, when --chaos asks for it.
    fn chaos_options(&self) -> Option<ChaosOptions> {
        self.chaos.then(|| ChaosOptions {
            seed: self.chaos_seed,
            trajectories: self.chaos_trajectories as usize,
            tolerance: self.chaos_tolerance,
            time_cap: self.chaos_cap,
            budget: self.chaos_budget,
            integrator: self.chaos_integrator,
            fit: FitOptions {
                tail: self.chaos_tail,
                min_escapes: self.chaos_min_escapes as usize,
                ..FitOptions::default()
            },
        })
    }
}

/// What the recorded options of a run with HoDoKu's rating end with (so a resume must ask for it
/// too).
const HODOKU_OPTION: &str = "+hodoku";

/// The optional ratings of a run, read from its record: their columns are in its file.
fn optional_of(run: &RateRun) -> table::Optional {
    table::Optional {
        hodoku: run.options.ends_with(HODOKU_OPTION),
        chaos: run.chaos.is_some(),
    }
}

fn rate_line(
    line: usize,
    text: &str,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: logic::PathOptions,
    chaos: Option<&ChaosOptions>,
) -> RatingRow {
    let puzzle = first_field(text).to_string();
    // The corpus reader's rule, as in `study` and Python: the first number or `se=` field.
    let external = Fields::parse_after(text).rating_text();
    let grid = Grid::parse(&puzzle).map_err(|e| e.to_string());
    let mut row = table::rate_with(
        line as u64,
        puzzle,
        grid.as_ref().map_err(Clone::clone),
        external,
        variant,
        max_time,
        options,
    );
    if let Some(chaos) = chaos {
        table::add_chaos(&mut row, grid.as_ref().map_err(Clone::clone), chaos);
    }
    row
}

/// What this run is a run of ([`RateRun`]), and its technique options as records written before
/// issue 38 spelled them (Rust's debug text), which a resume accepts as the same.
struct ThisRun {
    run: RateRun,
    legacy_options: String,
}

/// Opens the output of a run into `out` after checking what is there, and returns it with the
/// number of input lines already rated (see [`dlxlab::rating::resumable`]). Nothing is renamed,
/// truncated or written before every check passed: a resume must find a partial run of the same
/// inputs and settings; a fresh run refuses a partial one unless `force`.
fn prepare_output(
    out: &Path,
    this_run: &ThisRun,
    lines: &[(u64, &str)],
    resume: bool,
    force: bool,
) -> anyhow::Result<(AtomicFile, usize)> {
    let partial = partial_path(out);
    let record = resumable::provenance_path(out);
    if resume {
        if !partial.exists() {
            if out.exists() {
                bail!(
                    "cannot resume: {} is complete (no {} to continue); nothing was changed",
                    out.display(),
                    partial.display()
                );
            }
            bail!(
                "cannot resume: no {} to continue; nothing was changed",
                partial.display()
            );
        }
        let mut recorded = RateRun::read(&record).with_context(|| {
            format!(
                "cannot resume {}: no readable record of what it is a run of; nothing was changed (start afresh with --force)",
                partial.display()
            )
        })?;
        // Records written before issue 38 hold the options as Rust's debug text of the same
        // settings: the same run.
        if recorded.options == this_run.legacy_options {
            recorded.options = this_run.run.options.clone();
        }
        let differences = this_run.run.differences(&recorded);
        if !differences.is_empty() {
            bail!(
                "cannot resume {}: {}; nothing was changed (start afresh with --force)",
                partial.display(),
                differences.join("; ")
            );
        }
        let header = table::columns_of(optional_of(&this_run.run));
        let (keep, done) = resumable::recover_columns(&partial, lines, &header)
            .with_context(|| format!("cannot resume {}; nothing was changed", partial.display()))?;
        if keep > 0 {
            let file = AtomicFile::append_after(out, keep)
                .with_context(|| format!("opening {}", partial.display()))?;
            return Ok((file, done));
        }
    } else if partial.exists() && !force {
        bail!(
            "{} holds an interrupted rating: continue it with --resume, or discard it with --force; nothing was changed",
            partial.display()
        );
    }
    this_run
        .run
        .write(&record)
        .with_context(|| format!("writing {}", record.display()))?;
    let file = AtomicFile::create(out).with_context(|| format!("creating {}", out.display()))?;
    Ok((file, 0))
}

/// The kind of an error row, for the summary: the statuses by name, anything else as invalid.
fn error_kind(error: &str) -> &'static str {
    if error == "multiple solutions" {
        "multiple solutions"
    } else if error == "time limit" {
        "time limit"
    } else if error.starts_with("no solution") {
        "no solution"
    } else {
        "invalid line"
    }
}

pub fn run(args: RateArgs) -> anyhow::Result<ExitCode> {
    // Read lossily, so that a line that is not UTF-8 becomes one row with an error instead of
    // aborting the whole corpus.
    if let Some(out) = &args.out {
        refuse_overwriting_input("--out", out, &args.input.input_paths())?;
    }
    let inputs = match args.input.require_puzzles("rate", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    let lines: Vec<(usize, &str)> = inputs
        .iter()
        .map(|input| {
            let n = match input.origin {
                Origin::Argument(n) => n,
                Origin::Line(n) => n as usize,
            };
            (n, input.text.as_str())
        })
        .collect();
    let pool = thread_pool(args.threads)?;
    let variant = (!args.no_decision_tree).then_some(args.variant);
    let max_time = rating_budget(args.limit_ms, args.max_seconds);
    let options = args.se_profile.path_options(args.uvwxyz_wing);
    let chaos = args.chaos_options();
    let numbered: Vec<(u64, &str)> = lines.iter().map(|&(n, t)| (n as u64, t)).collect();
    let run = RateRun {
        dlxlab_version: env!("CARGO_PKG_VERSION").to_string(),
        inputs_sha256: resumable::input_digest(&numbered),
        inputs: numbered.len() as u64,
        decision_tree: variant.map(|v| format!("{v:?}")),
        limit_ms: max_time.as_millis() as u64,
        options: format!(
            "{}{}",
            SeProfile::label(options),
            if args.hodoku { HODOKU_OPTION } else { "" }
        ),
        chaos: chaos.as_ref().map(ChaosOptions::label),
    };
    let this_run = ThisRun {
        run,
        legacy_options: format!("{options:?}"),
    };
    let optional = optional_of(&this_run.run);
    let (mut file, skip) = match &args.out {
        Some(out) => {
            let (file, skip) = prepare_output(out, &this_run, &numbered, args.resume, args.force)?;
            (Some(file), skip)
        }
        None if args.resume => bail!("--resume continues the file of --out: give it"),
        None => (None, 0),
    };
    let mut stdout = io::BufWriter::new(super::input::Stdout::new());
    let sink: &mut dyn Write = match &mut file {
        Some(f) => f,
        None => &mut stdout,
    };
    let mut csv_out = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(sink);
    if skip == 0 {
        csv_out.write_record(table::columns_of(optional))?;
    }
    let bar = progress_bar(args.quiet, Some(lines.len() as u64), "puzzles");
    bar.inc(skip as u64);
    let stop = stop_flag();
    let mut rows: Vec<RatingRow> = Vec::new();
    let rate = |n: u64, text: &str| {
        let mut row = rate_line(
            n as usize,
            text,
            variant,
            Some(max_time),
            options,
            chaos.as_ref(),
        );
        if args.hodoku {
            table::add_hodoku(&mut row);
        }
        row
    };
    let finished = resumable::rate_lines(
        &numbered,
        skip,
        &pool,
        &rate,
        stop,
        &|n| bar.inc(n),
        &mut |chunk| {
            for row in chunk {
                table::write_row_of(&mut csv_out, row, optional)?;
            }
            // What is rated is on disk before the next chunk starts.
            csv_out.flush()?;
            rows.extend_from_slice(chunk);
            Ok(())
        },
    )?;
    bar.finish_and_clear();
    csv_out.flush()?;
    drop(csv_out);
    if !finished {
        let done = skip + rows.len();
        match (&args.out, file) {
            (Some(out), Some(mut f)) => {
                f.flush()?;
                eprintln!(
                    "rate: interrupted after {done} of {} puzzles; their rows are in {}; run again with --resume",
                    lines.len(),
                    partial_path(out).display()
                );
            }
            _ => eprintln!(
                "rate: interrupted after {done} of {} puzzles (their rows are printed)",
                lines.len()
            ),
        }
        return Ok(ExitCode::from(130));
    }
    if let (Some(out), Some(f)) = (&args.out, file) {
        f.commit()?;
        let record = resumable::provenance_path(out);
        if record.exists() {
            fs::remove_file(&record).with_context(|| format!("removing {}", record.display()))?;
        }
    }
    if skip > 0 && !args.quiet {
        eprintln!("rate: {skip} puzzles resumed from the partial file; the summary below is of the {} rated now", rows.len());
    }
    if !args.quiet {
        let pairs: Vec<(u16, &TechniqueRating)> = rows
            .iter()
            .filter_map(|r| {
                let ext = technique::parse_tenths(r.external.as_deref()?)?;
                Some((ext, r.result.as_ref().ok()?))
            })
            .collect();
        let errors = rows.iter().filter(|r| r.result.is_err()).count();
        let mut err = io::stderr().lock();
        writeln!(err, "rated {} puzzles ({} errors)", rows.len(), errors)?;
        let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
        for row in &rows {
            if let Err(e) = &row.result {
                *kinds.entry(error_kind(e)).or_default() += 1;
            }
        }
        for (kind, n) in kinds {
            writeln!(err, "  {kind}: {n}")?;
        }
        if chaos.is_some() {
            let mut statuses: std::collections::BTreeMap<String, usize> = Default::default();
            for fields in rows.iter().map(table::chaos_fields) {
                let [.., status] = fields;
                if !status.is_empty() {
                    *statuses.entry(status).or_default() += 1;
                }
            }
            let list: Vec<String> = statuses.iter().map(|(s, n)| format!("{s} {n}")).collect();
            writeln!(err, "chaos hardness: {}", list.join(", "))?;
        }
        if !pairs.is_empty() {
            writeln!(err, "band  total  exact  lower  higher  beyond  agree%")?;
            let (mut t44, mut e44) = (0, 0);
            for b in technique::agreement(&pairs) {
                writeln!(
                    err,
                    "{:>2}.{}  {:>5}  {:>5}  {:>5}  {:>6}  {:>6}  {:>5.1}",
                    b.band_tenths / 10,
                    b.band_tenths % 10,
                    b.total,
                    b.exact,
                    b.lower,
                    b.higher,
                    b.beyond,
                    100.0 * b.exact as f64 / b.total as f64
                )?;
                if b.band_tenths <= 44 {
                    t44 += b.total;
                    e44 += b.exact;
                }
            }
            if t44 > 0 {
                writeln!(
                    err,
                    "rated <= 4.4: {e44}/{t44} exact ({:.1}%)",
                    100.0 * e44 as f64 / t44 as f64
                )?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
