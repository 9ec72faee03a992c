//! Bivalue universal grave (BUG), types 1 to 4, as SE detects and applies it.
//!
//! In a BUG every empty cell has two candidates and every digit two places in each unit it
//! lacks: such a position has two solutions. If removing a few "BUG values" from cells with
//! more than two candidates (the BUG cells) would leave a BUG, at least one BUG cell holds one
//! of its BUG values. SE's one producer then offers, in this order, the first that applies:
//! - type 1 (5.6): a single BUG cell, whose other candidates go;
//! - type 2 (5.7): one BUG value shared by several cells; it leaves every cell that sees them
//!   all — then, with two BUG cells, type 4;
//! - with several BUG values and cells that see every BUG cell: type 4 (two BUG cells), then
//!   type 3.
//!
//! Type 3 (5.7 plus 0.1 for each digit of the set beyond the first): the BUG cells share a unit,
//! and their BUG values, taken together as one pseudo-cell, form a naked set with 1 to 5 other
//! cells of that unit (each with two or more candidates) that see every BUG cell; the set's
//! digits leave the unit's other cells that see every BUG cell. Units box, row, column; set sizes
//! 2 to 6; cells in increasing combination order.
//!
//! Type 4 (5.7): two BUG cells in one unit with exactly one common candidate `v` that is a BUG
//! value of neither. In the BUG, `v` has exactly these two places in the unit, so one of them
//! is `v`, and then the other holds its BUG value: each BUG cell keeps only its BUG values and
//! `v`.

use super::{
    cell_name, cells_name, combinations, digits_name, digits_of, eliminations_of, State, Step,
    Technique, PEERS, UNITS,
};

/// What the BUG search found: the BUG cells in SE's discovery order, the BUG values of each
/// cell, all BUG values, and the cells (other than BUG cells) that see every BUG cell.
struct Grave {
    cells: Vec<usize>,
    values: [u16; 81],
    all_values: u16,
    common: u128,
}

/// SE's BUG producer: see the module documentation.
pub fn bug(state: &State) -> Option<Step> {
    let grave = find(state)?;
    if grave.cells.len() == 1 {
        return type1(state, &grave);
    }
    if grave.all_values.count_ones() == 1 {
        return type2(state, &grave).or_else(|| type4(state, &grave));
    }
    if grave.common == 0 {
        return None;
    }
    type4(state, &grave).or_else(|| type3(state, &grave))
}

