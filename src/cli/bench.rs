//! `dlxlab bench` (being written: see issue 4).

use std::process::ExitCode;

use clap::Args;

/// Throughput table per solver on a corpus.
#[derive(Args, Debug)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`bench` is not implemented yet (issue 4)")
}
