//! The deduction techniques of the propagation solvers (`singles`, `locked`, `subsets`), each a
//! `run` function over a [`Board`](super::board::Board) and a [`Ctx`].
//!
//! These modules know nothing of the search or of the solvers: [`super::propagation`] calls them at
//! every node, and the solver modules pick which ones run. So the dependencies go one way —
//! solver → propagation → techniques — and a new technique plugs in here and in
//! `propagation::propagate`.

pub(crate) mod locked;
pub(crate) mod singles;
pub(crate) mod subsets;

use super::geometry::Geometry;
use super::tally::Tally;
use super::trace::Trace;

/// What the techniques need besides the board: tables, the queue of naked singles, counters, trace.
pub(crate) struct Ctx<'t, T: Trace> {
    pub geo: &'static Geometry,
    /// Cells left with one candidate, not yet assigned.
    pub queue: Vec<u16>,
    pub tally: Tally,
    pub trace: &'t mut T,
    /// Depth of the node being propagated (for the trace).
    pub depth: usize,
}
