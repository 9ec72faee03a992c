//! What the search builds from the solutions it finds: the ZDD of all of them, or only their
//! number.
//!
//! The search needs three things of a result: ⊥ (no solution, the value `Default` gives), ⊤ (the
//! empty solution), and `make(option, lo, hi)`, the solutions of `lo` together with those of `hi`
//! with `option` added. A [`Zdd`] makes a node; a [`Counter`] adds `lo + hi`, which is the
//! count of that node — so the same search, unchanged, counts without keeping a diagram. Counts
//! are plain numbers, the same on every thread, which is what lets threads share one cache.

use super::zdd::Zdd;
use super::MemoError;

/// A result the memoised search can build.
pub(super) trait Diagram {
    /// A result: its default is ⊥.
    type Value: Copy + Default + PartialEq;
    /// ⊤: the family holding only the empty solution.
    const TOP: Self::Value;
    /// The solutions of `lo`, and those of `hi` with `option` added (`hi` is not ⊥).
    fn make(
        &mut self,
        option: u32,
        lo: Self::Value,
        hi: Self::Value,
    ) -> Result<Self::Value, MemoError>;
    /// Bytes held (they count against the memo budget beside the cache).
    fn bytes(&self) -> usize {
        0
    }
}

impl Diagram for Zdd {
    type Value = u32;
    const TOP: u32 = 1;

    fn make(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, MemoError> {
        Ok(Zdd::make(self, option, lo, hi)?)
    }

    fn bytes(&self) -> usize {
        Zdd::bytes(self)
    }
}

/// Counts: the value of a subproblem is its number of solutions.
#[derive(Clone, Debug, Default)]
pub(super) struct Counter {
    /// Calls of `make` (the ZDD nodes a diagram would have been asked for).
    pub made: u64,
}

impl Diagram for Counter {
    type Value = u128;
    const TOP: u128 = 1;

    fn make(&mut self, _option: u32, lo: u128, hi: u128) -> Result<u128, MemoError> {
        self.made += 1;
        lo.checked_add(hi).ok_or(MemoError::CountOverflow)
    }
}
