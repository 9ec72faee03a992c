//! Cluster jobs: one count spread over many processes or machines, merged into exactly the number
//! one machine would give.
//!
//! # Files
//! `dlxlab split FILE --depth D --out DIR` writes:
//!
//! - `DIR/problem.dlx` — the problem once, in Knuth's format. Its options are numbered from 0 in
//!   file order; those numbers are the option ids used below.
//! - `DIR/jobs.txt` — one line per job: the job id (0-based, in the order of the serial search), a
//!   tab, then the ids of the options to force, separated by spaces. Lines starting with `#` are
//!   comments.
//! - `DIR/manifest.json` — [`Manifest`]: format version, SHA-256 of `problem.dlx` and `jobs.txt`,
//!   split depth, item-choice policy, number of jobs, and the counts of the levels above the split.
//!   It is written last: a directory with a manifest is complete.
//!
//! `dlxlab count-jobs DIR --job K/N` counts the jobs whose id is `K-1` modulo `N` (round robin:
//! neighbouring jobs tend to have subtrees of similar size, so every slice gets a fair share of the
//! big and the small ones) and writes `DIR/results/K-of-N.json` ([`SliceResult`]) atomically (a
//! temporary file renamed into place), so a crashed task leaves no half-written result.
//!
//! `dlxlab merge-counts DIR` reads every `results/*.json`, checks that each names this manifest
//! (by its SHA-256), carries an intact checksum of its counts, and that every job was reported
//! exactly once; any missing, duplicate or corrupt result is an error naming the job or the file,
//! never a wrong total. Slices of different `N` may be mixed (e.g. a rerun of a failed slice with a
//! finer split), as long as every job appears once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::split::SplitPlan;
use super::{ChoicePolicy, OptionId, SearchStats};

mod merge;
pub use merge::{merge, Merged};

/// Version of the files written by this module; readers refuse other versions.
pub const FORMAT_VERSION: u32 = 1;

/// The problem file inside a job directory.
pub const PROBLEM_FILE: &str = "problem.dlx";
/// The job list inside a job directory.
pub const JOBS_FILE: &str = "jobs.txt";
/// The manifest inside a job directory.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The directory of result files inside a job directory.
pub const RESULTS_DIR: &str = "results";

/// Search counters in a serialisable form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Solutions.
    pub solutions: u64,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Nodes per level of the serial search tree.
    pub profile: Vec<u64>,
}

impl From<&SearchStats> for Counts {
    fn from(s: &SearchStats) -> Self {
        Counts {
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            profile: s.profile.clone(),
        }
    }
}

impl From<&Counts> for SearchStats {
    fn from(c: &Counts) -> Self {
        SearchStats {
            nodes: c.nodes,
            updates: c.updates,
            solutions: c.solutions,
            profile: c.profile.clone(),
        }
    }
}

/// What `split` wrote, and what every result must refer to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// SHA-256 of `problem.dlx`, lower-case hex.
    pub problem_sha256: String,
    /// SHA-256 of `jobs.txt`, lower-case hex.
    pub jobs_sha256: String,
    /// The split depth.
    pub depth: usize,
    /// The item-choice policy (`mrv` or `first`); jobs must be searched with it.
    pub policy: String,
    /// The number of jobs (ids `0..jobs`).
    pub jobs: u64,
    /// Counts of the levels above the split, so that merged totals equal the serial ones.
    pub above: Counts,
}

/// One job's counts, with its node counted at level `depth` of the serial profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobCount {
    /// The job id.
    pub id: u64,
    /// The counts of the job's subtree (its profile starts at the job's own level).
    pub counts: Counts,
}

/// The result file of one slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SliceResult {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// SHA-256 of the `manifest.json` this slice was counted for.
    pub manifest_sha256: String,
    /// The slice, `K/N`.
    pub slice: String,
    /// One entry per job of the slice, by increasing id.
    pub jobs: Vec<JobCount>,
    /// SHA-256 of the JSON of `jobs`: a hand-edited or damaged file fails it.
    pub checksum: String,
}

