//! The propositional model the ladder propagates: variables, literals and "at least k of these
//! literals" constraints, each tagged with the lowest rung that uses it.
//!
//! Variables (1,215 in all), after tdoku's write-up (docs/ladder.md):
//!
//! ```text
//!   x(cell, d)   cell in 0..81, digit d in 0..9          var = cell*9 + d              (0..729)
//!   h(t, d)      horizontal triad t = row*3 + box column var = 729 + t*9 + d          (729..972)
//!   v(t, d)      vertical triad   t = col*3 + box row    var = 972 + t*9 + d          (972..1215)
//! ```
//!
//! A triad is the three cells where a row (h) or a column (v) crosses a box; `h(t, d)` says that
//! digit `d` is in those three cells. A literal is `var*2` (the variable is true) or `var*2 + 1`
//! (it is false), so `lit ^ 1` negates.
//!
//! Every rule is a cardinality constraint "at least `need` of `lits` are true"; "exactly n of m" is
//! two of them (at least n of the literals, at least m - n of their negations). Unit propagation on
//! such a constraint asserts all its open literals when exactly `need` can still be true.

use std::sync::OnceLock;

use super::rung::Rung;

/// Number of cell variables `x(cell, d)`.
pub(super) const CELL_VARS: usize = 729;
/// First horizontal-triad variable.
const H_BASE: usize = 729;
/// First vertical-triad variable.
const V_BASE: usize = 972;
/// Number of variables.
pub(super) const VARS: usize = 1215;

/// The positive literal of `x(cell, d)`.
pub(super) fn cell_lit(cell: usize, d: usize) -> u16 {
    (2 * (cell * 9 + d)) as u16
}

fn h_lit(t: usize, d: usize) -> u16 {
    (2 * (H_BASE + t * 9 + d)) as u16
}

fn v_lit(t: usize, d: usize) -> u16 {
    (2 * (V_BASE + t * 9 + d)) as u16
}

/// One constraint: at least `need` of `lits[start..start + len]` are true.
#[derive(Clone, Copy, Debug)]
pub(super) struct Constraint {
    pub start: u32,
    pub len: u8,
    pub need: u8,
    /// The lowest rung whose propagation includes it.
    pub rung: Rung,
    /// Whether the band solvers' propagation ([`super::probe_band_solvers`]) includes it.
    pub band: bool,
}

/// All constraints of every rung, with the constraints each variable occurs in.
pub(super) struct Model {
    pub lits: Vec<u16>,
    pub constraints: Vec<Constraint>,
    /// For each variable, the constraints it occurs in (either sign).
    pub occurs: Vec<Vec<u32>>,
}

