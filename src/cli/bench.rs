//! `dlxlab bench`: a throughput table per solver on a corpus.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::corpus::LineKind;
use dlxlab::harness::{
    self,
    bench::{bench_with_peers, paired_ratio, BenchResult, Peers},
    loop_peer::LoopPeer,
    permute::Posed,
};

use super::input::locate_corpus;
use super::progress::limits;
use super::whole_bench::{self as whole, TempFile, PEER_ROW};

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
    /// Also time a peer program in process, by the loop protocol (docs/performance.md): it is
    /// given the table's 9x9 puzzles in a file, checked once (every answer against the rules and
    /// the first registered solver's status), then run once per timed pass, alternating with the
    /// solvers; it reports its own pass time, so process start and file reading do not count. A
    /// row labelled by its file name and a column `vs NAME`. tdoku's is `tdoku_loop`, built by
    /// `scripts/peers/tdoku.sh`; `loop-peer` is the protocol around a built-in solver. Repeatable;
    /// one thread and `--max 2` only.
    #[arg(long, value_name = "PATH")]
    in_process_peer: Vec<PathBuf>,
    /// Time every solver and peer on each puzzle under a random symmetry (band, stack, row and
    /// column orders, a transposition, a digit relabelling) drawn from SEED and the puzzle's line
    /// number alone, as tdoku's benchmark does: the same permuted puzzles for every solver, the
    /// in-process and whole-process peers included (they are given the permuted puzzles), and
    /// every answer mapped back and checked against the puzzle as given. Nodes and guesses are
    /// those of the permuted puzzles and change with the seed.
    #[arg(long, value_name = "SEED")]
    permute: Option<u64>,
}

/// The loop protocol of `bench --in-process-peer` around a built-in solver: a control (against the
/// same solver in `bench` it should come out near 1.00x) and the protocol's reference program.
#[derive(Args, Debug)]
pub struct LoopPeerArgs {
    /// The registered solver to run.
    #[arg(long)]
    solver: String,
    /// The puzzle file: one 9x9 puzzle per line, 81 characters.
    puzzles: PathBuf,
    /// Timed passes; each pass's seconds are printed on a line of their own.
    passes: usize,
    /// Puzzles solved untimed before the passes.
    warmup: usize,
    /// Where to write one answer per puzzle (solution, `none` or `multiple`) after the passes.
    solutions: Option<PathBuf>,
}

