//! `dlxlab solve` (being written: see issue 3).

use std::process::ExitCode;

use clap::Args;

/// Solve Sudoku puzzles with any registered solver.
#[derive(Args, Debug)]
pub struct SolveArgs {}

pub fn run(_args: SolveArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`solve` is not implemented yet (issue 3)")
}
