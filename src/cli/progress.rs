//! What every long-running command shares while it runs: the progress bar, the Ctrl-C stop
//! flag, the worker pool of `--threads`, and the budgets its time and node flags give. Commands
//! import this module and never each other (docs/architecture.md).

use std::io::IsTerminal;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use dlxlab::budget::Limits;
use dlxlab::solvers::SolveLimits;

/// A progress bar on stderr, hidden when stderr is not a terminal or when quiet.
pub fn progress_bar(quiet: bool, total: Option<u64>, what: &str) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match total {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let template = if total.is_some() {
        format!("{{bar:40}} {{human_pos}}/{{human_len}} {what} {{per_sec}} ETA {{eta}}")
    } else {
        format!("{{spinner}} {{human_pos}} {what} {{per_sec}}")
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
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
