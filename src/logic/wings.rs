//! XY-wing (4.2) and XYZ-wing (4.4).
//!
//! XY-wing: a pivot with candidates {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot
//! holds, one pincer is z, so z leaves every cell that sees both pincers. XYZ-wing: the pivot is
//! {x,y,z}, so z is in the pivot or a pincer, and leaves the cells that see all three. As in SE,
//! pivots are scanned cell by cell, pincers among the pivot's peers.

use super::{cell_name, cells_of, digits_name, eliminations_of, State, Step, Technique, PEERS};

fn wing(state: &State, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    let technique = if xyz {
        Technique::XYZWing
    } else {
        Technique::XYWing
    };
    for pivot in 0..81 {
        let xy = state.cands(pivot);
        if xy.count_ones() != pivot_size {
            continue;
        }
        for a in cells_of(PEERS[pivot]) {
            let xz = state.cands(a);
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for b in cells_of(PEERS[pivot]) {
                let yz = state.cands(b);
                if yz.count_ones() != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                let shape_ok =
                    union.count_ones() == 3 && inter.count_ones() == if xyz { 1 } else { 0 };
                if !shape_ok {
                    continue;
                }
                let z_mask = xz & yz;
                if z_mask.count_ones() != 1 {
                    continue;
                }
                let z = z_mask.trailing_zeros() as u8 + 1;
                let mut victims = PEERS[a] & PEERS[b];
                if xyz {
                    victims &= PEERS[pivot];
                }
                victims &= !(1u128 << pivot | 1u128 << a | 1u128 << b);
                let elims = eliminations_of(state, victims, z);
                if elims.is_empty() {
                    continue;
                }
                let seen = if xyz { "all three" } else { "both pincers" };
                return Some(Step::eliminations(
                    technique,
                    elims,
                    format!(
                        "{}: pivot {} ({}) with pincers {} ({}) and {} ({}): one of them is {}, so {} leaves the cells that see {}",
                        technique.name(),
                        cell_name(pivot),
                        digits_name(xy, ""),
                        cell_name(a),
                        digits_name(xz, ""),
                        cell_name(b),
                        digits_name(yz, ""),
                        z,
                        z,
                        seen
                    ),
                ));
            }
        }
    }
    None
}

/// XY-wing (4.2).
pub fn xy_wing(state: &State) -> Option<Step> {
    wing(state, false)
}

/// XYZ-wing (4.4).
pub fn xyz_wing(state: &State) -> Option<Step> {
    wing(state, true)
}

/// Cells that see every cell of `set` (all cells when `set` is empty).
fn seeing_all(set: u128) -> u128 {
    cells_of(set).fold(!0u128 >> 47, |s, c| s & PEERS[c])
}

