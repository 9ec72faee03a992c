//! HoDoKu 2.2's uniqueness steps (port of `solver/UniquenessSolver.java`): BUG+1, Uniqueness
//! Tests 1 to 6, Hidden Rectangle and Avoidable Rectangles 1 and 2.
//!
//! HoDoKu scans every rectangle once per position (bivalue start cells in cell order, the second
//! corner in the start cell's box, the far side in box order), checks each new rectangle for all
//! types at once and caches the instances of other types, so the instance played for a type is
//! the first of that type in the full scan. Rectangles are deduplicated by HoDoKu's decimal key of
//! the sorted corners (which can collide, and then a rectangle is skipped), kept here as is.
//! Candidates may be missing from rectangle cells (HoDoKu's default
//! `allowUniquenessMissingCandidates`): a corner only has to be empty and not see a placed digit.

use super::board::{digits, house_cells, house_set, houses_of, sees, Board};
use super::steps::{Kind, StepFound};

/// A set of cells as bits 0..81.
type Cells = u128;

/// The cells seen by `c` (itself excluded).
fn buddies(c: usize) -> Cells {
    (0..81).filter(|&o| sees(c, o)).fold(0, |m, o| m | 1 << o)
}

/// The cells holding candidate `d`.
fn with_cand(b: &Board, d: u8) -> Cells {
    (0..81).filter(|&c| b.has(c, d)).fold(0, |m, c| m | 1 << c)
}

/// The cells of a set, ascending.
fn members(s: Cells) -> Vec<usize> {
    (0..81).filter(|&c| s & 1 << c != 0).collect()
}

/// HoDoKu's `candidatesAllowed[d]`: empty cells that see no placed `d`.
fn allowed(b: &Board, c: usize, d: u8) -> bool {
    b.values[c] == 0 && (0..81).all(|o| !(sees(c, o) && b.values[o] == d))
}

/// BUG+1 (`getBugPlus1`): one cell with three candidates, all others two; one digit occurs three
/// times in that cell's row, column and box, and only there: the cell's other candidates go.
pub(super) fn bug_plus_one(b: &Board) -> Option<StepFound> {
    let mut index3 = None;
    for c in 0..81 {
        match b.cands[c].count_ones() {
            0..=2 => {}
            3 if index3.is_none() => index3 = Some(c),
            _ => return None,
        }
    }
    let index3 = index3?;
    let mut cand3 = None;
    let mut constraints = [None; 3];
    for h in 0..27 {
        for d in 1..=9u8 {
            match b.free[h][d as usize] {
                0..=2 => {}
                3 => {
                    if constraints[h / 9].is_some() || cand3.is_some_and(|c| c != d) {
                        return None;
                    }
                    cand3 = Some(d);
                    constraints[h / 9] = Some(h);
                }
                _ => return None,
            }
        }
    }
    let cand3 = cand3?;
    let hs = houses_of(index3);
    if !b.has(index3, cand3) || (0..3).any(|t| constraints[t] != Some(hs[t])) {
        return None;
    }
    let elims = digits(b.cands[index3])
        .filter(|&d| d != cand3)
        .map(|d| (index3, d))
        .collect();
    Some(StepFound::eliminate(Kind::BivalueUniversalGrave, elims))
}

/// HoDoKu's rectangle registry (`checkRect`): keys of the rectangles already checked.
struct Registry(Vec<u32>);

impl Registry {
    /// True (and records it) when the rectangle's key is new; HoDoKu keeps at most 400 keys and
    /// re-checks rectangles once full.
    fn is_new(&mut self, corners: [usize; 4]) -> bool {
        let mut s = corners;
        s.sort_unstable();
        let key = (((s[0] as u32 * 10 + s[1] as u32) * 10 + s[2] as u32) * 10) + s[3] as u32;
        if self.0.contains(&key) {
            return false;
        }
        if self.0.len() < 400 {
            self.0.push(key);
        }
        true
    }
}

