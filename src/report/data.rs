//! Loading a study directory: `runs.csv` (one row per puzzle × solver, written by `dlxlab study`)
//! and, when present, `ratings.csv` (one row per puzzle, written by `dlxlab rate` / `study`).
//!
//! Columns are found by name, so extra columns and column order do not matter; a missing column or
//! a field that does not parse is an error naming the file, the line and the column. Puzzles are
//! identified by their corpus line number (`line`), which both files share.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::solvers::Status;

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
}

/// A difficulty rating on the Sudoku Explainer scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rating {
    /// A score such as 1.2 or 7.1.
    Score(f64),
    /// The puzzle needs techniques beyond those the rater implements.
    Beyond,
}

impl Rating {
    /// The value used for ranking: `Beyond` ranks above every score (+∞).
    pub fn rank_value(self) -> f64 {
        match self {
            Rating::Score(s) => s,
            Rating::Beyond => f64::INFINITY,
        }
    }
}

/// One solver's record of one puzzle (a row of runs.csv).
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Outcome of the solve.
    pub status: Status,
    /// Search nodes; `None` when the solver did not report them (an empty field: an external
    /// program without `nodes=`), which no statistic or plot counts as zero.
    pub nodes: Option<u64>,
    /// Branching decisions; `None` when not reported.
    pub guesses: Option<u64>,
    /// Wall time of the solve call, nanoseconds.
    pub time_ns: u64,
}

/// One puzzle's ratings (a row of ratings.csv).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ratings {
    /// The decision-tree index (absent when the row carries an error).
    pub decision_tree: Option<f64>,
    /// The technique rating on the SE scale, or `Beyond`.
    pub technique: Option<Rating>,
    /// Name of the hardest technique used.
    pub hardest_technique: String,
    /// The rating that came with the corpus (Sudoku Explainer), if any.
    pub external: Option<f64>,
    /// SE's pearl (EP) on the technique path, or `Beyond` (absent when ratings.csv has no
    /// `pearl_rating` column or the field is empty).
    pub pearl: Option<Rating>,
    /// SE's diamond (ED) on the technique path, or `Beyond` (absent as for [`Ratings::pearl`]).
    pub diamond: Option<Rating>,
}

/// A study directory in memory, indexed by puzzle.
#[derive(Clone, Debug, Default)]
pub struct StudyData {
    /// Corpus line numbers of the puzzles, increasing; a puzzle's index in this list is its id here.
    pub lines: Vec<u64>,
    /// Solver names in order of first appearance in runs.csv (the registry order).
    pub solvers: Vec<String>,
    /// `runs[s][p]`: the run of solver `s` on puzzle `p`, if runs.csv has it.
    pub runs: Vec<Vec<Option<Run>>>,
    /// `ratings[p]`, when ratings.csv exists (`None` for puzzles it lacks).
    pub ratings: Option<Vec<Option<Ratings>>>,
    /// Rows read from runs.csv.
    pub run_rows: usize,
    /// Rows read from ratings.csv.
    pub rating_rows: usize,
    /// Rows of ratings.csv whose line has no row in runs.csv (ignored: the puzzles of a study are
    /// those it ran).
    pub unmatched_ratings: usize,
}

impl StudyData {
    /// Number of puzzles.
    pub fn puzzles(&self) -> usize {
        self.lines.len()
    }

    /// Index of a solver by name.
    pub fn solver(&self, name: &str) -> Option<usize> {
        self.solvers.iter().position(|s| s == name)
    }

    /// Whether any puzzle has a value for this rating.
    pub fn has_rating(&self, kind: RatingKind) -> bool {
        self.ratings
            .as_ref()
            .is_some_and(|r| r.iter().flatten().any(|r| kind.value(r).is_some()))
    }
}

/// The ratings a report plots against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingKind {
    /// `technique_rating` (SE scale, computed by dlxlab).
    Technique,
    /// `external_rating` (SE scale, from the corpus).
    External,
    /// `decision_tree` (the decision-tree index).
    DecisionTree,
    /// `pearl_rating` (SE's EP on the technique path, SE scale).
    Pearl,
    /// `diamond_rating` (SE's ED on the technique path, SE scale).
    Diamond,
}

