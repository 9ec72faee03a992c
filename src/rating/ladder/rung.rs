//! The rungs of the ladder, weakest first.

use std::fmt;

/// One level of inference, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rung {
    /// Level 0: naked singles.
    NakedSingles,
    /// Level 1: naked and hidden singles.
    HiddenSingles,
    /// Level 2: singles and locked candidates where rows cross boxes.
    LockedRows,
    /// Level 3: singles and locked candidates along rows and columns.
    LockedCandidates,
    /// Level 4: level 3 plus the triad cardinality constraints.
    Triads,
    /// Level 5: level 4 plus refutation by the binary implication graph.
    Scc,
}

impl Rung {
    /// Every rung, weakest first.
    pub const ALL: [Rung; 6] = [
        Rung::NakedSingles,
        Rung::HiddenSingles,
        Rung::LockedRows,
        Rung::LockedCandidates,
        Rung::Triads,
        Rung::Scc,
    ];

    /// The level number, 0 to 5.
    pub fn level(self) -> u8 {
        self as u8
    }

    /// The rung's name in tables and documentation.
    pub fn name(self) -> &'static str {
        match self {
            Rung::NakedSingles => "naked-singles",
            Rung::HiddenSingles => "hidden-singles",
            Rung::LockedRows => "locked-rows",
            Rung::LockedCandidates => "locked-candidates",
            Rung::Triads => "triads",
            Rung::Scc => "scc",
        }
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
