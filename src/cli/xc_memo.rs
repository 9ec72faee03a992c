//! `dlxlab xc --engine memo`: the memoised search (DXZ / DLX6) and what its ZDD gives: the
//! count, the diagram itself (`--zdd`), uniform samples (`--sample`), per-option counts
//! (`--stats`), and the solutions themselves (`--max`); with `--threads N`, the count alone,
//! counted on N threads.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::ValueEnum;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use dlxlab::harness::output::AtomicFile;
use dlxlab::xc::format::Parsed;
use dlxlab::xc::memo::parallel::{self, Parallel, Sharing};
use dlxlab::xc::memo::{self, MemoConfig};
use dlxlab::xc::{Limits, OptionId, SearchEnd};

use super::xc_output::{write_profile_and_time, write_solution};

/// The `--memo-cache` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MemoCache {
    /// One cache for all threads.
    Shared,
    /// One cache per thread.
    PerThread,
}

/// What `xc` passes to the memo engine.
pub struct MemoArgs<'a> {
    /// The parsed problem and the lines of its text.
    pub parsed: &'a Parsed,
    /// The input's lines (options are printed as written).
    pub lines: &'a [&'a str],
    /// Print only the count.
    pub count: bool,
    /// Solutions to print when not counting (0: all).
    pub max: u64,
    /// Print the statistics and per-option counts on stderr.
    pub stats: bool,
    /// Node limit.
    pub limits: Limits,
    /// Where to write the ZDD.
    pub zdd: Option<PathBuf>,
    /// Uniform samples to print.
    pub sample: Option<usize>,
    /// Their seed.
    pub seed: u64,
    /// The cache budget in MiB.
    pub memo_mb: Option<usize>,
    /// Threads for a parallel count (1: serial; 0: one per core).
    pub threads: usize,
    /// The depth of the cut for a parallel count.
    pub split_depth: Option<usize>,
    /// Shared or per-thread caches for a parallel count.
    pub cache: Option<MemoCache>,
}

/// Exit code when a node budget ended the search before it was complete.
const EXIT_LIMIT: u8 = 3;

/// Runs the memo engine for `dlxlab xc`.
pub fn run(a: MemoArgs) -> anyhow::Result<ExitCode> {
    let problem = &a.parsed.problem;
    let config = MemoConfig {
        cache_bytes: a.memo_mb.map_or(MemoConfig::DEFAULT_CACHE_BYTES, |mb| {
            mb.saturating_mul(1 << 20)
        }),
    };
    if a.threads != 1 || a.split_depth.is_some() {
        return run_parallel(&a, &config);
    }
    if a.cache.is_some() {
        anyhow::bail!("--memo-cache needs --threads N");
    }
    let start = Instant::now();
    let run = with_progress(|| memo::solve(problem, &config, &a.limits))?;
    let elapsed = start.elapsed();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    budget_note(&mut err, &run.stats, &config)?;
    if let SearchEnd::Limit(_) = run.end {
        return limit_reached(&a, &mut out, &mut err, &run.stats, elapsed);
    }
    let zdd = &run.zdd;
    let count = zdd.count();
    let print = |out: &mut dyn Write, first: bool, solution: &[OptionId]| {
        write_solution(out, a.parsed, a.lines, !first, solution)
    };
    if let Some(path) = &a.zdd {
        let mut file =
            AtomicFile::create(path).with_context(|| format!("writing {}", path.display()))?;
        zdd.write(&mut file)
            .and_then(|()| file.commit())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let mut write_error = None;
    if let Some(n) = a.sample {
        let mut rng = Pcg64::seed_from_u64(a.seed);
        for (i, s) in zdd.sample(n, &mut rng).iter().enumerate() {
            if let Err(e) = print(&mut out, i == 0, s) {
                write_error = Some(e);
                break;
            }
        }
    } else if a.count {
        writeln!(out, "{count}")?;
    } else {
        let mut found = 0u64;
        zdd.for_each_solution(|s| {
            found += 1;
            if let Err(e) = print(&mut out, found == 1, s) {
                write_error = Some(e);
                return false;
            }
            a.max == 0 || found < a.max
        });
    }
    if let Some(e) = write_error {
        return Err(e).context("writing the solutions");
    }
    out.flush()?;
    drop(out);
    if a.stats {
        write_header(&mut err, problem, "counted as DLX6")?;
        writeln!(err, "solutions: {count}")?;
        print_stats(&mut err, &run.stats, elapsed)?;
        writeln!(err, "solutions per option (option number from 1: count):")?;
        for (o, c) in zdd.option_counts(problem.n_options()).iter().enumerate() {
            writeln!(err, "  {}: {c}", o + 1)?;
        }
    }
    // A count of 0 is an answer (exit status 0, as `solve --count`); printing, none is status 1.
    if zdd.root() == 0 && !a.count {
        writeln!(err, "dlxlab: no solution")?;
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// How often a running memo search prints a progress line on standard error.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Runs `work`, printing a line on standard error every [`PROGRESS_EVERY`] while it runs, so that
/// a long count shows that it is moving (issue 38: a 13-clue Sudoku ran 13.5 minutes without a
/// word). A search shorter than that prints nothing.
fn with_progress<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let start = Instant::now();
            let mut next = PROGRESS_EVERY;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                if start.elapsed() >= next {
                    eprintln!(
                        "dlxlab: memo: {} nodes in {} s, solution diagram {:.1} MiB so far (Ctrl-C stops)",
                        memo::progress_nodes(),
                        next.as_secs(),
                        memo::progress_diagram_bytes() as f64 / (1u64 << 20) as f64
                    );
                    next += PROGRESS_EVERY;
                }
            }
        });
        let result = work();
        done.store(true, Ordering::Relaxed);
        result
    })
}

