//! `dlxlab gen-xc` (being written: see issue 2).

use std::process::ExitCode;

use clap::Args;

/// Write a classic problem (queens, pentomino, langford, sudoku) in Knuth's format.
#[derive(Args, Debug)]
pub struct GenXcArgs {}

pub fn run(_args: GenXcArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`gen-xc` is not implemented yet (issue 2)")
}
