//! Dancing links and Algorithm X with colours (Knuth's Algorithm C, programs dlx1 and dlx2).
//!
//! # The layout
//!
//! Take three primary items `a b c`, one secondary item `x`, and three options:
//!
//! ```text
//!             a   b   c | x
//! option 0:   a       c   x:R
//! option 1:       b       x:G
//! option 2:   a   b   c
//! ```
//!
//! Every item and every entry of an option is a node in one array `nd`, numbered as in dlx1:
//!
//! ```text
//! index:   0    1  2  3  4    5    6  7  8    9    10 11    12   13 14 15   16
//! role:   (-)   a  b  c  x   sp0   a  c  x   sp1   b  x    sp2  a  b  c    sp3
//! TOP:          LEN of item   0    1  3  4   -1    2  4    -2   1  2  3    -3
//! ```
//!
//! - Nodes `1..=N` are the item headers; their `top` field holds `LEN`, the number of options in
//!   the item's list. Node 0 is unused (index 0 of the item array is the root).
//! - Each option is a run of consecutive nodes, bracketed by *spacer* nodes whose `top` is `≤ 0`
//!   (minus the option number, so the option of a node is found by walking right to its spacer).
//!   A spacer's `ulink` points to the first node of the option before it and its `dlink` to the
//!   last node of the option after it, so moving right from the last node of an option, or left
//!   from the first, wraps around the option without any "next in option" field.
//! - `ulink`/`dlink` (Knuth's `ULINK`/`DLINK`) make each item's options a circular doubly linked
//!   list through its header, in option order. `top` (`TOP`) is the item of an option node.
//! - `color` is 0 for an uncoloured entry, `1 + ColorId` for a coloured one, and `-1` while the
//!   item is *purified* with the node's colour (dlx2's trick that lets compatible options share it).
//! - A separate pair of arrays `llink`/`rlink` (`LLINK`/`RLINK`) links the active primary items in
//!   a circular list through the root `0`, and the secondary items in a second list through the
//!   head `N + 1`.
//!
//! Indices are `u32` rather than pointers: the arena is one allocation, the matrix can be cloned,
//! and a node record is 16 bytes. Nodes are stored as an array of records (dlx1's `nd` array)
//! rather than one array per field because every step of `cover` reads `ulink`, `dlink`, `top` and
//! `color` of the same node: one cache line instead of four.
//!
//! # The dance
//!
//! *Covering* an item removes it from the item list and *hides* each of its options: every other
//! node of the option leaves its item's list (`LEN` drops by one). A removed node keeps its own links,
//! so *uncovering* puts it back with two stores. Because nodes leave and return in last-in,
//! first-out order, uncovering may walk an item's options top-down again (as dlx1 does), but the
//! items of a chosen option must be uncovered right-to-left — the reverse of the left-to-right order
//! in which they were covered — or a node would be relinked next to a neighbour that is still
//! out.
//!
//! # Counters
//!
//! `nodes`, `updates` and the per-level profile are counted exactly where dlx2 counts them (see
//! [`SearchStats`] and `docs/xc-engine.md`): one node per entry to step X2,
//! one node per solution (Knuth's "a solution is a special node"), one update per item removed from
//! the item list and one per node removed from an item's list.

mod uniform;

pub use uniform::{NodeIndex, UniformDlx};

use super::engine::{Engine, ForceError};
use super::{
    Budget, ChoicePolicy, Control, ItemId, Limits, OptionId, SearchEnd, SearchResult, SearchStats,
};

/// One node of the arena (Knuth's `nd[x]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    /// `ULINK(x)`: the node above in the item's list (for a spacer: first node of the option before).
    ulink: u32,
    /// `DLINK(x)`: the node below (for a spacer: last node of the option after).
    dlink: u32,
    /// `TOP(x)`: the item header of an option node; `LEN` for a header; `≤ 0` for a spacer.
    top: i32,
    /// `COLOR(x)`: 0 uncoloured, `> 0` a colour, `-1` while purified with this colour.
    color: i32,
}

/// How the search branched in the last search: the numbers a Sudoku solver reports as guesses and
/// backtracks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BranchCounts {
    /// Children entered at nodes whose chosen item had two or more options.
    pub guesses: u64,
    /// Nodes whose chosen item had no option left.
    pub dead_ends: u64,
}

