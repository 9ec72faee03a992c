//! The study runner: a corpus through every solver, in parallel, with nothing lost.
//!
//! [`study`] reads a corpus in chunks, runs every (puzzle, solver) pair of a chunk on the rayon pool
//! ([`engine`]), and writes one row per pair to `runs.csv` in line order ([`Row`]), then `meta.json`
//! ([`meta::Meta`]) and `summary.md` ([`summary::Summary`]). The rules it keeps:
//!
//! - **Nothing lost.** Every line that is not a comment or blank yields one row per solver. A line
//!   that is not a valid puzzle yields, for each solver, a row with status `invalid` and the reason
//!   in `error` — so that the row count is always puzzle lines x solvers and reconciles without
//!   special cases. A bad line never stops the run.
//! - **Verified.** Every solution is checked with [`crate::sudoku::check_solution`]; an invalid or
//!   inconsistent answer is a row whose `error` starts with [`row::SOLVER_ERROR`], and the study
//!   reports it as failed.
//! - **Deterministic.** The rows are the same, apart from `time_ns`, for any thread count and any
//!   shard split (unless a time budget is set: where a time budget stops a search depends on the
//!   machine). Under `--permute` ([`permute`]) the symmetry of a puzzle depends on the seed and
//!   its line only, so this holds there too.
//! - **Atomic.** Files are written under `<name>.partial` and renamed when complete
//!   ([`output`]). A stop request (Ctrl-C in the CLI) leaves `runs.csv.partial` holding whole
//!   puzzles only; [`StudyConfig::resume`] continues from it (or from a truncated `runs.csv`).
//! - **Resumed only into the same run.** A run records what it is a run of ([`provenance`]:
//!   corpus SHA-256 and size, solvers and limits, shard, timing, `--permute` seed, version)
//!   before its first row;
//!   a resume that differs in any of them is refused, naming each difference, before anything in
//!   the directory is renamed, truncated or written. A fresh run into a directory holding an
//!   interrupted one is refused unless [`StudyConfig::force`] says to discard it.

pub mod answers;
pub mod bench;
mod config;
pub mod digest;
pub mod engine;
mod error;
pub mod loop_peer;
pub mod merge;
pub mod meta;
pub mod out_dir;
pub mod output;
mod pairs;
#[cfg(feature = "peer")]
pub mod peer;
pub mod permute;
pub mod phases;
mod plan;
pub mod provenance;
mod resume;
pub mod row;
pub mod summary;
pub mod whole;

pub use config::{read_meta, StudyConfig, DEFAULT_CHUNK_LINES, META_JSON, RUNS_CSV, SUMMARY_MD};
pub use engine::Tally;
pub use error::HarnessError;
pub use plan::{select_solvers, solver_meta, Mode, Plan, SolverRun, BACKTRACK_DEFAULT_MAX_NODES};
pub use row::{Row, COLUMNS};

use std::fs::{self, File};
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime};

use crate::corpus::{Shard, Source};

use error::io_err;
use meta::{CorpusMeta, Environment, Meta};
use output::{partial_path, AtomicFile};
use phases::{Clock, Timings};
use provenance::{Provenance, SolverLimits, PROVENANCE_PARTIAL};
use summary::{Summary, SummaryBuilder};

/// What a finished (or stopped) study did.
#[derive(Debug)]
pub struct StudyReport {
    /// Counts of this run (not including resumed rows).
    pub tally: Tally,
    /// Rows taken over from the earlier partial run.
    pub resumed_rows: u64,
    /// The summary (`None` when the run was stopped: nothing is final then).
    pub summary: Option<Summary>,
    /// `meta.json` as written (`None` when stopped).
    pub meta: Option<Meta>,
    /// Wall time of the solve pass: reading the corpus, solving, writing `runs.csv` (not the
    /// side job of [`study_alongside`], nor `meta.json` and `summary.md`).
    pub elapsed: Duration,
    /// Started with the study, for the totals of [`Timings`] once the caller's own phases (the
    /// ratings file, the report) are done too.
    pub clock: Clock,
}

