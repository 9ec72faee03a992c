//! The fingerprint of a report directory (`deterministic.json`) and the markers of the measured
//! sections: what [`super::generate`] writes and [`super::check`] compares (see there). Apart
//! from `check.rs`, which runs `generate`, so that `mod.rs` can write them without a cycle.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{ReportError, ReportOptions};

/// First line of a measured section in `report.md` and `summary.md`.
pub const MEASURED_BEGIN: &str =
    "<!-- measured: begin (times and machine; not compared by `dlxlab report --check`) -->";
/// Last line of a measured section.
pub const MEASURED_END: &str = "<!-- measured: end -->";

/// Figures whose content is measured (times), so not compared.
pub(super) const MEASURED_FIGURES: [&str; 2] = ["time-ecdf", "time-vs-nodes"];

/// Digest and row count of one CSV file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// Data rows (the header excluded).
    pub rows: u64,
    /// SHA-256, hex, of the rows as described where the digest is made.
    pub sha256: String,
}

/// How the report was drawn, so that a check draws it the same way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnWith {
    /// `--title`, when given.
    pub title: Option<String>,
    /// Bootstrap resamples.
    pub bootstrap: usize,
    /// Seed of the bootstrap and the jitter.
    pub seed: u64,
}

/// `deterministic.json`: everything deterministic about a study and its report that is not in the
/// committed markdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The deterministic fields of `meta.json` (corpus, shard, line counts, solvers and limits,
    /// rows, solver errors, disagreements, reconciliation, how ratings.csv was made, and the
    /// `--permute` seed when there is one), `null` without a `meta.json`.
    pub study: serde_json::Value,
    /// `runs.csv` with the `time_ns` column removed: header and rows, sorted, one per line.
    pub runs_csv: FileDigest,
    /// `ratings.csv` as written (it has no measured column), when present.
    pub ratings_csv: Option<FileDigest>,
    /// The report's options.
    pub report: DrawnWith,
}

/// The fields of `meta.json` that a rerun must reproduce exactly.
const STUDY_FIELDS: [&str; 9] = [
    "corpus",
    "shard",
    "counts",
    "solvers",
    "rows",
    "solver_errors",
    "disagreements",
    "reconciled",
    "ratings",
];

/// Keys of `meta.json`'s `corpus` that do not depend on where the corpus was read from.
const CORPUS_FIELDS: [&str; 3] = ["name", "sha256", "bytes"];

impl Fingerprint {
    /// The fingerprint of the study in `dir` (`runs.csv`, `ratings.csv`, `meta.json`).
    pub fn of(dir: &Path, options: &ReportOptions) -> Result<Fingerprint, ReportError> {
        let study = match std::fs::read_to_string(dir.join("meta.json")) {
            Ok(text) => {
                let meta: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
                    ReportError::Check(format!("{}: {e}", dir.join("meta.json").display()))
                })?;
                let mut kept = serde_json::Map::new();
                for key in STUDY_FIELDS {
                    let mut value = meta.get(key).cloned().unwrap_or(serde_json::Value::Null);
                    if let (Some(corpus), "corpus") = (value.as_object_mut(), key) {
                        corpus.retain(|k, _| CORPUS_FIELDS.contains(&k.as_str()));
                    }
                    kept.insert(key.to_string(), value);
                }
                // The --permute seed decides what the solvers saw, so a study of another seed is
                // another study; kept only when set, so that the fingerprints of studies run
                // without it stay what they were.
                if let Some(seed) = meta.get("seed").filter(|s| !s.is_null()) {
                    kept.insert("seed".to_string(), seed.clone());
                }
                serde_json::Value::Object(kept)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => serde_json::Value::Null,
            Err(source) => {
                return Err(ReportError::Write {
                    path: dir.join("meta.json"),
                    source,
                })
            }
        };
        let ratings = dir.join("ratings.csv");
        Ok(Fingerprint {
            study,
            runs_csv: csv_digest(&dir.join("runs.csv"), Some("time_ns"))?,
            ratings_csv: if ratings.exists() {
                Some(csv_digest(&ratings, None)?)
            } else {
                None
            },
            report: DrawnWith {
                title: options.title.clone(),
                bootstrap: options.bootstrap.replicates,
                seed: options.bootstrap.seed,
            },
        })
    }

    /// Reads `dir/deterministic.json`.
    pub fn read(dir: &Path) -> Result<Fingerprint, ReportError> {
        let path = dir.join(FILE);
        let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Write {
            path: path.clone(),
            source,
        })?;
        serde_json::from_str(&text)
            .map_err(|e| ReportError::Check(format!("{}: {e}", path.display())))
    }

    /// The JSON text written to `deterministic.json`.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a fingerprint is plain data");
        text.push('\n');
        text
    }

    /// The options a report with this fingerprint was drawn with, applied to `base`.
    pub fn options(&self, base: &ReportOptions) -> ReportOptions {
        let mut options = base.clone();
        options.title = self.report.title.clone();
        options.bootstrap.replicates = self.report.bootstrap;
        options.bootstrap.seed = self.report.seed;
        options
    }
}

/// The name of the fingerprint file in a report directory.
pub const FILE: &str = "deterministic.json";

/// SHA-256 of a CSV file's header and rows with the column `drop` removed, rows sorted (so the
/// digest does not depend on the order rows were written in).
fn csv_digest(path: &Path, drop: Option<&str>) -> Result<FileDigest, ReportError> {
    let err = |e: csv::Error| ReportError::Check(format!("{}: {e}", path.display()));
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_path(path)
        .map_err(err)?;
    let header = reader.headers().map_err(err)?.clone();
    let dropped = drop.and_then(|d| header.iter().position(|h| h == d));
    let keep = |record: &csv::StringRecord| -> String {
        record
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != dropped)
            .map(|(_, f)| f)
            .collect::<Vec<_>>()
            .join("\u{1f}")
    };
    let mut rows = Vec::new();
    for record in reader.records() {
        rows.push(keep(&record.map_err(err)?));
    }
    rows.sort_unstable();
    let mut hash = Sha256::new();
    hash.update(keep(&header).as_bytes());
    for row in &rows {
        hash.update(b"\n");
        hash.update(row.as_bytes());
    }
    Ok(FileDigest {
        rows: rows.len() as u64,
        sha256: format!("{:x}", hash.finalize()),
    })
}

/// `text` without its measured sections (the marker lines included).
pub fn deterministic_text(text: &str) -> String {
    let mut out = String::new();
    let mut measured = false;
    for line in text.lines() {
        if line == MEASURED_BEGIN {
            measured = true;
        } else if line == MEASURED_END {
            measured = false;
        } else if !measured {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