/// The dancing-links matrix of a problem, with its forced options and search scratch space.
#[derive(Clone, Debug)]
pub struct Dlx {
    /// `LLINK(i)` of the item list: index 0 is the root of the primary items, `N + 1` the head of
    /// the secondary items.
    llink: Vec<u32>,
    /// `RLINK(i)`.
    rlink: Vec<u32>,
    /// Headers `1..=N`, then spacers and option nodes.
    nd: Vec<Node>,
    /// Index of the first spacer (Knuth's `last_itm`): nodes below it are headers.
    last_itm: u32,
    /// Header index of the first secondary item (Knuth's `second`).
    second: u32,
    /// First node of each option.
    option_first: Vec<u32>,
    /// True when some entry has a colour; without colours nothing is ever purified and the dance
    /// skips its colour tests (see [`Dlx::run`]).
    colors: bool,
    /// Item names, for error messages.
    names: Vec<String>,
    /// The colour an item is purified with by a forced option (0 = none), to explain clashes.
    purified: Vec<i32>,
    /// Forced options and the node whose (primary) item was covered first.
    forced: Vec<(OptionId, u32)>,
    policy: ChoicePolicy,
    /// Link updates of the running search (read into its stats at the end).
    updates: u64,
    branch: BranchCounts,
    /// `choice[l]`: the node chosen at level `l` (scratch, kept to avoid reallocating).
    choice: Vec<u32>,
    /// Scratch for the solution passed to the callback.
    solution: Vec<OptionId>,
}

impl Dlx {
    /// The number of options currently forced.
    pub fn n_forced(&self) -> usize {
        self.forced.len()
    }

    /// Guesses and dead ends of the last search.
    pub fn branch_counts(&self) -> BranchCounts {
        self.branch
    }

    /// The option that node `x` belongs to: walk right to the spacer.
    fn option_of(&self, mut x: u32) -> OptionId {
        while self.nd[x as usize].top > 0 {
            x += 1;
        }
        OptionId((-self.nd[x as usize].top - 1) as u32)
    }

    /// True while item header `i` is linked in its item list.
    fn is_active(&self, i: u32) -> bool {
        self.rlink[self.llink[i as usize] as usize] == i
    }

