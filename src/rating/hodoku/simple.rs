//! HoDoKu 2.2's simple steps: singles (from the queues of [`super::board`]), locked candidates,
//! and naked, hidden and locked subsets, each found in HoDoKu's scan order so that the first
//! instance found is the one HoDoKu plays.
//!
//! Scan orders, as HoDoKu's simple solver has them:
//! - full house: the pending naked-single entries, oldest first, whose cell is the last empty cell
//!   of one of its houses (nothing is consumed);
//! - naked single / hidden single: the oldest still-open entry of the queue (older stale entries
//!   are dropped); a hidden single whose house no longer has the digit once yields nothing;
//! - locked candidates type 1 (pointing): boxes 1..9, digits 1..9, a digit with two or three
//!   places in the box, all in one row (else one column) that holds the digit elsewhere;
//!   type 2 (claiming): rows then columns, the same test against the box;
//! - subsets: boxes, then rows, then columns; inside a house the cell (naked) or digit (hidden)
//!   combinations in increasing order. A naked pair or triple inside one box and one line that
//!   eliminates in two houses is "locked" and is found only by the locked steps.

use super::board::{digits, house_cells, houses_of, Board};
use super::steps::{Kind, StepFound};

/// The full house HoDoKu finds first, if any.
pub(super) fn full_house(b: &Board) -> Option<StepFound> {
    b.naked.pending().iter().find_map(|&(cell, d)| {
        let cell = cell as usize;
        if b.values[cell] != 0 {
            return None;
        }
        let last = houses_of(cell)
            .iter()
            .any(|&h| (1..=9u8).all(|j| j == d || b.free[h][j as usize] == 0));
        last.then(|| StepFound::place(Kind::FullHouse, cell, d))
    })
}

/// The next naked single, consuming the queue up to it.
pub(super) fn naked_single(b: &mut Board) -> Option<StepFound> {
    while let Some((cell, d)) = b.naked.take() {
        if b.values[cell] == 0 {
            return Some(StepFound::place(Kind::NakedSingle, cell, d));
        }
    }
    None
}

/// The next hidden single, consuming the queue up to it.
pub(super) fn hidden_single(b: &mut Board) -> Option<StepFound> {
    while let Some((cell, d)) = b.hidden.take() {
        if b.values[cell] == 0 {
            let alone = houses_of(cell).iter().any(|&h| b.free[h][d as usize] == 1);
            return alone.then(|| StepFound::place(Kind::HiddenSingle, cell, d));
        }
    }
    None
}

/// Locked candidates: type 1 from the boxes, type 2 from the rows and then the columns.
pub(super) fn locked_candidates(b: &Board, kind: Kind) -> Option<StepFound> {
    let bases: &[usize] = if kind == Kind::LockedCandidates1 {
        &[18]
    } else {
        &[0, 9]
    };
    for &base in bases {
        for unit in base..base + 9 {
            for d in 1..=9u8 {
                let n = b.free[unit][d as usize];
                if n != 2 && n != 3 {
                    continue;
                }
                let cells: Vec<usize> = house_cells(unit)
                    .into_iter()
                    .filter(|&c| b.has(c, d))
                    .collect();
                let first = houses_of(cells[0]);
                let same = |k: usize| cells.iter().all(|&c| houses_of(c)[k] == first[k]);
                let target = if base == 18 {
                    if same(0) && b.free[first[0]][d as usize] > n {
                        first[0]
                    } else if same(1) && b.free[first[1]][d as usize] > n {
                        first[1]
                    } else {
                        continue;
                    }
                } else if same(2) && b.free[first[2]][d as usize] > n {
                    first[2]
                } else {
                    continue;
                };
                let elims = house_cells(target)
                    .into_iter()
                    .filter(|&c| b.has(c, d) && !houses_of(c).contains(&unit))
                    .map(|c| (c, d))
                    .collect();
                return Some(StepFound::eliminate(kind, elims));
            }
        }
    }
    None
}

