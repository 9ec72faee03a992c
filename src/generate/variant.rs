//! Generation for the 9x9 variants whose rules are extra units: X-Sudoku (both diagonals) and
//! windoku (four extra boxes). Jigsaw needs a region map and killer a cage layout as input, so
//! they are not generated here.
//!
//! **Method.** As for classic puzzles ([`super::spec`]) with three differences: the complete grid
//! comes from a randomised minimum-candidates search over the variant's units
//! ([`count_unit_solutions`]'s search with shuffled digits), followed by a random digit relabelling
//! only (row and column permutations do not keep the diagonals or windows); uniqueness during
//! removal is decided by the variant's exact-cover encoding solved with DLX
//! ([`crate::puzzles::variants::solve`]); and there is no rating or node band (the technique
//! rating and the solver registry are classic-only). [`count_unit_solutions`] is a separate
//! implementation of the rules, used by the tests to check the DLX verdicts.

use rand::seq::SliceRandom;
use rand::Rng;

use super::puzzle_rng;
use super::spec::{GenerateError, Spec};
use crate::puzzles::variants::{self, Variant, VariantPuzzle};
use crate::solvers::{SolveLimits, Status};
use crate::sudoku::Shape;

/// A generated variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedVariant {
    /// The givens, row by row (`0` empty); the puzzle's line in the variant format.
    pub puzzle: VariantPuzzle,
    /// The solution, row by row.
    pub solution: Vec<u8>,
    /// Attempts used.
    pub attempts: u64,
}

/// The variants this module generates.
pub fn supported(variant: Variant) -> bool {
    matches!(variant, Variant::Classic | Variant::X | Variant::Windoku)
}

fn empty(variant: Variant) -> VariantPuzzle {
    VariantPuzzle {
        variant,
        shape: Shape::CLASSIC,
        givens: vec![0; 81],
        regions: None,
        cages: Vec::new(),
    }
}

/// Search over a list of units: per unit, a bitmask of the digits used (bit `d - 1`).
struct UnitSearch {
    cells: Vec<u8>,
    unit_of_cell: Vec<Vec<usize>>,
    used: Vec<u16>,
}

impl UnitSearch {
    /// `None` when two givens clash in a unit.
    fn new(puzzle: &VariantPuzzle) -> Option<UnitSearch> {
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

    /// Fills the grid trying digits in random order; false at a dead end.
    fn fill<R: Rng>(&mut self, rng: &mut R) -> bool {
        let Some((cell, cand)) = self.choose() else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| cand >> (d - 1) & 1 == 1).collect();
        digits.shuffle(rng);
        for d in digits {
            self.place(cell, d);
            if self.fill(rng) {
                return true;
            }
            self.unplace(cell);
        }
        false
    }
}

/// Counts the solutions of a classic, X or windoku 9x9 puzzle up to `max` (`0` = all) by a
/// minimum-candidates search over its units — independent of the exact-cover encoding.
pub fn count_unit_solutions(puzzle: &VariantPuzzle, max: u64) -> u64 {
    let Some(mut search) = UnitSearch::new(puzzle) else {
        return 0;
    };
    let mut found = 0;
    search.count(max, &mut found);
    found
}

fn is_unique(puzzle: &VariantPuzzle) -> bool {
    variants::solve(puzzle, &SolveLimits::default()).status == Status::Unique
}

/// Puzzle `index` of the `variant` corpus made from `spec` (its shape must be 9x9; rating and
/// node bands are refused) with `seed`.
pub fn generate_variant(
    variant: Variant,
    spec: &Spec,
    seed: u64,
    index: u64,
) -> Result<GeneratedVariant, GenerateError> {
    if !supported(variant) {
        return Err(GenerateError::Variant(variant.name()));
    }
    if spec.rating_tenths.is_some() || spec.nodes.is_some() {
        return Err(GenerateError::VariantBand);
    }
    super::spec::validate(spec)?;
    let mut rng = puzzle_rng(seed, index);
    let mut orbits = spec.symmetry.orbits(Shape::CLASSIC);
    for attempt in 1..=spec.max_attempts {
        let mut search = UnitSearch::new(&empty(variant)).expect("the empty grid has no clash");
        if !search.fill(&mut rng) {
            continue;
        }
        let mut labels: Vec<u8> = (1..=9).collect();
        labels.shuffle(&mut rng);
        let solution: Vec<u8> = search
            .cells
            .iter()
            .map(|&d| labels[d as usize - 1])
            .collect();
        orbits.shuffle(&mut rng);
        let mut puzzle = empty(variant);
        puzzle.givens = solution.clone();
        let mut givens = 81;
        let floor = if spec.minimal { None } else { spec.clues };
        for orbit in &orbits {
            if floor.is_some_and(|k| givens == k) {
                break;
            }
            if floor.is_some_and(|k| givens - orbit.len() < k) {
                continue;
            }
            for &c in orbit {
                puzzle.givens[c] = 0;
            }
            if is_unique(&puzzle) {
                givens -= orbit.len();
            } else {
                for &c in orbit {
                    puzzle.givens[c] = solution[c];
                }
            }
        }
        if spec.clues.is_some_and(|k| givens != k) {
            continue;
        }
        if spec.minimal && (spec.symmetry != super::symmetry::Symmetry::None || floor.is_some()) {
            let minimal = (0..81).filter(|&c| puzzle.givens[c] != 0).all(|c| {
                let mut less = puzzle.clone();
                less.givens[c] = 0;
                !is_unique(&less)
            });
            if !minimal {
                continue;
            }
        }
        return Ok(GeneratedVariant {
            puzzle,
            solution,
            attempts: attempt,
        });
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: spec.max_attempts,
    })
}

/// Puzzles `0..count` of a variant corpus, in index order, in parallel on the current rayon pool.
pub fn generate_variants(
    variant: Variant,
    spec: &Spec,
    seed: u64,
    count: u64,
) -> Vec<Result<GeneratedVariant, GenerateError>> {
    use rayon::prelude::*;
    (0..count)
        .into_par_iter()
        .map(|index| generate_variant(variant, spec, seed, index))
        .collect()
}
