//! HoDoKu 2.2's difficulty rating (score and level), reproduced step for step.
//!
//! HoDoKu (Bernhard Hobiger, GPL; version 2.2.0, build 116) rates a puzzle by solving it with its
//! default step list: at each position it tries the enabled steps in list order and plays the first
//! instance of the first step that applies. Every step played adds that step's score — singles
//! included — and the level is the highest level of any step played, raised while the total score
//! is above the level's bound (Easy 800, Medium 1000, Hard 1600, Unfair 1800, Extreme unbounded).
//! A grid HoDoKu cannot finish is Extreme. Because singles count (4 for a full house or naked
//! single, 14 for a hidden single), the score depends on the exact path, so this module keeps
//! HoDoKu's own grid bookkeeping (`board.rs`: the queues that order the singles) and scans for each
//! step in HoDoKu's order, one file per HoDoKu solver ported: `simple.rs` (singles, locked
//! candidates, subsets), `patterns.rs` (basic fish, Skyscraper, 2-String Kite), `chains.rs`
//! (Remote Pair, Turbot Fish, X- and XY-Chain), `empty_rectangle.rs`, `colors.rs` (Simple and
//! Multi Colors), `wings.rs` (W-, XY-, XYZ-Wing), `uniqueness.rs` (uniqueness tests, Hidden and
//! Avoidable Rectangles, BUG+1), `fish.rs` (finned, sashimi and Franken fish), `sue_de_coq.rs`, `als.rs`
//! (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain), `tabling/` (Nice Loop/AIC, grouped or not, Forcing Chain, Forcing Net) and `brute.rs` (Brute Force).
//! `docs/rating.md` ("HoDoKu") says how the results are checked against HoDoKu itself
//! (`reference`, `examples/hodoku_check.rs`).
//!
//! [`STEPS`] is the default list with each step's score and level. Steps this module does not
//! find yet have no [`Kind`]: when a puzzle needs one of them the rating stops and says which
//! position it reached ([`HodokuRating::complete`] is false), rather than guess.

// Cell, house and digit numbers are the natural loop variables here (as in `logic`): they index
// several tables at once.
#![allow(clippy::needless_range_loop)]

mod als;
mod board;
mod brute;
mod chains;
mod colors;
mod empty_rectangle;
mod fish;
#[cfg(test)]
mod hard_steps_tests;
mod patterns;
pub mod reference;
mod simple;
mod steps;
mod sue_de_coq;
mod tabling;
#[cfg(test)]
mod tabling_tests;
mod uniqueness;
mod wings;
#[cfg(test)]
mod wings_tests;

pub use board::Board;
pub use steps::{Kind, Level, StepConfig, StepFound, STEPS};

use crate::sudoku::Grid;

/// HoDoKu's rating of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    /// The level: `None` when the rating stopped at a step this module does not find.
    pub level: Option<Level>,
    /// The sum of the scores of the steps played (of those played so far when incomplete).
    pub score: u32,
    /// The steps played, in order.
    pub steps: Vec<StepFound>,
    /// True when the path reached the solution (or a contradiction HoDoKu would also stop at);
    /// false when the next step HoDoKu would play is one this module does not find.
    pub complete: bool,
}

/// Why a grid cannot be rated.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum HodokuError {
    /// The grid is not 9x9.
    #[error("HoDoKu rates 9x9 Sudoku only, not {0}")]
    NotNineByNine(String),
}

