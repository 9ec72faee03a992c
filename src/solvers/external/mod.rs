//! External solvers: any program that speaks the line protocol of [`protocol`], run as a
//! long-lived process and driven like a built-in solver (`--external NAME=COMMAND`).
//!
//! The command is started with `sh -c 'exec COMMAND'` when first needed, once per thread that
//! needs it (a small pool), and kept running: each puzzle costs one line written and one line
//! read. The harness measures the round trip; `dlxlab external-null` answers at once and so
//! measures what the protocol itself costs.
//!
//! A program that exits, does not answer within the time limit, or answers garbage (anything
//! [`protocol::parse_answer`] refuses, or a line longer than [`protocol::MAX_LINE`]) costs exactly
//! that puzzle: [`Solver::run_checked`] returns the reason, the process is killed, and the next
//! puzzle starts a fresh one. Its standard error goes to dlxlab's standard error.
//!
//! Counters: `nodes` and `guesses` are the program's own `nodes=` and `guesses=` (unknown,
//! [`Stats::unreported`], when it does not report them: empty in `runs.csv`, never 0; their
//! meaning is the program's, see `docs/external-solvers.md`); `time_ns` is
//! the round trip measured by dlxlab, from writing the puzzle to reading the whole answer.

mod process;
pub mod protocol;

#[cfg(test)]
mod tests;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::sudoku::{Grid, Shape};

use super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status, Unreported};
use process::Process;
pub use process::{kill_all, Failure, POLL};

/// The default time limit of one answer.
pub const DEFAULT_MAX_MS: u64 = 10_000;

/// A solver that is a running external program.
pub struct ExternalSolver {
    name: &'static str,
    command: String,
    max_wait: Duration,
    idle: Mutex<Vec<Process>>,
}

impl std::fmt::Debug for ExternalSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExternalSolver")
            .field("name", &self.name)
            .field("command", &self.command)
            .field("max_wait", &self.max_wait)
            .finish()
    }
}

/// Why `NAME=COMMAND` cannot name an external solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExternalError {
    /// No `=`, an empty name or command, or a name with characters other than letters, digits,
    /// `-`, `_` and `.`.
    #[error("`{0}`: expected NAME=COMMAND with a NAME of letters, digits, '-', '_' or '.'")]
    Syntax(String),
    /// The name of a built-in solver, or given twice.
    #[error("external solver name `{0}` is already taken")]
    NameTaken(String),
}

impl ExternalSolver {
    /// An external solver `name` running `command` (through `sh -c`), answering within `max_ms`
    /// milliseconds. No process starts until the first puzzle.
    pub fn new(name: &str, command: &str, max_ms: u64) -> Result<ExternalSolver, ExternalError> {
        let valid = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !valid || command.trim().is_empty() {
            return Err(ExternalError::Syntax(format!("{name}={command}")));
        }
        if super::by_name(name).is_some() {
            return Err(ExternalError::NameTaken(name.to_string()));
        }
        Ok(ExternalSolver {
            // Solver names are `&'static str` (they label every row); an external solver lives
            // as long as the run that named it, so its name is leaked once.
            name: Box::leak(name.to_string().into_boxed_str()),
            command: command.to_string(),
            max_wait: Duration::from_millis(max_ms.max(1)),
            idle: Mutex::new(Vec::new()),
        })
    }

    /// Parses `NAME=COMMAND`.
    pub fn parse(spec: &str, max_ms: u64) -> Result<ExternalSolver, ExternalError> {
        let (name, command) = spec
            .split_once('=')
            .ok_or_else(|| ExternalError::Syntax(spec.to_string()))?;
        ExternalSolver::new(name.trim(), command, max_ms)
    }

