//! `dlxlab rate` (being written: see issue 5).

use std::process::ExitCode;

use clap::Args;

/// Rate puzzles: decision-tree index and Sudoku Explainer technique rating.
#[derive(Args, Debug)]
pub struct RateArgs {}

pub fn run(_args: RateArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`rate` is not implemented yet (issue 5)")
}
