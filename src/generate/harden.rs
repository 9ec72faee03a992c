//! Hard puzzles by local search: climbing the {-n,+n} neighbourhoods of seed puzzles towards
//! higher Sudoku Explainer (SE) technique ratings (puzzles hard for people), or towards more
//! guesses of the `fast` solver (puzzles hard for search).
//!
//! Puzzle hunters find very hard puzzles near other very hard puzzles: remove `n` givens, add `n`
//! others, and the rating of the result is usually close to the rating of the start. This module
//! does that systematically ([`HARDEN_VERSION`] 1). The *score* of a puzzle is what the climb
//! maximises, set by the [`Objective`]: its SE technique rating in tenths ([`Objective::Se`]), or
//! the guesses `fast` makes proving it unique ([`Objective::Guesses`]: every child of a branch
//! point, as docs/solvers.md defines guesses; deterministic, and a thousand times cheaper than a
//! rating). Below, "rated" means scored.
//!
//! 1. *Seeds*: puzzles with a unique solution, from a file ([`parse_seeds`]) or made by the
//!    generator ([`generated_seeds`]: minimal puzzles of [`super::unique_puzzle`]). All are scored
//!    ([`Objective::score`]); the `top` highest-scored are kept, ties in input order
//!    ([`rank_seeds`]). A beyond seed counts with the score it reached.
//! 2. *Work units*: unit `u` starts from seed `u mod top` and takes all its randomness from
//!    [`super::puzzle_rng`]`(seed ^ `[`STREAM_SALT`]`, u)`, so a unit's result depends on the seed and
//!    `u` only, never on the thread that runs it.
//! 3. *A climb* of `steps` steps. A step draws neighbours of the current puzzle until `neighbours`
//!    of them are unique and new to the unit (or [`DRAWS_PER_NEIGHBOUR`]` x neighbours` draws): pick
//!    `n` uniformly in `1..=radius`, remove `n` givens chosen at random, then fill `n` cells that were
//!    empty in the current puzzle — with the digit of the current solution ([`Digits::Solution`]),
//!    or with a digit drawn among those its row, column and box allow ([`Digits::Any`]). A
//!    neighbour is kept only when it has exactly one solution (proved by the `fast` solver); a
//!    neighbour already seen in this unit is skipped. Every kept neighbour is scored
//!    ([`technique_rating`], the rating `dlxlab rate` prints, or `fast`'s guesses); a numeric score
//!    at or above the threshold is a find. The climb then moves to the highest-rated neighbour of the step (first
//!    drawn among ties) if it rates at least as high as the current puzzle — sideways moves are
//!    allowed, to cross plateaus.
//! 4. *Collection*: units run in batches of [`BATCH`] (parallel inside a batch); the finds are
//!    taken in unit order, then draw order, and a find is kept when its canonical form
//!    ([`crate::sudoku::canon::canonical`]) differs from every kept find's, every seed's and every
//!    excluded puzzle's (so the output never repeats a seed or, e.g., a puzzle of the public corpus
//!    the seeds came from, nor a puzzle equivalent to one). After each batch the search
//!    stops when `count` puzzles are kept (the output is the first `count`) or `max_units` units have
//!    run. Batches have a fixed size, so the output does not depend on the thread count.
//!
//! Puzzles rated beyond the implemented techniques never count as finds (their rating is not a
//! number); [`Harvest::beyond`] counts how many were met.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::Rng;
use rayon::prelude::*;

use super::{puzzle_rng, unique_puzzle};
use crate::rating::technique::technique_rating;
use crate::solvers::{fast::Fast, SolveLimits, Solver, Status};
use crate::sudoku::canon::canonical;
use crate::sudoku::{Grid, Shape};

/// The version of the method in the module documentation; written in corpus headers.
pub const HARDEN_VERSION: u32 = 1;

/// Work units per batch (step 4 of the method): the granularity of the stopping test.
pub const BATCH: u64 = 16;

/// A climb step draws at most this many neighbours per unique neighbour it wants (most draws with
/// [`Digits::Any`] have several solutions, and are cheap to reject).
pub const DRAWS_PER_NEIGHBOUR: usize = 64;

/// Mixed into the seed of the work units' random streams, so that they differ from the streams of
/// the generated seed puzzles, which use the same seed.
pub const STREAM_SALT: u64 = 0x6861_7264_656e_2d31;

