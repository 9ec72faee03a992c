//! Dynamic chains, whose implications use the whole grid after each assumption: Nishio forcing
//! chains and dynamic forcing chains (SE 8.5+).

use super::multiple::conclusion_step;
use super::nested::{Nest, NO_NEST};
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
struct Entry {
    node: Node,
    /// Why an "on" node other than the assumption is on: [`NAKED`] or the unit it is a hidden
    /// single in; [`NO_CAUSE`] otherwise.
    cause: u8,
    /// The inner hint the node came from ([`NO_NEST`] for most).
    nested: u32,
    /// Its parents: `pool[from..from + len]`.
    from: u32,
    len: u16,
}

/// The cause of an "on" node that is a naked single (a Y-link).
pub(super) const NAKED: u8 = 27;
/// No cause: the assumption, or an "off" node.
const NO_CAUSE: u8 = u8::MAX;

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
    fn of(g: &Links, start: Node, y: bool, mut nest: Option<&mut Nest>) -> Dynamic {
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
    fn get(&self, n: Node) -> &Entry {
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
    fn parents(&self, n: Node) -> &[Node] {
        let e = self.get(n);
        &self.pool[e.from as usize..e.from as usize + e.len as usize]
    }

    /// The nodes reached in SE's order: the "on" nodes, then the "off" nodes.
    fn in_order(&self) -> impl Iterator<Item = Node> + '_ {
        let on = self.entries.iter().filter(|e| node_on(e.node));
        let off = self.entries.iter().filter(|e| !node_on(e.node));
        on.chain(off).map(|e| e.node)
    }

    /// The first node found both on and off, as its (on, off) nodes.
    fn clash(&self) -> Option<(Node, Node)> {
        self.contradiction.as_ref().map(|c| (c.0, c.1))
    }

    /// Distinct nodes among `n` and its ancestors (SE's `getAncestorCount`).
    fn ancestors(&self, n: Node) -> usize {
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
fn length_of(nest: Option<&Nest>, targets: &[(&Dynamic, Node)]) -> usize {
    let mut ids = Vec::new();
    let mut flat = 0;
    for &(dy, t) in targets {
        flat += dy.ancestors_into(t, &mut ids);
    }
    ids.sort_unstable();
    ids.dedup();
    flat + nest.map_or(0, |n| ids.iter().map(|&i| n.length(i)).sum::<usize>())
}

/// SE's Nishio forcing chains (7.5 plus a length bonus): assume a candidate true (or false) and
/// follow X-links only, dynamically; if some candidate ends up both true and false, the
/// assumption was wrong. The length counts the nodes of both contradicting chains.
pub fn nishio(state: &State) -> Option<Step> {
    let mut found: Vec<Found> = Vec::new();
    let links = Links::new(state);
    for cell in 0..81 {
        if crate::logic::deadline::passed() {
            return None;
        }
        let m = state.cands(cell);
        if m.count_ones() < 2 {
            continue;
        }
        for d in crate::logic::digits_of(m) {
            for start in [node(cell, d, true), node(cell, d, false)] {
                let dynamic = Dynamic::of(&links, start, false, None);
                let Some((on, off)) = dynamic.clash() else {
                    continue;
                };
                let complexity = dynamic.ancestors(on) + dynamic.ancestors(off);
                let score = 75 + length_bonus(complexity);
                let text = format!(
                    "Nishio Forcing Chain: if {}{}{}, {} would be both {} and not",
                    cell_name(cell),
                    if node_on(start) { "=" } else { "<>" },
                    d,
                    cell_name(node_cell(on)),
                    node_digit(on)
                );
                if let Some(step) =
                    conclusion_step(state, start ^ 1, Technique::NishioForcingChain, score, text)
                {
                    found.push(Found {
                        score,
                        complexity,
                        sort_key: 7,
                        step,
                        chain: Vec::new(),
                    });
                }
            }
        }
    }
    found.sort_by(|a, b| {
        a.score
            .cmp(&b.score)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    found.into_iter().next().map(|f| f.step)
}

/// SE's dynamic forcing chains (8.5 plus a length bonus): chains with X- and Y-links followed
/// dynamically, from each candidate of each cell with two or more candidates. A conclusion is
/// drawn when an assumption leads to a contradiction (it is false, or its negation is), when a
/// candidate and its negation imply the same thing (double forcing), when every candidate of a
/// cell implies the same thing (cell forcing), or every place of a digit in a unit does (region
/// forcing). The length counts the nodes of all the chains involved.
pub fn dynamic_forcing_chains(state: &State) -> Option<Step> {
    forcing_chains_at(state, 0)
}

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

/// Dynamic forcing chains at SE's nesting `level` (0: plain, 8.5; 1: "(+)", 9.0; 2: "+ forcing
/// chains", 9.5; 3: "+ multiple forcing chains", 10.0).
fn forcing_chains_at(state: &State, level: u8) -> Option<Step> {
    let (technique, base) = match level {
        0 => (Technique::DynamicForcingChains, 85),
        1 => (Technique::DynamicForcingChainsPlus, 90),
        2 => (Technique::NestedForcingChains, 95),
        _ => (Technique::NestedMultipleForcingChains, 100),
    };
    let mut nest = (level > 0).then(|| Nest::new(state, level, 0));
    let search = Search::run(state, base, nest.as_mut())?;
    let best = search.best()?;
    conclusion_step(state, best.target, technique, best.score, search.text(best))
}

/// What the assumptions of a dynamic hint are (SE's hint classes).
#[derive(Clone, Copy)]
enum Kind {
    /// One assumption leads to a contradiction (SE's absurd binary chaining hint).
    Contradiction,
    /// A candidate and its negation imply the same (binary chaining, reduction).
    Double,
    /// Every place of a digit in a unit implies the same.
    Region(usize),
    /// Every candidate of a cell implies the same.
    Cell,
}

/// One hint of a dynamic forcing chain search.
pub(super) struct DynHint {
    score: u16,
    pub(super) complexity: usize,
    sort_key: u8,
    /// The conclusion: an "on" node places its digit, an "off" node removes its candidate.
    pub(super) target: Node,
    /// The chains: each branch's assumption and the node it reaches (SE's chain targets).
    chains: Vec<(Node, Node)>,
    kind: Kind,
}

/// Every hint of one dynamic forcing chain search, in SE's order (cell by cell; in a cell, digit
/// by digit the contradictions, double forcing and region forcing chains, then the cell forcing
/// chains; conclusions in the order the first chain reached them, "on" nodes first), with the
/// chains they rest on.
pub(super) struct Search {
    cache: Vec<Option<Dynamic>>,
    hints: Vec<DynHint>,
}

impl Search {
    /// Runs the search on `state` (scores `base` plus the length bonus); `None` when the time
    /// limit passed.
    pub(super) fn run(state: &State, base: u16, mut nest: Option<&mut Nest>) -> Option<Search> {
        let mut cache: Vec<Option<Dynamic>> = (0..NODES).map(|_| None).collect();
        let links = Links::new(state);
        let mut hints: Vec<DynHint> = Vec::new();
        let push = |hints: &mut Vec<DynHint>,
                    nest: Option<&Nest>,
                    cache: &[Option<Dynamic>],
                    target: Node,
                    chains: Vec<(Node, Node)>,
                    sort_key: u8,
                    kind: Kind| {
            if !worth(state, target) {
                return;
            }
            let targets: Vec<(&Dynamic, Node)> = chains
                .iter()
                .map(|&(s, t)| (cache[s as usize].as_ref().expect("chain computed"), t))
                .collect();
            let complexity = length_of(nest, &targets);
            hints.push(DynHint {
                score: base + length_bonus(complexity),
                complexity,
                sort_key,
                target,
                chains,
                kind,
            });
        };
        // Region and cell forcing chains: every node all `branches` reach.
        let push_common = |hints: &mut Vec<DynHint>,
                           nest: Option<&Nest>,
                           cache: &[Option<Dynamic>],
                           branches: &[Node],
                           sort_key: u8,
                           kind: Kind| {
            for t in common_targets(cache, branches) {
                let chains = branches.iter().map(|&b| (b, t)).collect();
                push(hints, nest, cache, t, chains, sort_key, kind);
            }
        };
        for cell in 0..81 {
            if crate::logic::deadline::passed() {
                return None;
            }
            let m = state.cands(cell);
            if m.count_ones() < 2 {
                continue;
            }
            for d in crate::logic::digits_of(m) {
                let on = node(cell, d, true);
                for start in [on, on ^ 1] {
                    if cache[start as usize].is_none() {
                        cache[start as usize] =
                            Some(Dynamic::of(&links, start, true, nest.as_deref_mut()));
                    }
                }
                for start in [on, on ^ 1] {
                    let dy = cache[start as usize].as_ref().expect("computed");
                    if let Some((a, b)) = dy.clash() {
                        let chains = vec![(start, a), (start, b)];
                        push(
                            &mut hints,
                            nest.as_deref(),
                            &cache,
                            start ^ 1,
                            chains,
                            7,
                            Kind::Contradiction,
                        );
                    }
                }
                if m.count_ones() >= 3 {
                    let from_on = cache[on as usize].as_ref().expect("computed");
                    let from_off = cache[(on ^ 1) as usize].as_ref().expect("computed");
                    let common: Vec<Node> = from_on
                        .in_order()
                        .filter(|&t| t != on && t != on ^ 1 && from_off.reached(t))
                        .collect();
                    for t in common {
                        let chains = vec![(on, t), (on ^ 1, t)];
                        push(
                            &mut hints,
                            nest.as_deref(),
                            &cache,
                            t,
                            chains,
                            1,
                            Kind::Double,
                        );
                    }
                }
                for u in crate::logic::units_of(cell) {
                    let p = state.positions(u, d);
                    if p.count_ones() < 2 || UNITS[u][p.trailing_zeros() as usize] as usize != cell
                    {
                        continue;
                    }
                    let branches: Vec<Node> = (0..9)
                        .filter(|i| p & (1 << i) != 0)
                        .map(|i| node(UNITS[u][i] as usize, d, true))
                        .collect();
                    for &b in &branches {
                        if cache[b as usize].is_none() {
                            cache[b as usize] =
                                Some(Dynamic::of(&links, b, true, nest.as_deref_mut()));
                        }
                    }
                    push_common(
                        &mut hints,
                        nest.as_deref(),
                        &cache,
                        &branches,
                        6,
                        Kind::Region(u),
                    );
                }
            }
            let branches: Vec<Node> = crate::logic::digits_of(m)
                .map(|d| node(cell, d, true))
                .collect();
            push_common(
                &mut hints,
                nest.as_deref(),
                &cache,
                &branches,
                5,
                Kind::Cell,
            );
        }
        Some(Search { cache, hints })
    }

    fn dynamic(&self, start: Node) -> &Dynamic {
        self.cache[start as usize].as_ref().expect("chain computed")
    }

    /// The hint SE applies: the lowest score, then the shortest, then by kind, then the first.
    pub(super) fn best(&self) -> Option<&DynHint> {
        self.hints.iter().min_by(|a, b| hint_order(a, b))
    }

    /// The hints in SE's sorted order (a stable sort of [`Self::hints`]).
    pub(super) fn sorted(&self) -> Vec<&DynHint> {
        let mut out: Vec<&DynHint> = self.hints.iter().collect();
        out.sort_by(|a, b| hint_order(a, b));
        out
    }

    /// The singles of a hint's chains, for SE's `collectRuleParents`: every "on" node on them
    /// with its cause; a cell forcing chain's assumptions count as naked singles, a region
    /// forcing chain's as hidden singles in its unit, a binary chain's not at all.
    pub(super) fn singles(&self, h: &DynHint) -> Vec<(usize, u8, Option<usize>)> {
        let mut out = Vec::new();
        for &(start, t) in &h.chains {
            let dy = self.dynamic(start);
            let mut seen = NodeSet::new();
            let mut stack = vec![t];
            while let Some(x) = stack.pop() {
                if !seen.insert(x) {
                    continue;
                }
                stack.extend_from_slice(dy.parents(x));
                if !node_on(x) {
                    continue;
                }
                let why = if x == start {
                    match h.kind {
                        Kind::Cell => NAKED,
                        Kind::Region(u) => u as u8,
                        Kind::Contradiction | Kind::Double => NO_CAUSE,
                    }
                } else {
                    dy.get(x).cause
                };
                match why {
                    NO_CAUSE => {}
                    NAKED => out.push((node_cell(x), node_digit(x), None)),
                    u => out.push((node_cell(x), node_digit(x), Some(u as usize))),
                }
            }
        }
        out
    }

    /// The hint's chains as SE compares them (`FullChain`): each target, then its ancestors in
    /// breadth-first order.
    pub(super) fn signature(&self, h: &DynHint) -> Vec<Node> {
        let mut out = Vec::new();
        for &(start, t) in &h.chains {
            let dy = self.dynamic(start);
            let mut seen = NodeSet::new();
            let mut todo = vec![t];
            while !todo.is_empty() {
                let mut next = Vec::new();
                for x in todo {
                    if seen.insert(x) {
                        out.push(x);
                        next.extend_from_slice(dy.parents(x));
                    }
                }
                todo = next;
            }
            out.push(Node::MAX);
        }
        out
    }

    /// The step text of a hint.
    fn text(&self, h: &DynHint) -> String {
        let t = h.target;
        let concl = format!(
            "{}{}{}",
            cell_name(node_cell(t)),
            if node_on(t) { "=" } else { "<>" },
            node_digit(t)
        );
        let (start, _) = h.chains[0];
        let (cell, d) = (node_cell(start), node_digit(start));
        match h.kind {
            Kind::Contradiction => {
                let a = self.dynamic(start).clash().expect("contradiction").0;
                format!(
                    "Contradiction Forcing Chain: {}{}{} makes {} both {} and not",
                    cell_name(cell),
                    if node_on(start) { "=" } else { "<>" },
                    d,
                    cell_name(node_cell(a)),
                    node_digit(a)
                )
            }
            Kind::Double => format!(
                "Double Forcing Chain: {}={} and {}<>{} both imply {}",
                cell_name(cell),
                d,
                cell_name(cell),
                d,
                concl
            ),
            Kind::Region(u) => format!(
                "Region Forcing Chains: every place of {} in {} implies {}",
                d,
                crate::logic::unit_name(u),
                concl
            ),
            Kind::Cell => format!(
                "Cell Forcing Chains: every candidate of {} implies {}",
                cell_name(cell),
                concl
            ),
        }
    }
}

fn hint_order(a: &DynHint, b: &DynHint) -> std::cmp::Ordering {
    a.score
        .cmp(&b.score)
        .then(a.complexity.cmp(&b.complexity))
        .then(a.sort_key.cmp(&b.sort_key))
}

/// Whether a conclusion changes the grid (SE's `isWorth`).
fn worth(state: &State, n: Node) -> bool {
    let (cell, d) = (node_cell(n), node_digit(n));
    state.has(cell, d) && (!node_on(n) || state.cands(cell).count_ones() >= 2)
}

/// The nodes every branch reaches, in the order the first branch reached them ("on" nodes
/// first), the branches' own assumptions excepted.
fn common_targets(cache: &[Option<Dynamic>], branches: &[Node]) -> Vec<Node> {
    let sets: Vec<&Dynamic> = branches
        .iter()
        .map(|&b| cache[b as usize].as_ref().expect("computed"))
        .collect();
    let first = sets[0];
    first
        .in_order()
        .filter(|t| !branches.contains(t) && sets.iter().all(|s| s.reached(*t)))
        .collect()
}
