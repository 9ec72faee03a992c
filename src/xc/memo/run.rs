//! What a memoised search takes and gives: its settings, its counters, its result and its
//! errors. Below the search (`search`, `diagram`, `parallel`) and the entry point (`mod.rs`,
//! which re-exports them), so that none of those imports another back.

use crate::xc::engine::EngineError;
use crate::xc::SearchEnd;

use super::zdd::{Zdd, ZddFull};

/// Settings of a memoised search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoConfig {
    /// The most bytes the cache may take (`--memo-mb`). When it is spent, new subproblems are not
    /// stored and are searched again when met again: the count stays exact, the search grows.
    pub cache_bytes: usize,
}

impl MemoConfig {
    /// The default budget: 1 GiB.
    pub const DEFAULT_CACHE_BYTES: usize = 1 << 30;
}

impl Default for MemoConfig {
    fn default() -> Self {
        MemoConfig {
            cache_bytes: Self::DEFAULT_CACHE_BYTES,
        }
    }
}

/// The counters of a memoised search. With the cache unbounded they equal DLX6's on the same
/// input (the exceptions are named at each field).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Search-tree nodes, as DLX6 counts them: one each time the search enters a subproblem
    /// (cache hits included, since the lookup happens after entering), plus one per *leaf* (a
    /// choice that covers every primary item, "a solution is a special node"). Without a cache
    /// this is dlx2's node count.
    pub nodes: u64,
    /// DLX6's updates: one per item covered and one per node hidden (by a cover or a purification).
    pub updates: u64,
    /// DLX6's cleansings: one per purification and one per option that agrees with it.
    pub cleansings: u64,
    /// Lookups that found their subproblem in the cache. DLX6's "hits" are `cache_hits + leaves`.
    pub cache_hits: u64,
    /// Leaves of the search tree: choices that completed a solution of their subproblem. Each
    /// is one path to ⊤; the solutions of the whole problem are counted on the ZDD, not here.
    pub leaves: u64,
    /// Subproblems stored in the cache (DLX6's "memos").
    pub cache_entries: u64,
    /// Subproblems searched that had at least one solution (DLX6's "goodmemos", which it stores;
    /// here also those the budget did not store). DLX6 prints `memos − goodmemos` + `goodmemos + 1`
    /// "signatures".
    pub good_entries: u64,
    /// New subproblems that the budget left out of the cache.
    pub cache_refused: u64,
    /// ZDD nodes asked for (DLX6's ZDD nodes, less its two sinks).
    pub zdd_made: u64,
    /// Distinct ZDD nodes after hash-consing (the diagram's size, sinks excluded).
    pub zdd_nodes: u64,
    /// Nodes entered per level (the root is level 0; a leaf counts at the level below its choice).
    pub profile: Vec<u64>,
    /// Bytes of the dancing-links arena.
    pub links_bytes: u64,
    /// Bytes the cache held at the end (its peak: it never shrinks).
    pub cache_bytes: u64,
    /// Bytes the ZDD table held at the end (its peak).
    pub zdd_bytes: u64,
}

impl MemoStats {
    /// The peak memory of the search's data: arena, cache and ZDD together.
    pub fn peak_bytes(&self) -> u64 {
        self.links_bytes + self.cache_bytes + self.zdd_bytes
    }
}

/// The result of a memoised search.
#[derive(Clone, Debug)]
pub struct MemoRun {
    /// All solutions (when `end` is [`SearchEnd::Exhausted`]; else the root is ⊥ and the nodes
    /// made so far are kept only for their number).
    pub zdd: Zdd,
    /// The counters.
    pub stats: MemoStats,
    /// Exhausted, or stopped by a node or time limit (then nothing is known about the count).
    pub end: SearchEnd,
}

/// Why a memoised search could not run or finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemoError {
    /// The problem is outside the engine's class.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The result did not fit in memory.
    #[error(transparent)]
    ZddFull(#[from] ZddFull),
    /// A count on several threads passed 2^128 (they count in `u128`; one thread counts on
    /// its ZDD, at any size).
    #[error("the count passed 2^128, the most a count on several threads can hold: count on one thread (--threads 1)")]
    CountOverflow,
}
