//! The answer lines of `dlxlab solve`: one line per puzzle, in input order, written as bytes into
//! a reused buffer.
//!
//! This is the whole-process path (issue 13): a corpus of tens of thousands of puzzles is answered
//! at the solver's speed when nothing else costs more than a memory pass. So a line is parsed with
//! [`Grid::parse`] (no allocation for a 9x9 grid, whose cells the `Grid` holds inline), solved,
//! and its answer appended to the caller's buffer; no `String` is made per line, nothing is
//! formatted except counts and error reasons, and the buffer reaches the output in large writes.
//! (Issue 34: 2,710 instructions a 17-clue puzzle outside the solver, start-up included, from
//! 4,110; reports/arena/band-vs-tdoku.md, "Per-line work cut".) With one thread the puzzles are
//! answered on the calling thread into one buffer of about 64 KiB, written each time it fills;
//! with more, batches of lines are split into chunks answered on a rayon pool, each into its own
//! buffer, and written in order.
//!
//! The answer of a line (the contract of `dlxlab solve`): the solution (`.` for a cell left
//! empty, which no built-in solver leaves), or the status word `multiple`, `none`, `limit` or
//! `timeout` (an external program that did not answer in time); with `count`, the number of
//! solutions (`at least N` when `--max N` stopped the search, `limit: at least N` when a budget
//! did, `timeout` when an external program did not answer: [`push_result`]); `invalid: REASON`
//! for a line that is not a puzzle the solver takes; `error: REASON` when an external solver could
//! not answer or its status is refuted by the reference solver ([`Answering::reference`]), or when
//! a solver's solution is not one: every solution found (of a unique puzzle or
//! the first of several) is checked against the puzzle and the rules with [`check_solution`]
//! before anything is printed, in one bitwise pass on 9x9.
//!
//! `dlxlab solve --trace` prints the search of each puzzle before its answer line
//! ([`write_traced`]); every solution there, in the trace and in the answer, goes through the
//! same check.

use std::io::{self, Write};

use rayon::prelude::*;

use crate::solvers::trace::TraceEvent;
use crate::solvers::{Outcome, SolveLimits, Solver, Status};
use crate::sudoku::{check_solution, Grid, Shape};

use super::permute::Posed;

/// Lines answered between two writes to the output with several threads: bounds the memory held
/// for answers.
const BATCH: usize = 1 << 16;

/// Bytes of answers held before a write with one thread: one reused buffer that stays in the
/// cache (a buffer of megabytes is touched once, page by page, and every byte leaves the cache
/// before it is written), and few enough writes (one per 800 solutions).
const OUT_BYTES: usize = 1 << 16;

/// Lines per parallel task: enough work to pay for the task, few enough to balance the threads.
const CHUNK: usize = 256;

/// How to answer: the solver, its limits and what to print.
#[derive(Clone, Copy)]
pub struct Answering<'a> {
    /// The solver.
    pub solver: &'a dyn Solver,
    /// Limits of each solve.
    pub limits: SolveLimits,
    /// Print the number of solutions instead of the solution ([`push_result`]; the `--max` is
    /// `limits.max_solutions`).
    pub count: bool,
    /// The solver is an external program: it is driven through [`Solver::run_checked`], which
    /// reports a program that crashed, hung or answered garbage as `error: REASON`. A built-in
    /// solver always answers and is called through [`Solver::solve`], which reads no clock.
    pub external: bool,
    /// A built-in solver that confirms an external program's answers: its status (`unique`,
    /// `multiple` or `none`) must be the reference's, found with the same limits, or the line is
    /// `error: ... claims ...`; where the reference stops at a limit the program's claim stands
    /// unconfirmed. `None`: answers are printed as the program gave them (each solution is still
    /// checked).
    pub reference: Option<&'a dyn Solver>,
    /// `--permute SEED`: the solver is given each puzzle under the symmetry of the seed and the
    /// puzzle's key ([`super::permute`]), and its solution is mapped back before it is checked
    /// against the puzzle as given and printed. `None`: puzzles as given.
    pub permute: Option<u64>,
}

