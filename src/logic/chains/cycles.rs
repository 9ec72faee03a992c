//! Forcing chains and cycles (SE 6.5–7.5): bidirectional X- and Y-cycles, and forcing chains
//! from one candidate, searched on the on/off implication graph of [`super`].

use super::*;

/// Cycles from the "on" node `src` (SE's `doCycles`).
pub(super) fn cycles(g: &Links, src: Node, y: bool, x: bool, found: &mut Vec<Found>) {
    let mut arena = Arena {
        entries: Vec::new(),
    };
    let mut to_on = vec![false; NODES];
    let root = arena.push(src, NONE);
    to_on[src as usize] = true;
    let mut pending_on = vec![root];
    let mut pending_off: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    let mut length = 0;
    let mut hits: Vec<u32> = Vec::new();
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        for e in std::mem::take(&mut pending_on) {
            let n = arena.entries[e as usize].0;
            on_to_off(g, n, y, &mut buf);
            for &off in &buf {
                if !arena.is_ancestor(e, off) {
                    let idx = arena.push(off, e);
                    pending_off.push(idx);
                }
            }
        }
        length += 1;
        for e in std::mem::take(&mut pending_off) {
            let n = arena.entries[e as usize].0;
            off_to_on(g, n, y, x, &mut buf);
            for &on in &buf {
                if length >= 4 && on == src {
                    hits.push(arena.push(on, e));
                }
                if !to_on[on as usize] {
                    to_on[on as usize] = true;
                    let idx = arena.push(on, e);
                    pending_on.push(idx);
                }
            }
        }
        if arena.entries.len() > 200_000 {
            break;
        }
    }
    for hit in hits {
        let chain = arena.chain(hit);
        // Cells of the cycle, and the candidates that see an "on" and an "off" node of their
        // digit (SE's cancelForw ∩ cancelBack); the root is the same candidate as the end.
        let nodes = &chain[1..];
        let cells = nodes.iter().fold(0u128, |s, &n| s | 1u128 << node_cell(n));
        let mut forw = [0u128; 10];
        let mut back = [0u128; 10];
        for &n in nodes {
            let d = node_digit(n);
            let targets = PEERS[node_cell(n)] & !cells & g.digit[d as usize];
            if node_on(n) {
                forw[d as usize] |= targets;
            } else {
                back[d as usize] |= targets;
            }
        }
        let mut elims = Vec::new();
        for d in 1..=9u8 {
            for c in cells_of(forw[d as usize] & back[d as usize]) {
                elims.push((c as u8, d));
            }
        }
        if elims.is_empty() {
            continue;
        }
        let mut distinct: Vec<Node> = chain.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let complexity = distinct.len();
        let (base, technique, sort_key) = match (x, y) {
            (true, true) => (70, Technique::Cycle, 4),
            (false, true) => (65, Technique::YCycle, 3),
            _ => (65, Technique::XCycle, 2),
        };
        let score = base + length_bonus(complexity);
        let mut step = Step::eliminations(
            technique,
            elims,
            format!("{}: {}", technique.name(), describe_chain(&chain)),
        );
        step.score_tenths = score;
        found.push(Found {
            score,
            complexity,
            sort_key,
            step,
            chain,
        });
    }
}

/// Forcing chains from `src` (on: looking for "off"; off: looking for "on"), SE's
/// `doForcingChains`.
pub(super) fn forcing_chains(g: &Links, src: Node, y: bool, found: &mut Vec<Found>) {
    let mut arena = Arena {
        entries: Vec::new(),
    };
    let mut seen = vec![false; NODES];
    let root = arena.push(src, NONE);
    seen[src as usize] = true;
    let (mut pending_on, mut pending_off) = if node_on(src) {
        (vec![root], Vec::new())
    } else {
        (Vec::new(), vec![root])
    };
    let conjugate = src ^ 1;
    let mut target: Option<u32> = None;
    let mut buf = Vec::new();
    'search: while !pending_on.is_empty() || !pending_off.is_empty() {
        for e in std::mem::take(&mut pending_on) {
            let n = arena.entries[e as usize].0;
            on_to_off(g, n, y, &mut buf);
            for &off in &buf {
                if off == conjugate {
                    target = Some(arena.push(off, e));
                    break 'search;
                }
                if !seen[off as usize] {
                    seen[off as usize] = true;
                    let idx = arena.push(off, e);
                    pending_off.push(idx);
                }
            }
        }
        for e in std::mem::take(&mut pending_off) {
            let n = arena.entries[e as usize].0;
            off_to_on(g, n, y, true, &mut buf);
            for &on in &buf {
                if on == conjugate {
                    target = Some(arena.push(on, e));
                    break 'search;
                }
                if !seen[on as usize] {
                    seen[on as usize] = true;
                    let idx = arena.push(on, e);
                    pending_on.push(idx);
                }
            }
        }
    }
    let Some(t) = target else {
        return;
    };
    let chain = arena.chain(t);
    let complexity = chain.len();
    let (cell, d) = (node_cell(src), node_digit(src));
    let (base, technique, sort_key) = if y {
        (70, Technique::ForcingChain, 4)
    } else {
        (66, Technique::ForcingXChain, 2)
    };
    let score = base + length_bonus(complexity);
    let text = format!("{}: {}", technique.name(), describe_chain(&chain));
    let mut step = if node_on(src) {
        // "on" implies "off": the candidate is false.
        Step::eliminations(technique, vec![(cell as u8, d)], text)
    } else {
        Step::placement(technique, cell, d, text)
    };
    step.score_tenths = score;
    found.push(Found {
        score,
        complexity,
        sort_key,
        step,
        chain,
    });
}

/// SE's "Forcing Chains & Cycles": every X-cycle and forcing X-chain, then every Y-cycle, then
/// every XY-cycle and forcing chain, from every candidate; the easiest is applied.
pub fn forcing_chains_and_cycles(state: &State) -> Option<Step> {
    all_chains_and_cycles(state)?
        .into_iter()
        .next()
        .map(|f| f.step)
}

/// Every chain and cycle of [`forcing_chains_and_cycles`], easiest first (a stable sort, so
/// equal keys keep SE's search order); `None` when the deadline passed during the search.
pub(super) fn all_chains_and_cycles(state: &State) -> Option<Vec<Found>> {
    let mut found = Vec::new();
    let g = Links::new(state);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in 0..81 {
            if crate::logic::deadline::passed() {
                return None;
            }
            let m = state.cands(cell);
            if m.count_ones() < 2 {
                continue;
            }
            for d in crate::logic::digits_of(m) {
                if !x && m.count_ones() > 2 {
                    continue;
                }
                let on = node(cell, d, true);
                cycles(&g, on, y, x, &mut found);
                if x {
                    forcing_chains(&g, on, y, &mut found);
                    forcing_chains(&g, on ^ 1, y, &mut found);
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
    Some(found)
}
