//! Dynamic chains, whose implications use the whole grid after each assumption: Nishio forcing
//! chains and dynamic forcing chains (SE 8.5+).

use super::multiple::conclusion_step;
use super::nested::{Nest, NO_NEST};
use super::*;

/// SE's dynamic chaining from one assumption: like the static one, but each candidate turned off
/// is removed from a working copy of the grid, so later "off → on" steps see the hidden and naked
/// singles those removals create. Such a step's parents include the removed candidates it relies
/// on, which is how SE counts a dynamic chain's length.
pub(super) struct Dynamic {
    /// Whether each node was reached.
    reached: Vec<bool>,
    /// The parents of each reached node.
    parents: Vec<Vec<Node>>,
    /// The inner hint each node came from ([`NO_NEST`] for most).
    nested: Vec<u32>,
    /// The first node found both on and off, as its (on, off) nodes.
    contradiction: Option<(Node, Node)>,
}

impl Dynamic {
    /// The implications of `start`; with `nest` (SE's levels 1 and up) the chain also uses the
    /// inner rules of [`super::advanced`] and [`super::nested`] whenever its direct implications
    /// run out.
    fn of(state: &State, start: Node, y: bool, mut nest: Option<&mut Nest>) -> Dynamic {
        let mut reached = vec![false; NODES];
        let mut parents: Vec<Vec<Node>> = vec![Vec::new(); NODES];
        let mut nested = vec![NO_NEST; NODES];
        let mut cands: [u16; 81] = std::array::from_fn(|c| state.cands(c));
        reached[start as usize] = true;
        let mut pending_on = std::collections::VecDeque::new();
        let mut pending_off = std::collections::VecDeque::new();
        if node_on(start) {
            pending_on.push_back(start);
        } else {
            pending_off.push_back(start);
        }
        let mut out: Vec<(Node, Vec<Node>)> = Vec::new();
        loop {
            out.clear();
            if let Some(n) = pending_on.pop_front() {
                let (cell, d) = (node_cell(n), node_digit(n));
                if y {
                    for v in crate::logic::digits_of(cands[cell]) {
                        if v != d {
                            out.push((node(cell, v, false), vec![n]));
                        }
                    }
                }
                let [bx, row, col] = crate::logic::units_of(cell);
                for (k, u) in [bx, row, col].into_iter().enumerate() {
                    for &c in &UNITS[u] {
                        let c = c as usize;
                        if c == cell || cands[c] & (1 << (d - 1)) == 0 {
                            continue;
                        }
                        if k > 0 && UNIT_SETS[bx] & (1u128 << c) != 0 {
                            continue;
                        }
                        out.push((node(c, d, false), vec![n]));
                    }
                }
            } else if let Some(n) = pending_off.pop_front() {
                let (cell, d) = (node_cell(n), node_digit(n));
                let bit = 1u16 << (d - 1);
                if y && cands[cell].count_ones() == 2 {
                    let other = (cands[cell] & !bit).trailing_zeros() as u8 + 1;
                    let mut ps = vec![n];
                    for v in crate::logic::digits_of(state.cands(cell) & !cands[cell]) {
                        ps.push(node(cell, v, false));
                    }
                    out.push((node(cell, other, true), ps));
                }
                for u in crate::logic::units_of(cell) {
                    let here: Vec<usize> = UNITS[u]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| cands[c] & bit != 0)
                        .collect();
                    if here.len() == 2 {
                        let other = if here[0] == cell { here[1] } else { here[0] };
                        let mut ps = vec![n];
                        for &c in &UNITS[u] {
                            let c = c as usize;
                            if state.cands(c) & bit != 0 && cands[c] & bit == 0 {
                                ps.push(node(c, d, false));
                            }
                        }
                        out.push((node(other, d, true), ps));
                    }
                }
                cands[cell] &= !bit;
            } else {
                break;
            }
            for (m, ps) in out.drain(..) {
                if reached[(m ^ 1) as usize] {
                    parents[m as usize] = ps;
                    let pair = if node_on(m) { (m, m ^ 1) } else { (m ^ 1, m) };
                    return Dynamic {
                        reached,
                        parents,
                        nested,
                        contradiction: Some(pair),
                    };
                }
                if !reached[m as usize] {
                    reached[m as usize] = true;
                    parents[m as usize] = ps;
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
                for (m, ps, id) in nest.deductions(&cands).iter() {
                    if !reached[*m as usize] {
                        reached[*m as usize] = true;
                        parents[*m as usize] = ps.clone();
                        nested[*m as usize] = *id;
                        pending_off.push_back(*m);
                    }
                }
            }
        }
        Dynamic {
            reached,
            parents,
            nested,
            contradiction: None,
        }
    }

    /// Distinct nodes among `n` and its ancestors (SE's `getAncestorCount`).
    fn ancestors(&self, n: Node) -> usize {
        self.ancestors_into(n, &mut Vec::new())
    }

