//! A study's settings and the names of the files it writes, with the reader of its `meta.json`:
//! what `mod.rs`, `resume.rs` and `merge.rs` share, below all of them.

use std::fs;
use std::path::{Path, PathBuf};

use crate::corpus::{Shard, Source};

use super::error::{io_err, HarnessError};
use super::meta::Meta;
use super::plan::SolverRun;

/// The file names a study writes in its output directory.
pub const RUNS_CSV: &str = "runs.csv";
/// See [`RUNS_CSV`].
pub const META_JSON: &str = "meta.json";
/// See [`RUNS_CSV`].
pub const SUMMARY_MD: &str = "summary.md";

/// Most lines read at a time (the memory held is two chunks and their rows).
pub const DEFAULT_CHUNK_LINES: usize = 4096;

/// A study to run.
pub struct StudyConfig {
    /// The corpus.
    pub source: Source,
    /// Output directory (created if missing).
    pub out_dir: PathBuf,
    /// Solvers with their limits, in row order.
    pub solvers: Vec<SolverRun>,
    /// The lines to run.
    pub shard: Shard,
    /// Worker threads (`0`: one per CPU).
    pub threads: usize,
    /// Report times from a single-threaded pass (`--timing serial`).
    pub serial_timing: bool,
    /// Continue an interrupted run found in `out_dir` (refused, with nothing touched, when it is
    /// not a run of the same corpus, solvers, limits, shard, timing, `--permute` seed and
    /// version).
    pub resume: bool,
    /// Start afresh even when `out_dir` holds an interrupted run (`runs.csv.partial`), discarding
    /// it; without it such a run is refused.
    pub force: bool,
    /// Most lines per chunk (chunks are sized from the measured rate, see [`crate::harness::engine`]).
    pub chunk_lines: usize,
    /// `--permute SEED`: solve each puzzle under the random symmetry of its seed and line
    /// ([`crate::harness::permute`]); recorded as `seed` in `meta.json`. `None`: as given.
    pub permute: Option<u64>,
}

/// Reads a study's `meta.json`.
pub fn read_meta(dir: &Path) -> Result<Meta, HarnessError> {
    let path = dir.join(META_JSON);
    let bytes = fs::read(&path).map_err(io_err(&path))?;
    serde_json::from_slice(&bytes).map_err(|source| HarnessError::Json { path, source })
}
