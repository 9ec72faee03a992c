//! Dancing cells: exact cover with sparse sets instead of linked lists (Knuth's SSXC1, TAOCP
//! 7.2.2.3), with colours on secondary items handled as his SSXCC handles them.
//!
//! **Why this file is long** (over the house's 600 lines): it is one algorithm, read top to
//! bottom beside SSXC1 as Knuth's programs are read: the sparse-set layout, the steps of the
//! search and the undo trail refer to one another line by line, and cutting them into files
//! would separate each step from the data it moves. The trail itself, which stands alone, is in
//! `dc_trail.rs`.
//!
//! This file is meant to be read beside Knuth's description of SSXC1. SSXC1 names its program
//! sections rather than numbering steps; the search below is tagged with the steps X2–X8 of
//! Algorithm X (the same tags as [`crate::xc::dlx`]) and with the name of the SSXC1 section each
//! piece corresponds to, in quotes.
//!
//! # Sparse sets
//!
//! A sparse set holds a subset of a universe as a permutation of the universe in an array, plus a
//! size: the first `size` entries are the members. Each element also knows its place in the
//! array, so deleting a member is one swap with the last member and a smaller size; and because a
//! deleted element stays in the array just past the end, *undoing* deletions needs no work but
//! restoring the old size. Depth-first search deletes and undoes in last-in, first-out order, so a
//! stack of old sizes (the *trail*, SSXC1's `savestack`) is all the undo information needed.
//!
//! Two kinds of sparse sets make up the state:
//!
//! - **The active items** (`item`, SSXC1's `item`): `item[0..active]` are the items still to be
//!   dealt with, primary and secondary mixed. An item is named by its *handle* `x`, the index in
//!   `set` where its options start; `pos(x)` is where `x` sits in `item`.
//! - **The options of each item** (`set`): item `x`'s block of `set` is `[pos, size, o_1, …, o_n]`
//!   with `x` pointing at `o_1`; `set[x - 2]` is `pos(x)`, `set[x - 1]` is `size(x)`, and
//!   `set[x..x + size(x)]` are the nodes of `x`'s options that are still active.
//!
//! ```text
//! items a b c | x;  options  "a c x:R"  "b x:G"  "a b c"
//!
//! set:   pos size | a's options | pos size | b's | pos size | c's | pos size | x's
//!         0   2     1   7          1   2    5  8    2   2    2  9    3   2    3  6
//!                   ^ handle of a = 2       ^ 6              ^ 10             ^ 14
//! nd:    0:sp  1:a  2:c  3:x  4:sp  5:b  6:x  7:sp  8:a  9:b 10:c  11:sp
//! ```
//!
//! The options themselves live in `nd` (SSXC1's `nd`), one node per entry, with a spacer between
//! options, exactly as in dlx1. A node has two fields: `itm`, the handle of its item, and `loc`,
//! the node's current place in that item's set, so that `set[nd[y].loc] == y` always, just as
//! `item[pos(x)] == x`. A spacer's `itm` is minus the length of the option before it, so stepping
//! right from an option's last node onto the spacer and adding `itm` wraps to the option's first
//! node. (SSXC1 puts the length of the option *after* a spacer in its `loc`, for its sanity check;
//! here `loc` holds that option's number, so that a solution can name its options.)
//!
//! # The dance
//!
//! *Covering* an item (SSXC1: "swap it out of the active list", then `hide`) moves it past the end
//! of the active items and deletes each of its options from the sets of the option's other items.
//! The chosen item's own set is left alone, so the search can walk it to try each option in turn.
//! Unlike dancing links, nothing is relinked on the way back: at each level the sizes of all
//! active items are pushed on the trail once, and backing up to try the next option pops them.
//!
//! While hiding the options of the other items of a chosen option, SSXC1 notices when a primary
//! item that is still active loses its last option, and abandons the choice at once ("`goto
//! abort`"), before it becomes a node of the search tree. Dancing links finds the same dead end
//! one level lower, after entering a node and choosing the empty item. That is why the node
//! counts of the two engines differ on the same problem; [`Dc`]'s equal SSXC1's.
//!
//! # Colours
//!
//! SSXC1 has no colours; Knuth's SSXCC adds them, and [`Dc`] follows SSXCC's rule for them (but
//! not SSXCC's other changes, such as its forced moves, so that without colours the search is
//! exactly SSXC1's). Every node carries the colour of its entry (`clr`, 0 for none). When a chosen
//! option gives a secondary item a colour, the item is swapped out of the active list like any
//! covered item, but only the options of *other* colours (uncoloured ones included) are hidden:
//! the options that agree stay, and choosing one of them later leaves the item alone, since it is
//! no longer active. Hiding an option then deletes it only from the sets of items that were active
//! when the level began (`oactive`): the sets of purified items are left as they were, which is
//! SSXCC's counterpart of dlx2 leaving purified nodes linked. This extra test costs a mem per
//! node, so a problem with colours runs a separate instance of the search (`COLORS = true`).
//!
//! # Counters
//!
//! - `nodes` and `profile`: as SSXC1, one node each time the search reaches "forward" (step X2),
//!   a solution included (it is a node one level below the choice that completed it). A choice
//!   abandoned because a primary item lost its last option is not a node.
//! - `updates`: as SSXC1, one per item swapped out of the active list and one per option deleted
//!   from an item's set.
//! - `mems`: as SSXC1 counts them, one per access to a 64-bit word (a node's `itm` and `loc`
//!   together are one), counted at exactly the places SSXC1 counts them ([`Dc::mems`]).
//!
//! Options forced before a search ([`Engine::force`]) are applied, uncounted, to a fresh copy of
//! the matrix as the search begins; the search counts only its own work. A search therefore
//! always starts from the same state for the same forced options, whatever ran before.

