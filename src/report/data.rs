//! Loading a study directory: `runs.csv` (one row per puzzle × solver, written by `dlxlab study`)
//! and, when present, `ratings.csv` (one row per puzzle, written by `dlxlab rate` / `study`).
//!
//! Columns are found by name, so extra columns and column order do not matter; a missing column or
//! a field that does not parse is an error naming the file, the line and the column. Puzzles are
//! identified by their corpus line number (`line`), which both files share.

use std::collections::HashSet;
use std::path::Path;

use crate::solvers::Status;

mod chunks;
mod error;

use chunks::read_csv_chunks;
use error::parse_finite;
pub use error::DataError;

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
    /// `puzzles[p]`: the puzzle field of line `lines[p]` as runs.csv holds it (empty when runs.csv
    /// has no `puzzle` column).
    pub puzzles: Vec<String>,
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
/// The files are joined on the line *and* the puzzle: rows of one line in runs.csv with different
/// puzzles, or a row of ratings.csv whose puzzle is not runs.csv's on its line (a ratings file of
/// another corpus), are [`DataError::Inconsistent`].
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
        rows: Vec<(u64, u64, usize, Run, String)>,
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
            let puzzle = if fields.has("puzzle") {
                fields.str("puzzle", line)?.to_string()
            } else {
                String::new()
            };
            chunk.rows.push((line, puzzle_line, s, run, puzzle));
            Ok(())
        },
        &["line", "solver", "status", "nodes", "guesses", "time_ns"],
    )?;
    // Solvers in order of first appearance in the file: chunk by chunk, each chunk's own order.
    let mut rows: Vec<(u64, u64, usize, Run, String)> =
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
                .map(|(line, puzzle_line, s, run, puzzle)| {
                    (line, puzzle_line, global[s], run, puzzle)
                }),
        );
    }
    data.run_rows = rows.len();
    data.lines = rows.iter().map(|r| r.1).collect();
    data.lines.sort_unstable();
    data.lines.dedup();
    data.runs = vec![vec![None; data.lines.len()]; data.solvers.len()];
    let mut puzzles: Vec<Option<String>> = vec![None; data.lines.len()];
    // In file order, so that a duplicate is reported at its second row, as a row-by-row reader
    // would.
    for (line, puzzle_line, s, run, puzzle) in rows {
        let p = data
            .lines
            .binary_search(&puzzle_line)
            .expect("every corpus line of runs.csv is in `lines`");
        match &puzzles[p] {
            None => puzzles[p] = Some(puzzle),
            Some(first) if *first != puzzle => {
                return Err(DataError::Inconsistent {
                    path: runs_path,
                    reason: format!(
                        "line {line}: corpus line {puzzle_line} has the puzzle {puzzle:?} here and {first:?} in an earlier row: rows of different corpora"
                    ),
                });
            }
            Some(_) => {}
        }
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
    data.puzzles = puzzles.into_iter().map(Option::unwrap_or_default).collect();

    let ratings_path = dir.join("ratings.csv");
    if ratings_path.exists() {
        let chunks = read_csv_chunks(
            &ratings_path,
            |chunk: &mut Vec<(u64, u64, Ratings, Option<String>)>, fields, line| {
                let puzzle_line = fields.u64("line", line)?;
                let puzzle = if fields.has("puzzle") {
                    Some(fields.str("puzzle", line)?.to_string())
                } else {
                    None
                };
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
                chunk.push((line, puzzle_line, ratings, puzzle));
                Ok(())
            },
            &["line", "decision_tree", "technique_rating"],
        )?;
        let mut seen_lines: HashSet<u64> = HashSet::new();
        let mut ratings = vec![None; data.lines.len()];
        // The first ratings row whose puzzle is not runs.csv's on its line, and how many are not.
        let mut mismatch: Option<(u64, u64, String, usize)> = None;
        let mut mismatches = 0;
        for (line, puzzle_line, r, puzzle) in chunks.into_iter().flatten() {
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
                Ok(p) => {
                    let theirs = puzzle.as_deref().unwrap_or(&data.puzzles[p]);
                    if !data.puzzles[p].is_empty() && theirs != data.puzzles[p] {
                        mismatches += 1;
                        mismatch.get_or_insert((line, puzzle_line, theirs.to_string(), p));
                    }
                    ratings[p] = Some(r)
                }
                Err(_) => data.unmatched_ratings += 1,
            }
        }
        if let Some((line, puzzle_line, theirs, p)) = mismatch {
            return Err(DataError::Inconsistent {
                path: ratings_path,
                reason: format!(
                    "{mismatches} rows rate another puzzle than runs.csv has on their line, the first at line {line}: corpus line {puzzle_line} is {theirs:?} here and {:?} in runs.csv (a ratings.csv of another corpus?)",
                    data.puzzles[p]
                ),
            });
        }
        data.ratings = Some(ratings);
    }
    Ok(data)
}
