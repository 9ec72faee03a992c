//! Aligned pair exclusion (6.2), as SE finds it.
//!
//! Take two cells and look at every pair of values they could take together. A pair is
//! impossible when the cells see each other and the values are equal, or when some bivalue cell
//! that sees both cells holds exactly those two values (it would be left empty). A value of
//! either cell that appears in no possible pair is removed. The "excluding" cells are the
//! bivalue cells seeing both base cells; SE requires at least two of them, and tries base cells
//! in pairs in row-by-row order.

use super::{cell_name, cells_name, cells_of, digits_of, State, Step, Technique, PEERS};

/// Aligned pair exclusion (6.2).
pub fn aligned_pair_exclusion(state: &State) -> Option<Step> {
    let mut bases: Vec<(usize, u128)> = Vec::new();
    for cell in 0..81 {
        if state.cands(cell).count_ones() < 2 {
            continue;
        }
        let mut excluders = 0u128;
        let mut single = false;
        for p in cells_of(PEERS[cell]) {
            match state.cands(p).count_ones() {
                1 => single = true,
                2 => excluders |= 1u128 << p,
                _ => {}
            }
        }
        if !single && excluders != 0 {
            bases.push((cell, excluders));
        }
    }
    // Pairs in SE's order (increasing bitmask over the base list): by the later cell, then the
    // earlier one.
    let pairs = (1..bases.len()).flat_map(|j| (0..j).map(move |i| (i, j)));
    for (i, j) in pairs {
        let (c0, e0) = bases[i];
        let (c1, e1) = bases[j];
        let common = e0 & e1;
        if common.count_ones() < 2 {
            continue;
        }
        let see = PEERS[c0] & (1u128 << c1) != 0;
        let (m0, m1) = (state.cands(c0), state.cands(c1));
        let (mut ok0, mut ok1) = (0u16, 0u16);
        for p0 in digits_of(m0) {
            for p1 in digits_of(m1) {
                if p0 == p1 && see {
                    continue;
                }
                let pair = 1u16 << (p0 - 1) | 1u16 << (p1 - 1);
                if cells_of(common).any(|x| state.cands(x) & !pair == 0) {
                    continue;
                }
                ok0 |= 1 << (p0 - 1);
                ok1 |= 1 << (p1 - 1);
            }
        }
        let mut elims: Vec<(u8, u8)> = digits_of(m0 & !ok0).map(|d| (c0 as u8, d)).collect();
        elims.extend(digits_of(m1 & !ok1).map(|d| (c1 as u8, d)));
        if elims.is_empty() {
            continue;
        }
        return Some(Step::eliminations(
            Technique::AlignedPairExclusion,
            elims,
            format!(
                "Aligned Pair Exclusion: the values {} and {} could take together are all ruled out by each other or by the bivalue cells {}, except those left",
                cell_name(c0),
                cell_name(c1),
                cells_name(cells_of(common))
            ),
        ));
    }
    None
}