use super::dc_trail::Trail;
use super::dlx::BranchCounts;
use super::engine::{Engine, EngineError, ForceError};
use super::{
    Budget, ChoicePolicy, Control, ItemId, Limits, OptionId, Problem, SearchEnd, SearchResult,
    SearchStats,
};

/// One node of an option (SSXC1's `node`): its item and its place in that item's set; for a
/// spacer, minus the length of the option before it and the number of the option after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    /// The handle of the node's item (`> 0`), or `-t` for a spacer after an option of `t` items.
    itm: i32,
    /// Where the node sits in its item's set; for a spacer, the number of the following option.
    loc: u32,
}

/// `set[x - 2]`: where item `x` sits in the active list.
const POS: u32 = 2;
/// `set[x - 1]`: how many options item `x` has left.
const SIZE: u32 = 1;
/// Words of `set` before each item's options.
const HEAD: u32 = 2;

/// `a[i]` without a bounds check, for the search's inner loops.
///
/// Every index the search uses is one of these (all written by [`Dc::new`], and `set`, `nd`,
/// `item` and `clr` never change length after it): an item handle `x` (from a node's `itm > 0`
/// or from `item`) or `x - POS`, `x - SIZE`, which `new` places at least [`HEAD`] into `set`; a
/// member `x + k` of `x`'s set with `k < size(x)`, or a node's `loc`, both inside `x`'s block
/// (sizes only shrink, or are restored from the trail to values they had); a node number read
/// from `set` (`new` stores node numbers there, the search only permutes them within a block) or
/// reached from one by stepping right inside its option and wrapping at the spacer, which `new`
/// puts after every option with `itm` minus the option's length; a place in `item` read from
/// `set[x - POS]`, which is a permutation of `item`'s indices. `check_invariants` verifies these
/// relations in the tests, and debug builds assert each bound here.
#[inline(always)]
fn rd<T: Copy>(a: &[T], i: u32) -> T {
    debug_assert!((i as usize) < a.len(), "index {i} of {}", a.len());
    // SAFETY: `i < a.len()` by the invariants above.
    unsafe { *a.get_unchecked(i as usize) }
}

/// `a[i] = v` without a bounds check; see [`rd`] for why every index is in bounds.
#[inline(always)]
fn wr<T>(a: &mut [T], i: u32, v: T) {
    *at_mut(a, i) = v;
}

