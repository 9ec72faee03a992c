//! `dlxlab xc`: solve an exact-cover problem written in Knuth's DLX text format.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::{Args, ValueEnum};

use dlxlab::xc::choose::{for_problem_with, EngineKind, Method};
use dlxlab::xc::format::{self, ReadError};
use dlxlab::xc::{ChoicePolicy, Control, Limits, OptionId, SearchEnd};

use super::xc_memo::MemoCache;
use super::xc_output::{write_profile_and_time, write_solution};

/// Exit code when a node budget ended the search before it was complete.
const EXIT_LIMIT: u8 = 3;

const EXAMPLES: &str = "\
The input is Knuth's format (dlx1/dlx2/dlx3): `|` starts a comment line; the first other line
names the items, primary ones first, then `|`, then secondary ones; every further line is one
option. `item:colour` colours a secondary item; `lo:hi|item` on the item line asks for a primary
item to be covered between lo and hi times (Algorithm M). Problems with such bounds are solved by
Algorithm M (as dlx3), the others by Algorithm X/C over dancing links (as dlx1/dlx2).

Output: each solution as its options, one per line exactly as written in the input, with a blank
line between solutions.

Exit status: as in the table below: 0 when a solution was printed or a count (0 included) was
made; 1 when, printing solutions, the problem has none; 3 when --limit-nodes stopped the search
before it was complete (the count is then only a lower bound, printed as `at least N`).

Examples:
  dlxlab gen-xc queens 8 | dlxlab xc -               # one solution of 8 queens
  dlxlab gen-xc queens 8 | dlxlab xc - --count       # 92
  dlxlab xc problem.dlx --max 0                      # every solution
  dlxlab xc problem.dlx --count --max 2              # is the solution unique?
  dlxlab gen-xc pentomino 6x10 --symmetry | dlxlab xc - --count --stats
  dlxlab xc big.dlx --count --limit-nodes 1000000 --policy first
  dlxlab gen-xc domino 8x8 | dlxlab xc - --engine memo --count     # 12988816
  dlxlab gen-xc domino 8x8 | dlxlab xc - --engine memo --zdd d8.zdd --sample 3 --seed 1
  dlxlab gen-xc langford 12 | dlxlab xc - --engine memo --count --threads 2

With --engine memo (Algorithm X with a cache of subproblems, as Knuth's DLX6) the search builds a
ZDD of all solutions: --count prints their exact number (any size), --zdd writes the diagram,
--sample draws solutions uniformly from it, --stats adds the cache counters and how many solutions
contain each option, and without --count the solutions are read off the diagram. With --threads N
it counts subproblems below a cut in parallel (--count only: no diagram is built; the count is
exact and the same for every N).";

/// Solve an exact-cover problem in Knuth's DLX text format.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct XcArgs {
    /// The problem in Knuth's format; `-` reads standard input.
    #[arg(value_name = "FILE|-")]
    input: PathBuf,

    /// Stop after N solutions; 0 finds them all. Default: 1 when printing, all with --count.
    #[arg(long, value_name = "N")]
    max: Option<u64>,

    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,

    /// Print the engine, nodes, updates, per-level profile and search time on stderr.
    #[arg(long)]
    stats: bool,

    /// Give up after N search nodes (the count is then reported as a lower bound).
    #[arg(long, value_name = "N")]
    limit_nodes: Option<u64>,

    /// How to choose the item to branch on: `mrv` (fewest options, ties to the first item —
    /// Knuth's rule) or `first` (the first uncovered item, for ablation studies).
    #[arg(long, value_enum, default_value_t = Policy::Mrv)]
    policy: Policy,

    /// With --count: count on N threads (0: one per core) by splitting the search tree into
    /// subproblems; solutions, nodes, updates and profile equal the serial count's (with --engine
    /// memo only the solutions: its cache counters depend on the schedule). Problems with
    /// multiplicities, and counts under --limit-nodes (a limit on the whole search), are counted
    /// serially.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,

    /// The engine for problems without multiplicities: `dlx` (dancing links, counted as dlx1/dlx2),
    /// `dc` (dancing cells, counted as Knuth's SSXC1; --stats adds its mems) or `memo` (a cache
    /// of subproblems and a ZDD of all solutions, counted as Knuth's DLX6). Problems with
    /// multiplicities need `dlx` (which runs Algorithm M for them).
    #[arg(long, value_enum, default_value_t = XcEngineArg::Dlx)]
    engine: XcEngineArg,

    /// With --engine memo: write the ZDD of all solutions to OUT (Knuth's ZDDREAD layout, as
    /// DLX6 prints it; docs/xc-engine.md).
    #[arg(long, value_name = "OUT")]
    zdd: Option<PathBuf>,

    /// With --engine memo: print N solutions drawn uniformly at random (independently) instead of
    /// the first ones.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,

    /// The seed of --sample's random stream (PCG64).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,

    /// With --engine memo: the cache may take at most M MiB (default 1024). When it is full, new
    /// subproblems are not cached: the count stays exact, the search takes longer.
    #[arg(long, value_name = "M")]
    memo_mb: Option<usize>,

    /// With --engine memo --threads N: one cache `shared` by the threads (the default) or one
    /// cache `per-thread` (docs/counting.md measures both).
    #[arg(long, value_enum, value_name = "HOW")]
    memo_cache: Option<MemoCache>,

    /// With --count: split the tree at depth D (default with --threads: the first depth giving at
    /// least 64 subproblems per thread).
    #[arg(long, value_name = "D")]
    split_depth: Option<usize>,
}

