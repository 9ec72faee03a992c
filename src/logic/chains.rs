//! Static chains as SE's "Forcing Chains & Cycles" producer finds them: bidirectional X-, Y- and
//! XY-cycles (6.5 / 7.0 and up) and forcing X-chains and forcing chains (6.6 / 7.0 and up).
//!
//! A node is a candidate assumed on (true) or off (false). The implications are SE's:
//! - on → off: the other candidates of the cell (only when Y-links are used), and the same digit
//!   in the cell's box, then row, then column;
//! - off → on: the other candidate of a bivalue cell (Y-links), and the other place of the digit
//!   in a box, row or column where it has two places (X-links).
//!
//! From every candidate, a breadth-first search follows these implications. A forcing chain is an
//! assumption that implies its own negation: "on" leading to "off" removes the candidate, "off"
//! leading to "on" places it. A cycle is a return to the starting candidate; its eliminations are
//! the candidates that see an "on" and an "off" node of the same digit around the loop.
//!
//! ## Score
//! The base score is 6.5 for X- and Y-cycles, 6.6 for forcing X-chains and 7.0 when the chain mixes
//! both kinds of links; a length bonus is added. With `n` the number of nodes (distinct
//! candidate states) of the chain and `len = n − 2`, the bonus is 0.1 for every threshold that
//! `len` exceeds in the sequence 4, 6, 8, 12, 16, 24, 32, 48, … (alternately ×3/2 and ×4/3) —
//! SE's `getLengthDifficulty`. Among all chains found, SE applies the one with the lowest score,
//! then the fewest nodes, then X before Y before XY.

use super::{cell_name, cells_of, State, Step, Technique, PEERS, UNITS, UNIT_SETS};

/// A node: candidate `d` of `cell`, assumed on or off. Packed as `(cell * 9 + d - 1) * 2 + on`.
type Node = u16;

fn node(cell: usize, d: u8, on: bool) -> Node {
    ((cell * 9 + d as usize - 1) * 2 + on as usize) as Node
}

fn node_cell(n: Node) -> usize {
    n as usize / 18
}

fn node_digit(n: Node) -> u8 {
    ((n as usize / 2) % 9) as u8 + 1
}

fn node_on(n: Node) -> bool {
    n & 1 == 1
}

const NODES: usize = 81 * 9 * 2;
const NONE: u32 = u32::MAX;

/// The SE length bonus, in tenths, of a chain of `complexity` nodes.
pub fn length_bonus(complexity: usize) -> u16 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Search arena: nodes reached with the index of the parent entry.
struct Arena {
    entries: Vec<(Node, u32)>,
}

impl Arena {
    fn push(&mut self, n: Node, parent: u32) -> u32 {
        self.entries.push((n, parent));
        (self.entries.len() - 1) as u32
    }

    /// Whether node `n` appears on the parent chain above entry `e` (SE's `isParent`).
    fn is_ancestor(&self, e: u32, n: Node) -> bool {
        let mut cur = self.entries[e as usize].1;
        while cur != NONE {
            if self.entries[cur as usize].0 == n {
                return true;
            }
            cur = self.entries[cur as usize].1;
        }
        false
    }

    /// The chain from the root to entry `e`.
    fn chain(&self, e: u32) -> Vec<Node> {
        let mut out = Vec::new();
        let mut cur = e;
        while cur != NONE {
            out.push(self.entries[cur as usize].0);
            cur = self.entries[cur as usize].1;
        }
        out.reverse();
        out
    }
}

/// The "off" consequences of an "on" node, in SE's order.
fn on_to_off(state: &State, n: Node, y: bool, out: &mut Vec<Node>) {
    out.clear();
    let (cell, d) = (node_cell(n), node_digit(n));
    if y {
        for v in super::digits_of(state.cands(cell)) {
            if v != d {
                out.push(node(cell, v, false));
            }
        }
    }
    let [bx, row, col] = super::units_of(cell);
    for &c in &UNITS[bx] {
        let c = c as usize;
        if c != cell && state.has(c, d) {
            out.push(node(c, d, false));
        }
    }
    for u in [row, col] {
        for &c in &UNITS[u] {
            let c = c as usize;
            if c != cell && UNIT_SETS[bx] & (1u128 << c) == 0 && state.has(c, d) {
                out.push(node(c, d, false));
            }
        }
    }
}

