//! `dlxlab rate` over a corpus behaves like `dlxlab study`: its rows are written in input order
//! as each chunk of puzzles is rated (to `OUT.partial`, renamed to `OUT` when complete), a stop
//! request (Ctrl-C) keeps every whole row finished, and a resume continues only the same run.
//!
//! What a run is a run of ([`RateRun`]) is recorded in `OUT.provenance.partial` before the first
//! row: the SHA-256 of the input lines (line number and text, so another corpus of the same shape
//! differs), the decision-tree index asked for, the time budget, the technique options and the
//! dlxlab version. A resume compares it with this run's and refuses any difference before it
//! touches anything; [`recover`] then keeps the rows of the partial file that match the first
//! input lines one for one.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::table::{RatingRow, COLUMNS};

/// Puzzles rated between two writes of the output (and between two looks at the stop flag).
pub const CHUNK: usize = 256;

/// The suffix of the record of an unfinished run, next to its output.
pub const PROVENANCE_SUFFIX: &str = ".provenance.partial";

/// Where the record of an unfinished run into `out` lives: `OUT.provenance.partial`.
pub fn provenance_path(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(PROVENANCE_SUFFIX);
    out.with_file_name(name)
}

/// What a rating run is a run of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RateRun {
    /// Version of the dlxlab crate.
    pub dlxlab_version: String,
    /// SHA-256 of the input lines ([`input_digest`]).
    pub inputs_sha256: String,
    /// Number of input lines (puzzle lines and arguments).
    pub inputs: u64,
    /// The decision-tree index asked for (`None`: the column left empty).
    pub decision_tree: Option<String>,
    /// Time budget of one puzzle's technique rating, milliseconds.
    pub limit_ms: u64,
    /// The technique options that change ratings, as `ratings.csv`'s `se_profile` names them
    /// ([`super::SeProfile::label`]: `sample`, `serate`, `sample+uvwxyz-wing`).
    pub options: String,
    /// The chaos rating's settings ([`super::chaos::ChaosOptions::label`]; `None`: not asked
    /// for, as in records written before issue 35).
    #[serde(default)]
    pub chaos: Option<String>,
}

impl RateRun {
    /// Every way in which this run differs from `recorded`, one sentence each.
    pub fn differences(&self, recorded: &RateRun) -> Vec<String> {
        let mut out = Vec::new();
        if (&self.inputs_sha256, self.inputs) != (&recorded.inputs_sha256, recorded.inputs) {
            out.push(format!(
                "other puzzles: the run there rates {} lines with SHA-256 {}, this one {} lines with SHA-256 {}",
                recorded.inputs, recorded.inputs_sha256, self.inputs, self.inputs_sha256
            ));
        }
        if self.decision_tree != recorded.decision_tree {
            let name = |d: &Option<String>| d.clone().unwrap_or_else(|| "none".to_string());
            out.push(format!(
                "another decision-tree index: {} there, {} here",
                name(&recorded.decision_tree),
                name(&self.decision_tree)
            ));
        }
        if self.limit_ms != recorded.limit_ms {
            out.push(format!(
                "another time budget: {} ms there, {} ms here",
                recorded.limit_ms, self.limit_ms
            ));
        }
        if self.options != recorded.options {
            out.push(format!(
                "other technique options: {} there, {} here",
                recorded.options, self.options
            ));
        }
        if self.chaos != recorded.chaos {
            let name = |c: &Option<String>| c.clone().unwrap_or_else(|| "none".to_string());
            out.push(format!(
                "other chaos settings: {} there, {} here",
                name(&recorded.chaos),
                name(&self.chaos)
            ));
        }
        if self.dlxlab_version != recorded.dlxlab_version {
            out.push(format!(
                "another dlxlab version: {} there, {} here",
                recorded.dlxlab_version, self.dlxlab_version
            ));
        }
        out
    }

    /// Reads a record written by [`RateRun::write`].
    pub fn read(path: &Path) -> io::Result<RateRun> {
        serde_json::from_slice(&std::fs::read(path)?).map_err(io::Error::other)
    }

    /// Writes the record atomically.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        let json = serde_json::to_vec_pretty(self).map_err(io::Error::other)?;
        crate::harness::output::write_atomic(path, &json)
    }
}

/// The hex SHA-256 of the input lines: each line's number, a tab, its text and a newline.
pub fn input_digest(lines: &[(u64, &str)]) -> String {
    let mut hasher = Sha256::new();
    for (n, text) in lines {
        hasher.update(format!("{n}\t{text}\n").as_bytes());
    }
    crate::corpus::hex(&hasher.finalize())
}

/// Reads the rows of an unfinished output `partial` that match the first input lines one for one
/// (line number and puzzle field): returns the bytes to keep (header and those rows, up to the
/// last newline: a row cut by a crash is dropped) and how many lines they cover. A row that does
/// not match its input line is an error: the file is not a run of these inputs.
pub fn recover(partial: &Path, lines: &[(u64, &str)]) -> io::Result<(u64, usize)> {
    recover_columns(partial, lines, &COLUMNS)
}

