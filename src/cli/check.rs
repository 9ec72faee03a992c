//! `dlxlab check` (being written: see issue 3).

use std::process::ExitCode;

use clap::Args;

/// Run solvers over a corpus and fail on any invalid solution or disagreement.
#[derive(Args, Debug)]
pub struct CheckArgs {}

pub fn run(_args: CheckArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`check` is not implemented yet (issue 3)")
}
