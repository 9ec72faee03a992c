//! A fast path of Algorithm X for *uniform* problems: every item primary, every option exactly `K`
//! items, no colours — the Sudoku matrix (`K = 4`) is the case it is built for.
//!
//! It dances exactly as [`Dlx`](super::Dlx) does and counts the same `nodes`, `updates`, profile,
//! guesses and dead ends (a test holds them equal on Sudoku puzzles and random problems), but
//! several things are cheaper:
//!
//! - **No spacers.** Option `o`'s nodes are `B + K·o + k`, `k < K`, where `B` (`base`) is
//!   `n_items` rounded up to a multiple of `K`. An option's nodes thus form an aligned group: for
//!   `K` a power of two the others of node `x` are `x ^ 1, .., x ^ (K - 1)` (no arithmetic on
//!   the position in the option), and the option of a node is one division.
//! - **No item list.** Step X3 must find the *first* item of minimum `LEN` among the uncovered
//!   ones. Instead of following `RLINK` through a few hundred items at every node (most of the
//!   time dlx spends on Sudoku), `LEN`s live in one packed byte array with bit 7 set while the
//!   item is covered, so the minimum is a vectorised scan (one SSE2 `pminub` per 16 items) and the
//!   first item holding it a second one (`pcmpeqb`/`pmovmskb`, 64 items per step). "First in item
//!   order" is preserved because covering never reorders items. Covered items never lose options
//!   (their options are already hidden from every list an active item can reach), so the flag bit
//!   is never disturbed by `LEN` updates.
//! - **Small records.** A node's record holds only `ULINK` and `DLINK` — 4 bytes with
//!   [`NodeIndex`] `u16`, so a 9x9 matrix takes 13 KB and a record is one scaled address away;
//!   `TOP`, which never changes, sits in its own read-only array.
//! - **Copies instead of undo where nothing is counted.** `release` copies back the arrays as
//!   built; a search that has nothing left but unwinding (see `open` in [`UniformDlx::search`])
//!   copies back the arrays it started from.
//!
//! ```text
//! lenx:  | LEN(0) | LEN(1)|0x80 | LEN(2) | ... | 0xFF padding to a multiple of 64 |
//!                    ^ item 1 covered
//! nd:    | headers 0..N | unused up to B | opt 0: B .. B+K-1 | opt 1: B+K .. | ...   (ULINK, DLINK)
//! top:   | 0 1 .. N-1   | 0 ..           | TOP of each option node            | ...   (read-only)
//! ```

use super::BranchCounts;
use crate::xc::engine::{Engine, ForceError};
use crate::xc::{
    Budget, ChoicePolicy, Control, ItemId, Limits, OptionId, SearchEnd, SearchResult, SearchStats,
};

/// The top bit of `lenx`: the item is covered.
const COVERED: LenX = 0x80;
/// The most profile levels reserved before a search: 1 KB, which glibc's allocator still serves
/// from its per-thread cache (reserving 2.6 KB, one level per 9x9 item, cost as much in `malloc`
/// as the reallocations it saved).
const PROFILE_RESERVE: usize = 128;

/// `ULINK`/`DLINK` of a node (headers included). One record of two indices (4 bytes with `u16`),
/// so that it is indexed with a plain scaled address; `TOP`, which never changes, lives in its own
/// array and is neither saved nor copied back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link<I> {
    ulink: I,
    dlink: I,
}

/// A [`Link`] read out with its fields widened to `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link32 {
    ulink: u32,
    dlink: u32,
}

/// The integer type of node indices: `u16` keeps the links of a 9x9 Sudoku matrix (3,240 nodes) in
/// 13 KB, well inside L1, where `u32` needs 26 KB; `u32` serves larger problems (36x36 Sudoku has 191,808
/// nodes).
pub trait NodeIndex: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Node indices must stay below this.
    const LIMIT: u64;
    /// Narrows an index known to be below [`NodeIndex::LIMIT`].
    fn from_u32(x: u32) -> Self;
    /// Widens.
    fn to_u32(self) -> u32;
}

impl NodeIndex for u16 {
    const LIMIT: u64 = 1 << 16;
    #[inline(always)]
    fn from_u32(x: u32) -> Self {
        x as u16
    }
    #[inline(always)]
    fn to_u32(self) -> u32 {
        self as u32
    }
}

impl NodeIndex for u32 {
    const LIMIT: u64 = 1 << 32;
    #[inline(always)]
    fn from_u32(x: u32) -> Self {
        x
    }
    #[inline(always)]
    fn to_u32(self) -> u32 {
        self
    }
}

