//! Generation for the 9x9 variants: X-Sudoku (both diagonals), windoku (four extra boxes), jigsaw
//! (random irregular regions) and killer (random cages, no givens).
//!
//! **Method for X, windoku and jigsaw.** As for classic puzzles ([`super::spec`]) with these
//! differences: the complete grid comes from a randomised minimum-candidates search over the
//! variant's units (`UnitSearch`) followed by a random digit relabelling only (row and column
//! permutations do not keep the diagonals, windows or regions); uniqueness during removal is
//! decided by the variant's exact-cover encoding solved with DLX
//! ([`crate::puzzles::variants::solve`]); and there is no rating or node band (the technique
//! rating and the solver registry are classic-only). For jigsaw, each attempt first draws a region
//! layout ([`super::jigsaw::random_layout`]); the grid search gets [`JIGSAW_FILL_BUDGET`]
//! placements, and a layout it cannot fill within them (usually one with no grid at all) is
//! rejected and the attempt counted. Clue-pattern symmetries and `minimal` work as for classic;
//! the *layout* is not symmetric.
//!
//! **Method for killer.** Each attempt fills a classic grid as above and then draws up to
//! [`KILLER_LAYOUTS_PER_GRID`] cage layouts for it ([`super::killer::random_cages`]); the first
//! layout whose puzzle — cages and sums, **zero givens** — is proven to have a unique solution by
//! DLX on the killer encoding within [`KILLER_CHECK_NODES`] nodes is returned. When none is, the
//! attempt is counted and a new grid drawn. No cage is merged or split afterwards (about one
//! layout in ten is unique as drawn), and clue options (`clues`, `symmetry`, `minimal`) are
//! refused: a killer puzzle here never has givens.
//!
//! [`count_unit_solutions`] is a separate implementation of the unit rules, used by the tests to
//! check the DLX verdicts.

use rand::seq::SliceRandom;
use rand::Rng;

use super::puzzle_rng;
use super::spec::{GenerateError, Spec};
use super::symmetry::Symmetry;
pub use super::units::count_unit_solutions;
use super::units::UnitSearch;
use crate::budget::Limits;
use crate::puzzles::variants::{self, Variant, VariantPuzzle};
use crate::solvers::{SolveLimits, Status};
use crate::sudoku::Shape;

/// Placements the grid search may try on one jigsaw layout before the layout is rejected.
pub const JIGSAW_FILL_BUDGET: u64 = 20_000;

/// Cage layouts tried on one killer grid before a new grid is drawn.
pub const KILLER_LAYOUTS_PER_GRID: usize = 50;

/// DLX nodes a killer uniqueness check may use; a layout not decided within them is rejected.
/// DLX has no sum propagation, and a few layouts need millions of nodes (most need thousands).
pub const KILLER_CHECK_NODES: u64 = 200_000;

/// A generated variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedVariant {
    /// The puzzle: givens, and the jigsaw regions or killer cages.
    pub puzzle: VariantPuzzle,
    /// The solution, row by row.
    pub solution: Vec<u8>,
    /// Attempts used.
    pub attempts: u64,
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

fn is_unique(puzzle: &VariantPuzzle) -> bool {
    variants::solve(puzzle, &SolveLimits::default()).status == Status::Unique
}

/// A random complete grid of `template`'s units (its givens must be empty), digits relabelled at
/// random; `None` when the search fails within `budget` placements.
fn random_solution<R: Rng>(template: &VariantPuzzle, budget: u64, rng: &mut R) -> Option<Vec<u8>> {
    let mut search = UnitSearch::new(template).expect("the empty grid has no clash");
    if !search.fill(rng, budget) {
        return None;
    }
    let mut labels: Vec<u8> = (1..=9).collect();
    labels.shuffle(rng);
    Some(
        search
            .cells
            .iter()
            .map(|&d| labels[d as usize - 1])
            .collect(),
    )
}