/// `&mut a[i]` without a bounds check; see [`rd`] for why every index is in bounds.
#[inline(always)]
fn at_mut<T>(a: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < a.len(), "index {i} of {}", a.len());
    // SAFETY: `i < a.len()` by the invariants in `rd`'s comment.
    unsafe { a.get_unchecked_mut(i as usize) }
}

/// The state an item is left in by the forced options, for [`Engine::force`]'s clash checks.
const FREE: u32 = 0;
/// Covered by a forced option without colour.
const TAKEN: u32 = u32::MAX;

/// The dancing-cells matrix of a problem, its forced options and its search scratch space.
#[derive(Clone, Debug)]
pub struct Dc {
    /// The `set` array as built: every item with all its options, in option order.
    base_set: Vec<u32>,
    /// The `nd` array as built.
    base_nd: Vec<Node>,
    /// The active list as built: every item, in item order.
    base_item: Vec<u32>,
    /// Working copy of `set` (item blocks `[pos, size, nodes…]`).
    set: Vec<u32>,
    /// Working copy of `nd`.
    nd: Vec<Node>,
    /// Working copy of `item`.
    item: Vec<u32>,
    /// `clr[y]`: the colour of node `y` (`1 + ColorId`), 0 for none.
    clr: Vec<u32>,
    /// How many items are active: `item[0..active]`.
    active: usize,
    /// Handles below `second` are primary items (SSXC1's `second`).
    second: u32,
    /// The handle of each item, by [`ItemId`].
    handle: Vec<u32>,
    /// The first node of each option.
    option_first: Vec<u32>,
    /// True when some entry has a colour (the search then runs with `COLORS = true`).
    colors: bool,
    /// Item names, for error messages.
    names: Vec<String>,
    /// For each item (by [`ItemId`]): [`FREE`], [`TAKEN`], or the colour a forced option gave it.
    forced_state: Vec<u32>,
    /// The forced options, in forcing order.
    forced: Vec<OptionId>,
    policy: ChoicePolicy,
    /// Mems of the last search.
    mems: u64,
    /// Updates of the running search.
    updates: u64,
    branch: BranchCounts,
    /// `choice[l]`: the node chosen at level `l`.
    choice: Vec<u32>,
    /// The trail (SSXC1's `savestack` and `saved`), kept lazily: see [`Trail`].
    trail: Trail,
    /// Scratch for the solution passed to the callback.
    solution: Vec<OptionId>,
}

impl Dc {
    /// Builds the matrix of `problem`. Fails when the problem has multiplicities: sparse sets
    /// delete an option from every set at once, which has no natural counterpart of Algorithm M's
    /// partial covering, so those problems go to [`crate::xc::mcc::Mcc`].
    pub fn new(problem: &Problem) -> Result<Dc, EngineError> {
        if let Some(item) = problem.items().iter().find(|i| i.has_multiplicity()) {
            return Err(EngineError::Multiplicities {
                item: item.name.clone(),
            });
        }
        let n = problem.n_items();
        // Lay out the item blocks: first count each item's options.
        let mut len = vec![0u32; n];
        for o in problem.option_ids() {
            for e in problem.option(o) {
                len[e.item.0 as usize] += 1;
            }
        }
        let mut handle = Vec::with_capacity(n);
        let mut x = HEAD;
        for &l in &len {
            handle.push(x);
            x += l + HEAD;
        }
        let set_len = (x - HEAD) as usize;
        let second = handle
            .get(problem.n_primary())
            .copied()
            .unwrap_or(set_len as u32 + HEAD);
        let mut set = vec![0u32; set_len];
        for (k, &h) in handle.iter().enumerate() {
            set[(h - POS) as usize] = k as u32;
        }
        // The nodes, option by option, each entry appended to its item's set.
        let mut nd = Vec::with_capacity(problem.n_entries() + problem.n_options() + 1);
        let mut clr = Vec::with_capacity(nd.capacity());
        let mut option_first = Vec::with_capacity(problem.n_options());
        nd.push(Node { itm: 0, loc: 0 });
        clr.push(0);
        for o in problem.option_ids() {
            let spacer = nd.len() - 1;
            nd[spacer].loc = o.0;
            option_first.push(nd.len() as u32);
            let entries = problem.option(o);
            for e in entries {
                let h = handle[e.item.0 as usize];
                let size = &mut set[(h - SIZE) as usize];
                let loc = h + *size;
                *size += 1;
                set[loc as usize] = nd.len() as u32;
                nd.push(Node { itm: h as i32, loc });
                clr.push(e.color.map_or(0, |c| c.0 + 1));
            }
            nd.push(Node {
                itm: -(entries.len() as i32),
                loc: u32::MAX,
            });
            clr.push(0);
        }
        let item = handle.clone();
        let trail = Trail::new(set.len());
        Ok(Dc {
            base_set: set.clone(),
            base_nd: nd.clone(),
            base_item: item.clone(),
            set,
            nd,
            item,
            clr,
            active: n,
            second,
            handle,
            option_first,
            colors: problem.has_colors(),
            names: problem.items().iter().map(|i| i.name.clone()).collect(),
            forced_state: vec![FREE; n],
            forced: Vec::new(),
            policy: ChoicePolicy::Mrv,
            mems: 0,
            updates: 0,
            branch: BranchCounts::default(),
            choice: Vec::new(),
            trail,
            solution: Vec::new(),
        })
    }

