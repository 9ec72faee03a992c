//! Peers timed in process by a program of their own (`dlxlab bench --in-process-peer PROGRAM`):
//! a solver in another language (tdoku, in C++) cannot run inside dlxlab's timing loop, so its own
//! program runs the same loop — puzzles parsed into memory first, then timed passes over all of
//! them, each puzzle solved up to two solutions with the first one kept — and reports each pass's
//! time. An in-process loop is compared with an in-process loop, and the process around it (start,
//! reading, parsing, output) is left out on both sides, as `--whole-process` measures it instead.
//!
//! # The loop protocol
//!
//! `PROGRAM PUZZLES PASSES WARMUP [SOLUTIONS]`
//!
//! - `PUZZLES`: a file of 9x9 puzzles, one per line, 81 characters (`1`-`9`, `.` for an empty
//!   cell), written by dlxlab: the puzzles of the bench table, in its order.
//! - `WARMUP`: puzzles solved first, untimed (cycling through the list), as `bench --warmup`.
//! - `PASSES`: timed passes over all the puzzles; the program prints each pass's wall time in
//!   seconds (a decimal number) on a line of its own, and nothing else on standard output.
//! - `SOLUTIONS` (optional): after the passes, a file with one line per puzzle: the first solution
//!   found (81 digits), `none`, or `multiple` (with `PASSES` 0 the program solves each puzzle once,
//!   untimed, to write it). A solver that counts solutions without handing one back (several of
//!   the historical peers, scripts/peers/) writes `unique` for a count of one: only its status can
//!   be checked then.
//!
//! A program exits with status 0. `scripts/peers/tdoku_loop.c` is tdoku's (built by
//! `scripts/peers/tdoku.sh`); `dlxlab loop-peer --solver S` is the protocol around a built-in
//! solver, a control: against the same solver in `bench` it should come out near 1.00x.
//!
//! # How `bench` uses it
//!
//! [`LoopPeer::validate`] runs the program once with `PASSES` 0 and checks every answer
//! ([`check_answers`]): each solution, mapped back under `--permute` ([`super::permute`]), against
//! the rules and the givens of the puzzle as given ([`crate::sudoku::check_solution`]), and each
//! status (unique, multiple, none) against a reference solver's. Each timed pass of `bench` then starts the
//! program with `PASSES` 1 and the same warm-up ([`LoopPeer::pass`]), so that its passes alternate
//! with the built-in solvers' in the same rounds; the time is the one the program reports, so
//! starting the process and reading the file are not counted.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use std::hint::black_box;
use std::time::Instant;

use crate::solvers::{SolveLimits, Solver, Status};
use crate::sudoku::{Grid, Shape};

use super::permute::Posed;

/// A peer program that speaks the loop protocol.
#[derive(Clone, Debug)]
pub struct LoopPeer {
    /// Row label: the program's file name.
    pub name: String,
    /// The program.
    pub program: PathBuf,
}

/// Why a peer program could not be timed.
#[derive(Debug, thiserror::Error)]
pub enum LoopPeerError {
    /// Writing the puzzle file failed.
    #[error("writing the puzzles for {name} to {path}: {source}")]
    Write {
        /// Row label.
        name: String,
        /// The file.
        path: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The program could not be started, or its files not read.
    #[error("running {name} ({program}): {source}")]
    Run {
        /// Row label.
        name: String,
        /// The executable.
        program: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// The program broke the protocol.
    #[error("{name} ({program}): {reason}")]
    Protocol {
        /// Row label.
        name: String,
        /// The executable.
        program: String,
        /// What was wrong.
        reason: String,
    },
}

/// A peer's answers, checked: how many were wrong, and the first wrong one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validation {
    /// Puzzles answered wrongly (a wrong solution, or a status other than the reference's).
    pub failures: u64,
    /// The first wrong answer, as `puzzle N: REASON` (1-based, in the order of the puzzle file).
    pub first: Option<String>,
}

/// Writes `puzzles` (9x9 only) as a loop-protocol puzzle file.
pub fn write_puzzles(path: &Path, puzzles: &[&Grid]) -> io::Result<()> {
    let mut out = BufWriter::new(fs::File::create(path)?);
    for grid in puzzles {
        writeln!(out, "{}", grid.to_line())?;
    }
    out.flush()
}

impl LoopPeer {
    /// The peer `program`, labelled by its file name.
    pub fn new(program: &Path) -> LoopPeer {
        let name = program
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| program.display().to_string());
        LoopPeer {
            name,
            program: program.to_path_buf(),
        }
    }

    fn protocol(&self, reason: String) -> LoopPeerError {
        LoopPeerError::Protocol {
            name: self.name.clone(),
            program: self.program.display().to_string(),
            reason,
        }
    }

    fn run_error(&self, source: io::Error) -> LoopPeerError {
        LoopPeerError::Run {
            name: self.name.clone(),
            program: self.program.display().to_string(),
            source,
        }
    }

