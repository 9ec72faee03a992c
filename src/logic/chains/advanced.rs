//! The inner rules of SE's dynamic forcing chains (+) (level 1): when a dynamic chain has no
//! more direct implications, SE looks for basic techniques on the grid the assumption has left,
//! and the candidates they remove become new "off" nodes of the chain.
//!
//! The rules are tried in SE's order — intersections (pointing, claiming), hidden pairs, naked
//! pairs, X-wings — and the first rule that finds any usable instance gives all its instances;
//! an instance is usable when it depends on the chain, i.e. on at least one candidate the chain
//! removed. Those removed candidates are the new nodes' parents (SE's `getRuleParents`), which
//! is how they count in the chain's length:
//! - intersection, X-wing: the digit's removed candidates in the base units outside the cover
//!   units;
//! - hidden pair: the pair's digits removed from the other cells of the unit;
//! - naked pair: the other digits removed from the pair's two cells.

use super::{node, Node, State, UNITS, UNIT_SETS};

/// One inner deduction: a candidate turned off and the removed candidates it relies on.
pub(super) type Deduction = (Node, Vec<Node>);

/// Unit number of SE's region `i` of type `t` (0 box, 1 row, 2 column).
fn unit(t: usize, i: usize) -> usize {
    t * 9 + i
}

struct Grids<'a> {
    /// The grid when the chain started.
    initial: &'a State,
    /// The grid with the chain's "off" nodes removed.
    cands: &'a [u16; 81],
    /// Per unit and digit, the places of the digit in `cands` (bit i: the unit's i-th cell):
    /// every rule below reads them many times.
    places: [[u16; 10]; 27],
}

impl Grids<'_> {
    fn positions(&self, u: usize, d: u8) -> u16 {
        self.places[u][d as usize]
    }

    fn removed(&self, c: usize, d: u8) -> bool {
        self.initial.has(c, d) && self.cands[c] & (1 << (d - 1)) == 0
    }

    /// Empty cells of a unit, as SE counts them: cells without a digit placed in the puzzle
    /// (cells the chain assumes "on" are still empty).
    fn empty(&self, u: usize) -> u32 {
        self.initial.empty_count(u)
    }
}

/// The first inner rule with a usable instance gives its deductions, in SE's order.
pub(super) fn deductions(initial: &State, cands: &[u16; 81]) -> Vec<Deduction> {
    let mut places = [[0u16; 10]; 27];
    for (u, row) in places.iter_mut().enumerate() {
        for (i, &c) in UNITS[u].iter().enumerate() {
            for d in crate::logic::digits_of(cands[c as usize]) {
                row[d as usize] |= 1 << i;
            }
        }
    }
    let g = Grids {
        initial,
        cands,
        places,
    };
    for rule in [locking, hidden_pairs, naked_pairs, x_wings] {
        let found = rule(&g);
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

fn push_all(out: &mut Vec<Deduction>, removals: &[(usize, u8)], parents: Vec<Node>) {
    if removals.is_empty() || parents.is_empty() {
        return;
    }
    for &(c, d) in removals {
        out.push((node(c, d, false), parents.clone()));
    }
}

/// Pointing and claiming: SE scans (box, column), (box, row), (column, box), (row, box), digit
/// by digit.
fn locking(g: &Grids) -> Vec<Deduction> {
    let mut out = Vec::new();
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for d in 1..=9u8 {
            for i1 in 0..9 {
                let u1 = unit(t1, i1);
                let p = g.positions(u1, d);
                if p.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    let u2 = unit(t2, i2);
                    if UNIT_SETS[u1] & UNIT_SETS[u2] == 0 {
                        continue;
                    }
                    let inside = (0..9)
                        .filter(|&i| p & (1 << i) != 0)
                        .all(|i| UNIT_SETS[u2] & (1u128 << UNITS[u1][i]) != 0);
                    if !inside {
                        continue;
                    }
                    let removals: Vec<(usize, u8)> = UNITS[u2]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| UNIT_SETS[u1] & (1u128 << c) == 0)
                        .filter(|&c| g.cands[c] & (1 << (d - 1)) != 0)
                        .map(|c| (c, d))
                        .collect();
                    let parents = UNITS[u1]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| g.removed(c, d) && UNIT_SETS[u2] & (1u128 << c) == 0)
                        .map(|c| node(c, d, false))
                        .collect();
                    push_all(&mut out, &removals, parents);
                }
            }
        }
    }
    out
}