/// The "on" consequences of an "off" node, in SE's order.
fn off_to_on(state: &State, n: Node, y: bool, x: bool, out: &mut Vec<Node>) {
    out.clear();
    let (cell, d) = (node_cell(n), node_digit(n));
    if y {
        let m = state.cands(cell);
        if m.count_ones() == 2 {
            let other = (m & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
            out.push(node(cell, other, true));
        }
    }
    if x {
        for u in super::units_of(cell) {
            let p = state.positions(u, d);
            if p.count_ones() == 2 {
                let i = (0..9).find(|&i| p & (1 << i) != 0 && UNITS[u][i] as usize != cell);
                if let Some(i) = i {
                    out.push(node(UNITS[u][i] as usize, d, true));
                }
            }
        }
    }
}

/// A chain step found, with SE's sort keys.
struct Found {
    score: u16,
    complexity: usize,
    sort_key: u8,
    step: Step,
}

fn describe_chain(chain: &[Node]) -> String {
    chain
        .iter()
        .map(|&n| {
            format!(
                "{}{}{}",
                cell_name(node_cell(n)),
                if node_on(n) { "=" } else { "<>" },
                node_digit(n)
            )
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// Cycles from the "on" node `src` (SE's `doCycles`).
fn cycles(state: &State, src: Node, y: bool, x: bool, found: &mut Vec<Found>) {
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
            on_to_off(state, n, y, &mut buf);
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
            off_to_on(state, n, y, x, &mut buf);
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
            let targets = PEERS[node_cell(n)] & !cells & state.digit_cells(d);
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
        });
    }
}

/// Forcing chains from `src` (on: looking for "off"; off: looking for "on"), SE's
/// `doForcingChains`.
fn forcing_chains(state: &State, src: Node, y: bool, found: &mut Vec<Found>) {
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
            on_to_off(state, n, y, &mut buf);
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
            off_to_on(state, n, y, true, &mut buf);
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
    });
}

