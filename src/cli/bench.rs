//! `dlxlab bench`: a throughput table per solver on a corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::corpus::LineKind;
use dlxlab::harness::{self, bench::bench};

use super::study::{limits, locate_corpus};

/// Throughput table per solver on a corpus.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Corpus file, `-` for standard input (default: as for `study`).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Solvers to run, comma-separated (default: every registered solver).
    #[arg(long, value_delimiter = ',')]
    solvers: Vec<String>,
    /// Use the first N valid puzzles only (0 = all).
    #[arg(long, default_value_t = 0)]
    puzzles: usize,
    /// Worker threads; 1 (the default) times one solve at a time.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Puzzles solved before the timed pass to warm caches and branch predictors.
    #[arg(long, default_value_t = 200)]
    warmup: usize,
    /// Node budget per puzzle (default: none, except backtrack's 20,000).
    #[arg(long)]
    limit_nodes: Option<u64>,
    /// Stop after this many solutions (2 proves uniqueness).
    #[arg(long, default_value_t = 2)]
    max_solutions: u64,
    /// External solvers are timed like the built-in ones (each puzzle a round trip), and a row
    /// `external-null` (this binary's `external-null`, which answers at once) shows what the
    /// protocol itself costs per puzzle.
    #[command(flatten)]
    external: super::external::ExternalArgs,
}

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let source = locate_corpus(args.corpus.as_deref());
    let mut puzzles = Vec::new();
    let mut invalid = 0u64;
    for line in source
        .open()
        .with_context(|| format!("opening {}", source.describe()))?
    {
        if let LineKind::Puzzle(record) = line?.kind {
            match record.grid {
                Ok(grid) => puzzles.push(grid),
                Err(_) => invalid += 1,
            }
        }
        if args.puzzles > 0 && puzzles.len() >= args.puzzles {
            break;
        }
    }
    let lim = limits(args.max_solutions, args.limit_nodes, None);
    let mut solvers = harness::select_solvers(&args.solvers, lim)?;
    if !args.external.external.is_empty() {
        args.external.add_runs(&mut solvers, lim)?;
        solvers.push(super::external::null_run(args.external.max_ms)?);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let threads = pool.current_num_threads();
    let results = pool.install(|| bench(&puzzles, &solvers, args.warmup, threads > 1));
    println!(
        "corpus {} ({} puzzles{}), {threads} thread(s), warm-up {}",
        source.portable(),
        puzzles.len(),
        if invalid > 0 {
            format!(", {invalid} invalid lines skipped")
        } else {
            String::new()
        },
        args.warmup
    );
    println!(
        "| solver | puzzles | puzzles/s | µs/puzzle | nodes/puzzle | guesses/puzzle | limit | failed |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut failed = false;
    for r in &results {
        println!(
            "| {} | {} | {:.0} | {:.2} | {:.1} | {:.1} | {} | {} |",
            r.solver,
            r.puzzles,
            r.puzzles_per_second(),
            r.micros_per_puzzle(),
            r.nodes_per_puzzle,
            r.guesses_per_puzzle,
            r.limited,
            r.failures
        );
        failed |= r.failures > 0;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
