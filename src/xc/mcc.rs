//! Algorithm M: exact covering with multiplicities and colours (Knuth's dlx3, TAOCP 7.2.2.1).
//!
//! A primary item `j` may ask to be covered at least `lo_j` and at most `hi_j` times (written
//! `lo:hi|j` in Knuth's format); secondary items and colours work as in Algorithm C. With all bounds
//! `1:1` the algorithm is Algorithm C, so [`Mcc`] is also an independent cross-check of
//! [`crate::xc::dlx::Dlx`]: the tests demand identical solution sets from both.
//!
//! # Data structure
//!
//! The arena is Knuth's: node `c` for `1 <= c <= N` is the header of item `c` (item id `c - 1`),
//! node `N + 1` is the first spacer, then come the options, each followed by a spacer. A spacer's
//! `ULINK` points to the first node of the option before it and its `DLINK` to the last node of the
//! option after it, so an option can be walked circularly in either direction; its `TOP` is minus the
//! (1-based) number of the option before it. Each primary item carries two numbers beside its list:
//!
//! - `BOUND`: how many more options may still cover it (starts at `hi`);
//! - `SLACK`: `hi - lo`, constant.
//!
//! # The dance
//!
//! Algorithm X branches on an item by *covering* it and trying its options one by one. Algorithm M
//! does that only when the chosen item has `BOUND = 1` and `SLACK = 0`. Otherwise it decrements
//! `BOUND` and *tweaks*: it tries the option at the top of the item's list, and before trying the
//! next one removes the previous one from the list for good (for this branch), so that each multiset
//! of options is generated once. When fewer options remain than the lower bound still needs, the
//! branch ends; when the lower bound is already met, a last *null* move makes the item inactive
//! without choosing another option. Untweaking restores the whole run of tweaked options in one pass
//! from the first tweaked node, which the level remembers (`first_tweak`).
//!
//! The item chosen for branching minimises the branching degree `LEN + s - BOUND + 1` with
//! `s = min(SLACK, BOUND)`; ties go to the smaller `s`, then to the longer list, then to the first in
//! item order — exactly dlx3's rule, so with all bounds `1:1` it is the MRV rule of dlx1.
//!
//! # Counters (as dlx3 counts them)
//!
//! - `nodes`: every entry into step M2 ("forward"), the root included; a node where a solution is
//!   recognised (no active primary item is left) counts, and so does one where some item can no
//!   longer be satisfied (degree `<= 0`). On a problem without multiplicities this is the same tree
//!   as Algorithm X's, and the tests demand the same `nodes` and `profile` as
//!   [`crate::xc::dlx::Dlx`] (dlx1's counts).
//! - `updates`: one per `cover` call, plus one per node removed from an item list by covering,
//!   purifying (colours) or tweaking. dlx3 backs up from an item it cannot satisfy without covering
//!   it, where dlx1 covers it first, so on the same input `Mcc` reports slightly fewer updates than
//!   `Dlx` (12 queens: 6,209,922 against dlx1's 6,285,452).
//! - `profile[l]`: nodes entered at level `l`; a level is one choice, a null move included.
//!
//! # Forcing
//!
//! [`Engine::force`] takes the option out of every list (a tweak of the whole option) and then
//! commits its items as step M5 does for a chosen option: a primary item loses one unit of `BOUND`
//! and is covered when that reaches zero, a secondary item is covered or purified. An option is
//! refused when one of its primary items has `BOUND = 0` or one of its secondary items is already
//! taken by a forced option without the same colour. [`Engine::release`] undoes the forced options
//! newest first.

use super::engine::{Engine, ForceError};
use super::{
    Budget, ChoicePolicy, Control, ItemId, Limits, OptionId, Problem, SearchEnd, SearchResult,
    SearchStats,
};

/// Item-list and option-list links (Knuth's node fields `ULINK`, `DLINK`, `TOP`, `COLOR`), one
/// entry per node, struct-of-arrays.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Nodes {
    /// `ULINK`: the node above in its item list (for spacers: first node of the previous option).
    up: Vec<u32>,
    /// `DLINK`: the node below in its item list (for spacers: last node of the next option).
    down: Vec<u32>,
    /// `TOP`: the item (1-based) of an option node; `<= 0` for spacers (minus the option number).
    top: Vec<i32>,
    /// `COLOR`: 0 for none, colour id + 1, or -1 once the node's item is purified to its colour.
    color: Vec<i32>,
}

/// Item headers (Knuth's item struct `LLINK`, `RLINK`, `BOUND`, `SLACK`, and the header's `LEN`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Items {
    /// `LLINK` in the list of active primary items (secondary items link to themselves).
    prev: Vec<u32>,
    /// `RLINK`.
    next: Vec<u32>,
    /// `LEN`: the number of nodes in the item's list.
    len: Vec<i32>,
    /// `BOUND`: how many more options may cover the item.
    bound: Vec<i32>,
    /// `SLACK`: `hi - lo`.
    slack: Vec<i32>,
}

/// The state that must be restored exactly after every search and release.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    nodes: Nodes,
    items: Items,
}