impl Model {
    /// The model, built once per process.
    pub fn get() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(Model::build)
    }

    /// The literals of constraint `c`.
    pub fn lits_of(&self, c: &Constraint) -> &[u16] {
        &self.lits[c.start as usize..c.start as usize + c.len as usize]
    }

    fn at_least(&mut self, lits: &[u16], need: usize, rung: Rung, band: bool) {
        let id = self.constraints.len() as u32;
        for &l in lits {
            self.occurs[(l >> 1) as usize].push(id);
        }
        self.constraints.push(Constraint {
            start: self.lits.len() as u32,
            len: lits.len() as u8,
            need: need as u8,
            rung,
            band,
        });
        self.lits.extend_from_slice(lits);
    }

    fn exactly(&mut self, lits: &[u16], n: usize, rung: Rung, band: bool) {
        self.at_least(lits, n, rung, band);
        self.at_most(lits, n, rung, band);
    }

    fn at_most(&mut self, lits: &[u16], n: usize, rung: Rung, band: bool) {
        let negated: Vec<u16> = lits.iter().map(|l| l ^ 1).collect();
        self.at_least(&negated, lits.len() - n, rung, band);
    }

    fn build() -> Model {
        let mut m = Model {
            lits: Vec::new(),
            constraints: Vec::new(),
            occurs: vec![Vec::new(); VARS],
        };
        let units: Vec<[usize; 9]> = (0..27).map(unit_cells).collect();
        // Rung 0: a cell holds exactly one digit; a unit holds each digit at most once.
        for cell in 0..81 {
            let lits: Vec<u16> = (0..9).map(|d| cell_lit(cell, d)).collect();
            m.exactly(&lits, 1, Rung::NakedSingles, true);
        }
        for unit in &units {
            for d in 0..9 {
                let lits: Vec<u16> = unit.iter().map(|&c| cell_lit(c, d)).collect();
                m.at_most(&lits, 1, Rung::NakedSingles, true);
            }
        }
        // Rung 1: a unit holds each digit at least once (the band solvers: rows and boxes only).
        for (u, unit) in units.iter().enumerate() {
            for d in 0..9 {
                let lits: Vec<u16> = unit.iter().map(|&c| cell_lit(c, d)).collect();
                m.at_least(&lits, 1, Rung::HiddenSingles, !(9..18).contains(&u));
            }
        }
        // Rungs 2 and 3: triad variables defined by their cells, exactly one per line and box. The
        // band solvers have all of rung 2 and, of rung 3, a digit that a box confines to one
        // column leaving the rest of the column (pointing): "at most one" along the column, "at
        // least one" in the box.
        for (rung, lit, triad_cells) in [
            (
                Rung::LockedRows,
                h_lit as fn(usize, usize) -> u16,
                h_cells as fn(usize) -> [usize; 3],
            ),
            (Rung::LockedCandidates, v_lit, v_cells),
        ] {
            for t in 0..27 {
                for d in 0..9 {
                    let mut lits: Vec<u16> =
                        triad_cells(t).iter().map(|&c| cell_lit(c, d)).collect();
                    lits.push(lit(t, d) ^ 1);
                    m.exactly(&lits, 1, rung, true);
                }
            }
            for line in 0..9 {
                for d in 0..9 {
                    // The three triads of a line: t = line*3 + 0..3.
                    let lits: Vec<u16> = (0..3).map(|i| lit(line * 3 + i, d)).collect();
                    m.at_least(&lits, 1, rung, rung == Rung::LockedRows);
                    m.at_most(&lits, 1, rung, true);
                }
            }
            for band in 0..3 {
                for stack in 0..3 {
                    for d in 0..9 {
                        // The three triads of a box: for h, rows band*3 + i of box column
                        // `stack`; for v, columns stack*3 + i of box row `band`.
                        let lits: Vec<u16> = (0..3)
                            .map(|i| {
                                if rung == Rung::LockedRows {
                                    lit((band * 3 + i) * 3 + stack, d)
                                } else {
                                    lit((stack * 3 + i) * 3 + band, d)
                                }
                            })
                            .collect();
                        m.at_least(&lits, 1, rung, true);
                        m.at_most(&lits, 1, rung, rung == Rung::LockedRows);
                    }
                }
            }
        }
        // Rung 4: a triad's three cells hold exactly three digits.
        for t in 0..27 {
            for lit in [h_lit as fn(usize, usize) -> u16, v_lit] {
                let lits: Vec<u16> = (0..9).map(|d| lit(t, d)).collect();
                m.exactly(&lits, 3, Rung::Triads, false);
            }
        }
        m
    }
}

/// The cells of unit `u`: rows 0..9, columns 9..18, boxes 18..27.
fn unit_cells(u: usize) -> [usize; 9] {
    std::array::from_fn(|i| match u {
        0..=8 => u * 9 + i,
        9..=17 => i * 9 + (u - 9),
        _ => {
            let b = u - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// The cells of horizontal triad `t` (row t / 3, box column t % 3).
fn h_cells(t: usize) -> [usize; 3] {
    std::array::from_fn(|i| (t / 3) * 9 + (t % 3) * 3 + i)
}

/// The cells of vertical triad `t` (column t / 3, box row t % 3).
fn v_cells(t: usize) -> [usize; 3] {
    std::array::from_fn(|i| ((t % 3) * 3 + i) * 9 + t / 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triads_are_the_crossings_of_lines_and_boxes() {
        assert_eq!(h_cells(0), [0, 1, 2]);
        assert_eq!(h_cells(5), [15, 16, 17]);
        assert_eq!(v_cells(0), [0, 9, 18]);
        assert_eq!(v_cells(5), [55, 64, 73]);
        assert_eq!(unit_cells(18 + 4), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        let m = Model::get();
        assert!(m.occurs.iter().all(|o| !o.is_empty()));
        // 81 cells x 2, 243 unit-digit at-most + 243 at-least, 2 x (243 x 2 + 81 x 2 + 81 x 2),
        // 54 triads x 2.
        assert_eq!(m.constraints.len(), 162 + 486 + 2 * (486 + 162 + 162) + 108);
    }
}