impl RatingKind {
    /// The ratings that search nodes are plotted against, in report order.
    pub const ALL: [RatingKind; 3] = [
        RatingKind::Technique,
        RatingKind::External,
        RatingKind::DecisionTree,
    ];

    /// The ratings whose distribution is drawn, in panel order: SE's three numbers (ER, EP, ED)
    /// side by side, then the corpus's rating and the decision-tree index.
    pub const HISTOGRAMS: [RatingKind; 5] = [
        RatingKind::Technique,
        RatingKind::Pearl,
        RatingKind::Diamond,
        RatingKind::External,
        RatingKind::DecisionTree,
    ];

    /// The CSV column name.
    pub fn column(self) -> &'static str {
        match self {
            RatingKind::Technique => "technique_rating",
            RatingKind::External => "external_rating",
            RatingKind::DecisionTree => "decision_tree",
            RatingKind::Pearl => "pearl_rating",
            RatingKind::Diamond => "diamond_rating",
        }
    }

    /// A label for axes and tables.
    pub fn label(self) -> &'static str {
        match self {
            RatingKind::Technique => "technique rating (SE scale)",
            RatingKind::External => "external SE rating",
            RatingKind::DecisionTree => "decision-tree index",
            RatingKind::Pearl => "pearl, EP (SE scale)",
            RatingKind::Diamond => "diamond, ED (SE scale)",
        }
    }

    /// The name of its histogram panel: the CSV column, with SE's abbreviation where it has one.
    pub fn panel_name(self) -> String {
        match self {
            RatingKind::Technique => "ER: technique_rating".into(),
            RatingKind::Pearl => "EP: pearl_rating".into(),
            RatingKind::Diamond => "ED: diamond_rating".into(),
            _ => self.column().into(),
        }
    }

    /// Whether the values lie on the SE scale in steps of 0.1 (a discrete axis).
    pub fn is_se_scale(self) -> bool {
        !matches!(self, RatingKind::DecisionTree)
    }

    /// This rating of a puzzle.
    pub fn value(self, r: &Ratings) -> Option<Rating> {
        match self {
            RatingKind::Technique => r.technique,
            RatingKind::External => r.external.map(Rating::Score),
            RatingKind::DecisionTree => r.decision_tree.map(Rating::Score),
            RatingKind::Pearl => r.pearl,
            RatingKind::Diamond => r.diamond,
        }
    }
}

