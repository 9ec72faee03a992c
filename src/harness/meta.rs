//! `meta.json`: the context a study's numbers need to be cited — what ran, on what, from which
//! input.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::corpus::{LineCounts, Shard};

/// The corpus a study read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorpusMeta {
    /// The corpus without a machine path: relative to the repository when inside it, else the
    /// file name (`-` for standard input, `embedded:default` for the embedded corpus); see
    /// [`crate::corpus::Source::portable`].
    pub path: String,
    /// Short name (file stem).
    pub name: String,
    /// SHA-256 of the whole input, hex.
    pub sha256: String,
    /// Size of the whole input in bytes.
    pub bytes: u64,
}

/// One solver of a study, with its limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverMeta {
    /// Registry name.
    pub name: String,
    /// State representation.
    pub representation: String,
    /// Propagation at each node.
    pub propagation: String,
    /// Branching heuristic.
    pub heuristic: String,
    /// Node budget per puzzle.
    pub max_nodes: Option<u64>,
    /// Time budget per puzzle, milliseconds.
    pub max_ms: Option<u64>,
    /// Solution limit (`0` = all).
    pub max_solutions: u64,
}

/// Everything `meta.json` holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    /// Version of the dlxlab crate.
    pub dlxlab_version: String,
    /// `git rev-parse HEAD` of the source tree the binary was built from (`+dirty` when it had
    /// uncommitted changes at run time), if it could be found.
    pub git_revision: Option<String>,
    /// `rustc --version` of the compiler on the `PATH` at run time.
    pub rustc: Option<String>,
    /// CPU model from `/proc/cpuinfo`.
    pub cpu_model: Option<String>,
    /// Worker threads of the parallel pass.
    pub threads: usize,
    /// The `--permute` seed: each puzzle was solved under the random symmetry of this seed and
    /// its line ([`super::permute`]); `null` when the puzzles were solved as given (a study uses
    /// no other randomness). Studies of different seeds are different studies: `--resume` and
    /// `dlxlab merge` refuse to mix them, and `dlxlab report --check` compares the seed.
    pub seed: Option<u64>,
    /// The input.
    pub corpus: CorpusMeta,
    /// The shard run, when not the whole corpus.
    pub shard: Option<Shard>,
    /// Lines of the input (of this shard), by kind.
    pub counts: LineCounts,
    /// Solvers, in row order.
    pub solvers: Vec<SolverMeta>,
    /// `parallel` (times from the parallel pass) or `serial` (from a single-threaded pass).
    pub timing: String,
    /// Rows in `runs.csv`.
    pub rows: u64,
    /// SHA-256 of the study's puzzle lines as `runs.csv` holds them
    /// ([`super::digest::PuzzleDigest`]): `dlxlab report` and `dlxlab merge` recompute it from
    /// `runs.csv` and `ratings.csv` and refuse files of another corpus (`null` in a `meta.json`
    /// written before it was recorded: then only the rows are compared).
    #[serde(default)]
    pub puzzles_sha256: Option<String>,
    /// Rows taken over from an interrupted run (`--resume`).
    pub resumed_rows: u64,
    /// Rows recording a solver failure.
    pub solver_errors: u64,
    /// Lines where solvers disagree.
    pub disagreements: u64,
    /// Whether the reconciliation in `summary.md` holds.
    pub reconciled: bool,
    /// Start time, UTC, RFC 3339.
    pub started: String,
    /// End time, UTC, RFC 3339.
    pub finished: String,
    /// For a merge: the directories merged.
    #[serde(default)]
    pub merged_from: Vec<String>,
    /// How `ratings.csv` was made, when the study wrote one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingsMeta>,
    /// Wall and CPU time of the study and of each of its phases (`null` for a merge); see
    /// [`super::phases`].
    #[serde(default)]
    pub timings: Option<super::phases::Timings>,
}

/// How a study's `ratings.csv` was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingsMeta {
    /// Which Sudoku Explainer the technique ratings reproduce
    /// ([`crate::rating::SeProfile::label`]; also the `se_profile` column).
    pub se_profile: String,
    /// Whether the decision-tree index was computed (`--ratings all`).
    pub decision_tree: bool,
    /// Time budget of one puzzle's technique rating, in milliseconds (`--rate-limit-ms`).
    pub limit_ms: u64,
}

/// The machine and build context of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// See [`Meta::git_revision`].
    pub git_revision: Option<String>,
    /// See [`Meta::rustc`].
    pub rustc: Option<String>,
    /// See [`Meta::cpu_model`].
    pub cpu_model: Option<String>,
}

impl Environment {
    /// Looks the context up (runs `git` in the crate's source directory and `rustc`; reads
    /// `/proc/cpuinfo`). Anything not found is `None`.
    pub fn capture() -> Environment {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"));
        let git = |args: &[&str]| {
            Command::new("git")
                .arg("-C")
                .arg(src)
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        };
        let git_revision = git(&["rev-parse", "HEAD"]).map(|rev| {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{rev}+dirty")
            } else {
                rev
            }
        });
        let rustc = Command::new("rustc")
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        });
        Environment {
            git_revision,
            rustc,
            cpu_model,
        }
    }
}

/// A time as RFC 3339 in UTC with seconds (`2026-11-21T03:04:05Z`).
pub fn utc_timestamp(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps() {
        assert_eq!(utc_timestamp(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_210_096); // leap day 2024
        assert_eq!(utc_timestamp(t), "2024-02-29T12:34:56Z");
    }
}