impl StudyReport {
    /// The study finished, reconciled, without solver errors or disagreements.
    pub fn passed(&self) -> bool {
        self.summary
            .as_ref()
            .is_some_and(|s| s.reconciled() && s.solver_errors() == 0 && s.disagreements == 0)
    }
}

/// Counts the puzzle lines of a shard (for a progress bar's length), reading the source once.
pub fn count_puzzle_lines(source: &Source, shard: Shard) -> io::Result<u64> {
    let mut n = 0;
    for line in source.open()? {
        let line = line?;
        if shard.contains(line.number) && matches!(line.kind, crate::corpus::LineKind::Puzzle(_)) {
            n += 1;
        }
    }
    Ok(n)
}

/// Runs a study: see the module documentation. `progress` is called with `1` per finished puzzle;
/// setting `stop` ends the run early at a whole puzzle (then `runs.csv.partial` is left for
/// `--resume`, and no `meta.json` or `summary.md` is written).
pub fn study(
    config: &StudyConfig,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<StudyReport, HarnessError> {
    study_alongside(config, stop, progress, || ()).map(|(report, ())| report)
}

/// [`study`], with a side job (`dlxlab study` rates the corpus) run on the study's thread pool
/// while the solvers run, so that neither leaves a thread idle at the end of a chunk or of its
/// own pass; returns the side job's result with the report. The rows do not depend on it; what
/// it changes is only what shares the CPU with a solve call, as other solve calls do anyway
/// (`time_ns` of the parallel pass includes contention between threads). With
/// [`StudyConfig::serial_timing`] the side job runs after the solve pass instead, so that the
/// single-threaded timing pass has the machine to itself. The side job is not told about `stop`:
/// give it the same flag if it should end early.
pub fn study_alongside<T: Send>(
    config: &StudyConfig,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    side: impl FnOnce() -> T + Send,
) -> Result<(StudyReport, T), HarnessError> {
    if config.solvers.is_empty() {
        return Err(HarnessError::NoSolvers);
    }
    let started = SystemTime::now();
    let started_clock = Clock::start();
    // Captured before the run, so that a rebuild during a long study cannot change the record.
    let env = Environment::capture();
    let dir = &config.out_dir;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    let runs = dir.join(RUNS_CSV);
    let partial = partial_path(&runs);
    let names: Vec<&str> = config.solvers.iter().map(|s| s.solver.name()).collect();
    let mut builder = SummaryBuilder::new(&names);

    // Nothing in `dir` is renamed, truncated or written until this run is known to fit what is
    // there: the corpus is hashed first (a stream was read into memory by `settle`).
    let source = config
        .source
        .clone()
        .settle()
        .map_err(HarnessError::Corpus)?;
    let (corpus_sha256, corpus_bytes) = source.fingerprint().map_err(HarnessError::Corpus)?;
    let this_run = Provenance {
        dlxlab_version: env!("CARGO_PKG_VERSION").to_string(),
        corpus: source.portable(),
        corpus_sha256,
        corpus_bytes,
        solvers: solver_meta(&config.solvers)
            .iter()
            .map(SolverLimits::from)
            .collect(),
        shard: (config.shard != Shard::ALL).then_some(config.shard),
        timing: timing_name(config.serial_timing).to_string(),
        seed: config.permute,
    };
    let provenance_path = dir.join(PROVENANCE_PARTIAL);
    let recovered = resume::prepare_output(
        config,
        &source,
        &this_run,
        &runs,
        &provenance_path,
        &mut builder,
    )?;
    let mut out = if recovered.keep_bytes > 0 {
        AtomicFile::append_after(&runs, recovered.keep_bytes).map_err(io_err(&partial))?
    } else {
        AtomicFile::create(&runs).map_err(io_err(&partial))?
    };
    if recovered.keep_bytes == 0 {
        let mut header = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        header.write_record(COLUMNS)?;
        let header = header
            .into_inner()
            .map_err(|e| HarnessError::Csv(csv::Error::from(e.into_error())))?;
        out.write_all(&header).map_err(io_err(&partial))?;
    }

    let plan = Plan {
        solvers: &config.solvers,
        mode: Mode::EverySolver,
        shard: config.shard,
        chunk_lines: config.chunk_lines,
        serial_timing: config.serial_timing,
        skip_through: recovered.last_line,
        csv_rows: true,
        permute: config.permute,
    };
    let mut reader = source.open().map_err(HarnessError::Corpus)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| HarnessError::Corpus(io::Error::other(e)))?;
    // Each chunk's rows arrive formatted by the workers that ran them: write the bytes, count
    // the rows. The flush per chunk keeps whole puzzles on disk for `--resume`.
    let mut sink = |rows: &[Row], csv: &[u8]| -> Result<(), HarnessError> {
        out.write_all(csv).map_err(io_err(&partial))?;
        for row in rows {
            builder.add(row);
        }
        out.flush().map_err(io_err(&partial))
    };
    let mut timings = Timings::default();
    let stage = Clock::start();
    let (tally, side_result, side_wall) = if config.serial_timing {
        let tally = engine::run(&mut reader, &plan, &pool, stop, progress, &mut sink);
        let rate = Clock::start();
        let side_result = pool.install(side);
        (tally, side_result, rate.wall())
    } else {
        // The side job goes to the pool first; the solve blocks queue behind it and every idle
        // worker takes whichever is there.
        let mut side_slot = None;
        let mut side_wall = Duration::ZERO;
        let tally = pool.in_place_scope(|scope| {
            let (slot, wall) = (&mut side_slot, &mut side_wall);
            scope.spawn(move |_| {
                let start = Instant::now();
                *slot = Some(side());
                *wall = start.elapsed();
            });
            engine::run(&mut reader, &plan, &pool, stop, progress, &mut sink)
        });
        let side_result = side_slot.expect("the scope ran the side job");
        (tally, side_result, side_wall)
    };
    let stage_cpu = stage.cpu();
    let tally = tally?;
    let elapsed = tally.times.solve_wall;
    let t = tally.times;
    timings.push("read", t.read_wall, t.read_cpu);
    timings.push("solve", t.solve_wall, t.solve_cpu);
    timings.push("write_runs", t.write_wall, t.write_cpu);
    if config.serial_timing {
        timings.push("serial_timing", t.serial_wall, t.serial_cpu);
    }
    let measured = t.read_cpu + t.solve_cpu + t.write_cpu + t.serial_cpu;
    timings.push("rate", side_wall, stage_cpu.saturating_sub(measured));
    if tally.interrupted {
        out.flush().map_err(io_err(&partial))?;
        let report = StudyReport {
            tally,
            resumed_rows: recovered.rows,
            summary: None,
            meta: None,
            elapsed,
            clock: started_clock,
        };
        return Ok((report, side_result));
    }
    if tally.skipped_puzzles * names.len() as u64 != recovered.rows {
        return Err(HarnessError::Resume {
            path: partial,
            reason: format!(
                "it holds {} rows for the corpus lines up to {}, which have {} puzzle lines x {} solvers: not the same corpus?",
                recovered.rows,
                recovered.last_line,
                tally.skipped_puzzles,
                names.len()
            ),
        });
    }
    let (sha256, bytes) = reader
        .into_inner()
        .into_inner()
        .finish()
        .map_err(HarnessError::Corpus)?;
    if (&sha256, bytes) != (&this_run.corpus_sha256, this_run.corpus_bytes) {
        return Err(HarnessError::Corpus(io::Error::other(format!(
            "{} changed while it was read ({} bytes, SHA-256 {} before; {bytes} bytes, SHA-256 {sha256} after): {} left as it is",
            source.describe(),
            this_run.corpus_bytes,
            this_run.corpus_sha256,
            partial.display()
        ))));
    }
    let summary_clock = Clock::start();
    out.commit().map_err(io_err(&runs))?;
    let summary = builder.finish(tally.counts);
    let mut meta = Meta {
        dlxlab_version: env!("CARGO_PKG_VERSION").to_string(),
        git_revision: env.git_revision,
        rustc: env.rustc,
        cpu_model: env.cpu_model,
        threads: pool.current_num_threads(),
        seed: config.permute,
        corpus: CorpusMeta {
            path: source.portable(),
            name: source.name(),
            sha256,
            bytes,
        },
        shard: (config.shard != Shard::ALL).then_some(config.shard),
        counts: tally.counts,
        solvers: solver_meta(&config.solvers),
        timing: timing_name(config.serial_timing).to_string(),
        rows: summary.rows,
        puzzles_sha256: Some(summary.puzzles_sha256.clone()),
        resumed_rows: recovered.rows,
        solver_errors: summary.solver_errors(),
        disagreements: summary.disagreements,
        reconciled: summary.reconciled(),
        started: meta::utc_timestamp(started),
        finished: meta::utc_timestamp(SystemTime::now()),
        merged_from: Vec::new(),
        ratings: None,
        timings: None,
    };
    timings.push("summary", summary_clock.wall(), summary_clock.cpu());
    timings.finish(&started_clock);
    meta.timings = Some(timings);
    write_meta_and_summary(dir, &meta, &summary)?;
    // meta.json now says what runs.csv is a run of.
    if provenance_path.exists() {
        fs::remove_file(&provenance_path).map_err(io_err(&provenance_path))?;
    }
    let report = StudyReport {
        tally,
        resumed_rows: recovered.rows,
        summary: Some(summary),
        meta: Some(meta),
        elapsed,
        clock: started_clock,
    };
    Ok((report, side_result))
}

