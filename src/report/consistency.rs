//! Whether the files of a study directory are of one study, checked before anything is drawn.
//!
//! [`data::load_study`](super::data::load_study) joins `ratings.csv` to `runs.csv` on the line
//! and the puzzle. [`check`] then holds both against `meta.json` (when there is one; a directory
//! made by hand may have none): the rows of runs.csv, in all and per solver, must be those the
//! study wrote (a runs.csv cut at a line boundary, or missing a solver's rows, is otherwise a
//! plausible smaller study), its puzzles must be those of the recorded corpus (`puzzles_sha256`,
//! see [`crate::harness::digest`]), and a study recorded as rated must have a whole ratings.csv.
//! Any difference is a [`DataError::Inconsistent`]: `dlxlab report` exits 2 and writes nothing.

use std::path::Path;

use crate::harness::digest::PuzzleDigest;

use super::data::{DataError, StudyData};

/// Checks the loaded `data` of `dir` against `dir/meta.json` (see the module documentation).
/// A missing `meta.json` is not an error; an unreadable one is.
pub fn check(dir: &Path, data: &StudyData) -> Result<(), DataError> {
    let meta_path = dir.join("meta.json");
    let text = match std::fs::read_to_string(&meta_path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(DataError::Io {
                path: meta_path,
                source,
            })
        }
    };
    let meta: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| DataError::Inconsistent {
            path: meta_path.clone(),
            reason: format!("not readable as JSON ({e})"),
        })?;
    let runs = dir.join("runs.csv");
    let wrong = |path: &Path, reason: String| DataError::Inconsistent {
        path: path.to_path_buf(),
        reason,
    };
    let puzzle_lines = meta
        .pointer("/counts/puzzle_lines")
        .and_then(|v| v.as_u64());
    let solvers: Vec<&str> = meta
        .get("solvers")
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|s| s.get("name")?.as_str()).collect())
        .unwrap_or_default();
    if let Some(extra) = data.solvers.iter().find(|s| !solvers.contains(&s.as_str())) {
        if !solvers.is_empty() {
            return Err(wrong(
                &runs,
                format!(
                    "it has rows of solver {extra}, which meta.json does not list ({}): not this study's runs.csv",
                    solvers.join(", ")
                ),
            ));
        }
    }
    if let Some(lines) = puzzle_lines {
        for name in &solvers {
            let rows = data
                .solver(name)
                .map_or(0, |s| data.runs[s].iter().flatten().count()) as u64;
            if rows != lines {
                return Err(wrong(
                    &runs,
                    format!(
                        "it has {rows} rows of solver {name}; meta.json records {lines} puzzle lines, one row each (a runs.csv cut short, or missing that solver's rows)"
                    ),
                ));
            }
        }
    }
    if let Some(rows) = meta.get("rows").and_then(|v| v.as_u64()) {
        if rows != data.run_rows as u64 {
            return Err(wrong(
                &runs,
                format!(
                    "it has {} rows; meta.json records {rows} (a runs.csv cut short or of another run)",
                    data.run_rows
                ),
            ));
        }
    }
    let recorded = meta.get("puzzles_sha256").and_then(|v| v.as_str());
    if let Some(recorded) = recorded.filter(|_| data.puzzles.iter().all(|p| !p.is_empty())) {
        let mut digest = PuzzleDigest::default();
        for (line, puzzle) in data.lines.iter().zip(&data.puzzles) {
            digest.add(*line, puzzle);
        }
        let found = digest.finish();
        if found != recorded {
            return Err(wrong(
                &runs,
                format!(
                    "its puzzles are not those of the corpus meta.json records (puzzle lines SHA-256 {found}, meta.json {recorded}): a runs.csv of another corpus"
                ),
            ));
        }
    }
    let rated = meta.get("ratings").is_some_and(|r| !r.is_null());
    let ratings = dir.join("ratings.csv");
    match (rated, &data.ratings, puzzle_lines) {
        (true, None, _) => Err(wrong(
            &ratings,
            "missing, though meta.json records that the study rated its puzzles".to_string(),
        )),
        (true, Some(_), Some(lines)) if data.rating_rows as u64 != lines => Err(wrong(
            &ratings,
            format!(
                "it has {} rows; meta.json records {lines} puzzle lines, one row each (a ratings.csv cut short or of another corpus)",
                data.rating_rows
            ),
        )),
        _ => Ok(()),
    }
}
