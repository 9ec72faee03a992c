//! The field's benchmark sets that are defined by how they are made (issue 34): tdoku's
//! "unbiased" minimal puzzles, its `gen_puzzles` (random clue sets, mostly without a solution) and
//! serg's puzzles with several solutions. `dlxlab generate --mode` writes them; docs/generation.md
//! describes the methods and their biases, datasets/README.md the committed copies.
//!
//! **Methods** ([`FIELD_METHOD_VERSION`] 1). Puzzle `index` of a corpus made with seed `s` draws all
//! its randomness from [`super::puzzle_rng`]`(s, index)`, so a corpus is the same for any thread
//! count and any prefix of it is the corpus with a smaller count. Every grid below is
//! [`super::complete_grid`] followed by a uniformly random element of the symmetry group
//! ([`Transform::random`]), as in [`super::spec`]: not a uniform sample of all grids.
//!
//! * [`Mode::UnbiasedMinimal`] — tdoku's `grid_tools sample_puzzles` (its `Minimize` with the
//!   `monotonic` flag), which is Berthier's controlled-bias generator: the 81 cells in a random
//!   order are removed one by one while the puzzle stays unique; at the first cell whose removal
//!   would break uniqueness the puzzle `Q` reached is kept only if it is minimal, else the attempt
//!   is rejected and a new grid is drawn. A minimal puzzle with `k` clues of the grid arises from
//!   exactly `k! (81 - k)!` of the `81!` orders (its `81 - k` empty cells first, in any order, then
//!   its clues in any order), so given the grid every minimal puzzle with `k` clues is equally
//!   likely, and the clue counts are over-represented by the factor `k! (81 - k)!` (fewer clues,
//!   more likely; [`sampling_weight`] undoes it). The first failing position is found by bisection
//!   (removal only adds solutions, so uniqueness is monotone along the order). Two departures,
//!   both for speed and bounded in docs/generation.md: puzzles of more than
//!   [`UNBIASED_MAX_CLUES`] clues are not looked for (a clue filter), and a grid serves
//!   [`ORDERS_PER_GRID`] attempts.
//! * [`Mode::RandomClues`] — a random clue set: `clues` distinct cells in a random order, each given
//!   a digit drawn uniformly among those its row, column and box do not hold yet (a cell with none
//!   left restarts the attempt). No solution is assured; most have none.
//! * [`Mode::SeveralSolutions`] — serg's construction, read from his benchmark (10,000 puzzles of
//!   34 or 35 clues, 2 to 1,555 solutions): from a grid, keep five cells of box 1 (r1c1, r2c2,
//!   r2c3, r3c2, r3c3), three of the four boxes 5, 6, 8, 9 whole, and 2 or 3 random cells of the
//!   fourth (box and count drawn uniformly); the rest is empty. Kept only when it has at least two
//!   solutions (it always has the grid's).
//!
//! Statuses are decided by the `fast` solver, up to two solutions ([`status`]).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use super::spec::GenerateError;
use super::{complete_grid, puzzle_rng};
use crate::solvers::{fast::Fast, SolveLimits, Solver, Status};
use crate::sudoku::canon::Transform;
use crate::sudoku::{Grid, Shape};

/// The version of the methods in the module documentation; written in corpus headers.
pub const FIELD_METHOD_VERSION: u32 = 1;

/// The clue count of [`Mode::RandomClues`] when none is given (see docs/generation.md for why).
pub const DEFAULT_RANDOM_CLUES: usize = 30;

/// What `dlxlab generate` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Puzzles with a unique solution to a [`super::spec::Spec`] (the original command).
    Unique,
    /// Minimal puzzles, equally likely for a clue count given the grid (tdoku's "unbiased").
    UnbiasedMinimal,
    /// Random clue sets, mostly without a solution (like tdoku's `gen_puzzles`).
    RandomClues,
    /// Puzzles with at least two solutions, by serg's construction.
    SeveralSolutions,
}

/// The names of [`Mode`] on the command line, in declaration order.
pub const MODE_NAMES: [&str; 4] = [
    "unique",
    "unbiased-minimal",
    "random-clues",
    "several-solutions",
];

