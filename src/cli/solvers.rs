//! `dlxlab solvers` (being written: see issue 3).

use std::process::ExitCode;

use clap::Args;

/// List the registered solvers with their descriptors.
#[derive(Args, Debug)]
pub struct SolversArgs {}

pub fn run(_args: SolversArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`solvers` is not implemented yet (issue 3)")
}