/// The BUG cells and values, if removing the values leaves a BUG.
fn find(state: &State) -> Option<Grave> {
    let mut temp: [u16; 81] = std::array::from_fn(|c| state.cands(c));
    let mut grave = Grave {
        cells: Vec::new(),
        values: [0; 81],
        all_values: 0,
        common: 0,
    };
    let mut common: Option<u128> = None;
    // SE's region order: boxes, rows, columns.
    for u in 0..27 {
        for d in 1..=9u8 {
            let pos = state.positions(u, d);
            let n = pos.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let new: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| UNITS[u][i] as usize)
                .filter(|&c| state.cands(c).count_ones() >= 3)
                .collect();
            if new.is_empty() {
                return None;
            }
            if new.len() == 1 {
                let c = new[0];
                if !grave.cells.contains(&c) {
                    grave.cells.push(c);
                }
                grave.values[c] |= 1 << (d - 1);
                grave.all_values |= 1 << (d - 1);
                temp[c] &= !(1 << (d - 1));
                let mut set = common.unwrap_or(PEERS[c]) & PEERS[c];
                for &b in &grave.cells {
                    set &= !(1u128 << b);
                }
                common = Some(set);
                if grave.cells.len() > 1 && grave.all_values.count_ones() > 1 && set == 0 {
                    return None;
                }
            }
        }
    }
    if grave.cells.is_empty() {
        return None;
    }
    for c in 0..81 {
        if state.value(c) == 0 && temp[c].count_ones() != 2 {
            return None;
        }
    }
    for u in 0..27 {
        for d in 1..=9u8 {
            let n = UNITS[u]
                .iter()
                .filter(|&&c| temp[c as usize] & (1 << (d - 1)) != 0)
                .count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    grave.common = common.unwrap_or(0);
    Some(grave)
}

fn type1(state: &State, grave: &Grave) -> Option<Step> {
    let c = grave.cells[0];
    let elims: Vec<(u8, u8)> = digits_of(state.cands(c) & !grave.all_values)
        .map(|d| (c as u8, d))
        .collect();
    if elims.is_empty() {
        return None;
    }
    Some(Step::eliminations(
        Technique::Bug1,
        elims,
        format!(
            "BUG type 1: without {} in {} every cell would be bivalue and every digit bilocal (two solutions), so {} is {}",
            digits_name(grave.all_values, "/"),
            cell_name(c),
            cell_name(c),
            digits_name(grave.all_values, "/")
        ),
    ))
}

fn type2(state: &State, grave: &Grave) -> Option<Step> {
    let d = grave.all_values.trailing_zeros() as u8 + 1;
    let elims = eliminations_of(state, grave.common, d);
    if elims.is_empty() {
        return None;
    }
    Some(Step::eliminations(
        Technique::Bug2,
        elims,
        format!(
            "BUG type 2: one of {} holds {}, else the grid would be a bivalue universal grave",
            cells_name(grave.cells.iter().copied()),
            d
        ),
    ))
}

/// The first unit of `units` (numbered as in [`UNITS`]) that holds every cell of `cells`.
fn shared_unit(cells: &[usize], units: std::ops::Range<usize>) -> Option<usize> {
    units.into_iter().find(|&u| {
        cells
            .iter()
            .all(|&c| UNITS[u].iter().any(|&x| x as usize == c))
    })
}

fn type4(state: &State, grave: &Grave) -> Option<Step> {
    let [c1, c2] = grave.cells[..] else {
        return None;
    };
    let shared = state.cands(c1) & state.cands(c2) & !grave.all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    let u = shared_unit(&grave.cells, 0..27)?;
    let v = shared.trailing_zeros() as u8 + 1;
    let mut elims = Vec::new();
    for c in [c1, c2] {
        let keep = grave.values[c] | shared;
        elims.extend(digits_of(state.cands(c) & !keep).map(|d| (c as u8, d)));
    }
    if elims.is_empty() {
        return None;
    }
    Some(Step::eliminations(
        Technique::Bug4,
        elims,
        format!(
            "BUG type 4: one of {} and {} holds its BUG value {}, and {} has only these two places in {}, so they hold {} and their BUG values",
            cell_name(c1),
            cell_name(c2),
            digits_name(grave.all_values, "/"),
            v,
            super::unit_name(u),
            v
        ),
    ))
}

fn type3(state: &State, grave: &Grave) -> Option<Step> {
    // Box, row, column: the first unit of each kind that holds every BUG cell.
    for kind in 0..3 {
        let Some(u) = shared_unit(&grave.cells, kind * 9..kind * 9 + 9) else {
            continue;
        };
        let others: Vec<usize> = UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| grave.common & (1u128 << c) != 0)
            .collect();
        for degree in 2..=6u32 {
            if others.len() < degree as usize {
                continue;
            }
            for pick in combinations(others.len() as u32, degree - 1) {
                let naked: Vec<usize> = (0..others.len())
                    .filter(|i| pick & (1 << i) != 0)
                    .map(|i| others[i])
                    .collect();
                let union = naked.iter().fold(0u16, |m, &c| m | state.cands(c));
                if union.count_ones() != degree
                    || naked.iter().any(|&c| state.cands(c).count_ones() < 2)
                    || (union | grave.all_values).count_ones() != degree
                {
                    continue;
                }
                let elims: Vec<(u8, u8)> = others
                    .iter()
                    .filter(|c| !naked.contains(c))
                    .flat_map(|&c| digits_of(state.cands(c) & union).map(move |d| (c as u8, d)))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let mut step = Step::eliminations(
                    Technique::Bug3,
                    elims,
                    format!(
                        "BUG type 3: one of {} holds {}, which with {} makes a naked set of {} in {}",
                        cells_name(grave.cells.iter().copied()),
                        digits_name(grave.all_values, "/"),
                        cells_name(naked.iter().copied()),
                        digits_name(union, "/"),
                        super::unit_name(u)
                    ),
                );
                step.score_tenths = Technique::Bug3.score_tenths() + degree as u16 - 1;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidate pattern: `(row, column, digits)` with rows and columns from 1, every other
    /// cell filled. The positions are drawn for the pattern alone, not reached from a puzzle.
    fn pattern(cells: &[(usize, usize, &str)]) -> State {
        let mut cands = [0u16; 81];
        for &(r, c, digits) in cells {
            for ch in digits.chars() {
                cands[(r - 1) * 9 + c - 1] |= 1 << (ch as u8 - b'1');
            }
        }
        State::from_candidates(cands)
    }

    /// Two unique rectangles: {1,4} on r1c1, r1c4, r2c1, r2c4 and {8,9} on r1c2, r1c5, r3c2,
    /// r3c5 — a BUG (two solutions).
    const TWO_RECTANGLES: [(usize, usize, &str); 8] = [
        (1, 1, "14"),
        (1, 4, "14"),
        (2, 1, "14"),
        (2, 4, "14"),
        (1, 2, "89"),
        (1, 5, "89"),
        (3, 2, "89"),
        (3, 5, "89"),
    ];

    /// Rows 1 and 2 of a 1-4-7 cycle: r1c1 14, r1c4 47, r1c7 71, and the same below — a BUG.
    const TRIANGLE: [(usize, usize, &str); 6] = [
        (1, 1, "14"),
        (1, 4, "47"),
        (1, 7, "17"),
        (2, 1, "14"),
        (2, 4, "47"),
        (2, 7, "17"),
    ];

    #[test]
    fn a_bug_without_extra_candidates_has_no_step() {
        assert_eq!(bug(&pattern(&TWO_RECTANGLES)), None);
        assert_eq!(bug(&pattern(&TRIANGLE)), None);
    }

    #[test]
    fn type_3_naked_pair_with_the_bug_values() {
        // r1c1 +8 and r1c4 +9: one of them holds its BUG value, so {8,9} with r1c2 (89) is a
        // naked pair in row 1, and r1c5 loses both. The BUG cells share 1 and 4, so no type 4.
        let mut cells = TWO_RECTANGLES.to_vec();
        cells[0].2 = "148";
        cells[1].2 = "149";
        let step = bug(&pattern(&cells)).unwrap();
        assert_eq!(step.technique, Technique::Bug3);
        assert_eq!(step.score_tenths, 58);
        assert_eq!(step.eliminations, vec![(4, 8), (4, 9)]);
        assert!(
            step.explanation.contains("naked set of 8/9 in row 1"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn type_4_two_bug_cells_with_one_common_candidate() {
        // r1c1 14+9 and r1c4 47+9 share 4, whose only places in row 1 they are: one is 4, the
        // other 9, so r1c1 loses 1 and r1c4 loses 7. Nothing sees both with a 9, so no type 2.
        let mut cells = TRIANGLE.to_vec();
        cells[0].2 = "149";
        cells[1].2 = "479";
        let step = bug(&pattern(&cells)).unwrap();
        assert_eq!(step.technique, Technique::Bug4);
        assert_eq!(step.score_tenths, 57);
        assert_eq!(step.eliminations, vec![(0, 1), (3, 7)]);
    }

    #[test]
    fn type_2_comes_before_type_4() {
        // The type 4 position plus a {2,9} rectangle on r1c2, r1c8, r3c2, r3c8: now r1c2 and
        // r1c8 see both BUG cells and hold their one BUG value 9, so type 2 comes first.
        let mut cells = TRIANGLE.to_vec();
        cells[0].2 = "149";
        cells[1].2 = "479";
        cells.extend([(1, 2, "29"), (1, 8, "29"), (3, 2, "29"), (3, 8, "29")]);
        let step = bug(&pattern(&cells)).unwrap();
        assert_eq!(step.technique, Technique::Bug2);
        assert_eq!(step.score_tenths, 57);
        assert_eq!(step.eliminations, vec![(1, 9), (7, 9)]);
    }
}
