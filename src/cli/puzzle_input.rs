//! The input of `minimize` and `canon`: one puzzle on the command line or a corpus file, mapped
//! line by line in parallel and printed in input order.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;

use dlxlab::corpus::{CorpusReader, LineKind};
use dlxlab::sudoku::Grid;

/// A puzzle or a corpus.
#[derive(Args, Debug)]
pub struct PuzzleInput {
    /// One puzzle (81 characters, `.` or `0` for empty cells).
    #[arg(required_unless_present = "corpus", conflicts_with = "corpus")]
    puzzle: Option<String>,
    /// A corpus file: one puzzle per line, `#` comments.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Output file (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Maps every puzzle (0-based index among puzzle lines, grid) to an output line; a line that is
/// not a puzzle, or whose map fails, becomes `# line N: reason` and makes the exit status 1.
/// Comment and blank lines are skipped.
pub fn for_each_puzzle<F>(input: &PuzzleInput, f: F) -> anyhow::Result<ExitCode>
where
    F: Fn(u64, &Grid) -> Result<String, String> + Sync,
{
    let mut out: Box<dyn Write> = match &input.out {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout().lock())),
    };
    let mut failed = false;
    if let Some(text) = &input.puzzle {
        let grid = Grid::parse(text).with_context(|| format!("puzzle `{text}`"))?;
        match f(0, &grid) {
            Ok(line) => writeln!(out, "{line}")?,
            Err(reason) => anyhow::bail!("puzzle `{text}`: {reason}"),
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let path = input
        .corpus
        .as_ref()
        .expect("clap requires a puzzle or --corpus");
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut reader = CorpusReader::new(BufReader::new(file));
    let mut index = 0u64;
    loop {
        let chunk = reader
            .read_chunk(4096)
            .with_context(|| format!("reading {}", path.display()))?;
        if chunk.is_empty() {
            break;
        }
        let mut jobs = Vec::with_capacity(chunk.len());
        for line in &chunk {
            match &line.kind {
                LineKind::Puzzle(record) => {
                    jobs.push((line.number, Some(index), Some(record)));
                    index += 1;
                }
                _ => jobs.push((line.number, None, None)),
            }
        }
        let results: Vec<Option<Result<String, String>>> = jobs
            .par_iter()
            .map(|&(number, index, record)| {
                let record = record?;
                let index = index.expect("puzzle lines are numbered");
                Some(match &record.grid {
                    Ok(grid) => f(index, grid).map_err(|e| format!("line {number}: {e}")),
                    Err(e) => Err(e.to_string()),
                })
            })
            .collect();
        for result in results {
            match result {
                None => {}
                Some(Ok(text)) => writeln!(out, "{text}")?,
                Some(Err(reason)) => {
                    failed = true;
                    writeln!(out, "# {reason}")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
