//! Whole-process throughput (`dlxlab bench --whole-process`): programs that each do the whole job
//! on one corpus file — read it, prove every puzzle's solution unique, print one line per puzzle —
//! timed as child processes, so that start-up, parsing and output count as well as the solver.
//!
//! The programs run in rounds: every program once per round, the order reversed every other round
//! so that a slow patch of a shared machine hits them alike. A first round is untimed (it warms the
//! page cache and checks the output). Every run's output must have exactly `expected_lines` lines
//! (one per puzzle line of the corpus), else the program's result carries the error. Each program
//! reports the median over the timed rounds of its wall time and of its CPU time (user + system,
//! from `getrusage(RUSAGE_CHILDREN)` around the run), and the median over rounds of the reference
//! program's wall time divided by its own in the same round.

use std::ffi::OsString;
use std::io::{self, Read};
use std::process::{Command, Stdio};
use std::time::Instant;

/// One program of the comparison: a name for the table and the command line to run.
#[derive(Clone, Debug)]
pub struct Program {
    /// Row label.
    pub name: String,
    /// The executable and its arguments.
    pub argv: Vec<OsString>,
}

/// Why a run could not be timed at all.
#[derive(Debug, thiserror::Error)]
pub enum WholeError {
    /// The program could not be started.
    #[error("cannot run {name} ({program}): {source}")]
    Spawn {
        /// Row label.
        name: String,
        /// The executable.
        program: String,
        /// The operating system's reason.
        source: io::Error,
    },
    /// Reading its output failed.
    #[error("reading the output of {name}: {source}")]
    Output {
        /// Row label.
        name: String,
        /// The reason.
        source: io::Error,
    },
    /// No program to run.
    #[error("no program to time")]
    Empty,
}

/// The measurements of one program.
#[derive(Clone, Debug, PartialEq)]
pub struct WholeResult {
    /// Row label.
    pub name: String,
    /// Median wall time of a timed run, seconds.
    pub wall: f64,
    /// Median CPU time (user + system) of a timed run, seconds.
    pub cpu: f64,
    /// Median over rounds of the reference's wall time over this program's in the same round
    /// (1.0 for the reference itself; above 1 is faster than the reference).
    pub ratio: f64,
    /// Median over rounds of the reference's CPU time over this program's.
    pub cpu_ratio: f64,
    /// Timed runs.
    pub runs: usize,
    /// What was wrong with an output (a failed exit status, a wrong line count), if anything.
    pub error: Option<String>,
}

/// One run: wall and CPU seconds, and what was wrong with it.
struct Run {
    wall: f64,
    cpu: f64,
    error: Option<String>,
}

/// A check of a program's whole output: what is wrong with its answers, if anything.
pub type Check<'a> = dyn Fn(&str) -> Option<String> + 'a;

/// Times `programs` over `rounds` timed rounds (after one untimed round), each output checked to
/// have `expected_lines` lines. The first program is the reference of the ratios.
pub fn time_programs(
    programs: &[Program],
    expected_lines: u64,
    rounds: usize,
) -> Result<Vec<WholeResult>, WholeError> {
    time_programs_checked(programs, expected_lines, rounds, &|_| None)
}