/// A forced option (see [`Engine::force`]).
#[derive(Clone, Debug)]
struct Forced {
    option: OptionId,
    /// The option's first node.
    first: u32,
}

/// Algorithm M over dancing links: a reusable matrix for one [`Problem`].
#[derive(Clone, Debug)]
pub struct Mcc {
    state: State,
    /// The state right after building, for [`Mcc::check_invariants`].
    pristine: State,
    /// Number of items + 1: nodes below this are headers (0 is the root).
    last_itm: u32,
    /// The first secondary item (1-based); primary items are `1..second`.
    second: u32,
    /// `option_first[o]`: the first node of option `o`.
    option_first: Vec<u32>,
    n_options: usize,
    policy: ChoicePolicy,
    forced: Vec<Forced>,
    item_names: Vec<String>,
}

const ROOT: u32 = 0;

/// One level of the search: the choice made there and what is needed to undo it.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The item branched on.
    best: u32,
    /// The node tried (an option node), or `best` itself for the null move.
    cur: u32,
    /// The first tweaked node, or 0 when the item was covered the Algorithm X way.
    first_tweak: u32,
}

enum Step {
    Forward,
    Advance,
    Backup,
    Backdown,
}

impl Mcc {
    /// Builds the matrix. Every problem is accepted: Algorithm M handles all of Knuth's formats.
    pub fn new(problem: &Problem) -> Mcc {
        let n = problem.n_items();
        let np = problem.n_primary();
        let last_itm = (n + 1) as u32;
        let total = n + 2 + problem.n_entries() + problem.n_options();
        let mut nodes = Nodes {
            up: vec![0; total],
            down: vec![0; total],
            top: vec![0; total],
            color: vec![0; total],
        };
        let mut items = Items {
            prev: vec![0; n + 1],
            next: vec![0; n + 1],
            len: vec![0; n + 1],
            bound: vec![0; n + 1],
            slack: vec![0; n + 1],
        };
        for c in 0..=n {
            nodes.up[c] = c as u32;
            nodes.down[c] = c as u32;
            if c == 0 {
                continue;
            }
            let item = &problem.items()[c - 1];
            if c <= np {
                items.prev[c] = (c - 1) as u32;
                items.next[c] = if c == np { ROOT } else { (c + 1) as u32 };
                items.bound[c] = item.hi as i32;
                items.slack[c] = (item.hi - item.lo) as i32;
            } else {
                items.prev[c] = c as u32;
                items.next[c] = c as u32;
            }
        }
        items.prev[0] = np as u32;
        items.next[0] = if np == 0 { ROOT } else { 1 };
        let mut option_first = Vec::with_capacity(problem.n_options());
        let mut spacer = last_itm as usize;
        let mut last = spacer;
        for o in problem.option_ids() {
            let first = last + 1;
            option_first.push(first as u32);
            for e in problem.option(o) {
                last += 1;
                let c = e.item.0 as usize + 1;
                nodes.top[last] = c as i32;
                nodes.color[last] = e.color.map_or(0, |k| k.0 as i32 + 1);
                let bottom = nodes.up[c] as usize;
                nodes.down[bottom] = last as u32;
                nodes.up[c] = last as u32;
                nodes.up[last] = bottom as u32;
                nodes.down[last] = c as u32;
                items.len[c] += 1;
            }
            nodes.down[spacer] = last as u32;
            last += 1;
            spacer = last;
            nodes.up[spacer] = first as u32;
            nodes.top[spacer] = -(o.0 as i32 + 1);
        }
        debug_assert_eq!(last + 1, total);
        let state = State { nodes, items };
        Mcc {
            pristine: state.clone(),
            state,
            last_itm,
            second: np as u32 + 1,
            option_first,
            n_options: problem.n_options(),
            policy: ChoicePolicy::default(),
            forced: Vec::new(),
            item_names: problem.items().iter().map(|i| i.name.clone()).collect(),
        }
    }

    /// Sets the item-choice policy for the following searches.
    pub fn set_policy(&mut self, policy: ChoicePolicy) {
        self.policy = policy;
    }

    /// `(items, options)` of the problem.
    pub fn problem_sizes(&self) -> (usize, usize) {
        (self.item_names.len(), self.n_options)
    }

    /// The option containing node `x`.
    fn option_of(&self, x: u32) -> OptionId {
        let mut x = x as usize;
        while self.state.nodes.top[x] > 0 {
            x += 1;
        }
        OptionId((-self.state.nodes.top[x] - 1) as u32)
    }

