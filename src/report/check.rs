//! `dlxlab report --check`: is a committed report what today's code gives?
//!
//! A study's numbers are of two kinds. **Deterministic**: statuses, solution, node and guess
//! counts, ratings, and everything computed from them with a fixed seed (medians, correlations
//! and their bootstrap intervals, the figures other than the two drawn from times). **Measured**:
//! times, throughput, and the machine, compiler and revision a run happened on. The committed
//! files keep the two apart so that the first kind can be proved:
//!
//! - `deterministic.json` ([`Fingerprint`], written by [`super::generate`]) holds what the
//!   committed CSVs were (they are not committed themselves): the corpus, shard, line counts,
//!   solvers and limits from `meta.json`, and the SHA-256 of `runs.csv` without its `time_ns`
//!   column and of `ratings.csv`, plus the options the report was drawn with.
//! - In `report.md` and `summary.md`, measured content sits between [`MEASURED_BEGIN`] and
//!   [`MEASURED_END`]; everything outside those markers is deterministic.
//!
//! [`check`] compares a committed report directory with a *fresh* one: a study of the same corpus
//! with the same solvers and limits, run by today's code (`scripts/reproduce.sh --check` makes it),
//! on which the report is drawn again with the committed options and `discussion.md`. It then
//! compares `deterministic.json` field by field, `report.md` and `summary.md` outside the measured
//! sections line by line, and every committed figure but `time-ecdf` and `time-vs-nodes` byte by
//! byte. A hand edit of any compared number, a stale report, or code that changed a count all show up as
//! a named difference.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{ReportError, ReportOptions};

/// First line of a measured section in `report.md` and `summary.md`.
pub const MEASURED_BEGIN: &str =
    "<!-- measured: begin (times and machine; not compared by `dlxlab report --check`) -->";
/// Last line of a measured section.
pub const MEASURED_END: &str = "<!-- measured: end -->";

/// Figures whose content is measured (times), so not compared.
const MEASURED_FIGURES: [&str; 2] = ["time-ecdf", "time-vs-nodes"];

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
    /// rows, solver errors, disagreements, reconciliation, how ratings.csv was made), `null` without a `meta.json`.
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

/// One way a committed report differs from the fresh one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The file (or `deterministic.json` field) that differs.
    pub what: String,
    /// The committed and fresh values, or the first differing line of each.
    pub detail: String,
}