/// A slice `K/N` of the jobs: those with `id % N == K - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    /// 1-based slice number.
    pub k: u64,
    /// Number of slices.
    pub n: u64,
}

impl Slice {
    /// Parses `K/N` with `1 <= K <= N`.
    pub fn parse(s: &str) -> Result<Slice, JobsError> {
        let bad = || JobsError::BadSlice(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Slice { k, n })
    }

    /// True when job `id` belongs to this slice.
    pub fn contains(&self, id: u64) -> bool {
        id % self.n == self.k - 1
    }

    /// The result file name, `K-of-N.json`.
    pub fn file_name(&self) -> String {
        format!("{}-of-{}.json", self.k, self.n)
    }
}

impl std::fmt::Display for Slice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Errors of the job files. Each names the file, line or job concerned.
#[derive(Debug, thiserror::Error)]
pub enum JobsError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A JSON file that does not parse (truncated, edited, not ours).
    #[error("{path}: corrupt or truncated: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A file written by another version of dlxlab.
    #[error("{path}: format version {found}, expected {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// Ours.
        expected: u32,
    },
    /// A file whose SHA-256 is not the one the manifest records.
    #[error("{path}: SHA-256 {found} does not match the manifest ({expected}); was it changed after `split`?")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// Recorded.
        expected: String,
        /// Computed.
        found: String,
    },
    /// A bad line in `jobs.txt`.
    #[error("{path}:{line}: {reason}")]
    JobLine {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A slice that is not `K/N` with `1 <= K <= N`.
    #[error("invalid slice `{0}`: expected K/N with 1 <= K <= N")]
    BadSlice(String),
    /// A result file counted for a different split.
    #[error("{path}: counted for another split (manifest SHA-256 {found}, this directory's is {expected})")]
    WrongManifest {
        /// The result file.
        path: PathBuf,
        /// This directory's manifest SHA-256.
        expected: String,
        /// The one the result names.
        found: String,
    },
    /// A result naming a job id the manifest does not have.
    #[error("{path}: job {job} does not exist (the split has {jobs} jobs)")]
    UnknownJob {
        /// The result file.
        path: PathBuf,
        /// The job id.
        job: u64,
        /// Number of jobs in the manifest.
        jobs: u64,
    },
    /// A job reported twice.
    #[error("job {job} reported twice: in {first} and in {second}")]
    Duplicate {
        /// The job id.
        job: u64,
        /// The first file reporting it.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
    /// Jobs nobody reported.
    #[error("{count} of {jobs} jobs have no result: job{} {}{}", if *count == 1 { "" } else { "s" }, list_ids(missing, *count), rerun_hint(slices))]
    Missing {
        /// The first few missing ids.
        missing: Vec<u64>,
        /// How many are missing.
        count: u64,
        /// Number of jobs in the manifest.
        jobs: u64,
        /// When the results are slices `K/N` of one `N` and the missing jobs are exactly the
        /// slices without a result file: those `K` (every one), and `N`.
        slices: Option<(Vec<u64>, u64)>,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> JobsError + '_ {
    move |source| JobsError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Lower-case hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, synced, then
/// renamed over `path`. Readers see the old file or the whole new one, never a prefix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), JobsError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(
        ".{}.tmp{}",
        name.unwrap_or_default(),
        std::process::id()
    ));
    let mut f = fs::File::create(&tmp).map_err(io_err(&tmp))?;
    f.write_all(bytes).map_err(io_err(&tmp))?;
    f.sync_all().map_err(io_err(&tmp))?;
    drop(f);
    fs::rename(&tmp, path).map_err(io_err(path))
}

/// The name of a policy in the manifest.
pub fn policy_name(p: ChoicePolicy) -> &'static str {
    match p {
        ChoicePolicy::Mrv => "mrv",
        ChoicePolicy::First => "first",
    }
}

