//! `dlxlab merge-counts DIR`: check that every job of a split reported exactly once, and sum.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::xc::jobs;

/// Check that every job reported exactly once, and sum the counts.
///
/// Reads DIR/manifest.json and every DIR/results/*.json written by `dlxlab count-jobs`. A missing,
/// duplicated, truncated or foreign result file is an error naming the job or the file (exit code
/// 2), never a wrong total. Prints `solutions N`, `nodes N`, `updates N` and `jobs N` on stdout:
/// the numbers one serial `dlxlab xc FILE --count --stats` gives.
#[derive(Args, Debug)]
pub struct MergeCountsArgs {
    /// The directory written by `dlxlab split`.
    pub dir: PathBuf,
    /// Also print the nodes per level of the search tree.
    #[arg(long)]
    pub profile: bool,
}

/// Runs the command.
pub fn run(args: MergeCountsArgs) -> anyhow::Result<ExitCode> {
    let merged = jobs::merge(&args.dir)
        .with_context(|| format!("merging the counts of {}", args.dir.display()))?;
    let t = &merged.total;
    println!("solutions {}", t.solutions);
    println!("nodes {}", t.nodes);
    println!("updates {}", t.updates);
    println!("jobs {} ({} result files)", merged.jobs, merged.files);
    if args.profile {
        for (level, n) in t.profile.iter().enumerate() {
            println!("level {level} {n}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