    /// Runs Algorithm M, passing each solution (forced options first) to `visit`.
    pub fn search(
        &mut self,
        limits: &Limits,
        mut visit: impl FnMut(&[OptionId]) -> Control,
    ) -> SearchResult {
        let mut stats = SearchStats::default();
        let mut budget = Budget::start(limits);
        let mut end = SearchEnd::Exhausted;
        let mut stopping = false;
        let mut levels: Vec<Level> = Vec::new();
        let mut solution: Vec<OptionId> = self.forced.iter().map(|f| f.option).collect();
        let n_forced = solution.len();
        let mut step = Step::Forward;
        loop {
            match step {
                // M2: enter a node.
                Step::Forward => {
                    if let Some(halt) = budget.check(stats.nodes + 1) {
                        end = SearchEnd::Limit(halt);
                        stopping = true;
                        step = Step::Backdown;
                        continue;
                    }
                    stats.nodes += 1;
                    let level = levels.len();
                    if stats.profile.len() <= level {
                        stats.profile.push(0);
                    }
                    stats.profile[level] += 1;
                    // M3: choose an item, or visit a solution if none is active.
                    let Some((best, score)) = self.choose() else {
                        solution.truncate(n_forced);
                        for l in &levels {
                            if l.cur >= self.last_itm {
                                solution.push(self.option_of(l.cur));
                            }
                        }
                        stats.solutions += 1;
                        if visit(&solution) == Control::Stop {
                            end = SearchEnd::Stopped;
                            stopping = true;
                        }
                        step = Step::Backdown;
                        continue;
                    };
                    if score <= 0 {
                        step = Step::Backdown;
                        continue;
                    }
                    // M4: prepare to branch on `best`.
                    let cur = self.state.nodes.down[best as usize];
                    let mut level = Level {
                        best,
                        cur,
                        first_tweak: 0,
                    };
                    let b = best as usize;
                    self.state.items.bound[b] -= 1;
                    if self.state.items.bound[b] == 0 && self.state.items.slack[b] == 0 {
                        self.cover(best, true, &mut stats.updates);
                    } else {
                        level.first_tweak = cur;
                        if self.state.items.bound[b] == 0 {
                            self.cover(best, true, &mut stats.updates);
                        }
                    }
                    levels.push(level);
                    step = Step::Advance;
                }
                // M5: try the current option of the top level (or the null move).
                Step::Advance => {
                    let Level { best, cur, .. } = *levels.last().expect("a level to advance");
                    let b = best as usize;
                    let bound = self.state.items.bound[b];
                    let slack = self.state.items.slack[b];
                    if bound == 0 && slack == 0 {
                        if cur == best {
                            step = Step::Backup;
                            continue;
                        }
                    } else if self.state.items.len[b] <= bound - slack {
                        step = Step::Backup;
                        continue;
                    } else if cur != best {
                        self.tweak(cur, bound != 0, &mut stats.updates);
                    } else if bound != 0 {
                        self.deactivate(best);
                    }
                    if cur > self.last_itm {
                        self.commit_others(cur, &mut stats.updates);
                    }
                    step = Step::Forward;
                }
                // M8: restore the item branched on at the top level.
                Step::Backup => {
                    let level = levels.pop().expect("a level to back up");
                    let b = level.best as usize;
                    if self.state.items.bound[b] == 0 && self.state.items.slack[b] == 0 {
                        self.uncover(level.best, true);
                    } else {
                        let unblock = self.state.items.bound[b] != 0;
                        self.untweak(level.best, level.first_tweak, unblock);
                    }
                    self.state.items.bound[b] += 1;
                    step = Step::Backdown;
                }
                // M6/M7: leave the current node; undo the choice of the level above.
                Step::Backdown => {
                    let Some(&Level { best, cur, .. }) = levels.last() else {
                        break;
                    };
                    if cur < self.last_itm {
                        self.reactivate(best);
                        step = Step::Backup;
                        continue;
                    }
                    self.uncommit_others(cur);
                    if stopping {
                        // M4 deactivated an item with BOUND 0 and SLACK > 0 by covering it; the
                        // normal way back reactivates it when undoing the null move, which a
                        // stopped search never makes.
                        let b = best as usize;
                        if self.state.items.bound[b] == 0 && self.state.items.slack[b] != 0 {
                            self.reactivate(best);
                        }
                        step = Step::Backup;
                        continue;
                    }
                    let next = self.state.nodes.down[cur as usize];
                    levels.last_mut().expect("a level").cur = next;
                    step = Step::Advance;
                }
            }
        }
        SearchResult { stats, end }
    }

    /// M3: the active primary item with the smallest branching degree (dlx3's rule), or the first
    /// active one under [`ChoicePolicy::First`]; `None` when no primary item is active.
    fn choose(&self) -> Option<(u32, i64)> {
        let items = &self.state.items;
        let mut k = items.next[ROOT as usize];
        if k == ROOT {
            return None;
        }
        let degree = |k: usize| {
            let s = items.slack[k].min(items.bound[k]);
            (
                items.len[k] as i64 + s as i64 - items.bound[k] as i64 + 1,
                s,
            )
        };
        if self.policy == ChoicePolicy::First {
            return Some((k, degree(k as usize).0));
        }
        let (mut score, mut best_s) = degree(k as usize);
        let mut best = k;
        let mut best_l = items.len[k as usize];
        k = items.next[k as usize];
        while k != ROOT {
            let (t, s) = degree(k as usize);
            let l = items.len[k as usize];
            if t < score || (t == score && (s < best_s || (s == best_s && l > best_l))) {
                score = t;
                best = k;
                best_s = s;
                best_l = l;
            }
            k = items.next[k as usize];
        }
        Some((best, score))
    }
}

mod forcing;
mod links;

#[cfg(test)]
mod tests;