/// The first instance of uniqueness step `kind` (a Uniqueness Test, Hidden Rectangle or an
/// Avoidable Rectangle) in HoDoKu's scan order.
pub(super) fn uniqueness(b: &Board, kind: Kind) -> Option<StepFound> {
    let avoidable = matches!(kind, Kind::AvoidableRectangle1 | Kind::AvoidableRectangle2);
    let mut out = Vec::new();
    let mut reg = Registry(Vec::new());
    for i in 0..81 {
        if avoidable {
            if b.values[i] == 0 || b.givens[i] {
                continue;
            }
            // HoDoKu searches each start cell twice (the second pass finds only known ones).
            for _ in 0..2 {
                start_cell(b, i, b.values[i], 0, true, &mut reg, &mut out);
            }
        } else if b.cands[i].count_ones() == 2 {
            let mut ds = digits(b.cands[i]);
            let (c1, c2) = (ds.next()?, ds.next()?);
            start_cell(b, i, c1, c2, false, &mut reg, &mut out);
        }
        if let Some(pos) = out.iter().position(|s: &StepFound| s.kind == kind) {
            return Some(out.swap_remove(pos));
        }
    }
    None
}

/// `findUniquenessForStartCell`: the rectangles with corner `i11`, checked in HoDoKu's order.
fn start_cell(
    b: &Board,
    i11: usize,
    cand1: u8,
    mut cand2: u8,
    avoidable: bool,
    reg: &mut Registry,
    out: &mut Vec<StepFound>,
) {
    let [line11, col11, block11] = houses_of(i11);
    for i12 in house_cells(block11) {
        if i12 == i11 {
            continue;
        }
        let [line12, col12, _] = houses_of(i12);
        if line11 != line12 && col11 != col12 {
            continue;
        }
        let ok12 = if avoidable {
            b.values[i12] != 0 && !b.givens[i12]
        } else {
            b.values[i12] == 0 && allowed(b, i12, cand1) && allowed(b, i12, cand2)
        };
        if !ok12 {
            continue;
        }
        if avoidable {
            cand2 = b.values[i12];
        }
        let is_lines = line11 == line12;
        let unit11 = house_cells(if is_lines { col11 } else { line11 });
        let unit12 = house_cells(if is_lines { col12 } else { line12 });
        for j in 0..9 {
            let (i21, i22) = (unit11[j], unit12[j]);
            if houses_of(i21)[2] == block11 {
                continue;
            }
            let missing_ok =
                allowed(b, i21, cand1) && allowed(b, i22, cand1) && allowed(b, i22, cand2);
            let ok = missing_ok || (avoidable && avoidable_far_side(b, i21, i22, cand1, cand2));
            if ok && reg.is_new([i11, i12, i21, i22]) {
                let corners = [i11, i12, i21, i22];
                if avoidable {
                    out.extend(check_avoidable(b, i21, i22, cand1, cand2));
                } else {
                    check_ur(b, corners, cand1, cand2, out);
                }
            }
        }
    }
}

/// True when a cell is empty with two candidates, one of them `d`.
fn bivalue_with(b: &Board, c: usize, d: u8) -> bool {
    b.values[c] == 0 && b.has(c, d) && b.cands[c].count_ones() == 2
}

/// The far side of an Avoidable Rectangle: a placed non-given cell and a bivalue cell, or two
/// bivalue cells.
fn avoidable_far_side(b: &Board, i21: usize, i22: usize, cand1: u8, cand2: u8) -> bool {
    (b.values[i21] == cand2 && !b.givens[i21] && bivalue_with(b, i22, cand1))
        || (b.values[i22] == cand1 && !b.givens[i22] && bivalue_with(b, i21, cand2))
        || (bivalue_with(b, i21, cand2) && bivalue_with(b, i22, cand1))
}

/// `checkAvoidableRectangle`.
fn check_avoidable(b: &Board, i21: usize, i22: usize, cand1: u8, cand2: u8) -> Option<StepFound> {
    if b.values[i21] != 0 || b.values[i22] != 0 {
        let del = if b.values[i21] != 0 {
            (i22, cand1)
        } else {
            (i21, cand2)
        };
        return b
            .has(del.0, del.1)
            .then(|| StepFound::eliminate(Kind::AvoidableRectangle1, vec![del]));
    }
    let mut ds = digits(b.cands[i21]);
    let first = ds.next()?;
    let extra = if first == cand2 { ds.next()? } else { first };
    if !b.has(i22, extra) {
        return None;
    }
    let set = buddies(i21) & buddies(i22) & with_cand(b, extra);
    if set == 0 {
        return None;
    }
    let elims = members(set).into_iter().map(|c| (c, extra)).collect();
    Some(StepFound::eliminate(Kind::AvoidableRectangle2, elims))
}

