//! The dynamic chain from one assumption (SE's dynamic chaining): every node it implies, with
//! the parents that make each one, on a working copy of the grid; the chain searches of
//! `dynamic` and `nested` are built from thousands of these.

use super::inner::{Inner, NO_NEST};
use super::*;

/// SE's dynamic chaining from one assumption: like the static one, but each candidate turned off
/// is removed from a working copy of the grid, so later "off → on" steps see the hidden and naked
/// singles those removals create. Such a step's parents include the removed candidates it relies
/// on, which is how SE counts a dynamic chain's length.
///
/// Compact: one entry per node reached, in the order SE adds them, and an index from nodes to
/// entries; thousands of these are built for every nested search.
pub(super) struct Dynamic {
    /// One plus the entry of each node reached, 0 when not reached.
    index: Vec<u16>,
    /// The nodes reached in order of discovery ("on" and "off" interleaved; SE's two
    /// `LinkedSet`s are the "on" and the "off" ones in this order).
    entries: Vec<Entry>,
    /// The parents of all entries, each entry's a range.
    pool: Vec<Node>,
    /// The first node found both on and off: its (on, off) nodes, and the entry of the one found
    /// second (not in `entries`: it was never added).
    contradiction: Option<(Node, Node, Entry)>,
}

/// One node reached by a dynamic chain.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    node: Node,
    /// Why an "on" node other than the assumption is on: [`NAKED`] or the unit it is a hidden
    /// single in; [`NO_CAUSE`] otherwise.
    pub(super) cause: u8,
    /// The inner hint the node came from ([`NO_NEST`] for most).
    nested: u32,
    /// Its parents: `pool[from..from + len]`.
    from: u32,
    len: u16,
}

/// The cause of an "on" node that is a naked single (a Y-link).
pub(super) const NAKED: u8 = 27;
/// No cause: the assumption, or an "off" node.
pub(super) const NO_CAUSE: u8 = u8::MAX;

/// A set of nodes, cheap to clear.
pub(super) struct NodeSet([u64; NODES.div_ceil(64)]);

impl NodeSet {
    pub(super) fn new() -> NodeSet {
        NodeSet([0; NODES.div_ceil(64)])
    }