    /// The command line given.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// One round trip: the answer to `grid`, or why there is none. A process that failed is
    /// killed and not returned to the pool. A line that no puzzle asked for (waiting before the
    /// puzzle is written, or right behind its answer) means the program's output is out of step
    /// with its input: that is the failure, named, and the process is killed so that no later
    /// puzzle gets an answer meant for another. A solution that changes its puzzle's givens is
    /// returned (the caller reports it as a wrong solution), but the process is not kept: were
    /// it an answer to another puzzle, the next puzzle starts in step.
    fn ask(&self, grid: &Grid) -> Result<Outcome, Failure> {
        if crate::budget::interrupted() {
            return Err(Failure::Interrupted);
        }
        let taken = self.idle.lock().map(|mut idle| idle.pop()).unwrap_or(None);
        let mut process = match taken {
            Some(p) => p,
            None => Process::start(&self.command)
                .map_err(|e| Failure::Broken(format!("cannot start: {e}")))?,
        };
        let start = Instant::now();
        let reply = process.ask(&grid.to_line(), self.max_wait);
        let elapsed = start.elapsed();
        let line = match reply {
            Ok(line) => line,
            Err(failure) => {
                process.kill();
                return Err(failure);
            }
        };
        let answer = match protocol::parse_answer(&line, grid.shape()) {
            Ok(a) => a,
            Err(reason) => {
                process.kill();
                return Err(Failure::Broken(format!("answered garbage: {reason}")));
            }
        };
        if let Some(extra) = process.extra_line() {
            process.kill();
            return Err(Failure::OutOfStep(extra));
        }
        let in_step = answer
            .solution
            .as_ref()
            .is_none_or(|solution| keeps_givens(grid, solution));
        if !in_step {
            process.kill();
        } else if let Ok(mut idle) = self.idle.lock() {
            idle.push(process);
        }
        let solutions = match answer.status {
            Status::Unique => 1,
            Status::Multiple => 2,
            _ => 0,
        };
        Ok(Outcome {
            status: answer.status,
            solutions,
            solution: answer.solution,
            stats: Stats {
                nodes: answer.nodes.unwrap_or(0),
                guesses: answer.guesses.unwrap_or(0),
                backtracks: 0,
                time_ns: elapsed.as_nanos() as u64,
                deductions: Default::default(),
                unreported: Unreported {
                    nodes: answer.nodes.is_none(),
                    guesses: answer.guesses.is_none(),
                },
            },
        })
    }
}

/// Whether every given of `puzzle` is in `solution` (an answer to another puzzle seldom is).
fn keeps_givens(puzzle: &Grid, solution: &Grid) -> bool {
    puzzle
        .cells()
        .iter()
        .zip(solution.cells())
        .all(|(&given, &digit)| given == 0 || given == digit)
}

impl Drop for ExternalSolver {
    fn drop(&mut self) {
        if let Ok(idle) = self.idle.get_mut() {
            for p in idle.iter_mut() {
                p.close();
            }
        }
    }
}

impl Solver for ExternalSolver {
    fn name(&self) -> &'static str {
        self.name
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "external program (line protocol)",
            propagation: "the program's own",
            heuristic: "the program's own",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() == 9
    }

    /// The answer; a failed round trip is reported as status `limit` with nothing counted (use
    /// [`Solver::run_checked`] to get the reason).
    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        self.run_checked(grid, limits).unwrap_or_else(|_| Outcome {
            status: Status::Limit,
            solutions: 0,
            solution: None,
            stats: Stats::default(),
        })
    }

    /// `time_ns` is the round trip (set here, not by the default `run`).
    fn run(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        self.solve(grid, limits)
    }

    /// A program that does not answer within the time limit gets status
    /// [`Status::Timeout`] (no claim, and not an error: a slow program is not a wrong one); any
    /// other failure is the error returned.
    fn run_checked(&self, grid: &Grid, _limits: &SolveLimits) -> Result<Outcome, String> {
        match self.ask(grid) {
            Ok(outcome) => Ok(outcome),
            Err(Failure::Timeout(limit)) => Ok(Outcome {
                status: Status::Timeout,
                solutions: 0,
                solution: None,
                stats: Stats {
                    time_ns: limit.as_nanos() as u64,
                    unreported: Unreported {
                        nodes: true,
                        guesses: true,
                    },
                    ..Stats::default()
                },
            }),
            Err(failure) => Err(format!("external solver {}: {failure}", self.name)),
        }
    }

    fn may_omit_solution(&self) -> bool {
        true
    }
}

/// `dlxlab external-null`: answers `limit` to every line at once, flushing each answer — the
/// cheapest program that speaks the protocol, to measure its overhead. Returns the lines answered.
pub fn serve_null(
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> std::io::Result<u64> {
    let mut n = 0;
    for line in input.lines() {
        line?;
        output.write_all(b"limit\n")?;
        output.flush()?;
        n += 1;
    }
    Ok(n)
}
