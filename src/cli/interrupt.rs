//! Ctrl-C on the command line: one stop request, however many signals a keypress delivers.
//!
//! The first SIGINT sets the command's stop flag (so that the study, count or rating loop ends at
//! a whole puzzle and writes what it finished) and raises the library's interrupt
//! ([`dlxlab::budget::interrupt`]), as the Python module does: a search in progress stops within
//! [`dlxlab::budget::CLOCK_STRIDE`] nodes, a rating or explanation within one step of its chain
//! finders, and an external solver's wait within [`dlxlab::solvers::external::POLL`], its process
//! group killed. The command then flushes its output and exits with status 130.
//!
//! Signals within [`BURST`] of the first are the same request delivered twice (`timeout -s INT`
//! and a terminal both signal every process of a group, and a shell pipeline relays them) and are
//! ignored, so that they cannot cut the flush short. A later one is a user who does not want to
//! wait: external solvers are killed and the process exits 130 at once.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Signals this soon after the first are the same stop request.
pub const BURST: Duration = Duration::from_secs(1);

/// Set by the first Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// When the first Ctrl-C came, in milliseconds after [`origin`], plus one (0: none yet).
static FIRST_MS: AtomicU64 = AtomicU64::new(0);

/// The clock the handler measures from (set when the handler is installed).
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// Installs the Ctrl-C handler (once) and returns the stop flag.
pub fn stop_flag() -> &'static AtomicBool {
    origin();
    // An error here means a handler is already installed (a second command in one process).
    let _ = ctrlc::set_handler(on_signal);
    &STOP
}

/// The handler (it runs on a thread of its own, so it may print and take locks).
fn on_signal() {
    let now = origin().elapsed().as_millis() as u64 + 1;
    if !STOP.swap(true, Ordering::SeqCst) {
        FIRST_MS.store(now, Ordering::SeqCst);
        dlxlab::budget::interrupt();
        return;
    }
    let first = FIRST_MS.load(Ordering::SeqCst);
    if now.saturating_sub(first) < BURST.as_millis() as u64 {
        return;
    }
    dlxlab::solvers::external::kill_all();
    eprintln!("dlxlab: interrupted again: exiting without waiting for the output to be written");
    std::process::exit(130);
}
