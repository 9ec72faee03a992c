//! Uniqueness: the unique rectangle of type 1 (4.5) and the bivalue universal grave (5.6, 5.7).
//!
//! Four cells on two rows, two columns and two boxes that could all hold only the same two
//! digits {a,b} would let the two digits swap, giving a second solution. A puzzle with one
//! solution cannot reach that state, so when three corners are exactly {a,b}, the fourth corner
//! is not a or b. Like SE, this assumes the puzzle has a unique solution.

use super::{cell_name, digits_name, State, Step, Technique, PEERS, UNITS};

/// Unique rectangle type 1 (4.5), scanning corner cells row by row.
pub fn unique_rectangle(state: &State) -> Option<Step> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Two boxes exactly: the rows share a band or the columns a stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let masks = corners.map(|c| state.cands(c));
                    let pairs: Vec<usize> =
                        (0..4).filter(|&i| masks[i].count_ones() == 2).collect();
                    if pairs.len() != 3 {
                        continue;
                    }
                    let ab = masks[pairs[0]];
                    if pairs.iter().any(|&i| masks[i] != ab) {
                        continue;
                    }
                    let Some(odd) = (0..4).find(|i| !pairs.contains(i)) else {
                        continue;
                    };
                    if masks[odd] & ab != ab {
                        continue;
                    }
                    let cell = corners[odd];
                    let elims = super::digits_of(ab).map(|d| (cell as u8, d)).collect();
                    return Some(Step::eliminations(
                        Technique::UniqueRectangle1,
                        elims,
                        format!(
                            "Unique Rectangle type 1: {} would form a deadly pattern on {} with {}, so {} cannot be {}",
                            super::cells_name(pairs.iter().map(|&i| corners[i])),
                            digits_name(ab, "/"),
                            cell_name(cell),
                            cell_name(cell),
                            digits_name(ab, " or ")
                        ),
                    ));
                }
            }
        }
    }
    None
}

/// Bivalue universal grave, types 1 (5.6) and 2 (5.7), as SE detects it.
///
/// In a BUG every empty cell has two candidates and every digit two places in each unit it
/// lacks: such a position has two solutions. If removing a few "BUG values" from cells with
/// more than two candidates would leave a BUG, one of those values must be true. Type 1: a single
/// BUG cell, whose other candidates go. Type 2: one BUG value shared by several cells, which
/// leaves every cell that sees all of them.
pub fn bug(state: &State) -> Option<Step> {
    let mut temp: [u16; 81] = std::array::from_fn(|c| state.cands(c));
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut all_values = 0u16;
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
                if !bug_cells.contains(&c) {
                    bug_cells.push(c);
                }
                all_values |= 1 << (d - 1);
                temp[c] &= !(1 << (d - 1));
                let mut set = common.unwrap_or(PEERS[c]) & PEERS[c];
                for &b in &bug_cells {
                    set &= !(1u128 << b);
                }
                common = Some(set);
                if bug_cells.len() > 1 && all_values.count_ones() > 1 && set == 0 {
                    return None;
                }
            }
        }
    }
    if bug_cells.is_empty() {
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
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let elims: Vec<(u8, u8)> = super::digits_of(state.cands(c) & !all_values)
            .map(|d| (c as u8, d))
            .collect();
        if elims.is_empty() {
            return None;
        }
        return Some(Step::eliminations(
            Technique::Bug1,
            elims,
            format!(
                "BUG type 1: without {} in {} every cell would be bivalue and every digit bilocal (two solutions), so {} is {}",
                digits_name(all_values, "/"),
                cell_name(c),
                cell_name(c),
                digits_name(all_values, "/")
            ),
        ));
    }
    if all_values.count_ones() == 1 {
        let d = all_values.trailing_zeros() as u8 + 1;
        let elims = super::eliminations_of(state, common.unwrap_or(0), d);
        if elims.is_empty() {
            return None;
        }
        return Some(Step::eliminations(
            Technique::Bug2,
            elims,
            format!(
                "BUG type 2: one of {} holds {}, else the grid would be a bivalue universal grave",
                super::cells_name(bug_cells.iter().copied()),
                d
            ),
        ));
    }
    None
}
