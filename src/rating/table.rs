//! `ratings.csv`: one row per puzzle line with the decision-tree index, the SE technique rating and
//! the external rating the corpus carries, written by `dlxlab rate` and next to `runs.csv` by
//! `dlxlab study`.
//!
//! Columns, exactly: `line,puzzle,decision_tree,technique_rating,hardest_technique,steps,
//! external_rating,error,pearl_rating,diamond_rating,se_profile,inference_level` (EP and ED appended
//! by issue 12: SE's EP and ED, see [`super::technique`]; `se_profile` by issue 26: which Sudoku
//! Explainer the ratings reproduce, [`super::SeProfile`], with `+uvwxyz-wing` when that wing was
//! added; `inference_level` by issue 34: the weakest rung of [`super::ladder`] that solves the
//! puzzle with no guess, 0 to 5, or `none` beyond the top rung, empty for a puzzle that is not a
//! 9x9 puzzle with one solution, whatever the technique rating made of it). A line that is not a puzzle keeps its row, with empty
//! ratings and the reason in `error`, so that rows reconcile with the corpus's puzzle lines. A
//! puzzle SE would not rate has empty ratings too (`decision_tree` included) and its status in
//! `error`: `multiple solutions`, `no solution: ...`, or `time limit` when `rate --limit-ms` ran
//! out. `external_rating` is the corpus line's rating as [`crate::corpus::Fields`] reads it (the
//! first number or `se=` field after the puzzle), in its shortest form (`3` for `3.0`), the same in
//! `rate`, `study` and Python.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rayon::prelude::*;

use super::chaos::{self, ChaosOptions, ChaosRating};
use super::decision_tree::{self, Variant};
use super::hodoku::{self, HodokuRating};
use super::ladder::{self, Rung};
use super::technique::{self, TechniqueRating};
use crate::corpus::{CorpusReader, LineKind, Record, Shard};
use crate::logic::PathOptions;
use crate::solvers::SolveLimits;
use crate::sudoku::Grid;

/// The CSV header.
pub const COLUMNS: [&str; 12] = [
    "line",
    "puzzle",
    "decision_tree",
    "technique_rating",
    "hardest_technique",
    "steps",
    "external_rating",
    "error",
    "pearl_rating",
    "diamond_rating",
    "se_profile",
    "inference_level",
];

/// The chaos hardness's columns, after [`COLUMNS`] in a file rated with it (`rate --chaos`) and
/// only there, so that every other `ratings.csv` (and the digests committed reports keep of
/// them) stays as it was.
pub const CHAOS_COLUMNS: [&str; 7] = [
    "eta",
    "eta_low",
    "eta_high",
    "eta_r2",
    "eta_trajectories",
    "eta_escaped",
    "eta_status",
];

/// HoDoKu 2.2's level and score, after [`COLUMNS`] (and before the chaos columns) in a file rated
/// with them (`rate --hodoku`) and only there, like the chaos columns.
pub const HODOKU_COLUMNS: [&str; 2] = ["hodoku_level", "hodoku_score"];

/// The optional ratings a file carries: each one's columns follow [`COLUMNS`] only in a file
/// rated with it (HoDoKu's first, then the chaos hardness's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Optional {
    /// `rate --hodoku`: [`HODOKU_COLUMNS`].
    pub hodoku: bool,
    /// `rate --chaos`: [`CHAOS_COLUMNS`].
    pub chaos: bool,
}

/// The header of a file rated with (`chaos`) or without the chaos hardness (and without HoDoKu's
/// rating; [`columns_of`] for any choice).
pub fn columns(chaos: bool) -> Vec<&'static str> {
    columns_of(Optional {
        hodoku: false,
        chaos,
    })
}

/// The header of a file rated with the optional ratings `optional`.
pub fn columns_of(optional: Optional) -> Vec<&'static str> {
    let hodoku: &[&str] = if optional.hodoku {
        &HODOKU_COLUMNS
    } else {
        &[]
    };
    let chaos: &[&str] = if optional.chaos { &CHAOS_COLUMNS } else { &[] };
    COLUMNS.iter().chain(hodoku).chain(chaos).copied().collect()
}