/// The next step HoDoKu plays, trying the implemented steps in list order.
fn next_step(b: &mut Board) -> Option<StepFound> {
    for cfg in STEPS {
        let Some(kind) = cfg.kind else {
            if cfg.absent.is_some_and(|proof| proof(b)) {
                continue;
            }
            // A step HoDoKu would try here is not reproduced: stop rather than skip it.
            return None;
        };
        if let Some((size, finned)) = franken_kind(kind) {
            match fish::franken(b, size, finned) {
                fish::FrankenFound::Step(step) => return Some(step),
                fish::FrankenFound::Nothing => continue,
                // A fish of a type this module does not score: stop rather than guess.
                fish::FrankenFound::Unscored => return None,
            }
        }
        let found = find(kind, b);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The size and finned flag of a Franken fish step.
fn franken_kind(kind: Kind) -> Option<(usize, bool)> {
    match kind {
        Kind::FrankenXWing => Some((2, false)),
        Kind::FrankenSwordfish => Some((3, false)),
        Kind::FinnedFrankenXWing => Some((2, true)),
        Kind::FinnedFrankenSwordfish => Some((3, true)),
        _ => None,
    }
}

/// The first instance of step `kind` at this position, in HoDoKu's scan order (for a Franken
/// search that finds a fish of a type not scored here: `None`; [`next_step`] stops there).
fn find(kind: Kind, b: &mut Board) -> Option<StepFound> {
    match kind {
        Kind::FullHouse => simple::full_house(b),
        Kind::NakedSingle => simple::naked_single(b),
        Kind::HiddenSingle => simple::hidden_single(b),
        Kind::LockedPair => simple::naked_subset(b, 2, true, kind),
        Kind::LockedTriple => simple::naked_subset(b, 3, true, kind),
        Kind::LockedCandidates1 | Kind::LockedCandidates2 => simple::locked_candidates(b, kind),
        Kind::NakedPair => simple::naked_subset(b, 2, false, kind),
        Kind::NakedTriple => simple::naked_subset(b, 3, false, kind),
        Kind::NakedQuadruple => simple::naked_subset(b, 4, false, kind),
        Kind::HiddenPair => simple::hidden_subset(b, 2, kind),
        Kind::HiddenTriple => simple::hidden_subset(b, 3, kind),
        Kind::HiddenQuadruple => simple::hidden_subset(b, 4, kind),
        Kind::XWing => patterns::basic_fish(b, 2, kind),
        Kind::Swordfish => patterns::basic_fish(b, 3, kind),
        Kind::Jellyfish => patterns::basic_fish(b, 4, kind),
        Kind::Skyscraper => patterns::skyscraper(b),
        Kind::TwoStringKite => patterns::two_string_kite(b),
        Kind::RemotePair => chains::remote_pair(b),
        Kind::TurbotFish => chains::turbot_fish(b),
        Kind::XChain => chains::x_chain(b),
        Kind::XyChain => chains::xy_chain(b),
        Kind::NiceLoop => tabling::nice_loop(b),
        Kind::GroupedNiceLoop => tabling::grouped_nice_loop(b),
        Kind::ForcingChain => tabling::forcing_chain(b),
        Kind::ForcingNet => tabling::forcing_net(b),
        Kind::WWing => wings::w_wing(b),
        Kind::XyWing => wings::xy_wing(b),
        Kind::XyzWing => wings::xyz_wing(b),
        Kind::SueDeCoq => sue_de_coq::sue_de_coq(b),
        Kind::SimpleColors => colors::simple_colors(b),
        Kind::MultiColors => colors::multi_colors(b),
        Kind::BruteForce => brute::brute_force(b),
        Kind::EmptyRectangle => empty_rectangle::empty_rectangle(b),
        Kind::BivalueUniversalGrave => uniqueness::bug_plus_one(b),
        Kind::UniquenessTest1
        | Kind::UniquenessTest2
        | Kind::UniquenessTest3
        | Kind::UniquenessTest4
        | Kind::UniquenessTest5
        | Kind::UniquenessTest6
        | Kind::HiddenRectangle
        | Kind::AvoidableRectangle1
        | Kind::AvoidableRectangle2 => uniqueness::uniqueness(b, kind),
        Kind::AlsXz => als::als_xz(b),
        Kind::AlsXyWing => als::als_xy_wing(b),
        Kind::AlsXyChain => als::als_xy_chain(b),
        Kind::FinnedXWing => fish::finned_fish(b, 2, false, kind),
        Kind::SashimiXWing => fish::finned_fish(b, 2, true, kind),
        Kind::FinnedSwordfish => fish::finned_fish(b, 3, false, kind),
        Kind::SashimiSwordfish => fish::finned_fish(b, 3, true, kind),
        Kind::FinnedJellyfish => fish::finned_fish(b, 4, false, kind),
        Kind::SashimiJellyfish => fish::finned_fish(b, 4, true, kind),
        Kind::FrankenXWing
        | Kind::FrankenSwordfish
        | Kind::FinnedFrankenXWing
        | Kind::FinnedFrankenSwordfish => {
            let (size, finned) = franken_kind(kind)?;
            match fish::franken(b, size, finned) {
                fish::FrankenFound::Step(step) => Some(step),
                _ => None,
            }
        }
    }
}

/// Plays a step: sets its cell or removes its candidates.
fn play(b: &mut Board, placements: &[(usize, u8)], eliminations: &[(usize, u8)]) {
    for &(cell, d) in placements {
        b.place(cell, d);
    }
    for &(cell, d) in eliminations {
        b.eliminate(cell, d);
    }
}

/// Rates `grid` as HoDoKu 2.2 does with its default settings.
pub fn rate(grid: &Grid) -> Result<HodokuRating, HodokuError> {
    let clues = nine_by_nine(grid)?;
    let mut board = Board::new(&clues);
    let mut steps = Vec::new();
    let mut score = 0;
    let mut level = Level::Easy;
    while !board.is_solved() && board.valid {
        let Some(step) = next_step(&mut board) else {
            return Ok(HodokuRating {
                level: None,
                score,
                steps,
                complete: false,
            });
        };
        let cfg = step.config();
        score += cfg.score;
        level = level.max(cfg.level);
        let placement: Vec<(usize, u8)> = step.placement.into_iter().collect();
        play(&mut board, &placement, &step.eliminations);
        steps.push(step);
    }
    if !board.is_solved() {
        level = Level::Extreme;
    }
    while score > level.max_score() {
        level = Level::ALL[level as usize + 1];
    }
    Ok(HodokuRating {
        level: Some(level),
        score,
        steps,
        complete: true,
    })
}

/// The clues of a 9x9 grid, 0 for an empty cell.
fn nine_by_nine(grid: &Grid) -> Result<[u8; 81], HodokuError> {
    let shape = grid.shape();
    if shape.side() != 9 || shape.box_rows() != 3 {
        return Err(HodokuError::NotNineByNine(format!(
            "{}x{}",
            shape.side(),
            shape.side()
        )));
    }
    let mut clues = [0; 81];
    clues.copy_from_slice(grid.cells());
    Ok(clues)
}
