//! `dlxlab canon`: the canonical form of puzzles under the Sudoku symmetry group.

use std::process::ExitCode;

use clap::Args;

use dlxlab::sudoku::canon::canonical;
use dlxlab::sudoku::Grid;

use super::puzzle_input::{for_each_puzzle, PuzzleInput};

/// Canonical form under the Sudoku symmetry group (finds duplicates across corpora).
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct CanonArgs {
    #[command(flatten)]
    input: PuzzleInput,
}

pub fn run(args: CanonArgs) -> anyhow::Result<ExitCode> {
    for_each_puzzle(&args.input, |_, grid: &Grid| {
        canonical(grid)
            .map(|g| g.to_line())
            .map_err(|e| e.to_string())
    })
}