/// Reads `dir/runs.csv` and, if it exists, `dir/ratings.csv`. The puzzles are the lines of
/// runs.csv; ratings of other lines are counted in [`StudyData::unmatched_ratings`] and ignored.
///
/// Large files are parsed in parallel on the current rayon pool (see `read_csv_chunks`); the
/// result is that of reading the file row by row. Errors: the first unreadable field or row of
/// a file in file order; then the first duplicate row.
pub fn load_study(dir: &Path) -> Result<StudyData, DataError> {
    let runs_path = dir.join("runs.csv");
    let mut data = StudyData::default();

    /// One chunk of runs.csv: its solver names in order of first appearance, and its rows
    /// (file line, corpus line, index into the chunk's names, the run).
    #[derive(Default)]
    struct RunChunk {
        names: Vec<String>,
        rows: Vec<(u64, u64, usize, Run)>,
    }
    let chunks = read_csv_chunks(
        &runs_path,
        |chunk: &mut RunChunk, fields, line| {
            let puzzle_line = fields.u64("line", line)?;
            let solver_name = fields.str("solver", line)?;
            let status_text = fields.str("status", line)?;
            let status = Status::parse(status_text).ok_or_else(|| {
                fields.bad(
                    "status",
                    line,
                    "a status: unique, multiple, none, limit, invalid or timeout",
                )
            })?;
            let run = Run {
                status,
                nodes: fields.opt_u64("nodes", line)?,
                guesses: fields.opt_u64("guesses", line)?,
                time_ns: fields.u64_or_zero("time_ns", line)?,
            };
            let s = match chunk.names.iter().position(|n| n == solver_name) {
                Some(s) => s,
                None => {
                    chunk.names.push(solver_name.to_string());
                    chunk.names.len() - 1
                }
            };
            chunk.rows.push((line, puzzle_line, s, run));
            Ok(())
        },
        &["line", "solver", "status", "nodes", "guesses", "time_ns"],
    )?;
    // Solvers in order of first appearance in the file: chunk by chunk, each chunk's own order.
    let mut rows: Vec<(u64, u64, usize, Run)> =
        Vec::with_capacity(chunks.iter().map(|c| c.rows.len()).sum());
    for chunk in chunks {
        let global: Vec<usize> = chunk
            .names
            .into_iter()
            .map(|name| match data.solvers.iter().position(|n| *n == name) {
                Some(s) => s,
                None => {
                    data.solvers.push(name);
                    data.solvers.len() - 1
                }
            })
            .collect();
        rows.extend(
            chunk
                .rows
                .into_iter()
                .map(|(line, puzzle_line, s, run)| (line, puzzle_line, global[s], run)),
        );
    }
    data.run_rows = rows.len();
    data.lines = rows.iter().map(|r| r.1).collect();
    data.lines.sort_unstable();
    data.lines.dedup();
    data.runs = vec![vec![None; data.lines.len()]; data.solvers.len()];
    // In file order, so that a duplicate is reported at its second row, as a row-by-row reader
    // would.
    for (line, puzzle_line, s, run) in rows {
        let p = data
            .lines
            .binary_search(&puzzle_line)
            .expect("every corpus line of runs.csv is in `lines`");
        let slot = &mut data.runs[s][p];
        if slot.is_some() {
            return Err(DataError::Duplicate {
                path: runs_path,
                line,
                puzzle_line,
                solver: format!(" and solver {}", data.solvers[s]),
            });
        }
        *slot = Some(run);
    }

    let ratings_path = dir.join("ratings.csv");
    if ratings_path.exists() {
        let chunks = read_csv_chunks(
            &ratings_path,
            |chunk: &mut Vec<(u64, u64, Ratings)>, fields, line| {
                let puzzle_line = fields.u64("line", line)?;
                let decision_tree = fields.opt_f64("decision_tree", line)?;
                let se = |column: &'static str| -> Result<Option<Rating>, DataError> {
                    if !fields.has(column) {
                        return Ok(None);
                    }
                    Ok(match fields.str(column, line)?.trim() {
                        "" => None,
                        t if t.eq_ignore_ascii_case("beyond") => Some(Rating::Beyond),
                        t => Some(Rating::Score(parse_finite(t).ok_or_else(|| {
                            fields.bad(column, line, "a number or `beyond`")
                        })?)),
                    })
                };
                let technique = se("technique_rating")?;
                let ratings = Ratings {
                    decision_tree,
                    technique,
                    hardest_technique: fields
                        .str("hardest_technique", line)
                        .unwrap_or("")
                        .to_string(),
                    external: if fields.has("external_rating") {
                        fields.opt_f64("external_rating", line)?
                    } else {
                        None
                    },
                    // Older ratings.csv files have no EP/ED columns: no pearl or diamond panel.
                    pearl: se("pearl_rating")?,
                    diamond: se("diamond_rating")?,
                };
                chunk.push((line, puzzle_line, ratings));
                Ok(())
            },
            &["line", "decision_tree", "technique_rating"],
        )?;
        let mut seen_lines: HashSet<u64> = HashSet::new();
        let mut ratings = vec![None; data.lines.len()];
        for (line, puzzle_line, r) in chunks.into_iter().flatten() {
            if !seen_lines.insert(puzzle_line) {
                return Err(DataError::Duplicate {
                    path: ratings_path,
                    line,
                    puzzle_line,
                    solver: String::new(),
                });
            }
            data.rating_rows += 1;
            match data.lines.binary_search(&puzzle_line) {
                Ok(p) => ratings[p] = Some(r),
                Err(_) => data.unmatched_ratings += 1,
            }
        }
        data.ratings = Some(ratings);
    }
    Ok(data)
}

fn parse_finite(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}

/// One CSV record with its header, for lookups by column name.
struct Fields<'a> {
    path: &'a Path,
    header: &'a HashMap<String, usize>,
    record: &'a csv::StringRecord,
}

