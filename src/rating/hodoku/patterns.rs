//! HoDoKu 2.2's basic fish (X-Wing, Swordfish, Jellyfish) and single-digit patterns (Skyscraper,
//! 2-String Kite), each in HoDoKu's scan order.
//!
//! - Basic fish of size n: digits 1..9; for each digit rows as base (columns as cover), then
//!   columns as base; base sets in increasing order of their house numbers; the first fish that
//!   removes a candidate, its eliminations in cell order.
//! - Skyscraper: rows (then columns) holding the digit exactly twice, digits 1..9 outer, pairs of
//!   such houses in order; one end of each pair aligned, the other two ends not; eliminations are
//!   the cells seeing both unaligned ends, in cell order.
//! - 2-String Kite: per digit, a row and a column with the digit twice whose ends share a box
//!   (the ends are swapped in place to bring the box ends first, as HoDoKu does, which carries over
//!   to later pairs); the cell where the other ends cross loses the digit.

use super::board::{house_cells, houses_of, sees, Board};
use super::steps::{Kind, StepFound};

/// The cells of house `h` holding `d`, as a bit set over the house's positions.
fn positions(b: &Board, h: usize, d: u8) -> u16 {
    house_cells(h)
        .iter()
        .enumerate()
        .filter(|(_, &c)| b.has(c, d))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// A basic fish of `size` base houses without fins.
pub(super) fn basic_fish(b: &Board, size: usize, kind: Kind) -> Option<StepFound> {
    for d in 1..=9u8 {
        for (base0, cover0) in [(0, 9), (9, 0)] {
            let bases: Vec<usize> = (base0..base0 + 9)
                .filter(|&h| {
                    let n = b.free[h][d as usize] as usize;
                    n >= 1 && n <= size
                })
                .collect();
            let mut combo = Vec::with_capacity(size);
            if let Some(step) = fish_combos(b, d, &bases, size, 0, &mut combo, cover0, kind) {
                return Some(step);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn fish_combos(
    b: &Board,
    d: u8,
    bases: &[usize],
    size: usize,
    start: usize,
    combo: &mut Vec<usize>,
    cover0: usize,
    kind: Kind,
) -> Option<StepFound> {
    if combo.len() == size {
        let lines = combo.iter().fold(0u16, |m, &h| m | positions(b, h, d));
        if lines.count_ones() as usize != size {
            return None;
        }
        let mut elims = Vec::new();
        for c in 0..81 {
            let [r, col, _] = houses_of(c);
            let (base_h, cover_h) = if cover0 == 9 { (r, col) } else { (col, r) };
            let cover_pos = cover_h - cover0;
            if b.has(c, d) && lines & 1 << cover_pos != 0 && !combo.contains(&base_h) {
                elims.push((c, d));
            }
        }
        return (!elims.is_empty()).then(|| StepFound::eliminate(kind, elims));
    }
    for i in start..bases.len() {
        combo.push(bases[i]);
        let r = fish_combos(b, d, bases, size, i + 1, combo, cover0, kind);
        combo.pop();
        if r.is_some() {
            return r;
        }
    }
    None
}

/// The first two cells of house `h` holding `d` (the house holds it exactly twice).
fn ends(b: &Board, h: usize, d: u8) -> [usize; 2] {
    let mut out = [0; 2];
    let mut k = 0;
    for c in house_cells(h) {
        if b.has(c, d) && k < 2 {
            out[k] = c;
            k += 1;
        }
    }
    out
}

/// A Skyscraper: rows first, then columns.
pub(super) fn skyscraper(b: &Board) -> Option<StepFound> {
    for lines in [true, false] {
        let start = if lines { 0 } else { 9 };
        let align = |c: usize| if lines { c % 9 } else { c / 9 };
        for d in 1..=9u8 {
            let pairs: Vec<[usize; 2]> = (start..start + 9)
                .filter(|&h| b.free[h][d as usize] == 2)
                .map(|h| ends(b, h, d))
                .collect();
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (p, q) = (pairs[i], pairs[j]);
                    let other = if align(p[0]) == align(q[0]) {
                        1
                    } else if align(p[1]) == align(q[1]) {
                        0
                    } else {
                        continue;
                    };
                    if align(p[other]) == align(q[other]) {
                        continue;
                    }
                    let elims: Vec<(usize, u8)> = (0..81)
                        .filter(|&c| b.has(c, d) && sees(c, p[other]) && sees(c, q[other]))
                        .map(|c| (c, d))
                        .collect();
                    if !elims.is_empty() {
                        return Some(StepFound::eliminate(Kind::Skyscraper, elims));
                    }
                }
            }
        }
    }
    None
}

/// A 2-String Kite.
pub(super) fn two_string_kite(b: &Board) -> Option<StepFound> {
    let boxof = |c: usize| houses_of(c)[2];
    for d in 1..=9u8 {
        let mut rows: Vec<[usize; 2]> = Vec::new();
        let mut cols: Vec<[usize; 2]> = Vec::new();
        for h in 0..18 {
            if b.free[h][d as usize] == 2 {
                if h < 9 {
                    rows.push(ends(b, h, d));
                } else {
                    cols.push(ends(b, h, d));
                }
            }
        }
        for p in rows.iter_mut() {
            for q in cols.iter_mut() {
                if boxof(p[0]) == boxof(q[0]) {
                } else if boxof(p[0]) == boxof(q[1]) {
                    q.swap(0, 1);
                } else if boxof(p[1]) == boxof(q[0]) {
                    p.swap(0, 1);
                } else if boxof(p[1]) == boxof(q[1]) {
                    q.swap(0, 1);
                    p.swap(0, 1);
                } else {
                    continue;
                }
                if p[0] == q[0] || p[0] == q[1] || p[1] == q[0] || p[1] == q[1] {
                    continue;
                }
                let cross = (q[1] / 9) * 9 + p[1] % 9;
                if b.has(cross, d) {
                    return Some(StepFound::eliminate(Kind::TwoStringKite, vec![(cross, d)]));
                }
            }
        }
    }
    None
}
