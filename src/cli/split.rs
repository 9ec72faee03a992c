//! `dlxlab split FILE --depth D --out DIR`: cut a problem's search tree into cluster jobs.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};

use dlxlab::xc::{format, jobs, split, ChoicePolicy, Problem};

/// Split an exact-cover problem into job files for a cluster.
///
/// Walks the search tree down to depth D (counting the nodes, updates and solutions above it) and
/// writes one job per node at depth D: DIR/problem.dlx (the problem in Knuth's format),
/// DIR/jobs.txt (per line: job id, tab, the ids of the options to force) and DIR/manifest.json.
/// Then run `dlxlab count-jobs DIR --job K/N` for K = 1..N anywhere (scripts/slurm/count-array.sh,
/// scripts/hyperqueue/count.toml, scripts/local-cluster.sh) and `dlxlab merge-counts DIR`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The problem in Knuth's DLX format (`-` for stdin).
    pub file: PathBuf,
    /// Depth of the cut: one job per node of the search tree at this depth.
    #[arg(long)]
    pub depth: usize,
    /// The job directory to write (created if needed).
    #[arg(long)]
    pub out: PathBuf,
    /// Item-choice policy of the search (the jobs are counted with it).
    #[arg(long, value_enum, default_value_t = PolicyArg::Mrv)]
    pub policy: PolicyArg,
}

/// Step X3's policy on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PolicyArg {
    /// Minimum remaining values (Knuth's choice).
    Mrv,
    /// First uncovered primary item.
    First,
}

impl From<PolicyArg> for ChoicePolicy {
    fn from(p: PolicyArg) -> Self {
        match p {
            PolicyArg::Mrv => ChoicePolicy::Mrv,
            PolicyArg::First => ChoicePolicy::First,
        }
    }
}

/// Reads a problem in Knuth's format from a file or stdin.
pub fn read_problem(file: &PathBuf) -> anyhow::Result<Problem> {
    let parsed = if file.as_os_str() == "-" {
        format::read(io::stdin().lock()).context("reading the problem from stdin")?
    } else {
        let f = File::open(file).with_context(|| format!("opening {}", file.display()))?;
        format::read(BufReader::new(f)).with_context(|| format!("reading {}", file.display()))?
    };
    Ok(parsed.problem)
}

/// Runs the command.
pub fn run(args: SplitArgs) -> anyhow::Result<ExitCode> {
    let problem = read_problem(&args.file)?;
    let plan = split::split(&problem, args.policy.into(), args.depth)?;
    // Written back from the parsed problem so that option ids are line numbers of this file.
    let text = format::to_string(&problem).context("writing the problem in Knuth's format")?;
    let manifest = jobs::write_split(&args.out, &text, &plan)?;
    eprintln!(
        "{} jobs at depth {} in {}; above the split: {} solutions, {} nodes, {} updates",
        manifest.jobs,
        manifest.depth,
        args.out.display(),
        manifest.above.solutions,
        manifest.above.nodes,
        manifest.above.updates
    );
    Ok(ExitCode::SUCCESS)
}

/// `dlxlab xc FILE --count --threads N [--split-depth D]`: counts all solutions on a rayon pool of
/// `threads` threads (0: one per core), cutting the tree at `depth` or, without it, at the first
/// depth with at least 64 subproblems per thread. Shows a progress bar of subproblems done with an
/// ETA on stderr (hidden when stderr is not a terminal). Solutions, nodes, updates and profile
/// equal the serial search's.
pub fn count_in_parallel(
    problem: &Problem,
    policy: ChoicePolicy,
    method: dlxlab::xc::choose::Method,
    threads: usize,
    depth: Option<usize>,
    limits: &dlxlab::xc::Limits,
) -> anyhow::Result<dlxlab::xc::SearchResult> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let threads = pool.current_num_threads();
    let plan = match depth {
        Some(d) => split::split(problem, policy, d)?,
        None => split::split_auto(problem, policy, 64 * threads, 16)?,
    };
    let bar = indicatif::ProgressBar::new(plan.subproblems.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} subproblems (depth {msg}), ETA {eta}",
        )?
        .progress_chars("=> "),
    );
    bar.set_message(plan.depth.to_string());
    let result = pool
        .install(|| split::count_parallel_with(problem, &plan, limits, method, &|| bar.inc(1)))?;
    bar.finish_and_clear();
    Ok(result)
}