/// SE's "Forcing Chains & Cycles": every X-cycle and forcing X-chain, then every Y-cycle, then
/// every XY-cycle and forcing chain, from every candidate; the easiest is applied.
pub fn forcing_chains_and_cycles(state: &State) -> Option<Step> {
    let mut found = Vec::new();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in 0..81 {
            let m = state.cands(cell);
            if m.count_ones() < 2 {
                continue;
            }
            for d in super::digits_of(m) {
                if !x && m.count_ones() > 2 {
                    continue;
                }
                let on = node(cell, d, true);
                cycles(state, on, y, x, &mut found);
                if x {
                    forcing_chains(state, on, y, &mut found);
                    forcing_chains(state, on ^ 1, y, &mut found);
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

/// The consequences of one assumption under SE's static `doChaining`: every node reached, with
/// the number of nodes on its chain back to the assumption (the assumption counts 1).
struct Implications {
    /// Chain length of each node reached, 0 when not reached.
    depth: Vec<u16>,
}

impl Implications {
    fn of(state: &State, start: Node) -> Implications {
        let mut depth = vec![0u16; NODES];
        depth[start as usize] = 1;
        let mut pending_on = std::collections::VecDeque::new();
        let mut pending_off = std::collections::VecDeque::new();
        if node_on(start) {
            pending_on.push_back(start);
        } else {
            pending_off.push_back(start);
        }
        let mut buf = Vec::new();
        // SE processes every pending "on" before the next "off", one node at a time.
        loop {
            let (n, on) = if let Some(n) = pending_on.pop_front() {
                (n, true)
            } else if let Some(n) = pending_off.pop_front() {
                (n, false)
            } else {
                break;
            };
            if on {
                on_to_off(state, n, true, &mut buf);
            } else {
                off_to_on(state, n, true, true, &mut buf);
            }
            for &m in &buf {
                if depth[(m ^ 1) as usize] != 0 {
                    // A contradiction: SE stops the chaining here and keeps what it has.
                    return Implications { depth };
                }
                if depth[m as usize] == 0 {
                    depth[m as usize] = depth[n as usize] + 1;
                    if node_on(m) {
                        pending_on.push_back(m);
                    } else {
                        pending_off.push_back(m);
                    }
                }
            }
        }
        Implications { depth }
    }

    fn reached(&self, n: Node) -> u16 {
        self.depth[n as usize]
    }
}

/// Whether a conclusion changes the grid: an "on" node places a digit in a cell with other
/// candidates, an "off" node removes a candidate that is there.
fn conclusion_step(
    state: &State,
    n: Node,
    technique: Technique,
    score: u16,
    text: String,
) -> Option<Step> {
    let (cell, d) = (node_cell(n), node_digit(n));
    if !state.has(cell, d) {
        return None;
    }
    let mut step = if node_on(n) {
        if state.cands(cell).count_ones() < 2 {
            return None;
        }
        Step::placement(technique, cell, d, text)
    } else {
        Step::eliminations(technique, vec![(cell as u8, d)], text)
    };
    step.score_tenths = score;
    Some(step)
}

/// SE's "multiple forcing chains" (8.0 plus a length bonus), static form: for a cell with three
/// or more candidates, what every candidate implies is true (cell forcing chains); for a digit
/// with two or more places in a unit, what every place implies is true (region forcing chains).
/// The chains are SE's static implications with both X- and Y-links; the score's length counts
/// the nodes of all the chains together.
pub fn multiple_forcing_chains(state: &State) -> Option<Step> {
    // The branch sets in SE's order: for each cell with three or more candidates, the region
    // chains of each of its digits (units where the cell is the first place), then the cell.
    let mut groups: Vec<(Vec<Node>, Technique, u8)> = Vec::new();
    for cell in 0..81 {
        let m = state.cands(cell);
        if m.count_ones() <= 2 {
            continue;
        }
        for d in super::digits_of(m) {
            for u in super::units_of(cell) {
                let p = state.positions(u, d);
                if p.count_ones() < 2 || UNITS[u][p.trailing_zeros() as usize] as usize != cell {
                    continue;
                }
                let branches = (0..9)
                    .filter(|i| p & (1 << i) != 0)
                    .map(|i| node(UNITS[u][i] as usize, d, true))
                    .collect();
                groups.push((branches, Technique::RegionForcingChains, 6));
            }
        }
        let branches = super::digits_of(m).map(|d| node(cell, d, true)).collect();
        groups.push((branches, Technique::CellForcingChains, 5));
    }
    let mut cache: Vec<Option<Implications>> = (0..NODES).map(|_| None).collect();
    for (branches, _, _) in &groups {
        for &b in branches {
            if cache[b as usize].is_none() {
                cache[b as usize] = Some(Implications::of(state, b));
            }
        }
    }
    let mut found: Vec<Found> = Vec::new();
    for (branches, technique, sort_key) in &groups {
        let sets: Vec<&Implications> = branches
            .iter()
            .filter_map(|&b| cache[b as usize].as_ref())
            .collect();
        for target in 0..NODES as Node {
            if branches.contains(&target) || sets.iter().any(|s| s.reached(target) == 0) {
                continue;
            }
            let complexity: usize = sets.iter().map(|s| s.reached(target) as usize).sum();
            let score = 80 + length_bonus(complexity);
            let text = format!(
                "{}: each of {} implies {}{}{}",
                technique.name(),
                branches
                    .iter()
                    .map(|&b| format!("{}={}", cell_name(node_cell(b)), node_digit(b)))
                    .collect::<Vec<_>>()
                    .join(", "),
                cell_name(node_cell(target)),
                if node_on(target) { "=" } else { "<>" },
                node_digit(target)
            );
            if let Some(step) = conclusion_step(state, target, *technique, score, text) {
                found.push(Found {
                    score,
                    complexity,
                    sort_key: *sort_key,
                    step,
                });
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

/// SE's dynamic chaining from one assumption: like the static one, but each candidate turned off
/// is removed from a working copy of the grid, so later "off → on" steps see the hidden and naked
/// singles those removals create. Such a step's parents include the removed candidates it relies
/// on, which is how SE counts a dynamic chain's length.
struct Dynamic {
    /// Whether each node was reached.
    reached: Vec<bool>,
    /// The parents of each reached node.
    parents: Vec<Vec<Node>>,
    /// The first node found both on and off, as its (on, off) nodes.
    contradiction: Option<(Node, Node)>,
}

impl Dynamic {
    fn of(state: &State, start: Node, y: bool) -> Dynamic {
        let mut reached = vec![false; NODES];
        let mut parents: Vec<Vec<Node>> = vec![Vec::new(); NODES];
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
                    for v in super::digits_of(cands[cell]) {
                        if v != d {
                            out.push((node(cell, v, false), vec![n]));
                        }
                    }
                }
                let [bx, row, col] = super::units_of(cell);
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
                    for v in super::digits_of(state.cands(cell) & !cands[cell]) {
                        ps.push(node(cell, v, false));
                    }
                    out.push((node(cell, other, true), ps));
                }
                for u in super::units_of(cell) {
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
        }
        Dynamic {
            reached,
            parents,
            contradiction: None,
        }
    }

    /// Distinct nodes among `n` and its ancestors (SE's `getAncestorCount`).
    fn ancestors(&self, n: Node) -> usize {
        let mut seen = vec![false; NODES];
        let mut stack = vec![n];
        let mut count = 0;
        while let Some(x) = stack.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            count += 1;
            stack.extend(self.parents[x as usize].iter().copied());
        }
        count
    }
}

/// SE's Nishio forcing chains (7.5 plus a length bonus): assume a candidate true (or false) and
/// follow X-links only, dynamically; if some candidate ends up both true and false, the
/// assumption was wrong. The length counts the nodes of both contradicting chains.
pub fn nishio(state: &State) -> Option<Step> {
    let mut found: Vec<Found> = Vec::new();
    for cell in 0..81 {
        let m = state.cands(cell);
        if m.count_ones() < 2 {
            continue;
        }
        for d in super::digits_of(m) {
            for start in [node(cell, d, true), node(cell, d, false)] {
                let dynamic = Dynamic::of(state, start, false);
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
    let mut found: Vec<Found> = Vec::new();
    let push = |found: &mut Vec<Found>, target: Node, complexity: usize, key: u8, text: String| {
        let score = 85 + length_bonus(complexity);
        if let Some(step) =
            conclusion_step(state, target, Technique::DynamicForcingChains, score, text)
        {
            found.push(Found {
                score,
                complexity,
                sort_key: key,
                step,
            });
        }
    };
    let mut cache: Vec<Option<Dynamic>> = (0..NODES).map(|_| None).collect();
    for cell in 0..81 {
        let m = state.cands(cell);
        if m.count_ones() < 2 {
            continue;
        }
        for d in super::digits_of(m) {
            let on = node(cell, d, true);
            for start in [on, on ^ 1] {
                if cache[start as usize].is_none() {
                    cache[start as usize] = Some(Dynamic::of(state, start, true));
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
                        dy.ancestors(a) + dy.ancestors(b),
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
                            from_on.ancestors(t) + from_off.ancestors(t),
                            1,
                            text,
                        );
                    }
                }
            }
            for u in super::units_of(cell) {
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
                        cache[b as usize] = Some(Dynamic::of(state, b, true));
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
                    let complexity = sets.iter().map(|s| s.ancestors(t)).sum();
                    let text = format!(
                        "Region Forcing Chains: every place of {} in {} implies {}{}{}",
                        d,
                        super::unit_name(u),
                        cell_name(node_cell(t)),
                        if node_on(t) { "=" } else { "<>" },
                        node_digit(t)
                    );
                    push(&mut found, t, complexity, 6, text);
                }
            }
        }
        let branches: Vec<Node> = super::digits_of(m).map(|d| node(cell, d, true)).collect();
        let sets: Vec<&Dynamic> = branches
            .iter()
            .filter_map(|&b| cache[b as usize].as_ref())
            .collect();
        for t in 0..NODES as Node {
            if branches.contains(&t) || !sets.iter().all(|s| s.reached[t as usize]) {
                continue;
            }
            let complexity = sets.iter().map(|s| s.ancestors(t)).sum();
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

#[cfg(test)]
mod tests;
