//! The time limit of one solution path ([`super::solve_path_within`]).
//!
//! The finders keep SE's shape, `fn(&State) -> Option<Step>`, so the limit does not travel as an
//! argument: `Deadline::set` stores it for the current thread (a path is computed on one thread
//! from start to end) and the expensive searches — the chains, which look at every candidate of
//! the grid — call [`passed`] once per starting cell and give up with `None` when it returns
//! true. The path then reports [`super::LogicError::TimeLimit`] instead of taking whatever step
//! a later finder offered, so a time limit never turns into a wrong rating. The clock is read at
//! most 81 times per chain finder call, which costs nothing measurable next to the chains.

use std::cell::Cell;
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Whether the deadline of the path being computed on this thread has passed (false when there
/// is none), or the host asked every search to stop ([`crate::budget::interrupt`], Ctrl-C): an
/// interrupted path ends as a timed-out one, and the caller, which knows it was interrupted,
/// keeps no rating from it.
pub fn passed() -> bool {
    crate::budget::interrupted() || DEADLINE.with(|d| d.get().is_some_and(|t| Instant::now() >= t))
}

/// The deadline of the current thread while this guard lives; the previous one (normally none)
/// comes back when it is dropped, also on unwinding.
pub(super) struct Deadline {
    previous: Option<Instant>,
}

impl Deadline {
    /// Sets `deadline` (or none) for the current thread.
    pub(super) fn set(deadline: Option<Instant>) -> Deadline {
        Deadline {
            previous: DEADLINE.with(|d| d.replace(deadline)),
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        DEADLINE.with(|d| d.set(self.previous));
    }
}