/// Which digits a move may add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digits {
    /// The digit of the current puzzle's solution: the solution never changes.
    Solution,
    /// Any digit the cell's row, column and box allow: the solution may change.
    Any,
}

impl Digits {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Digits::Solution => "solution",
            Digits::Any => "any",
        }
    }
}

impl std::str::FromStr for Digits {
    type Err = String;

    fn from_str(s: &str) -> Result<Digits, String> {
        match s {
            "solution" => Ok(Digits::Solution),
            "any" => Ok(Digits::Any),
            _ => Err(format!(
                "unknown digit mode `{s}` (expected solution or any)"
            )),
        }
    }
}

/// The parameters of a search (the method in the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// What the climb maximises.
    pub objective: Objective,
    /// Lowest score kept, in the objective's unit (`90` for SE 9.0; guesses for
    /// [`Objective::Guesses`]).
    pub threshold: u32,
    /// Puzzles wanted.
    pub count: usize,
    /// Master seed of the work units.
    pub seed: u64,
    /// Largest `n` of a {-n,+n} move (at least 1).
    pub radius: usize,
    /// Digits a move may add.
    pub digits: Digits,
    /// Unique neighbours rated per climb step (drawing at most [`DRAWS_PER_NEIGHBOUR`] times as
    /// many).
    pub neighbours: usize,
    /// Climb steps per work unit.
    pub steps: usize,
    /// Work units after which the search gives up.
    pub max_units: u64,
}

/// A starting point: a unique puzzle, its solution and its rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its score (for [`Objective::Se`] the rating in tenths, the score reached if beyond).
    pub score: u32,
}

/// A puzzle found at or above the threshold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The puzzle (unique solution).
    pub puzzle: Grid,
    /// Its score (for [`Objective::Se`] the rating in tenths, always numeric).
    pub score: u32,
    /// The work unit that found it.
    pub unit: u64,
}

/// The result of [`harden`], with the counters of the work that made it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Harvest {
    /// The puzzles kept, at most `count`, in the order of step 4.
    pub puzzles: Vec<Found>,
    /// Work units run.
    pub units: u64,
    /// Neighbours drawn (moves that produced a grid; a move fails when a cell has no allowed digit).
    pub drawn: u64,
    /// Neighbours with exactly one solution (each rated once).
    pub unique: u64,
    /// Rated neighbours at or above the threshold with a numeric rating, duplicates included.
    pub finds: u64,
    /// Rated neighbours whose rating is beyond the implemented techniques.
    pub beyond: u64,
}

/// Why a seed cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    /// The line's first field is not a 9x9 puzzle.
    #[error("seeds line {line}: {message}")]
    Parse {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The puzzle does not have exactly one solution.
    #[error(
        "seeds line {line}: the puzzle is {status}, not unique (seeds must have one solution)"
    )]
    NotUnique {
        /// 1-based line number.
        line: usize,
        /// What the `fast` solver found: `multiple` or `none`.
        status: Status,
    },
    /// No puzzle at all.
    #[error("no seed puzzles (every line is blank or a `#` comment)")]
    Empty,
}

/// Why a search cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HardenError {
    /// A parameter that must be positive is zero.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// The seed list is empty.
    #[error("no seed puzzles")]
    NoSeeds,
}

/// What the climb maximises (the score of the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// The SE technique rating in tenths, as `dlxlab rate` computes it.
    Se,
    /// The guesses `fast` makes proving the puzzle unique (up to two solutions, no budget).
    Guesses,
}

impl Objective {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Se => "se",
            Objective::Guesses => "guesses",
        }
    }

    /// The score of a unique puzzle: `Some((score, beyond))`, `beyond` when an SE rating went
    /// beyond the implemented techniques (the score is then the score reached); `None` when the
    /// puzzle cannot be rated.
    pub fn score(self, puzzle: &Grid) -> Option<(u32, bool)> {
        match self {
            Objective::Se => technique_rating(puzzle)
                .ok()
                .map(|r| (r.score_tenths as u32, r.beyond)),
            Objective::Guesses => {
                let out = Fast.solve(puzzle, &SolveLimits::default());
                Some((out.stats.guesses.min(u32::MAX as u64) as u32, false))
            }
        }
    }
}

impl std::str::FromStr for Objective {
    type Err = String;

