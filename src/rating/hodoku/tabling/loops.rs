//! Nice Loops and AICs on the tables (port of `TablingSolver.checkNiceLoops`, `checkAics`,
//! `checkNiceLoop`, `checkAic` and the chain part of `addChain`).

use super::super::board::{digits, Board};
use super::table::{cells_with, sees, Node, Table, Tables};
use std::collections::HashMap;

/// A step found by the tabling search, before sorting.
#[derive(Clone, Debug)]
pub(super) struct Found {
    /// Continuous, discontinuous or AIC.
    pub(super) kind: LoopType,
    /// The chain passes through a group node (HoDoKu's `GROUPED_` types).
    pub(super) grouped: bool,
    /// The eliminations (digit, cell), sorted by digit then cell as HoDoKu keeps them.
    pub(super) dels: Vec<(u8, usize)>,
    /// The number of nodes of the chain.
    pub(super) length: usize,
}

/// The kind of loop found, as HoDoKu names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum LoopType {
    /// A loop whose links all hold.
    Continuous,
    /// A loop broken at its start cell.
    Discontinuous,
    /// An alternating inference chain.
    Aic,
}

/// A loop step's type (kind, grouped) and sorted eliminations: what HoDoKu's `deletesMap` key,
/// the candidate string, names.
type StepKey = (LoopType, bool, Vec<(u8, usize)>);

/// The search state: steps found and HoDoKu's `deletesMap`.
#[derive(Default)]
pub(super) struct Search {
    /// The steps in the order found.
    pub(super) steps: Vec<Found>,
    /// For each type and sorted elimination list, the step that holds it (`deletesMap`, keyed
    /// by HoDoKu's candidate string, which names the type).
    seen: HashMap<StepKey, usize>,
}

/// `TablingSolver.addChain` for a loop or an AIC: the chain from the table's entry 0 to `end`,
/// start first, or `None` when HoDoKu rejects it (a lasso, or a loop leaving its first cell by
/// a link inside that cell).
fn loop_chain(
    tables: &Tables,
    table: &Table,
    end: Node,
    is_aic: bool,
) -> Option<(Vec<Node>, [bool; 81])> {
    let (chain, cells) = tables.build_chain(table, end);
    if chain.len() < 2 {
        return None;
    }
    if !is_aic && chain[0].cell == chain[1].cell {
        return None;
    }
    let first = chain[chain.len() - 1].cell;
    let mut lasso = [false; 81];
    let mut last: Option<Node> = None;
    let mut out = Vec::with_capacity(chain.len());
    for &n in chain.iter().rev() {
        if lasso[n.cell as usize] {
            return None;
        }
        if let Some(l) = last {
            if l.cell != first || is_aic {
                for c in l.cells() {
                    lasso[c] = true;
                }
            }
        }
        last = Some(n);
        out.push(n);
    }
    Some((out, cells))
}

impl Search {
    /// Records a step unless one with the same eliminations and a chain no longer exists
    /// (`deletesMap` in `checkNiceLoop` / `checkAic`); sorts and deduplicates its eliminations
    /// as `SolutionStep.getCandidateString` does.
    fn record(&mut self, kind: LoopType, mut dels: Vec<(u8, usize)>, chain: &[Node]) {
        dels.sort_unstable();
        dels.dedup();
        let length = chain.len();
        let grouped = chain.iter().any(|n| n.is_group());
        let key = (kind, grouped, dels.clone());
        if let Some(&old) = self.seen.get(&key) {
            if self.steps[old].length <= length {
                return;
            }
        }
        self.seen.insert(key, self.steps.len());
        self.steps.push(Found {
            kind,
            grouped,
            dels,
            length,
        });
    }

    /// `checkNiceLoops`: every table entry back in the start cell closes a loop.
    pub(super) fn nice_loops(&mut self, b: &Board, tables: &Tables, on_side: bool) {
        let list = if on_side { &tables.on } else { &tables.off };
        for table in list {
            let Some(start) = table.nodes.first() else {
                continue;
            };
            for j in 1..table.len() {
                if !table.nodes[j].is_group() && table.nodes[j].cell == start.cell {
                    self.nice_loop(b, tables, table, j);
                }
            }
        }
    }

    /// `checkAics` on the off-tables: a strong end that sees the start or shares its digit.
    pub(super) fn aics(&mut self, b: &Board, tables: &Tables) {
        for table in &tables.off {
            let Some(&start) = table.nodes.first() else {
                continue;
            };
            let s = start.cell as usize;
            for j in 1..table.len() {
                let end = table.nodes[j];
                let e = end.cell as usize;
                if end.is_group() || !end.strong || e == s {
                    continue;
                }
                if start.cand == end.cand {
                    let common = (0..81)
                        .filter(|&c| sees(s, c) && sees(e, c) && b.has(c, start.cand))
                        .count();
                    if common >= 2 {
                        self.aic(b, tables, table, j);
                    }
                } else if sees(s, e) && b.has(e, start.cand) && b.has(s, end.cand) {
                    self.aic(b, tables, table, j);
                }
            }
        }
    }