impl Fields<'_> {
    fn has(&self, column: &str) -> bool {
        self.header.contains_key(column)
    }

    fn str(&self, column: &'static str, line: u64) -> Result<&str, DataError> {
        let i = *self
            .header
            .get(column)
            .ok_or_else(|| DataError::MissingColumn {
                path: self.path.to_path_buf(),
                column,
            })?;
        // The csv reader rejects ragged rows, so every column is present.
        self.record
            .get(i)
            .ok_or_else(|| self.bad(column, line, "a field"))
    }

    fn bad(&self, column: &'static str, line: u64, reason: &'static str) -> DataError {
        let value = self
            .header
            .get(column)
            .and_then(|&i| self.record.get(i))
            .unwrap_or("")
            .to_string();
        DataError::BadField {
            path: self.path.to_path_buf(),
            line,
            column,
            value,
            reason,
        }
    }

    fn u64(&self, column: &'static str, line: u64) -> Result<u64, DataError> {
        self.str(column, line)?
            .trim()
            .parse()
            .map_err(|_| self.bad(column, line, "a non-negative integer"))
    }

    /// Counters of `invalid` rows may be left empty by the writer.
    fn u64_or_zero(&self, column: &'static str, line: u64) -> Result<u64, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(0),
            _ => self.u64(column, line),
        }
    }

    fn opt_u64(&self, column: &'static str, line: u64) -> Result<Option<u64>, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(None),
            _ => self.u64(column, line).map(Some),
        }
    }

    fn opt_f64(&self, column: &'static str, line: u64) -> Result<Option<f64>, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(None),
            t => parse_finite(t)
                .map(Some)
                .ok_or_else(|| self.bad(column, line, "a finite number or an empty field")),
        }
    }
}

