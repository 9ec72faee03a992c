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
use super::multiple::all_multiple;
use super::*;

/// No inner hint: the node came from a direct implication or a basic rule.
pub(super) const NO_NEST: u32 = u32::MAX;

/// One inner deduction: the candidate turned off, its parents, and the inner hint (or
/// [`NO_NEST`]).
pub(super) type NestedDeduction = (Node, Vec<Node>, u32);

/// How an "on" node of an inner chain is a single: `None` naked, `Some(unit)` hidden in `unit`.
type Cause = Option<usize>;

/// The inner searches of one outer chain search at SE nesting `level` (1 to 3).
pub(super) struct Nest<'a> {
    level: u8,
    /// The grid the outer search starts from.
    initial: &'a State,
    /// Deductions per reduced grid.
    cache: HashMap<[u16; 81], Rc<Vec<NestedDeduction>>>,
    /// Length (complexity) of each inner hint, by id.
    lengths: Vec<usize>,
    /// Inner hint ids by their chains.
    ids: HashMap<Vec<Node>, u32>,
}

impl<'a> Nest<'a> {
    /// The inner searches at `level` for an outer search on `initial`.
    pub(super) fn new(initial: &'a State, level: u8) -> Nest<'a> {
        Nest {
            level,
            initial,
            cache: HashMap::new(),
            lengths: Vec::new(),
            ids: HashMap::new(),
        }
    }

    /// The length of inner hint `id`.
    pub(super) fn length(&self, id: u32) -> usize {
        self.lengths[id as usize]
    }

    /// The deductions of the first inner rule with a usable instance on the grid `cands`.
    pub(super) fn deductions(&mut self, cands: &[u16; 81]) -> Rc<Vec<NestedDeduction>> {
        if self.level <= 1 {
            let basic = super::advanced::deductions(self.initial, cands);
            return Rc::new(basic.into_iter().map(|(n, p)| (n, p, NO_NEST)).collect());
        }
        if let Some(found) = self.cache.get(cands) {
            return Rc::clone(found);
        }
        let found = Rc::new(self.compute(cands));
        self.cache.insert(*cands, Rc::clone(&found));
        found
    }

    fn compute(&mut self, cands: &[u16; 81]) -> Vec<NestedDeduction> {
        let basic = super::advanced::deductions(self.initial, cands);
        if !basic.is_empty() {
            return basic.into_iter().map(|(n, p)| (n, p, NO_NEST)).collect();
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
        if !out.is_empty() || self.level < 3 {
            return out;
        }
        // Multiple forcing chains.
        let Some(multiple) = all_multiple(&reduced, true) else {
            return out;
        };
        seen.clear();
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
        let next = self.lengths.len() as u32;
        let id = *self.ids.entry(signature).or_insert(next);
        if id == next {
            self.lengths.push(length);
        }
        id
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
