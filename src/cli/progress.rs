//! What every long-running command shares while it runs: the progress bar, the Ctrl-C stop
//! flag, the worker pool of `--threads`, and the budgets its time and node flags give. Commands
//! import this module and never each other (docs/architecture.md).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use dlxlab::budget::Limits;
use dlxlab::solvers::SolveLimits;

/// Progress on stderr: a bar on a terminal, a plain line every [`PLAIN_EVERY`] when stderr is not
/// a terminal (a log, CI), nothing when quiet. It dereferences to the bar, which counts in either
/// case.
pub struct Progress {
    bar: ProgressBar,
    plain: Option<Plain>,
}

/// The state of the plain progress lines.
struct Plain {
    what: String,
    started: Instant,
    every: Duration,
    next: Mutex<Duration>,
}

/// How often a plain progress line is printed when stderr is not a terminal;
/// `DLXLAB_PROGRESS_INTERVAL_MS` overrides it (the tests use a short one).
pub const PLAIN_EVERY: Duration = Duration::from_secs(10);

impl Progress {
    /// Counts `n` more done; prints a plain line when one is due.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        let Some(plain) = &self.plain else {
            return;
        };
        let elapsed = plain.started.elapsed();
        let Ok(mut next) = plain.next.try_lock() else {
            return;
        };
        if elapsed < *next {
            return;
        }
        *next = elapsed + plain.every;
        drop(next);
        eprintln!(
            "{}",
            plain_line(&plain.what, self.bar.position(), self.bar.length(), elapsed)
        );
    }
}

impl std::ops::Deref for Progress {
    type Target = ProgressBar;
    fn deref(&self) -> &ProgressBar {
        &self.bar
    }
}

/// The time left at the mean rate since the start (`None` until something is done): steadier
/// than indicatif's own estimate, which follows the recent rate and swung from weeks to minutes
/// on a two-minute study whose first puzzles were slow.
pub fn steady_eta(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    (done > 0 && elapsed >= Duration::from_secs(2))
        .then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

/// A duration for people: `45 s`, `3 min 05 s`, `2 h 07 min`.
pub fn human(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

/// One plain progress line: `progress: 1200/49151 puzzles, 10 s elapsed, 120 puzzles/s, about
/// 6 min 39 s left`.
fn plain_line(what: &str, done: u64, total: Option<u64>, elapsed: Duration) -> String {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    let mut line = match total {
        Some(t) => format!("progress: {done}/{t} {what}"),
        None => format!("progress: {done} {what}"),
    };
    line.push_str(&format!(", {} elapsed, {rate:.0} {what}/s", human(elapsed)));
    if let Some(eta) = total.and_then(|t| steady_eta(done, t, elapsed)) {
        line.push_str(&format!(", about {} left", human(eta)));
    }
    line
}

/// A progress bar on stderr when it is a terminal; plain lines now and then when it is not;
/// nothing when quiet.
pub fn progress_bar(quiet: bool, total: Option<u64>, what: &str) -> Progress {
    if quiet {
        return Progress {
            bar: ProgressBar::hidden(),
            plain: None,
        };
    }
    if !std::io::stderr().is_terminal() {
        let every = std::env::var("DLXLAB_PROGRESS_INTERVAL_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(PLAIN_EVERY, Duration::from_millis);
        let bar = ProgressBar::hidden();
        if let Some(n) = total {
            bar.set_length(n);
        }
        return Progress {
            bar,
            plain: Some(Plain {
                what: what.to_string(),
                started: Instant::now(),
                every,
                next: Mutex::new(every),
            }),
        };
    }
    let bar = match total {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let template = if total.is_some() {
        format!("{{bar:40}} {{human_pos}}/{{human_len}} {what} {{per_sec}} {{elapsed}} elapsed, ETA {{steady_eta}}")
    } else {
        format!("{{spinner}} {{human_pos}} {what} {{per_sec}} {{elapsed}} elapsed")
    };
    let eta = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let left = state
            .len()
            .and_then(|len| steady_eta(state.pos(), len, state.elapsed()));
        let _ = match left {
            Some(d) => write!(w, "{}", human(d)),
            None => write!(w, "?"),
        };
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.with_key("steady_eta", eta));
    }
    Progress { bar, plain: None }
}

/// The Ctrl-C stop flag (installed once; a burst of signals is one: `interrupt`).
pub use super::interrupt::stop_flag;

/// The limits given by the common flags.
pub fn limits(max_solutions: u64, limit_nodes: Option<u64>, limit_ms: Option<u64>) -> SolveLimits {
    SolveLimits {
        max_solutions,
        budget: Limits {
            max_nodes: limit_nodes,
            max_time: limit_ms.map(Duration::from_millis),
        },
    }
}

/// The rating time budget of `--limit-ms MS`, or of the old `--max-seconds S` when given.
pub fn rating_budget(limit_ms: u64, max_seconds: Option<f64>) -> Duration {
    max_seconds.map_or(Duration::from_millis(limit_ms), Duration::from_secs_f64)
}

/// Parses a positive number of seconds (`--max-seconds`).
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}

/// The worker pool of a command's `--threads` (`None` or 0: one thread per core).
pub fn thread_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("starting the worker threads")
}