/// Says when the memo budget (`--memo-mb`) bound the search: the cache refused subproblems, so
/// that each was searched again whenever met — memoisation stopped paying from there on, and a
/// search that takes minutes with the cache may take hours without it — or the solution diagram
/// alone outgrew the budget.
fn budget_note(err: &mut dyn Write, s: &memo::MemoStats, config: &MemoConfig) -> io::Result<()> {
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    let budget = config.cache_bytes as u64;
    if s.cache_refused > 0 {
        writeln!(
            err,
            "dlxlab: memo: the budget of {:.0} MiB (--memo-mb) was spent: {} new subproblems were \
             not cached and were searched again each time they were met, so memoisation stopped \
             paying from there on; raise --memo-mb, or count with --engine dlx",
            mib(budget),
            s.cache_refused
        )?;
    }
    if s.peak_bytes() > budget {
        writeln!(
            err,
            "dlxlab: memo: the search held {:.1} MiB, past the budget of {:.0} MiB (--memo-mb): \
             the cache ({:.1} MiB) was filled before the solution diagram ({:.1} MiB) grew, and the \
             links ({:.1} MiB) and the diagram cannot be left out",
            mib(s.peak_bytes()),
            mib(budget),
            mib(s.cache_bytes),
            mib(s.zdd_bytes),
            mib(s.links_bytes)
        )?;
    }
    Ok(())
}

fn print_stats(
    err: &mut dyn Write,
    s: &memo::MemoStats,
    elapsed: std::time::Duration,
) -> io::Result<()> {
    writeln!(err, "nodes: {}", s.nodes)?;
    writeln!(err, "updates: {}", s.updates)?;
    writeln!(err, "cleansings: {}", s.cleansings)?;
    writeln!(err, "cache hits: {} (leaves: {})", s.cache_hits, s.leaves)?;
    writeln!(
        err,
        "cache entries: {} ({} subproblems with solutions; {} refused by the budget)",
        s.cache_entries, s.good_entries, s.cache_refused
    )?;
    writeln!(
        err,
        "zdd nodes: {} ({} made, before hash-consing)",
        s.zdd_nodes, s.zdd_made
    )?;
    writeln!(
        err,
        "memory: {} bytes (links {}, cache {}, zdd {})",
        s.peak_bytes(),
        s.links_bytes,
        s.cache_bytes,
        s.zdd_bytes
    )?;
    write_profile_and_time(err, &s.profile, elapsed)
}

fn write_header(err: &mut dyn Write, problem: &dlxlab::xc::Problem, how: &str) -> io::Result<()> {
    writeln!(
        err,
        "engine: memo (Algorithm X with a cache of subproblems, {how})"
    )?;
    writeln!(
        err,
        "problem: {} items ({} primary), {} options",
        problem.n_items(),
        problem.n_primary(),
        problem.n_options()
    )
}

/// A node limit stopped the search: no count is known.
fn limit_reached(
    a: &MemoArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    stats: &memo::MemoStats,
    elapsed: std::time::Duration,
) -> anyhow::Result<ExitCode> {
    if a.count {
        writeln!(out, "unknown (node limit reached: the count is incomplete)")?;
    }
    out.flush()?;
    writeln!(
        err,
        "dlxlab: node limit of {} reached: the memo search is incomplete and knows no count",
        a.limits.max_nodes.unwrap_or_default()
    )?;
    if a.stats {
        print_stats(err, stats, elapsed)?;
    }
    Ok(ExitCode::from(EXIT_LIMIT))
}

/// `--threads N`: the count alone, counted below a cut on N threads.
fn run_parallel(a: &MemoArgs, config: &MemoConfig) -> anyhow::Result<ExitCode> {
    let refused = [
        (!a.count, "solutions (add --count)"),
        (a.zdd.is_some(), "--zdd"),
        (a.sample.is_some(), "--sample"),
    ];
    if let Some((_, what)) = refused.iter().find(|(r, _)| *r) {
        anyhow::bail!(
            "--engine memo with --threads or --split-depth counts only: {what} needs the ZDD, \
             which is built on one thread (--threads 1)"
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()?;
    let par = Parallel {
        depth: a.split_depth,
        sharing: match a.cache.unwrap_or(MemoCache::Shared) {
            MemoCache::Shared => Sharing::Shared,
            MemoCache::PerThread => Sharing::PerThread,
        },
    };
    let start = Instant::now();
    let run = with_progress(|| {
        pool.install(|| parallel::count(&a.parsed.problem, config, &par, &a.limits))
    })?;
    let elapsed = start.elapsed();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    budget_note(&mut err, &run.stats, config)?;
    if let SearchEnd::Limit(_) = run.end {
        return limit_reached(a, &mut out, &mut err, &run.stats, elapsed);
    }
    writeln!(out, "{}", run.count)?;
    out.flush()?;
    if a.stats {
        let how = format!(
            "{} threads, {} cache, {} subproblems at depth {}",
            pool.current_num_threads(),
            match par.sharing {
                Sharing::Shared => "one shared",
                Sharing::PerThread => "a per-thread",
            },
            run.subproblems,
            run.depth
        );
        write_header(&mut err, &a.parsed.problem, &how)?;
        writeln!(err, "solutions: {}", run.count)?;
        print_stats(&mut err, &run.stats, elapsed)?;
        writeln!(
            err,
            "note: counted on threads: only the solutions equal the serial count's (the cache \
             counters depend on the schedule); no ZDD was built, so `zdd nodes` is 0, `made` \
             counts additions, and there are no per-option counts"
        )?;
    }
    // Counting only: a count of 0 is an answer too.
    Ok(ExitCode::SUCCESS)
}
