//! Generation to a specification: symmetric patterns, a clue count, minimality, a difficulty band.
//!
//! **Method** ([`METHOD_VERSION`] 1), puzzle `index` of a corpus made with seed `s`, all randomness
//! from [`super::puzzle_rng`]`(s, index)` so that the output does not depend on the thread count:
//!
//! 1. *Complete grid*: [`super::complete_grid`] (randomised minimum-candidates search), then a
//!    uniformly random element of the Sudoku symmetry group ([`Transform::random`]: digit relabelling,
//!    row/band/column/stack permutations, transposition). The search alone favours grids that its
//!    order reaches easily; the random symmetry makes every grid of an equivalence class equally
//!    likely given the class, but the *classes* are still weighted by the search, not by their size
//!    (a uniform sample of the 6,670,903,752,021,072,936,960 grids would need e.g. Jarvis-Russell
//!    rejection weighting by automorphism count, which this generator does not do).
//! 2. *Removal*: the cells are split into orbits of the requested [`Symmetry`] and the orbits are
//!    visited in a random order; each orbit is emptied if the puzzle keeps a unique solution
//!    ([`is_unique`]: the `fast` solver for 9x9, the generator's own counter otherwise). With a clue
//!    target and without `minimal`, an orbit that would take the count below the target is skipped
//!    and the removal stops at the target.
//! 3. *Acceptance*: the puzzle must have exactly the target clue count (if any), be minimal — no
//!    single given removable — (if asked; with `Symmetry::None` and no clue target this holds by
//!    construction, otherwise it is checked), lie in the technique-rating band and in the node band
//!    (if asked). A rejected attempt starts again from step 1 with the same random stream, up to
//!    [`Spec::max_attempts`] attempts.

use rand::seq::SliceRandom;

use super::symmetry::Symmetry;
use super::{complete_grid, count_solutions, puzzle_rng};
use crate::rating::technique::technique_rating;
use crate::solvers::{fast::Fast, SolveLimits, Solver, Status};
use crate::sudoku::canon::Transform;
use crate::sudoku::{Grid, Shape};

/// The version of the method in the module documentation; written in corpus headers.
pub const METHOD_VERSION: u32 = 1;

/// An inclusive range `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band<T> {
    /// Lower bound (inclusive).
    pub lo: T,
    /// Upper bound (inclusive).
    pub hi: T,
}

impl<T: PartialOrd + Copy> Band<T> {
    /// Whether `x` lies in the band.
    pub fn contains(&self, x: T) -> bool {
        self.lo <= x && x <= self.hi
    }
}

/// A band of search nodes of a named solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeBand {
    /// The registry name of the solver whose node count is used.
    pub solver: String,
    /// The accepted node counts.
    pub nodes: Band<u64>,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// Grid shape.
    pub shape: Shape,
    /// Symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Require minimal puzzles (no single given removable).
    pub minimal: bool,
    /// Exact number of givens.
    pub clues: Option<usize>,
    /// Technique rating band, in tenths of the SE scale (`3.4..5.0` is `34..=50`); puzzles beyond
    /// the implemented techniques never match.
    pub rating_tenths: Option<Band<u16>>,
    /// Node band of a solver.
    pub nodes: Option<NodeBand>,
    /// Attempts per puzzle before giving up.
    pub max_attempts: u64,
}

impl Spec {
    /// Unique puzzles of `shape`, any pattern, no filter, 10,000 attempts.
    pub fn new(shape: Shape) -> Spec {
        Spec {
            shape,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            rating_tenths: None,
            nodes: None,
            max_attempts: 10_000,
        }
    }
}

/// Why a specification cannot be met.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The technique rating exists for 9x9 only.
    #[error("--rating needs 9x9 grids (the technique rating is 9x9 only)")]
    RatingShape,
    /// The node-band solver is not registered.
    #[error("unknown solver `{0}` for the node band")]
    UnknownSolver(String),
    /// The node-band solver does not handle the shape.
    #[error("solver `{solver}` does not handle {side}x{side} grids")]
    SolverShape {
        /// The solver name.
        solver: String,
        /// The grid side.
        side: usize,
    },
    /// More clues than cells.
    #[error("--clues {clues} exceeds the {cells} cells of the grid")]
    TooManyClues {
        /// The requested count.
        clues: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// Killer puzzles are generated without givens, so clue options do not apply.
    #[error("--clues, --symmetry and --minimal do not apply to killer puzzles (generated without givens)")]
    KillerClues,
    /// Rating and node bands exist for classic puzzles only.
    #[error("--rating and --nodes apply to classic puzzles only")]
    VariantBand,
    /// `generate::field` makes the field's sets only; unique puzzles come from [`generate_many`].
    #[error("mode `unique` is made by the specification generator, not the field sets")]
    NotAFieldMode,
    /// `--mode unbiased-minimal` looks for 17 to `max` clues only.
    #[error("--mode unbiased-minimal --clues {clues}: minimal puzzles have 17 clues or more, and the sampler looks for {max} at most (docs/generation.md)")]
    UnbiasedClues {
        /// The requested count.
        clues: usize,
        /// The largest count the sampler looks for.
        max: usize,
    },
    /// No attempt met the specification.
    #[error(
        "puzzle {index}: no puzzle met the specification in {attempts} attempts \
         (raise --max-attempts or relax the specification)"
    )]
    Exhausted {
        /// 0-based puzzle index.
        index: u64,
        /// Attempts made.
        attempts: u64,
    },
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle (unique solution).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Attempts used (1 when the first attempt was accepted).
    pub attempts: u64,
    /// Technique rating in tenths, when a rating band was asked (`None` there means beyond).
    pub rating_tenths: Option<u16>,
    /// Node count of the node-band solver, when a node band was asked.
    pub nodes: Option<u64>,
}

