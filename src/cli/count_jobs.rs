//! `dlxlab count-jobs` (being written: see issue 7).

use std::process::ExitCode;

use clap::Args;

/// Count a deterministic slice of the jobs written by split.
#[derive(Args, Debug)]
pub struct CountJobsArgs {}

pub fn run(_args: CountJobsArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`count-jobs` is not implemented yet (issue 7)")
}
