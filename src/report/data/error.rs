//! Why a study directory could not be read, and the number parser the readers share: below
//! `data.rs` and `data/chunks.rs`, which both use them.

use std::path::PathBuf;

/// Why a study directory could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The CSV layer failed (bad quoting, invalid UTF-8, ragged row).
    #[error("{path}: line {line}: {source}")]
    Csv {
        /// The file.
        path: PathBuf,
        /// 1-based line of the file.
        line: u64,
        /// The underlying error.
        source: csv::Error,
    },
    /// The header lacks a required column.
    #[error("{path}: the header has no column `{column}`")]
    MissingColumn {
        /// The file.
        path: PathBuf,
        /// The missing column.
        column: &'static str,
    },
    /// A field does not parse.
    #[error("{path}: line {line}, column `{column}`: cannot read {value:?}: {reason}")]
    BadField {
        /// The file.
        path: PathBuf,
        /// 1-based line of the file.
        line: u64,
        /// The column.
        column: &'static str,
        /// The field as written.
        value: String,
        /// What was expected.
        reason: &'static str,
    },
    /// The same (puzzle, solver) or the same puzzle rating appears twice.
    #[error("{path}: line {line}: duplicate row for corpus line {puzzle_line}{solver}")]
    Duplicate {
        /// The file.
        path: PathBuf,
        /// 1-based line of the file.
        line: u64,
        /// The corpus line number of the puzzle.
        puzzle_line: u64,
        /// `" and solver NAME"` for runs.csv, empty for ratings.csv.
        solver: String,
    },
    /// The files of the directory are not of one study: a puzzle of ratings.csv that is not the
    /// puzzle of runs.csv on the same line, rows missing against meta.json, another corpus.
    #[error("{path}: {reason}; nothing was written")]
    Inconsistent {
        /// The file found wrong.
        path: PathBuf,
        /// What does not match, with the first place where it does not.
        reason: String,
    },
}

/// A finite number, or `None`.
pub(super) fn parse_finite(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}
