//! The Sudoku Explainer technique rating: the highest SE score on the logical solution path of
//! [`crate::logic::solve_path`], where each step uses the easiest technique that makes progress,
//! in Sukaku Explainer's order. See `docs/rating.md` for the table of scores, the procedure and
//! the measured agreement with published SE ratings.

use crate::logic::{self, LogicError, SolvePath, Technique};
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
}

impl TechniqueRating {
    /// The rating as SE prints it (`4.2`), or `beyond`.
    pub fn rating_text(&self) -> String {
        if self.beyond {
            "beyond".to_string()
        } else {
            format!("{}.{}", self.score_tenths / 10, self.score_tenths % 10)
        }
    }
}

/// Rates a 9x9 puzzle on the SE scale.
pub fn technique_rating(grid: &Grid) -> Result<TechniqueRating, LogicError> {
    Ok(rate_path(&logic::solve_path(grid)?))
}

/// The rating of a solution path already computed (e.g. by `dlxlab explain`).
pub fn rate_path(path: &SolvePath) -> TechniqueRating {
    let mut best: Option<(u16, Technique)> = None;
    for step in &path.steps {
        if best.is_none_or(|(s, _)| step.score_tenths > s) {
            best = Some((step.score_tenths, step.technique));
        }
    }
    let (score_tenths, hardest) = match best {
        Some((s, t)) => (s, t.name()),
        None => (0, "none"),
    };
    let beyond = !path.solved;
    TechniqueRating {
        rating: (!beyond).then_some(score_tenths as f32 / 10.0),
        score_tenths,
        hardest,
        steps: path.steps.len(),
        beyond,
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
