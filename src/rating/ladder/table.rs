//! The ladder over a corpus: one row per puzzle line (`ladder.csv`) and the table of how many
//! puzzles each rung solves with no guess.
//!
//! Row columns, exactly: `line,puzzle,status,inference_level,rung,error`. `status` is the
//! solver's word for the puzzle (`unique`, `multiple`, `none` for no solution, `invalid` for a
//! line that is not a 9x9 puzzle); `inference_level` is the level number 0 to 5 or `none` beyond
//! the top rung, and `rung` its name, both empty unless the puzzle is unique; `error` says why
//! a line has no level.

use std::io::Write;

use rayon::prelude::*;

use super::rung::Rung;
use super::{inference_level, level_text, probe_band_solvers, LadderError, Probe};
use crate::solvers::Status;
use crate::sudoku::Grid;

/// The CSV header of the per-puzzle rows.
pub const COLUMNS: [&str; 6] = [
    "line",
    "puzzle",
    "status",
    "inference_level",
    "rung",
    "error",
];

/// One puzzle line's place on the ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderRow {
    /// 1-based line number (or argument position).
    pub line: u64,
    /// The puzzle field as written.
    pub puzzle: String,
    /// The puzzle's status: unique, multiple, none or invalid.
    pub status: Status,
    /// For a unique puzzle, the weakest rung that solves it (`None`: beyond the top rung).
    pub level: Option<Rung>,
    /// Why the line has no level (empty for a unique puzzle).
    pub error: String,
    /// Whether the band solvers' propagation ([`probe_band_solvers`]) solves the puzzle with no
    /// guess (false unless it is unique). Counted in the table, not written in the rows.
    pub band_solvers: bool,
}

/// The row of one corpus line (its first field is the puzzle).
pub fn ladder_line(line: u64, text: &str) -> LadderRow {
    let puzzle = text.split_whitespace().next().unwrap_or("").to_string();
    let (status, level, error, band_solvers) = match Grid::parse(&puzzle) {
        Err(e) => (Status::Invalid, None, e.to_string(), false),
        Ok(grid) => match inference_level(&grid) {
            Ok(level) => {
                let band = matches!(probe_band_solvers(&grid), Ok(Probe::Solved(_)));
                (Status::Unique, level, String::new(), band)
            }
            Err(e @ LadderError::Shape(_)) => (Status::Invalid, None, e.to_string(), false),
            Err(e @ LadderError::Multiple) => (Status::Multiple, None, e.to_string(), false),
            Err(e @ LadderError::NoSolution) => (Status::None, None, e.to_string(), false),
        },
    };
    LadderRow {
        line,
        puzzle,
        status,
        level,
        error,
        band_solvers,
    }
}

/// The rows of numbered lines, in their order, computed in parallel on the current rayon pool
/// in chunks; `progress` is told how many lines each chunk held. The result does not depend on
/// the number of threads.
pub fn ladder_lines(lines: &[(u64, &str)], progress: &(dyn Fn(u64) + Sync)) -> Vec<LadderRow> {
    let mut rows = Vec::with_capacity(lines.len());
    for chunk in lines.chunks(1024) {
        let done: Vec<LadderRow> = chunk
            .par_iter()
            .map(|&(n, text)| ladder_line(n, text))
            .collect();
        progress(chunk.len() as u64);
        rows.extend(done);
    }
    rows
}

/// Writes one row (the columns of [`COLUMNS`]).
pub fn write_row<W: Write>(w: &mut csv::Writer<W>, row: &LadderRow) -> csv::Result<()> {
    let unique = row.status == Status::Unique;
    let level = if unique {
        level_text(row.level)
    } else {
        String::new()
    };
    let rung = match (unique, row.level) {
        (true, Some(r)) => r.name(),
        _ => "",
    };
    w.write_record([
        row.line.to_string().as_str(),
        &row.puzzle,
        row.status.as_str(),
        &level,
        rung,
        &row.error,
    ])
}

/// How many puzzles of a corpus each rung solves with no guess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LadderTable {
    /// Unique puzzles whose weakest solving rung is each rung, by level.
    pub first_solved_at: [u64; 6],
    /// Unique puzzles that even the top rung leaves unsolved.
    pub beyond: u64,
    /// Lines with several solutions.
    pub multiple: u64,
    /// Lines with no solution.
    pub no_solution: u64,
    /// Lines that are not 9x9 puzzles.
    pub invalid: u64,
    /// Unique puzzles the band solvers' propagation solves with no guess (beside the ladder).
    pub band_solvers: u64,
}

/// One line of the ladder table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderLevel {
    /// The rung.
    pub rung: Rung,
    /// Unique puzzles it solves with no guess (those of every rung below included).
    pub solved: u64,
    /// `solved` as a percentage of the unique puzzles (0 when there are none).
    pub percent: f64,
}

impl LadderTable {
    /// The table of `rows`.
    pub fn of(rows: &[LadderRow]) -> LadderTable {
        let mut t = LadderTable::default();
        for row in rows {
            t.band_solvers += u64::from(row.band_solvers);
            match (row.status, row.level) {
                (Status::Unique, Some(r)) => t.first_solved_at[r.level() as usize] += 1,
                (Status::Unique, None) => t.beyond += 1,
                (Status::Multiple, _) => t.multiple += 1,
                (Status::None, _) => t.no_solution += 1,
                _ => t.invalid += 1,
            }
        }
        t
    }

    /// Unique puzzles: the denominator of the percentages.
    pub fn unique(&self) -> u64 {
        self.first_solved_at.iter().sum::<u64>() + self.beyond
    }

    /// Each rung with the puzzles it solves, cumulative, weakest first.
    pub fn levels(&self) -> Vec<LadderLevel> {
        let unique = self.unique();
        let mut solved = 0;
        Rung::ALL
            .iter()
            .map(|&rung| {
                solved += self.first_solved_at[rung.level() as usize];
                let percent = if unique == 0 {
                    0.0
                } else {
                    100.0 * solved as f64 / unique as f64
                };
                LadderLevel {
                    rung,
                    solved,
                    percent,
                }
            })
            .collect()
    }

    /// [`Self::band_solvers`] as a percentage of the unique puzzles.
    pub fn band_solvers_percent(&self) -> f64 {
        match self.unique() {
            0 => 0.0,
            unique => 100.0 * self.band_solvers as f64 / unique as f64,
        }
    }

    /// The table as CSV: `level,rung,solved,unique,percent`, then the band solvers' line with
    /// level `2*` and rung `band-solvers`.
    pub fn write_csv<W: Write>(&self, out: W) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(["level", "rung", "solved", "unique", "percent"])?;
        let unique = self.unique().to_string();
        for l in self.levels() {
            w.write_record([
                l.rung.level().to_string().as_str(),
                l.rung.name(),
                &l.solved.to_string(),
                &unique,
                &format!("{:.2}", l.percent),
            ])?;
        }
        w.write_record([
            "2*",
            "band-solvers",
            &self.band_solvers.to_string(),
            &unique,
            &format!("{:.2}", self.band_solvers_percent()),
        ])?;
        w.flush()?;
        Ok(())
    }
}
