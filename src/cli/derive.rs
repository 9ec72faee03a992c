//! `dlxlab derive` (being written: see issue 7).

use std::process::ExitCode;

use clap::Args;

/// Derive new corpora from a corpus (e.g. every puzzle with one given removed).
#[derive(Args, Debug)]
pub struct DeriveArgs {}

pub fn run(_args: DeriveArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`derive` is not implemented yet (issue 7)")
}
