//! A minimum-candidates search over a 9x9 puzzle's units (rows, columns, boxes or jigsaw regions,
//! diagonals, windows): the variant generators fill random complete grids with it, and
//! [`count_unit_solutions`] counts solutions with it independently of the exact-cover encoding.
//!
//! It knows units only, not killer cages.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::puzzles::variants::VariantPuzzle;

/// Search over a list of units: per unit, a bitmask of the digits used (bit `d - 1`).
pub(crate) struct UnitSearch {
    /// Cell values, row by row (`0` empty).
    pub(crate) cells: Vec<u8>,
    unit_of_cell: Vec<Vec<usize>>,
    used: Vec<u16>,
    /// Placements tried by [`UnitSearch::fill`] so far.
    nodes: u64,
}

impl UnitSearch {
    /// `None` when two givens clash in a unit.
    pub(crate) fn new(puzzle: &VariantPuzzle) -> Option<UnitSearch> {
        let units = puzzle.units();
        let mut unit_of_cell = vec![Vec::new(); 81];
        for (k, unit) in units.iter().enumerate() {
            for &c in unit {
                unit_of_cell[c].push(k);
            }
        }
        let mut s = UnitSearch {
            cells: vec![0; 81],
            unit_of_cell,
            used: vec![0; units.len()],
            nodes: 0,
        };
        for (c, &d) in puzzle.givens.iter().enumerate() {
            if d != 0 {
                if s.candidates(c) >> (d - 1) & 1 == 0 {
                    return None;
                }
                s.place(c, d);
            }
        }
        Some(s)
    }

    fn candidates(&self, cell: usize) -> u16 {
        let used = self.unit_of_cell[cell]
            .iter()
            .fold(0, |m, &k| m | self.used[k]);
        0x1ff & !used
    }

    fn place(&mut self, cell: usize, d: u8) {
        self.cells[cell] = d;
        for &k in &self.unit_of_cell[cell] {
            self.used[k] |= 1 << (d - 1);
        }
    }

    fn unplace(&mut self, cell: usize) {
        let bit = 1 << (self.cells[cell] - 1);
        self.cells[cell] = 0;
        for &k in &self.unit_of_cell[cell] {
            self.used[k] &= !bit;
        }
    }

    /// The empty cell with the fewest candidates, or `None` when full.
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        for cell in (0..81).filter(|&c| self.cells[c] == 0) {
            let cand = self.candidates(cell);
            if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                best = Some((cell, cand));
                if cand.count_ones() <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// Counts completions up to `max` (`0` = all).
    fn count(&mut self, max: u64, found: &mut u64) {
        let Some((cell, mut cand)) = self.choose() else {
            *found += 1;
            return;
        };
        while cand != 0 && (max == 0 || *found < max) {
            let d = cand.trailing_zeros() as u8 + 1;
            cand &= cand - 1;
            self.place(cell, d);
            self.count(max, found);
            self.unplace(cell);
        }
    }

    /// Fills the grid trying digits in random order; false at a dead end or once more than
    /// `budget` placements have been tried in all (a layout without grids can take a very long
    /// time to refute, so the jigsaw generator gives up on it instead).
    pub(crate) fn fill<R: Rng>(&mut self, rng: &mut R, budget: u64) -> bool {
        let Some((cell, cand)) = self.choose() else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| cand >> (d - 1) & 1 == 1).collect();
        digits.shuffle(rng);
        for d in digits {
            if self.nodes >= budget {
                return false;
            }
            self.nodes += 1;
            self.place(cell, d);
            if self.fill(rng, budget) {
                return true;
            }
            self.unplace(cell);
        }
        false
    }
}

/// Counts the solutions of a classic, X, windoku or jigsaw 9x9 puzzle up to `max` (`0` = all) by a
/// minimum-candidates search over its units — independent of the exact-cover encoding. Killer
/// cages are ignored.
pub fn count_unit_solutions(puzzle: &VariantPuzzle, max: u64) -> u64 {
    let Some(mut search) = UnitSearch::new(puzzle) else {
        return 0;
    };
    let mut found = 0;
    search.count(max, &mut found);
    found
}
