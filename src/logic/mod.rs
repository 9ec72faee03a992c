//! Human solving techniques for 9x9 Sudoku, each with its Sudoku Explainer (SE) score and a step
//! explanation a person can follow.
//!
//! The model is Sukaku Explainer's (the maintained SE fork): a [`State`] holds the placed digits
//! and the candidates of the empty cells; a technique looks at the state and either finds one
//! [`Step`] (a placement, or candidate eliminations) or nothing. [`next_step`] asks the techniques
//! in SE's order — which is by increasing score, with the "direct" techniques, that place a digit
//! without writing candidates, ahead of the candidate techniques — and returns the first step
//! found. [`solve_path`] repeats that until the grid is full or nothing applies; the rating of
//! [`crate::rating::technique`] is the highest score on that path.
//!
//! ## Bit layout
//! ```text
//! candidates of a cell   u16, bit d-1 set when digit d (1..=9) is still possible; 0 when placed
//! positions in a unit    u16, bit i set when the unit's i-th cell holds the candidate
//! a set of cells         u128, bit c set for cell c = 9*row + col (0..81)
//! ```
//! Units are numbered as in SE's region tables: 0..9 boxes, 9..18 rows, 18..27 columns; the
//! i-th cell of a box is row by row inside it, of a row left to right, of a column top down.
//!
//! One file per technique family: [`singles`], [`intersections`], [`subsets`], [`fish`],
//! [`single_digit`] (skyscraper, kite, turbot fish, empty rectangle, three-strong-link chains),
//! [`strong_links`] (four-strong-link chains), [`wings`] (XY, XYZ, WXYZ, VWXYZ), [`wings_large`]
//! (UVWXYZ, TUVWXYZ), [`uniqueness`] (unique rectangles and loops), [`bug`] and
//! [`chains`] (cycles, forcing, Nishio, multiple and dynamic forcing chains). [`FINDERS`] lists
//! them in SE's order; `docs/rating.md` has the table of scores and the agreement with published
//! SE ratings.

// Unit, cell and position numbers are the natural loop variables here: they index several tables
// at once and appear in the explanations, so iterator chains would only hide them.
#![allow(clippy::needless_range_loop)]

use std::time::{Duration, Instant};

use crate::sudoku::Grid;

pub mod bug;
pub mod chains;
pub mod deadline;
pub mod exclusion;
pub mod fish;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod strong_links;
pub mod subsets;
pub mod uniqueness;
pub mod wings;
pub mod wings_large;

mod geometry;
mod state;
mod step;

pub use geometry::*;
pub use state::*;
pub use step::*;

/// A technique finder: the first step it sees in SE's scan order, if any.
pub type Finder = fn(&State) -> Option<Step>;

/// The finders in SE's order of application (Sukaku Explainer's default, non-revised order). The
/// UVWXYZ-wing ([`UVWXYZ_WINGS`]) is skipped unless [`PathOptions`] asks for it.
pub const FINDERS: &[(&str, Finder)] = &[
    ("hidden singles", singles::hidden_single),
    ("direct intersections", intersections::direct_locking),
    ("direct hidden pairs", subsets::direct_hidden_pair),
    ("naked singles", singles::naked_single),
    ("direct hidden triplets", subsets::direct_hidden_triplet),
    ("intersections", intersections::locking),
    ("naked pairs", subsets::naked_pair),
    ("x-wings", fish::x_wing),
    ("hidden pairs", subsets::hidden_pair),
    ("naked triplets", subsets::naked_triplet),
    ("swordfishes", fish::swordfish),
    ("hidden triplets", subsets::hidden_triplet),
    ("turbot fishes", single_digit::turbot_fish),
    (TURBOT_FISHES_SERATE, single_digit::turbot_fish_serate),
    ("xy-wings", wings::xy_wing),
    ("xyz-wings", wings::xyz_wing),
    ("unique rectangles", uniqueness::unique_rectangle),
    ("naked quads", subsets::naked_quad),
    ("jellyfishes", fish::jellyfish),
    ("hidden quads", subsets::hidden_quad),
    ("3 strong-linked fishes", single_digit::three_strong_links),
    ("wxyz-wings", wings::wxyz_wing),
    ("bivalue universal graves", bug::bug),
    ("4 strong-linked fishes", strong_links::four_strong_links),
    ("vwxyz-wings", wings::vwxyz_wing),
    ("aligned pair exclusion", exclusion::aligned_pair_exclusion),
    (UVWXYZ_WINGS, wings_large::uvwxyz_wing),
    ("forcing chains & cycles", chains::forcing_chains_and_cycles),
    ("tuvwxyz-wings", wings_large::tuvwxyz_wing),
    (
        "aligned triplet exclusion",
        exclusion::aligned_triplet_exclusion,
    ),
    ("nishio forcing chains", chains::nishio),
    ("multiple forcing chains", chains::multiple_forcing_chains),
    ("dynamic forcing chains", chains::dynamic_forcing_chains),
    (
        "dynamic forcing chains (+)",
        chains::dynamic_forcing_chains_plus,
    ),
    ("nested forcing chains", chains::nested_forcing_chains),
    (
        "nested multiple forcing chains",
        chains::nested_multiple_forcing_chains,
    ),
    (
        "nested dynamic forcing chains",
        chains::nested_dynamic_forcing_chains,
    ),
];

