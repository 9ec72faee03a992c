//! HoDoKu 2.2's wings (W-Wing, XY-Wing, XYZ-Wing), each the first instance in HoDoKu's scan order
//! (ported from `solver/WingSolver.java`: `getWWing`/`checkLink` and `getWing`, with `onlyOne`
//! set, as the rating calls them).
//!
//! - W-Wing: two bivalue cells with the same two digits x/y (the first in cell order, the second
//!   after it); for x, then y, the cells seeing both that hold it; if any, the houses 0..27 are
//!   searched for a strong link on the other digit (exactly two places) with one end seeing the
//!   first cell and another end seeing the second. The eliminations are in cell order.
//! - XY-Wing: three bivalue cells `i < j < k` (in cell order) holding three digits together, no
//!   two alike; the pivot is tried as `i` (pincers `j`, `k`), then `j` (pincers `i`, `k`), then
//!   `k` (pincers `j`, `i`). The pivot sees both pincers, the pincers share one digit z, and the
//!   cells seeing both pincers lose z, in cell order.
//! - XYZ-Wing: a trivalue pivot (cell order) with two bivalue pincers `j < k` drawn from its
//!   digits (the first of them anywhere in cell order); z is the pincers' common digit and the
//!   cells seeing all three cells lose it.

use super::board::{digits, house_cells, sees, Board};
use super::steps::{Kind, StepFound};

/// The cells (in cell order) holding `d` and seeing every cell of `cells`.
fn seeing_all(b: &Board, cells: &[usize], d: u8) -> Vec<(usize, u8)> {
    (0..81)
        .filter(|&c| b.has(c, d) && cells.iter().all(|&p| sees(c, p)))
        .map(|c| (c, d))
        .collect()
}

/// The first W-Wing (`WingSolver.getWWing`).
pub(super) fn w_wing(b: &Board) -> Option<StepFound> {
    for i in 0..81 {
        if b.values[i] != 0 || b.cands[i].count_ones() != 2 {
            continue;
        }
        let mut pair = digits(b.cands[i]);
        let (Some(x), Some(y)) = (pair.next(), pair.next()) else {
            continue;
        };
        for j in i + 1..81 {
            if b.cands[j] != b.cands[i] {
                continue;
            }
            for (elim, link) in [(x, y), (y, x)] {
                let elims = seeing_all(b, &[i, j], elim);
                if !elims.is_empty() && strong_link_between(b, link, i, j) {
                    return Some(StepFound::eliminate(Kind::WWing, elims));
                }
            }
        }
    }
    None
}

/// True when some house holds `d` exactly twice, with one of its cells (other than `c1`, `c2`)
/// seeing `c1` and another seeing `c2` but not `c1` (`WingSolver.checkLink`: a cell seeing both
/// counts for the first).
fn strong_link_between(b: &Board, d: u8, c1: usize, c2: usize) -> bool {
    (0..27).any(|h| {
        if b.free[h][d as usize] != 2 {
            return false;
        }
        let (mut sees1, mut sees2) = (false, false);
        for c in house_cells(h) {
            if c != c1 && c != c2 && b.has(c, d) {
                if sees(c, c1) {
                    sees1 = true;
                } else if sees(c, c2) {
                    sees2 = true;
                }
            }
        }
        sees1 && sees2
    })
}

/// The first XY-Wing (`WingSolver.getWing` without z in the pivot).
pub(super) fn xy_wing(b: &Board) -> Option<StepFound> {
    let bi: Vec<usize> = (0..81).filter(|&c| b.cands[c].count_ones() == 2).collect();
    for (n, &i) in bi.iter().enumerate() {
        for (m, &j) in bi.iter().enumerate().skip(n + 1) {
            if (b.cands[i] | b.cands[j]).count_ones() != 3 {
                continue;
            }
            for &k in &bi[m + 1..] {
                if !three_digits_distinct(b, i, j, k) {
                    continue;
                }
                for (pivot, p1, p2) in [(i, j, k), (j, i, k), (k, j, i)] {
                    if let Some(step) = wing_at(b, pivot, p1, p2, false) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The first XYZ-Wing (`WingSolver.getWing` with z in the pivot).
pub(super) fn xyz_wing(b: &Board) -> Option<StepFound> {
    let bi: Vec<usize> = (0..81).filter(|&c| b.cands[c].count_ones() == 2).collect();
    let tri = (0..81).filter(|&c| b.cands[c].count_ones() == 3);
    for i in tri {
        for (m, &j) in bi.iter().enumerate() {
            if (b.cands[i] | b.cands[j]).count_ones() != 3 {
                continue;
            }
            for &k in &bi[m + 1..] {
                if !three_digits_distinct(b, i, j, k) {
                    continue;
                }
                if let Some(step) = wing_at(b, i, j, k, true) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// True when cells `i`, `j`, `k` hold three digits together and no two hold the same ones.
fn three_digits_distinct(b: &Board, i: usize, j: usize, k: usize) -> bool {
    let (ci, cj, ck) = (b.cands[i], b.cands[j], b.cands[k]);
    (ci | cj | ck).count_ones() == 3 && ci != cj && cj != ck && ck != ci
}

/// The wing with this pivot and these pincers, if the pivot sees both, the pincers share exactly
/// one digit z, and z can go from a cell seeing both pincers (and the pivot, for `xyz`).
fn wing_at(b: &Board, pivot: usize, p1: usize, p2: usize, xyz: bool) -> Option<StepFound> {
    if !sees(pivot, p1) || !sees(pivot, p2) {
        return None;
    }
    let common = b.cands[p1] & b.cands[p2];
    if common.count_ones() != 1 {
        return None;
    }
    let z = common.trailing_zeros() as u8;
    let elims = if xyz {
        seeing_all(b, &[p1, p2, pivot], z)
    } else {
        seeing_all(b, &[p1, p2], z)
    };
    let kind = if xyz { Kind::XyzWing } else { Kind::XyWing };
    (!elims.is_empty()).then(|| StepFound::eliminate(kind, elims))
}
