//! `dlxlab explain` (being written: see issue 5).

use std::process::ExitCode;

use clap::Args;

/// Print the logical solution path of a puzzle step by step.
#[derive(Args, Debug)]
pub struct ExplainArgs {}

pub fn run(_args: ExplainArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`explain` is not implemented yet (issue 5)")
}