impl Mode {
    /// The name used on the command line and in headers.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Unique => MODE_NAMES[0],
            Mode::UnbiasedMinimal => MODE_NAMES[1],
            Mode::RandomClues => MODE_NAMES[2],
            Mode::SeveralSolutions => MODE_NAMES[3],
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Mode, String> {
        [
            Mode::Unique,
            Mode::UnbiasedMinimal,
            Mode::RandomClues,
            Mode::SeveralSolutions,
        ]
        .into_iter()
        .find(|m| m.name() == s)
        .ok_or_else(|| format!("unknown mode `{s}` (one of {})", MODE_NAMES.join(", ")))
    }
}

/// One puzzle of a field set with its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldPuzzle {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its status by [`status`]: unique, multiple or none.
    pub status: Status,
    /// Attempts used (1 when the first was kept).
    pub attempts: u64,
}

/// The status of a 9x9 puzzle by the `fast` solver, up to two solutions: unique, multiple or none.
pub fn status(puzzle: &Grid) -> Status {
    Fast.solve(puzzle, &SolveLimits::default()).status
}

fn is_unique(puzzle: &Grid) -> bool {
    status(puzzle) == Status::Unique
}

/// A random grid: the randomised search, then a random symmetry.
fn random_grid<R: Rng>(rng: &mut R) -> Grid {
    Transform::random(Shape::CLASSIC, rng).apply(&complete_grid(Shape::CLASSIC, rng))
}

/// `grid` with the cells `order[..n]` emptied.
fn without(grid: &Grid, order: &[usize], n: usize) -> Grid {
    let mut p = grid.clone();
    for &cell in &order[..n] {
        p.set(cell, 0);
    }
    p
}

/// The largest clue count [`Mode::UnbiasedMinimal`] looks for: an order whose last 34 cells do
/// not make a unique puzzle is rejected after one solve (docs/generation.md: a clue filter that
/// drops only puzzles of 35 clues or more, which the sampler practically never meets).
pub const UNBIASED_MAX_CLUES: usize = 34;

/// Removal orders tried on one grid before [`Mode::UnbiasedMinimal`] draws the next (drawing a
/// grid costs several times an attempt); docs/generation.md bounds the bias this adds.
pub const ORDERS_PER_GRID: u64 = 64;

/// Whether the given in `cell` of `puzzle` is a naked single once removed (its peers' givens hold
/// the eight other digits), so that it is not needed.
fn forced_by_peers(puzzle: &Grid, cell: usize) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    let (r0, c0) = ((r / 3) * 3, (c / 3) * 3);
    let mut seen = 0u16;
    for i in 0..9 {
        for other in [r * 9 + i, i * 9 + c, (r0 + i / 3) * 9 + c0 + i % 3] {
            if other != cell {
                seen |= 1 << puzzle.get(other);
            }
        }
    }
    (seen >> 1).count_ones() == 8
}

