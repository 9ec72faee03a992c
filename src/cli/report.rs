//! `dlxlab report` (being written: see issue 5).

use std::process::ExitCode;

use clap::Args;

/// Plots, statistics and summary.md from a study's CSV files.
#[derive(Args, Debug)]
pub struct ReportArgs {}

pub fn run(_args: ReportArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`report` is not implemented yet (issue 5)")
}
