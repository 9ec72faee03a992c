//! The Python module `dlxlab._native`: a thin binding of the `dlxlab` library.
//!
//! It converts types and nothing else: every count, solve, rating and study is the library's.
//! Long calls run on a thread of their own with the GIL released ([`interruptible`]), so that the
//! calling thread can look for Ctrl-C every few milliseconds and stop the library's searches
//! ([`dlxlab::budget::interrupt`]); bad input raises `ValueError` with the library's message.
//! The pure-Python package `dlxlab` (python/dlxlab) re-exports this module and turns the row lists
//! of `rate` and `study` into pandas DataFrames when pandas is installed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

mod exact_cover;
mod study;
mod sudoku;

/// How often a waiting call looks for signals (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// `ValueError` with `message`.
fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// Runs `work` on a worker of rayon's global pool with the GIL released (threads that live on
/// between calls: a call costs no thread start), looking for signals every [`SIGNAL_POLL`]
/// meanwhile. On a signal whose handler raises (Ctrl-C: `KeyboardInterrupt`) it sets `work`'s
/// stop flag and interrupts the library's searches, waits for `work` to return, and raises that
/// exception; `work`'s result is dropped. A panic in `work` becomes a `RuntimeError` instead of
/// crossing into Python.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let (tx, mut rx) = channel();
    let stop = &stop;
    rayon::in_place_scope(|scope| {
        scope.spawn(move |_| {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(stop))));
        });
        loop {
            let waiting = &mut rx;
            match py.allow_threads(move || waiting.recv_timeout(SIGNAL_POLL)) {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(panic)) => return Err(internal_error(panic)),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        dlxlab::budget::interrupt();
                        let rx = &mut rx;
                        let _ = py.allow_threads(move || rx.recv());
                        dlxlab::budget::clear_interrupt();
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "dlxlab: internal error: the worker ended without a result",
                    ))
                }
            }
        }
    })
}

/// A `RuntimeError` for a panic caught at the boundary (a bug in dlxlab: please report it).
fn internal_error(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    PyRuntimeError::new_err(format!("dlxlab: internal error (please report it): {what}"))
}

/// `KeyboardInterrupt`, for a search that another thread's Ctrl-C stopped.
fn interrupted() -> PyErr {
    PyKeyboardInterrupt::new_err("dlxlab: the search was interrupted")
}

/// A rayon pool of `threads` workers (`None` or `0`: one per core). Building one starts its
/// threads: callers that run on one thread skip it.
fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("starting the worker threads: {e}")))
}

/// The compiled part of dlxlab; import `dlxlab`, not this module.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    exact_cover::register(m)?;
    sudoku::register(m)?;
    study::register(m)?;
    Ok(())
}