/// `meta.json`'s name for [`StudyConfig::serial_timing`].
fn timing_name(serial: bool) -> &'static str {
    if serial {
        "serial"
    } else {
        "parallel"
    }
}

/// Writes `meta.json` and `summary.md` atomically.
pub fn write_meta_and_summary(
    dir: &Path,
    meta: &Meta,
    summary: &Summary,
) -> Result<(), HarnessError> {
    let meta_path = dir.join(META_JSON);
    let json = serde_json::to_vec_pretty(meta).map_err(|source| HarnessError::Json {
        path: meta_path.clone(),
        source,
    })?;
    output::write_atomic(&meta_path, &json).map_err(io_err(&meta_path))?;
    let summary_path = dir.join(SUMMARY_MD);
    output::write_atomic(&summary_path, summary.to_markdown(meta).as_bytes())
        .map_err(io_err(&summary_path))
}

/// Records in `dir/meta.json` how the study's `ratings.csv` was made (rewritten atomically).
pub fn record_ratings(dir: &Path, ratings: meta::RatingsMeta) -> Result<(), HarnessError> {
    let mut meta = read_meta(dir)?;
    meta.ratings = Some(ratings);
    let meta_path = dir.join(META_JSON);
    let json = serde_json::to_vec_pretty(&meta).map_err(|source| HarnessError::Json {
        path: meta_path.clone(),
        source,
    })?;
    output::write_atomic(&meta_path, &json).map_err(io_err(&meta_path))
}

