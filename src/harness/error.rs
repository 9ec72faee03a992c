//! The harness's error: why a study, merge or count could not be carried out. A file of its own
//! below every harness file that returns it, so that none of them imports `mod.rs` back
//! (docs/architecture.md).

use std::io;
use std::path::{Path, PathBuf};

/// Why a study, merge or count could not be carried out. (A bad puzzle is not an error: it is a row.)
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// No solver to run.
    #[error("no solvers selected (registered: {})", crate::solvers::names().join(", "))]
    NoSolvers,
    /// Reading the corpus failed.
    #[error("reading the corpus: {0}")]
    Corpus(#[source] io::Error),
    /// Reading or writing an output file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// A CSV file could not be read or written.
    #[error("CSV: {0}")]
    Csv(#[from] csv::Error),
    /// A `runs.csv` with other columns.
    #[error("runs.csv header is {found:?}; expected {expected}")]
    Header {
        /// The header found.
        found: String,
        /// The header expected ([`super::COLUMNS`], comma-separated).
        expected: String,
    },
    /// `meta.json` could not be read or written.
    #[error("{path}: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// The error.
        #[source]
        source: serde_json::Error,
    },
    /// An earlier partial run does not fit this one.
    #[error("cannot resume from {path}: {reason}")]
    Resume {
        /// The partial file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A fresh run into a directory that holds an interrupted one (see [`crate::harness::StudyConfig::force`]).
    #[error("{path} holds an interrupted run: continue it with --resume, or discard it with --force; nothing was changed")]
    Unfinished {
        /// The partial file.
        path: PathBuf,
    },
    /// A solver name that is not registered.
    #[error("unknown solver {name:?} (registered: {})", crate::solvers::names().join(", "))]
    UnknownSolver {
        /// The name given.
        name: String,
    },
    /// A default output directory that holds a study of another corpus ([`crate::harness::out_dir`]).
    #[error("{0}")]
    OtherCorpus(String),
    /// Shard outputs that do not join into one study.
    #[error("cannot merge: {0}")]
    Merge(String),
}

pub(super) fn io_err(path: &Path) -> impl FnOnce(io::Error) -> HarnessError + '_ {
    move |source| HarnessError::Io {
        path: path.to_path_buf(),
        source,
    }
}
