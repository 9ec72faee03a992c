//! Multiple forcing chains (SE 8.0+): every candidate of a cell, or every place of a digit in a
//! unit, implies the same conclusion.

use super::*;

/// The consequences of one assumption under SE's static `doChaining`: every node reached, with
/// the number of nodes on its chain back to the assumption (the assumption counts 1).
pub(super) struct Implications {
    /// Chain length of each node reached, 0 when not reached.
    depth: Vec<u16>,
    /// The node each reached node was implied by (the assumption: itself).
    parent: Vec<Node>,
    /// The nodes reached, in the order SE adds them: "on" nodes, then "off" nodes, each in order
    /// of discovery (SE's two `LinkedSet`s).
    order: [Vec<Node>; 2],
}

impl Implications {
    pub(super) fn of(g: &Links, start: Node) -> Implications {
        let mut depth = vec![0u16; NODES];
        let mut parent = vec![start; NODES];
        let mut order = [Vec::new(), Vec::new()];
        depth[start as usize] = 1;
        order[node_on(start) as usize ^ 1].push(start);
        let mut pending_on = std::collections::VecDeque::new();
        let mut pending_off = std::collections::VecDeque::new();
        if node_on(start) {
            pending_on.push_back(start);
        } else {
            pending_off.push_back(start);
        }
        // SE processes every pending "on" before the next "off", one node at a time.
        while let Some(n) = pending_on.pop_front().or_else(|| pending_off.pop_front()) {
            // Both kinds of links: an "on" node's "off" consequences, an "off" node's "on" ones.
            for &m in g.next(n, true, true) {
                if depth[(m ^ 1) as usize] != 0 {
                    // A contradiction: SE stops the chaining here and keeps what it has.
                    return Implications {
                        depth,
                        parent,
                        order,
                    };
                }
                if depth[m as usize] == 0 {
                    depth[m as usize] = depth[n as usize] + 1;
                    parent[m as usize] = n;
                    order[node_on(m) as usize ^ 1].push(m);
                    if node_on(m) {
                        pending_on.push_back(m);
                    } else {
                        pending_off.push_back(m);
                    }
                }
            }
        }
        Implications {
            depth,
            parent,
            order,
        }
    }

    pub(super) fn reached(&self, n: Node) -> u16 {
        self.depth[n as usize]
    }

    /// The chain from the assumption to `n` (reached).
    pub(super) fn chain(&self, n: Node) -> Vec<Node> {
        let mut out = vec![n];
        let mut cur = n;
        while self.depth[cur as usize] > 1 {
            cur = self.parent[cur as usize];
            out.push(cur);
        }
        out.reverse();
        out
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
    let all = all_multiple(state, false)?;
    let h = all.hints.first()?;
    let g = &all.groups[h.group];
    let (t, mut step) = (h.target, h.found.step.clone());
    // Worded only for the step taken (the nested searches make thousands of these).
    step.explanation = format!(
        "{}: each of {} implies {}{}{}",
        g.technique.name(),
        g.branches
            .iter()
            .map(|&b| format!("{}={}", cell_name(node_cell(b)), node_digit(b)))
            .collect::<Vec<_>>()
            .join(", "),
        cell_name(node_cell(t)),
        if node_on(t) { "=" } else { "<>" },
        node_digit(t)
    );
    Some(step)
}

/// One set of assumptions of which one is true: every candidate of a cell, or every place of a
/// digit in a unit.
pub(super) struct Group {
    /// The assumptions ("on" nodes).
    pub(super) branches: Vec<Node>,
    /// Cell or region forcing chains.
    pub(super) technique: Technique,
    /// The unit of a region group.
    pub(super) unit: Option<usize>,
}

/// One conclusion of the multiple forcing chains.
pub(super) struct MultipleHint {
    /// Index of its group in [`Multiple::groups`].
    pub(super) group: usize,
    /// The node every branch implies.
    pub(super) target: Node,
    /// Score, length and step.
    pub(super) found: Found,
}

/// Every conclusion of the static multiple forcing chains, with what is needed to read their
/// chains back.
pub(super) struct Multiple {
    pub(super) groups: Vec<Group>,
    /// The implications of each assumption.
    pub(super) cache: Vec<Option<Implications>>,
    /// The conclusions, easiest first (stable sort).
    pub(super) hints: Vec<MultipleHint>,
}

/// Every multiple forcing chain, easiest first; `None` when the deadline passed. With
/// `se_order`, each group's conclusions come in SE's order (the "on" targets in the order the
/// first branch reached them, then the "off" ones), which decides among equal keys; without, in
/// node order.
pub(super) fn all_multiple(state: &State, se_order: bool) -> Option<Multiple> {
    // The branch sets in SE's order: for each cell with three or more candidates, the region
    // chains of each of its digits (units where the cell is the first place), then the cell.
    let mut groups: Vec<Group> = Vec::new();
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
                groups.push(Group {
                    branches,
                    technique: Technique::RegionForcingChains,
                    unit: Some(u),
                });
            }
        }
        let branches = crate::logic::digits_of(m)
            .map(|d| node(cell, d, true))
            .collect();
        groups.push(Group {
            branches,
            technique: Technique::CellForcingChains,
            unit: None,
        });
    }
    let mut cache: Vec<Option<Implications>> = (0..NODES).map(|_| None).collect();
    let links = Links::with_consequences(state);
    for g in &groups {
        if crate::logic::deadline::passed() {
            return None;
        }
        for &b in &g.branches {
            if cache[b as usize].is_none() {
                cache[b as usize] = Some(Implications::of(&links, b));
            }
        }
    }
    let mut hints: Vec<MultipleHint> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let sets: Vec<&Implications> = g
            .branches
            .iter()
            .filter_map(|&b| cache[b as usize].as_ref())
            .collect();
        let candidates: Vec<Node> = if se_order {
            sets[0].order.iter().flatten().copied().collect()
        } else {
            (0..NODES as Node).collect()
        };
        let sort_key = if g.technique == Technique::CellForcingChains {
            5
        } else {
            6
        };
        for target in candidates {
            if g.branches.contains(&target) || sets.iter().any(|s| s.reached(target) == 0) {
                continue;
            }
            let complexity: usize = sets.iter().map(|s| s.reached(target) as usize).sum();
            let score = 80 + length_bonus(complexity);
            if let Some(step) = conclusion_step(state, target, g.technique, score, String::new()) {
                hints.push(MultipleHint {
                    group: gi,
                    target,
                    found: Found {
                        score,
                        complexity,
                        sort_key,
                        step,
                        chain: Vec::new(),
                    },
                });
            }
        }
    }
    hints.sort_by(|a, b| {
        let (a, b) = (&a.found, &b.found);
        a.score
            .cmp(&b.score)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    Some(Multiple {
        groups,
        cache,
        hints,
    })
}