/// Dancing links for problems whose options all have `K` primary items.
#[derive(Clone, Debug)]
pub struct UniformDlx<const K: usize, I: NodeIndex = u32> {
    /// Links of headers `0..n_items` and option nodes (from `base`).
    nd: Vec<Link<I>>,
    /// `TOP` of every node of `nd` (a header's is itself; an unused slot's is item 0). Never
    /// changes.
    top: Vec<I>,
    /// The number of options.
    n_options: u32,
    /// `LEN(i) | COVERED`, padded with `0xFF` to a multiple of [`BLOCK`].
    lenx: Vec<LenX>,
    /// `nd` and `lenx` as built, for [`Engine::release`].
    pristine: (Vec<Link<I>>, Vec<LenX>),
    /// `nd` and `lenx` as a search found them, to return to when the search ends early or
    /// has nothing left but unwinding.
    saved: (Vec<Link<I>>, Vec<LenX>),
    n_items: u32,
    /// The first option node: `n_items` rounded up to a multiple of `K`, so that an option's
    /// nodes form an aligned group (see [`sibling`]).
    base: u32,
    /// Uncovered items (the item list is empty when this is 0).
    active: u32,
    names: Vec<String>,
    forced: Vec<OptionId>,
    policy: ChoicePolicy,
    updates: u64,
    branch: BranchCounts,
    choice: Vec<u32>,
    solution: Vec<OptionId>,
}

impl<const K: usize, I: NodeIndex> UniformDlx<K, I> {
    /// Guesses and dead ends of the last search.
    pub fn branch_counts(&self) -> BranchCounts {
        self.branch
    }

    /// The number of options currently forced.
    pub fn n_forced(&self) -> usize {
        self.forced.len()
    }

    #[inline(always)]
    fn option_of(&self, x: u32) -> u32 {
        (x - self.base) / K as u32
    }

    #[inline(always)]
    fn top_of(&self, x: u32) -> u32 {
        top(&self.top, x)
    }

    #[inline]
    fn cover(&mut self, c: u32) {
        self.active -= 1;
        self.updates += cover::<K, I>(&mut self.nd, &self.top, &mut self.lenx, c);
    }

    #[inline]
    fn uncover(&mut self, c: u32) {
        self.active += 1;
        uncover::<K, I>(&mut self.nd, &self.top, &mut self.lenx, c);
    }

    /// X5: covers the other items of `p`'s option, rightwards from `p` with wrap-around (dlx1's
    /// order: unlike the nodes hidden by one cover, which sit in distinct lists, the order of
    /// covers decides which lists keep the hidden options).
    #[inline]
    fn commit_others(&mut self, p: u32) {
        let k = p % K as u32;
        let first = p - k;
        for j in 1..K as u32 {
            let x = first + (k + j) % K as u32;
            self.cover(self.top_of(x));
        }
    }

    /// X6: the reverse of [`Self::commit_others`].
    #[inline]
    fn uncommit_others(&mut self, p: u32) {
        let k = p % K as u32;
        let first = p - k;
        for j in (1..K as u32).rev() {
            let x = first + (k + j) % K as u32;
            self.uncover(self.top_of(x));
        }
    }

    /// X3: the first uncovered item of minimum `LEN` (or the first uncovered item), and its `LEN`.
    #[inline]
    fn choose(&self) -> (u32, LenX) {
        if self.policy == ChoicePolicy::First {
            let i = self
                .lenx
                .iter()
                .position(|&l| l & COVERED == 0)
                .expect("choose is called with an item uncovered");
            return (i as u32, self.lenx[i]);
        }
        let best = min_byte(&self.lenx);
        (first_byte_equal(&self.lenx, best) as u32, best)
    }