/// `checkURForStep`: every type at once, instances appended in HoDoKu's order.
fn check_ur(b: &Board, corners: [usize; 4], cand1: u8, cand2: u8, out: &mut Vec<StepFound>) {
    let ur_mask: u16 = 1 << cand1 | 1 << cand2;
    let mut two: Cells = 0;
    let mut add: Cells = 0;
    for &c in &corners {
        if b.cands[c] & !ur_mask == 0 {
            two |= 1 << c;
        } else {
            add |= 1 << c;
        }
    }
    let ur = two | add;
    let twos = members(two);
    let adds = members(add);
    let del_from = |cells: &[usize], ds: &[u8]| -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for &c in cells {
            for &d in ds {
                if b.has(c, d) {
                    v.push((c, d));
                }
            }
        }
        v
    };
    // Uniqueness Test 1.
    if twos.len() == 3 {
        let elims = del_from(&adds[..1], &[cand1, cand2]);
        if !elims.is_empty() {
            out.push(StepFound::eliminate(Kind::UniquenessTest1, elims));
        }
    }
    // Uniqueness Test 2 / 5.
    if twos.len() == 2 || twos.len() == 1 {
        let mut add_mask: u16 = 0;
        let mut set: Cells = (1 << 81) - 1;
        for &c in &adds {
            add_mask |= b.cands[c] & !ur_mask;
            if add_mask.count_ones() > 1 {
                break;
            }
            set &= buddies(c);
        }
        if add_mask.count_ones() == 1 {
            let d = add_mask.trailing_zeros() as u8;
            set &= with_cand(b, d);
            if set != 0 {
                let (i1, i2) = (adds[0], adds[1]);
                let diagonal =
                    houses_of(i1)[0] != houses_of(i2)[0] && houses_of(i1)[1] != houses_of(i2)[1];
                let kind = if adds.len() == 3 || diagonal {
                    Kind::UniquenessTest5
                } else {
                    Kind::UniquenessTest2
                };
                let elims = members(set).into_iter().map(|c| (c, d)).collect();
                out.push(StepFound::eliminate(kind, elims));
            }
        }
    }
    if twos.len() == 2 {
        let (i1, i2) = (adds[0], adds[1]);
        let (h1, h2) = (houses_of(i1), houses_of(i2));
        // Uniqueness Test 3.
        let u3 = adds.iter().fold(0u16, |m, &c| m | (b.cands[c] & !ur_mask));
        for t in 0..3 {
            if h1[t] == h2[t] {
                check_ut3(b, t, h1[t], u3, ur_mask, ur, add, out);
            }
        }
        // Uniqueness Test 4.
        if h1[0] == h2[0] || h1[1] == h2[1] {
            let set = buddies(i1) & buddies(i2);
            let del = if set & with_cand(b, cand1) == 0 {
                Some(cand2)
            } else if set & with_cand(b, cand2) == 0 {
                Some(cand1)
            } else {
                None
            };
            if let Some(d) = del {
                let elims = del_from(&[i1, i2], &[d]);
                if !elims.is_empty() {
                    out.push(StepFound::eliminate(Kind::UniquenessTest4, elims));
                }
            }
        }
        // Uniqueness Test 6.
        if h1[0] != h2[0] && h1[1] != h2[1] {
            let set =
                (house_set(h1[0]) | house_set(h1[1]) | house_set(h2[0]) | house_set(h2[1])) & !ur;
            let del = if set & with_cand(b, cand1) == 0 {
                Some(cand1)
            } else if set & with_cand(b, cand2) == 0 {
                Some(cand2)
            } else {
                None
            };
            if let Some(d) = del {
                let elims = del_from(&[i1, i2], &[d]);
                if !elims.is_empty() {
                    out.push(StepFound::eliminate(Kind::UniquenessTest6, elims));
                }
            }
        }
    }
    // Hidden Rectangle.
    if twos.len() == 2 || twos.len() == 1 {
        let do_check = twos.len() == 1 || {
            let (a, c) = (houses_of(twos[0]), houses_of(twos[1]));
            a[0] != c[0] && a[1] != c[1]
        };
        if do_check {
            for &corner in &twos {
                hidden_rectangle(b, corner, &adds, ur, cand1, cand2, out);
            }
        }
    }
}

