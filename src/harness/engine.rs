//! The run loop: chunks of lines, rayon over (puzzle, solver) pairs within a chunk, rows out in
//! line order.
//!
//! A chunk of [`Plan::chunk_lines`] lines is read, its puzzle lines (of this shard, after the resume
//! point) are paired with every solver, and the pairs run on the current rayon pool. Collecting a
//! rayon iterator keeps the input order, so the rows come out sorted by line and then by solver in
//! registry order, whatever the number of threads; the memory held is one chunk. A stop request is
//! honoured between pairs: the rows of the longest prefix of whole puzzles are written and the run
//! ends there, so the output always holds whole puzzles only.

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rayon::prelude::*;

use crate::corpus::{CorpusReader, LineCounts, LineKind, Record, Shard};
use crate::solvers::{Outcome, SolveLimits, Solver, Status};
use crate::sudoku::{check_solution, Grid};

use super::{HarnessError, Row};

/// One solver with the limits it runs under.
pub struct SolverRun {
    /// The solver.
    pub solver: Box<dyn Solver>,
    /// Its limits.
    pub limits: SolveLimits,
}

/// How puzzles are assigned to solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every puzzle through every solver: one row per (puzzle, solver).
    EverySolver,
    /// Every puzzle through the first solver (in plan order) that supports its shape: one row per
    /// puzzle (used by `dlxlab count`).
    FirstSupporting,
}

/// What to run.
pub struct Plan<'a> {
    /// The solvers, in row order.
    pub solvers: &'a [SolverRun],
    /// Assignment of puzzles to solvers.
    pub mode: Mode,
    /// The lines to run.
    pub shard: Shard,
    /// Lines read and run at a time.
    pub chunk_lines: usize,
    /// Re-run every pair in a single-threaded pass after each chunk and report that pass's times.
    pub serial_timing: bool,
    /// Puzzle lines up to this line number are already done (resume) and are only counted.
    pub skip_through: u64,
}

impl Plan<'_> {
    /// Rows per puzzle line.
    pub fn rows_per_puzzle(&self) -> usize {
        match self.mode {
            Mode::EverySolver => self.solvers.len(),
            Mode::FirstSupporting => 1,
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Lines of the shard read, by kind (including lines skipped on resume).
    pub counts: LineCounts,
    /// Puzzle lines skipped because an earlier run had done them.
    pub skipped_puzzles: u64,
    /// Puzzle lines run now.
    pub puzzles: u64,
    /// Rows written now.
    pub rows: u64,
    /// Rows written now that record a solver failure.
    pub solver_errors: u64,
    /// The run stopped early on request.
    pub interrupted: bool,
}

/// Runs the plan over the lines of `reader` on the current rayon pool. `progress` is called with
/// `1` each time a puzzle's rows are complete (from any thread); `sink` receives the rows of each
/// chunk in line order. Stops early, at a whole puzzle, when `stop` is set.
pub fn run<R: BufRead>(
    reader: &mut CorpusReader<R>,
    plan: &Plan<'_>,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    sink: &mut dyn FnMut(&[Row]) -> Result<(), HarnessError>,
) -> Result<Tally, HarnessError> {
    if plan.solvers.is_empty() {
        return Err(HarnessError::NoSolvers);
    }
    let per = plan.rows_per_puzzle();
    let mut tally = Tally::default();
    loop {
        let lines = reader
            .read_chunk(plan.chunk_lines.max(1))
            .map_err(HarnessError::Corpus)?;
        if lines.is_empty() {
            break;
        }
        let mut records: Vec<&Record> = Vec::new();
        for line in lines.iter().filter(|l| plan.shard.contains(l.number)) {
            tally.counts.add(line);
            if let LineKind::Puzzle(record) = &line.kind {
                if record.line <= plan.skip_through {
                    tally.skipped_puzzles += 1;
                } else {
                    records.push(record);
                }
            }
        }
        let left: Vec<AtomicU32> = records.iter().map(|_| AtomicU32::new(per as u32)).collect();
        let results: Vec<Option<Row>> = (0..records.len() * per)
            .into_par_iter()
            .map(|pair| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let row = run_pair(records[pair / per], plan, pair % per);
                if left[pair / per].fetch_sub(1, Ordering::AcqRel) == 1 {
                    progress(1);
                }
                Some(row)
            })
            .collect();
        let done_pairs = results
            .iter()
            .position(Option::is_none)
            .unwrap_or(results.len());
        let mut rows: Vec<Row> = results
            .into_iter()
            .take(done_pairs / per * per)
            .map(|r| r.expect("rows before the first missing pair are present"))
            .collect();
        if plan.serial_timing {
            let timed = serial_times(&records, plan, &mut rows, stop);
            rows.truncate(timed / per * per);
        }
        tally.puzzles += (rows.len() / per) as u64;
        tally.rows += rows.len() as u64;
        tally.solver_errors += rows.iter().filter(|r| r.is_solver_error()).count() as u64;
        sink(&rows)?;
        if rows.len() < records.len() * per {
            tally.interrupted = true;
            return Ok(tally);
        }
    }
    Ok(tally)
}