    fn collect_solution(&mut self, choice: &[u32]) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        for &c in choice {
            let o = self.option_of(c);
            self.solution.push(OptionId(o));
        }
    }

    /// Algorithm X, as [`super::Dlx::search`].
    pub fn search<F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        visit: F,
    ) -> SearchResult {
        self.run(limits, visit, true)
    }

    /// [`UniformDlx::search`] followed by [`Engine::release`], with the same counters. Since the
    /// release restores the matrix as built, the search neither saves the forced state nor
    /// restores it at the end: one 13 KB copy per 9x9 puzzle instead of three (measured: the
    /// `dlx` solver's largest fixed cost per puzzle).
    pub fn search_and_release<F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        visit: F,
    ) -> SearchResult {
        let result = self.run(limits, visit, false);
        // The search may have stopped mid-tree (no unwinding): the copy below is what restores it.
        self.forced.clear();
        self.nd.copy_from_slice(&self.pristine.0);
        self.lenx.copy_from_slice(&self.pristine.1);
        self.active = self.n_items;
        result
    }

    fn run<F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        mut visit: F,
        restore: bool,
    ) -> SearchResult {
        let mut budget = Budget::start(limits);
        let mut stats = SearchStats::default();
        // The search is at most one level per item deep: reserving that (up to a cap) up front
        // spares the five reallocations a growing profile costs on every 17-clue puzzle (2% of
        // the solver's instructions; a 17-clue search is at most 65 levels deep).
        stats
            .profile
            .reserve((self.n_items as usize + 2).min(PROFILE_RESERVE));
        self.updates = 0;
        self.branch = BranchCounts::default();
        let mut choice = std::mem::take(&mut self.choice);
        choice.clear();
        let mut level = 0usize;
        // The search's last act is usually to unwind a long chain of forced moves (a Sudoku
        // search tree is mostly one path) without finding anything. `open` counts the levels
        // whose current option is not their item's last; when a level runs out of options with
        // `open == 0`, nothing but unwinding is left — no node, update or solution, so no counter
        // changes — and copying back the arrays saved here replaces it.
        let mut open = 0u32;
        if restore {
            self.saved.0.copy_from_slice(&self.nd);
            self.saved.1.copy_from_slice(&self.lenx);
        }
        let saved_active = self.active;
        let end = 'search: loop {
            // X2.
            let nodes = stats.nodes + 1;
            if let Some(halt) = budget.check(nodes) {
                break 'search SearchEnd::Limit(halt);
            }
            stats.nodes = nodes;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            if self.active == 0 {
                stats.solutions += 1;
                self.collect_solution(&choice);
                if visit(&self.solution) == Control::Stop {
                    break 'search SearchEnd::Stopped;
                }
                break 'search SearchEnd::Exhausted;
            }
            // X3.
            let (mut best, len) = self.choose();
            if len == 0 {
                self.branch.dead_ends += 1;
            }
            // X4.
            self.cover(best);
            let mut cur = node(&self.nd, best).dlink;
            choice.push(cur);
            if cur != best && node(&self.nd, cur).dlink != best {
                open += 1;
            }
            loop {
                if cur == best {
                    // X7.
                    if open == 0 {
                        break 'search SearchEnd::Exhausted;
                    }
                    self.uncover(best);
                    choice.pop();
                    // X8.
                    if level == 0 {
                        break 'search SearchEnd::Exhausted;
                    }
                    level -= 1;
                    cur = choice[level];
                    best = self.top_of(cur);
                    // X6.
                    self.uncommit_others(cur);
                    cur = node(&self.nd, cur).dlink;
                    choice[level] = cur;
                    if cur != best && node(&self.nd, cur).dlink == best {
                        open -= 1;
                    }
                    continue;
                }
                // X5.
                if self.lenx[best as usize] & !COVERED >= 2 {
                    self.branch.guesses += 1;
                }
                self.commit_others(cur);
                if self.active != 0 {
                    level += 1;
                    continue 'search;
                }
                stats.nodes += 1;
                if stats.profile.len() <= level + 1 {
                    stats.profile.resize(level + 2, 0);
                }
                stats.profile[level + 1] += 1;
                stats.solutions += 1;
                self.collect_solution(&choice);
                if visit(&self.solution) == Control::Stop {
                    break 'search SearchEnd::Stopped;
                }
                self.uncommit_others(cur);
                cur = node(&self.nd, cur).dlink;
                choice[level] = cur;
                if cur != best && node(&self.nd, cur).dlink == best {
                    open -= 1;
                }
            }
        };
        if restore && !choice.is_empty() {
            self.nd.copy_from_slice(&self.saved.0);
            self.lenx.copy_from_slice(&self.saved.1);
            self.active = saved_active;
        }
        choice.clear();
        self.choice = choice;
        stats.updates = self.updates;
        SearchResult { stats, end }
    }
}

/// Reads node `x`.
#[inline(always)]
fn node<I: NodeIndex>(nd: &[Link<I>], x: u32) -> Link32 {
    debug_assert!((x as usize) < nd.len());
    // SAFETY: every link stored in `nd` is a node index below `nd.len()`: `new` writes only such
    // indices and the dance only copies stored indices, node numbers it read from `nd`, or
    // siblings of option nodes, which lie in the same `K`-group below `nd.len()`
    // (`check_invariants` verifies the links in the tests). Dropping the bounds checks here, in
    // the innermost loop, gained about 10% on 17-clue Sudoku (see docs/xc-engine.md).
    let l = unsafe { *nd.get_unchecked(x as usize) };
    Link32 {
        ulink: l.ulink.to_u32(),
        dlink: l.dlink.to_u32(),
    }
}