/// WXYZ-wing (5.5–5.6) and VWXYZ-wing (6.2–6.4) as Sukaku Explainer defines them: an almost
/// locked set of `k` mutually visible cells (3 or 4) holding `k + 1` digits, and a bivalue cell
/// {x,z} whose two digits both occur in the set. If every set cell holding x sees the bivalue
/// cell, x is a restricted common digit: the bivalue cell or the set holds z, so z leaves every
/// cell that sees all of them. When z is restricted too (doubly linked), each of the set's other
/// digits leaves the cells that see all its set cells, and x and z leave the cells that see all
/// their holders. Score: a base (5.5 for four cells in all, 6.2 for five) plus 0.1 per step the
/// largest set cell's size is from the extremes (SE's formula); the lowest score, then the most
/// eliminations, wins.
fn als_wing(state: &State, k: usize) -> Option<Step> {
    let technique = if k == 3 {
        Technique::WXYZWing
    } else {
        Technique::VWXYZWing
    };
    let sets = almost_locked_sets(state, k);
    let mut best: Option<(u16, usize, Step)> = None;
    for set in sets {
        let als: Vec<(usize, u16)> = cells_of(set).map(|c| (c, state.cands(c))).collect();
        let union = als.iter().fold(0u16, |a, (_, m)| a | m);
        let biggest = als.iter().map(|(_, m)| m.count_ones()).max().unwrap_or(0) as i32;
        let (base, mid) = if k == 3 { (55, 3) } else { (62, 3) };
        let score = (base + (k as i32 + 1 - mid) - (mid - biggest).abs()) as u16;
        let holders = |d: u8| {
            als.iter()
                .filter(|(_, m)| m & (1 << (d - 1)) != 0)
                .fold(0u128, |s, (cell, _)| s | 1u128 << cell)
        };
        let range = cells_of(set).fold(0u128, |a, c| a | PEERS[c]) & !set;
        for yz in cells_of(range) {
            let m = state.cands(yz);
            if m.count_ones() != 2 || (m & union).count_ones() != 2 {
                continue;
            }
            let restricted = |d: u8| holders(d) & !PEERS[yz] == 0;
            let [x, z] = {
                let mut it = super::digits_of(m);
                [it.next().unwrap_or(1), it.next().unwrap_or(1)]
            };
            let (rx, rz) = (restricted(x), restricted(z));
            if !rx && !rz {
                continue;
            }
            let outside = !(set | 1u128 << yz);
            let mut elims: Vec<(u8, u8)> = Vec::new();
            let mut push = |d: u8, targets: u128| {
                for t in cells_of(targets & outside) {
                    if state.has(t, d) && !elims.contains(&(t as u8, d)) {
                        elims.push((t as u8, d));
                    }
                }
            };
            if rx && rz {
                for w in super::digits_of(union & !m) {
                    push(w, seeing_all(holders(w)));
                }
                push(x, PEERS[yz] & seeing_all(holders(x)));
                push(z, PEERS[yz] & seeing_all(holders(z)));
            } else {
                let other = if rx { z } else { x };
                push(other, PEERS[yz] & seeing_all(holders(other)));
            }
            if elims.is_empty() {
                continue;
            }
            elims.sort_unstable();
            let better = match &best {
                None => true,
                Some((s, n, _)) => score < *s || (score == *s && elims.len() > *n),
            };
            if better {
                let n = elims.len();
                let step = Step {
                    technique,
                    score_tenths: score,
                    placement: None,
                    eliminations: elims,
                    explanation: format!(
                        "{}: {} hold only {}, and {} ({}) shares a restricted digit with them",
                        technique.name(),
                        super::cells_name(cells_of(set)),
                        digits_name(union, "/"),
                        cell_name(yz),
                        digits_name(m, "")
                    ),
                };
                best = Some((score, n, step));
            }
        }
    }
    best.map(|(_, _, s)| s)
}

/// WXYZ-wing: a three-cell almost locked set and a bivalue cell (5.5–5.6).
pub fn wxyz_wing(state: &State) -> Option<Step> {
    als_wing(state, 3)
}

/// VWXYZ-wing: a four-cell almost locked set and a bivalue cell (6.2–6.4).
pub fn vwxyz_wing(state: &State) -> Option<Step> {
    als_wing(state, 4)
}

/// The almost locked sets of `k` cells of one unit with `k + 1` digits between them (each cell
/// with 2 to `k + 1` candidates), unit by unit and in each unit by cell tuple, each set once.
pub(super) fn almost_locked_sets(state: &State, k: usize) -> Vec<u128> {
    let mut sets: Vec<u128> = Vec::new();
    for u in 0..27 {
        let cells: Vec<usize> = super::UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| (2..=k as u32 + 1).contains(&state.cands(c).count_ones()))
            .collect();
        if cells.len() < k {
            continue;
        }
        for pick in super::combinations(cells.len() as u32, k as u32) {
            let mut set = 0u128;
            let mut union = 0u16;
            for (i, &c) in cells.iter().enumerate() {
                if pick & (1 << i) != 0 {
                    set |= 1u128 << c;
                    union |= state.cands(c);
                }
            }
            if union.count_ones() == k as u32 + 1 && !sets.contains(&set) {
                sets.push(set);
            }
        }
    }
    sets
}
