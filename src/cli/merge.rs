//! `dlxlab merge`: joins the outputs of sharded studies into one.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use dlxlab::harness::merge::merge;

/// Join the outputs of sharded study runs into one.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard output directories (each with runs.csv and meta.json).
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Output directory for the merged runs.csv, meta.json and summary.md.
    #[arg(long)]
    out: PathBuf,
    /// No summary line.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    super::input::refuse_overwriting_input("--out", &args.out, &args.dirs)?;
    let (meta, summary) = merge(&args.dirs, &args.out)?;
    if !args.quiet {
        eprintln!(
            "merge: {} directories, {} rows, reconciled: {}, solver errors {}, disagreements {} -> {}",
            meta.merged_from.len(),
            summary.rows,
            if summary.reconciled() { "yes" } else { "no" },
            summary.solver_errors(),
            summary.disagreements,
            args.out.display()
        );
    }
    let ok = summary.reconciled() && summary.solver_errors() == 0 && summary.disagreements == 0;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
