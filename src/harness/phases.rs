//! Where a study's time goes: wall and CPU time per phase, recorded in `meta.json`.
//!
//! A study has phases that run one after another (writing `meta.json` and `summary.md`, writing
//! `ratings.csv`, drawing the report) and one stage where several run at once on the thread pool:
//! the driver thread reads and parses the corpus and writes `runs.csv` while the workers solve
//! and rate. For the sequential phases the CPU time is the process's (every thread), taken at the
//! phase's start and end. In the parallel stage each activity is timed where it runs:
//!
//! - `read` and `write_runs`: the driver thread's own CPU clock around each chunk read and each
//!   chunk written; their wall time is the sum of those intervals (they overlap the solving).
//! - `solve`: each block of (puzzle, solver) pairs reads its worker thread's CPU clock before and
//!   after; the wall time is from the start of the stage to the last block's end.
//! - `rate`: the rating that runs alongside (from its start to its end); its CPU time is what the
//!   process used in the stage beyond `read`, `solve` and `write_runs`, so it includes the time
//!   the pool's idle workers spend spinning before they sleep (with `--ratings none`, it is that
//!   spinning alone).
//!
//! `docs/harness.md` shows what the phases say about scaling on more cores.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// Wall and CPU time of one phase, in seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    /// `read`, `solve`, `write_runs`, `rate`, `summary`, `write_ratings` or `report`.
    pub name: String,
    /// Wall-clock seconds (see the module documentation for the phases that overlap).
    pub wall_s: f64,
    /// CPU seconds, user and system, of every thread that did the phase's work.
    pub cpu_s: f64,
}

/// The `timings` object of `meta.json`: the whole command and its phases.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// Wall-clock seconds from the start of the study to the end of its last phase.
    pub wall_s: f64,
    /// CPU seconds of the whole process over the same interval.
    pub cpu_s: f64,
    /// The phases, in the order they started.
    pub phases: Vec<Phase>,
}

impl Timings {
    /// Adds a phase (times rounded to the millisecond, so that `meta.json` stays readable).
    pub fn push(&mut self, name: &str, wall: Duration, cpu: Duration) {
        self.phases.push(Phase {
            name: name.to_string(),
            wall_s: millis(wall),
            cpu_s: millis(cpu),
        });
    }

    /// Sets the totals from a clock started with the command.
    pub fn finish(&mut self, total: &Clock) {
        self.wall_s = millis(total.wall());
        self.cpu_s = millis(total.cpu());
    }
}

fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}

/// A wall clock and the process CPU clock, started together.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    wall: Instant,
    cpu: Duration,
}

impl Clock {
    /// Starts both clocks now.
    pub fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: process_cpu(),
        }
    }

    /// Wall time since the start.
    pub fn wall(&self) -> Duration {
        self.wall.elapsed()
    }

    /// CPU time of the process since the start.
    pub fn cpu(&self) -> Duration {
        process_cpu().saturating_sub(self.cpu)
    }
}

/// CPU time (user and system) of the whole process so far.
pub fn process_cpu() -> Duration {
    cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// CPU time (user and system) of the calling thread so far.
pub fn thread_cpu() -> Duration {
    cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID)
}

fn cpu_clock(clock: libc::clockid_t) -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; both clock ids exist on every Linux and on the
    // other POSIX systems Rust supports. On failure `ts` stays zero, which reads as no time.
    unsafe { libc::clock_gettime(clock, &mut ts) };
    Duration::new(
        ts.tv_sec.max(0) as u64,
        ts.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_clocks_count_work_done() {
        // Busy until this thread's clock has counted 20 ms (however loaded the machine), or a
        // generous wall-clock cap if it never does.
        let (p0, t0, wall) = (process_cpu(), thread_cpu(), Instant::now());
        let mut x = 0u64;
        while thread_cpu() - t0 < Duration::from_millis(20) && wall.elapsed().as_secs() < 20 {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        let (p, t) = (process_cpu() - p0, thread_cpu() - t0);
        assert!(t >= Duration::from_millis(20), "thread cpu {t:?}");
        assert!(p >= t, "process {p:?} < thread {t:?}");
    }

    #[test]
    fn timings_round_to_milliseconds() {
        let mut timings = Timings::default();
        timings.push(
            "solve",
            Duration::from_micros(1_234_567),
            Duration::from_micros(2_000_400),
        );
        assert_eq!(timings.phases[0].wall_s, 1.235);
        assert_eq!(timings.phases[0].cpu_s, 2.0);
        let json = serde_json::to_string(&timings).unwrap();
        assert!(
            json.contains(r#""name":"solve","wall_s":1.235,"cpu_s":2.0"#),
            "{json}"
        );
    }
}