    /// `checkNiceLoop`: the eliminations of the loop closed by entry `j` of `table`.
    fn nice_loop(&mut self, b: &Board, tables: &Tables, table: &Table, j: usize) {
        if table.distance(j) <= 2 {
            return;
        }
        let end = table.nodes[j];
        let Some((chain, chain_cells)) = loop_chain(tables, table, end, false) else {
            return;
        };
        if chain[0].cell == chain[1].cell {
            return;
        }
        let first_strong = table.nodes.get(1).is_some_and(|n| n.strong);
        let last_strong = end.strong;
        let start = table.nodes[0];
        let (sc, ec, s) = (start.cand, end.cand, start.cell as usize);
        let mut dels = Vec::new();
        let mut kind = LoopType::Discontinuous;
        if !first_strong && !last_strong && sc == ec {
            dels.push((sc, s));
        } else if first_strong && last_strong && sc == ec {
            dels.extend(digits(b.cands[s]).filter(|&d| d != sc).map(|d| (d, s)));
        } else if first_strong != last_strong && sc != ec {
            dels.push((if first_strong { ec } else { sc }, s));
        } else if (!first_strong && !last_strong && b.cands[s].count_ones() == 2 && sc != ec)
            || (first_strong && last_strong && sc != ec)
            || (first_strong != last_strong && sc == ec)
        {
            kind = LoopType::Continuous;
            continuous_eliminations(
                b,
                &chain,
                &chain_cells,
                first_strong && last_strong,
                (sc, ec),
                &mut dels,
            );
        }
        if !dels.is_empty() {
            self.record(kind, dels, &chain);
        }
    }

    /// `checkAic`: the eliminations of the AIC from entry 0 of `table` to its entry `j`.
    fn aic(&mut self, b: &Board, tables: &Tables, table: &Table, j: usize) {
        if table.distance(j) <= 2 {
            return;
        }
        let start = table.nodes[0];
        let end = table.nodes[j];
        let (s, e) = (start.cell as usize, end.cell as usize);
        let mut dels = Vec::new();
        if start.cand == end.cand {
            let common: Vec<usize> = (0..81)
                .filter(|&c| sees(s, c) && sees(e, c) && b.has(c, start.cand))
                .collect();
            if common.len() > 1 {
                dels.extend(
                    common
                        .into_iter()
                        .filter(|&c| c != s)
                        .map(|c| (start.cand, c)),
                );
            }
        } else {
            if b.has(s, end.cand) {
                dels.push((end.cand, s));
            }
            if b.has(e, start.cand) {
                dels.push((start.cand, e));
            }
        }
        if dels.is_empty() {
            return;
        }
        let Some((chain, _)) = loop_chain(tables, table, end, true) else {
            return;
        };
        self.record(LoopType::Aic, dels, &chain);
    }
}

/// The eliminations of a continuous loop: extra candidates of cells entered and left by strong
/// links, and link digits seen by both ends of a weak link between cells.
fn continuous_eliminations(
    b: &Board,
    chain: &[Node],
    chain_cells: &[bool; 81],
    both_strong: bool,
    (sc, ec): (u8, u8),
    dels: &mut Vec<(u8, usize)>,
) {
    let last = chain.len() - 1;
    let start = chain[0].cell as usize;
    for i in 0..=last {
        let n = chain[i];
        let cell = n.cell as usize;
        let entered_strong = (i == 0 && both_strong)
            || (i > 0 && n.strong && i + 2 <= last && chain[i - 1].cell != n.cell);
        if entered_strong {
            let left_strong = i == 0
                || (!chain[i + 1].strong
                    && chain[i].cell == chain[i + 1].cell
                    && chain[i + 2].strong
                    && chain[i + 1].cell != chain[i + 2].cell);
            if left_strong {
                let (c1, c2) = if i == 0 {
                    (sc, ec)
                } else {
                    (n.cand, chain[i + 2].cand)
                };
                dels.extend(
                    digits(b.cands[cell])
                        .filter(|&d| d != c1 && d != c2)
                        .map(|d| (d, cell)),
                );
            }
        }
        if i > 0 && !n.strong && chain[i - 1].cell != n.cell {
            let both = chain[i - 1].buddies() & n.buddies();
            for c in cells_with(b, n.cand) {
                if both & (1 << c) != 0 && !chain_cells[c] && c != start {
                    dels.push((n.cand, c));
                }
            }
        }
    }
}