/// Mutable access to node `x` (see [`node`] for why the index is in bounds).
#[inline(always)]
fn node_mut<I: NodeIndex>(nd: &mut [Link<I>], x: u32) -> &mut Link<I> {
    debug_assert!((x as usize) < nd.len());
    // SAFETY: as in `node`.
    unsafe { nd.get_unchecked_mut(x as usize) }
}

/// `TOP(x)` of a node `x` of `nd`; `top.len() == nd.len()`.
#[inline(always)]
fn top<I: NodeIndex>(top: &[I], x: u32) -> u32 {
    debug_assert!((x as usize) < top.len());
    // SAFETY: `x` is a node index (see `node`) and `top` has one entry per node (built in `new`,
    // never resized).
    unsafe { top.get_unchecked(x as usize) }.to_u32()
}

/// Mutable access to `LEN` of item `i`; `i` is a `top` value, hence an item below `n_items`,
/// and `lenx.len() >= n_items`.
#[inline(always)]
fn len_mut(lenx: &mut [LenX], i: u32) -> &mut LenX {
    debug_assert!((i as usize) < lenx.len());
    // SAFETY: `top` holds item numbers below `n_items <= lenx.len()` (set in `new`, never
    // changed).
    unsafe { lenx.get_unchecked_mut(i as usize) }
}

/// The `j`-th other node (`1 <= j < K`) of option node `x`'s option. Options start at a multiple
/// of `K` (`base`), so for `K` a power of two the group's nodes are `x ^ 1, .., x ^ (K - 1)`, two
/// instructions fewer per node than the wrap-around; the order differs from dlx1's, which is
/// harmless where it is used: the nodes of an option lie in distinct lists, so hiding or
/// unhiding them in any order gives the same links and `LEN`s.
#[inline(always)]
fn sibling<const K: usize>(x: u32, j: u32) -> u32 {
    if K.is_power_of_two() {
        x ^ j
    } else {
        let k = x % K as u32;
        x - k + (k + j) % K as u32
    }
}

/// Covers item `c` (X4): flag it covered and hide each of its options from the other lists.
/// Returns the updates made, counted as dlx1 counts them: one for the item and `K - 1` for each
/// option hidden, which are the `LEN(c)` options of its list (no counter in the loop).
#[inline]
fn cover<const K: usize, I: NodeIndex>(
    nd: &mut [Link<I>],
    tops: &[I],
    lenx: &mut [LenX],
    c: u32,
) -> u64 {
    let len = len_mut(lenx, c);
    let hidden = u64::from(*len);
    debug_assert!(*len & COVERED == 0, "item {c} is covered twice");
    *len |= COVERED;
    let mut rr = node(nd, c).dlink;
    while rr != c {
        for j in 1..K as u32 {
            let x = sibling::<K>(rr, j);
            let Link32 { ulink, dlink } = node(nd, x);
            node_mut(nd, ulink).dlink = I::from_u32(dlink);
            node_mut(nd, dlink).ulink = I::from_u32(ulink);
            *len_mut(lenx, top(tops, x)) -= 1;
        }
        rr = node(nd, rr).dlink;
    }
    1 + hidden * (K as u64 - 1)
}

/// Undoes [`cover`], walking the options top-down again.
#[inline]
fn uncover<const K: usize, I: NodeIndex>(
    nd: &mut [Link<I>],
    tops: &[I],
    lenx: &mut [LenX],
    c: u32,
) {
    let mut rr = node(nd, c).dlink;
    while rr != c {
        for j in 1..K as u32 {
            let x = sibling::<K>(rr, j);
            let Link32 { ulink, dlink } = node(nd, x);
            node_mut(nd, ulink).dlink = I::from_u32(x);
            node_mut(nd, dlink).ulink = I::from_u32(x);
            *len_mut(lenx, top(tops, x)) += 1;
        }
        rr = node(nd, rr).dlink;
    }
    *len_mut(lenx, c) &= !COVERED;
}

mod build;
mod forcing;
mod scan;

use scan::{first_byte_equal, min_byte, LenX, BLOCK};

#[cfg(test)]
mod tests;
