//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as SE finds them.
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
    let bases = exclusion_bases(state, 2);
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

/// Aligned triplet exclusion (7.5), SE's aligned exclusion of degree 3.
///
/// As the pair version, with three base cells and excluding cells of two or three candidates
/// that see all three: a triple of values is impossible when two cells that see each other take
/// the same value, or when some excluding cell's candidates are all among the three values. A
/// base cell's value that appears in no possible triple is removed. SE's search order: base cells
/// (two or more candidates, no peer with a single candidate, some peer with two or three) row by
/// row; the first two in pairs as in the pair version; the third among the base cells that one
/// of the first two sees through an excluding link — first those of the first cell, then the new
/// ones of the second, each in cell order — and at least two excluding cells common to all three.
/// The first triple with an elimination is applied.
pub fn aligned_triplet_exclusion(state: &State) -> Option<Step> {
    let bases = exclusion_bases(state, 3);
    let is_base = bases.iter().fold(0u128, |m, &(c, _)| m | 1u128 << c);
    let pairs = (1..bases.len()).flat_map(|j| (0..j).map(move |i| (i, j)));
    for (i, j) in pairs {
        let (c0, e0) = bases[i];
        let (c1, e1) = bases[j];
        let skip = 1u128 << c0 | 1u128 << c1;
        let first = e0 & is_base & !skip;
        let tail = cells_of(first).chain(cells_of(e1 & is_base & !skip & !first));
        for c2 in tail {
            let e2 = bases.iter().find(|&&(c, _)| c == c2).map_or(0, |&(_, e)| e);
            let common = e0 & e1 & e2;
            if common.count_ones() < 2 {
                continue;
            }
            if let Some(step) = exclude_triplet(state, [c0, c1, c2], common) {
                return Some(step);
            }
        }
    }
    None
}

/// The eliminations of aligned triplet exclusion on three base cells with their common
/// excluding cells, as a step, if there are any.
fn exclude_triplet(state: &State, cells: [usize; 3], common: u128) -> Option<Step> {
    let sees = |a: usize, b: usize| PEERS[cells[a]] & (1u128 << cells[b]) != 0;
    let see = [sees(0, 1), sees(0, 2), sees(1, 2)];
    let masks = cells.map(|c| state.cands(c));
    let mut ok = [0u16; 3];
    for v0 in digits_of(masks[0]) {
        for v1 in digits_of(masks[1]) {
            if see[0] && v0 == v1 {
                continue;
            }
            for v2 in digits_of(masks[2]) {
                if (see[1] && v0 == v2) || (see[2] && v1 == v2) {
                    continue;
                }
                let values = 1u16 << (v0 - 1) | 1u16 << (v1 - 1) | 1u16 << (v2 - 1);
                if cells_of(common).any(|x| state.cands(x) & !values == 0) {
                    continue;
                }
                ok[0] |= 1 << (v0 - 1);
                ok[1] |= 1 << (v1 - 1);
                ok[2] |= 1 << (v2 - 1);
            }
        }
    }
    let elims: Vec<(u8, u8)> = (0..3)
        .flat_map(|k| digits_of(masks[k] & !ok[k]).map(move |d| (cells[k] as u8, d)))
        .collect();
    if elims.is_empty() {
        return None;
    }
    Some(Step::eliminations(
        Technique::AlignedTripletExclusion,
        elims,
        format!(
            "Aligned Triplet Exclusion: the values {}, {} and {} could take together are all ruled out by each other or by the cells {}, except those left",
            cell_name(cells[0]),
            cell_name(cells[1]),
            cell_name(cells[2]),
            cells_name(cells_of(common))
        ),
    ))
}

/// The base cells of an aligned exclusion, in cell order, each with its excluding cells: a base
/// cell has two or more candidates and no peer solved-in-place (a peer with one candidate), and
/// its excluding cells are its peers with 2 to `max_size` candidates (2 for pairs, 3 for triplets);
/// a cell without any is no base.
fn exclusion_bases(state: &State, max_size: u32) -> Vec<(usize, u128)> {
    let mut bases = Vec::new();
    for cell in 0..81 {
        if state.cands(cell).count_ones() < 2 {
            continue;
        }
        let mut excluders = 0u128;
        let mut single = false;
        for p in cells_of(PEERS[cell]) {
            match state.cands(p).count_ones() {
                1 => single = true,
                n @ 2.. if n <= max_size => excluders |= 1u128 << p,
                _ => {}
            }
        }
        if !single && excluders != 0 {
            bases.push((cell, excluders));
        }
    }
    bases
}
