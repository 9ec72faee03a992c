//! The input of `minimize` and `canon`: puzzles from the command line, a corpus or standard input
//! ([`PuzzleArgs`]), mapped in parallel and printed in input order.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;

use dlxlab::sudoku::Grid;

use super::input::{parse_grid, PuzzleArgs, EXIT_INVALID_ARGUMENT};

/// Puzzles and where the output goes.
#[derive(Args, Debug)]
pub struct PuzzleInput {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Output file (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Maps every puzzle (0-based index among puzzle lines, grid) to an output line; a line that is
/// not a puzzle, or whose map fails, becomes `# line N: reason` (or `# argument N: reason`); a
/// failed map makes the exit status 1 (a line that is not a puzzle is a record, as in every
/// command). Comment and blank lines are skipped. A puzzle on the command line that does not
/// parse stops the command before any output (exit status 1); an input without one valid
/// puzzle is an error (exit status 2).
pub fn for_each_puzzle<F>(input: &PuzzleInput, f: F) -> anyhow::Result<ExitCode>
where
    F: Fn(u64, &Grid) -> Result<String, String> + Sync,
{
    if let Some(out) = &input.out {
        super::input::refuse_overwriting_input("--out", out, &input.input.input_paths())?;
    }
    let inputs = match input.input.require_puzzles("the command", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    let mut out: Box<dyn Write> = match &input.out {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(super::input::Stdout::new())),
    };
    let mut failed = false;
    for (chunk_index, chunk) in inputs.chunks(4096).enumerate() {
        // Err((reason, whether the map failed)).
        let results: Vec<Result<String, (String, bool)>> = chunk
            .par_iter()
            .enumerate()
            .map(|(k, line)| {
                let index = (chunk_index * 4096 + k) as u64;
                let grid = Grid::parse(line.puzzle())
                    .map_err(|e| (format!("{}: {e}", line.origin), false))?;
                f(index, &grid).map_err(|e| (format!("{}: {e}", line.origin), true))
            })
            .collect();
        for result in results {
            match result {
                Ok(text) => writeln!(out, "{text}")?,
                Err((reason, map_failed)) => {
                    failed |= map_failed;
                    writeln!(out, "# {reason}")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(EXIT_INVALID_ARGUMENT)
    } else {
        ExitCode::SUCCESS
    })
}
