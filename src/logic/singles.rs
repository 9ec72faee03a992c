//! Singles: full house (1.0), hidden single in a box (1.2) or a line (1.5), naked single (2.3).
//!
//! SE finds all three hidden kinds in one pass, in this order: full houses (the last empty cell
//! of a unit) in boxes, columns, rows; then hidden singles in boxes, columns, rows. Since the
//! scores rise in the same order, the first hint found is also the easiest.

use super::{cell_name, unit_kind, unit_name, State, Step, Technique, UnitKind, UNITS};

/// Box units, then columns, then rows: SE's scan order for singles and subsets.
pub(crate) const BOX_COL_ROW: [usize; 27] = {
    let mut order = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = i;
        order[9 + i] = 18 + i;
        order[18 + i] = 9 + i;
        i += 1;
    }
    order
};

/// Full house, then hidden single in a box, then in a line.
pub fn hidden_single(state: &State) -> Option<Step> {
    for alone in [true, false] {
        for &u in &BOX_COL_ROW {
            let is_alone = state.empty_count(u) == 1;
            if is_alone != alone {
                continue;
            }
            for d in 1..=9u8 {
                let pos = state.positions(u, d);
                if pos.count_ones() != 1 {
                    continue;
                }
                let cell = UNITS[u][pos.trailing_zeros() as usize] as usize;
                let step = if alone {
                    Step::placement(
                        Technique::FullHouse,
                        cell,
                        d,
                        format!(
                            "Full House: {} is the last empty cell of {}",
                            cell_name(cell),
                            unit_name(u)
                        ),
                    )
                } else {
                    let technique = if unit_kind(u) == UnitKind::Box {
                        Technique::HiddenSingleBox
                    } else {
                        Technique::HiddenSingleLine
                    };
                    Step::placement(
                        technique,
                        cell,
                        d,
                        format!(
                            "Hidden Single: {} is the only place for {} in {}",
                            cell_name(cell),
                            d,
                            unit_name(u)
                        ),
                    )
                };
                return Some(step);
            }
        }
    }
    None
}

/// A cell with a single candidate, scanning cells row by row.
pub fn naked_single(state: &State) -> Option<Step> {
    (0..81).find_map(|cell| {
        let m = state.cands(cell);
        (state.value(cell) == 0 && m.count_ones() == 1).then(|| {
            let d = m.trailing_zeros() as u8 + 1;
            Step::placement(
                Technique::NakedSingle,
                cell,
                d,
                format!("Naked Single: {} can only be {}", cell_name(cell), d),
            )
        })
    })
}
