//! Uniqueness: the unique rectangle of type 1 (4.5).
//!
//! Four cells on two rows, two columns and two boxes that could all hold only the same two
//! digits {a,b} would let the two digits swap, giving a second solution. A puzzle with one
//! solution cannot reach that state, so when three corners are exactly {a,b}, the fourth corner
//! is not a or b. Like SE, this assumes the puzzle has a unique solution.

use super::{cell_name, digits_name, State, Step, Technique};

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
