//! `dlxlab split` (being written: see issue 7).

use std::process::ExitCode;

use clap::Args;

/// Split an exact-cover problem into job files for a cluster.
#[derive(Args, Debug)]
pub struct SplitArgs {}

pub fn run(_args: SplitArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`split` is not implemented yet (issue 7)")
}
