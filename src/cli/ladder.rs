//! `dlxlab ladder`: how many puzzles of a corpus each level of inference solves with no guess
//! (tdoku's inference ladder; docs/ladder.md), with the level of every puzzle on request.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::harness::output::AtomicFile;
use dlxlab::rating::ladder::table::{self, LadderTable};

use super::input::{parse_grid, refuse_overwriting_input, Origin, PuzzleArgs};
use super::progress::{progress_bar, thread_pool};

/// The inference ladder: how many puzzles naked singles, hidden singles, locked candidates (rows,
/// then rows and columns), triads and the implication graph's strongly connected components each
/// solve with no guess. Prints the table (level, rung, puzzles solved, percent of the unique
/// puzzles) on standard output.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct LadderArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Also write one CSV row per puzzle line (line,puzzle,status,inference_level,rung,error) to
    /// this file, atomically (OUT.partial, renamed when complete).
    #[arg(long, value_name = "CSV")]
    out: Option<PathBuf>,
    /// Also write the table as CSV (level,rung,solved,unique,percent) to this file, atomically.
    #[arg(long, value_name = "CSV")]
    table: Option<PathBuf>,
    /// Worker threads (default: all cores); the results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// No progress bar and no summary of the lines without a level on standard error.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: LadderArgs) -> anyhow::Result<ExitCode> {
    for path in args.out.iter().chain(&args.table) {
        refuse_overwriting_input("--out/--table", path, &args.input.input_paths())?;
    }
    let inputs = match args.input.require_puzzles("ladder", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    let lines: Vec<(u64, &str)> = inputs
        .iter()
        .map(|input| {
            let n = match input.origin {
                Origin::Argument(n) => n as u64,
                Origin::Line(n) => n,
            };
            (n, input.text.as_str())
        })
        .collect();
    let pool = thread_pool(args.threads)?;
    let bar = progress_bar(args.quiet, Some(lines.len() as u64), "puzzles");
    let rows = pool.install(|| table::ladder_lines(&lines, &|n| bar.inc(n)));
    bar.finish_and_clear();
    if let Some(out) = &args.out {
        let mut file =
            AtomicFile::create(out).with_context(|| format!("creating {}", out.display()))?;
        {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(&mut file);
            w.write_record(table::COLUMNS)?;
            for row in &rows {
                table::write_row(&mut w, row)?;
            }
            w.flush()?;
        }
        file.commit()
            .with_context(|| format!("writing {}", out.display()))?;
    }
    let ladder = LadderTable::of(&rows);
    if let Some(path) = &args.table {
        let mut file =
            AtomicFile::create(path).with_context(|| format!("creating {}", path.display()))?;
        ladder.write_csv(&mut file)?;
        file.commit()
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let mut out = io::BufWriter::new(super::input::Stdout::new());
    writeln!(out, "level  rung                solved  percent")?;
    for l in ladder.levels() {
        writeln!(
            out,
            "{:>5}  {:<18}  {:>6}  {:>7.2}",
            l.rung.level(),
            l.rung.name(),
            l.solved,
            l.percent
        )?;
    }
    writeln!(
        out,
        "{:>5}  {:<18}  {:>6}  {:>7.2}  (jczsolve, rust_sudoku: tdoku's `shr`; not a rung)",
        "2*",
        "band-solvers",
        ladder.band_solvers,
        ladder.band_solvers_percent()
    )?;
    writeln!(
        out,
        "{} unique puzzles; {} need a guess even at the top level",
        ladder.unique(),
        ladder.beyond
    )?;
    out.flush()?;
    if !args.quiet {
        eprintln!(
            "ladder: {} lines: {} unique, {} multiple solutions, {} no solution, {} invalid",
            rows.len(),
            ladder.unique(),
            ladder.multiple,
            ladder.no_solution,
            ladder.invalid
        );
    }
    Ok(ExitCode::SUCCESS)
}