/// One attempt of [`Mode::UnbiasedMinimal`] on `grid` with removal order `order` (all 81 cells):
/// the puzzle reached when the first removal fails, if it is minimal and has at most
/// [`UNBIASED_MAX_CLUES`] clues (tdoku's monotonic minimisation, with that clue filter).
pub fn monotonic_minimal(grid: &Grid, order: &[usize]) -> Option<Grid> {
    let cells = order.len();
    // Invariant: removing order[..lo] keeps uniqueness, removing order[..hi] does not.
    let mut lo = cells.checked_sub(UNBIASED_MAX_CLUES)?;
    if !is_unique(&without(grid, order, lo)) {
        return None;
    }
    let mut hi = cells;
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if is_unique(&without(grid, order, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut q = without(grid, order, lo);
    // order[lo] is needed (its removal failed); every later clue must be needed too. A clue its
    // peers force is not: that cheap test first, then the solver.
    if order[lo + 1..]
        .iter()
        .any(|&cell| forced_by_peers(&q, cell))
    {
        return None;
    }
    for &cell in &order[lo + 1..] {
        let d = q.get(cell);
        q.set(cell, 0);
        let needed = !is_unique(&q);
        q.set(cell, d);
        if !needed {
            return None;
        }
    }
    Some(q)
}

/// The weight that undoes [`Mode::UnbiasedMinimal`]'s clue-count bias, scaled as tdoku's
/// `SamplingWeight` (1 for 40 or 41 clues): `40! 41! / (k! (81 - k)!)`. Averages over a corpus
/// weighted by it estimate averages over all minimal puzzles of a uniform grid.
pub fn sampling_weight(clues: usize) -> f64 {
    let ln_fact = |n: usize| (1..=n).map(|i| (i as f64).ln()).sum::<f64>();
    (ln_fact(40) + ln_fact(41) - ln_fact(clues) - ln_fact(81 - clues.min(81))).exp()
}

/// Puzzle `index` of the [`Mode::UnbiasedMinimal`] corpus made with `seed`: the first accepted
/// attempt with exactly `clues` clues when given (a filter: within a clue count the puzzles stay
/// equally likely given the grid), within `max_attempts` attempts.
pub fn unbiased_minimal(
    seed: u64,
    index: u64,
    clues: Option<usize>,
    max_attempts: u64,
) -> Result<FieldPuzzle, GenerateError> {
    let mut rng = puzzle_rng(seed, index);
    let mut order: Vec<usize> = (0..81).collect();
    let mut grid = Grid::empty(Shape::CLASSIC);
    for attempt in 1..=max_attempts {
        if (attempt - 1) % ORDERS_PER_GRID == 0 {
            grid = random_grid(&mut rng);
        }
        order.shuffle(&mut rng);
        let Some(q) = monotonic_minimal(&grid, &order) else {
            continue;
        };
        if clues.is_some_and(|k| q.givens() != k) {
            continue;
        }
        return Ok(FieldPuzzle {
            puzzle: q,
            status: Status::Unique,
            attempts: attempt,
        });
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: max_attempts,
    })
}

/// Puzzle `index` of the [`Mode::RandomClues`] corpus made with `seed`: `clues` clues (at most 81;
/// more than about 40 rarely fit without a cell left with no digit), within `max_attempts`.
pub fn random_clues(
    seed: u64,
    index: u64,
    clues: usize,
    max_attempts: u64,
) -> Result<FieldPuzzle, GenerateError> {
    let mut rng = puzzle_rng(seed, index);
    let mut order: Vec<usize> = (0..81).collect();
    'attempt: for attempt in 1..=max_attempts {
        order.shuffle(&mut rng);
        let mut p = Grid::empty(Shape::CLASSIC);
        for &cell in &order[..clues.min(81)] {
            let (r, c) = (cell / 9, cell % 9);
            let b = (r / 3) * 3 + c / 3;
            let used = |d: u8| {
                (0..81).any(|o| {
                    p.get(o) == d && (o / 9 == r || o % 9 == c || ((o / 27) * 3 + (o % 9) / 3) == b)
                })
            };
            let allowed: Vec<u8> = (1..=9).filter(|&d| !used(d)).collect();
            let Some(&d) = allowed.choose(&mut rng) else {
                continue 'attempt;
            };
            p.set(cell, d);
        }
        let status = status(&p);
        return Ok(FieldPuzzle {
            puzzle: p,
            status,
            attempts: attempt,
        });
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: max_attempts,
    })
}

/// The cells of 0-based box `b` of a 9x9 grid.
fn box_cells(b: usize) -> [usize; 9] {
    let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
    std::array::from_fn(|i| (r0 + i / 3) * 9 + c0 + i % 3)
}

/// The five cells of box 1 that serg's puzzles keep: r1c1, r2c2, r2c3, r3c2, r3c3.
pub const SERG_BOX1_CELLS: [usize; 5] = [0, 10, 11, 19, 20];

