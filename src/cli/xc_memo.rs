//! `dlxlab xc --engine memo`: the memoised search (DXZ / DLX6) and what its ZDD gives: the
//! count, the diagram itself (`--zdd`), uniform samples (`--sample`), per-option counts
//! (`--stats`), and the solutions themselves (`--max`).

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use dlxlab::harness::output::AtomicFile;
use dlxlab::xc::format::Parsed;
use dlxlab::xc::memo::{self, MemoConfig};
use dlxlab::xc::{Limits, OptionId, SearchEnd};

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
    let start = Instant::now();
    let run = memo::solve(problem, &config, &a.limits)?;
    let elapsed = start.elapsed();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    if let SearchEnd::Limit(_) = run.end {
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
            print_stats(&mut err, &run.stats, elapsed)?;
        }
        return Ok(ExitCode::from(EXIT_LIMIT));
    }
    let zdd = &run.zdd;
    let count = zdd.count();
    let print = |out: &mut dyn Write, solution: &[OptionId]| -> io::Result<()> {
        for o in solution {
            writeln!(
                out,
                "{}",
                a.lines[a.parsed.option_lines[o.0 as usize] - 1].trim()
            )?;
        }
        Ok(())
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
            let r = (if i > 0 { writeln!(out) } else { Ok(()) }).and_then(|()| print(&mut out, s));
            if let Err(e) = r {
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
            let r =
                (if found > 1 { writeln!(out) } else { Ok(()) }).and_then(|()| print(&mut out, s));
            if let Err(e) = r {
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
        writeln!(
            err,
            "engine: memo (Algorithm X with a cache of subproblems, counted as DLX6)"
        )?;
        writeln!(
            err,
            "problem: {} items ({} primary), {} options",
            problem.n_items(),
            problem.n_primary(),
            problem.n_options()
        )?;
        writeln!(err, "solutions: {count}")?;
        print_stats(&mut err, &run.stats, elapsed)?;
        writeln!(err, "solutions per option (option number from 1: count):")?;
        for (o, c) in zdd.option_counts(problem.n_options()).iter().enumerate() {
            writeln!(err, "  {}: {c}", o + 1)?;
        }
    }
    if zdd.root() == 0 {
        if !a.count {
            writeln!(err, "dlxlab: no solution")?;
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
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
    let profile: Vec<String> = s.profile.iter().map(u64::to_string).collect();
    writeln!(err, "profile: {}", profile.join(" "))?;
    writeln!(
        err,
        "time: {:.3} ms (search only)",
        elapsed.as_secs_f64() * 1e3
    )
}
