//! Running pairs on a worker: a block of (puzzle, solver) pairs ([`run_block`]), one pair
//! ([`run_pair`]) with the verification of its answer ([`fill_outcome`]), and the single-threaded
//! timing pass ([`serial_times`]). The driver that hands out the blocks and writes their rows in
//! line order is [`super::engine`].

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use crate::corpus::Record;
use crate::solvers::{Outcome, Status};
use crate::sudoku::{check_solution, Grid};

use super::permute::Posed;
use super::phases::thread_cpu;
use super::plan::{BlockSpec, Mode, Plan, SolverRun};
use super::{HarnessError, Row};

/// The rows of one block, their `runs.csv` lines (with [`Plan::csv_rows`]) and the line ends,
/// and the CPU time the block took on its worker.
pub(super) type BlockRows = (Vec<Option<Row>>, Vec<u8>, Vec<usize>, Duration);

pub(super) fn run_block(
    plan: &Plan<'_>,
    records: &[Record],
    left: &[AtomicU32],
    spec: BlockSpec,
    stop: &AtomicBool,
    abort: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> BlockRows {
    let cpu = thread_cpu();
    let mut rows = Vec::with_capacity(spec.len);
    let mut csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut ends = Vec::new();
    for p in spec.first..spec.first + spec.len {
        if stop.load(Ordering::Relaxed) || abort.load(Ordering::Relaxed) {
            rows.push(None);
            continue;
        }
        let row = run_pair(&records[p], plan, spec.slot);
        if stop.load(Ordering::Relaxed) {
            // The stop request also interrupts the search in progress (the command line raises
            // `budget::interrupt` with it): a row finished after it may be cut short, and is
            // not kept (its puzzle is run again on --resume).
            rows.push(None);
            continue;
        }
        if plan.csv_rows {
            // Writing into a Vec cannot fail, and a Row always serializes.
            let _ = csv.serialize(&row);
            let _ = csv.flush();
            ends.push(csv.get_ref().len());
        }
        rows.push(Some(row));
        if left[p].fetch_sub(1, Ordering::AcqRel) == 1 {
            progress(1);
        }
    }
    let bytes = csv.into_inner().unwrap_or_default();
    (rows, bytes, ends, thread_cpu().saturating_sub(cpu))
}

/// Rows as `runs.csv` lines, without header.
pub fn format_rows(rows: &[Row]) -> Result<Vec<u8>, HarnessError> {
    let mut csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    for row in rows {
        csv.serialize(row)?;
    }
    csv.into_inner()
        .map_err(|e| HarnessError::Csv(csv::Error::from(e.into_error())))
}

/// The single-threaded timing pass: re-runs each row's solve on this thread alone and replaces
/// `time_ns` (rows that did not run a solver keep 0). Returns how many rows were timed before a
/// stop request.
pub(super) fn serial_times(
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
                // The same permuted puzzle as the parallel pass (it depends on seed and line).
                let posed = Posed::new(grid, plan.permute, records[k / per].line);
                row.time_ns = run
                    .solver
                    .run_checked(posed.grid(), &run.limits)
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
        nodes: Some(0),
        guesses: Some(0),
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
        let given: Vec<&str> = plan.solvers.iter().map(|s| s.solver.name()).collect();
        row.error = format!(
            "line {}: no solver given ({}) supports {side}x{side} grids",
            record.line,
            given.join(", ")
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
    // Under --permute the solver sees the puzzle under the symmetry of (seed, line); its
    // solution is mapped back and checked below against the puzzle as given.
    let posed = Posed::new(grid, plan.permute, record.line);
    match run.solver.run_checked(posed.grid(), &run.limits) {
        Ok(outcome) => {
            let status = outcome.status;
            match posed.answer(outcome) {
                Ok(outcome) => {
                    fill_outcome(&mut row, grid, &outcome, run.solver.may_omit_solution())
                }
                Err(e) => {
                    // An answer that cannot be mapped back is a wrong answer.
                    row.status = status;
                    row.error = format!("line {}: {}{e}", record.line, super::row::SOLVER_ERROR);
                }
            }
        }
        Err(reason) => {
            // The solver gave no answer (an external program that crashed, hung or answered
            // garbage): one error row with the reason; status `limit` claims nothing, and no
            // counter is known.
            row.status = Status::Limit;
            (row.nodes, row.guesses) = (None, None);
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
    let unreported = outcome.stats.unreported;
    row.nodes = (!unreported.nodes).then_some(outcome.stats.nodes);
    row.guesses = (!unreported.guesses).then_some(outcome.stats.guesses);
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
        Status::Timeout => outcome.solutions == 0,
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
            nodes: Some(0),
            guesses: Some(0),
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