/// [`recover`] of a file with the header `columns` (see [`super::table::columns`]).
pub fn recover_columns(
    partial: &Path,
    lines: &[(u64, &str)],
    columns: &[&str],
) -> io::Result<(u64, usize)> {
    let mut file = File::open(partial)?;
    let complete = bytes_to_last_newline(&mut file)?;
    file.seek(SeekFrom::Start(0))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(BufReader::new(file.take(complete)));
    let header = reader.headers().map_err(io::Error::other)?.clone();
    if header.is_empty() {
        return Ok((0, 0));
    }
    if header.iter().ne(columns.iter().copied()) {
        return Err(io::Error::other(format!(
            "{}: header {:?} is not {}",
            partial.display(),
            header.iter().collect::<Vec<_>>().join(","),
            columns.join(",")
        )));
    }
    let mut keep = reader.position().byte();
    let mut done = 0;
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(io::Error::other)? {
        let Some(&(n, text)) = lines.get(done) else {
            return Err(io::Error::other(format!(
                "{}: more rows than input lines",
                partial.display()
            )));
        };
        let puzzle = text.split_whitespace().next().unwrap_or("");
        if record.get(0) != Some(n.to_string().as_str()) || record.get(1) != Some(puzzle) {
            return Err(io::Error::other(format!(
                "{}: row {} is of line {:?}, puzzle {:?}; the input's line there is {n}, {puzzle:?}",
                partial.display(),
                done + 1,
                record.get(0).unwrap_or(""),
                record.get(1).unwrap_or("")
            )));
        }
        done += 1;
        keep = reader.position().byte();
    }
    Ok((keep, done))
}

/// The length of the file up to and including its last `\n`.
fn bytes_to_last_newline(file: &mut File) -> io::Result<u64> {
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k as u64 + 1))
}

/// Rates `lines` from index `skip` on, [`CHUNK`] at a time in parallel on `pool`, and hands each chunk's
/// rows to `sink` in input order; `progress` is called with `1` per puzzle rated. Returns
/// `false` when `stop` was set: the rows handed over are then the whole puzzles finished before
/// the first one that was not started (a longer prefix is never lost, a shorter never claimed).
pub fn rate_lines(
    lines: &[(u64, &str)],
    skip: usize,
    pool: &rayon::ThreadPool,
    rate: &(dyn Fn(u64, &str) -> RatingRow + Sync),
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    sink: &mut dyn FnMut(&[RatingRow]) -> io::Result<()>,
) -> io::Result<bool> {
    for chunk in lines[skip.min(lines.len())..].chunks(CHUNK) {
        let rated: Vec<Option<RatingRow>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&(n, text)| {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let row = rate(n, text);
                    // A stop request also interrupts the rating in progress (the host raises
                    // `budget::interrupt`, which ends the path as if its time were up): a row
                    // rated while it was set is not whole, and is not kept.
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    progress(1);
                    Some(row)
                })
                .collect()
        });
        let whole: Vec<RatingRow> = rated.into_iter().map_while(|r| r).collect();
        let finished = whole.len() == chunk.len();
        sink(&whole)?;
        if !finished {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: u64, text: &str) -> RatingRow {
        RatingRow {
            line: n,
            puzzle: text.split_whitespace().next().unwrap_or("").to_string(),
            decision_tree: None,
            result: Err("not rated in this test".to_string()),
            external: None,
            se_profile: "sample",
            inference_level: None,
            chaos: None,
            hodoku: None,
        }
    }

    #[test]
    fn a_stopped_run_keeps_a_prefix_and_recover_finds_it() {
        let texts: Vec<String> = (0..600).map(|k| format!("p{k} 1.0")).collect();
        let lines: Vec<(u64, &str)> = texts
            .iter()
            .enumerate()
            .map(|(k, t)| (k as u64 + 2, t.as_str()))
            .collect();
        let stop = AtomicBool::new(false);
        let mut rows = Vec::new();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let finished = rate_lines(
            &lines,
            0,
            &pool,
            &|n, t| {
                if n > 300 {
                    stop.store(true, Ordering::SeqCst);
                }
                row(n, t)
            },
            &stop,
            &|_| {},
            &mut |r| {
                rows.extend_from_slice(r);
                Ok(())
            },
        )
        .unwrap();
        assert!(!finished);
        assert!(rows.len() >= CHUNK && rows.len() < lines.len());
        for (k, r) in rows.iter().enumerate() {
            assert_eq!(r.line, lines[k].0);
        }

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv.partial");
        let mut bytes = Vec::new();
        super::super::table::write_csv(&rows, &mut bytes).unwrap();
        // A row cut short by a crash.
        bytes.extend_from_slice(b"999,cut");
        std::fs::write(&path, &bytes).unwrap();
        let (keep, done) = recover(&path, &lines).unwrap();
        assert_eq!(done, rows.len());
        assert_eq!(keep as usize, bytes.len() - b"999,cut".len());
        // Other inputs: refused.
        let other: Vec<(u64, &str)> = lines.iter().map(|&(n, _)| (n, "q")).collect();
        assert!(recover(&path, &other).is_err());
    }

    #[test]
    fn runs_differ_by_inputs_and_settings() {
        let run = RateRun {
            dlxlab_version: "1".into(),
            inputs_sha256: input_digest(&[(1, "a")]),
            inputs: 1,
            decision_tree: None,
            limit_ms: 10,
            options: "x".into(),
            chaos: None,
        };
        assert!(run.differences(&run.clone()).is_empty());
        let other = RateRun {
            inputs_sha256: input_digest(&[(1, "b")]),
            limit_ms: 20,
            ..run.clone()
        };
        assert_eq!(run.differences(&other).len(), 2);
        // Issue 35: another chaos setting is another run; a record without one reads as none.
        let chaos = RateRun {
            chaos: Some("seed=2".into()),
            ..run.clone()
        };
        assert_eq!(run.differences(&chaos).len(), 1);
        let mut json = serde_json::to_value(&run).unwrap();
        json.as_object_mut().unwrap().remove("chaos");
        assert_eq!(serde_json::from_value::<RateRun>(json).unwrap(), run);
    }
}
