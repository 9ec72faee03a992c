//! `dlxlab study` (being written: see issue 4).

use std::process::ExitCode;

use clap::Args;

/// Run a corpus through every solver: runs.csv, meta.json, summary.md.
#[derive(Args, Debug)]
pub struct StudyArgs {}

pub fn run(_args: StudyArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`study` is not implemented yet (issue 4)")
}
