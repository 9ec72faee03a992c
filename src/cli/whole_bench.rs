//! `dlxlab bench --whole-process`: the second table of `bench`, each solver's whole
//! `dlxlab solve` process against a peer program's whole job (`--peer`; by default the `sudoku`
//! crate's, the `sudoku_whole` example), labelled by the peer program's file name.

use std::ffi::OsString;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use dlxlab::harness::loop_peer::check_answers;
use dlxlab::harness::permute::Posed;
use dlxlab::harness::whole::{time_programs_checked, Program};
use dlxlab::harness::SolverRun;
use dlxlab::solvers::{by_name, Status};
use dlxlab::sudoku::Shape;

/// How to get the default peer program.
const BUILD_PEER: &str = "cargo build --release --example sudoku_whole";

/// The peer program: `--peer PATH`, or the `sudoku_whole` example beside this binary
/// (`target/<profile>/examples/`). Either must exist; the error says how to build it.
pub fn peer_program(given: Option<&Path>) -> anyhow::Result<PathBuf> {
    if let Some(path) = given {
        if !path.is_file() {
            bail!(
                "--peer {}: no such program (the sudoku crate's whole job is the example \
                 sudoku_whole: `{BUILD_PEER}` puts it in target/release/examples/; tdoku's is \
                 built by scripts/peers/tdoku.sh)",
                path.display()
            );
        }
        return Ok(path.to_path_buf());
    }
    let exe = std::env::current_exe().context("locating this binary")?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    let name = format!("sudoku_whole{}", std::env::consts::EXE_SUFFIX);
    let path = dir.join("examples").join(name);
    if !path.is_file() {
        bail!(
            "--whole-process needs the sudoku crate's whole job, the example sudoku_whole, at {}: \
             build it with `{BUILD_PEER}` (same profile as this binary), or give --peer PATH",
            path.display()
        );
    }
    Ok(path)
}

/// The row label of the `sudoku` crate in process.
pub(super) const PEER_ROW: &str = "sudoku-crate";

/// A file removed when dropped.
pub(super) struct TempFile(pub(super) PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Times the whole processes and prints the table; returns whether some output was wrong.
/// The corpus given to every program is the 9x9 puzzles of the in-process table as the solvers
/// were given them (permuted under `--permute`), one per line, in a temporary file, so that both
/// tables measure the same puzzles. The answers of each program's untimed round are mapped back
/// and checked against the puzzles as given, and their statuses against the first registered
/// solver's ([`check_answers`]).
pub fn run(
    peer: &Path,
    puzzles: &[Posed<'_>],
    solvers: &[SolverRun],
    threads: usize,
    rounds: usize,
) -> anyhow::Result<bool> {
    let classic: Vec<&Posed<'_>> = puzzles
        .iter()
        .filter(|p| p.grid().shape() == Shape::CLASSIC)
        .collect();
    let file = TempFile(
        std::env::temp_dir().join(format!("dlxlab-whole-process-{}.txt", std::process::id())),
    );
    {
        let mut out = BufWriter::new(
            fs::File::create(&file.0).with_context(|| format!("creating {}", file.0.display()))?,
        );
        for posed in &classic {
            writeln!(out, "{}", posed.grid().to_line())?;
        }
        out.flush()
            .with_context(|| format!("writing {}", file.0.display()))?;
    }
    let exe: OsString = std::env::current_exe()
        .context("locating this binary")?
        .into();
    // The peer is labelled by its program's name (`sudoku_whole`, `tdoku_whole`, ...), so a
    // table never calls another program "the sudoku crate".
    let peer_name = peer
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| peer.display().to_string());
    let mut programs = vec![Program {
        name: peer_name.clone(),
        argv: vec![peer.into(), file.0.clone().into()],
    }];
    let mut skipped = Vec::new();
    for run in solvers {
        let name = run.solver.name();
        if name == PEER_ROW {
            // The crate in process; its whole process is the peer program's row.
            continue;
        }
        // External solvers are timed in process only: their whole process is their own affair.
        if by_name(name).is_none() || !run.solver.supports(Shape::CLASSIC) {
            skipped.push(name);
            continue;
        }
        let mut argv: Vec<OsString> = vec![exe.clone()];
        argv.extend(
            [
                "solve",
                "--solver",
                name,
                "--threads",
                &threads.to_string(),
                "--max",
                &run.limits.max_solutions.to_string(),
            ]
            .map(OsString::from),
        );
        if let Some(nodes) = run.limits.budget.max_nodes {
            argv.extend(["--limit-nodes".into(), nodes.to_string().into()]);
        }
        argv.extend(["--corpus".into(), file.0.clone().into()]);
        programs.push(Program {
            name: name.to_string(),
            argv,
        });
    }
    // The statuses the answers are held against: the first registered 9x9 solver's, on the
    // puzzles as given.
    let reference: Vec<Option<Status>> = match solvers
        .iter()
        .find(|r| by_name(r.solver.name()).is_some() && r.solver.supports(Shape::CLASSIC))
    {
        Some(run) => classic
            .iter()
            .map(|p| Some(run.solver.solve(p.original(), &run.limits).status))
            .collect(),
        None => vec![None; classic.len()],
    };
    let check = |text: &str| match check_answers(text, &classic, &reference, true) {
        Ok(v) if v.failures == 0 => None,
        Ok(v) => Some(format!(
            "{} wrong answer(s), first {}",
            v.failures,
            v.first.unwrap_or_default()
        )),
        Err(reason) => Some(reason),
    };
    let results = time_programs_checked(&programs, classic.len() as u64, rounds, &check)?;
    println!();
    println!(
        "whole process: {} 9x9 puzzles, `dlxlab solve --solver S --threads {threads}` and the \
         peer {peer_name} ({}) each reading the file, proving uniqueness and printing a line per \
         puzzle; medians of {rounds} alternating rounds after one untimed; ratios are the \
         peer's time over the program's",
        classic.len(),
        peer.display()
    );
    if !skipped.is_empty() {
        println!("(in process only: {})", skipped.join(", "));
    }
    println!(
        "| program | puzzles | puzzles/s | µs/puzzle | CPU µs/puzzle | vs {peer_name} | vs {peer_name} (CPU) | output |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---|");
    let n = classic.len().max(1) as f64;
    let mut failed = false;
    for r in &results {
        println!(
            "| {} | {} | {:.0} | {:.2} | {:.2} | {:.2}x | {:.2}x | {} |",
            r.name,
            classic.len(),
            if r.wall > 0.0 { n / r.wall } else { 0.0 },
            r.wall * 1e6 / n,
            r.cpu * 1e6 / n,
            r.ratio,
            r.cpu_ratio,
            r.error.as_deref().unwrap_or("ok")
        );
        failed |= r.error.is_some();
    }
    Ok(failed)
}