/// Whether `puzzle` has exactly one solution: the `fast` solver for 9x9, [`count_solutions`] for
/// other shapes.
pub fn is_unique(puzzle: &Grid) -> bool {
    if puzzle.shape() == Shape::CLASSIC {
        Fast.solve(puzzle, &SolveLimits::default()).status == Status::Unique
    } else {
        count_solutions(puzzle, 2).solutions == 1
    }
}

/// Whether no single given of the unique puzzle `puzzle` can be removed keeping uniqueness.
pub fn is_minimal(puzzle: &Grid) -> bool {
    let mut less = puzzle.clone();
    (0..puzzle.shape().cells()).all(|cell| {
        let d = puzzle.get(cell);
        if d == 0 {
            return true;
        }
        less.set(cell, 0);
        let needed = !is_unique(&less);
        less.set(cell, d);
        needed
    })
}

/// Checks that `spec` can be met at all (shapes, solver names, clue count).
pub fn validate(spec: &Spec) -> Result<(), GenerateError> {
    if spec.rating_tenths.is_some() && spec.shape != Shape::CLASSIC {
        return Err(GenerateError::RatingShape);
    }
    if let Some(band) = &spec.nodes {
        let solver = crate::solvers::by_name(&band.solver)
            .ok_or_else(|| GenerateError::UnknownSolver(band.solver.clone()))?;
        if !solver.supports(spec.shape) {
            return Err(GenerateError::SolverShape {
                solver: band.solver.clone(),
                side: spec.shape.side(),
            });
        }
    }
    if let Some(clues) = spec.clues {
        if clues > spec.shape.cells() {
            return Err(GenerateError::TooManyClues {
                clues,
                cells: spec.shape.cells(),
            });
        }
    }
    Ok(())
}

/// Puzzle `index` of the corpus made from `spec` with `seed` (method in the module documentation).
pub fn generate(spec: &Spec, seed: u64, index: u64) -> Result<Generated, GenerateError> {
    validate(spec)?;
    let node_solver = spec
        .nodes
        .as_ref()
        .and_then(|band| crate::solvers::by_name(&band.solver));
    let mut rng = puzzle_rng(seed, index);
    let mut orbits = spec.symmetry.orbits(spec.shape);
    for attempt in 1..=spec.max_attempts {
        let solution =
            Transform::random(spec.shape, &mut rng).apply(&complete_grid(spec.shape, &mut rng));
        orbits.shuffle(&mut rng);
        let mut puzzle = solution.clone();
        let mut givens = puzzle.givens();
        // Without `minimal`, a clue target is a floor for the removal.
        let floor = if spec.minimal { None } else { spec.clues };
        for orbit in &orbits {
            if floor.is_some_and(|k| givens == k) {
                break;
            }
            if floor.is_some_and(|k| givens - orbit.len() < k) {
                continue;
            }
            for &cell in orbit {
                puzzle.set(cell, 0);
            }
            if is_unique(&puzzle) {
                givens -= orbit.len();
            } else {
                for &cell in orbit {
                    puzzle.set(cell, solution.get(cell));
                }
            }
        }
        if spec.clues.is_some_and(|k| givens != k) {
            continue;
        }
        let minimal_by_construction = spec.symmetry == Symmetry::None && floor.is_none();
        if spec.minimal && !minimal_by_construction && !is_minimal(&puzzle) {
            continue;
        }
        let mut rating_tenths = None;
        if let Some(band) = spec.rating_tenths {
            let Ok(r) = technique_rating(&puzzle) else {
                continue;
            };
            if r.beyond || !band.contains(r.score_tenths) {
                continue;
            }
            rating_tenths = Some(r.score_tenths);
        }
        let mut nodes = None;
        if let (Some(band), Some(solver)) = (&spec.nodes, &node_solver) {
            let n = solver.solve(&puzzle, &SolveLimits::default()).stats.nodes;
            if !band.nodes.contains(n) {
                continue;
            }
            nodes = Some(n);
        }
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt,
            rating_tenths,
            nodes,
        });
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: spec.max_attempts,
    })
}

/// Puzzles `0..count` of the corpus made from `spec` with `seed`, in index order, generated in
/// parallel on the current rayon pool; the result does not depend on the pool's size.
pub fn generate_many(spec: &Spec, seed: u64, count: u64) -> Vec<Result<Generated, GenerateError>> {
    use rayon::prelude::*;
    (0..count)
        .into_par_iter()
        .map(|index| generate(spec, seed, index))
        .collect()
}