    /// Runs the program on `file` with `passes` timed passes and `warmup` puzzles first; returns
    /// the pass times it printed.
    fn run(
        &self,
        file: &Path,
        passes: usize,
        warmup: usize,
        solutions: Option<&Path>,
    ) -> Result<Vec<f64>, LoopPeerError> {
        let mut command = Command::new(&self.program);
        command
            .arg(file)
            .arg(passes.to_string())
            .arg(warmup.to_string());
        if let Some(s) = solutions {
            command.arg(s);
        }
        let output = command
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| self.run_error(e))?;
        if !output.status.success() {
            return Err(self.protocol(format!("exited with {}", output.status)));
        }
        let text = String::from_utf8_lossy(&output.stdout);
        let times = parse_times(&text).map_err(|reason| self.protocol(reason))?;
        if times.len() != passes {
            return Err(self.protocol(format!(
                "printed {} pass time(s) for {passes} pass(es)",
                times.len()
            )));
        }
        Ok(times)
    }

    /// One timed pass over the puzzle file `file` after `warmup` puzzles: the seconds the program
    /// reports.
    pub fn pass(&self, file: &Path, warmup: usize) -> Result<f64, LoopPeerError> {
        Ok(self.run(file, 1, warmup, None)?[0])
    }

    /// Runs the program once without timing on `file` (written from the grids of `puzzles`, as
    /// [`Posed::grid`] gives them: permuted under `--permute`) and checks every answer with
    /// [`check_answers`]: solutions, mapped back, against the rules and the puzzles as given,
    /// statuses against `reference` (the status a trusted solver gave each puzzle, or `None`
    /// where it gave none). A program that cannot be run or breaks the protocol is an error;
    /// wrong answers are counted.
    pub fn validate(
        &self,
        file: &Path,
        puzzles: &[&Posed<'_>],
        reference: &[Option<Status>],
    ) -> Result<Validation, LoopPeerError> {
        let dir = file.parent().unwrap_or(Path::new("."));
        let answers = dir.join(format!(
            "{}.solutions",
            file.file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        ));
        let result = self.run(file, 0, 0, Some(&answers)).and_then(|_| {
            fs::read_to_string(&answers).map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => {
                    self.protocol("wrote no answer lines (no SOLUTIONS file)".to_string())
                }
                _ => self.run_error(e),
            })
        });
        // Removed whatever happened; a file that was never written is no error here.
        let _ = fs::remove_file(&answers);
        let text = result?;
        check_answers(&text, puzzles, reference, false).map_err(|reason| self.protocol(reason))
    }
}

/// Checks a program's answer lines (`text`, one per puzzle: a solution, `none` or `multiple`,
/// and `limit` too when `limit_ok`, which claims nothing) against `puzzles`: each solution's first
/// field, mapped back ([`Posed::check`]), must solve the puzzle as given, and each status must be
/// `reference`'s where that is settled. Wrong answers are counted; a wrong number of lines is the
/// error.
pub fn check_answers(
    text: &str,
    puzzles: &[&Posed<'_>],
    reference: &[Option<Status>],
    limit_ok: bool,
) -> Result<Validation, String> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != puzzles.len() {
        return Err(format!(
            "wrote {} answer line(s) for {} puzzle(s)",
            lines.len(),
            puzzles.len()
        ));
    }
    let mut validation = Validation::default();
    for (i, (line, posed)) in lines.iter().zip(puzzles).enumerate() {
        let expected = reference.get(i).copied().flatten();
        // The first field: a line may carry counters after the answer.
        let answer = line.split_whitespace().next().unwrap_or("");
        if limit_ok && answer == Status::Limit.as_str() {
            continue;
        }
        if let Err(reason) = check_answer(answer, posed, expected) {
            validation.failures += 1;
            validation
                .first
                .get_or_insert_with(|| format!("puzzle {}: {reason}", i + 1));
        }
    }
    Ok(validation)
}

/// The program side of the loop protocol around a built-in solver (`dlxlab loop-peer`): `warmup`
/// untimed solves, then `passes` timed passes over `puzzles` with the work of `bench`'s passes
/// (`solver.solve` under `limits`, the outcome dropped), each pass's seconds written to `times`
/// as it ends; then, when `solutions` is given, one answer line per puzzle from an untimed solve.
pub fn serve(
    solver: &dyn Solver,
    limits: &SolveLimits,
    puzzles: &[Grid],
    passes: usize,
    warmup: usize,
    times: &mut dyn Write,
    solutions: Option<&mut dyn Write>,
) -> io::Result<()> {
    for grid in puzzles.iter().cycle().take(warmup.min(puzzles.len())) {
        black_box(solver.solve(grid, limits));
    }
    for _ in 0..passes {
        let start = Instant::now();
        for grid in puzzles {
            black_box(solver.solve(grid, limits));
        }
        writeln!(times, "{:.9}", start.elapsed().as_secs_f64())?;
        times.flush()?;
    }
    if let Some(out) = solutions {
        for grid in puzzles {
            let outcome = solver.solve(grid, limits);
            match (outcome.status, &outcome.solution) {
                (Status::Unique, Some(s)) => writeln!(out, "{}", s.to_line())?,
                (Status::Multiple, _) => writeln!(out, "multiple")?,
                (Status::None, _) => writeln!(out, "none")?,
                // Anything else (a budget, an unsupported puzzle) is an answer the caller rejects.
                (status, _) => writeln!(out, "{}", status.as_str())?,
            }
        }
        out.flush()?;
    }
    Ok(())
}

