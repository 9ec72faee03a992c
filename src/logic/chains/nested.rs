//! The inner rules of SE's nested forcing chains (levels 2 and 3, 9.5 and 10.0): when a dynamic
//! chain has no direct implication left, SE first tries the basic rules of level 1
//! ([`super::advanced`]); if none has a usable instance, it runs a whole chain search on the grid
//! the assumption has left — level 2 the static "forcing chains & cycles", level 3 then the
//! static multiple forcing chains — and every *usable* hint of the first search that has one
//! turns its removals into new "off" nodes of the outer chain.
//!
//! A hint is usable when it has *rule parents* (SE's `collectRuleParents`): walking its chains
//! back from each target, every "on" node that is a single — a naked single (a Y-link, or the
//! assumption of a cell forcing chain) or a hidden single in a box, row or column (an X-link, or
//! the assumption of a region forcing chain) — contributes the candidates the outer chain removed
//! from that cell, or of that digit in that unit. A cycle counts its reversed chain too, whose
//! "on" nodes are the cycle's "off" nodes with the cause of their "on → off" link. Those removed
//! candidates are the new nodes' parents.
//!
//! The hints of one search are SE's list: sorted by difficulty (as SE's floating-point sum, so
//! 6.6 + 0.1 sorts before 6.5 + 0.2), then length, then kind, stably; a hint whose removals
//! equal an earlier one's is dropped. A hint's removals join the chain in the order of SE's
//! `HashMap` of cells (bucket `cell mod capacity`, capacity 16 up to 12 cells, then 32, 64, 128),
//! ties by cell number.
//!
//! Each new node remembers the inner hint it came from; the outer step's length adds the length
//! of every distinct inner hint on its chains (SE's `getNestedComplexity`; hints are the same
//! when their chains are, as SE's `FullChain`). The deductions of a reduced grid are cached for
//! the whole outer search: they depend only on that grid and the grid the search started from.

use std::collections::HashMap;
use std::rc::Rc;

use super::cycles::all_chains_and_cycles;
use super::dynamic::{forcing_chains_with, Search};
use super::inner::{Inner, NestedDeduction, NO_NEST};
use super::multiple::all_multiple;
use super::multiple::conclusion_step;
use super::*;

/// SE's dynamic forcing chains (+) (9.0 plus a length bonus): the dynamic forcing chains above,
/// whose chains, when their direct implications run out, also use intersections, hidden and
/// naked pairs and X-wings found on the grid the assumption leaves (`chains::advanced`). The
/// candidates those remove join the chain with the removed candidates they rely on as parents.
pub fn dynamic_forcing_chains_plus(state: &State) -> Option<Step> {
    forcing_chains_at(state, 1)
}

/// SE's nested forcing chains, level 2 (9.5 plus a length bonus): the dynamic forcing chains
/// (+), whose chains, when the basic rules find nothing, also use every usable static forcing
/// chain and cycle found on the grid the assumption leaves (`chains::nested`).
pub fn nested_forcing_chains(state: &State) -> Option<Step> {
    forcing_chains_at(state, 2)
}

/// SE's nested forcing chains, level 3 (10.0 plus a length bonus): level 2, whose chains also
/// use the static multiple forcing chains on the grid the assumption leaves when the forcing
/// chains and cycles find nothing usable.
pub fn nested_multiple_forcing_chains(state: &State) -> Option<Step> {
    forcing_chains_at(state, 3)
}

/// SE's nested forcing chains, level 4 (10.5 plus a length bonus): dynamic forcing chains whose
/// chains, when the basic rules find nothing, use every usable dynamic forcing chain found on the
/// grid the assumption leaves. SE runs it three times, the inner chains at nesting level 0
/// (plain dynamic forcing chains), then 1 ("(+)"), then 2 ("+ forcing chains"); the first that
/// finds a step gives it, and all three score 10.5.
pub fn nested_dynamic_forcing_chains(state: &State) -> Option<Step> {
    (0..=2).find_map(|limit| forcing_chains_nested_in(state, limit))
}

/// Level 4 with the inner dynamic chains at nesting level `limit`.
fn forcing_chains_nested_in(state: &State, limit: u8) -> Option<Step> {
    let mut nest = Nest::new(state, 4, limit);
    let search = Search::run(state, 105, Some(&mut nest))?;
    let best = search.best()?;
    let mut text = search.text(best);
    text.push_str(&format!(" (inner chains at nesting level {limit})"));
    conclusion_step(
        state,
        best.target,
        Technique::NestedDynamicForcingChains,
        best.score,
        text,
    )
}