/// [`time_programs`], and the whole output of each program's untimed round handed to `check`,
/// which returns what is wrong with its answers, if anything (the timed rounds' outputs are only
/// counted, so that reading them costs nothing).
pub fn time_programs_checked(
    programs: &[Program],
    expected_lines: u64,
    rounds: usize,
    check: &Check<'_>,
) -> Result<Vec<WholeResult>, WholeError> {
    if programs.is_empty() {
        return Err(WholeError::Empty);
    }
    let rounds = rounds.max(1);
    // runs[p][r]: program p in round r (round 0 untimed).
    let mut runs: Vec<Vec<Run>> = programs.iter().map(|_| Vec::new()).collect();
    for round in 0..=rounds {
        let mut order: Vec<usize> = (0..programs.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for p in order {
            let check = (round == 0).then_some(check);
            let run = run_once(&programs[p], expected_lines, check)?;
            runs[p].push(run);
        }
    }
    let reference: Vec<(f64, f64)> = runs[0][1..].iter().map(|r| (r.wall, r.cpu)).collect();
    Ok(programs
        .iter()
        .zip(&runs)
        .map(|(program, runs)| {
            let timed = &runs[1..];
            let ratio_of = |pick: fn(&(f64, f64)) -> f64, own: fn(&Run) -> f64| {
                median(
                    timed
                        .iter()
                        .zip(&reference)
                        .map(|(run, refr)| pick(refr) / own(run).max(1e-9))
                        .collect(),
                )
            };
            WholeResult {
                name: program.name.clone(),
                wall: median(timed.iter().map(|r| r.wall).collect()),
                cpu: median(timed.iter().map(|r| r.cpu).collect()),
                ratio: ratio_of(|r| r.0, |r| r.wall),
                cpu_ratio: ratio_of(|r| r.1, |r| r.cpu),
                runs: timed.len(),
                error: runs.iter().find_map(|r| r.error.clone()),
            }
        })
        .collect())
}

/// Runs `program` once, reading and counting its output lines; with `check`, the output is also
/// kept and checked once the program has ended.
fn run_once(
    program: &Program,
    expected_lines: u64,
    check: Option<&Check<'_>>,
) -> Result<Run, WholeError> {
    let Some((exe, args)) = program.argv.split_first() else {
        return Err(WholeError::Empty);
    };
    let cpu_before = children_cpu_seconds();
    let start = Instant::now();
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        // Its messages go straight to ours: nothing to read, so no pipe can fill up and stall it.
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|source| WholeError::Spawn {
            name: program.name.clone(),
            program: exe.to_string_lossy().into_owned(),
            source,
        })?;
    let output_error = |source| WholeError::Output {
        name: program.name.clone(),
        source,
    };
    let mut lines = 0u64;
    let mut buf = vec![0u8; 1 << 16];
    let mut kept = Vec::new();
    if let Some(mut stdout) = child.stdout.take() {
        loop {
            let n = stdout.read(&mut buf).map_err(output_error)?;
            if n == 0 {
                break;
            }
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
            if check.is_some() {
                kept.extend_from_slice(&buf[..n]);
            }
        }
    }
    let status = child.wait().map_err(output_error)?;
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu_seconds() - cpu_before;
    let error = if !status.success() {
        Some(format!("{status} (its messages are on standard error)"))
    } else if lines != expected_lines {
        Some(format!(
            "printed {lines} lines for {expected_lines} puzzle lines"
        ))
    } else {
        check.and_then(|check| check(&String::from_utf8_lossy(&kept)))
    };
    Ok(Run { wall, cpu, error })
}

/// User plus system CPU time of the children this process has waited for, seconds.
fn children_cpu_seconds() -> f64 {
    // SAFETY: `getrusage` writes one `rusage` into the zeroed struct it is given and reads nothing
    // else; RUSAGE_CHILDREN is a valid `who`.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) != 0 {
            return 0.0;
        }
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The median, as every median of dlxlab ([`crate::report::stats::median`]: the mean of the two
/// middle values for an even count); 0 for no values.
fn median(values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    crate::report::stats::median(&values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(name: &str, script: &str) -> Program {
        Program {
            name: name.into(),
            argv: vec!["sh".into(), "-c".into(), script.into()],
        }
    }

    #[test]
    fn counts_lines_and_reports_a_wrong_count_or_a_failure() {
        let programs = [
            sh("three", "printf 'a\\nb\\nc\\n'"),
            sh("two", "printf 'a\\nb\\n'"),
            sh("fails", "printf 'a\\nb\\nc\\n'; echo oops >&2; exit 3"),
        ];
        let results = time_programs(&programs, 3, 2).unwrap();
        assert_eq!(results.len(), 3);
        assert_eq!(results[0].error, None);
        assert_eq!(results[0].ratio, 1.0);
        assert_eq!(results[0].runs, 2);
        assert_eq!(
            results[1].error.as_deref(),
            Some("printed 2 lines for 3 puzzle lines")
        );
        let failed = results[2].error.as_deref().unwrap();
        assert!(failed.contains("exit status: 3"), "{failed}");
        assert!(results.iter().all(|r| r.wall > 0.0));
    }

    #[test]
    fn a_missing_program_is_an_error_that_names_it() {
        let programs = [Program {
            name: "peer".into(),
            argv: vec!["/nonexistent/sudoku_whole".into()],
        }];
        let err = time_programs(&programs, 1, 1).unwrap_err().to_string();
        assert!(err.contains("/nonexistent/sudoku_whole"), "{err}");
        assert!(matches!(time_programs(&[], 1, 1), Err(WholeError::Empty)));
    }

    #[test]
    fn medians() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(vec![]), 0.0);
    }
}
