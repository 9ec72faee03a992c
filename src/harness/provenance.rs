//! What a run in an output directory is a run of, so that `--resume` can refuse any other.
//!
//! A study appends to `runs.csv.partial` only what belongs to the same run: the same corpus (its
//! SHA-256 and size, not its name — two files of the same shape are not the same corpus), the same
//! solvers in the same order with the same limits, the same shard, the same timing, the same
//! `--permute` seed (or none) and the same dlxlab version. A fresh run records these in `provenance.json.partial` before its first row;
//! a finished run has them in `meta.json` (and no partial files). [`Provenance::differences`]
//! names every field that differs, and the study refuses before it renames, truncates or writes
//! anything.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::meta::{Meta, SolverMeta};
use crate::corpus::Shard;

/// The record of an unfinished run in its output directory (ignored by git as a `*.partial` file,
/// removed when the run finishes and `meta.json` takes over).
pub const PROVENANCE_PARTIAL: &str = "provenance.json.partial";

/// A solver of a run and its limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolverLimits {
    /// Registry name (or the `--external` name).
    pub name: String,
    /// Node budget per puzzle.
    pub max_nodes: Option<u64>,
    /// Time budget per puzzle, milliseconds.
    pub max_ms: Option<u64>,
    /// Solution limit (`0` = all).
    pub max_solutions: u64,
}

impl From<&SolverMeta> for SolverLimits {
    fn from(s: &SolverMeta) -> Self {
        SolverLimits {
            name: s.name.clone(),
            max_nodes: s.max_nodes,
            max_ms: s.max_ms,
            max_solutions: s.max_solutions,
        }
    }
}

impl std::fmt::Display for SolverLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let opt = |x: Option<u64>| x.map_or("none".to_string(), |v| v.to_string());
        write!(
            f,
            "{} (max_nodes {}, max_ms {}, max_solutions {})",
            self.name,
            opt(self.max_nodes),
            opt(self.max_ms),
            self.max_solutions
        )
    }
}

/// What a run is a run of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// Version of the dlxlab crate that made the rows.
    pub dlxlab_version: String,
    /// The corpus as reports name it (for messages only: two corpora are the same when their
    /// SHA-256 and size are).
    pub corpus: String,
    /// SHA-256 of the whole corpus, hex.
    pub corpus_sha256: String,
    /// Size of the whole corpus in bytes.
    pub corpus_bytes: u64,
    /// The solvers in row order, with their limits.
    pub solvers: Vec<SolverLimits>,
    /// The shard run (`None`: every line).
    pub shard: Option<Shard>,
    /// Where `time_ns` comes from: `parallel` or `serial`.
    pub timing: String,
    /// The `--permute` seed (`None`: puzzles as given). Absent in a record written before the
    /// option existed, which was a run without it.
    #[serde(default)]
    pub seed: Option<u64>,
}

impl Provenance {
    /// The provenance a finished study's `meta.json` records.
    pub fn of_meta(meta: &Meta) -> Provenance {
        Provenance {
            dlxlab_version: meta.dlxlab_version.clone(),
            corpus: meta.corpus.path.clone(),
            corpus_sha256: meta.corpus.sha256.clone(),
            corpus_bytes: meta.corpus.bytes,
            solvers: meta.solvers.iter().map(SolverLimits::from).collect(),
            shard: meta.shard,
            timing: meta.timing.clone(),
            seed: meta.seed,
        }
    }

    /// Every way in which `self` (this run) differs from `recorded` (the run found on disk), one
    /// sentence each; empty when the rows of `recorded` can be continued by this run.
    pub fn differences(&self, recorded: &Provenance) -> Vec<String> {
        let mut out = Vec::new();
        if (&self.corpus_sha256, self.corpus_bytes)
            != (&recorded.corpus_sha256, recorded.corpus_bytes)
        {
            out.push(format!(
                "another corpus: the run there is of {} ({} bytes, SHA-256 {}), this one of {} ({} bytes, SHA-256 {})",
                recorded.corpus,
                recorded.corpus_bytes,
                recorded.corpus_sha256,
                self.corpus,
                self.corpus_bytes,
                self.corpus_sha256
            ));
        }
        if self.solvers != recorded.solvers {
            let list = |s: &[SolverLimits]| {
                s.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push(format!(
                "other solvers or limits: the run there has {}; this one {}",
                list(&recorded.solvers),
                list(&self.solvers)
            ));
        }
        if self.shard != recorded.shard {
            let shard = |s: Option<Shard>| s.map_or("every line".to_string(), |s| s.to_string());
            out.push(format!(
                "another shard: the run there is of {}, this one of {}",
                shard(recorded.shard),
                shard(self.shard)
            ));
        }
        if self.timing != recorded.timing {
            out.push(format!(
                "other timing: the run there is --timing {}, this one --timing {}",
                recorded.timing, self.timing
            ));
        }
        if self.seed != recorded.seed {
            let seed =
                |s: Option<u64>| s.map_or("no --permute".to_string(), |s| format!("--permute {s}"));
            out.push(format!(
                "another permutation seed: the run there is of {}, this one of {} (the puzzles the solvers saw differ)",
                seed(recorded.seed),
                seed(self.seed)
            ));
        }
        if self.dlxlab_version != recorded.dlxlab_version {
            out.push(format!(
                "another dlxlab version: the run there was made by {}, this is {}",
                recorded.dlxlab_version, self.dlxlab_version
            ));
        }
        out
    }

    /// Reads a provenance file.
    pub fn read(path: &Path) -> std::io::Result<Provenance> {
        let bytes = std::fs::read(path)?;
        serde_json::from_slice(&bytes).map_err(std::io::Error::other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Provenance {
        Provenance {
            dlxlab_version: "0.1.0".into(),
            corpus: "a.txt".into(),
            corpus_sha256: "ab".into(),
            corpus_bytes: 10,
            solvers: vec![SolverLimits {
                name: "dlx".into(),
                max_nodes: None,
                max_ms: None,
                max_solutions: 2,
            }],
            shard: None,
            timing: "parallel".into(),
            seed: None,
        }
    }

    #[test]
    fn the_same_run_has_no_differences_whatever_the_corpus_is_called() {
        let mut other = sample();
        other.corpus = "b.txt".into();
        assert!(sample().differences(&other).is_empty());
    }

    #[test]
    fn each_difference_is_named() {
        let mut other = sample();
        other.corpus_sha256 = "cd".into();
        other.solvers[0].max_nodes = Some(5);
        other.shard = Some("1/2".parse().unwrap());
        other.timing = "serial".into();
        other.seed = Some(7);
        other.dlxlab_version = "0.0.9".into();
        let found = sample().differences(&other);
        assert_eq!(found.len(), 6, "{found:?}");
        for (k, word) in ["corpus", "solvers", "shard", "timing", "seed", "version"]
            .iter()
            .enumerate()
        {
            assert!(found[k].contains(word), "{}", found[k]);
        }
    }
}
