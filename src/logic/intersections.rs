//! Intersections (locked candidates): pointing (2.6) and claiming (2.8), and their "direct"
//! forms (1.7, 1.9) that SE applies before candidates are written.
//!
//! When all the candidates for a digit in unit A lie inside unit B (a box and a line that cross),
//! the digit can be removed from the rest of B. The direct form looks no further than a hidden
//! single: it only counts when, after the removal, another unit of A's kind that crosses B has a
//! single place left for the digit; the step then places that digit and writes no candidates.

use super::{
    cell_name, cells_of, eliminations_of, unit_kind, unit_name, State, Step, Technique, UnitKind,
    UNITS, UNIT_SETS,
};

/// The (source, target) unit kinds in SE's order: box→column, box→row (pointing), then
/// column→box, row→box (claiming).
const PAIRS: [(usize, usize); 4] = [(0, 18), (0, 9), (18, 0), (9, 0)];

/// The cells of unit `u` holding candidate `d`.
fn digit_set(state: &State, u: usize, d: u8) -> u128 {
    UNITS[u]
        .iter()
        .filter(|&&c| state.has(c as usize, d))
        .fold(0u128, |s, &c| s | 1u128 << c)
}

/// Calls `found(digit, source, target, cells)` for every locked digit in SE's order, stopping at
/// the first `Some`.
fn scan<T>(state: &State, mut found: impl FnMut(u8, usize, usize, u128) -> Option<T>) -> Option<T> {
    for (base1, base2) in PAIRS {
        for d in 1..=9u8 {
            for u1 in base1..base1 + 9 {
                let cells = digit_set(state, u1, d);
                if cells.count_ones() < 2 {
                    continue;
                }
                for u2 in base2..base2 + 9 {
                    if UNIT_SETS[u1] & UNIT_SETS[u2] != 0 && cells & !UNIT_SETS[u2] == 0 {
                        if let Some(t) = found(d, u1, u2, cells) {
                            return Some(t);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Direct pointing (1.7) and direct claiming (1.9).
pub fn direct_locking(state: &State) -> Option<Step> {
    scan(state, |d, u1, u2, cells| {
        let base1 = u1 - u1 % 9;
        for u3 in base1..base1 + 9 {
            if u3 == u1 || UNIT_SETS[u3] & UNIT_SETS[u2] == 0 {
                continue;
            }
            let others = digit_set(state, u3, d);
            if others.count_ones() < 2 {
                continue;
            }
            let left = others & !UNIT_SETS[u2];
            if left.count_ones() == 1 {
                let cell = left.trailing_zeros() as usize;
                let technique = if unit_kind(u1) == UnitKind::Box {
                    Technique::DirectPointing
                } else {
                    Technique::DirectClaiming
                };
                return Some(Step::placement(
                    technique,
                    cell,
                    d,
                    format!(
                        "{}: in {} the {}s lie in {} ({}), so {} is the only place left for {} in {}",
                        technique.name(),
                        unit_name(u1),
                        d,
                        unit_name(u2),
                        super::cells_name(cells_of(cells)),
                        cell_name(cell),
                        d,
                        unit_name(u3)
                    ),
                ));
            }
        }
        None
    })
}

/// Pointing (2.6) and claiming (2.8).
pub fn locking(state: &State) -> Option<Step> {
    scan(state, |d, u1, u2, cells| {
        let elims = eliminations_of(state, UNIT_SETS[u2] & !UNIT_SETS[u1], d);
        if elims.is_empty() {
            return None;
        }
        let technique = if unit_kind(u1) == UnitKind::Box {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        Some(Step::eliminations(
            technique,
            elims,
            format!(
                "{}: in {} the {}s lie in {} ({}), so {} leaves the rest of {}",
                technique.name(),
                unit_name(u1),
                d,
                unit_name(u2),
                super::cells_name(cells_of(cells)),
                d,
                unit_name(u2)
            ),
        ))
    })
}