/// The single-threaded timing pass: re-runs each row's solve on this thread alone and replaces
/// `time_ns` (rows that did not run a solver keep 0). Returns how many rows were timed before a
/// stop request.
fn serial_times(
    records: &[&Record],
    plan: &Plan<'_>,
    rows: &mut [Row],
    stop: &AtomicBool,
) -> usize {
    let per = plan.rows_per_puzzle();
    for (k, row) in rows.iter_mut().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return k;
        }
        let Ok(grid) = &records[k / per].grid else {
            continue;
        };
        if let Some(run) = pick(plan, grid, k % per) {
            if row.status != Status::Invalid {
                row.time_ns = run
                    .solver
                    .run_checked(grid, &run.limits)
                    .map_or(0, |o| o.stats.time_ns);
            }
        }
    }
    rows.len()
}

/// The solver run for slot `slot` of a puzzle with this grid.
fn pick<'p>(plan: &Plan<'p>, grid: &Grid, slot: usize) -> Option<&'p SolverRun> {
    match plan.mode {
        Mode::EverySolver => plan.solvers.get(slot),
        Mode::FirstSupporting => plan
            .solvers
            .iter()
            .find(|s| s.solver.supports(grid.shape())),
    }
}

fn run_pair(record: &Record, plan: &Plan<'_>, slot: usize) -> Row {
    let mut row = Row {
        line: record.line,
        puzzle: record.text.clone(),
        clues: None,
        solver: String::new(),
        status: Status::Invalid,
        solutions: 0,
        nodes: 0,
        guesses: 0,
        time_ns: 0,
        solution: String::new(),
        error: String::new(),
    };
    let grid = match &record.grid {
        Ok(grid) => grid,
        Err(err) => {
            row.solver = match plan.mode {
                Mode::EverySolver => plan.solvers[slot].solver.name().to_string(),
                Mode::FirstSupporting => String::new(),
            };
            row.error = err.to_string();
            return row;
        }
    };
    row.clues = Some(grid.givens() as u32);
    let side = grid.shape().side();
    let Some(run) = pick(plan, grid, slot) else {
        row.error = format!(
            "line {}: no solver supports {side}x{side} grids",
            record.line
        );
        return row;
    };
    row.solver = run.solver.name().to_string();
    if !run.solver.supports(grid.shape()) {
        row.error = format!(
            "line {}: solver {} does not support {side}x{side} grids",
            record.line, row.solver
        );
        return row;
    }
    match run.solver.run_checked(grid, &run.limits) {
        Ok(outcome) => fill_outcome(&mut row, grid, &outcome, run.solver.may_omit_solution()),
        Err(reason) => {
            // The solver gave no answer (an external program that crashed, hung or answered
            // garbage): one error row with the reason; status `limit` claims nothing.
            row.status = Status::Limit;
            row.error = format!("line {}: {}{reason}", record.line, super::row::SOLVER_ERROR);
        }
    }
    row
}

