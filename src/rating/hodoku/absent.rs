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
use super::board::{houses_of, Board};

/// True when cells `a` and `b` are distinct and share a house.
fn sees(a: usize, b: usize) -> bool {
    a != b && houses_of(a).iter().zip(houses_of(b)).any(|(x, y)| *x == y)
}

/// No Remote Pair: no group of at least four cells holding the same two candidates and linked
/// by sight contains two cells that a third cell holding one of the two digits sees (a Remote
/// Pair needs a chain of at least four such cells and eliminates only from cells that see two of
/// them).
pub(super) fn no_remote_pair(b: &Board) -> bool {
    let mut seen = [false; 81];
    for start in 0..81 {
        let pair = b.cands[start];
        if seen[start] || pair.count_ones() != 2 {
            continue;
        let mut group = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < group.len() {
            let c = group[k];
            for n in 0..81 {
                if !seen[n] && b.cands[n] == pair && sees(c, n) {
                    seen[n] = true;
                    group.push(n);
                }
            }
            k += 1;
        if group.len() < 4 {
            continue;
        for z in 0..81 {
            if b.cands[z] & pair == 0 || group.contains(&z) {
                continue;
            }
            if group.iter().filter(|&&g| sees(g, z)).count() >= 2 {
                return false;
            }
    true
}
