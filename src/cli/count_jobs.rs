//! `dlxlab count-jobs DIR --job K/N`: count one deterministic slice of a split's jobs.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::xc::choose;
use dlxlab::xc::jobs::{self, JobCount, Slice};
use dlxlab::xc::{format, split, Limits, SearchEnd};

/// Count a deterministic slice of the jobs written by split.
///
/// Counts the jobs whose id is K-1 modulo N (round robin) and writes DIR/results/K-of-N.json
/// atomically. Checks problem.dlx and jobs.txt against the manifest first. The jobs of the slice
/// are counted on `--threads` threads (default: all cores).
#[derive(Args, Debug)]
pub struct CountJobsArgs {
    /// The directory written by `dlxlab split`.
    pub dir: PathBuf,
    /// The slice to count: K/N with 1 <= K <= N (e.g. `$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT`).
    #[arg(long)]
    pub job: String,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The engine that counts the jobs: `dlx` (dancing links) or `dc` (dancing cells). Solutions
    /// are exact with both; the split above the jobs is dancing links', so with `dc` the merged
    /// nodes and updates mix the two engines' counts. Count every slice with the same engine.
    #[arg(long, value_enum, default_value_t = super::xc::EngineArg::Dlx)]
    pub engine: super::xc::EngineArg,
}

/// Runs the command.
pub fn run(args: CountJobsArgs) -> anyhow::Result<ExitCode> {
    let slice = Slice::parse(&args.job)?;
    let dir = jobs::read_job_dir(&args.dir)?;
    let policy = jobs::parse_policy(&dir.manifest.policy)
        .context("the manifest's policy was checked when it was read")?;
    let parsed = format::parse(&dir.problem_text)
        .with_context(|| format!("parsing {}", args.dir.join(jobs::PROBLEM_FILE).display()))?;
    let problem = parsed.problem;
    let ids: Vec<u64> = (0..dir.manifest.jobs)
        .filter(|&id| slice.contains(id))
        .collect();
    let paths: Vec<_> = ids
        .iter()
        .map(|&id| dir.jobs[id as usize].clone())
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let results = pool.install(|| {
        split::count_paths(
            &paths,
            policy,
            &Limits::NONE,
            || choose::exact_with(&problem, args.engine.into()).map(|(e, _)| e),
            &|| {},
        )
    })?;
    let mut counts = Vec::with_capacity(ids.len());
    for (&id, r) in ids.iter().zip(&results) {
        anyhow::ensure!(
            r.end == SearchEnd::Exhausted,
            "job {id} did not finish ({:?})",
            r.end
        );
        counts.push(JobCount {
            id,
            counts: (&r.stats).into(),
        });
    }
    let solutions: u64 = counts.iter().map(|c| c.counts.solutions).sum();
    let path = jobs::write_slice_result(&args.dir, &dir.manifest_sha256, slice, counts)?;
    eprintln!(
        "slice {slice}: {} jobs, {solutions} solutions -> {}",
        ids.len(),
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}
