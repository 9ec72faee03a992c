//! Agreement of dlxlab's technique rating with an external Sudoku Explainer rating.
//!
//! Both ratings are on the SE scale in steps of 0.1. A pair *matches exactly* when the two scores
//! differ by less than 0.05 (i.e. they are the same tenth), and is *within 0.5* when they differ
//! by at most 0.5 (+1e-9 for decimal rounding). A technique rating of `beyond` never matches: it
//! says the rater gave up, not what the score would be.
//!
//! The confusion table counts puzzles by (external band, technique band); the bands group the
//! scale by the family of the technique that sets the score.

use super::data::Rating;

/// A family of techniques on the SE scale; bands are half-open score ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Below 1.6: full house and hidden singles.
    Singles,
    /// 1.6 to below 2.6: the direct techniques (pointing, claiming, hidden pair/triple applied
    /// before candidates are written) and the naked single (2.3).
    Direct,
    /// 2.6 to below 2.9: pointing and claiming on candidates.
    Locked,
    /// 2.9 to below 4.1: naked/hidden pairs and triples, X-wing, swordfish.
    Subsets,
    /// 4.1 to below 5.0: turbot fish, empty rectangle, XY-, XYZ- and the larger wings.
    Wings,
    /// 5.0 to below 7.0: quads, jellyfish, uniqueness tests, X- and XY-chains, forcing chains.
    Chains,
    /// 7.0 and above: nested and dynamic forcing chains.
    Nested,
    /// The rater gave up.
    Beyond,
}

impl Band {
    /// Every band, in scale order.
    pub const ALL: [Band; 8] = [
        Band::Singles,
        Band::Direct,
        Band::Locked,
        Band::Subsets,
        Band::Wings,
        Band::Chains,
        Band::Nested,
        Band::Beyond,
    ];

    /// The band of a rating.
    pub fn of(rating: Rating) -> Band {
        let s = match rating {
            Rating::Beyond => return Band::Beyond,
            Rating::Score(s) => s + 1e-9,
        };
        if s < 1.6 {
            Band::Singles
        } else if s < 2.6 {
            Band::Direct
        } else if s < 2.9 {
            Band::Locked
        } else if s < 4.1 {
            Band::Subsets
        } else if s < 5.0 {
            Band::Wings
        } else if s < 7.0 {
            Band::Chains
        } else {
            Band::Nested
        }
    }

    /// A short label with the score range.
    pub fn label(self) -> &'static str {
        match self {
            Band::Singles => "1.0–1.5 singles",
            Band::Direct => "1.7–2.5 direct",
            Band::Locked => "2.6–2.8 locked",
            Band::Subsets => "3.0–4.0 subsets, fish",
            Band::Wings => "4.1–4.9 wings, turbot",
            Band::Chains => "5.0–6.9 quads, chains",
            Band::Nested => "7.0+ nested chains",
            Band::Beyond => "beyond",
        }
    }

    fn index(self) -> usize {
        Band::ALL.iter().position(|&b| b == self).unwrap_or(0)
    }
}

/// Exact and near matches within one group of puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchCounts {
    /// Puzzles in the group.
    pub n: u64,
    /// Puzzles whose two ratings are the same tenth.
    pub exact: u64,
    /// Puzzles whose two ratings differ by at most 0.5.
    pub within_half: u64,
    /// Puzzles whose technique rating is higher than the external one (or `beyond`).
    pub higher: u64,
    /// Puzzles whose technique rating is lower.
    pub lower: u64,
}

impl MatchCounts {
    fn add(&mut self, technique: Rating, external: f64) {
        self.n += 1;
        match technique {
            Rating::Beyond => self.higher += 1,
            Rating::Score(t) => {
                let d = t - external;
                if d.abs() < 0.05 {
                    self.exact += 1;
                } else if d > 0.0 {
                    self.higher += 1;
                } else {
                    self.lower += 1;
                }
                if d.abs() <= 0.5 + 1e-9 {
                    self.within_half += 1;
                }
            }
        }
    }

    /// `exact / n` (NaN when empty).
    pub fn exact_share(&self) -> f64 {
        self.exact as f64 / self.n as f64
    }

    /// `within_half / n` (NaN when empty).
    pub fn within_half_share(&self) -> f64 {
        self.within_half as f64 / self.n as f64
    }
}

/// The agreement of the technique rating with an external rating over a corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// Every puzzle that has both ratings.
    pub all: MatchCounts,
    /// Puzzles whose external rating is 4.4 or below (the range the techniques are meant to reach).
    pub up_to_4_4: MatchCounts,
    /// Per external band, in [`Band::ALL`] order (the `Beyond` entry stays empty).
    pub by_external_band: Vec<(Band, MatchCounts)>,
    /// `confusion[e][t]`: puzzles with external band `e` and technique band `t` (indices into
    /// [`Band::ALL`]).
    pub confusion: Vec<Vec<u64>>,
}

/// Agreement over pairs `(technique rating, external rating)`.
pub fn agreement(pairs: impl IntoIterator<Item = (Rating, f64)>) -> Agreement {
    let mut result = Agreement {
        all: MatchCounts::default(),
        up_to_4_4: MatchCounts::default(),
        by_external_band: Band::ALL
            .iter()
            .map(|&b| (b, MatchCounts::default()))
            .collect(),
        confusion: vec![vec![0; Band::ALL.len()]; Band::ALL.len()],
    };
    for (technique, external) in pairs {
        result.all.add(technique, external);
        if external <= 4.4 + 1e-9 {
            result.up_to_4_4.add(technique, external);
        }
        let e = Band::of(Rating::Score(external)).index();
        result.by_external_band[e].1.add(technique, external);
        result.confusion[e][Band::of(technique).index()] += 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_edges() {
        assert_eq!(Band::of(Rating::Score(1.5)), Band::Singles);
        assert_eq!(Band::of(Rating::Score(1.7)), Band::Direct);
        assert_eq!(Band::of(Rating::Score(2.3)), Band::Direct);
        assert_eq!(Band::of(Rating::Score(2.6)), Band::Locked);
        assert_eq!(Band::of(Rating::Score(3.0)), Band::Subsets);
        assert_eq!(Band::of(Rating::Score(4.0)), Band::Subsets);
        assert_eq!(Band::of(Rating::Score(4.2)), Band::Wings);
        assert_eq!(Band::of(Rating::Score(5.0)), Band::Chains);
        assert_eq!(Band::of(Rating::Score(6.9)), Band::Chains);
        assert_eq!(Band::of(Rating::Score(7.0)), Band::Nested);
        assert_eq!(Band::of(Rating::Beyond), Band::Beyond);
    }
}
