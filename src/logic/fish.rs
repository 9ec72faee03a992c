//! Basic fish: X-wing (3.2), swordfish (3.8), jellyfish (5.2).
//!
//! When a digit's candidates in n parallel lines (the base) lie in only n crossing lines (the
//! cover), the digit is placed n times in the base's cells of the cover, so it leaves the rest of
//! the cover lines. SE tries columns as the base first, then rows; line tuples in increasing
//! bitmask order and, for each, digits 1 to 9; a digit already placed more than 9 − 2n times
//! cannot form a fish worth finding.

use super::{eliminations_of, subsets, State, Step, Technique, UNIT_SETS};

fn fish(state: &State, degree: u32) -> Option<Step> {
    let technique = match degree {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let occurrences: [u32; 10] = std::array::from_fn(|d| {
        if d == 0 {
            0
        } else {
            state.occurrences(d as u8)
        }
    });
    // (base, cover): columns with rows as cover, then rows with columns as cover.
    for (base, cover, base_word, cover_word) in
        [(18, 9, "columns", "rows"), (9, 18, "rows", "columns")]
    {
        for lines in subsets(9, degree) {
            for d in 1..=9u8 {
                if occurrences[d as usize] + degree * 2 > 9 {
                    continue;
                }
                let mut common = 0u16;
                let mut ok = true;
                for i in 0..9 {
                    if lines & (1 << i) != 0 {
                        let p = state.positions(base + i, d);
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
                let base_cells = (0..9)
                    .filter(|i| lines & (1 << i) != 0)
                    .fold(0u128, |s, i| s | UNIT_SETS[base + i]);
                let cover_cells = (0..9)
                    .filter(|j| common & (1 << j) != 0)
                    .fold(0u128, |s, j| s | UNIT_SETS[cover + j]);
                let elims = eliminations_of(state, cover_cells & !base_cells, d);
                if elims.is_empty() {
                    continue;
                }
                let list = |mask: u16| {
                    (0..9)
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                return Some(Step::eliminations(
                    technique,
                    elims,
                    format!(
                        "{}: in {} {} the {}s lie in {} {}, so {} leaves the rest of those {}",
                        technique.name(),
                        base_word,
                        list(lines),
                        d,
                        cover_word,
                        list(common),
                        d,
                        cover_word
                    ),
                ));
            }
        }
    }
    None
}

/// X-wing (3.2).
pub fn x_wing(state: &State) -> Option<Step> {
    fish(state, 2)
}

/// Swordfish (3.8).
pub fn swordfish(state: &State) -> Option<Step> {
    fish(state, 3)
}

/// Jellyfish (5.2).
pub fn jellyfish(state: &State) -> Option<Step> {
    fish(state, 4)
}
