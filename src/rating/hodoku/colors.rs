//! HoDoKu 2.2's Simple Colors and Multi Colors (`solver/ColoringSolver.java`: `doColoring`,
//! `findSimpleColorStepsForCandidate`, `findMultiColorStepsForCandidate`), each the first step
//! found, as the rating asks for it (`getStep` with `onlyOne`).
//!
//! Coloring, per digit 1..9: the cells holding the digit that lie in at least one conjugate pair
//! (a house where the digit has exactly two places) are colored from the lowest uncolored cell,
//! depth first through the conjugate partner in its row, then column, then box, alternating two
//! colors; a cluster needs both colors (one cell alone is dropped). Clusters are numbered in the
//! order they are started.
//!
//! - Simple Colors, per cluster: *wrap* when two cells of one color see each other (every cell
//!   of that color loses the digit: the first color's cells, then the second's, each in cell
//!   order); else *trap*: the cells holding the digit that see a cell of each color, in cell order.
//! - Multi Colors, per ordered pair of different clusters (i, j): *type 2* when cells of one color
//!   of i see both colors of j (that color's cells go); else *type 1* when a color of i sees a
//!   color of j (the cells seeing both other colors go). HoDoKu checks the four combinations in
//!   its order and lists an elimination as often as it is found; the effect is the same.

use super::board::{buddies, cells_of as cells, houses_of, Board};
use super::steps::{Kind, StepFound};

/// A set of cells (bit = cell index).
type Cells = u128;

/// The cells holding digit `d`.
fn with_digit(b: &Board, d: u8) -> Cells {
    (0..81).filter(|&c| b.has(c, d)).fold(0, |m, c| m | 1 << c)
}

/// The conjugate partner of `cell` for `d` in `house`, when `d` has exactly two places there.
fn partner(b: &Board, d: u8, cell: usize, house: usize) -> Option<usize> {
    if b.free[house][d as usize] != 2 {
        return None;
    }
    let mut two = super::board::house_cells(house)
        .into_iter()
        .filter(|&c| b.has(c, d));
    let first = two.next()?;
    if first == cell {
        two.next()
    } else {
        Some(first)
    }
}

/// The color clusters of digit `d`: (first color, second color) in the order they were started
/// (HoDoKu's `doColoring`).
fn clusters(b: &Board, d: u8) -> Vec<(Cells, Cells)> {
    let mut open: Cells = 0;
    for c in cells(with_digit(b, d)) {
        if houses_of(c).iter().any(|&h| b.free[h][d as usize] == 2) {
            open |= 1 << c;
        }
    }
    let mut out = Vec::new();
    while open != 0 {
        let start = open.trailing_zeros() as usize;
        let mut pair = [0 as Cells; 2];
        color(b, d, start, 0, &mut open, &mut pair);
        if pair[0] != 0 && pair[1] != 0 {
            out.push((pair[0], pair[1]));
        }
    }
    out
}

/// HoDoKu's `doColoringForColorRecursive`: colors `cell` with `side` and its conjugate
/// partners (row, column, box) with the other color, depth first.
fn color(b: &Board, d: u8, cell: usize, side: usize, open: &mut Cells, pair: &mut [Cells; 2]) {
    if *open & (1 << cell) == 0 {
        return;
    }
    pair[side] |= 1 << cell;
    *open &= !(1 << cell);
    for h in houses_of(cell) {
        if let Some(next) = partner(b, d, cell, h) {
            color(b, d, next, 1 - side, open, pair);
        }
    }
}

/// True when two cells of `set` see each other (`checkColorWrap`, `checkMultiColor2` with one set).
fn sees_itself(set: Cells) -> bool {
    cells(set).any(|c| buddies(c) & set != 0)
}

/// True when a cell of `a` sees a cell of `b` (`checkMultiColor2`).
fn sees_set(a: Cells, b: Cells) -> bool {
    cells(a).any(|c| buddies(c) & b != 0)
}

/// The cells holding `d` that see a cell of `a` and a cell of `b` (`checkCandidateToDelete`).
fn trapped(b: &Board, d: u8, a: Cells, other: Cells) -> Cells {
    let mut out = 0;
    for x in cells(a) {
        for y in cells(other) {
            out |= buddies(x) & buddies(y);
        }
    }
    out & with_digit(b, d)
}

/// True when the cells of `set` together see both `s1` and `s2` (`checkMultiColor1`).
fn sees_both(set: Cells, s1: Cells, s2: Cells) -> bool {
    let seen = cells(set).fold(0, |m, c| m | buddies(c));
    seen & s1 != 0 && seen & s2 != 0
}

/// A step removing `d` from `set`'s cells (in the order given), named `label`.
fn step(kind: Kind, label: &str, d: u8, sets: &[Cells]) -> StepFound {
    let elims = sets
        .iter()
        .flat_map(|&s| cells(s).map(move |c| (c, d)))
        .collect();
    let mut found = StepFound::eliminate(kind, elims);
    found.label = Some(label.to_string());
    found
}

/// The first Simple Colors step (wrap or trap).
pub(super) fn simple_colors(b: &Board) -> Option<StepFound> {
    for d in 1..=9u8 {
        for (c1, c2) in clusters(b, d) {
            let wrapped: Vec<Cells> = [c1, c2].into_iter().filter(|&s| sees_itself(s)).collect();
            if !wrapped.is_empty() {
                return Some(step(Kind::SimpleColors, "Simple Colors Wrap", d, &wrapped));
            }
            let trap = trapped(b, d, c1, c2);
            if trap != 0 {
                return Some(step(Kind::SimpleColors, "Simple Colors Trap", d, &[trap]));
            }
        }
    }
    None
}

/// The first Multi Colors step (type 2 before type 1 for each ordered pair of clusters).
pub(super) fn multi_colors(b: &Board) -> Option<StepFound> {
    for d in 1..=9u8 {
        let all = clusters(b, d);
        for (i, &(s11, s12)) in all.iter().enumerate() {
            for (j, &(s21, s22)) in all.iter().enumerate() {
                if i == j {
                    continue;
                }
                let gone: Vec<Cells> = [s11, s12]
                    .into_iter()
                    .filter(|&s| sees_both(s, s21, s22))
                    .collect();
                if !gone.is_empty() {
                    return Some(step(Kind::MultiColors, "Multi Colors 2", d, &gone));
                }
                let mut trap = 0;
                for (x, y, keep_x, keep_y) in [
                    (s11, s21, s12, s22),
                    (s11, s22, s12, s21),
                    (s12, s21, s11, s22),
                    (s12, s22, s11, s21),
                ] {
                    if sees_set(x, y) {
                        trap |= trapped(b, d, keep_x, keep_y);
                    }
                }
                if trap != 0 {
                    return Some(step(Kind::MultiColors, "Multi Colors 1", d, &[trap]));
                }
            }
        }
    }
    None
}
