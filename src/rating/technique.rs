//! The Sudoku Explainer technique rating: the highest SE score on the logical solution path of
//! [`crate::logic::solve_path`], where each step uses the easiest technique that makes progress,
//! in Sukaku Explainer's order, together with SE's two other numbers: the pearl (EP) and the
//! diamond (ED). See `docs/rating.md` for the table of scores, the procedure and the measured
//! agreement with published SE ratings.
//!
//! ## ER, EP and ED
//! As serate computes them along the one path it takes: ER is the highest score of any step; ED
//! is the score of the first step (the first step that makes any progress, since every step SE
//! applies does); EP is the highest score of the steps up to and including the first one that
//! places a digit. EP and ED depend only on the start of the path, so they are known even when
//! the techniques later run out (ER `beyond`).

use std::time::Duration;

use crate::logic::{self, LogicError, SolvePath, Technique};
use crate::solvers::{fast::Fast, SolveLimits, Solver, Status};
use crate::sudoku::Grid;

/// The technique rating of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct TechniqueRating {
    /// The SE rating (highest score used), `None` when the puzzle needs techniques beyond those
    /// implemented ("beyond").
    pub rating: Option<f32>,
    /// The highest score used, in tenths (also when beyond: then it is the score reached before
    /// the techniques ran out).
    pub score_tenths: u16,
    /// The hardest technique used (when beyond: the hardest reached before getting stuck).
    pub hardest: &'static str,
    /// Number of steps taken.
    pub steps: usize,
    /// Whether the techniques ran out before the grid was full.
    pub beyond: bool,
    /// SE's pearl (EP) in tenths and the index (0-based) of the step where it is reached — the
    /// first placement; `None` when the techniques ran out before any placement. A puzzle whose
    /// grid is already full has EP 0 at no step: `Some((0, None))`.
    pub pearl: Option<(u16, Option<usize>)>,
    /// SE's diamond (ED) in tenths: the score of the first step (`Some(0)` for a full grid),
    /// `None` when no technique applies at all.
    pub diamond_tenths: Option<u16>,
}

/// A score in tenths as SE prints it, `4.2`.
pub fn tenths_text(tenths: u16) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

impl TechniqueRating {
    /// The rating as SE prints it (`4.2`), or `beyond`.
    pub fn rating_text(&self) -> String {
        if self.beyond {
            "beyond".to_string()
        } else {
            tenths_text(self.score_tenths)
        }
    }

    /// EP as SE prints it, or `beyond` when no placement was reached.
    pub fn pearl_text(&self) -> String {
        self.pearl
            .map_or_else(|| "beyond".to_string(), |(t, _)| tenths_text(t))
    }

    /// ED as SE prints it, or `beyond` when no step was possible.
    pub fn diamond_text(&self) -> String {
        self.diamond_tenths
            .map_or_else(|| "beyond".to_string(), tenths_text)
    }
}

/// Rates a 9x9 puzzle on the SE scale, without a time limit.
pub fn technique_rating(grid: &Grid) -> Result<TechniqueRating, LogicError> {
    technique_rating_within(grid, None)
}

/// Rates a 9x9 puzzle on the SE scale: first checks that it has exactly one solution
/// ([`check_unique`]), then rates its path, giving up with [`LogicError::TimeLimit`] once
/// `max_time` has passed.
pub fn technique_rating_within(
    grid: &Grid,
    max_time: Option<Duration>,
) -> Result<TechniqueRating, LogicError> {
    technique_rating_with(grid, max_time, logic::PathOptions::default())
}

/// [`technique_rating_within`] with the finders that `options` switches on (see
/// [`logic::PathOptions`]).
pub fn technique_rating_with(
    grid: &Grid,
    max_time: Option<Duration>,
    options: logic::PathOptions,
) -> Result<TechniqueRating, LogicError> {
    check_unique(grid)?;
    Ok(rate_path(&logic::solve_path_with(grid, max_time, options)?))
}

/// Whether a 9x9 puzzle can be rated: SE refuses a puzzle without a solution or with several
/// (its uniqueness techniques assume one). The solutions are counted (up to two) with the `fast`
/// solver, which takes microseconds next to the rating.
pub fn check_unique(grid: &Grid) -> Result<(), LogicError> {
    logic::State::new(grid)?;
    match Fast.solve(grid, &SolveLimits::default()).status {
        Status::Unique => Ok(()),
        Status::Multiple => Err(LogicError::MultipleSolutions),
        _ => Err(LogicError::Contradiction(
            "no completion of the givens exists".to_string(),
        )),
    }
}

/// The rating of a solution path already computed (e.g. by `dlxlab explain`).
pub fn rate_path(path: &SolvePath) -> TechniqueRating {
    let mut best: Option<(u16, Technique)> = None;
    let mut pearl = None;
    for (i, step) in path.steps.iter().enumerate() {
        if best.is_none_or(|(s, _)| step.score_tenths > s) {
            best = Some((step.score_tenths, step.technique));
        }
        if pearl.is_none() && step.placement.is_some() {
            pearl = best.map(|(s, _)| (s, Some(i)));
        }
    }
    let (score_tenths, hardest) = match best {
        Some((s, t)) => (s, t.name()),
        None => (0, "none"),
    };
    let beyond = !path.solved;
    let diamond_tenths = match path.steps.first() {
        Some(step) => Some(step.score_tenths),
        None => path.solved.then_some(0),
    };
    if path.steps.is_empty() && path.solved {
        pearl = Some((0, None));
    }
    TechniqueRating {
        rating: (!beyond).then_some(score_tenths as f32 / 10.0),
        score_tenths,
        hardest,
        steps: path.steps.len(),
        beyond,
        pearl,
        diamond_tenths,
    }
}

/// Agreement of the technique rating with an external SE rating, for one band (one external
/// rating value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandAgreement {
    /// The external rating of the band, in tenths.
    pub band_tenths: u16,
    /// Puzzles in the band.
    pub total: usize,
    /// Puzzles whose technique rating equals the external one.
    pub exact: usize,
    /// Puzzles rated lower by us.
    pub lower: usize,
    /// Puzzles rated higher by us (not beyond).
    pub higher: usize,
    /// Puzzles our techniques could not finish.
    pub beyond: usize,
}

/// Per-band agreement from `(external tenths, our rating)` pairs, bands in increasing order.
pub fn agreement(pairs: &[(u16, &TechniqueRating)]) -> Vec<BandAgreement> {
    let mut bands: std::collections::BTreeMap<u16, BandAgreement> = Default::default();
    for &(ext, ours) in pairs {
        let band = bands.entry(ext).or_insert(BandAgreement {
            band_tenths: ext,
            total: 0,
            exact: 0,
            lower: 0,
            higher: 0,
            beyond: 0,
        });
        band.total += 1;
        if ours.beyond {
            band.beyond += 1;
        } else if ours.score_tenths == ext {
            band.exact += 1;
        } else if ours.score_tenths < ext {
            band.lower += 1;
        } else {
            band.higher += 1;
        }
    }
    bands.into_values().collect()
}

/// An SE rating written as `4.2` in tenths, if it is one.
pub fn parse_tenths(text: &str) -> Option<u16> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && (0.0..=100.0).contains(&v)).then(|| (v * 10.0).round() as u16)
}