    fn from_str(s: &str) -> Result<Objective, String> {
        match s {
            "se" => Ok(Objective::Se),
            "guesses" => Ok(Objective::Guesses),
            _ => Err(format!("unknown objective `{s}` (expected se or guesses)")),
        }
    }
}

/// The solution of `puzzle` if it is unique (the `fast` solver, up to two solutions).
fn unique_solution(puzzle: &Grid) -> Result<Grid, Status> {
    let out = Fast.solve(puzzle, &SolveLimits::default());
    match (out.status, out.solution) {
        (Status::Unique, Some(solution)) => Ok(solution),
        (status, _) => Err(status),
    }
}

/// The seed puzzles of a file: one per line (first field; the rest, e.g. a rating, is ignored),
/// blank lines and `#` comments skipped. Every puzzle must be 9x9 with a unique solution.
pub fn parse_seeds(text: &str) -> Result<Vec<Grid>, SeedError> {
    let mut seeds = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        if field.starts_with('#') {
            continue;
        }
        let grid = Grid::parse(field).map_err(|e| SeedError::Parse {
            line: line_no,
            message: e.to_string(),
        })?;
        if grid.shape() != Shape::CLASSIC {
            return Err(SeedError::Parse {
                line: line_no,
                message: format!(
                    "a {0}x{0} puzzle; seeds must be 9x9 (the rating is 9x9 only)",
                    grid.shape().side()
                ),
            });
        }
        unique_solution(&grid).map_err(|status| SeedError::NotUnique {
            line: line_no,
            status,
        })?;
        seeds.push(grid);
    }
    if seeds.is_empty() {
        return Err(SeedError::Empty);
    }
    Ok(seeds)
}

/// The puzzles of an exclusion file: one per line (first field), blank lines and `#` comments
/// skipped; each must be a 9x9 puzzle (solutions are not checked).
pub fn parse_exclusions(text: &str) -> Result<Vec<Grid>, SeedError> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        if field.starts_with('#') {
            continue;
        }
        let grid = Grid::parse(field)
            .ok()
            .filter(|g| g.shape() == Shape::CLASSIC)
            .ok_or_else(|| SeedError::Parse {
                line: i + 1,
                message: format!("`{field}` is not a 9x9 puzzle"),
            })?;
        puzzles.push(grid);
    }
    Ok(puzzles)
}

/// `pool` minimal 9x9 puzzles made by the generator with `seed` (puzzles `0..pool` of
/// [`unique_puzzle`]), made in parallel, in index order.
pub fn generated_seeds(seed: u64, pool: u64) -> Vec<Grid> {
    (0..pool)
        .into_par_iter()
        .map(|i| unique_puzzle(Shape::CLASSIC, seed, i).0)
        .collect()
}

/// Scores every puzzle by `objective` (in parallel) and keeps the `top` highest-scored as seeds,
/// ties in input order. Puzzles without a unique solution or that cannot be rated are left out.
pub fn rank_seeds(puzzles: &[Grid], top: usize, objective: Objective) -> Vec<Seed> {
    let mut seeds: Vec<Seed> = puzzles
        .par_iter()
        .filter_map(|p| {
            let solution = unique_solution(p).ok()?;
            let (score, _) = objective.score(p)?;
            Some(Seed {
                puzzle: p.clone(),
                solution,
                score,
            })
        })
        .collect();
    seeds.sort_by_key(|s| std::cmp::Reverse(s.score));
    seeds.truncate(top);
    seeds
}

/// A {-n,+n} move from `puzzle` (step 3 of the method); `None` when a chosen cell has no digit
/// its peers allow (only with [`Digits::Any`]) or the puzzle has too few givens or empty cells.
fn neighbour<R: Rng>(
    puzzle: &Grid,
    solution: &Grid,
    n: usize,
    digits: Digits,
    rng: &mut R,
) -> Option<Grid> {
    let cells = puzzle.shape().cells();
    let mut givens: Vec<usize> = (0..cells).filter(|&c| puzzle.get(c) != 0).collect();
    let mut empties: Vec<usize> = (0..cells).filter(|&c| puzzle.get(c) == 0).collect();
    if givens.len() < n || empties.len() < n {
        return None;
    }
    let (removed, _) = givens.partial_shuffle(rng, n);
    let (added, _) = empties.partial_shuffle(rng, n);
    let mut out = puzzle.clone();
    for &c in removed.iter() {
        out.set(c, 0);
    }
    for &c in added.iter() {
        let d = match digits {
            Digits::Solution => solution.get(c),
            Digits::Any => {
                let allowed = out.candidates(c);
                if allowed == 0 {
                    return None;
                }
                let k = rng.random_range(0..allowed.count_ones());
                let mut mask = allowed;
                for _ in 0..k {
                    mask &= mask - 1;
                }
                mask.trailing_zeros() as u8 + 1
            }
        };
        out.set(c, d);
    }
    Some(out)
}

