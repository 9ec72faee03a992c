//! Difficulty ratings: the decision-tree index of minimum-candidate search, the Sudoku Explainer
//! technique rating and the inference ladder (tdoku's levels of propagation).

pub mod chaos;
pub mod decision_tree;
pub mod hodoku;
pub mod ladder;
pub mod resumable;
pub mod table;
pub mod technique;

use crate::logic::PathOptions;

/// Which Sudoku Explainer a technique rating reproduces (`--se-profile`), since the builds differ
/// (`docs/rating.md`, "Profiles").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeProfile {
    /// The Sukaku Explainer build that rated `se-rated-sample.txt`: no UVWXYZ-wing, turbot fish
    /// 4.2. The default: it reproduces all 1,280 published sample ratings.
    #[default]
    Sample,
    /// Sukaku Explainer's current `serate` with its default technique list: the UVWXYZ-wing (6.6)
    /// runs, and a turbot fish scores 4.1 (its generic two-strong-link producer).
    Serate,
}

impl SeProfile {
    /// Both profiles, in the order `--help` lists them.
    pub const ALL: [SeProfile; 2] = [SeProfile::Sample, SeProfile::Serate];

    /// The name on the command line and in `ratings.csv` / `meta.json`.
    pub fn name(self) -> &'static str {
        match self {
            SeProfile::Sample => "sample",
            SeProfile::Serate => "serate",
        }
    }

    /// The path options of the profile; `uvwxyz_wing` adds the UVWXYZ-wing to either (the
    /// `--uvwxyz-wing` flag, kept from before the profiles).
    pub fn path_options(self, uvwxyz_wing: bool) -> PathOptions {
        match self {
            SeProfile::Sample => PathOptions {
                uvwxyz_wing,
                serate_turbot_fish: false,
            },
            SeProfile::Serate => PathOptions {
                uvwxyz_wing: true,
                serate_turbot_fish: true,
            },
        }
    }

    /// What `ratings.csv`'s `se_profile` column says for ratings made with `options`: the
    /// profile's name, with `+uvwxyz-wing` or `+serate-turbot-fish` for a mixture.
    pub fn label(options: PathOptions) -> &'static str {
        match (options.uvwxyz_wing, options.serate_turbot_fish) {
            (false, false) => "sample",
            (true, true) => "serate",
            (true, false) => "sample+uvwxyz-wing",
            (false, true) => "sample+serate-turbot-fish",
        }
    }
}

impl std::str::FromStr for SeProfile {
    type Err = String;

    fn from_str(text: &str) -> Result<SeProfile, String> {
        SeProfile::ALL
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| format!("unknown SE profile `{text}` (known: sample, serate)"))
    }
}

impl std::fmt::Display for SeProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
