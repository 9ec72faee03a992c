//! Generic exact cover: problems, Algorithm X over dancing links, Knuth's text format, counting.
//!
//! This module knows nothing about Sudoku. A [`Problem`] names primary items (to be covered exactly
//! once, or between `lo` and `hi` times with multiplicities), secondary items (covered at most once,
//! or shared by options that agree on a colour) and options (lists of items).
//!
//! - [`problem`]: the builder and the validated problem, with dense [`ItemId`]s and [`OptionId`]s.
//! - [`dlx`]: the dancing-links arena and Algorithm X/C (Knuth's dlx1/dlx2).
//! - [`dc`]: dancing cells, exact cover over sparse sets (Knuth's SSXC1).
//! - [`mcc`]: Algorithm M (Knuth's dlx3), for primary items with multiplicities.
//! - [`memo`]: Algorithm X with a cache of subproblems, whose result is a ZDD of all solutions
//!   (DXZ, Knuth's DLX6).
//! - [`format`](mod@format): Knuth's DLX text format, read and written.
//! - [`engine`]: the [`engine::Engine`] trait; [`choose`]: which engine runs a problem.
//! - [`count`]: first solution, counting up to a limit, counting all; [`solutions`]: the solutions
//!   one at a time, lazily.

pub mod choose;
pub mod compare;
pub mod count;
pub mod dc;
mod dc_trail;
pub mod dlx;
pub mod engine;
pub mod format;
pub mod jobs;
pub mod mcc;
pub mod memo;
pub mod problem;
pub mod sample;
pub mod solutions;
pub mod split;

pub use problem::{
    ColorId, Entry, Item, ItemId, ItemKind, OptionId, Problem, ProblemBuilder, Warning, XcError,
};

pub use crate::budget::{Budget, Halt, Limits};

/// What a solution callback tells the search to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep searching for more solutions.
    Continue,
    /// Stop now; the search ends with [`SearchEnd::Stopped`].
    Stop,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchEnd {
    /// The whole tree was explored: the solution count is exact.
    Exhausted,
    /// The solution callback asked to stop.
    Stopped,
    /// A node or time budget ran out: the count is a lower bound only.
    Limit(Halt),
}

/// Which item Algorithm X branches on (step X3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChoicePolicy {
    /// Minimum remaining values: the primary item with the fewest options; ties go to the first in
    /// item order (Knuth's choice in dlx1).
    #[default]
    Mrv,
    /// The first uncovered primary item in item order (for ablation studies).
    First,
}

/// Counters of one search, defined exactly as Knuth's dlx1/dlx2 count them.
///
/// - `nodes`: the nodes of the search tree, as dlx1/dlx2 count them: one each time the search enters
///   step X2 (the root and every partial solution that does not yet cover all primary items), plus
///   one for each solution found ("a solution is a special node", TAOCP 7.2.2–(4)).
/// - `updates`: one for each item removed from the item list and one for each node removed from an
///   item's list (while covering, and while purifying a coloured item); restoring costs nothing,
///   as in dlx1. Options forced before a search are not counted.
/// - `profile[l]`: the nodes at level `l` (the root is level 0; a solution found by the choice made
///   at level `l` counts at level `l + 1`). The profile sums to `nodes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Search-tree nodes entered.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Solutions visited (passed to the callback).
    pub solutions: u64,
    /// Nodes entered per level.
    pub profile: Vec<u64>,
}

/// The result of one search: its counters and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The counters.
    pub stats: SearchStats,
    /// Why the search stopped.
    pub end: SearchEnd,
}
