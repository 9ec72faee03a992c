//! Uniqueness: unique rectangles and loops (4.5 and up) and the bivalue universal grave (5.6, 5.7).
//!
//! Four cells on two rows, two columns and two boxes that could all hold only the same two
//! digits {a,b} would let the two digits swap, giving a second solution. A puzzle with one
//! solution cannot reach that state, so when three corners are exactly {a,b}, the fourth corner
//! is not a or b. Like SE, this assumes the puzzle has a unique solution.

use super::{cell_name, digits_name, State, Step, Technique, PEERS, UNITS};

/// A unique rectangle or loop found, with SE's sort keys.
struct LoopHint {
    score: u16,
    kind: u8,
    step: Step,
}

/// The three units of a cell, in SE's region-type order (box, row, column).
fn regions(cell: usize) -> [usize; 3] {
    super::units_of(cell)
}

/// SE's loop search: paths through cells holding both `v1` and `v2`, moving along a unit of a
/// different kind at each step, that close on the first cell after at least four cells. At most
/// two cells may hold extra digits, or any number holding the same single extra digit.
#[allow(clippy::too_many_arguments)]
fn find_loops(
    state: &State,
    cell: usize,
    both: u16,
    path: &mut Vec<usize>,
    allowed: u32,
    extra: u16,
    last_kind: Option<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    // Bounds the search; SE's loops longer than this are vanishingly rare.
    if path.len() >= 14 || out.len() >= 64 {
        return;
    }
    path.push(cell);
    let mut extra = extra;
    for (kind, u) in regions(cell).into_iter().enumerate() {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in &UNITS[u] {
            let next = next as usize;
            if next == path[0] && path.len() >= 4 {
                out.push(path.clone());
            } else if !path.contains(&next) {
                let m = state.cands(next);
                if m & both == both {
                    extra |= m & !both;
                    let n = m.count_ones();
                    if n == 2 || extra.count_ones() == 1 || allowed > 0 {
                        let left = if n > 2 {
                            allowed.saturating_sub(1)
                        } else {
                            allowed
                        };
                        find_loops(state, next, both, path, left, extra, Some(kind), out);
                    }
                }
            }
        }
    }
    path.pop();
}

/// SE's validity test: every unit visited by the loop is visited by exactly two cells, one at an
/// even and one at an odd position.
fn is_valid_loop(path: &[usize]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &c) in path.iter().enumerate() {
        for u in regions(c) {
            if seen[i % 2] & (1 << u) != 0 {
                return false;
            }
            seen[i % 2] |= 1 << u;
        }
    }
    seen[0] == seen[1]
}

fn loop_base(len: usize) -> u16 {
    let mut s = 45;
    if len >= 10 {
        s += 3;
    }
    if len >= 8 {
        s += 2;
    } else if len >= 6 {
        s += 1;
    }
    s
}

/// Unique rectangles and loops, types 1 to 4, as SE scores them: 4.5, plus 0.1 for a loop of 6
/// cells, 0.2 for 8, 0.5 for 10 or more, plus for type 3 0.1 per extra cell of the naked or
/// hidden set. A deadly pattern — cells that could all hold only the same two digits, each unit
/// met twice — would give two solutions, so at least one extra candidate of the loop is true.
/// Like SE, this assumes the puzzle has a unique solution.
pub fn unique_rectangle(state: &State) -> Option<Step> {
    let mut hints: Vec<LoopHint> = Vec::new();
    for start in 0..81 {
        let both = state.cands(start);
        if both.count_ones() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        find_loops(state, start, both, &mut Vec::new(), 2, 0, None, &mut loops);
        for path in loops {
            if !is_valid_loop(&path) {
                continue;
            }
            let base = loop_base(path.len());
            let name = if path.len() == 4 { "Rectangle" } else { "Loop" };
            let extras: Vec<usize> = path
                .iter()
                .copied()
                .filter(|&c| state.cands(c).count_ones() > 2)
                .collect();
            let loop_text = super::cells_name(path.iter().copied());
            let pair = digits_name(both, "/");
            let mut push = |kind: u8, score: u16, elims: Vec<(u8, u8)>, why: String| {
                if elims.is_empty() {
                    return;
                }
                let technique = match kind {
                    1 => Technique::UniqueRectangle1,
                    2 => Technique::UniqueRectangle2,
                    3 => Technique::UniqueRectangle3,
                    _ => Technique::UniqueRectangle4,
                };
                let mut step = Step::eliminations(
                    technique,
                    elims,
                    format!("Unique {name} type {kind}: {loop_text} on {pair}; {why}"),
                );
                step.score_tenths = score;
                hints.push(LoopHint { score, kind, step });
            };
            match extras.len() {
                1 => {
                    let c = extras[0];
                    let elims = super::digits_of(both).map(|d| (c as u8, d)).collect();
                    push(
                        1,
                        base,
                        elims,
                        format!("{} cannot be {}", cell_name(c), pair),
                    );
                }
                0 => {}
                n => {
                    let extra_vals = extras.iter().fold(0u16, |a, &c| a | state.cands(c)) & !both;
                    let common = extras.iter().fold(!0u128 >> 47, |a, &c| a & PEERS[c]);
                    if extra_vals.count_ones() == 1 {
                        let d = extra_vals.trailing_zeros() as u8 + 1;
                        let elims = super::eliminations_of(state, common, d);
                        push(
                            2,
                            base,
                            elims,
                            format!(
                                "one of {} is {}",
                                super::cells_name(extras.iter().copied()),
                                d
                            ),
                        );
                    } else if n == 2 {
                        type3(state, &path, both, extras[0], extras[1], base, &mut push);
                    }
                    if n == 2 {
                        type4(state, both, extras[0], extras[1], base, &mut push);
                    }
                }
            }
        }
    }
    hints.sort_by(|a, b| a.score.cmp(&b.score).then(a.kind.cmp(&b.kind)));
    hints.into_iter().next().map(|h| h.step)
}