/// One row of `ratings.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// 1-based line number in the corpus.
    pub line: u64,
    /// The puzzle field as written.
    pub puzzle: String,
    /// The decision-tree index, when asked for and the search finished.
    pub decision_tree: Option<f64>,
    /// The technique rating, or why the line could not be rated.
    pub result: Result<TechniqueRating, String>,
    /// The external rating as written on the line, if any.
    pub external: Option<String>,
    /// The Sudoku Explainer profile the rating follows ([`super::SeProfile::label`]).
    pub se_profile: &'static str,
    /// The puzzle's place on the inference ladder ([`super::ladder::inference_level`]): `None`
    /// when it has none (not a 9x9 puzzle with exactly one solution), `Some(None)` beyond the top
    /// rung.
    pub inference_level: Option<Option<Rung>>,
    /// The chaos hardness when asked for ([`add_chaos`]), or why the puzzle has none.
    pub chaos: Option<Result<ChaosRating, String>>,
    /// HoDoKu 2.2's rating ([`super::hodoku`]), when asked for (`rate --hodoku`) and the line is a
    /// 9x9 puzzle: `hodoku_level` and `hodoku_score`, both empty when the path needs a step the
    /// module does not find yet.
    pub hodoku: Option<HodokuRating>,
}

/// Rates one parsed grid (or carries its parse error) with the given decision-tree variant; the
/// technique rating gives up after `max_time` (see [`technique::technique_rating_within`]).
pub fn rate(
    line: u64,
    puzzle: String,
    grid: Result<&Grid, String>,
    external: Option<String>,
    variant: Option<Variant>,
    max_time: Option<Duration>,
) -> RatingRow {
    rate_with(
        line,
        puzzle,
        grid,
        external,
        variant,
        max_time,
        PathOptions::default(),
    )
}

/// [`rate`] with the technique finders that `options` switches on (see [`PathOptions`]).
pub fn rate_with(
    line: u64,
    puzzle: String,
    grid: Result<&Grid, String>,
    external: Option<String>,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: PathOptions,
) -> RatingRow {
    let result = grid.clone().and_then(|g| {
        technique::technique_rating_with(g, max_time, options).map_err(|e| e.to_string())
    });
    // A puzzle the technique rating refuses (several solutions, none, out of time) or a line
    // that is not a puzzle has every rating column empty, the decision-tree index included.
    let decision_tree = match (&grid, &result, variant) {
        (Ok(g), Ok(_), Some(v)) => decision_tree::rate(g, v, &SolveLimits::default()),
        _ => None,
    };
    let inference_level = grid.ok().and_then(|g| ladder::inference_level(g).ok());
    RatingRow {
        line,
        puzzle,
        decision_tree,
        result,
        external,
        se_profile: super::SeProfile::label(options),
        inference_level,
        chaos: None,
        hodoku: None,
    }
}

/// Fills `row.hodoku` with HoDoKu's rating of its puzzle (left `None` for a line that is not a
/// 9x9 puzzle, whose `error` already says why, or for givens that contradict each other).
pub fn add_hodoku(row: &mut RatingRow) {
    row.hodoku = Grid::parse(&row.puzzle)
        .ok()
        .and_then(|g| hodoku::rate(&g).ok());
}

/// The HoDoKu columns of a row: both empty when it has no rating or its path needs a step not
/// found yet.
pub fn hodoku_fields(row: &RatingRow) -> [String; 2] {
    match &row.hodoku {
        Some(HodokuRating {
            level: Some(l),
            score,
            ..
        }) => [l.name().to_string(), score.to_string()],
        _ => Default::default(),
    }
}

/// Adds the chaos hardness of `grid` to `row` (a line that is not a puzzle gets none: its
/// `error` says why).
pub fn add_chaos(row: &mut RatingRow, grid: Result<&Grid, String>, options: &ChaosOptions) {
    if let Ok(grid) = grid {
        row.chaos = Some(chaos::rate(grid, options).map_err(|e| e.to_string()));
    }
}

/// Rates one corpus record (see [`crate::corpus`]).
pub fn rate_record(record: &Record, variant: Option<Variant>) -> RatingRow {
    rate_record_within(record, variant, None)
}

/// [`rate_record`] with the technique rating's time limit (see [`rate`]).
pub fn rate_record_within(
    record: &Record,
    variant: Option<Variant>,
    max_time: Option<Duration>,
) -> RatingRow {
    rate_record_with(record, variant, max_time, PathOptions::default())
}

/// [`rate_record_within`] with the technique finders that `options` switches on.
pub fn rate_record_with(
    record: &Record,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: PathOptions,
) -> RatingRow {
    rate_with(
        record.line,
        record.text.clone(),
        record.grid.as_ref().map_err(|e| e.to_string()),
        record.fields.rating_text(),
        variant,
        max_time,
        options,
    )
}