/// Runs `dlxlab loop-peer`.
pub fn run_loop_peer(args: LoopPeerArgs) -> anyhow::Result<ExitCode> {
    let lim = limits(2, None, None);
    let runs = harness::select_solvers(std::slice::from_ref(&args.solver), lim)?;
    let run = &runs[0];
    let text = std::fs::read_to_string(&args.puzzles)
        .with_context(|| format!("reading {}", args.puzzles.display()))?;
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let grid =
            dlxlab::sudoku::Grid::parse_with_shape(line.trim(), dlxlab::sudoku::Shape::CLASSIC)
                .with_context(|| format!("{} line {}", args.puzzles.display(), i + 1))?;
        puzzles.push(grid);
    }
    let mut file = match &args.solutions {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => None,
    };
    let stdout = std::io::stdout();
    dlxlab::harness::loop_peer::serve(
        run.solver.as_ref(),
        &run.limits,
        &puzzles,
        args.passes,
        args.warmup,
        &mut stdout.lock(),
        file.as_mut().map(|f| f as &mut dyn std::io::Write),
    )
    .context("writing the answers")?;
    Ok(ExitCode::SUCCESS)
}

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
    if !args.in_process_peer.is_empty() && (args.threads != 1 || args.max_solutions != 2) {
        anyhow::bail!(
            "--in-process-peer times one thread counting up to two solutions: use it with \
             --threads 1 and --max 2"
        );
    }
    let mut loop_peers: Vec<LoopPeer> = args
        .in_process_peer
        .iter()
        .map(|p| LoopPeer::new(p))
        .collect();
    // Two programs of the same file name (tdoku built by two compilers, say) are told apart by
    // their paths as given.
    for i in 0..loop_peers.len() {
        if loop_peers
            .iter()
            .filter(|p| p.name == loop_peers[i].name)
            .count()
            > 1
        {
            loop_peers[i].name = loop_peers[i].program.display().to_string();
        }
    }
    let source = locate_corpus(args.corpus.as_deref())?;
    // Each valid puzzle with its line number, which picks its symmetry under --permute.
    let mut puzzles = Vec::new();
    let mut lines = Vec::new();
    let mut invalid = 0u64;
    for line in source
        .open()
        .with_context(|| format!("opening {}", source.describe()))?
    {
        if let LineKind::Puzzle(record) = line?.kind {
            match record.grid {
                Ok(grid) => {
                    puzzles.push(grid);
                    lines.push(record.line);
                }
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
    let scratch =
        TempFile(std::env::temp_dir().join(format!("dlxlab-loop-peer-{}.txt", std::process::id())));
    let peers = (!loop_peers.is_empty()).then(|| Peers {
        programs: &loop_peers,
        file: &scratch.0,
    });
    let posed: Vec<Posed<'_>> = puzzles
        .iter()
        .zip(&lines)
        .map(|(grid, &line)| Posed::new(grid, args.permute, line))
        .collect();
    let results = pool
        .install(|| bench_with_peers(&posed, &solvers, peers, args.warmup, passes, threads > 1))?;
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
    if let Some(seed) = args.permute {
        println!(
            "each puzzle under the random symmetry of seed {seed} and its line (--permute): \
             answers mapped back and checked; nodes and guesses are the permuted puzzles'"
        );
    }
    match crate_name {
        Some(_) => println!("the sudoku crate in process: row {}", PEER_ROW),
        None => println!(
            "(the sudoku crate in process: build with `--features peer`; it is AGPL-3.0, so the \
             default build leaves it out)"
        ),
    }
    // One more column per in-process peer: its time per puzzle over the solver's, pass by pass.
    let peer_rows: Vec<BenchResult> = results
        .iter()
        .filter(|r| loop_peers.iter().any(|p| p.name == r.solver))
        .cloned()
        .collect();
    let peer_head: String = peer_rows
        .iter()
        .map(|p| format!(" vs {} |", p.solver))
        .collect();
    println!(
        "| solver | puzzles | puzzles/s | µs/puzzle | nodes/puzzle | guesses/puzzle | limit | failed | vs crate |{peer_head} % no guess | guesses_tdoku/puzzle |"
    );
    println!(
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|{}---:|---:|",
        "---:|".repeat(peer_rows.len())
    );
    // Same puzzles, same rounds: the crate's time per puzzle over the solver's, round by round.
    let crate_row = results
        .iter()
        .find(|r| Some(r.solver.as_str()) == crate_name)
        .cloned();
    let mut failed = false;
    for r in &results {
        let not_ours =
            Some(r.solver.as_str()) == crate_name || peer_rows.iter().any(|p| p.solver == r.solver);
        let (counts, no_guess) = if not_ours {
            // The crate and the peer programs do not count nodes or guesses.
            ("— | —".to_string(), "—".to_string())
        } else {
            (
                format!("{:.1} | {:.1}", r.nodes_per_puzzle, r.guesses_per_puzzle),
                format!("{:.1}", r.no_guess_percent),
            )
        };
        let ratio = match crate_row.as_ref().and_then(|c| paired_ratio(c, r)) {
            Some(x) => format!("{x:.2}x"),
            None => "—".to_string(),
        };
        let vs_peers: String = peer_rows
            .iter()
            .map(|p| match paired_ratio(p, r) {
                Some(x) => format!(" {x:.2}x |"),
                None => " — |".to_string(),
            })
            .collect();
        // tdoku's convention of guesses (docs/solvers.md), where the counters allow it.
        let tdoku_convention = match r.guesses_tdoku_per_puzzle {
            Some(g) if !not_ours => format!("{g:.2}"),
            _ => "—".to_string(),
        };
        println!(
            "| {} | {} | {:.0} | {:.2} | {counts} | {} | {} | {ratio} |{vs_peers} {no_guess} | {tdoku_convention} |",
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
        failed |= whole::run(&peer, &posed, &solvers, args.threads, args.rounds as usize)?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