/// Dynamic forcing chains at SE's nesting `level` (1: "(+)", 9.0; 2: "+ forcing
/// chains", 9.5; 3: "+ multiple forcing chains", 10.0).
fn forcing_chains_at(state: &State, level: u8) -> Option<Step> {
    let (technique, base) = match level {
        1 => (Technique::DynamicForcingChainsPlus, 90),
        2 => (Technique::NestedForcingChains, 95),
        _ => (Technique::NestedMultipleForcingChains, 100),
    };
    let mut nest = Nest::new(state, level, 0);
    forcing_chains_with(state, technique, base, Some(&mut nest))
}

/// The deductions of one reduced grid, shared.
type Deductions = Rc<Vec<NestedDeduction>>;

/// How an "on" node of an inner chain is a single: `None` naked, `Some(unit)` hidden in `unit`.
type Cause = Option<usize>;

/// The inner searches of one outer chain search at SE nesting `level` (1 to 4).
pub(super) struct Nest<'a> {
    level: u8,
    /// Level 4: the nesting level of the inner dynamic forcing chains (SE's `nestingLimit`).
    limit: u8,
    /// The grid the outer search starts from.
    initial: &'a State,
    /// Deductions per reduced grid, and the inner hints' lengths.
    store: Store,
    /// Whether `store` goes back to [`SHARED`] when the search ends (levels 2 and 3 of a step).
    shared: bool,
}

/// What the inner searches of one outer search found.
#[derive(Default)]
struct Store {
    /// The grid the outer search started from.
    initial: Option<State>,
    /// Per reduced grid: the deductions of the basic rules or the static forcing chains and
    /// cycles (level 2's whole answer, and level 3's when not empty) and, for level 3 when
    /// those are empty, the static multiple forcing chains'.
    cache: HashMap<[u16; 81], (Deductions, Option<Deductions>)>,
    /// Length (complexity) of each inner hint, by id.
    lengths: Vec<usize>,
    /// Inner hint ids by their chains.
    ids: HashMap<Vec<Node>, u32>,
}

thread_local! {
    /// The store of the last level-2 or level-3 search: level 3 runs on the same grid right
    /// after level 2 found nothing, and its chains meet the same reduced grids until their
    /// inner rules differ (which is only where level 2's found nothing), so it starts from
    /// level 2's answers instead of searching them again.
    static SHARED: std::cell::RefCell<Store> = std::cell::RefCell::new(Store::default());
}

/// Drops the store kept for the next level-3 search (at the end of a path: it can hold thousands
/// of reduced grids).
pub(crate) fn clear_shared() {
    SHARED.with(|s| *s.borrow_mut() = Store::default());
}

