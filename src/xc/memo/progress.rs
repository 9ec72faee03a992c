//! How far the memo searches of this process have gone: a counter the search updates every
//! [`crate::budget::CLOCK_STRIDE`] nodes, read by a host that prints progress lines (issue 38).

use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes entered so far by the memo searches of this process, counted every
/// [`crate::budget::CLOCK_STRIDE`] nodes: what a host prints to show that a long count is moving
/// ([`progress_nodes`]).
static PROGRESS: AtomicU64 = AtomicU64::new(0);

/// Bytes of the largest solution diagram a memo search of this process held at its last report.
static DIAGRAM_BYTES: AtomicU64 = AtomicU64::new(0);

/// Nodes entered so far by every memo search of this process (to within
/// [`crate::budget::CLOCK_STRIDE`] per search), for progress reports.
pub fn progress_nodes() -> u64 {
    PROGRESS.load(Ordering::Relaxed)
}

/// Bytes of the solution diagram being built, as of the last report of a memo search.
pub fn progress_diagram_bytes() -> u64 {
    DIAGRAM_BYTES.load(Ordering::Relaxed)
}

/// Called by the search every [`crate::budget::CLOCK_STRIDE`] nodes.
pub(super) fn report_progress(nodes: u64, diagram_bytes: usize) {
    PROGRESS.fetch_add(nodes, Ordering::Relaxed);
    DIAGRAM_BYTES.store(diagram_bytes as u64, Ordering::Relaxed);
}
