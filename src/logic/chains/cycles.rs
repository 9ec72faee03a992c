//! Forcing chains and cycles (SE 6.5–7.5): bidirectional X- and Y-cycles, and forcing chains
//! from one candidate, searched on the on/off implication graph of [`super`].

use super::*;

/// Buffers reused by every search of one [`all_chains_and_cycles`] call.
pub(super) struct Scratch {
    arena: Arena,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    current: Vec<u32>,
    mark: Vec<bool>,
}

impl Scratch {
    pub(super) fn new() -> Scratch {
        Scratch {
            arena: Arena {
                entries: Vec::with_capacity(4096),
            },
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            current: Vec::new(),
            mark: vec![false; NODES],
        }
    }

    /// Ready for a new search from `src`: empty lists, no node marked.
    fn reset(&mut self, src: Node) -> u32 {
        self.arena.entries.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.mark.fill(false);
        self.mark[src as usize] = true;
        self.arena.push(src, NONE)
    }
}

/// Cycles from the "on" node `src` (SE's `doCycles`).
pub(super) fn cycles(
    g: &Links,
    src: Node,
    y: bool,
    x: bool,
    found: &mut Vec<Found>,
    s: &mut Scratch,
) {
    let root = s.reset(src);
    s.pending_on.push(root);
    let mut length = 0;
    let mut hits: Vec<u32> = Vec::new();
    while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        length += 1;
        std::mem::swap(&mut s.current, &mut s.pending_on);
        for i in 0..s.current.len() {
            let e = s.current[i];
            let n = s.arena.entries[e as usize].0;
            for &off in g.next(n, y, true) {
                if !s.arena.is_ancestor(e, off) {
                    let idx = s.arena.push(off, e);
                    s.pending_off.push(idx);
                }
            }
        }
        s.current.clear();
        length += 1;
        std::mem::swap(&mut s.current, &mut s.pending_off);
        for i in 0..s.current.len() {
            let e = s.current[i];
            let n = s.arena.entries[e as usize].0;
            for &on in g.next(n, y, x) {
                if length >= 4 && on == src {
                    hits.push(s.arena.push(on, e));
                }
                if !s.mark[on as usize] {
                    s.mark[on as usize] = true;
                    let idx = s.arena.push(on, e);
                    s.pending_on.push(idx);
                }
            }
        }
        s.current.clear();
        if s.arena.entries.len() > 200_000 {
            break;
        }
    }
    let arena = &s.arena;
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
        let mut step = Step::eliminations(technique, elims, String::new());
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
pub(super) fn forcing_chains(
    g: &Links,
    src: Node,
    y: bool,
    found: &mut Vec<Found>,
    s: &mut Scratch,
) {
    let root = s.reset(src);
    if node_on(src) {
        s.pending_on.push(root);
    } else {
        s.pending_off.push(root);
    }
    let conjugate = src ^ 1;
    let mut target: Option<u32> = None;
    'search: while !s.pending_on.is_empty() || !s.pending_off.is_empty() {
        std::mem::swap(&mut s.current, &mut s.pending_on);
        for i in 0..s.current.len() {
            let e = s.current[i];
            let n = s.arena.entries[e as usize].0;
            for &off in g.next(n, y, true) {
                if off == conjugate {
                    target = Some(s.arena.push(off, e));
                    break 'search;
                }
                if !s.mark[off as usize] {
                    s.mark[off as usize] = true;
                    let idx = s.arena.push(off, e);
                    s.pending_off.push(idx);
                }
            }
        }
        s.current.clear();
        std::mem::swap(&mut s.current, &mut s.pending_off);
        for i in 0..s.current.len() {
            let e = s.current[i];
            let n = s.arena.entries[e as usize].0;
            for &on in g.next(n, y, true) {
                if on == conjugate {
                    target = Some(s.arena.push(on, e));
                    break 'search;
                }
                if !s.mark[on as usize] {
                    s.mark[on as usize] = true;
                    let idx = s.arena.push(on, e);
                    s.pending_on.push(idx);
                }
            }
        }
        s.current.clear();
    }
    s.current.clear();
    let arena = &s.arena;
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
    let text = String::new();
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
    let f = all_chains_and_cycles(state)?.into_iter().next()?;
    let mut step = f.step;
    // Worded only for the step taken (the nested searches make thousands of these).
    step.explanation = format!("{}: {}", step.technique.name(), describe_chain(&f.chain));
    Some(step)
}

/// Every chain and cycle of [`forcing_chains_and_cycles`], easiest first (a stable sort, so
/// equal keys keep SE's search order); `None` when the deadline passed during the search.
pub(super) fn all_chains_and_cycles(state: &State) -> Option<Vec<Found>> {
    let mut found = Vec::new();
    let g = Links::with_consequences(state);
    let mut scratch = Scratch::new();
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
                cycles(&g, on, y, x, &mut found, &mut scratch);
                if x {
                    forcing_chains(&g, on, y, &mut found, &mut scratch);
                    forcing_chains(&g, on ^ 1, y, &mut found, &mut scratch);
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
