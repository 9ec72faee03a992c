//! `dlxlab merge-counts` (being written: see issue 7).

use std::process::ExitCode;

use clap::Args;

/// Check that every job reported exactly once, and sum the counts.
#[derive(Args, Debug)]
pub struct MergeCountsArgs {}

pub fn run(_args: MergeCountsArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`merge-counts` is not implemented yet (issue 7)")
}
