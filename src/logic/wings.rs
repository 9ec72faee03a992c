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

/// WXYZ-wing as Sukaku Explainer defines it (5.5–5.6): an almost locked set of three mutually
/// visible cells holding four digits, and a bivalue cell {x,z} whose two digits both occur in the
/// set. If every set cell holding x sees the bivalue cell, x is a restricted common digit: the
/// bivalue cell or the set holds z, so z leaves every cell that sees all of them. When z is
/// restricted too (doubly linked), each of the set's two other digits leaves the cells that see
/// all its set cells, and x and z leave the cells that see all their holders. The score is 5.5,
/// plus 0.1 when the largest set cell has three candidates; the lowest score, then the most
/// eliminations, wins.
pub fn wxyz_wing(state: &State) -> Option<Step> {
    let mut best: Option<(u16, usize, Step)> = None;
    for a in 0..81 {
        let ma = state.cands(a);
        if !(2..=4).contains(&ma.count_ones()) {
            continue;
        }
        for b in cells_of(PEERS[a] & !((1u128 << (a + 1)) - 1)) {
            let mb = state.cands(b);
            if mb.count_ones() < 2 || (ma | mb).count_ones() > 4 {
                continue;
            }
            for c in cells_of(PEERS[a] & PEERS[b] & !((1u128 << (b + 1)) - 1)) {
                let mc = state.cands(c);
                let union = ma | mb | mc;
                if mc.count_ones() < 2 || union.count_ones() != 4 {
                    continue;
                }
                let als = [(a, ma), (b, mb), (c, mc)];
                let biggest = als.iter().map(|(_, m)| m.count_ones()).max().unwrap_or(0);
                let score: u16 = if biggest == 3 { 56 } else { 55 };
                let set_cells = 1u128 << a | 1u128 << b | 1u128 << c;
                let range = (PEERS[a] | PEERS[b] | PEERS[c]) & !set_cells;
                for yz in cells_of(range) {
                    let m = state.cands(yz);
                    if m.count_ones() != 2 || (m & union).count_ones() != 2 {
                        continue;
                    }
                    let holders = |d: u8| {
                        als.iter()
                            .filter(|(_, mm)| mm & (1 << (d - 1)) != 0)
                            .fold(0u128, |s, (cell, _)| s | 1u128 << cell)
                    };
                    let restricted = |d: u8| holders(d) & !PEERS[yz] == 0;
                    let [x, z] = {
                        let mut it = super::digits_of(m);
                        [it.next().unwrap_or(1), it.next().unwrap_or(1)]
                    };
                    let (rx, rz) = (restricted(x), restricted(z));
                    if !rx && !rz {
                        continue;
                    }
                    let outside = !(set_cells | 1u128 << yz);
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
                            technique: Technique::WXYZWing,
                            score_tenths: score,
                            placement: None,
                            eliminations: elims,
                            explanation: format!(
                                "WXYZ-Wing: {}, {} and {} hold only {}, and {} ({}) shares a restricted digit with them",
                                cell_name(a),
                                cell_name(b),
                                cell_name(c),
                                digits_name(union, "/"),
                                cell_name(yz),
                                digits_name(m, "")
                            ),
                        };
                        best = Some((score, n, step));
                    }
                }
            }
        }
    }
    best.map(|(_, _, s)| s)
}
