//! The report's data model: what [`super::generate`] returns and takes, and its error. A file of
//! its own below `mod.rs`, `check.rs` and `markdown.rs`, which all use these types
//! (docs/architecture.md: no file imports one that imports it back).

use std::path::PathBuf;

use super::agreement::{Agreement, Band};
use super::data::{DataError, RatingKind};
use super::plots::{Figure, PlotError};
use super::stats::{BootstrapConfig, Correlation};

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The CSV files could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A figure could not be drawn.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// The markdown could not be written (or `discussion.md` could not be read).
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A committed report or its fingerprint could not be read or compared.
    #[error("report check: {0}")]
    Check(String),
    /// runs.csv has no rows.
    #[error("{0}: runs.csv has no rows, nothing to report")]
    Empty(PathBuf),
}

/// Settings of [`crate::report::generate`].
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// Corpus name used in titles; default: the corpus file stem from `meta.json`, else the
    /// directory name.
    pub title: Option<String>,
    /// Bootstrap settings of the correlation intervals.
    pub bootstrap: BootstrapConfig,
}

/// A search metric that correlations are computed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Search nodes of a solver.
    Nodes(String),
    /// Guesses of a solver.
    Guesses(String),
    /// The decision-tree index from ratings.csv.
    DecisionTree,
}

impl Metric {
    /// A label for tables.
    pub fn label(&self) -> String {
        match self {
            Metric::Nodes(s) => format!("{s} nodes"),
            Metric::Guesses(s) => format!("{s} guesses"),
            Metric::DecisionTree => "decision_tree".into(),
        }
    }
}

/// One row of the correlation table.
#[derive(Clone, Debug, PartialEq)]
pub struct CorrelationRow {
    /// The metric.
    pub metric: Metric,
    /// The rating.
    pub rating: RatingKind,
    /// ρ and τ-b with their intervals.
    pub correlation: Correlation,
}

/// Counts of one solver's runs by status, and its medians over finished runs.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverSummary {
    /// Solver name.
    pub solver: String,
    /// Runs per status, in the order unique, multiple, none, limit, invalid, timeout.
    pub statuses: [usize; 6],
    /// Median nodes of finished runs.
    pub median_nodes: f64,
    /// Median guesses of finished runs.
    pub median_guesses: f64,
    /// Median time of finished runs, µs.
    pub median_time_us: f64,
}

/// Everything a report shows.
#[derive(Clone, Debug)]
pub struct Report {
    /// Corpus name.
    pub corpus: String,
    /// Number of puzzles.
    pub puzzles: usize,
    /// Rows of runs.csv and of ratings.csv (`None` when there is no ratings.csv).
    pub rows: (usize, Option<usize>),
    /// Rows of ratings.csv for lines that runs.csv does not have (ignored).
    pub unmatched_ratings: usize,
    /// Per-solver run summary, in registry order.
    pub solvers: Vec<SolverSummary>,
    /// Figures written.
    pub figures: Vec<Figure>,
    /// Correlation table.
    pub correlations: Vec<CorrelationRow>,
    /// Median nodes per rating band and solver, when a SE-scale rating is present.
    pub band_medians: Option<BandMedians>,
    /// Technique vs external rating, when both are present.
    pub agreement: Option<Agreement>,
    /// Bootstrap settings used.
    pub bootstrap: BootstrapConfig,
    /// The study's context from `meta.json`, one line, when present.
    pub context: Option<String>,
    /// The hand-written `DIR/discussion.md`, when present.
    pub discussion: Option<String>,
    /// Files written, besides the figures.
    pub written: Vec<PathBuf>,
}

/// Median search nodes per band of one SE-scale rating, per solver.
#[derive(Clone, Debug, PartialEq)]
pub struct BandMedians {
    /// The rating the bands come from (external if the corpus has it, else technique).
    pub rating: RatingKind,
    /// Solver names, in column order.
    pub solvers: Vec<String>,
    /// Per non-empty band: the band, its puzzles, and each solver's median nodes over its
    /// finished runs (NaN when none).
    pub rows: Vec<(Band, usize, Vec<f64>)>,
}