/// The name in [`FINDERS`] of the UVWXYZ-wing, which runs only when [`PathOptions::uvwxyz_wing`]
/// asks for it.
pub const UVWXYZ_WINGS: &str = "uvwxyz-wings";

/// The name in [`FINDERS`] of the turbot fishes scored as Sukaku Explainer's current `serate`
/// scores them ([`single_digit::turbot_fish_serate`]); it replaces `turbot fishes` when
/// [`PathOptions::serate_turbot_fish`] asks for it.
pub const TURBOT_FISHES_SERATE: &str = "turbot fishes (serate)";

/// Which finders of [`FINDERS`] run, and how, beyond the default ones.
///
/// The UVWXYZ-wing is in Sukaku Explainer's default list, but the SE build that rated the SE
/// sample (`se-rated-sample.txt`) did not run it: with it, 15 of the 1,280 sample ratings become
/// those of `serate` with the default list instead of the published ones (see `docs/rating.md`).
/// So it is off by default, and on when the ratings should be those of the current source
/// (`rate --se-profile serate`, [`crate::rating::SeProfile`]), which also scores the turbot fish
/// 4.1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathOptions {
    /// Run the UVWXYZ-wing (6.6) after aligned pair exclusion, as SE's default list does.
    pub uvwxyz_wing: bool,
    /// Score a turbot fish 4.1 and prefer it to a kite of the same count, as the current
    /// `serate` does (see [`single_digit::turbot_fish_serate`]).
    pub serate_turbot_fish: bool,
}

impl PathOptions {
    /// Whether the finder called `name` in [`FINDERS`] runs.
    pub fn runs(&self, name: &str) -> bool {
        match name {
            UVWXYZ_WINGS => self.uvwxyz_wing,
            "turbot fishes" => !self.serate_turbot_fish,
            TURBOT_FISHES_SERATE => self.serate_turbot_fish,
            _ => true,
        }
    }
}

/// The next step SE would take: the first step of the first finder that has one.
pub fn next_step(state: &State) -> Option<Step> {
    next_step_with(state, PathOptions::default())
}

/// [`next_step`] with the finders that `options` switches on.
pub fn next_step_with(state: &State, options: PathOptions) -> Option<Step> {
    FINDERS
        .iter()
        .filter(|(name, _)| options.runs(name))
        .find_map(|(_, find)| find(state))
}

/// The logical solution path of a puzzle.
#[derive(Clone, Debug)]
pub struct SolvePath {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The position after the last step (solved, or where the techniques ran out).
    pub end: State,
    /// Whether the grid was filled.
    pub solved: bool,
}

/// Applies [`next_step`] until the grid is full or no technique applies.
pub fn solve_path(grid: &Grid) -> Result<SolvePath, LogicError> {
    solve_path_within(grid, None)
}

/// [`solve_path`] under a time limit: once `max_time` has passed the chain searches give up
/// (see [`deadline`]) and the path ends in [`LogicError::TimeLimit`], never in a step that a
/// finder chose with part of its search skipped.
pub fn solve_path_within(grid: &Grid, max_time: Option<Duration>) -> Result<SolvePath, LogicError> {
    solve_path_with(grid, max_time, PathOptions::default())
}

/// [`solve_path_within`] with the finders that `options` switches on.
pub fn solve_path_with(
    grid: &Grid,
    max_time: Option<Duration>,
    options: PathOptions,
) -> Result<SolvePath, LogicError> {
    let _deadline = deadline::Deadline::set(max_time.map(|t| Instant::now() + t));
    let path = walk(grid, options);
    chains::clear_shared();
    path
}

/// The loop of [`solve_path_with`], under its deadline.
fn walk(grid: &Grid, options: PathOptions) -> Result<SolvePath, LogicError> {
    let mut state = State::new(grid)?;
    let mut steps = Vec::new();
    while !state.is_solved() {
        let step = next_step_with(&state, options);
        if deadline::passed() {
            return Err(LogicError::TimeLimit);
        }
        let Some(step) = step else {
            break;
        };
        state.apply(&step);
        steps.push(step);
        state.check()?;
    }
    let solved = state.is_solved();
    Ok(SolvePath {
        steps,
        end: state,
        solved,
    })
}

#[cfg(test)]
mod tests;