impl Answering<'_> {
    /// Appends the answer line of `puzzle` (the puzzle field of a line), newline included;
    /// returns whether the solver left a valid puzzle unanswered (an external program that
    /// failed, a wrong solution, or a grid size the solver does not handle). `key` is the
    /// puzzle's line number (or argument number): under [`Answering::permute`] it picks the
    /// symmetry, else it is not used.
    ///
    /// A search that ends while [`crate::budget::interrupted`] is set may have been cut short by
    /// it: nothing is written for it (the caller stops, see [`Answering::answer_all`]).
    pub fn answer_into(&self, key: u64, puzzle: &str, out: &mut Vec<u8>) -> bool {
        let grid = match Grid::parse(puzzle) {
            Ok(grid) => grid,
            Err(e) => {
                // Rare: formatting is fine here.
                let _ = writeln!(out, "{}: {e}", Status::Invalid);
                return false;
            }
        };
        if !self.solver.supports(grid.shape()) {
            let side = grid.shape().side();
            let _ = writeln!(
                out,
                "{}: solver {} does not handle {side}x{side} grids",
                Status::Invalid,
                self.solver.name()
            );
            return true;
        }
        let posed = Posed::new(&grid, self.permute, key);
        // The outcome stays in one place (no `Result` around it to move it through): an
        // `Outcome` holds its solution grid inline, and each move was a call to memcpy.
        let solved = if self.external {
            self.solver.run_checked(posed.grid(), &self.limits)
        } else {
            Ok(self.solver.solve(posed.grid(), &self.limits))
        };
        if crate::budget::interrupted() {
            return false;
        }
        let mut outcome = match solved {
            Ok(outcome) => outcome,
            Err(reason) => {
                let _ = writeln!(out, "error: {reason}");
                return true;
            }
        };
        // Under --permute the solution is mapped back to the puzzle as given before the check.
        if posed.permuted().is_some() {
            outcome = match posed.answer(outcome) {
                Ok(outcome) => outcome,
                Err(e) => {
                    let _ = writeln!(
                        out,
                        "error: solver {} gave a wrong solution: {e}",
                        self.solver.name()
                    );
                    return true;
                }
            };
        }
        if let Some(Err(e)) = outcome.solution.as_ref().map(|s| check_solution(&grid, s)) {
            let _ = writeln!(
                out,
                "error: solver {} gave a wrong solution: {e}",
                self.solver.name()
            );
            return true;
        }
        if let Some(found) = self.refuted(&grid, outcome.status) {
            let _ = writeln!(
                out,
                "error: external solver {} claims `{}`, but {} finds `{found}`",
                self.solver.name(),
                outcome.status,
                self.reference.map_or("", |r| r.name()),
            );
            return true;
        }
        push_result(
            &outcome,
            self.count.then_some(self.limits.max_solutions),
            out,
        );
        // An external program that did not answer in time left the puzzle unanswered.
        outcome.status == Status::Timeout
    }

    /// The reference's status where it settles the puzzle otherwise than `claimed` (an
    /// external program's settled status), else `None`.
    fn refuted(&self, grid: &Grid, claimed: Status) -> Option<Status> {
        let reference = self.reference?;
        if !matches!(claimed, Status::Unique | Status::Multiple | Status::None)
            || !reference.supports(grid.shape())
        {
            return None;
        }
        let limits = SolveLimits {
            max_solutions: 2,
            budget: self.limits.budget,
        };
        let found = reference.solve(grid, &limits).status;
        (matches!(found, Status::Unique | Status::Multiple | Status::None) && found != claimed)
            .then_some(found)
    }

    /// Answers every puzzle of `puzzles` (each with its key, see [`Answering::answer_into`]) in
    /// order and writes the lines to `out`: on this thread
    /// without a pool, each line answered as it comes (while its bytes are in the cache), else
    /// on the pool's threads (the output is the same). Returns how many valid puzzles the solver
    /// left unanswered ([`Answering::answer_into`]). After [`crate::budget::interrupt`] it stops:
    /// the lines written are the answers of the first puzzles, none cut short.
    pub fn answer_all<'p>(
        &self,
        puzzles: impl IntoIterator<Item = (u64, &'p str)>,
        pool: Option<&rayon::ThreadPool>,
        out: &mut impl Write,
    ) -> io::Result<u64> {
        let mut unanswered = 0;
        let Some(pool) = pool else {
            // Room for the last line past the mark (a 9x9 solution line is 82 bytes).
            let mut buf = Vec::with_capacity(2 * OUT_BYTES);
            for (key, puzzle) in puzzles {
                if crate::budget::interrupted() {
                    break;
                }
                unanswered += u64::from(self.answer_into(key, puzzle, &mut buf));
                if buf.len() >= OUT_BYTES {
                    out.write_all(&buf)?;
                    buf.clear();
                }
            }
            out.write_all(&buf)?;
            return Ok(unanswered);
        };
        let mut puzzles = puzzles.into_iter();
        loop {
            let batch: Vec<(u64, &str)> = puzzles.by_ref().take(BATCH).collect();
            if batch.is_empty() || crate::budget::interrupted() {
                break;
            }
            let parts: Vec<(Vec<u8>, u64)> = pool.install(|| {
                batch
                    .par_chunks(CHUNK)
                    .map(|chunk| {
                        let mut buf = Vec::with_capacity(chunk.len() * 82);
                        let mut missed = 0;
                        for &(key, puzzle) in chunk {
                            if crate::budget::interrupted() {
                                break;
                            }
                            missed += u64::from(self.answer_into(key, puzzle, &mut buf));
                        }
                        (buf, missed)
                    })
                    .collect()
            });
            // After an interruption, the answers of the chunks up to the first one cut short (a
            // prefix of the input, as without threads).
            let mut whole = true;
            for ((part, missed), chunk) in parts.into_iter().zip(batch.chunks(CHUNK)) {
                if !whole {
                    break;
                }
                whole = part.iter().filter(|&&b| b == b'\n').count() == chunk.len();
                let keep = if whole {
                    part.len()
                } else {
                    part.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1)
                };
                out.write_all(&part[..keep])?;
                unanswered += missed;
            }
        }
        Ok(unanswered)
    }
}