/// Parses a policy name written by [`policy_name`].
pub fn parse_policy(s: &str) -> Option<ChoicePolicy> {
    match s {
        "mrv" => Some(ChoicePolicy::Mrv),
        "first" => Some(ChoicePolicy::First),
        _ => None,
    }
}

/// The text of `jobs.txt` for a plan.
pub fn jobs_text(plan: &SplitPlan) -> String {
    let mut s = String::from("# job\tforced option ids (0-based option numbers of problem.dlx)\n");
    for (id, path) in plan.subproblems.iter().enumerate() {
        let _ = write!(s, "{id}\t");
        for (i, o) in path.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{}", o.0);
        }
        s.push('\n');
    }
    s
}

/// Writes a job directory: `problem.dlx` (the given text), `jobs.txt`, then `manifest.json`.
pub fn write_split(
    dir: &Path,
    problem_text: &str,
    plan: &SplitPlan,
) -> Result<Manifest, JobsError> {
    fs::create_dir_all(dir.join(RESULTS_DIR)).map_err(io_err(dir))?;
    let jobs = jobs_text(plan);
    write_atomic(&dir.join(PROBLEM_FILE), problem_text.as_bytes())?;
    write_atomic(&dir.join(JOBS_FILE), jobs.as_bytes())?;
    let manifest = Manifest {
        format_version: FORMAT_VERSION,
        problem_sha256: sha256_hex(problem_text.as_bytes()),
        jobs_sha256: sha256_hex(jobs.as_bytes()),
        depth: plan.depth,
        policy: policy_name(plan.policy).to_string(),
        jobs: plan.subproblems.len() as u64,
        above: Counts::from(&plan.above),
    };
    let mut json = serde_json::to_string_pretty(&manifest).expect("a manifest always serialises");
    json.push('\n');
    write_atomic(&dir.join(MANIFEST_FILE), json.as_bytes())?;
    Ok(manifest)
}

/// A job directory as read back, every checksum verified.
#[derive(Clone, Debug)]
pub struct JobDir {
    /// The directory.
    pub dir: PathBuf,
    /// The manifest.
    pub manifest: Manifest,
    /// SHA-256 of `manifest.json`; results must name it.
    pub manifest_sha256: String,
    /// The text of `problem.dlx`.
    pub problem_text: String,
    /// The jobs: forced options, by job id.
    pub jobs: Vec<Vec<OptionId>>,
}