/// Replaces the `timings` of a study's `meta.json` (atomically), for the phases that come after
/// the study itself (`dlxlab study` writes `ratings.csv` and draws the report).
pub fn record_timings(dir: &Path, timings: &Timings) -> Result<(), HarnessError> {
    let mut meta = read_meta(dir)?;
    meta.timings = Some(timings.clone());
    let path = dir.join(META_JSON);
    let json = serde_json::to_vec_pretty(&meta).map_err(|source| HarnessError::Json {
        path: path.clone(),
        source,
    })?;
    output::write_atomic(&path, &json).map_err(io_err(&path))
}

/// Reads every row of a `runs.csv`.
pub fn read_rows(path: &Path) -> Result<Vec<Row>, HarnessError> {
    let file = File::open(path).map_err(io_err(path))?;
    let mut reader = row::reader(BufReader::new(file))?;
    reader
        .deserialize()
        .collect::<Result<Vec<Row>, _>>()
        .map_err(HarnessError::from)
}

/// Opens a `runs.csv` as a row iterator (streaming).
pub fn open_rows(
    path: &Path,
) -> Result<impl Iterator<Item = Result<Row, HarnessError>>, HarnessError> {
    let file = File::open(path).map_err(io_err(path))?;
    let reader = row::reader(BufReader::new(file))?;
    // A bad row's error names the file (issue 38).
    let path = path.to_path_buf();
    Ok(reader
        .into_deserialize::<Row>()
        .map(move |r| r.map_err(|e| io_err(&path)(io::Error::other(e)))))
}