/// Compares the committed report in `committed` with the study in `fresh` (its `runs.csv`,
/// `ratings.csv`, `meta.json` and `summary.md`, as a rerun wrote them): draws the report on
/// `fresh` with the committed options and `discussion.md` (overwriting `fresh`'s markdown and
/// figures), then lists every difference in the deterministic content. An empty list means the
/// committed report is what today's code gives.
pub fn check(
    committed: &Path,
    fresh: &Path,
    base: &ReportOptions,
) -> Result<Vec<Difference>, ReportError> {
    let want = Fingerprint::read(committed)?;
    let discussion = committed.join("discussion.md");
    let fresh_discussion = fresh.join("discussion.md");
    if discussion.exists() {
        std::fs::copy(&discussion, &fresh_discussion).map_err(|source| ReportError::Write {
            path: fresh_discussion.clone(),
            source,
        })?;
    } else if fresh_discussion.exists() {
        std::fs::remove_file(&fresh_discussion).map_err(|source| ReportError::Write {
            path: fresh_discussion.clone(),
            source,
        })?;
    }
    let report = super::generate(fresh, &want.options(base))?;
    let got = Fingerprint::read(fresh)?;
    let mut differences = Vec::new();
    compare_json(
        FILE,
        &serde_json::to_value(&want).expect("plain data"),
        &serde_json::to_value(&got).expect("plain data"),
        &mut differences,
    );
    for name in ["report.md", "summary.md"] {
        compare_markdown(committed, fresh, name, &mut differences)?;
    }
    let mut figures: Vec<PathBuf> = std::fs::read_dir(committed)
        .map_err(|source| ReportError::Write {
            path: committed.to_path_buf(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("png" | "svg")))
        .collect();
    figures.sort();
    for path in &figures {
        let name = path.file_name().expect("a listed file").to_string_lossy();
        let stem = path.file_stem().expect("a listed file").to_string_lossy();
        if MEASURED_FIGURES.contains(&stem.as_ref()) {
            continue;
        }
        let read = |p: &Path| std::fs::read(p).ok();
        if read(path) != read(&fresh.join(name.as_ref())) {
            differences.push(Difference {
                what: name.to_string(),
                detail: "the figure differs from the one the data give (or is not drawn any more)"
                    .into(),
            });
        }
    }
    for figure in &report.figures {
        if !MEASURED_FIGURES.contains(&figure.stem.as_str())
            && !committed.join(format!("{}.png", figure.stem)).exists()
        {
            differences.push(Difference {
                what: format!("{}.png", figure.stem),
                detail: "drawn from the data but not committed".into(),
            });
        }
    }
    Ok(differences)
}

fn compare_json(
    at: &str,
    want: &serde_json::Value,
    got: &serde_json::Value,
    out: &mut Vec<Difference>,
) {
    match (want, got) {
        (serde_json::Value::Object(w), serde_json::Value::Object(g)) => {
            let mut keys: Vec<&String> = w.keys().chain(g.keys()).collect();
            keys.sort();
            keys.dedup();
            let null = serde_json::Value::Null;
            for k in keys {
                compare_json(
                    &format!("{at}.{k}"),
                    w.get(k).unwrap_or(&null),
                    g.get(k).unwrap_or(&null),
                    out,
                );
            }
        }
        (serde_json::Value::Array(w), serde_json::Value::Array(g)) if w.len() == g.len() => {
            for (i, (w, g)) in w.iter().zip(g).enumerate() {
                compare_json(&format!("{at}[{i}]"), w, g, out);
            }
        }
        _ if want != got => out.push(Difference {
            what: at.to_string(),
            detail: format!("committed {want}, today {got}"),
        }),
        _ => {}
    }
}

fn compare_markdown(
    committed: &Path,
    fresh: &Path,
    name: &str,
    out: &mut Vec<Difference>,
) -> Result<(), ReportError> {
    let read = |dir: &Path| -> Result<Option<String>, ReportError> {
        let path = dir.join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some(deterministic_text(&text))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(ReportError::Write { path, source }),
        }
    };
    match (read(committed)?, read(fresh)?) {
        (None, None) => {}
        (Some(_), None) => out.push(Difference {
            what: name.into(),
            detail: "committed, but the rerun does not write it".into(),
        }),
        (None, Some(_)) => out.push(Difference {
            what: name.into(),
            detail: "written by the rerun, but not committed".into(),
        }),
        (Some(want), Some(got)) => {
            let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
            if let Some(i) = (0..w.len().max(g.len())).find(|&i| w.get(i) != g.get(i)) {
                out.push(Difference {
                    what: format!("{name} (deterministic line {})", i + 1),
                    detail: format!(
                        "committed {:?}, today {:?}",
                        w.get(i).copied().unwrap_or("<end of file>"),
                        g.get(i).copied().unwrap_or("<end of file>")
                    ),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_sections_are_dropped() {
        let text = format!("a\n{MEASURED_BEGIN}\nb\n{MEASURED_END}\nc\n");
        assert_eq!(deterministic_text(&text), "a\nc\n");
    }

    #[test]
    fn json_differences_name_the_field() {
        let mut out = Vec::new();
        let want = serde_json::json!({"a": {"b": [1, 2]}, "c": 1});
        let got = serde_json::json!({"a": {"b": [1, 3]}, "c": 1});
        compare_json("f", &want, &got, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].what, "f.a.b[1]");
    }
}