/// Writes the header and the rows as CSV.
pub fn write_csv<W: Write>(rows: &[RatingRow], out: W) -> csv::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(COLUMNS)?;
    for row in rows {
        write_row(&mut w, row)?;
    }
    w.flush()?;
    Ok(())
}

/// The chaos columns of a row: all empty when it has none (a line that is not a puzzle); for a puzzle without a formula
/// (no solution, complete) only `eta_status`, which says why; otherwise `eta` and `eta_high`
/// empty when the fit found too few escapes (`eta_low` is then a lower bound).
pub fn chaos_fields(row: &RatingRow) -> [String; 7] {
    let opt =
        |v: Option<f64>, digits: usize| v.map(|v| format!("{v:.digits$}")).unwrap_or_default();
    match &row.chaos {
        None => Default::default(),
        Some(Err(e)) => [
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            e.clone(),
        ],
        Some(Ok(r)) => [
            opt(r.eta, 3),
            opt(Some(r.eta_low), 3),
            opt(r.eta_high, 3),
            opt(r.r2, 4),
            r.trajectories.len().to_string(),
            r.escaped().to_string(),
            r.status_text(),
        ],
    }
}

/// Writes one row (the columns of [`COLUMNS`]).
pub fn write_row<W: Write>(w: &mut csv::Writer<W>, row: &RatingRow) -> csv::Result<()> {
    write_row_columns(w, row, false)
}

/// Writes one row: the columns of [`COLUMNS`], then those of [`CHAOS_COLUMNS`] when `chaos`.
pub fn write_row_columns<W: Write>(
    w: &mut csv::Writer<W>,
    row: &RatingRow,
    chaos: bool,
) -> csv::Result<()> {
    write_row_of(
        w,
        row,
        Optional {
            hodoku: false,
            chaos,
        },
    )
}

/// Writes one row: the columns of [`columns_of`]`(optional)`.
pub fn write_row_of<W: Write>(
    w: &mut csv::Writer<W>,
    row: &RatingRow,
    optional: Optional,
) -> csv::Result<()> {
    let line = row.line.to_string();
    let mut extra: Vec<String> = Vec::new();
    if optional.hodoku {
        extra.extend(hodoku_fields(row));
    }
    if optional.chaos {
        extra.extend(chaos_fields(row));
    }
    let chaos: &[String] = &extra;
    let ext = row.external.clone().unwrap_or_default();
    let dt = row
        .decision_tree
        .map(|v| format!("{v:.4}"))
        .unwrap_or_default();
    let level = row
        .inference_level
        .map(ladder::level_text)
        .unwrap_or_default();
    match &row.result {
        Ok(r) => w.write_record(
            [
                line.as_str(),
                &row.puzzle,
                &dt,
                &r.rating_text(),
                r.hardest,
                &r.steps.to_string(),
                &ext,
                "",
                &r.pearl_text(),
                &r.diamond_text(),
                row.se_profile,
                &level,
            ]
            .into_iter()
            .chain(chaos.iter().map(String::as_str)),
        ),
        Err(e) => w.write_record(
            [
                line.as_str(),
                &row.puzzle,
                &dt,
                "",
                "",
                "",
                &ext,
                e,
                "",
                "",
                row.se_profile,
                &level,
            ]
            .into_iter()
            .chain(chaos.iter().map(String::as_str)),
        ),
    }
}

/// Rates every puzzle line of a corpus (within `shard`), in parallel chunks, in line order.
pub fn rate_corpus<R: io::BufRead>(
    reader: &mut CorpusReader<R>,
    shard: Shard,
    variant: Option<Variant>,
) -> io::Result<Vec<RatingRow>> {
    let never = AtomicBool::new(false);
    Ok(
        rate_corpus_until(reader, shard, variant, None, PathOptions::default(), &never)?
            .unwrap_or_default(),
    )
}

/// [`rate_corpus`] with a time limit on each puzzle's technique rating (a puzzle that reaches it
/// gets a row with `error = time limit`), giving up when `stop` is set (checked before each
/// puzzle): then `None`.
pub fn rate_corpus_until<R: io::BufRead>(
    reader: &mut CorpusReader<R>,
    shard: Shard,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: PathOptions,
    stop: &AtomicBool,
) -> io::Result<Option<Vec<RatingRow>>> {
    rate_corpus_chaos_until(reader, shard, variant, max_time, options, None, stop)
}

