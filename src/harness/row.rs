//! One row of `runs.csv`: one puzzle line run through one solver.

use serde::{Deserialize, Serialize};

use crate::solvers::Status;

/// The columns of `runs.csv`, in order (a contract: scripts and reports rely on them).
pub const COLUMNS: [&str; 11] = [
    "line",
    "puzzle",
    "clues",
    "solver",
    "status",
    "solutions",
    "nodes",
    "guesses",
    "time_ns",
    "solution",
    "error",
];

/// The words that mark a solver failure in the `error` column (the rest of the message says what
/// failed). Bad input lines never carry them.
pub const SOLVER_ERROR: &str = "solver error: ";

/// One row of `runs.csv`. See `docs/harness.md` for the exact meaning of each column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// 1-based line number of the puzzle in the corpus.
    pub line: u64,
    /// The puzzle field as written in the corpus.
    pub puzzle: String,
    /// Number of givens; empty when the line is not a grid.
    pub clues: Option<u32>,
    /// The solver's registry name.
    pub solver: String,
    /// `unique`, `multiple`, `none`, `limit` or `invalid`.
    #[serde(with = "status_serde")]
    pub status: Status,
    /// Solutions found (up to the solution limit).
    pub solutions: u64,
    /// Search nodes; empty (`None`) when the solver did not report them (an external program
    /// without `nodes=`): unknown, not zero.
    pub nodes: Option<u64>,
    /// Guesses; empty when not reported, as `nodes`.
    pub guesses: Option<u64>,
    /// Wall time of the solve call, nanoseconds.
    pub time_ns: u64,
    /// The first solution found, verified; empty when there is none.
    pub solution: String,
    /// Why the line is invalid, or what was wrong with the solver's answer; empty otherwise.
    pub error: String,
}

impl Row {
    /// Equal in every column but `time_ns` (the columns that do not depend on the machine).
    pub fn same_result(&self, other: &Row) -> bool {
        Row {
            time_ns: 0,
            ..self.clone()
        } == Row {
            time_ns: 0,
            ..other.clone()
        }
    }

    /// True when the row records a solver failure (an invalid or inconsistent answer, marked by
    /// [`SOLVER_ERROR`] in `error`), as opposed to a bad input line.
    pub fn is_solver_error(&self) -> bool {
        self.error.contains(SOLVER_ERROR)
    }
}

mod status_serde {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::solvers::Status;

    pub fn serialize<S: Serializer>(status: &Status, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(status.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Status, D::Error> {
        let word = String::deserialize(d)?;
        Status::parse(&word)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown status {word:?}")))
    }
}

/// A `runs.csv` writer: the header, then rows.
pub fn writer<W: std::io::Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new().has_headers(true).from_writer(out)
}

/// A `runs.csv` reader that checks the header is exactly [`COLUMNS`].
pub fn reader<R: std::io::Read>(input: R) -> Result<csv::Reader<R>, crate::harness::HarnessError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(input);
    let header = reader.headers()?.clone();
    if header.iter().ne(COLUMNS.iter().copied()) {
        return Err(crate::harness::HarnessError::Header {
            found: header.iter().collect::<Vec<_>>().join(","),
            expected: COLUMNS.join(","),
        });
    }
    Ok(reader)
}