/// `checkHiddenRectangle` with corner `corner`: the line and column through the opposite cell.
fn hidden_rectangle(
    b: &Board,
    corner: usize,
    adds: &[usize],
    ur: Cells,
    cand1: u8,
    cand2: u8,
    out: &mut Vec<StepFound>,
) {
    let [line_c, col_c, _] = houses_of(corner);
    let (a1, a2) = (houses_of(adds[0]), houses_of(adds[1]));
    let line = if a1[0] == line_c { a2[0] } else { a1[0] };
    let col = if a1[1] - 9 == col_c - 9 { a2[1] } else { a1[1] };
    for (x, y) in [(cand1, cand2), (cand2, cand1)] {
        let xs = with_cand(b, x) & !ur;
        if xs & house_set(line) != 0 || xs & house_set(col) != 0 {
            continue;
        }
        let del = 9 * line + (col - 9);
        if b.has(del, y) {
            out.push(StepFound::eliminate(Kind::HiddenRectangle, vec![(del, y)]));
        }
    }
}

/// `checkUniqueness3`: a naked subset of the additional candidates in house `h` (type `t`: 0
/// row, 1 column, 2 box) together with the two cells holding them.
#[allow(clippy::too_many_arguments)]
fn check_ut3(
    b: &Board,
    t: usize,
    h: usize,
    u3: u16,
    ur_mask: u16,
    ur: Cells,
    add: Cells,
    out: &mut Vec<StepFound>,
) {
    let unit = house_cells(h);
    let cands: Vec<usize> = unit
        .iter()
        .copied()
        .filter(|&c| b.cands[c] != 0 && b.cands[c] & ur_mask == 0 && ur & 1 << c == 0)
        .collect();
    if !cands.is_empty() {
        ut3_rec(b, t, &unit, &cands, u3, add, 0, out);
    }
}

/// `checkUniqueness3Recursive`.
#[allow(clippy::too_many_arguments)]
fn ut3_rec(
    b: &Board,
    t: usize,
    unit: &[usize; 9],
    u3: &[usize],
    included: u16,
    indices: Cells,
    start: usize,
    out: &mut Vec<StepFound>,
) {
    for i in start..u3.len() {
        let akt_cands = included | b.cands[u3[i]];
        let akt = indices | 1 << u3[i];
        let cells = members(akt);
        if (t != 2 || !same_line_or_col(&cells))
            && akt_cands.count_ones() as usize == cells.len() - 1
        {
            let mut elims = Vec::new();
            let collect = |cs: &[usize; 9], elims: &mut Vec<(usize, u8)>| {
                for &c in cs {
                    if b.values[c] == 0 && akt & 1 << c == 0 {
                        elims.extend(digits(b.cands[c] & akt_cands).map(|d| (c, d)));
                    }
                }
            };
            collect(unit, &mut elims);
            if !elims.is_empty() {
                if t != 2 {
                    let blk = houses_of(cells[0])[2];
                    if cells.iter().all(|&c| houses_of(c)[2] == blk) {
                        collect(&house_cells(blk), &mut elims);
                    }
                }
                out.push(StepFound::eliminate(Kind::UniquenessTest3, elims));
            }
        }
        ut3_rec(b, t, unit, u3, akt_cands, akt, i + 1, out);
    }
}

/// `isSameLineOrCol`.
fn same_line_or_col(cells: &[usize]) -> bool {
    let [r, c, _] = houses_of(cells[0]);
    cells.iter().all(|&x| houses_of(x)[0] == r) || cells.iter().all(|&x| houses_of(x)[1] == c)
}