/// Puzzle `index` of the [`Mode::SeveralSolutions`] corpus made with `seed`, within `max_attempts`.
pub fn several_solutions(
    seed: u64,
    index: u64,
    max_attempts: u64,
) -> Result<FieldPuzzle, GenerateError> {
    let mut rng = puzzle_rng(seed, index);
    for attempt in 1..=max_attempts {
        let grid = random_grid(&mut rng);
        let mut p = Grid::empty(Shape::CLASSIC);
        for &cell in &SERG_BOX1_CELLS {
            p.set(cell, grid.get(cell));
        }
        // Boxes 5, 6, 8, 9 (0-based 4, 5, 7, 8): one of them keeps 2 or 3 cells only.
        let partial = [4, 5, 7, 8][rng.random_range(0..4)];
        let keep = rng.random_range(2..=3);
        for b in [4, 5, 7, 8] {
            let mut cells = box_cells(b);
            if b == partial {
                cells.shuffle(&mut rng);
            }
            let n = if b == partial { keep } else { 9 };
            for &cell in &cells[..n] {
                p.set(cell, grid.get(cell));
            }
        }
        if status(&p) == Status::Multiple {
            return Ok(FieldPuzzle {
                puzzle: p,
                status: Status::Multiple,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::Exhausted {
        index,
        attempts: max_attempts,
    })
}

/// Puzzles `0..count` of a field set in index order, made in parallel on the current rayon pool;
/// the result does not depend on the pool's size. `clues` is the clue filter of
/// [`Mode::UnbiasedMinimal`] or the clue count of [`Mode::RandomClues`] (default
/// [`DEFAULT_RANDOM_CLUES`]); [`Mode::Unique`] belongs to [`super::spec::generate_many`] and is
/// refused here.
pub fn generate_field_many(
    mode: Mode,
    clues: Option<usize>,
    seed: u64,
    count: u64,
    max_attempts: u64,
) -> Result<Vec<Result<FieldPuzzle, GenerateError>>, GenerateError> {
    use rayon::prelude::*;
    if mode == Mode::Unique {
        return Err(GenerateError::NotAFieldMode);
    }
    if let Some(k) = clues {
        if k > 81 {
            return Err(GenerateError::TooManyClues {
                clues: k,
                cells: 81,
            });
        }
        if mode == Mode::UnbiasedMinimal && !(17..=UNBIASED_MAX_CLUES).contains(&k) {
            return Err(GenerateError::UnbiasedClues {
                clues: k,
                max: UNBIASED_MAX_CLUES,
            });
        }
    }
    let one = |index: u64| match mode {
        Mode::UnbiasedMinimal => unbiased_minimal(seed, index, clues, max_attempts),
        Mode::RandomClues => random_clues(
            seed,
            index,
            clues.unwrap_or(DEFAULT_RANDOM_CLUES),
            max_attempts,
        ),
        Mode::SeveralSolutions => several_solutions(seed, index, max_attempts),
        Mode::Unique => Err(GenerateError::NotAFieldMode),
    };
    Ok((0..count).into_par_iter().map(one).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip_their_names() {
        for name in MODE_NAMES {
            assert_eq!(name.parse::<Mode>().unwrap().name(), name);
        }
        assert!("unbiased".parse::<Mode>().is_err());
    }

    #[test]
    fn weights_are_tdokus() {
        assert!((sampling_weight(40) - 1.0).abs() < 1e-9);
        assert!((sampling_weight(41) - 1.0).abs() < 1e-9);
        // 40! 41! / (k! (81 - k)!) = C(81, k) / C(81, 40), with exact binomials.
        let binomial = |k: u128| (0..k).fold(1u128, |acc, i| acc * (81 - i) / (i + 1));
        for k in [17, 24, 30] {
            let exact = binomial(k) as f64 / binomial(40) as f64;
            let w = sampling_weight(k as usize);
            assert!(
                (w - exact).abs() <= 1e-9 * exact,
                "{k}: {w} against {exact}"
            );
        }
        assert!(sampling_weight(24) < sampling_weight(25));
    }

    #[test]
    fn serg_cells_are_in_box_one() {
        assert!(SERG_BOX1_CELLS.iter().all(|c| box_cells(0).contains(c)));
        assert_eq!(box_cells(8)[8], 80);
    }
}
