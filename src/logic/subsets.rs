//! Naked and hidden subsets: naked pair/triplet/quad (3.0, 3.6, 5.0), hidden pair/triplet/quad
//! (3.4, 4.0, 5.4), and the direct hidden pair (2.0) and triplet (2.5).
//!
//! A naked set is n cells of a unit whose candidates, together, are n digits: those digits leave
//! the other cells of the unit. A hidden set is n digits whose places in a unit are, together, n
//! cells: the other candidates leave those cells. The direct form of a hidden set only counts
//! when its eliminations leave a hidden single in the same unit, which it then places.
//!
//! Tuples are tried in SE's order (units box, column, row; tuples in increasing bitmask order),
//! and, as in SE, every digit or cell of a tuple must have at least two candidates, and the unit
//! must have enough empty cells for the set to be worth looking at (n·2 for naked sets, more than
//! n·2 for hidden sets, more than n for direct hidden sets).

use super::singles::BOX_COL_ROW;
use super::{
    cell_name, cells_name, digits_name, subsets, unit_name, State, Step, Technique, UNITS,
};

const NAKED: [Technique; 3] = [
    Technique::NakedPair,
    Technique::NakedTriplet,
    Technique::NakedQuad,
];
const HIDDEN: [Technique; 3] = [
    Technique::HiddenPair,
    Technique::HiddenTriplet,
    Technique::HiddenQuad,
];

fn naked(state: &State, degree: u32) -> Option<Step> {
    let technique = NAKED[degree as usize - 2];
    for &u in &BOX_COL_ROW {
        if state.empty_count(u) < degree * 2 {
            continue;
        }
        for tuple in subsets(9, degree) {
            let mut union = 0u16;
            let mut ok = true;
            for i in 0..9 {
                if tuple & (1 << i) != 0 {
                    let m = state.cands(UNITS[u][i] as usize);
                    if m.count_ones() < 2 {
                        ok = false;
                        break;
                    }
                    union |= m;
                }
            }
            if !ok || union.count_ones() != degree {
                continue;
            }
            let mut elims = Vec::new();
            for i in 0..9 {
                let c = UNITS[u][i] as usize;
                if tuple & (1 << i) == 0 {
                    for d in super::digits_of(state.cands(c) & union) {
                        elims.push((c as u8, d));
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            let cells = (0..9)
                .filter(|i| tuple & (1 << i) != 0)
                .map(|i| UNITS[u][i] as usize);
            return Some(Step::eliminations(
                technique,
                elims,
                format!(
                    "{}: {} in {} hold only {}, so these digits leave the rest of {}",
                    technique.name(),
                    cells_name(cells),
                    unit_name(u),
                    digits_name(union, "/"),
                    unit_name(u)
                ),
            ));
        }
    }
    None
}

fn hidden(state: &State, degree: u32, direct: bool) -> Option<Step> {
    for &u in &BOX_COL_ROW {
        let empty = state.empty_count(u);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        let pos: [u16; 9] = std::array::from_fn(|i| state.positions(u, i as u8 + 1));
        for values in subsets(9, degree) {
            let mut common = 0u16;
            let mut ok = true;
            for (v, &p) in pos.iter().enumerate() {
                if values & (1 << v) != 0 {
                    if p.count_ones() < 2 {
                        ok = false;
                        break;
                    }
                    common |= p;
                }
            }
            if !ok || common.count_ones() != degree {
                continue;
            }
            let cells: Vec<usize> = (0..9)
                .filter(|i| common & (1 << i) != 0)
                .map(|i| UNITS[u][i] as usize)
                .collect();
            if direct {
                let technique = if degree == 2 {
                    Technique::DirectHiddenPair
                } else {
                    Technique::DirectHiddenTriplet
                };
                for (v, &p) in pos.iter().enumerate() {
                    if values & (1 << v) != 0 || p.count_ones() < 2 {
                        continue;
                    }
                    let rest = p & !common;
                    if rest.count_ones() == 1 {
                        let d = v as u8 + 1;
                        let cell = UNITS[u][rest.trailing_zeros() as usize] as usize;
                        return Some(Step::placement(
                            technique,
                            cell,
                            d,
                            format!(
                                "{}: {} can only go in {} of {}, which leaves {} as the only place for {}",
                                technique.name(),
                                digits_name(values, "/"),
                                cells_name(cells.iter().copied()),
                                unit_name(u),
                                cell_name(cell),
                                d
                            ),
                        ));
                    }
                }
                continue;
            }
            let mut elims = Vec::new();
            for &c in &cells {
                for d in super::digits_of(state.cands(c) & !values) {
                    elims.push((c as u8, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let technique = HIDDEN[degree as usize - 2];
            return Some(Step::eliminations(
                technique,
                elims,
                format!(
                    "{}: {} can only go in {} of {}, so other digits leave these cells",
                    technique.name(),
                    digits_name(values, "/"),
                    cells_name(cells.iter().copied()),
                    unit_name(u)
                ),
            ));
        }
    }
    None
}

/// Direct hidden pair (2.0).
pub fn direct_hidden_pair(state: &State) -> Option<Step> {
    hidden(state, 2, true)
}

/// Direct hidden triplet (2.5).
pub fn direct_hidden_triplet(state: &State) -> Option<Step> {
    hidden(state, 3, true)
}

/// Naked pair (3.0).
pub fn naked_pair(state: &State) -> Option<Step> {
    naked(state, 2)
}

/// Naked triplet (3.6).
pub fn naked_triplet(state: &State) -> Option<Step> {
    naked(state, 3)
}

/// Naked quad (5.0).
pub fn naked_quad(state: &State) -> Option<Step> {
    naked(state, 4)
}

/// Hidden pair (3.4).
pub fn hidden_pair(state: &State) -> Option<Step> {
    hidden(state, 2, false)
}

/// Hidden triplet (4.0).
pub fn hidden_triplet(state: &State) -> Option<Step> {
    hidden(state, 3, false)
}

/// Hidden quad (5.4).
pub fn hidden_quad(state: &State) -> Option<Step> {
    hidden(state, 4, false)
}
