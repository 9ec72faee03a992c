//! `dlxlab count` (being written: see issue 4).

use std::process::ExitCode;

use clap::Args;

/// Count the solutions of every puzzle of a corpus into a CSV.
#[derive(Args, Debug)]
pub struct CountArgs {}

pub fn run(_args: CountArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`count` is not implemented yet (issue 4)")
}
