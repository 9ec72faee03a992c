//! `dlxlab explain`: the logical solution path of one puzzle, step by step, and its SE rating.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::logic;
use dlxlab::rating::technique;
use dlxlab::sudoku::Grid;

/// Print the logical solution path of a puzzle step by step.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The puzzle: 81 characters, digits 1-9 and '.' or '0' for empty cells.
    puzzle: String,
}

pub fn run(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let grid = Grid::parse(&args.puzzle).context("parsing the puzzle")?;
    let path = logic::solve_path(&grid).context("solving")?;
    let rating = technique::rate_path(&path);
    let mut out = io::stdout().lock();
    writeln!(out, "puzzle  {}", grid.to_line())?;
    for (i, step) in path.steps.iter().enumerate() {
        writeln!(
            out,
            "{:>3}. {}.{}  {}",
            i + 1,
            step.score_tenths / 10,
            step.score_tenths % 10,
            step.describe()
        )?;
    }
    if path.solved {
        writeln!(out, "solved  {}", path.end.to_line())?;
        writeln!(
            out,
            "rating  {} ({}), {} steps",
            rating.rating_text(),
            rating.hardest,
            rating.steps
        )?;
    } else {
        writeln!(
            out,
            "stuck after {} steps: the next step needs a technique beyond those implemented",
            path.steps.len()
        )?;
        writeln!(out, "candidates where the techniques ran out:")?;
        write!(out, "{:?}", path.end)?;
        writeln!(
            out,
            "rating  beyond (hardest reached: {} {}.{})",
            rating.hardest,
            rating.score_tenths / 10,
            rating.score_tenths % 10
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