    /// Mems of the last search, counted where SSXC1 counts them (with colours, where SSXCC does).
    pub fn mems(&self) -> u64 {
        self.mems
    }

    /// Guesses (children tried at nodes whose chosen item had two or more options) and dead ends
    /// (choices abandoned because a primary item lost its last option, and roots with an item
    /// that has none) of the last search.
    pub fn branch_counts(&self) -> BranchCounts {
        self.branch
    }

    /// The number of options currently forced.
    pub fn n_forced(&self) -> usize {
        self.forced.len()
    }

    #[inline(always)]
    fn size(&self, x: u32) -> u32 {
        rd(&self.set, x - SIZE)
    }

    #[inline(always)]
    fn pos(&self, x: u32) -> u32 {
        rd(&self.set, x - POS)
    }

    /// The option of node `y`: step right to the spacer, back to the option's first node, and read
    /// the number in the spacer before it.
    fn option_of(&self, mut y: u32) -> OptionId {
        while self.nd[y as usize].itm > 0 {
            y += 1;
        }
        let first = (y as i64 + self.nd[y as usize].itm as i64) as usize;
        OptionId(self.nd[first - 1].loc)
    }

    /// SSXC1's "Swap `best_itm` out of the active list" (the first half of covering, step X4).
    #[inline(always)]
    fn swap_out_best(&mut self, best: u32) {
        let p = self.active - 1;
        self.active = p;
        let set = &mut self.set[..];
        let item = &mut self.item[..];
        let pp = rd(set, best - POS);
        let cc = rd(item, p as u32);
        wr(item, p as u32, best);
        wr(item, pp, cc);
        wr(set, cc - POS, pp);
        wr(set, best - POS, p as u32);
        self.mems += 6;
        self.updates += 1;
    }

    /// SSXC1's "Swap out all other items of `cur_node`" (step X5). With colours (SSXCC), an item
    /// already swapped out — a secondary item purified at a lower level — stays where it is.
    #[inline(always)]
    fn swap_out_others<const COLORS: bool>(&mut self, cur: u32) {
        let set = &mut self.set[..];
        let item = &mut self.item[..];
        let nd = &self.nd[..];
        let (mut mems, mut updates) = (0u64, 0u64);
        let mut p = self.active as u32;
        let mut q = cur + 1;
        while q != cur {
            let c = rd(nd, q).itm;
            mems += 1;
            if c < 0 {
                q = q.wrapping_add_signed(c);
                continue;
            }
            let c = c as u32;
            let pp = rd(set, c - POS);
            mems += 1;
            if !COLORS || pp < p {
                p -= 1;
                let cc = rd(item, p);
                wr(item, p, c);
                wr(item, pp, cc);
                wr(set, cc - POS, pp);
                wr(set, c - POS, p);
                mems += 5;
                updates += 1;
            }
            q += 1;
        }
        self.active = p as usize;
        self.mems += mems;
        self.updates += updates;
    }

