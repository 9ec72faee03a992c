//! Multiple forcing chains (SE 8.0+): every candidate of a cell, or every place of a digit in a
//! unit, implies the same conclusion.

use super::*;

/// The consequences of one assumption under SE's static `doChaining`: every node reached, with
/// the number of nodes on its chain back to the assumption (the assumption counts 1).
pub(super) struct Implications {
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
pub(super) fn conclusion_step(
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
        for d in crate::logic::digits_of(m) {
            for u in crate::logic::units_of(cell) {
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
        let branches = crate::logic::digits_of(m)
            .map(|d| node(cell, d, true))
            .collect();
        groups.push((branches, Technique::CellForcingChains, 5));
    }
    let mut cache: Vec<Option<Implications>> = (0..NODES).map(|_| None).collect();
    for (branches, _, _) in &groups {
        if crate::logic::deadline::passed() {
            return None;
        }
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