    /// Covers item header `c`: remove it from the item list and hide all its options. With
    /// `COLORS == false` (no coloured entry in the problem, so no node is ever purified) the colour
    /// tests are left out.
    #[inline]
    fn cover<const COLORS: bool>(&mut self, c: u32) {
        let (l, r) = (self.llink[c as usize], self.rlink[c as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        let nd = &mut self.nd[..];
        let mut updates = 1;
        let mut rr = at(nd, c).dlink;
        while rr >= self.last_itm {
            updates += hide::<COLORS>(nd, rr);
            rr = at(nd, rr).dlink;
        }
        self.updates += updates;
    }

    /// Undoes [`Dlx::cover`]; top-down again, as dlx1 shows is sound.
    #[inline]
    fn uncover<const COLORS: bool>(&mut self, c: u32) {
        let nd = &mut self.nd[..];
        let mut rr = at(nd, c).dlink;
        while rr >= self.last_itm {
            unhide::<COLORS>(nd, rr);
            rr = at(nd, rr).dlink;
        }
        let (l, r) = (self.llink[c as usize], self.rlink[c as usize]);
        self.rlink[l as usize] = c;
        self.llink[r as usize] = c;
    }

    /// Purifies the item of node `p` with `p`'s colour: hide the options of other colours, mark the
    /// agreeing ones with colour −1 so that choosing them later leaves the item alone.
    fn purify(&mut self, p: u32) {
        let node = self.nd[p as usize];
        let (cc, x) = (node.top as u32, node.color);
        self.purified[cc as usize] = x;
        let mut rr = self.nd[cc as usize].dlink;
        while rr >= self.last_itm {
            if self.nd[rr as usize].color != x {
                self.updates += hide::<true>(&mut self.nd, rr);
            } else {
                self.nd[rr as usize].color = -1;
            }
            rr = self.nd[rr as usize].dlink;
        }
    }

    /// Undoes [`Dlx::purify`], bottom-up and right-to-left as in dlx2.
    fn unpurify(&mut self, p: u32) {
        let node = self.nd[p as usize];
        let (cc, x) = (node.top as u32, node.color);
        self.purified[cc as usize] = 0;
        let mut rr = self.nd[cc as usize].ulink;
        while rr >= self.last_itm {
            if self.nd[rr as usize].color < 0 {
                self.nd[rr as usize].color = x;
            } else {
                let mut nn = rr - 1;
                while nn != rr {
                    let n = self.nd[nn as usize];
                    if n.color >= 0 {
                        if n.top <= 0 {
                            nn = n.dlink;
                            continue;
                        }
                        self.nd[n.ulink as usize].dlink = nn;
                        self.nd[n.dlink as usize].ulink = nn;
                        self.nd[n.top as usize].top += 1;
                    }
                    nn -= 1;
                }
            }
            rr = self.nd[rr as usize].ulink;
        }
    }

    /// X5 (with C's commit): covers or purifies the other items of `p`'s option, left to right.
    #[inline]
    fn commit_others<const COLORS: bool>(&mut self, p: u32) {
        let mut pp = p + 1;
        while pp != p {
            let n = self.nd[pp as usize];
            if n.top <= 0 {
                pp = n.ulink;
                continue;
            }
            if !COLORS || n.color == 0 {
                self.cover::<COLORS>(n.top as u32);
            } else if n.color > 0 {
                self.purify(pp);
            }
            pp += 1;
        }
    }

    /// X6 (with C's uncommit): undoes [`Dlx::commit_others`], right to left.
    #[inline]
    fn uncommit_others<const COLORS: bool>(&mut self, p: u32) {
        let mut pp = p - 1;
        while pp != p {
            let n = self.nd[pp as usize];
            if n.top <= 0 {
                pp = n.dlink;
                continue;
            }
            if !COLORS || n.color == 0 {
                self.uncover::<COLORS>(n.top as u32);
            } else if n.color > 0 {
                self.unpurify(pp);
            }
            pp -= 1;
        }
    }

    /// X3: the item to branch on, and its `LEN`.
    #[inline]
    fn choose(&self) -> (u32, u32) {
        let first = self.rlink[0];
        match self.policy {
            ChoicePolicy::First => (first, self.nd[first as usize].top as u32),
            ChoicePolicy::Mrv => {
                // As dlx1: the first item of minimum length; stop early at length 0.
                let (mut best, mut t) = (first, u32::MAX);
                let mut k = first;
                while t != 0 && k != 0 {
                    let len = self.nd[k as usize].top as u32;
                    if len < t {
                        best = k;
                        t = len;
                    }
                    k = self.rlink[k as usize];
                }
                (best, t)
            }
        }
    }

    /// Fills the solution scratch with the forced options and the options of `choice`.
    fn collect_solution(&mut self, choice: &[u32]) {
        self.solution.clear();
        self.solution.extend(self.forced.iter().map(|&(o, _)| o));
        for &c in choice {
            let o = self.option_of(c);
            self.solution.push(o);
        }
    }

    /// Algorithm X/C: finds every solution of the matrix as it stands (forced options applied),
    /// passing each to `visit`. The matrix is restored when the search returns, however it ends.
    pub fn search<F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        visit: F,
    ) -> SearchResult {
        if self.colors {
            self.run::<true, F>(limits, visit)
        } else {
            self.run::<false, F>(limits, visit)
        }
    }

    /// [`Dlx::search`] for a matrix with (`COLORS`) or without coloured entries.
    fn run<const COLORS: bool, F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        mut visit: F,
    ) -> SearchResult {
        let mut budget = Budget::start(limits);
        let mut stats = SearchStats::default();
        self.updates = 0;
        self.branch = BranchCounts::default();
        let mut choice = std::mem::take(&mut self.choice);
        choice.clear();
        let mut level = 0usize;
        let end = 'search: loop {
            // X2: enter a node of the search tree.
            let nodes = stats.nodes + 1;
            if let Some(halt) = budget.check(nodes) {
                break 'search SearchEnd::Limit(halt);
            }
            stats.nodes = nodes;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            if self.rlink[0] == 0 {
                // Only at the root: forced options already cover every primary item.
                stats.solutions += 1;
                self.collect_solution(&choice);
                if visit(&self.solution) == Control::Stop {
                    break 'search SearchEnd::Stopped;
                }
                break 'search SearchEnd::Exhausted;
            }
            // X3: choose an item.
            let (mut best, len) = self.choose();
            if len == 0 {
                self.branch.dead_ends += 1;
            }
            // X4: cover it.
            self.cover::<COLORS>(best);
            let mut cur = self.nd[best as usize].dlink;
            choice.push(cur);
            loop {
                if cur == best {
                    // X7: no option left to try at this level; backtrack.
                    self.uncover::<COLORS>(best);
                    choice.pop();
                    // X8: leave the level (the root's exhaustion ends the search).
                    if level == 0 {
                        break 'search SearchEnd::Exhausted;
                    }
                    level -= 1;
                    cur = choice[level];
                    best = self.nd[cur as usize].top as u32;
                    // X6: uncommit the option tried at this level, and try the next.
                    self.uncommit_others::<COLORS>(cur);
                    cur = self.nd[cur as usize].dlink;
                    choice[level] = cur;
                    continue;
                }
                // X5: try option `cur`.
                if self.nd[best as usize].top >= 2 {
                    self.branch.guesses += 1;
                }
                self.commit_others::<COLORS>(cur);
                if self.rlink[0] != 0 {
                    level += 1;
                    continue 'search;
                }
                // Every primary item is covered: a solution, which dlx2 counts as a node one
                // level down.
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
                // X6 at the same level.
                self.uncommit_others::<COLORS>(cur);
                cur = self.nd[cur as usize].dlink;
                choice[level] = cur;
            }
        };
        // A search stopped early leaves its levels committed: undo them, deepest first.
        for &c in choice.iter().rev() {
            self.uncommit_others::<COLORS>(c);
            self.uncover::<COLORS>(self.nd[c as usize].top as u32);
        }
        choice.clear();
        self.choice = choice;
        stats.updates = self.updates;
        SearchResult { stats, end }
    }
}

