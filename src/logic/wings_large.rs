//! UVWXYZ-wing (6.6) and TUVWXYZ-wing (7.5): the WXYZ/VWXYZ pattern of [`super::wings`] grown to
//! an almost locked set of five or six cells, as Sukaku Explainer defines them.
//!
//! The pattern: `k` mutually visible cells (5 or 6, so all in one unit) with 2 to `k + 1`
//! candidates each and `k + 1` digits between them (an almost locked set), and a bivalue cell
//! {x,z} outside it whose two digits both occur in the set. A digit is *restricted* when every
//! set cell holding it sees the bivalue cell: then it cannot be true both in the set and in the
//! bivalue cell.
//!
//! - One restricted digit, say x: if the bivalue cell is not x it is z; if it is x, the set loses
//!   x and becomes a locked set holding z. Either way z is in the bivalue cell or the set, so z
//!   leaves every cell that sees the bivalue cell and all set cells holding z.
//! - Both restricted ("doubly linked"): the bivalue cell takes one of them and the set the other,
//!   so the set's other `k - 1` digits are locked in it: each leaves the cells that see all its set
//!   cells; and x and z each leave the cells that see the bivalue cell and all their set cells.
//!
//! Choice, as in SE's producers (`UVWXYZWing`, `TUVWXYZWing`, 2019 by SudokuMonster): the score is
//! fixed (6.6, 7.5), so among all instances the one with the most eliminations wins, then the
//! greatest suffix compared as text (SE's `getSuffix`: 2 if the applied instance is doubly linked
//! else 1, then the largest set cell's candidate count, then the sum of the set cells' counts),
//! then the first found. SE finds instances set by set, a set being the ascending tuple of its
//! cells in lexicographic order, then bivalue cell by bivalue cell in cell order; the sets here
//! are sorted into that order, so full ties resolve as in SE.
//!
//! SE keeps an instance as doubly linked only if it removes one of the other digits or both x
//! and z; otherwise its suffix starts with 1 (the eliminations are the same either way).

use super::{cell_name, cells_name, cells_of, digits_name, digits_of, State, Step, Technique};
use super::{CellSet, PEERS};

/// Cells that see every cell of `set` (all cells when `set` is empty).
fn seeing_all(set: CellSet) -> CellSet {
    cells_of(set).fold(!0u128 >> 47, |s, c| s & PEERS[c])
}

/// The almost locked sets of `k` cells of one unit with `k + 1` digits, in SE's order (ascending
/// cell tuples, lexicographically).
fn almost_locked_sets(state: &State, k: usize) -> Vec<CellSet> {
    let mut sets = super::wings::almost_locked_sets(state, k);
    sets.sort_by_cached_key(|&s| cells_of(s).collect::<Vec<_>>());
    sets
}

/// The best instance so far: its eliminations, SE's suffix and the step.
struct Best {
    count: usize,
    suffix: String,
    step: Step,
}

/// The wing with a set of `k` cells (5: UVWXYZ, 6: TUVWXYZ).
fn large_wing(state: &State, k: usize) -> Option<Step> {
    let technique = if k == 5 {
        Technique::UVWXYZWing
    } else {
        Technique::TUVWXYZWing
    };
    let mut best: Option<Best> = None;
    for set in almost_locked_sets(state, k) {
        let union = cells_of(set).fold(0u16, |a, c| a | state.cands(c));
        let biggest = cells_of(set)
            .map(|c| state.cands(c).count_ones())
            .max()
            .unwrap_or(0);
        let wing_size: u32 = cells_of(set).map(|c| state.cands(c).count_ones()).sum();
        let holders = |d: u8| {
            cells_of(set)
                .filter(|&c| state.has(c, d))
                .fold(0u128, |s, c| s | 1u128 << c)
        };
        let range = cells_of(set).fold(0u128, |a, c| a | PEERS[c]) & !set;
        for yz in cells_of(range) {
            let m = state.cands(yz);
            if m.count_ones() != 2 || (m & union) != m {
                continue;
            }
            let mut pair = digits_of(m);
            let (Some(x), Some(z)) = (pair.next(), pair.next()) else {
                continue;
            };
            let restricted = |d: u8| holders(d) & !PEERS[yz] == 0;
            let (rx, rz) = (restricted(x), restricted(z));
            if !rx && !rz {
                continue;
            }
            let outside = !(set | 1u128 << yz);
            let strong = |d: u8| cells_of(PEERS[yz] & seeing_all(holders(d)) & outside);
            let mut elims: Vec<(u8, u8)> = Vec::new();
            let double = rx && rz;
            let linked = if double {
                let mut weak = false;
                for w in digits_of(union & !m) {
                    for t in cells_of(seeing_all(holders(w)) & outside) {
                        if state.has(t, w) {
                            elims.push((t as u8, w));
                            weak = true;
                        }
                    }
                }
                let before = elims.len();
                elims.extend(strong(x).filter(|&t| state.has(t, x)).map(|t| (t as u8, x)));
                let on_x = elims.len() > before;
                let before = elims.len();
                elims.extend(strong(z).filter(|&t| state.has(t, z)).map(|t| (t as u8, z)));
                let on_z = elims.len() > before;
                weak || (on_x && on_z)
            } else {
                let other = if rx { z } else { x };
                elims.extend(
                    strong(other)
                        .filter(|&t| state.has(t, other))
                        .map(|t| (t as u8, other)),
                );
                false
            };
            if elims.is_empty() {
                continue;
            }
            let suffix = format!("{}{}{}", if linked { 2 } else { 1 }, biggest, wing_size);
            let better = match &best {
                None => true,
                Some(b) => elims.len() > b.count || (elims.len() == b.count && suffix > b.suffix),
            };
            if !better {
                continue;
            }
            elims.sort_unstable();
            let link = if double {
                format!(
                    "{} ({}) sees every {x} and every {z} of the set (doubly linked), so the set's other digits are locked in it",
                    cell_name(yz),
                    digits_name(m, "")
                )
            } else {
                let (r, o) = if rx { (x, z) } else { (z, x) };
                format!(
                    "{} ({}) sees every {r} of the set, so {o} is in {} or in the set",
                    cell_name(yz),
                    digits_name(m, ""),
                    cell_name(yz)
                )
            };
            let step = Step {
                technique,
                score_tenths: technique.score_tenths(),
                placement: None,
                eliminations: elims,
                explanation: format!(
                    "{}: {} hold only {}; {}",
                    technique.name(),
                    cells_name(cells_of(set)),
                    digits_name(union, "/"),
                    link
                ),
            };
            best = Some(Best {
                count: step.eliminations.len(),
                suffix,
                step,
            });
        }
    }
    best.map(|b| b.step)
}

/// UVWXYZ-wing: a five-cell almost locked set and a bivalue cell (6.6).
pub fn uvwxyz_wing(state: &State) -> Option<Step> {
    large_wing(state, 5)
}

/// TUVWXYZ-wing: a six-cell almost locked set and a bivalue cell (7.5).
pub fn tuvwxyz_wing(state: &State) -> Option<Step> {
    large_wing(state, 6)
}