    /// Adds `n`; whether it was new.
    pub(super) fn insert(&mut self, n: Node) -> bool {
        let (w, b) = (n as usize / 64, 1u64 << (n % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
}

impl Dynamic {
    /// The implications of `start`; with `nest` (SE's levels 1 and up) the chain also uses the
    /// inner rules of [`super::advanced`] and [`super::nested`] whenever its direct implications
    /// run out.
    pub(super) fn of(
        g: &Links,
        start: Node,
        y: bool,
        mut nest: Option<&mut (dyn Inner + '_)>,
    ) -> Dynamic {
        let state = g.state;
        let mut dy = Dynamic {
            index: vec![0; NODES],
            entries: Vec::with_capacity(256),
            pool: Vec::with_capacity(1024),
            contradiction: None,
        };
        dy.add(start, NO_CAUSE, NO_NEST, &[]);
        let mut cands: [u16; 81] = std::array::from_fn(|c| state.cands(c));
        // Per digit, the cells where it is still a candidate.
        let mut places = g.digit;
        let mut pending_on = std::collections::VecDeque::new();
        let mut pending_off = std::collections::VecDeque::new();
        if node_on(start) {
            pending_on.push_back(start);
        } else {
            pending_off.push_back(start);
        }
        // New nodes of one step: node, cause, and their parents as a range of `ps`.
        let mut out: Vec<(Node, u8, usize, usize)> = Vec::new();
        let mut ps: Vec<Node> = Vec::new();
        loop {
            out.clear();
            ps.clear();
            if let Some(n) = pending_on.pop_front() {
                let (cell, d) = (node_cell(n), node_digit(n));
                ps.push(n);
                if y {
                    for v in crate::logic::digits_of(cands[cell]) {
                        if v != d {
                            out.push((node(cell, v, false), NO_CAUSE, 0, 1));
                        }
                    }
                }
                // The digit's other places in the box, then in the row and column outside
                // the box, each in unit order (increasing cell numbers).
                let [bx, row, col] = crate::logic::units_of(cell);
                let others = places[d as usize] & !(1u128 << cell);
                for set in [
                    others & UNIT_SETS[bx],
                    others & UNIT_SETS[row] & !UNIT_SETS[bx],
                    others & UNIT_SETS[col] & !UNIT_SETS[bx],
                ] {
                    let mut m = set;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        out.push((node(c, d, false), NO_CAUSE, 0, 1));
                    }
                }
            } else if let Some(n) = pending_off.pop_front() {
                let (cell, d) = (node_cell(n), node_digit(n));
                let bit = 1u16 << (d - 1);
                if y && two_bits(cands[cell] as u128) {
                    let other = (cands[cell] & !bit).trailing_zeros() as u8 + 1;
                    let from = ps.len();
                    ps.push(n);
                    for v in crate::logic::digits_of(state.cands(cell) & !cands[cell]) {
                        ps.push(node(cell, v, false));
                    }
                    out.push((node(cell, other, true), NAKED, from, ps.len()));
                }
                for u in crate::logic::units_of(cell) {
                    let here = places[d as usize] & UNIT_SETS[u];
                    if two_bits(here) {
                        let other = (here & !(1u128 << cell)).trailing_zeros() as usize;
                        let from = ps.len();
                        ps.push(n);
                        // The removed places of the digit in the unit, in unit order.
                        let mut removed = g.digit[d as usize] & UNIT_SETS[u] & !here;
                        while removed != 0 {
                            let c = removed.trailing_zeros() as usize;
                            removed &= removed - 1;
                            ps.push(node(c, d, false));
                        }
                        out.push((node(other, d, true), u as u8, from, ps.len()));
                    }
                }
                cands[cell] &= !bit;
                places[d as usize] &= !(1u128 << cell);
            } else {
                break;
            }
            for &(m, why, from, to) in &out {
                if dy.reached(m ^ 1) {
                    let entry = dy.entry(m, why, NO_NEST, &ps[from..to]);
                    let pair = if node_on(m) { (m, m ^ 1) } else { (m ^ 1, m) };
                    dy.contradiction = Some((pair.0, pair.1, entry));
                    return dy;
                }
                if !dy.reached(m) {
                    dy.add(m, why, NO_NEST, &ps[from..to]);
                    if node_on(m) {
                        pending_on.push_back(m);
                    } else {
                        pending_off.push_back(m);
                    }
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() {
                let Some(nest) = nest.as_deref_mut() else {
                    continue;
                };
                if crate::logic::deadline::passed() {
                    break;
                }
                // SE adds these without checking them against the "on" nodes: a clash shows
                // only through the implications they lead to.
                for (m, parents, id) in nest.deductions(&cands).iter() {
                    if !dy.reached(*m) {
                        dy.add(*m, NO_CAUSE, *id, parents);
                        pending_off.push_back(*m);
                    }
                }
            }
        }
        dy
    }

    /// An entry with its parents copied to the pool.
    fn entry(&mut self, node: Node, cause: u8, nested: u32, parents: &[Node]) -> Entry {
        let from = self.pool.len() as u32;
        self.pool.extend_from_slice(parents);
        Entry {
            node,
            cause,
            nested,
            from,
            len: parents.len() as u16,
        }
    }

    fn add(&mut self, node: Node, cause: u8, nested: u32, parents: &[Node]) {
        let e = self.entry(node, cause, nested, parents);
        self.entries.push(e);
        self.index[node as usize] = self.entries.len() as u16;
    }

    /// Whether node `n` was reached.
    pub(super) fn reached(&self, n: Node) -> bool {
        self.index[n as usize] != 0
    }

    /// The entry of node `n`, reached or found second in the contradiction.
    pub(super) fn get(&self, n: Node) -> &Entry {
        match self.index[n as usize] {
            0 => {
                let c = self.contradiction.as_ref().expect("node reached");
                debug_assert_eq!(c.2.node, n);
                &c.2
            }
            i => &self.entries[i as usize - 1],
        }
    }

    /// The parents of node `n`.
    pub(super) fn parents(&self, n: Node) -> &[Node] {
        let e = self.get(n);
        &self.pool[e.from as usize..e.from as usize + e.len as usize]
    }

    /// The nodes reached in SE's order: the "on" nodes, then the "off" nodes.
    pub(super) fn in_order(&self) -> impl Iterator<Item = Node> + '_ {
        let on = self.entries.iter().filter(|e| node_on(e.node));
        let off = self.entries.iter().filter(|e| !node_on(e.node));
        on.chain(off).map(|e| e.node)
    }

    /// The first node found both on and off, as its (on, off) nodes.
    pub(super) fn clash(&self) -> Option<(Node, Node)> {
        self.contradiction.as_ref().map(|c| (c.0, c.1))
    }

    /// Distinct nodes among `n` and its ancestors (SE's `getAncestorCount`).
    pub(super) fn ancestors(&self, n: Node) -> usize {
        self.ancestors_into(n, &mut Vec::new())
    }

    /// [`Self::ancestors`], also collecting the inner hints of those nodes into `ids`.
    fn ancestors_into(&self, n: Node, ids: &mut Vec<u32>) -> usize {
        let mut seen = NodeSet::new();
        let mut stack = vec![n];
        let mut count = 0;
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            count += 1;
            let e = self.get(x);
            if e.nested != NO_NEST {
                ids.push(e.nested);
            }
            stack.extend_from_slice(self.parents(x));
        }
        count
    }
}

/// The length of a conclusion drawn from the chains to `targets`: their distinct nodes, chain
/// by chain, plus the length of every distinct inner hint on them (SE's `getComplexity`).
pub(super) fn length_of(nest: Option<&dyn Inner>, targets: &[(&Dynamic, Node)]) -> usize {
    let mut ids = Vec::new();
    let mut flat = 0;
    for &(dy, t) in targets {
        flat += dy.ancestors_into(t, &mut ids);
    }
    ids.sort_unstable();
    ids.dedup();
    flat + nest.map_or(0, |n| ids.iter().map(|&i| n.length(i)).sum::<usize>())
}
