//! Proofs that a step of HoDoKu's list cannot apply, for steps this module does not play yet.
//! Each test over-approximates the step: when it answers `true` the step surely has no instance,
//! so the rating may try the next step as HoDoKu would; otherwise the rating stops.

use super::board::Board;

/// No BUG+1: a BUG+1 needs every unsolved cell to hold two candidates but one cell with three.
pub(super) fn no_bug_plus_one(b: &Board) -> bool {
    let mut three = 0;
    for c in 0..81 {
        match b.cands[c].count_ones() {
            0 | 2 => {}
            3 => three += 1,
            _ => return true,
        }
    }
    three != 1
}
