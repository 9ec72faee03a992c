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

use super::fingerprint::MEASURED_FIGURES;
use super::{ReportError, ReportOptions};

pub use super::fingerprint::{
    deterministic_text, DrawnWith, FileDigest, Fingerprint, FILE, MEASURED_BEGIN, MEASURED_END,
};

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