/// Node `x` of the arena.
#[inline(always)]
fn at(nd: &[Node], x: u32) -> &Node {
    debug_assert!((x as usize) < nd.len());
    // SAFETY: the dance only follows indices stored in `nd` — links, spacer links and the `TOP` of
    // option nodes — and `Dlx::new` writes only node numbers below `nd.len()` there (the last
    // spacer's `DLINK` is 0); the dance itself only stores indices it read from `nd` or node
    // numbers it reached through them, and `nd` never changes length after `new`.
    // `check_invariants` verifies the links in the tests. See `hide` for the measured gain.
    unsafe { nd.get_unchecked(x as usize) }
}

/// Mutable access to node `x` (see [`at`] for why `x` is in bounds).
#[inline(always)]
fn at_mut(nd: &mut [Node], x: u32) -> &mut Node {
    debug_assert!((x as usize) < nd.len());
    // SAFETY: as in `at`.
    unsafe { nd.get_unchecked_mut(x as usize) }
}

/// Hides the option of node `rr`: every node but `rr` leaves its item's list (dlx2's inner loop
/// of `cover`). Nodes of purified items (colour `< 0`) stay, as in dlx2; with `COLORS == false`
/// there are none and the test is left out. Returns the updates (nodes removed).
///
/// The walk is two loops with one test per node (not counting the colour): rightwards from `rr`
/// to the spacer (the only node with `TOP ≤ 0` on the way), then from the option's first node
/// (the spacer's `ULINK`) up to `rr`, where every node is an option node. This loop and
/// [`unhide`] are most of the time of a count; the two loops, unchecked indexing (see [`at`]) and
/// counting in a local rather than in `self` together cut the instructions of a 12-queens count
/// from 598 M to 429 M.
#[inline(always)]
fn hide<const COLORS: bool>(nd: &mut [Node], rr: u32) -> u64 {
    let mut updates = 0;
    let mut nn = rr + 1;
    loop {
        let n = *at(nd, nn);
        if n.top <= 0 {
            nn = n.ulink;
            break;
        }
        if !COLORS || n.color >= 0 {
            unlink(nd, n);
            updates += 1;
        }
        nn += 1;
    }
    while nn != rr {
        let n = *at(nd, nn);
        if !COLORS || n.color >= 0 {
            unlink(nd, n);
            updates += 1;
        }
        nn += 1;
    }
    updates
}

/// Undoes [`hide`], walking the option in the same order (any order is sound for one option's
/// nodes: each goes back between neighbours that are already in place).
#[inline(always)]
fn unhide<const COLORS: bool>(nd: &mut [Node], rr: u32) {
    let mut nn = rr + 1;
    loop {
        let n = *at(nd, nn);
        if n.top <= 0 {
            nn = n.ulink;
            break;
        }
        if !COLORS || n.color >= 0 {
            relink(nd, n, nn);
        }
        nn += 1;
    }
    while nn != rr {
        let n = *at(nd, nn);
        if !COLORS || n.color >= 0 {
            relink(nd, n, nn);
        }
        nn += 1;
    }
}

/// Takes option node `n` out of its item's list.
#[inline(always)]
fn unlink(nd: &mut [Node], n: Node) {
    at_mut(nd, n.ulink).dlink = n.dlink;
    at_mut(nd, n.dlink).ulink = n.ulink;
    at_mut(nd, n.top as u32).top -= 1;
}

/// Puts option node `n`, numbered `x`, back into its item's list.
#[inline(always)]
fn relink(nd: &mut [Node], n: Node, x: u32) {
    at_mut(nd, n.ulink).dlink = x;
    at_mut(nd, n.dlink).ulink = x;
    at_mut(nd, n.top as u32).top += 1;
}

mod build;
mod forcing;

#[cfg(test)]
mod tests;