/// What one work unit found, before deduplication.
#[derive(Default)]
struct UnitResult {
    finds: Vec<Found>,
    drawn: u64,
    unique: u64,
    beyond: u64,
}

/// Work unit `unit` (steps 2 and 3 of the method).
fn climb(config: &Config, seeds: &[Seed], unit: u64) -> UnitResult {
    let mut rng = puzzle_rng(config.seed ^ STREAM_SALT, unit);
    let start = &seeds[(unit % seeds.len() as u64) as usize];
    let mut current = (start.puzzle.clone(), start.solution.clone(), start.score);
    let mut seen: HashSet<Grid> = HashSet::new();
    seen.insert(current.0.clone());
    let mut result = UnitResult::default();
    for _ in 0..config.steps {
        let mut best: Option<(Grid, Grid, u32)> = None;
        let mut rated = 0;
        for _ in 0..config.neighbours * DRAWS_PER_NEIGHBOUR {
            if rated == config.neighbours {
                break;
            }
            let n = rng.random_range(1..=config.radius);
            let Some(candidate) = neighbour(&current.0, &current.1, n, config.digits, &mut rng)
            else {
                continue;
            };
            result.drawn += 1;
            if !seen.insert(candidate.clone()) {
                continue;
            }
            let Ok(solution) = unique_solution(&candidate) else {
                continue;
            };
            result.unique += 1;
            rated += 1;
            let Some((score, beyond)) = config.objective.score(&candidate) else {
                continue;
            };
            if beyond {
                result.beyond += 1;
            } else if score >= config.threshold {
                result.finds.push(Found {
                    puzzle: candidate.clone(),
                    score,
                    unit,
                });
            }
            if best.as_ref().is_none_or(|b| score > b.2) {
                best = Some((candidate, solution, score));
            }
        }
        if let Some(b) = best {
            if b.2 >= current.2 {
                current = b;
            }
        }
    }
    result
}

/// Runs the search of the module documentation on the current rayon pool. Puzzles equivalent to a
/// seed or to a puzzle of `exclude` (e.g. a public corpus the seeds came from) are never kept.
/// `on_batch` is called
/// after each batch with the harvest so far (for progress). The result does not depend on the
/// pool's size.
pub fn harden(
    config: &Config,
    seeds: &[Seed],
    exclude: &[Grid],
    on_batch: &(dyn Fn(&Harvest) + Sync),
) -> Result<Harvest, HardenError> {
    for (value, name) in [
        (config.count, "the count"),
        (config.radius, "the radius"),
        (config.neighbours, "the neighbours per step"),
        (config.steps, "the steps per unit"),
        (config.max_units as usize, "the unit limit"),
    ] {
        if value == 0 {
            return Err(HardenError::Zero(name));
        }
    }
    if seeds.is_empty() {
        return Err(HardenError::NoSeeds);
    }
    let mut kept: HashSet<Grid> = seeds
        .iter()
        .map(|s| &s.puzzle)
        .chain(exclude)
        .filter_map(|p| canonical(p).ok())
        .collect();
    let mut harvest = Harvest::default();
    while harvest.puzzles.len() < config.count && harvest.units < config.max_units {
        let end = (harvest.units + BATCH).min(config.max_units);
        let results: Vec<UnitResult> = (harvest.units..end)
            .into_par_iter()
            .map(|unit| climb(config, seeds, unit))
            .collect();
        harvest.units = end;
        for r in results {
            harvest.drawn += r.drawn;
            harvest.unique += r.unique;
            harvest.beyond += r.beyond;
            harvest.finds += r.finds.len() as u64;
            for f in r.finds {
                let Ok(form) = canonical(&f.puzzle) else {
                    continue;
                };
                if harvest.puzzles.len() < config.count && kept.insert(form) {
                    harvest.puzzles.push(f);
                }
            }
        }
        on_batch(&harvest);
    }
    Ok(harvest)
}