    /// SSXC1's "Hide the other options of those items, or `goto abort`" (the rest of step X5):
    /// false when a primary item that is still active lost its last option. With colours
    /// (SSXCC), a coloured secondary item keeps the options that agree with `cur`'s colour, and
    /// one that was purified before (`pos ≥ oactive`) is left alone.
    #[inline(always)]
    fn hide_others<const COLORS: bool, const CHECK: bool>(
        &mut self,
        cur: u32,
        oactive: usize,
    ) -> bool {
        let mut q = cur + 1;
        while q != cur {
            let cc = rd(&self.nd, q).itm;
            self.mems += 1;
            if cc < 0 {
                q = q.wrapping_add_signed(cc);
                continue;
            }
            let cc = cc as u32;
            let ok = if !COLORS || cc < self.second {
                self.hide::<COLORS, CHECK>(cc, 0, oactive)
            } else {
                self.mems += 1;
                if (self.pos(cc) as usize) < oactive {
                    self.mems += 1;
                    let color = rd(&self.clr, q);
                    self.hide::<COLORS, CHECK>(cc, color, oactive)
                } else {
                    true
                }
            };
            if !ok {
                return false;
            }
            q += 1;
        }
        true
    }

    /// SSXC1's `hide(c, check)`: deletes every option in item `c`'s set from the sets of its
    /// other items (with colours, only the options whose colour for `c` differs from `color`,
    /// all of them when `color` is 0). With `CHECK`, stops and returns false as soon as an active
    /// primary item loses its last option.
    ///
    /// This loop is most of the time of a search. The arrays and the counters are taken into
    /// locals for it: counting `self.mems` and `self.updates` in place costs a load and a store
    /// per step (the compiler cannot keep a field in a register across the stores into `set` and
    /// `nd`), and the indexing is unchecked ([`rd`], [`wr`]); see docs/xc-engine.md for what
    /// that gained.
    #[inline(always)]
    fn hide<const COLORS: bool, const CHECK: bool>(
        &mut self,
        c: u32,
        color: u32,
        oactive: usize,
    ) -> bool {
        let set = &mut self.set[..];
        let nd = &mut self.nd[..];
        let clr = &self.clr[..];
        let trail = &mut self.trail;
        let (second, active, oactive) = (self.second, self.active as u32, oactive as u32);
        let (mut mems, mut updates) = (1u64, 0u64);
        let end = c + rd(set, c - SIZE);
        let mut ok = true;
        'options: for rr in c..end {
            let tt = rd(set, rr);
            mems += 1;
            if COLORS && color != 0 {
                mems += 1;
                if rd(clr, tt) == color {
                    continue;
                }
            }
            // "Remove the option set[rr] from the other sets it's in."
            let mut nn = tt + 1;
            while nn != tt {
                let Node { itm: uu, loc: vv } = rd(nd, nn);
                mems += 1;
                if uu < 0 {
                    nn = nn.wrapping_add_signed(uu);
                    continue;
                }
                let uu = uu as u32;
                if COLORS {
                    mems += 1;
                    if rd(set, uu - POS) >= oactive {
                        nn += 1;
                        continue;
                    }
                }
                let ss = rd(set, uu - SIZE) - 1;
                mems += 1;
                if CHECK && ss == 0 && uu < second {
                    if !COLORS {
                        mems += 1;
                    }
                    if rd(set, uu - POS) < active {
                        ok = false;
                        break 'options;
                    }
                }
                // Swap the node with the last member of `uu`'s set and shrink the set.
                let nnp = rd(set, uu + ss);
                trail.note(uu, ss + 1);
                wr(set, uu - SIZE, ss);
                wr(set, uu + ss, nn);
                wr(set, vv, nnp);
                wr(
                    nd,
                    nn,
                    Node {
                        itm: uu as i32,
                        loc: uu + ss,
                    },
                );
                let last = &mut at_mut(nd, nnp).loc;
                *last = vv;
                mems += 6;
                updates += 1;
                nn += 1;
            }
        }
        self.mems += mems;
        self.updates += updates;
        ok
    }

    /// SSXC1's "Set `best_itm` to the best item for branching" (step X3): the active primary item
    /// with the smallest set, the first one in the *current* order of the active list on ties (a
    /// different order from dlx1's fixed item order, which is why the two engines can branch on
    /// different items), stopping early at a set of size 1. `None` when no primary item is active:
    /// a solution. With [`ChoicePolicy::First`], the first active primary item in that order.
    #[inline(always)]
    fn choose(&mut self) -> Option<(u32, u32)> {
        let set = &self.set[..];
        let (second, first) = (self.second, self.policy == ChoicePolicy::First);
        let mut best = None;
        let mut t = u32::MAX;
        let mut mems = 0u64;
        for &x in &self.item[..self.active] {
            mems += 1;
            if x < second {
                let s = rd(set, x - SIZE);
                mems += 1;
                if s < t {
                    best = Some(x);
                    t = s;
                    if first || t <= 1 {
                        break;
                    }
                }
            }
        }
        self.mems += mems;
        best.map(|b| (b, t))
    }

    /// SSXC1's "Save the currently active sizes", lazily: level `level` opens on the trail, which
    /// from now on saves each size the first time it changes (memory linear in the problem, not
    /// depth x items; see [`Trail`]). Mems are counted as SSXC1 counts its savestack.
    #[inline(always)]
    fn save(&mut self, level: usize) {
        self.trail.save(level, self.active);
        self.mems += 3 * self.active as u64;
    }

    /// SSXC1's "Restore the currently active sizes" of level `level`, which also restores the
    /// number of active items.
    #[inline(always)]
    fn restore(&mut self, level: usize) {
        let set = &mut self.set[..];
        self.active = self.trail.restore(level, |x, s| wr(set, x - SIZE, s));
        self.mems += 2 + 2 * self.active as u64;
    }

    /// Puts the matrix back as built and applies the forced options to it, uncounted: each is
    /// covered as if the search had chosen it from the set of its first primary item. Returns
    /// false when a primary item is left with no option.
    fn prepare<const COLORS: bool>(&mut self) -> bool {
        self.trail.clear();
        self.set.copy_from_slice(&self.base_set);
        self.nd.copy_from_slice(&self.base_nd);
        self.item.copy_from_slice(&self.base_item);
        self.active = self.item.len();
        for k in 0..self.forced.len() {
            let first = self.option_first[self.forced[k].0 as usize];
            let mut y = first;
            while self.nd[y as usize].itm as u32 >= self.second {
                y += 1;
            }
            let best = self.nd[y as usize].itm as u32;
            self.swap_out_best(best);
            let oactive = self.active;
            self.hide::<COLORS, false>(best, 0, oactive);
            self.swap_out_others::<COLORS>(y);
            self.hide_others::<COLORS, false>(y, oactive);
        }
        (0..self.active).all(|p| {
            let x = self.item[p];
            x >= self.second || self.size(x) > 0
        })
    }

    /// Fills the solution scratch with the forced options and the options chosen on levels
    /// `0..level`.
    fn collect_solution(&mut self, level: usize) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        for l in 0..level {
            let o = self.option_of(self.choice[l]);
            self.solution.push(o);
        }
    }

    /// Dancing cells: finds every solution of the matrix with the forced options applied, passing
    /// each to `visit`.
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

    /// [`Dc::search`] for a matrix with (`COLORS`) or without coloured entries.
    fn run<const COLORS: bool, F: FnMut(&[OptionId]) -> Control>(
        &mut self,
        limits: &Limits,
        mut visit: F,
    ) -> SearchResult {
        let mut budget = Budget::start(limits);
        let mut stats = SearchStats::default();
        self.branch = BranchCounts::default();
        let feasible = self.prepare::<COLORS>();
        self.mems = 0;
        self.updates = 0;
        if !feasible {
            // SSXC1 does not start a search when an item has no option ("Report an uncoverable
            // item"); after forced options this is a choice it would have abandoned.
            self.branch.dead_ends += 1;
            return SearchResult {
                stats,
                end: SearchEnd::Exhausted,
            };
        }
        self.trail.clear();
        self.choice.clear();
        let mut level = 0usize;
        // The state between "forward" and the next "forward": the chosen item, the place in its
        // set of the option being tried, and the node of that option.
        let (mut best, mut cur_choice);
        /// Where the search goes next, for SSXC1's labels `advance`, `backup` and `abort`.
        enum Next {
            Advance,
            Backup,
            Abort,
        }
        let end = 'forward: loop {
            // X2 ("forward"): enter a node of the search tree.
            let nodes = stats.nodes + 1;
            if let Some(halt) = budget.check(nodes) {
                break 'forward SearchEnd::Limit(halt);
            }
            stats.nodes = nodes;
            if stats.profile.len() <= level {
                stats.profile.resize(level + 1, 0);
            }
            stats.profile[level] += 1;
            // X3: choose an item.
            let mut next = match self.choose() {
                None => {
                    // "Visit a solution and goto backup".
                    stats.solutions += 1;
                    self.collect_solution(level);
                    if visit(&self.solution) == Control::Stop {
                        break 'forward SearchEnd::Stopped;
                    }
                    best = 0;
                    cur_choice = 0;
                    Next::Backup
                }
                Some((b, t)) => {
                    // X4: cover it — swap it out and hide its options — then save the sizes.
                    best = b;
                    if t == 0 {
                        // The check in `hide` misses an item emptied while the chosen item's own
                        // options were hidden (SSXC1's "I'm confused"): the node is a dead end.
                        self.branch.dead_ends += 1;
                    }
                    self.swap_out_best(best);
                    let oactive = self.active;
                    self.hide::<COLORS, false>(best, 0, oactive);
                    self.save(level);
                    cur_choice = best;
                    Next::Advance
                }
            };
            loop {
                match next {
                    Next::Advance => {
                        // X5 ("advance", "tryit"): try the option at `cur_choice`, unless the set
                        // is exhausted.
                        self.mems += 1;
                        if cur_choice >= best + self.size(best) {
                            next = Next::Backup;
                            continue;
                        }
                        let cur_node = self.set[cur_choice as usize];
                        self.mems += 2;
                        if self.choice.len() <= level {
                            self.choice.push(cur_node);
                        } else {
                            self.choice[level] = cur_node;
                        }
                        if self.size(best) >= 2 {
                            self.branch.guesses += 1;
                        }
                        let oactive = self.active;
                        self.swap_out_others::<COLORS>(cur_node);
                        if !self.hide_others::<COLORS, true>(cur_node, oactive) {
                            self.branch.dead_ends += 1;
                            next = Next::Abort;
                            continue;
                        }
                        level += 1;
                        continue 'forward;
                    }
                    Next::Backup => {
                        // X8 ("backup"): leave the level; the root's exhaustion ends the search.
                        if level == 0 {
                            break 'forward SearchEnd::Exhausted;
                        }
                        level -= 1;
                        let cur_node = self.choice[level];
                        let n = self.nd[cur_node as usize];
                        best = n.itm as u32;
                        cur_choice = n.loc;
                        self.mems += 2;
                        next = Next::Abort;
                    }
                    Next::Abort => {
                        // X6/X7 ("abort"): restore the sizes and try the next option, if any.
                        self.mems += 1;
                        if cur_choice + 1 >= best + self.size(best) {
                            next = Next::Backup;
                            continue;
                        }
                        self.restore(level);
                        cur_choice += 1;
                        next = Next::Advance;
                    }
                }
            }
        };
        stats.updates = self.updates;
        SearchResult { stats, end }
    }

    /// Checks the sparse-set invariants of the working state (`item` and `pos` inverse, `set` and
    /// `loc` inverse over every item's whole block, nodes in their own item's block, spacers), that
    /// the matrix as built holds every option in every set, and that the forced bookkeeping
    /// matches the forced options.
    fn check(&self) -> Result<(), String> {
        for (which, set, nd, item) in [
            ("built", &self.base_set, &self.base_nd, &self.base_item),
            ("working", &self.set, &self.nd, &self.item),
        ] {
            for (k, &x) in item.iter().enumerate() {
                if set[(x - POS) as usize] != k as u32 {
                    return Err(format!("{which}: pos of item handle {x} is not {k}"));
                }
            }
            let mut block_end = set.len() as u32;
            for (i, &h) in self.handle.iter().enumerate().rev() {
                let size = set[(h - SIZE) as usize];
                if h + size > block_end {
                    return Err(format!(
                        "{which}: item {i} has size {size} beyond its block"
                    ));
                }
                for q in h..block_end {
                    let y = set[q as usize];
                    let node = nd
                        .get(y as usize)
                        .ok_or(format!("{which}: set[{q}] = {y}"))?;
                    if node.itm != h as i32 || node.loc != q {
                        return Err(format!(
                            "{which}: node {y} in item {i}'s block at {q} has itm {} loc {}",
                            node.itm, node.loc
                        ));
                    }
                }
                if which == "built" && size != block_end - h {
                    return Err(format!("built: item {i} does not hold all its options"));
                }
                block_end = h - HEAD;
            }
            let mut y = 1usize;
            for (o, &first) in self.option_first.iter().enumerate() {
                if first as usize != y || nd[y - 1].itm > 0 || nd[y - 1].loc != o as u32 {
                    return Err(format!("{which}: bad spacer before option {o}"));
                }
                while nd[y].itm > 0 {
                    y += 1;
                }
                if nd[y].itm != -((y as u32 - first) as i32) {
                    return Err(format!("{which}: bad spacer after option {o}"));
                }
                y += 1;
            }
        }
        let mut state = vec![FREE; self.names.len()];
        for &o in &self.forced {
            let mut y = self.option_first[o.0 as usize];
            while self.nd[y as usize].itm > 0 {
                let i = self.item_of(y);
                let c = self.clr[y as usize];
                state[i] = if c == 0 { TAKEN } else { c };
                y += 1;
            }
        }
        if state != self.forced_state {
            return Err("the forced items do not match the forced options".into());
        }
        Ok(())
    }

    /// The [`ItemId`] (as an index) of node `y`'s item.
    fn item_of(&self, y: u32) -> usize {
        let h = self.base_nd[y as usize].itm as u32;
        self.handle
            .binary_search(&h)
            .expect("a node's itm is an item handle")
    }

    /// Why `option` cannot be forced now, if it cannot.
    fn clash(&self, option: OptionId) -> Option<ForceError> {
        let mut y = self.option_first[option.0 as usize];
        while self.base_nd[y as usize].itm > 0 {
            let i = self.item_of(y);
            let c = self.clr[y as usize];
            let state = self.forced_state[i];
            let item = ItemId(i as u32);
            let name = self.names[i].clone();
            if state == TAKEN {
                return Some(ForceError::ItemCovered { option, item, name });
            }
            if state != FREE && state != c {
                return Some(ForceError::ColorConflict { option, item, name });
            }
            y += 1;
        }
        None
    }
}

impl Engine for Dc {
    fn set_policy(&mut self, policy: ChoicePolicy) {
        self.policy = policy;
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check_known(option, self.option_first.len())?;
        if let Some(err) = self.clash(option) {
            return Err(err);
        }
        let mut y = self.option_first[option.0 as usize];
        while self.base_nd[y as usize].itm > 0 {
            let i = self.item_of(y);
            let c = self.clr[y as usize];
            self.forced_state[i] = if c == 0 { TAKEN } else { c };
            y += 1;
        }
        self.forced.push(option);
        Ok(())
    }

    fn release(&mut self) {
        while let Some(o) = self.forced.pop() {
            let mut y = self.option_first[o.0 as usize];
            while self.base_nd[y as usize].itm > 0 {
                let i = self.item_of(y);
                self.forced_state[i] = FREE;
                y += 1;
            }
        }
    }

    fn search_dyn(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> SearchResult {
        self.search(limits, visit)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.check()
    }

    fn problem_sizes(&self) -> (usize, usize) {
        (self.names.len(), self.option_first.len())
    }

    fn mems(&self) -> Option<u64> {
        Some(self.mems)
    }
}
