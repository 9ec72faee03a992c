//! HoDoKu 2.2's Empty Rectangle (`SingleDigitPatternSolver.findEmptyRectangles`,
//! `findEmptyRectanglesForCandidate`, `checkEmptyRectangle`), in HoDoKu's scan order.
//!
//! Default options: no duals (`allowDualsAndSiamese` is off, so "Dual Empty Rectangle" is never
//! played) and no ER with only two candidates (`allowErsWithOnlyTwoCandidates` is off). Digits
//! 1..9, boxes 0..8, the nine empty-corner shapes of a box in HoDoKu's order; for each, the ER
//! row is tried against conjugate pairs in columns, then the ER column against pairs in rows. The
//! first candidate that can go is removed (one per step).

use super::board::{house_cells, houses_of, Board};
use super::steps::{Kind, StepFound};

/// The nine ER shapes of a box as (row offset, column offset) of the ER line and column; the four
/// cells outside both must not hold the digit (HoDoKu's `erOffsets`/`erLineOffsets`/`erColOffsets`).
const SHAPES: [(usize, usize); 9] = [
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 2),
    (1, 1),
    (1, 0),
    (0, 2),
    (0, 1),
    (0, 0),
];

/// The first Empty Rectangle HoDoKu plays at this position.
pub(super) fn empty_rectangle(b: &Board) -> Option<StepFound> {
    for d in 1..=9u8 {
        for bx in 0..9 {
            if let Some(step) = in_box(b, d, bx) {
                return Some(step);
            }
        }
    }
    None
}

/// The first ER elimination for digit `d` using box `bx`.
fn in_box(b: &Board, d: u8, bx: usize) -> Option<StepFound> {
    let n = b.free[18 + bx][d as usize];
    if !(2..=5).contains(&n) {
        return None;
    }
    let cells: Vec<usize> = house_cells(18 + bx)
        .iter()
        .copied()
        .filter(|&c| b.has(c, d))
        .collect();
    let (r0, c0) = (bx / 3 * 3, bx % 3 * 3);
    for (dr, dc) in SHAPES {
        let (row, col) = (r0 + dr, c0 + dc);
        let (on_row, on_col) = (|c: usize| c / 9 == row, |c: usize| c % 9 == col);
        if cells.iter().any(|&c| !on_row(c) && !on_col(c)) {
            continue;
        }
        let in_row = cells.iter().filter(|&&c| on_row(c)).count();
        let in_col = cells.iter().filter(|&&c| on_col(c)).count();
        if !cells.iter().any(|&c| on_row(c) && !on_col(c))
            || !cells.iter().any(|&c| on_col(c) && !on_row(c))
        {
            continue;
        }
        if in_row < 2 && in_col < 2 {
            continue;
        }
        if let Some(step) = check(b, d, bx, row, col, false) {
            return Some(step);
        }
        if let Some(step) = check(b, d, bx, row, col, true) {
            return Some(step);
        }
    }
    None
}

/// HoDoKu's `checkEmptyRectangle`: for each cell of the ER row (of the ER column when
/// `reversed`) outside the box holding `d`, a conjugate pair in its column (row); a candidate in
/// the row (column) of the pair's other end, outside the box and in the ER column (row), goes.
fn check(b: &Board, d: u8, bx: usize, row: usize, col: usize, reversed: bool) -> Option<StepFound> {
    // Row/column houses and accessors, swapped when reversed.
    let (line_h, first_col) = if reversed { (9 + col, row) } else { (row, col) };
    let line_of = |c: usize| if reversed { c % 9 } else { c / 9 };
    let col_of = |c: usize| if reversed { c / 9 } else { c % 9 };
    let line_house = |l: usize| if reversed { 9 + l } else { l };
    let col_house = |k: usize| if reversed { k } else { 9 + k };
    for &index in house_cells(line_h).iter() {
        if houses_of(index)[2] == 18 + bx || !b.has(index, d) {
            continue;
        }
        let pair: Vec<usize> = house_cells(col_house(col_of(index)))
            .iter()
            .copied()
            .filter(|&c| b.has(c, d))
            .collect();
        if pair.len() != 2 {
            continue;
        }
        let index2 = if pair[0] == index { pair[1] } else { pair[0] };
        let del = house_cells(line_house(line_of(index2)))
            .iter()
            .copied()
            .filter(|&c| b.has(c, d) && houses_of(c)[2] != 18 + bx)
            .find(|&c| col_of(c) == first_col);
        if let Some(c) = del {
            return Some(StepFound::eliminate(Kind::EmptyRectangle, vec![(c, d)]));
        }
    }
    None
}
