//! Dynamic chains, whose implications use the whole grid after each assumption: Nishio forcing
//! chains and dynamic forcing chains (SE 8.5+).

use super::assumption::{length_of, Dynamic, NodeSet, NAKED, NO_CAUSE};
use super::inner::Inner;
use super::multiple::conclusion_step;
use super::*;

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
    forcing_chains_with(state, Technique::DynamicForcingChains, 85, None)
}

/// The best step of a dynamic forcing chain search on `state` scored from `base`, with the inner
/// searches `nest` (SE's levels 1 to 3) or none (plain dynamic forcing chains).
pub(super) fn forcing_chains_with(
    state: &State,
    technique: Technique,
    base: u16,
    nest: Option<&mut (dyn Inner + '_)>,
) -> Option<Step> {
    let search = Search::run(state, base, nest)?;
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
    pub(super) score: u16,
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
    pub(super) fn run(
        state: &State,
        base: u16,
        mut nest: Option<&mut (dyn Inner + '_)>,
    ) -> Option<Search> {
        let mut cache: Vec<Option<Dynamic>> = (0..NODES).map(|_| None).collect();
        let links = Links::new(state);
        let mut hints: Vec<DynHint> = Vec::new();
        let push = |hints: &mut Vec<DynHint>,
                    nest: Option<&dyn Inner>,
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
                           nest: Option<&dyn Inner>,
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
    pub(super) fn text(&self, h: &DynHint) -> String {
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