/// The `--engine` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum EngineArg {
    /// Dancing links (Algorithm X/C; Algorithm M for multiplicities).
    Dlx,
    /// Dancing cells (sparse sets, Knuth's SSXC1).
    Dc,
}

impl From<EngineArg> for Method {
    fn from(e: EngineArg) -> Method {
        match e {
            EngineArg::Dlx => Method::Dlx,
            EngineArg::Dc => Method::Dc,
        }
    }
}

/// The `--engine` values of `xc`: those of [`EngineArg`] and the memo engine, which is no
/// solution-visiting engine (its result is a ZDD) and so not one for split jobs.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum XcEngineArg {
    /// Dancing links (Algorithm X/C; Algorithm M for multiplicities).
    Dlx,
    /// Dancing cells (sparse sets, Knuth's SSXC1).
    Dc,
    /// Memoised subproblems with a ZDD of all solutions (DXZ, Knuth's DLX6).
    Memo,
}

/// The `--policy` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Policy {
    /// Minimum remaining values.
    Mrv,
    /// First uncovered item.
    First,
}

fn read_input(path: &PathBuf) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
    } else {
        bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    }
    Ok(bytes)
}

/// Parses `dlxlab xc ...` with the parser of `xc` alone. Building the whole command line
/// (every subcommand's arguments, then dropping them) was a third of the instructions and most
/// of the heap page faults of `dlxlab xc` on a tiny problem (docs/counting.md). `None` unless
/// the first argument is `xc` and the rest parse: then the caller parses with the full command,
/// so help, version and every error read exactly as before.
pub fn parse_alone() -> Option<XcArgs> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != "xc" {
        return None;
    }
    let command = <XcArgs as clap::Args>::augment_args(clap::Command::new("xc"));
    let matches = command
        .try_get_matches_from(std::env::args_os().skip(1))
        .ok()?;
    <XcArgs as clap::FromArgMatches>::from_arg_matches(&matches).ok()
}

