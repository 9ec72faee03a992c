//! `dlxlab merge` (being written: see issue 4).

use std::process::ExitCode;

use clap::Args;

/// Join the outputs of sharded study runs into one.
#[derive(Args, Debug)]
pub struct MergeArgs {}

pub fn run(_args: MergeArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`merge` is not implemented yet (issue 4)")
}
