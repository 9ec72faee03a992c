//! `dlxlab bench`: a throughput table per solver on a corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::corpus::LineKind;
use dlxlab::harness::{
    self,
    bench::{bench, paired_ratio},
};

use super::study::{limits, locate_corpus};
use super::whole_bench as whole;

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
    /// Timed passes over the puzzles per solver, alternating between the solvers (forward, then
    /// backward through the list): the table gives each solver's median pass and, in `vs crate`,
    /// the median of its pass-by-pass ratios to the crate. Use 9 for numbers to quote.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    passes: u32,
    /// Node budget per puzzle (default: none, except backtrack's 20,000).
    #[arg(long)]
    limit_nodes: Option<u64>,
    /// Stop after this many solutions (0 = count all; the default 2 proves uniqueness).
    #[arg(long = "max", visible_alias = "max-solutions", default_value_t = 2)]
    max_solutions: u64,
    /// External solvers are timed like the built-in ones (each puzzle a round trip), and a row
    /// `external-null` (this binary's `external-null`, which answers at once) shows what the
    /// protocol itself costs per puzzle.
    #[command(flatten)]
    external: super::external::ExternalArgs,
    /// Also time each solver's whole process, `dlxlab solve --solver S --corpus FILE --threads T`
    /// (this binary as a child process), against a peer program doing the same whole job
    /// (`--peer`; default the `sudoku` crate's), on the puzzles of the table: median wall and CPU time over `--rounds`
    /// alternating rounds, and each output checked to have one line per puzzle. For the README's
    /// numbers pin everything to one core: `taskset -c 0 dlxlab bench --whole-process`.
    #[arg(long)]
    whole_process: bool,
    /// Timed rounds of `--whole-process` (after one untimed round).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// The peer program that does the whole job for `--whole-process`, labelled by its file name
    /// (default: the `sudoku` crate's, the `sudoku_whole` example beside this binary,
    /// `target/release/examples/sudoku_whole`, built by `cargo build --release --example
    /// sudoku_whole`; tdoku's is `tdoku_whole`, built by `scripts/peers/tdoku.sh`).
    #[arg(long, value_name = "PATH")]
    peer: Option<PathBuf>,
}

/// The row label of the `sudoku` crate in process.
pub(super) const PEER_ROW: &str = "sudoku-crate";

/// With the feature `peer`, puts the `sudoku` crate first among the runs and returns its row
/// label; without it, `None`.
#[cfg(feature = "peer")]
fn peer_in_process(
    solvers: &mut Vec<dlxlab::harness::SolverRun>,
    limits: dlxlab::solvers::SolveLimits,
) -> Option<&'static str> {
    use dlxlab::harness::peer::{SudokuCrate, NAME};
    debug_assert_eq!(NAME, PEER_ROW);
    solvers.insert(
        0,
        dlxlab::harness::SolverRun {
            solver: Box::new(SudokuCrate),
            limits,
        },
    );
    Some(NAME)
}

/// With the feature `peer`, puts the `sudoku` crate first among the runs and returns its row
/// label; without it, `None`.
#[cfg(not(feature = "peer"))]
fn peer_in_process(
    _: &mut [dlxlab::harness::SolverRun],
    _: dlxlab::solvers::SolveLimits,
) -> Option<&'static str> {
    None
}

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    // Before any timing: a missing peer program is an error, not a row left out.
    let peer = if args.whole_process {
        Some(whole::peer_program(args.peer.as_deref())?)
    } else {
        None
    };
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
    let crate_name = peer_in_process(&mut solvers, lim);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let threads = pool.current_num_threads();
    let passes = args.passes as usize;
    let results = pool.install(|| bench(&puzzles, &solvers, args.warmup, passes, threads > 1));
    println!(
        "corpus {} ({} puzzles{}), {threads} thread(s), warm-up {}, {passes} timed pass(es) each, \
         alternating",
        source.portable(),
        puzzles.len(),
        if invalid > 0 {
            format!(", {invalid} invalid lines skipped")
        } else {
            String::new()
        },
        args.warmup
    );
    match crate_name {
        Some(_) => println!("the sudoku crate in process: row {}", PEER_ROW),
        None => println!(
            "(the sudoku crate in process: build with `--features peer`; it is AGPL-3.0, so the \
             default build leaves it out)"
        ),
    }
    println!(
        "| solver | puzzles | puzzles/s | µs/puzzle | nodes/puzzle | guesses/puzzle | limit | failed | vs crate |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    // Same puzzles, same rounds: the crate's time per puzzle over the solver's, round by round.
    let crate_row = results
        .iter()
        .find(|r| Some(r.solver.as_str()) == crate_name)
        .cloned();
    let mut failed = false;
    for r in &results {
        let counts = if Some(r.solver.as_str()) == crate_name {
            // The crate does not count nodes or guesses.
            "— | —".to_string()
        } else {
            format!("{:.1} | {:.1}", r.nodes_per_puzzle, r.guesses_per_puzzle)
        };
        let ratio = match crate_row.as_ref().and_then(|c| paired_ratio(c, r)) {
            Some(x) => format!("{x:.2}x"),
            None => "—".to_string(),
        };
        println!(
            "| {} | {} | {:.0} | {:.2} | {counts} | {} | {} | {ratio} |",
            r.solver,
            r.puzzles,
            r.puzzles_per_second(),
            r.micros_per_puzzle(),
            r.limited,
            r.failures
        );
        failed |= r.failures > 0;
    }
    if let Some(peer) = peer {
        failed |= whole::run(
            &peer,
            &puzzles,
            &solvers,
            args.threads,
            args.rounds as usize,
        )?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