/// Below this many bytes of rows a file is read on one thread.
const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Reads a CSV file with a header row, calling `row(state, fields, line)` for each record (`line`:
/// its 1-based line in the file), and returns the states: one per chunk of the file, in file order.
///
/// A file of more than [`PARALLEL_MIN_BYTES`] bytes of rows with no `"` and no blank line in it
/// (so that every newline ends a record) is cut at newlines into chunks that are parsed in parallel, each by its
/// own reader with the header in front, so that ragged rows are rejected against the header as
/// before. Any error in any chunk sends the whole file through the row-by-row reader, whose first
/// error is the one returned: results and errors are those of reading the file in one pass.
fn read_csv_chunks<S: Default + Send>(
    path: &Path,
    row: impl Fn(&mut S, &Fields<'_>, u64) -> Result<(), DataError> + Sync,
    required: &[&'static str],
) -> Result<Vec<S>, DataError> {
    let io = |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::read(path).map_err(io)?;
    let csv_err = |source: csv::Error| DataError::Csv {
        path: path.to_path_buf(),
        line: source.position().map_or(1, |p| p.line()),
        source,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(bytes.as_slice());
    let header: HashMap<String, usize> = reader
        .headers()
        .map_err(csv_err)?
        .iter()
        .enumerate()
        .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
        .collect();
    if let Some(&column) = required.iter().find(|c| !header.contains_key(**c)) {
        return Err(DataError::MissingColumn {
            path: path.to_path_buf(),
            column,
        });
    }
    let body_start = usize::try_from(reader.position().byte()).unwrap_or(bytes.len());
    let threads = rayon::current_num_threads();
    if threads > 1
        && bytes.len() - body_start >= PARALLEL_MIN_BYTES
        && !bytes.contains(&b'"')
        && bytes[..body_start].ends_with(b"\n")
    {
        if let Some(states) = read_chunks_parallel(path, &bytes, body_start, &header, &row) {
            return Ok(states);
        }
    }
    let mut state = S::default();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => return Ok(vec![state]),
            Ok(true) => {
                let line = record.position().map_or(0, |p| p.line());
                let fields = Fields {
                    path,
                    header: &header,
                    record: &record,
                };
                row(&mut state, &fields, line)?;
            }
            Err(e) => return Err(csv_err(e)),
        }
    }
}

/// The parallel half of [`read_csv_chunks`]: `None` if any chunk meets an error.
fn read_chunks_parallel<S: Default + Send>(
    path: &Path,
    bytes: &[u8],
    body_start: usize,
    header: &HashMap<String, usize>,
    row: &(impl Fn(&mut S, &Fields<'_>, u64) -> Result<(), DataError> + Sync),
) -> Option<Vec<S>> {
    use rayon::prelude::*;
    let head = &bytes[..body_start];
    let body = &bytes[body_start..];
    // Cut points just after a newline, about 4 chunks per thread.
    let pieces = rayon::current_num_threads() * 4;
    let mut cuts = vec![0usize];
    for k in 1..pieces {
        let at = (body.len() * k / pieces).max(*cuts.last().expect("cuts starts with 0"));
        match body[at..].iter().position(|&b| b == b'\n') {
            Some(i) if at + i + 1 < body.len() => cuts.push(at + i + 1),
            _ => break,
        }
    }
    cuts.dedup();
    cuts.push(body.len());
    let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &body[w[0]..w[1]]).collect();
    // The file line of each chunk's first record: lines before it, plus one.
    let newlines: Vec<u64> = chunks
        .par_iter()
        .map(|c| c.iter().filter(|&&b| b == b'\n').count() as u64)
        .collect();
    let head_lines = head.iter().filter(|&&b| b == b'\n').count() as u64;
    let mut first_line = Vec::with_capacity(chunks.len());
    let mut before = head_lines;
    for n in &newlines {
        first_line.push(before + 1);
        before += n;
    }
    chunks
        .par_iter()
        .zip(first_line)
        .map(|(chunk, first)| {
            // The csv reader numbers the record after a blank line as if the blank were not
            // there; a chunk starting anywhere near one would number differently: leave such
            // files to the row-by-row reader.
            if chunk.first().is_some_and(|&b| b == b'\n' || b == b'\r')
                || chunk
                    .windows(2)
                    .any(|w| w[0] == b'\n' && (w[1] == b'\n' || w[1] == b'\r'))
            {
                return None;
            }
            // The header in front: the reader checks every row's length against it, and its
            // records start on its line 2.
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(true)
                .from_reader(std::io::Read::chain(head, *chunk));
            reader.headers().ok()?;
            let mut state = S::default();
            let mut record = csv::StringRecord::new();
            while reader.read_record(&mut record).ok()? {
                let line = record.position().map_or(0, |p| p.line()) + first - 2;
                let fields = Fields {
                    path,
                    header,
                    record: &record,
                };
                row(&mut state, &fields, line).ok()?;
            }
            Some(state)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parallel reader, called directly (so that a silent fallback to the row-by-row reader
    /// cannot hide a failure), returns the rows and lines of the row-by-row reader.
    #[test]
    fn chunks_hold_the_rows_of_the_row_by_row_reader() {
        let mut text = String::from("a,b\n");
        for i in 0..200_000u64 {
            text.push_str(&format!("{i},{}\n", i * 7));
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, &text).unwrap();
        let row = |rows: &mut Vec<(u64, u64, u64)>, f: &Fields<'_>, line: u64| {
            rows.push((line, f.u64("a", line)?, f.u64("b", line)?));
            Ok(())
        };
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| read_csv_chunks(&path, row, &["a", "b"]))
            .unwrap();
        assert_eq!(one.len(), 1, "one thread reads row by row");
        let header: HashMap<String, usize> = [("a".to_string(), 0), ("b".to_string(), 1)].into();
        let bytes = text.as_bytes();
        let chunks = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap()
            .install(|| read_chunks_parallel(&path, bytes, 4, &header, &row))
            .expect("valid rows parse in chunks");
        assert!(chunks.len() > 1);
        let flat: Vec<_> = chunks.into_iter().flatten().collect();
        assert_eq!(flat, one[0]);
        assert_eq!(flat.len(), 200_000);
        assert_eq!(flat[1], (3, 1, 7));

        // A blank line: the row-by-row reader numbers the record after it its own way, so the
        // parallel reader declines and the row-by-row reader reads the file.
        let blank = text.replacen("\n1000,", "\n\n1000,", 1);
        std::fs::write(&path, &blank).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert!(pool
            .install(|| read_chunks_parallel(&path, blank.as_bytes(), 4, &header, &row))
            .is_none());
        let read = pool
            .install(|| read_csv_chunks(&path, row, &["a", "b"]))
            .unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].len(), 200_000);
    }
}