/// Type 3: the extra digits of the two extra cells act as one cell of a naked or hidden set.
fn type3(
    state: &State,
    _path: &[usize],
    both: u16,
    c1: usize,
    c2: usize,
    base: u16,
    push: &mut impl FnMut(u8, u16, Vec<(u8, u8)>, String),
) {
    let extra = (state.cands(c1) | state.cands(c2)) & !both;
    for degree in extra.count_ones()..=7 {
        for (r1, r2) in regions(c1).into_iter().zip(regions(c2)) {
            if r1 != r2 {
                continue;
            }
            let u = r1;
            let empty = state.empty_count(u);
            let i1 = UNITS[u].iter().position(|&c| c as usize == c1).unwrap_or(0);
            let i2 = UNITS[u].iter().position(|&c| c as usize == c2).unwrap_or(0);
            if degree * 2 <= empty {
                for tuple in super::combinations(9, degree) {
                    if tuple & (1 << i1) == 0 || tuple & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & state.cands(c1) & state.cands(c2);
                    let mut ok = true;
                    let mut union = 0u16;
                    let mut others = Vec::new();
                    for i in 0..9 {
                        if tuple & (1 << i) == 0 {
                            continue;
                        }
                        let m = if i == i1 {
                            extra
                        } else {
                            let c = UNITS[u][i] as usize;
                            others.push(c);
                            naked |= state.cands(c);
                            state.cands(c)
                        };
                        if m.count_ones() < 2 {
                            ok = false;
                        }
                        union |= m;
                    }
                    if !ok || naked.count_ones() != degree || union.count_ones() != degree {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for &c in &UNITS[u] {
                        let c = c as usize;
                        if c == c1 || c == c2 || others.contains(&c) {
                            continue;
                        }
                        for d in super::digits_of(state.cands(c) & union) {
                            elims.push((c as u8, d));
                        }
                    }
                    let score = base + (degree as u16 - 1);
                    push(
                        3,
                        score,
                        elims,
                        format!(
                            "the extra digits of {} and {} form a naked set {} with {}",
                            cell_name(c1),
                            cell_name(c2),
                            digits_name(union, "/"),
                            super::cells_name(others.iter().copied())
                        ),
                    );
                }
            }
            if degree * 2 < empty {
                let rem = 0x1ff & !both & !extra;
                let rem_vals: Vec<u8> = super::digits_of(rem).collect();
                if (degree as usize) < 2 || degree as usize - 2 > rem_vals.len() {
                    continue;
                }
                for pick in super::combinations(rem_vals.len() as u32, degree - 2) {
                    let mut values = both;
                    for (i, &v) in rem_vals.iter().enumerate() {
                        if pick & (1 << i) != 0 {
                            values |= 1 << (v - 1);
                        }
                    }
                    let mut common = 0u16;
                    let mut ok = true;
                    for v in super::digits_of(values) {
                        let p = state.positions(u, v) & !(1 << i2);
                        if p == 0 {
                            ok = false;
                        }
                        common |= p;
                    }
                    if !ok || common.count_ones() != degree {
                        continue;
                    }
                    let cells = common & !(1 << i1) & !(1 << i2);
                    let mut elims = Vec::new();
                    for i in 0..9 {
                        if cells & (1 << i) != 0 {
                            let c = UNITS[u][i] as usize;
                            for d in super::digits_of(state.cands(c) & !values) {
                                elims.push((c as u8, d));
                            }
                        }
                    }
                    let score = base + (cells.count_ones() as u16).saturating_sub(1);
                    push(
                        3,
                        score,
                        elims,
                        format!(
                            "{} form a hidden set with {} or {} in {}",
                            digits_name(values, "/"),
                            cell_name(c1),
                            cell_name(c2),
                            super::unit_name(u)
                        ),
                    );
                }
            }
        }
    }
}

/// Type 4: one loop digit is locked to the two extra cells in a unit they share, so the other
/// loop digit leaves both.
fn type4(
    state: &State,
    both: u16,
    c1: usize,
    c2: usize,
    base: u16,
    push: &mut impl FnMut(u8, u16, Vec<(u8, u8)>, String),
) {
    let [v1, v2] = {
        let mut it = super::digits_of(both);
        [it.next().unwrap_or(1), it.next().unwrap_or(1)]
    };
    let (mut r1, mut r2) = (None, None);
    for (a, b) in regions(c1).into_iter().zip(regions(c2)) {
        if a != b {
            continue;
        }
        let others = UNITS[a]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= state.has(c, v1);
            has2 |= state.has(c, v2);
        }
        if !has1 {
            r1 = Some(a);
        }
        if !has2 {
            r2 = Some(a);
        }
    }
    let (lock, rem, unit) = match (r1, r2) {
        (Some(u), _) => (v1, v2, u),
        (None, Some(u)) => (v2, v1, u),
        _ => return,
    };
    let elims = [c1, c2]
        .iter()
        .filter(|&&c| state.has(c, rem))
        .map(|&c| (c as u8, rem))
        .collect();
    push(
        4,
        base,
        elims,
        format!(
            "{} of {} is in {} or {}, so neither can be {}",
            lock,
            super::unit_name(unit),
            cell_name(c1),
            cell_name(c2),
            rem
        ),
    );
}