/// Runs `dlxlab xc`.
pub fn run(args: XcArgs) -> anyhow::Result<ExitCode> {
    let name = if args.input.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        args.input.display().to_string()
    };
    if let Some(zdd) = &args.zdd {
        super::input::refuse_overwriting_input("--zdd", zdd, &[&args.input])?;
    }
    let bytes = read_input(&args.input)?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        // Let the line reader find and name the bad line.
        Err(e) => {
            return Err(match format::read(&e.into_bytes()[..]) {
                Err(ReadError::Format(err)) => anyhow::Error::new(err),
                Err(ReadError::Io(err)) => anyhow::Error::new(err),
                Ok(_) => anyhow::anyhow!("the input is not valid UTF-8"),
            })
            .with_context(|| format!("reading {name}"));
        }
    };
    let parsed = format::parse(&text).with_context(|| format!("in {name}"))?;
    let lines: Vec<&str> = text.lines().collect();
    {
        let mut err = io::stderr().lock();
        for w in &parsed.warnings {
            writeln!(err, "dlxlab: warning: {name}: {w}")?;
        }
    }
    let problem = &parsed.problem;
    let max = args.max.unwrap_or(if args.count { 0 } else { 1 });
    let limits = Limits {
        max_nodes: args.limit_nodes,
        max_time: None,
    };
    let memo_only = [
        ("--zdd", args.zdd.is_some()),
        ("--sample", args.sample.is_some()),
        ("--memo-mb", args.memo_mb.is_some()),
        ("--memo-cache", args.memo_cache.is_some()),
    ];
    let method = match args.engine {
        XcEngineArg::Dlx => Method::Dlx,
        XcEngineArg::Dc => Method::Dc,
        XcEngineArg::Memo => {
            if !matches!(args.policy, Policy::Mrv) {
                anyhow::bail!("--engine memo branches by DLX6's rule only (--policy mrv)");
            }
            return super::xc_memo::run(super::xc_memo::MemoArgs {
                parsed: &parsed,
                lines: &lines,
                count: args.count,
                max,
                stats: args.stats,
                limits,
                zdd: args.zdd,
                sample: args.sample,
                seed: args.seed,
                memo_mb: args.memo_mb,
                threads: args.threads,
                split_depth: args.split_depth,
                cache: args.memo_cache,
            });
        }
    };
    if let Some((flag, _)) = memo_only.iter().find(|(_, given)| *given) {
        anyhow::bail!("{flag} needs --engine memo");
    }
    let (mut engine, kind) =
        for_problem_with(problem, method).with_context(|| format!("in {name}"))?;
    let policy = match args.policy {
        Policy::Mrv => ChoicePolicy::Mrv,
        Policy::First => ChoicePolicy::First,
    };
    engine.set_policy(policy);
    // A node limit is on the whole search: split, each subproblem would get it, and the count
    // would depend on the thread count.
    let parallel = args.count
        && max == 0
        && args.limit_nodes.is_none()
        && (args.threads != 1 || args.split_depth.is_some())
        && !problem.has_multiplicities();

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut found = 0u64;
    let mut write_error: Option<io::Error> = None;
    let start = Instant::now();
    let result = if parallel {
        super::split::count_in_parallel(
            problem,
            policy,
            method,
            args.threads,
            args.split_depth,
            &limits,
        )?
    } else {
        engine.search_dyn(&limits, &mut |solution: &[OptionId]| {
            found += 1;
            if !args.count {
                if let Err(e) = write_solution(&mut out, &parsed, &lines, found > 1, solution) {
                    write_error = Some(e);
                    return Control::Stop;
                }
            }
            if max != 0 && found >= max {
                Control::Stop
            } else {
                Control::Continue
            }
        })
    };
    let elapsed = start.elapsed();
    if let Some(e) = write_error {
        return Err(e).context("writing the solutions");
    }
    let solutions = result.stats.solutions;
    if args.count {
        match result.end {
            SearchEnd::Limit(_) => writeln!(
                out,
                "at least {solutions} (node limit reached: the count is incomplete)"
            )?,
            _ => writeln!(out, "{solutions}")?,
        }
    }
    out.flush()?;
    drop(out);

    let mut err = io::stderr().lock();
    if args.stats {
        let (items, options) = engine.problem_sizes();
        let s = &result.stats;
        writeln!(err, "engine: {kind}")?;
        writeln!(
            err,
            "problem: {items} items ({} primary), {options} options",
            problem.n_primary()
        )?;
        writeln!(err, "solutions: {solutions}")?;
        writeln!(err, "nodes: {}", s.nodes)?;
        writeln!(err, "updates: {}", s.updates)?;
        if parallel && kind == EngineKind::Dc {
            writeln!(
                err,
                "note: split count: the nodes and updates above the split are dancing links', \
                 below it dancing cells'; only the solutions equal the serial count's"
            )?;
        } else if let Some(mems) = engine.mems() {
            writeln!(err, "mems: {mems}")?;
        }
        write_profile_and_time(&mut err, &s.profile, elapsed)?;
    }
    match result.end {
        SearchEnd::Limit(_) => {
            writeln!(
                err,
                "dlxlab: node limit of {} reached: found {solutions} solution(s) so far; the search is incomplete",
                args.limit_nodes.unwrap_or_default()
            )?;
            Ok(ExitCode::from(EXIT_LIMIT))
        }
        SearchEnd::Stopped => {
            if args.count {
                writeln!(
                    err,
                    "dlxlab: stopped at --max {max}: there may be more solutions"
                )?;
            }
            Ok(ExitCode::SUCCESS)
        }
        // A count of 0 is an answer, as in `solve --count`; printing, nothing found is status 1.
        SearchEnd::Exhausted if solutions == 0 && !args.count => {
            writeln!(err, "dlxlab: no solution")?;
            Ok(ExitCode::from(1))
        }
        SearchEnd::Exhausted => Ok(ExitCode::SUCCESS),
    }
}