/// Copies an outcome into a row, verifying it: the solution must solve the puzzle, and the status,
/// count and solution must agree with one another. A failed check is recorded in `error` (the row
/// keeps the solver's own status), which makes the study fail.
fn fill_outcome(row: &mut Row, grid: &Grid, outcome: &Outcome, may_omit_solution: bool) {
    row.status = outcome.status;
    row.solutions = outcome.solutions;
    row.nodes = outcome.stats.nodes;
    row.guesses = outcome.stats.guesses;
    row.time_ns = outcome.stats.time_ns;
    let mut problems = Vec::new();
    if let Some(solution) = &outcome.solution {
        row.solution = solution.to_line();
        if let Err(err) = check_solution(grid, solution) {
            problems.push(format!("invalid solution: {err}"));
        }
    }
    let consistent = match outcome.status {
        Status::Unique => outcome.solutions == 1,
        Status::Multiple => outcome.solutions >= 2,
        Status::None => outcome.solutions == 0,
        Status::Limit => true,
        Status::Invalid => {
            problems.push("solver answered `invalid` for a valid puzzle".to_string());
            true
        }
    };
    if !consistent {
        problems.push(format!(
            "status {} with {} solutions",
            outcome.status, outcome.solutions
        ));
    }
    let omitted = may_omit_solution && outcome.status == Status::Multiple;
    if (outcome.solutions > 0) != outcome.solution.is_some() && !omitted {
        problems.push(format!(
            "{} solutions counted but {} returned",
            outcome.solutions,
            if outcome.solution.is_some() {
                "a solution"
            } else {
                "none"
            }
        ));
    }
    if !problems.is_empty() {
        row.error = format!(
            "line {}: {}{}",
            row.line,
            super::row::SOLVER_ERROR,
            problems.join("; ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Stats;

    fn row() -> Row {
        Row {
            line: 3,
            puzzle: String::new(),
            clues: Some(17),
            solver: "x".to_string(),
            status: Status::Invalid,
            solutions: 0,
            nodes: 0,
            guesses: 0,
            time_ns: 0,
            solution: String::new(),
            error: String::new(),
        }
    }

    fn outcome(status: Status, solutions: u64, solution: Option<Grid>) -> Outcome {
        Outcome {
            status,
            solutions,
            solution,
            stats: Stats::default(),
        }
    }

    #[test]
    fn answers_are_checked_for_consistency() {
        let puzzle = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let solution = crate::generate::count_solutions(&puzzle, 2).first.unwrap();
        let cases = [
            (outcome(Status::Unique, 1, Some(solution.clone())), None),
            (outcome(Status::Limit, 0, None), None),
            (
                outcome(Status::Unique, 2, Some(solution.clone())),
                Some("status unique with 2 solutions"),
            ),
            (
                outcome(Status::None, 0, Some(solution.clone())),
                Some("0 solutions counted but a solution returned"),
            ),
            (
                outcome(Status::Multiple, 2, None),
                Some("2 solutions counted but none returned"),
            ),
            (
                outcome(Status::Unique, 1, Some(puzzle.clone())),
                Some("invalid solution: cell r1c2 is empty"),
            ),
            (
                outcome(Status::Invalid, 0, None),
                Some("solver answered `invalid`"),
            ),
        ];
        for (out, expected) in cases {
            let mut r = row();
            fill_outcome(&mut r, &puzzle, &out, false);
            match expected {
                None => assert!(r.error.is_empty(), "{out:?}: {}", r.error),
                Some(text) => {
                    assert!(r.is_solver_error(), "{out:?}");
                    assert!(r.error.starts_with("line 3: solver error: "), "{}", r.error);
                    assert!(r.error.contains(text), "{}", r.error);
                }
            }
        }
    }
}