impl<'a> Nest<'a> {
    /// The inner searches at `level` (inner dynamic chains at nesting level `limit` for level
    /// 4) for an outer search on `initial`.
    pub(super) fn new(initial: &'a State, level: u8, limit: u8) -> Nest<'a> {
        Nest::make(initial, level, limit, level == 2 || level == 3)
    }

    /// The inner searches of a chain search nested in another (level 4's inner chains): never
    /// shared.
    fn inner(initial: &'a State, level: u8) -> Nest<'a> {
        Nest::make(initial, level, 0, false)
    }

    fn make(initial: &'a State, level: u8, limit: u8, shared: bool) -> Nest<'a> {
        let mut store = Store::default();
        if shared {
            let last = SHARED.with(|s| std::mem::take(&mut *s.borrow_mut()));
            if last.initial.as_ref() == Some(initial) {
                store = last;
            } else {
                store.initial = Some(initial.clone());
            }
        }
        Nest {
            level,
            limit,
            initial,
            store,
            shared,
        }
    }

    /// The deductions of the basic rules, else (level 4) of the dynamic forcing chains, else
    /// (levels 2 and 3) of the static forcing chains and cycles.
    fn compute(&mut self, cands: &[u16; 81]) -> Vec<NestedDeduction> {
        let basic = super::advanced::deductions(self.initial, cands);
        if !basic.is_empty() {
            return basic.into_iter().map(|(n, p)| (n, p, NO_NEST)).collect();
        }
        if self.level >= 4 {
            return self.dynamic(cands);
        }
        let reduced = self.initial.with_candidates(*cands);
        let mut out = Vec::new();
        // Forcing chains & cycles.
        let Some(mut chains) = all_chains_and_cycles(&reduced) else {
            return out;
        };
        chains.sort_by(|a, b| {
            se_difficulty(a)
                .total_cmp(&se_difficulty(b))
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        let mut seen: Vec<Vec<Node>> = Vec::new();
        for f in &chains {
            let removals = removals_of(&reduced, &f.step);
            if removals.is_empty() || seen.contains(&removals) {
                continue;
            }
            seen.push(removals.clone());
            let mut singles = Vec::new();
            static_singles(&reduced, &f.chain, &mut singles);
            let parents = self.rule_parents(cands, &singles);
            if !parents.is_empty() {
                let id = self.intern(f.chain.clone(), f.complexity);
                push_removals(&mut out, &removals, &parents, id);
            }
        }
        out
    }

    /// Level 3, where the forcing chains and cycles found nothing usable: the deductions of the
    /// static multiple forcing chains.
    fn multiple(&mut self, cands: &[u16; 81]) -> Vec<NestedDeduction> {
        let reduced = self.initial.with_candidates(*cands);
        let mut out = Vec::new();
        let mut seen: Vec<Vec<Node>> = Vec::new();
        let Some(multiple) = all_multiple(&reduced, true) else {
            return out;
        };
        for h in &multiple.hints {
            let removals = removals_of(&reduced, &h.found.step);
            if removals.is_empty() || seen.contains(&removals) {
                continue;
            }
            seen.push(removals.clone());
            let group = &multiple.groups[h.group];
            let mut singles = Vec::new();
            let mut signature = Vec::new();
            for &b in &group.branches {
                let Some(imp) = multiple.cache[b as usize].as_ref() else {
                    continue;
                };
                let chain = imp.chain(h.target);
                // The assumption of a cell (region) forcing chain counts as a naked (hidden)
                // single.
                singles.push((node_cell(b), node_digit(b), group.unit));
                static_singles(&reduced, &chain, &mut singles);
                signature.extend_from_slice(&chain);
                signature.push(Node::MAX);
            }
            let parents = self.rule_parents(cands, &singles);
            if !parents.is_empty() {
                let id = self.intern(signature, h.found.complexity);
                push_removals(&mut out, &removals, &parents, id);
            }
        }
        out
    }

    /// Level 4: the usable hints of a whole dynamic forcing chain search (at nesting level
    /// `limit`, on the reduced grid) in SE's order, each hint's removals once.
    fn dynamic(&mut self, cands: &[u16; 81]) -> Vec<NestedDeduction> {
        let reduced = self.initial.with_candidates(*cands);
        let mut inner = (self.limit > 0).then(|| Nest::inner(&reduced, self.limit));
        let mut out = Vec::new();
        let Some(search) = Search::run(&reduced, 85, inner.as_mut().map(|n| n as &mut dyn Inner))
        else {
            return out;
        };
        let mut seen: std::collections::HashSet<Vec<Node>> = std::collections::HashSet::new();
        for h in search.sorted() {
            let removals = removals_of_node(&reduced, h.target);
            if !seen.insert(removals.clone()) {
                continue;
            }
            let parents = self.rule_parents(cands, &search.singles(h));
            if !parents.is_empty() {
                let id = self.intern(search.signature(h), h.complexity);
                push_removals(&mut out, &removals, &parents, id);
            }
        }
        out
    }

    /// The removed candidates the singles rely on, in node order.
    fn rule_parents(&self, cands: &[u16; 81], singles: &[(usize, u8, Cause)]) -> Vec<Node> {
        let mut out = Vec::new();
        for &(cell, d, cause) in singles {
            match cause {
                None => {
                    for v in crate::logic::digits_of(self.initial.cands(cell) & !cands[cell]) {
                        out.push(node(cell, v, false));
                    }
                }
                Some(u) => {
                    let bit = 1u16 << (d - 1);
                    for &c in &UNITS[u] {
                        let c = c as usize;
                        if self.initial.cands(c) & bit != 0 && cands[c] & bit == 0 {
                            out.push(node(c, d, false));
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn intern(&mut self, signature: Vec<Node>, length: usize) -> u32 {
        let next = self.store.lengths.len() as u32;
        let id = *self.store.ids.entry(signature).or_insert(next);
        if id == next {
            self.store.lengths.push(length);
        }
        id
    }
}

impl Inner for Nest<'_> {
    /// The length of inner hint `id`.
    fn length(&self, id: u32) -> usize {
        self.store.lengths[id as usize]
    }

    /// The deductions of the first inner rule with a usable instance on the grid `cands`.
    fn deductions(&mut self, cands: &[u16; 81]) -> Rc<Vec<NestedDeduction>> {
        if self.level <= 1 {
            let basic = super::advanced::deductions(self.initial, cands);
            return Rc::new(basic.into_iter().map(|(n, p)| (n, p, NO_NEST)).collect());
        }
        let first = match self.store.cache.get(cands) {
            Some((first, more)) => {
                if self.level != 3 || !first.is_empty() {
                    return Rc::clone(first);
                }
                if let Some(more) = more {
                    return Rc::clone(more);
                }
                Rc::clone(first)
            }
            None => {
                let first = Rc::new(self.compute(cands));
                self.store.cache.insert(*cands, (Rc::clone(&first), None));
                first
            }
        };
        if self.level != 3 || !first.is_empty() {
            return first;
        }
        let more = Rc::new(self.multiple(cands));
        if let Some(e) = self.store.cache.get_mut(cands) {
            e.1 = Some(Rc::clone(&more));
        }
        more
    }
}

impl Drop for Nest<'_> {
    fn drop(&mut self) {
        // A search cut short by the time limit may have cached partial answers: not kept.
        if self.shared && !crate::logic::deadline::passed() {
            SHARED.with(|s| *s.borrow_mut() = std::mem::take(&mut self.store));
        }
    }
}

/// A hint's difficulty as SE computes it: the base, then 0.1 added once per length threshold.
fn se_difficulty(f: &Found) -> f64 {
    let bonus = length_bonus(f.complexity);
    let base = f64::from(f.score - bonus) / 10.0;
    let added = (0..bonus).fold(0.0f64, |a, _| a + 0.1);
    base + added
}

/// The candidates an inner hint removes, as "off" nodes in SE's `HashMap` order (see the module
/// doc): a placement removes the cell's other candidates.
fn removals_of(reduced: &State, step: &Step) -> Vec<Node> {
    let mut cells: Vec<(usize, u16)> = Vec::new();
    match step.placement {
        Some((c, d)) => {
            let rest = reduced.cands(c as usize) & !(1 << (d - 1));
            if rest != 0 {
                cells.push((c as usize, rest));
            }
        }
        None => {
            for &(c, d) in &step.eliminations {
                match cells.iter_mut().find(|(x, _)| *x == c as usize) {
                    Some(e) => e.1 |= 1 << (d - 1),
                    None => cells.push((c as usize, 1 << (d - 1))),
                }
            }
        }
    }
    let capacity = match cells.len() {
        0..=12 => 16,
        13..=24 => 32,
        25..=48 => 64,
        _ => 128,
    };
    cells.sort_by_key(|&(c, _)| (c & (capacity - 1), c));
    cells
        .into_iter()
        .flat_map(|(c, m)| crate::logic::digits_of(m).map(move |d| node(c, d, false)))
        .collect()
}

/// The candidates a conclusion removes: the other candidates of the cell for an "on" node.
fn removals_of_node(reduced: &State, n: Node) -> Vec<Node> {
    let (cell, d) = (node_cell(n), node_digit(n));
    if node_on(n) {
        crate::logic::digits_of(reduced.cands(cell) & !(1 << (d - 1)))
            .map(|v| node(cell, v, false))
            .collect()
    } else {
        vec![n]
    }
}

fn push_removals(out: &mut Vec<NestedDeduction>, removals: &[Node], parents: &[Node], id: u32) {
    for &m in removals {
        out.push((m, parents.to_vec(), id));
    }
}

/// The singles of a static chain (assumption first): its "on" nodes after the assumption, with
/// the cause of the link that reached them; for a cycle also its "off" nodes, which are "on" in
/// the reversed cycle.
fn static_singles(reduced: &State, chain: &[Node], out: &mut Vec<(usize, u8, Cause)>) {
    let cycle = chain.len() > 1 && chain[0] == chain[chain.len() - 1];
    for w in chain.windows(2) {
        let (from, to) = (w[0], w[1]);
        let (cell, d) = (node_cell(to), node_digit(to));
        if node_on(to) {
            out.push((cell, d, off_to_on_cause(reduced, from, to)));
        } else if cycle {
            out.push((cell, d, on_to_off_cause(from, to)));
        }
    }
}

/// Why "off" `from` makes `to` "on": the same cell (naked single), else the first of box, row
/// and column holding both where the digit has two places (hidden single).
fn off_to_on_cause(reduced: &State, from: Node, to: Node) -> Cause {
    let (a, b, d) = (node_cell(from), node_cell(to), node_digit(to));
    if a == b {
        return None;
    }
    let units = crate::logic::units_of(b);
    units
        .into_iter()
        .find(|&u| UNIT_SETS[u] & (1u128 << a) != 0 && reduced.positions(u, d).count_ones() == 2)
        .or(Some(units[0]))
}

/// Why "on" `from` makes `to` "off": the same cell (naked), else the first of box, row and
/// column holding both.
fn on_to_off_cause(from: Node, to: Node) -> Cause {
    let (a, b) = (node_cell(from), node_cell(to));
    if a == b {
        return None;
    }
    let units = crate::logic::units_of(b);
    units
        .into_iter()
        .find(|&u| UNIT_SETS[u] & (1u128 << a) != 0)
        .or(Some(units[0]))
}
