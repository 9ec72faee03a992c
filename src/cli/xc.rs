//! `dlxlab xc` (being written: see issue 2).

use std::process::ExitCode;

use clap::Args;

/// Solve an exact-cover problem in Knuth's DLX text format.
#[derive(Args, Debug)]
pub struct XcArgs {}

pub fn run(_args: XcArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`xc` is not implemented yet (issue 2)")
}
