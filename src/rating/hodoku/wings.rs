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

use super::board::{digits, house_cells, houses_of, Board};
use super::steps::{Kind, StepFound};

/// True when cells `a` and `b` are different and share a house (HoDoKu's `buddies`).
fn sees(a: usize, b: usize) -> bool {
    a != b && houses_of(a).iter().zip(houses_of(b)).any(|(x, y)| *x == y)
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::hodoku::reference::{parse_log, replay, Finding};
    use crate::rating::hodoku::{nine_by_nine, play};
    use crate::sudoku::Grid;

    /// HoDoKu 2.2's batch output (`/c default /bs FILE /vp`) for one puzzle whose path holds an
    /// XYZ-Wing, an XY-Wing and a W-Wing.
    const LOG: &str = "\
.5.6..2....28....37...15.9...6....17..5...9..32....4...4.92...61....65....7..8.4. #1 Hard (1052)
   Hidden Single: r3c4=2
   Hidden Single: r9c1=2
   Hidden Single: r2c8=5
   Hidden Single: r7c1=5
   Hidden Single: r6c9=5
   Hidden Single: r5c2=7
   Hidden Single: r4c6=2
   Hidden Single: r9c2=6
   Hidden Single: r2c1=6
   Hidden Single: r2c2=1
   Naked Single: r2c7=7
   Naked Single: r1c8=8
   Naked Single: r3c7=6
   Naked Single: r3c9=4
   Full House: r1c9=1
   Naked Single: r6c8=6
   Naked Single: r9c9=9
   Hidden Single: r6c3=1
   Naked Single: r6c4=7
   Naked Single: r6c6=9
   Full House: r6c5=8
   Naked Single: r2c6=4
   Full House: r2c5=9
   Hidden Single: r1c3=4
   Naked Single: r1c1=9
   Hidden Single: r5c5=6
   Hidden Single: r8c3=9
   Hidden Single: r4c2=9
   XYZ-Wing: 1/3/4 in r5c46,r8c4 => r4c4<>3
   XY-Wing: 3/4/5 in r48c4,r9c5 => r4c5,r9c4<>5
   Hidden Single: r4c4=5
   Hidden Single: r9c5=5
   Skyscraper: 3 in r4c5,r9c4 (connected by r49c7) => r5c4,r8c5<>3
   Locked Candidates Type 2 (Claiming): 3 in c4 => r7c6<>3
   W-Wing: 7/3 in r1c6,r7c8 connected by 3 in r5c68 => r7c6<>7
   Naked Single: r7c6=1
   Naked Single: r5c6=3
   Full House: r1c6=7
   Full House: r1c5=3
   Naked Single: r9c4=3
   Full House: r9c7=1
   Naked Single: r4c5=4
   Full House: r5c4=1
   Full House: r8c4=4
   Full House: r8c5=7
   Naked Single: r5c8=2
   Naked Single: r4c1=8
   Full House: r4c7=3
   Full House: r5c9=8
   Full House: r5c1=4
   Full House: r7c7=8
   Full House: r8c9=2
   Naked Single: r8c8=3
   Full House: r7c8=7
   Full House: r7c3=3
   Full House: r8c2=8
   Full House: r3c3=8
   Full House: r3c2=3
";

    /// The board of HoDoKu's path just before its first step named `name`, and that step's
    /// effect.
    fn before(name: &str) -> (Board, Vec<(usize, u8)>) {
        let reference = parse_log(LOG).remove(0);
        let grid = Grid::parse(&reference.puzzle).unwrap();
        let mut b = Board::new(&nine_by_nine(&grid).unwrap());
        for step in &reference.steps {
            let effect = step.effect.clone().unwrap();
            if step.name == name {
                return (b, effect.eliminations);
            }
            play(&mut b, &effect.placements, &effect.eliminations);
        }
        panic!("no {name} in the log");
    }

    #[test]
    fn the_wings_of_hodokus_path_are_matched_and_nothing_is_wrong() {
        let reference = parse_log(LOG).remove(0);
        let findings = replay(&reference).unwrap();
        assert!(
            !findings.iter().any(|f| matches!(f, Finding::Wrong { .. })),
            "{findings:?}"
        );
        for entry in ["W-Wing", "XY-Wing", "XYZ-Wing"] {
            assert!(findings.contains(&Finding::Matched { entry }), "{entry}");
        }
    }

    #[test]
    fn each_finder_finds_hodokus_wing_on_its_position() {
        let (b, theirs) = before("W-Wing");
        // 7/3 in r1c6,r7c8 joined by 3 in r5c68: r7c6 loses 7.
        assert_eq!(theirs, [(59, 7)]);
        assert_eq!(w_wing(&b).unwrap().eliminations, theirs);

        let (b, theirs) = before("XY-Wing");
        assert_eq!(xy_wing(&b).unwrap().eliminations, [(31, 5), (75, 5)]);
        assert_eq!(theirs, [(31, 5), (75, 5)]);

        let (b, theirs) = before("XYZ-Wing");
        assert_eq!(xyz_wing(&b).unwrap().eliminations, theirs);
        assert_eq!(xy_wing(&b), None);
        assert_eq!(w_wing(&b), None);
    }
}