/// [`rate_corpus_until`] with the chaos hardness of every puzzle when `chaos` is given.
pub fn rate_corpus_chaos_until<R: io::BufRead>(
    reader: &mut CorpusReader<R>,
    shard: Shard,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: PathOptions,
    chaos: Option<&ChaosOptions>,
    stop: &AtomicBool,
) -> io::Result<Option<Vec<RatingRow>>> {
    let mut rows = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let chunk = reader.read_chunk(4096)?;
        if chunk.is_empty() {
            return Ok(Some(rows));
        }
        let records: Vec<&Record> = chunk
            .iter()
            .filter_map(|l| match &l.kind {
                LineKind::Puzzle(r) if shard.contains(r.line) => Some(r),
                _ => None,
            })
            .collect();
        let rated: Option<Vec<RatingRow>> = records
            .par_iter()
            .map(|r| {
                (!stop.load(Ordering::Relaxed)).then(|| {
                    let mut row = rate_record_with(r, variant, max_time, options);
                    if let Some(chaos) = chaos {
                        add_chaos(&mut row, r.grid.as_ref().map_err(|e| e.to_string()), chaos);
                    }
                    row
                })
            })
            .collect();
        match rated {
            Some(rated) => rows.extend(rated),
            None => return Ok(None),
        }
    }
}

/// Writes `rows` to `path` atomically: to `path.partial`, then renamed.
pub fn write_file(rows: &[RatingRow], path: &Path) -> io::Result<()> {
    let tmp = path.with_extension("csv.partial");
    let written = fs::File::create(&tmp).and_then(|file| {
        let mut out = io::BufWriter::new(file);
        write_csv(rows, &mut out).map_err(io::Error::other)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    });
    if written.is_err() {
        // A failed write (a full disk) leaves neither a partial file nor a cut ratings.csv.
        let _ = fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 38: a refused puzzle has every rating column empty, the decision tree included.
    #[test]
    fn refused_puzzles_have_no_decision_tree() {
        let empty = Grid::parse(&".".repeat(81)).unwrap();
        let row = rate(
            1,
            String::new(),
            Ok(&empty),
            None,
            Some(Variant::Combined),
            None,
        );
        assert_eq!(row.result, Err("multiple solutions".to_string()));
        assert_eq!(row.decision_tree, None);
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let row = rate(
            1,
            p.into(),
            Ok(&Grid::parse(p).unwrap()),
            None,
            Some(Variant::Combined),
            None,
        );
        assert!(row.result.is_ok() && row.decision_tree.is_some());
    }

    #[test]
    fn rows_reconcile_with_puzzle_lines() {
        let text = "# comment\n\
            4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 2.6\n\
            \n\
            12345\n";
        let mut reader = CorpusReader::new(text.as_bytes());
        let rows = rate_corpus(&mut reader, Shard::ALL, None).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].line, 2);
        assert_eq!(rows[0].external.as_deref(), Some("2.6"));
        assert!(rows[0].result.is_ok());
        assert_eq!(rows[1].line, 4);
        assert!(rows[1].result.is_err());
        let mut out = Vec::new();
        write_csv(&rows, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with(&COLUMNS.join(",")));
        assert_eq!(out.lines().count(), 3);
    }

    /// Issue 35: the chaos columns come only with `--chaos`; a puzzle without a formula says why
    /// in `eta_status`.
    #[test]
    fn chaos_columns_follow_the_others_only_when_asked_for() {
        let p = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let grid = Grid::parse(p).unwrap();
        let mut row = rate(1, p.into(), Ok(&grid), None, None, None);
        add_chaos(&mut row, Ok(&grid), &ChaosOptions::default());
        assert_eq!(row.chaos, Some(Err("the grid is complete".to_string())));
        let mut plain = csv::Writer::from_writer(Vec::new());
        write_row(&mut plain, &row).unwrap();
        let plain = String::from_utf8(plain.into_inner().unwrap()).unwrap();
        assert_eq!(plain.trim_end().split(',').count(), COLUMNS.len());
        let mut with = csv::Writer::from_writer(Vec::new());
        write_row_columns(&mut with, &row, true).unwrap();
        let with = String::from_utf8(with.into_inner().unwrap()).unwrap();
        let fields: Vec<&str> = with.trim_end().split(',').collect();
        assert_eq!(fields.len(), columns(true).len());
        assert_eq!(
            fields[COLUMNS.len()..],
            ["", "", "", "", "", "", "the grid is complete"]
        );
    }
}
