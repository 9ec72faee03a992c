//! `dlxlab derive remove-one --corpus FILE [--out FILE]`: new corpora made from an old one.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};

use dlxlab::corpus::{self, derive, LineKind};
use dlxlab::harness::output::AtomicFile;

/// Derive new corpora from a corpus (e.g. every puzzle with one given removed).
#[derive(Args, Debug)]
pub struct DeriveArgs {
    #[command(subcommand)]
    what: Derivation,
}

#[derive(Subcommand, Debug)]
enum Derivation {
    /// Every puzzle with one given removed: a puzzle with k givens yields k puzzles, in cell
    /// order, each followed by `src=LINE` (the 1-based line of its source puzzle) and `cell=rRcC`
    /// (the given that was removed). From the 49,158 17-clue puzzles: 835,686 16-clue puzzles,
    /// whose solutions `dlxlab count --corpus OUT --max 0` counts.
    RemoveOne(RemoveOneArgs),
}

#[derive(Args, Debug)]
struct RemoveOneArgs {
    /// The source corpus (`-` for standard input).
    #[arg(long)]
    corpus: PathBuf,
    /// Output file, written atomically (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: DeriveArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        Derivation::RemoveOne(a) => remove_one(a),
    }
}

fn remove_one(args: RemoveOneArgs) -> anyhow::Result<ExitCode> {
    if let Some(out) = &args.out {
        super::input::refuse_overwriting_input("--out", out, &[&args.corpus])?;
    }
    let source = corpus::locate(Some(&args.corpus), None)?;
    let reader = source
        .open()
        .with_context(|| format!("reading {}", source.describe()))?;
    let mut file = match &args.out {
        Some(path) => {
            Some(AtomicFile::create(path).with_context(|| format!("creating {}", path.display()))?)
        }
        None => None,
    };
    let stdout = io::stdout();
    let mut out: Box<dyn Write> = match &mut file {
        Some(f) => Box::new(BufWriter::new(f)),
        None => Box::new(BufWriter::new(stdout.lock())),
    };
    writeln!(
        out,
        "# dlxlab derive remove-one --corpus {}: every puzzle with one given removed; \
         src= is the source line, cell= the removed given",
        source.portable()
    )?;
    let (mut puzzles, mut derived, mut bad) = (0u64, 0u64, Vec::new());
    for line in reader {
        let line = line.with_context(|| format!("reading {}", source.describe()))?;
        let LineKind::Puzzle(record) = line.kind else {
            continue;
        };
        match &record.grid {
            Ok(grid) => {
                puzzles += 1;
                derived += derive::write_remove_one(grid, record.line, &mut out)?;
            }
            Err(e) => bad.push(e.to_string()),
        }
    }
    out.flush()?;
    drop(out);
    if let Some(f) = file {
        f.commit().context("writing the derived corpus")?;
    }
    eprintln!("{puzzles} puzzles -> {derived} derived puzzles");
    if !bad.is_empty() {
        eprintln!(
            "dlxlab: warning: {} lines are not puzzles and were skipped (first: {})",
            bad.len(),
            bad[0]
        );
    }
    Ok(ExitCode::SUCCESS)
}