/// Steps 2 and 3 of the classic method on `template` (givens empty) and `solution`: orbit-wise
/// removal in a random order, then the clue-count and minimality checks. `None` when rejected.
fn remove_givens<R: Rng>(
    template: &VariantPuzzle,
    solution: &[u8],
    spec: &Spec,
    orbits: &mut [Vec<usize>],
    rng: &mut R,
) -> Option<VariantPuzzle> {
    orbits.shuffle(rng);
    let mut puzzle = template.clone();
    puzzle.givens = solution.to_vec();
    let mut givens = 81;
    let floor = if spec.minimal { None } else { spec.clues };
    for orbit in orbits.iter() {
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
        return None;
    }
    if spec.minimal && (spec.symmetry != Symmetry::None || floor.is_some()) {
        let minimal = (0..81).filter(|&c| puzzle.givens[c] != 0).all(|c| {
            let mut less = puzzle.clone();
            less.givens[c] = 0;
            !is_unique(&less)
        });
        if !minimal {
            return None;
        }
    }
    Some(puzzle)
}

/// One killer attempt: a grid, then up to [`KILLER_LAYOUTS_PER_GRID`] cage layouts.
fn killer_attempt<R: Rng>(rng: &mut R) -> Option<(VariantPuzzle, Vec<u8>)> {
    let solution = random_solution(&empty(Variant::Classic), u64::MAX, rng)
        .expect("an unbounded search fills the classic grid");
    for _ in 0..KILLER_LAYOUTS_PER_GRID {
        let Some(cages) = super::killer::random_cages(&solution, rng) else {
            continue;
        };
        let puzzle = VariantPuzzle {
            cages,
            ..empty(Variant::Killer)
        };
        let limits = SolveLimits {
            budget: Limits::nodes(KILLER_CHECK_NODES),
            ..SolveLimits::default()
        };
        if variants::solve(&puzzle, &limits).status == Status::Unique {
            return Some((puzzle, solution));
        }
    }
    None
}

/// Puzzle `index` of the `variant` corpus made from `spec` (its shape must be 9x9; rating and
/// node bands are refused, and for killer also clue counts, symmetries and `minimal`) with `seed`.
pub fn generate_variant(
    variant: Variant,
    spec: &Spec,
    seed: u64,
    index: u64,
) -> Result<GeneratedVariant, GenerateError> {
    if spec.rating_tenths.is_some() || spec.nodes.is_some() {
        return Err(GenerateError::VariantBand);
    }
    if variant == Variant::Killer
        && (spec.clues.is_some_and(|k| k != 0) || spec.symmetry != Symmetry::None || spec.minimal)
    {
        return Err(GenerateError::KillerClues);
    }
    super::spec::validate(spec)?;
    let mut rng = puzzle_rng(seed, index);
    let mut orbits = spec.symmetry.orbits(Shape::CLASSIC);
    for attempt in 1..=spec.max_attempts {
        let made = match variant {
            Variant::Killer => killer_attempt(&mut rng),
            Variant::Jigsaw => {
                let template = VariantPuzzle {
                    regions: Some(super::jigsaw::random_layout(&mut rng)),
                    ..empty(Variant::Jigsaw)
                };
                random_solution(&template, JIGSAW_FILL_BUDGET, &mut rng).and_then(|solution| {
                    remove_givens(&template, &solution, spec, &mut orbits, &mut rng)
                        .map(|p| (p, solution))
                })
            }
            _ => {
                let template = empty(variant);
                let solution = random_solution(&template, u64::MAX, &mut rng)
                    .expect("an unbounded search fills the grid");
                remove_givens(&template, &solution, spec, &mut orbits, &mut rng)
                    .map(|p| (p, solution))
            }
        };
        if let Some((puzzle, solution)) = made {
            return Ok(GeneratedVariant {
                puzzle,
                solution,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: spec.max_attempts,
    })
}

/// Puzzles `0..count` of a variant corpus, in index order, in parallel on the current rayon pool;
/// the result does not depend on the pool's size.
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
