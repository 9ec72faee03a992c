//! Node and time budgets shared by every search in the crate.
//!
//! A search asks its [`Budget`] once per node whether it may go on. Node budgets are exact; the clock
//! is read only every [`CLOCK_STRIDE`] nodes so that a time budget costs next to nothing on the hot
//! path. A search that stops because of a budget must say so ([`Halt`]) — it never reports a partial
//! count as if it were complete.
//!
//! A host that catches Ctrl-C without owning the search loop (the Python module) asks every running
//! search of the process to stop with [`interrupt`]: each budget looks at that flag when it reads
//! the clock, so a search stops within [`CLOCK_STRIDE`] nodes with [`Halt::Interrupted`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by [`interrupt`], cleared by [`clear_interrupt`].
static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Asks every search running in this process to stop at its next clock read, with
/// [`Halt::Interrupted`]; searches started before [`clear_interrupt`] stop at once.
///
/// ```
/// use dlxlab::budget::{clear_interrupt, interrupt, Budget, Halt, CLOCK_STRIDE};
/// // (A doctest runs in a process of its own: the flag stops no other test's search.)
/// let mut budget = Budget::unlimited();
/// interrupt();
/// assert_eq!(budget.check(CLOCK_STRIDE - 1), None);
/// assert_eq!(budget.check(CLOCK_STRIDE), Some(Halt::Interrupted));
/// clear_interrupt();
/// assert_eq!(budget.check(2 * CLOCK_STRIDE), None);
/// ```
pub fn interrupt() {
    INTERRUPT.store(true, Ordering::Relaxed);
}

/// Lets searches run again after [`interrupt`].
pub fn clear_interrupt() {
    INTERRUPT.store(false, Ordering::Relaxed);
}

/// Whether [`interrupt`] was called and not yet cleared.
pub fn interrupted() -> bool {
    INTERRUPT.load(Ordering::Relaxed)
}

/// How often (in nodes) a [`Budget`] looks at the clock.
pub const CLOCK_STRIDE: u64 = 1024;

/// Limits on one search. `None` means unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much wall time.
    pub max_time: Option<Duration>,
}

impl Limits {
    /// No node or time limit.
    pub const NONE: Limits = Limits {
        max_nodes: None,
        max_time: None,
    };

    /// A node limit only.
    pub fn nodes(max_nodes: u64) -> Self {
        Limits {
            max_nodes: Some(max_nodes),
            max_time: None,
        }
    }
}

/// Why a search stopped before exhausting its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Halt {
    /// The node budget was used up.
    Nodes,
    /// The time budget was used up.
    Time,
    /// The host asked every search to stop ([`interrupt`]).
    Interrupted,
}

/// A running budget: created from [`Limits`] when a search starts.
#[derive(Clone, Debug)]
pub struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
    next_clock_check: u64,
}

impl Budget {
    /// Starts the clock now.
    pub fn start(limits: &Limits) -> Self {
        Budget {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.max_time.map(|d| Instant::now() + d),
            next_clock_check: CLOCK_STRIDE,
        }
    }

    /// An unlimited budget.
    pub fn unlimited() -> Self {
        Budget::start(&Limits::NONE)
    }

    /// Whether the node budget allows `nodes` nodes (the clock aside).
    #[inline]
    pub fn allows(&self, nodes: u64) -> bool {
        nodes <= self.max_nodes
    }

    /// The smallest node number for which [`Budget::check`] may do anything but return `None`
    /// (stop at the node limit, or read the clock): a search may count nodes below it without
    /// asking, and must ask from it on. `check` is then asked about exactly the nodes where it has
    /// something to do, so the limits are as exact as when it is asked about every node.
    #[inline]
    pub fn quiet_below(&self) -> u64 {
        self.max_nodes.saturating_add(1).min(self.next_clock_check)
    }

    /// Called with the number of nodes counted so far (including the one about to be entered);
    /// returns `Some` when the search must stop.
    #[inline]
    pub fn check(&mut self, nodes: u64) -> Option<Halt> {
        if nodes > self.max_nodes {
            return Some(Halt::Nodes);
        }
        if nodes >= self.next_clock_check {
            self.next_clock_check = nodes + CLOCK_STRIDE;
            if interrupted() {
                return Some(Halt::Interrupted);
            }
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    return Some(Halt::Time);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_is_exact() {
        let mut b = Budget::start(&Limits::nodes(10));
        assert_eq!(b.check(10), None);
        assert_eq!(b.check(11), Some(Halt::Nodes));
    }

    #[test]
    fn below_quiet_below_check_has_nothing_to_do() {
        for max in [0, 1, 5, 1023, 1024, 1025, 3000] {
            // Asking only from `quiet_below` on stops at the same node as asking at every node.
            let (mut every, mut some) = (
                Budget::start(&Limits::nodes(max)),
                Budget::start(&Limits::nodes(max)),
            );
            let stop_every = (1..).find(|&n| every.check(n).is_some()).unwrap();
            let mut quiet = some.quiet_below();
            let stop_some = (1..)
                .find(|&n| {
                    if n < quiet {
                        return false;
                    }
                    let halt = some.check(n).is_some();
                    quiet = some.quiet_below();
                    halt
                })
                .unwrap();
            assert_eq!(stop_every, max + 1);
            assert_eq!(stop_some, max + 1);
        }
        assert_eq!(Budget::unlimited().quiet_below(), CLOCK_STRIDE);
    }

    #[test]
    fn time_budget_fires_after_deadline() {
        let mut b = Budget::start(&Limits {
            max_nodes: None,
            max_time: Some(Duration::ZERO),
        });
        assert_eq!(b.check(CLOCK_STRIDE), Some(Halt::Time));
    }
}