/// The pass times of a protocol answer: one decimal number of seconds per non-empty line.
fn parse_times(text: &str) -> Result<Vec<f64>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| match l.trim().parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
            _ => Err(format!("`{}` is not a pass time in seconds", l.trim())),
        })
        .collect()
}

/// Checks one answer line of a peer against the puzzle (its solution mapped back to the puzzle as
/// given) and the reference status.
fn check_answer(line: &str, posed: &Posed<'_>, expected: Option<Status>) -> Result<(), String> {
    let line = line.trim();
    let status = match line {
        "none" => Status::None,
        "multiple" => Status::Multiple,
        // A count of one from a solver that does not hand its solution back.
        "unique" => Status::Unique,
        _ => {
            let solution = Grid::parse_with_shape(line, Shape::CLASSIC)
                .map_err(|e| format!("`{line}` is not a solution, `none` or `multiple` ({e})"))?;
            posed
                .check(&solution)
                .map_err(|e| format!("wrong solution: {e}"))?;
            Status::Unique
        }
    };
    match expected {
        // A peer that keeps its first solution says `multiple` without showing it; the reference
        // says whether there is more than one.
        Some(want @ (Status::Unique | Status::Multiple | Status::None)) if want != status => {
            Err(format!(
                "answered {} where the reference solver says {}",
                status.as_str(),
                want.as_str()
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const SOLUTION: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn pass_times_are_decimal_seconds_one_a_line() {
        assert_eq!(parse_times("0.5\n1e-3\n\n"), Ok(vec![0.5, 0.001]));
        assert!(parse_times("0.5 s\n").is_err());
        assert!(parse_times("-1\n").is_err());
        assert!(parse_times("NaN\n").is_err());
    }

    #[test]
    fn answers_are_checked_against_the_rules_and_the_reference() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        let grid = Posed::new(&puzzle, None, 1);
        let unique = Some(Status::Unique);
        assert_eq!(check_answer(SOLUTION, &grid, unique), Ok(()));
        assert_eq!(check_answer(SOLUTION, &grid, None), Ok(()));
        // Digits 3 and 8 swapped everywhere: a valid grid that changes the givens.
        let wrong: String = SOLUTION
            .chars()
            .map(|c| match c {
                '3' => '8',
                '8' => '3',
                c => c,
            })
            .collect();
        let err = check_answer(&wrong, &grid, unique).unwrap_err();
        assert!(err.starts_with("wrong solution"), "{err}");
        // One digit changed: not even a valid grid.
        let mut broken = SOLUTION.to_string();
        broken.replace_range(0..1, "5");
        let err = check_answer(&broken, &grid, None).unwrap_err();
        assert!(err.contains("is not a solution"), "{err}");
        assert!(check_answer("garbage", &grid, None).is_err());
        // A status the reference contradicts.
        assert!(check_answer("none", &grid, unique)
            .unwrap_err()
            .contains("reference solver says unique"));
        assert_eq!(
            check_answer("multiple", &grid, Some(Status::Multiple)),
            Ok(())
        );
        // A count without its solution: the status alone is checked.
        assert_eq!(check_answer("unique", &grid, unique), Ok(()));
        assert!(check_answer("unique", &grid, Some(Status::Multiple))
            .unwrap_err()
            .contains("answered unique where the reference solver says multiple"));
        // A reference stopped by a budget settles nothing.
        assert_eq!(check_answer("none", &grid, Some(Status::Limit)), Ok(()));
    }

    #[test]
    fn a_missing_program_is_a_run_error() {
        let dir =
            std::env::temp_dir().join(format!("dlxlab-loop-peer-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("puzzles.txt");
        let grid = Grid::parse(PUZZLE).unwrap();
        write_puzzles(&file, &[&grid]).unwrap();
        let peer = LoopPeer::new(&dir.join("no-such-program"));
        assert_eq!(peer.name, "no-such-program");
        assert!(matches!(
            peer.pass(&file, 0),
            Err(LoopPeerError::Run { .. })
        ));
        fs::remove_dir_all(&dir).unwrap();
    }
}
