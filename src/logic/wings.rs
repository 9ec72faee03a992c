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