/// Reads the manifest of a job directory, with its SHA-256.
pub fn read_manifest(dir: &Path) -> Result<(Manifest, String), JobsError> {
    let path = dir.join(MANIFEST_FILE);
    let bytes = fs::read(&path).map_err(io_err(&path))?;
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| JobsError::Corrupt {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    if manifest.format_version != FORMAT_VERSION {
        return Err(JobsError::Version {
            path,
            found: manifest.format_version,
            expected: FORMAT_VERSION,
        });
    }
    if parse_policy(&manifest.policy).is_none() {
        return Err(JobsError::Corrupt {
            path,
            reason: format!("unknown policy `{}`", manifest.policy),
        });
    }
    Ok((manifest, sha256_hex(&bytes)))
}

/// Reads a job directory and checks `problem.dlx` and `jobs.txt` against the manifest.
pub fn read_job_dir(dir: &Path) -> Result<JobDir, JobsError> {
    let (manifest, manifest_sha256) = read_manifest(dir)?;
    let problem_path = dir.join(PROBLEM_FILE);
    let problem_bytes = fs::read(&problem_path).map_err(io_err(&problem_path))?;
    let found = sha256_hex(&problem_bytes);
    if found != manifest.problem_sha256 {
        return Err(JobsError::Checksum {
            path: problem_path,
            expected: manifest.problem_sha256,
            found,
        });
    }
    let problem_text = String::from_utf8(problem_bytes).map_err(|e| JobsError::Corrupt {
        path: problem_path,
        reason: e.to_string(),
    })?;
    let jobs_path = dir.join(JOBS_FILE);
    let jobs_bytes = fs::read(&jobs_path).map_err(io_err(&jobs_path))?;
    let found = sha256_hex(&jobs_bytes);
    if found != manifest.jobs_sha256 {
        return Err(JobsError::Checksum {
            path: jobs_path,
            expected: manifest.jobs_sha256,
            found,
        });
    }
    let text = String::from_utf8_lossy(&jobs_bytes);
    let jobs = parse_jobs(&jobs_path, &text, manifest.jobs)?;
    Ok(JobDir {
        dir: dir.to_path_buf(),
        manifest,
        manifest_sha256,
        problem_text,
        jobs,
    })
}

/// Parses `jobs.txt`: ids must be `0, 1, 2, …` in order, `expected` of them.
pub fn parse_jobs(path: &Path, text: &str, expected: u64) -> Result<Vec<Vec<OptionId>>, JobsError> {
    let bad = |line: usize, reason: String| JobsError::JobLine {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut jobs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (id, rest) = line.split_once('\t').unwrap_or((line, ""));
        let id: u64 = id
            .trim()
            .parse()
            .map_err(|_| bad(n, format!("job id `{}` is not a number", id.trim())))?;
        if id != jobs.len() as u64 {
            return Err(bad(n, format!("job id {id}, expected {}", jobs.len())));
        }
        let path = rest
            .split_whitespace()
            .map(|w| {
                w.parse::<u32>()
                    .map(OptionId)
                    .map_err(|_| bad(n, format!("option id `{w}` is not a number")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        jobs.push(path);
    }
    if jobs.len() as u64 != expected {
        return Err(bad(
            text.lines().count(),
            format!("{} jobs, the manifest says {expected}", jobs.len()),
        ));
    }
    Ok(jobs)
}

fn jobs_checksum(jobs: &[JobCount]) -> String {
    sha256_hex(
        serde_json::to_string(jobs)
            .expect("job counts always serialise")
            .as_bytes(),
    )
}

/// Writes the result of a slice atomically to `DIR/results/K-of-N.json`; returns its path.
pub fn write_slice_result(
    dir: &Path,
    manifest_sha256: &str,
    slice: Slice,
    jobs: Vec<JobCount>,
) -> Result<PathBuf, JobsError> {
    let results = dir.join(RESULTS_DIR);
    fs::create_dir_all(&results).map_err(io_err(&results))?;
    let result = SliceResult {
        format_version: FORMAT_VERSION,
        manifest_sha256: manifest_sha256.to_string(),
        slice: slice.to_string(),
        checksum: jobs_checksum(&jobs),
        jobs,
    };
    let mut json = serde_json::to_string_pretty(&result).expect("a result always serialises");
    json.push('\n');
    let path = results.join(slice.file_name());
    write_atomic(&path, json.as_bytes())?;
    Ok(path)
}

/// Reads one result file and checks its version and checksum.
pub fn read_slice_result(path: &Path) -> Result<SliceResult, JobsError> {
    let bytes = fs::read(path).map_err(io_err(path))?;
    let r: SliceResult = serde_json::from_slice(&bytes).map_err(|e| JobsError::Corrupt {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    if r.format_version != FORMAT_VERSION {
        return Err(JobsError::Version {
            path: path.to_path_buf(),
            found: r.format_version,
            expected: FORMAT_VERSION,
        });
    }
    if jobs_checksum(&r.jobs) != r.checksum {
        return Err(JobsError::Corrupt {
            path: path.to_path_buf(),
            reason: "the checksum of the job counts does not match".into(),
        });
    }
    Ok(r)
}

/// "; slices without a result: 3/8, 6/8" for [`JobsError::Missing`], or nothing.
fn rerun_hint(slices: &Option<(Vec<u64>, u64)>) -> String {
    let Some((ks, n)) = slices else {
        return String::new();
    };
    let mut s = String::from("; slices without a result: ");
    for (i, k) in ks.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{k}/{n}");
    }
    s
}

fn list_ids(ids: &[u64], count: u64) -> String {
    let mut s = String::new();
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{id}");
    }
    if count > ids.len() as u64 {
        s.push_str(", …");
    }
    s
}