    /// [`Self::ancestors`], also collecting the inner hints of those nodes into `ids`.
    fn ancestors_into(&self, n: Node, ids: &mut Vec<u32>) -> usize {
        let mut seen = vec![false; NODES];
        let mut stack = vec![n];
        let mut count = 0;
        while let Some(x) = stack.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            count += 1;
            if self.nested[x as usize] != NO_NEST {
                ids.push(self.nested[x as usize]);
            }
            stack.extend(self.parents[x as usize].iter().copied());
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
                let dynamic = Dynamic::of(state, start, false, None);
                let Some((on, off)) = dynamic.contradiction else {
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
/// naked pairs and X-wings found on the grid the assumption leaves ([`super::advanced`]). The
/// candidates those remove join the chain with the removed candidates they rely on as parents.
pub fn dynamic_forcing_chains_plus(state: &State) -> Option<Step> {
    forcing_chains_at(state, 1)
}

/// SE's nested forcing chains, level 2 (9.5 plus a length bonus): the dynamic forcing chains
/// (+), whose chains, when the basic rules find nothing, also use every usable static forcing
/// chain and cycle found on the grid the assumption leaves ([`super::nested`]).
pub fn nested_forcing_chains(state: &State) -> Option<Step> {
    forcing_chains_at(state, 2)
}

/// SE's nested forcing chains, level 3 (10.0 plus a length bonus): level 2, whose chains also
/// use the static multiple forcing chains on the grid the assumption leaves when the forcing
/// chains and cycles find nothing usable.
pub fn nested_multiple_forcing_chains(state: &State) -> Option<Step> {
    forcing_chains_at(state, 3)
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
    let mut nest = (level > 0).then(|| Nest::new(state, level));
    let mut found: Vec<Found> = Vec::new();
    let push = |found: &mut Vec<Found>, target: Node, complexity: usize, key: u8, text: String| {
        let score = base + length_bonus(complexity);
        if let Some(step) = conclusion_step(state, target, technique, score, text) {
            found.push(Found {
                score,
                complexity,
                sort_key: key,
                step,
                chain: Vec::new(),
            });
        }
    };
    let mut cache: Vec<Option<Dynamic>> = (0..NODES).map(|_| None).collect();
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
                    cache[start as usize] = Some(Dynamic::of(state, start, true, nest.as_mut()));
                }
            }
            let (Some(from_on), Some(from_off)) = (&cache[on as usize], &cache[(on ^ 1) as usize])
            else {
                continue;
            };
            for (start, dy) in [(on, from_on), (on ^ 1, from_off)] {
                if let Some((a, b)) = dy.contradiction {
                    let text = format!(
                        "Contradiction Forcing Chain: {}{}{} makes {} both {} and not",
                        cell_name(cell),
                        if node_on(start) { "=" } else { "<>" },
                        d,
                        cell_name(node_cell(a)),
                        node_digit(a)
                    );
                    push(
                        &mut found,
                        start ^ 1,
                        length_of(nest.as_ref(), &[(dy, a), (dy, b)]),
                        7,
                        text,
                    );
                }
            }
            if m.count_ones() >= 3 {
                for t in 0..NODES as Node {
                    if from_on.reached[t as usize]
                        && from_off.reached[t as usize]
                        && t != on
                        && t != on ^ 1
                    {
                        let text = format!(
                            "Double Forcing Chain: {}={} and {}<>{} both imply {}{}{}",
                            cell_name(cell),
                            d,
                            cell_name(cell),
                            d,
                            cell_name(node_cell(t)),
                            if node_on(t) { "=" } else { "<>" },
                            node_digit(t)
                        );
                        push(
                            &mut found,
                            t,
                            length_of(nest.as_ref(), &[(from_on, t), (from_off, t)]),
                            1,
                            text,
                        );
                    }
                }
            }
            for u in crate::logic::units_of(cell) {
                let p = state.positions(u, d);
                if p.count_ones() < 2 || UNITS[u][p.trailing_zeros() as usize] as usize != cell {
                    continue;
                }
                let branches: Vec<Node> = (0..9)
                    .filter(|i| p & (1 << i) != 0)
                    .map(|i| node(UNITS[u][i] as usize, d, true))
                    .collect();
                for &b in &branches {
                    if cache[b as usize].is_none() {
                        cache[b as usize] = Some(Dynamic::of(state, b, true, nest.as_mut()));
                    }
                }
                let sets: Vec<&Dynamic> = branches
                    .iter()
                    .filter_map(|&b| cache[b as usize].as_ref())
                    .collect();
                for t in 0..NODES as Node {
                    if branches.contains(&t) || !sets.iter().all(|s| s.reached[t as usize]) {
                        continue;
                    }
                    let targets: Vec<(&Dynamic, Node)> = sets.iter().map(|&s| (s, t)).collect();
                    let complexity = length_of(nest.as_ref(), &targets);
                    let text = format!(
                        "Region Forcing Chains: every place of {} in {} implies {}{}{}",
                        d,
                        crate::logic::unit_name(u),
                        cell_name(node_cell(t)),
                        if node_on(t) { "=" } else { "<>" },
                        node_digit(t)
                    );
                    push(&mut found, t, complexity, 6, text);
                }
            }
        }
        let branches: Vec<Node> = crate::logic::digits_of(m)
            .map(|d| node(cell, d, true))
            .collect();
        let sets: Vec<&Dynamic> = branches
            .iter()
            .filter_map(|&b| cache[b as usize].as_ref())
            .collect();
        for t in 0..NODES as Node {
            if branches.contains(&t) || !sets.iter().all(|s| s.reached[t as usize]) {
                continue;
            }
            let targets: Vec<(&Dynamic, Node)> = sets.iter().map(|&s| (s, t)).collect();
            let complexity = length_of(nest.as_ref(), &targets);
            let text = format!(
                "Cell Forcing Chains: every candidate of {} implies {}{}{}",
                cell_name(cell),
                cell_name(node_cell(t)),
                if node_on(t) { "=" } else { "<>" },
                node_digit(t)
            );
            push(&mut found, t, complexity, 5, text);
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