/// What [`write_traced`] printed for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TracedAnswer {
    /// The trace and the answer line (a checked solution, a status word or a count), or
    /// `invalid: REASON` for a line that is not a puzzle.
    Answered,
    /// The solver gave a wrong solution: `error: solver NAME gave a wrong solution: REASON` was
    /// printed in its place (in the trace, or as the answer line, or both).
    Wrong,
}

/// Writes what `dlxlab solve --trace` prints for one puzzle (`line`, the puzzle field): the
/// line `# SOLVER on LINE`, every event of the search indented by its depth, a line of counters,
/// then the answer line as `dlxlab solve` prints it ([`push_result`]). Every solution, in the
/// trace and in the answer, is checked against the puzzle and the rules with
/// [`check_solution`] before it is printed; a wrong one is printed as `error: solver SOLVER gave
/// a wrong solution: REASON` instead, and the result is [`TracedAnswer::Wrong`].
///
/// `solve` runs the traced search on the grid (the CLI passes
/// [`crate::solvers::trace::solve_traced`]), giving every event to the sink it is passed;
/// `Ok(None)` is its `None`, a solver that cannot trace.
pub fn write_traced(
    out: &mut impl Write,
    solver: &str,
    line: &str,
    count: Option<u64>,
    solve: impl FnOnce(&Grid, &mut dyn FnMut(TraceEvent)) -> Option<Outcome>,
) -> io::Result<Option<TracedAnswer>> {
    let grid = match Grid::parse(line) {
        Ok(g) => g,
        Err(e) => {
            writeln!(out, "{}: {e}", Status::Invalid)?;
            return Ok(Some(TracedAnswer::Answered));
        }
    };
    let shape = grid.shape();
    writeln!(out, "# {solver} on {line}")?;
    let mut write_error = None;
    let mut wrong = false;
    let outcome = solve(&grid, &mut |event: TraceEvent| {
        if write_error.is_some() {
            return;
        }
        let indent = "  ".repeat(event.depth());
        let checked = match &event {
            TraceEvent::Solution { grid: found, .. } => check_solution(&grid, found),
            _ => Ok(()),
        };
        let written = match checked {
            Ok(()) => writeln!(out, "{indent}{}", event.display(shape)),
            Err(e) => {
                wrong = true;
                writeln!(
                    out,
                    "{indent}error: solver {solver} gave a wrong solution: {e}"
                )
            }
        };
        if let Err(e) = written {
            write_error = Some(e);
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let Some(outcome) = outcome else {
        return Ok(None);
    };
    let s = &outcome.stats;
    writeln!(
        out,
        "# {}: nodes {}, guesses {}, backtracks {}, naked singles {}, hidden singles {}, \
         locked eliminations {}, subset eliminations {}",
        outcome.status,
        s.nodes,
        s.guesses,
        s.backtracks,
        s.deductions.naked_singles,
        s.deductions.hidden_singles,
        s.deductions.locked_eliminations,
        s.deductions.subset_eliminations
    )?;
    if let Some(Err(e)) = outcome.solution.as_ref().map(|s| check_solution(&grid, s)) {
        writeln!(out, "error: solver {solver} gave a wrong solution: {e}")?;
        return Ok(Some(TracedAnswer::Wrong));
    }
    let mut answer = Vec::new();
    push_result(&outcome, count, &mut answer);
    out.write_all(&answer)?;
    Ok(Some(if wrong {
        TracedAnswer::Wrong
    } else {
        TracedAnswer::Answered
    }))
}

/// Appends what `dlxlab solve` prints for an outcome, newline included: with `count` (`Some` of
/// the `--max` the search ran under, 0 for all), the number of solutions when it is exact, `at
/// least N` when the search stopped at `--max` N (there may be more), `limit: at least N` when a
/// node or time budget stopped it after N solutions (as `xc` says both), and `timeout` when an
/// external program did not answer (no count to give); without, the solution of a unique puzzle,
/// or the status word.
pub fn push_result(outcome: &Outcome, count: Option<u64>, out: &mut Vec<u8>) {
    let n = outcome.solutions;
    match (count, outcome.status, &outcome.solution) {
        (Some(_), Status::Timeout, _) => out.extend_from_slice(Status::Timeout.as_str().as_bytes()),
        (Some(max), _, _) if max != 0 && n >= max => {
            let _ = write!(out, "at least {n}");
        }
        (Some(_), Status::Limit, _) => {
            let _ = write!(out, "{}: at least {n}", Status::Limit);
        }
        (Some(_), _, _) => {
            let _ = write!(out, "{n}");
        }
        (None, Status::Unique, Some(solution)) => push_line(solution, out),
        (None, status, _) => out.extend_from_slice(status.as_str().as_bytes()),
    }
    out.push(b'\n');
}

/// Appends the one-line form of `grid` ([`Grid::to_line`]) as bytes, without building a `String`.
fn push_line(grid: &Grid, out: &mut Vec<u8>) {
    if let Ok(cells) = <&[u8; 81]>::try_from(grid.cells()) {
        // A 9x9 grid holds 0..=9 only (every `Grid` constructor checks the range): the same
        // characters as below, made in an array without a branch (so that the loop is
        // vectorised) and appended in one copy.
        out.extend_from_slice(&cells.map(|d| if d == 0 { b'.' } else { b'0' + d }));
        return;
    }
    out.extend(grid.cells().iter().map(|&d| match d {
        0 => b'.',
        // Every digit character is ASCII (`1-9A-Za-z`, or `?` past the last).
        _ => Shape::digit_char(d) as u8,
    }));
}

#[cfg(test)]
mod tests;