/// What a subset of `cells` with digits `mask` removes, and whether it is a locked subset.
fn subset_step(
    b: &Board,
    cells: &[usize],
    mask: u16,
    hidden: bool,
) -> Option<(Vec<(usize, u8)>, bool)> {
    let first = houses_of(cells[0]);
    let same: Vec<bool> = (0..3)
        .map(|k| cells.iter().all(|&c| houses_of(c)[k] == first[k]))
        .collect();
    let mut elims = Vec::new();
    let mut found_houses = 0;
    if hidden {
        for &c in cells {
            elims.extend(digits(b.cands[c] & !mask).map(|d| (c, d)));
        }
    } else {
        for k in 0..3 {
            if !same[k] {
                continue;
            }
            let mut found = false;
            for c in house_cells(first[k]) {
                if cells.contains(&c) {
                    continue;
                }
                for d in digits(b.cands[c] & mask) {
                    elims.push((c, d));
                    if !found && (k == 2 || houses_of(c)[2] != first[2]) {
                        found = true;
                        found_houses += 1;
                    }
                }
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let locked = cells.len() < 4 && found_houses > 1 && !hidden && same[2] && (same[0] || same[1]);
    Some((elims, locked))
}

/// The house groups in HoDoKu's subset scan order: boxes, rows, columns.
const SUBSET_HOUSES: [std::ops::Range<usize>; 3] = [18..27, 0..9, 9..18];

/// Visits the `n`-element combinations of `items` in increasing order until `f` returns a value.
fn combinations<T: Copy, R>(
    items: &[T],
    n: usize,
    f: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy, R>(
        items: &[T],
        n: usize,
        start: usize,
        acc: &mut Vec<T>,
        f: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if acc.len() == n {
            return f(acc);
        }
        for i in start..items.len() {
            if items.len() - i < n - acc.len() {
                break;
            }
            acc.push(items[i]);
            let r = go(items, n, i + 1, acc, f);
            acc.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go(items, n, 0, &mut Vec::with_capacity(n), f)
}

/// A naked subset of `n` cells; `locked` asks for the locked pair or triple only, otherwise
/// locked ones are passed over (the locked steps, earlier in the list, have them).
pub(super) fn naked_subset(b: &Board, n: usize, locked: bool, kind: Kind) -> Option<StepFound> {
    let groups: &[std::ops::Range<usize>] = if locked {
        &SUBSET_HOUSES[..1]
    } else {
        &SUBSET_HOUSES
    };
    for group in groups {
        for h in group.clone() {
            let cells: Vec<usize> = house_cells(h)
                .into_iter()
                .filter(|&c| {
                    let k = b.cands[c].count_ones() as usize;
                    k != 0 && k <= n
                })
                .collect();
            if cells.len() < n {
                continue;
            }
            let hit = combinations(&cells, n, &mut |set: &[usize]| {
                let mask = set.iter().fold(0, |m, &c| m | b.cands[c]);
                if mask.count_ones() as usize != n {
                    return None;
                }
                let (elims, is_locked) = subset_step(b, set, mask, false)?;
                (is_locked == locked).then_some(elims)
            });
            if let Some(elims) = hit {
                return Some(StepFound::eliminate(kind, elims));
            }
        }
    }
    None
}

/// A hidden subset of `n` digits confined to `n` cells of a house.
pub(super) fn hidden_subset(b: &Board, n: usize, kind: Kind) -> Option<StepFound> {
    for group in &SUBSET_HOUSES {
        for h in group.clone() {
            let hc = house_cells(h);
            if hc.iter().filter(|&&c| b.cands[c] != 0).count() <= n {
                continue;
            }
            let ds: Vec<u8> = (1..=9u8)
                .filter(|&d| {
                    let f = b.free[h][d as usize] as usize;
                    f != 0 && f <= n
                })
                .collect();
            if ds.len() < n {
                continue;
            }
            let hit = combinations(&ds, n, &mut |set: &[u8]| {
                let places: u16 = set.iter().fold(0, |m, &d| {
                    (0..9)
                        .filter(|&i| b.has(hc[i], d))
                        .fold(m, |m, i| m | 1 << i)
                });
                if places.count_ones() as usize != n {
                    return None;
                }
                let cells: Vec<usize> = (0..9)
                    .filter(|i| places & 1 << i != 0)
                    .map(|i| hc[i])
                    .collect();
                let mask = set.iter().fold(0u16, |m, &d| m | 1 << d);
                subset_step(b, &cells, mask, true).map(|(e, _)| e)
            });
            if let Some(elims) = hit {
                return Some(StepFound::eliminate(kind, elims));
            }
        }
    }
    None
}