/// Hidden pairs: boxes, then columns, then rows; SE only looks in units with more than four
/// empty cells.
fn hidden_pairs(g: &Grids) -> Vec<Deduction> {
    let mut out = Vec::new();
    for t in [0, 2, 1] {
        for i in 0..9 {
            let u = unit(t, i);
            if g.empty(u) <= 4 {
                continue;
            }
            for v1 in 1..=8u8 {
                for v2 in v1 + 1..=9u8 {
                    let (p1, p2) = (g.positions(u, v1), g.positions(u, v2));
                    if p1 == 0 || p2 == 0 || (p1 | p2).count_ones() != 2 {
                        continue;
                    }
                    let pair = (1u16 << (v1 - 1)) | (1 << (v2 - 1));
                    let mut removals = Vec::new();
                    let mut parents = Vec::new();
                    for (k, &c) in UNITS[u].iter().enumerate() {
                        let c = c as usize;
                        if (p1 | p2) & (1 << k) != 0 {
                            for v in crate::logic::digits_of(g.cands[c] & !pair) {
                                removals.push((c, v));
                            }
                        } else {
                            for v in [v1, v2] {
                                if g.initial.has(c, v) {
                                    parents.push(node(c, v, false));
                                }
                            }
                        }
                    }
                    push_all(&mut out, &removals, parents);
                }
            }
        }
    }
    out
}

/// Naked pairs: boxes, then columns, then rows; SE only looks in units with four or more empty
/// cells.
fn naked_pairs(g: &Grids) -> Vec<Deduction> {
    let mut out = Vec::new();
    for t in [0, 2, 1] {
        for i in 0..9 {
            let u = unit(t, i);
            if g.empty(u) < 4 {
                continue;
            }
            for a in 0..8 {
                for b in a + 1..9 {
                    let (ca, cb) = (UNITS[u][a] as usize, UNITS[u][b] as usize);
                    let (ma, mb) = (g.cands[ca], g.cands[cb]);
                    if ma == 0 || mb == 0 || (ma | mb).count_ones() != 2 {
                        continue;
                    }
                    let pair = ma | mb;
                    let removals: Vec<(usize, u8)> = UNITS[u]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != ca && c != cb)
                        .flat_map(|c| {
                            crate::logic::digits_of(g.cands[c] & pair).map(move |v| (c, v))
                        })
                        .collect();
                    let parents = [ca, cb]
                        .into_iter()
                        .flat_map(|c| {
                            crate::logic::digits_of(g.initial.cands(c) & !pair)
                                .map(move |v| node(c, v, false))
                        })
                        .collect();
                    push_all(&mut out, &removals, parents);
                }
            }
        }
    }
    out
}

/// X-wings: base columns with cover rows, then base rows with cover columns; pairs of base lines
/// outside, digits inside, and only digits placed at most five times in the puzzle (SE's
/// occurrence test).
fn x_wings(g: &Grids) -> Vec<Deduction> {
    let mut out = Vec::new();
    for (base, cover) in [(2, 1), (1, 2)] {
        for a in 0..8 {
            for b in a + 1..9 {
                for d in 1..=9u8 {
                    if g.initial.occurrences(d) + 4 > 9 {
                        continue;
                    }
                    let (ua, ub) = (unit(base, a), unit(base, b));
                    let (pa, pb) = (g.positions(ua, d), g.positions(ub, d));
                    if pa == 0 || pb == 0 || (pa | pb).count_ones() != 2 {
                        continue;
                    }
                    let covers = pa | pb;
                    let mut removals = Vec::new();
                    for k in (0..9).filter(|&k| covers & (1 << k) != 0) {
                        let uc = unit(cover, k);
                        for (j, &c) in UNITS[uc].iter().enumerate() {
                            let c = c as usize;
                            if j != a && j != b && g.cands[c] & (1 << (d - 1)) != 0 {
                                removals.push((c, d));
                            }
                        }
                    }
                    let mut parents = Vec::new();
                    for ub in [ua, ub] {
                        for (k, &c) in UNITS[ub].iter().enumerate() {
                            let c = c as usize;
                            if covers & (1 << k) == 0 && g.removed(c, d) {
                                parents.push(node(c, d, false));
                            }
                        }
                    }
                    push_all(&mut out, &removals, parents);
                }
            }
        }
    }
    out
}
