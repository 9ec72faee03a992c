//! `dlxlab minimize`: remove givens while the solution stays unique, until minimal.

use std::process::ExitCode;

use clap::Args;
use rand_pcg::Pcg64;

use dlxlab::generate::minimize::minimize;
use dlxlab::generate::puzzle_rng;
use dlxlab::sudoku::Grid;

use super::puzzle_input::{for_each_puzzle, PuzzleInput};

/// Minimize puzzles: remove givens while the solution stays unique.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct MinimizeArgs {
    #[command(flatten)]
    input: PuzzleInput,
    /// Visit the givens in an order shuffled from this seed (puzzle i of a corpus uses the stream
    /// (seed, i)); default: row-major order.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: MinimizeArgs) -> anyhow::Result<ExitCode> {
    for_each_puzzle(&args.input, |index, grid: &Grid| {
        let mut rng = args.seed.map(|s| puzzle_rng(s, index));
        minimize::<Pcg64>(grid, rng.as_mut())
            .map(|g| g.to_line())
            .map_err(|e| e.to_string())
    })
}
