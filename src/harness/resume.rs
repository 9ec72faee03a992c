//! Resuming a study: what an earlier run in the output directory left ([`prepare_output`]), the
//! whole puzzles kept from it ([`recover`]), and the check that each kept row is a row of this
//! corpus ([`check_puzzles`]): the provenance record compares the corpus's SHA-256, but a partial
//! file can be put behind another run's record (or the corpus reordered and the record copied),
//! so every kept row's line and puzzle are held against the corpus before anything is changed.

use std::fs::{self, File};
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use crate::corpus::{LineKind, Shard, Source};

use super::config::{read_meta, StudyConfig, META_JSON};
use super::error::{io_err, HarnessError};
use super::output::{self, partial_path};
use super::provenance::Provenance;
use super::row::{Row, COLUMNS};
use super::summary::SummaryBuilder;

/// The rows recovered from an earlier run.
pub(super) struct Recovered {
    /// Bytes of the partial file that hold whole puzzles (header included).
    pub(super) keep_bytes: u64,
    /// Last puzzle line recovered (0 if none).
    pub(super) last_line: u64,
    /// Rows recovered.
    pub(super) rows: u64,
    /// The line and puzzle of each puzzle recovered, in line order (held against the corpus by
    /// [`check_puzzles`]).
    puzzles: Vec<(u64, String)>,
}

/// Reads the whole puzzles of an earlier run from `path` into `summary`: rows up to the last
/// newline (a row cut by a crash is dropped), grouped by line; a group counts only if it has
/// exactly one row per solver, in order. Stops at the first incomplete group.
fn recover(
    path: &Path,
    solvers: &[&str],
    shard: Shard,
    summary: &mut SummaryBuilder,
) -> Result<Recovered, HarnessError> {
    let mut file = File::open(path).map_err(io_err(path))?;
    let complete = bytes_to_last_newline(&mut file).map_err(io_err(path))?;
    file.seek(SeekFrom::Start(0)).map_err(io_err(path))?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(BufReader::new(file.take(complete)));
    let resume_err = |reason: String| HarnessError::Resume {
        path: path.to_path_buf(),
        reason,
    };
    let header = match reader.headers() {
        Ok(h) => h.clone(),
        // An empty or header-less file: nothing to recover.
        Err(_) => csv::StringRecord::new(),
    };
    if header.is_empty() {
        return Ok(Recovered {
            keep_bytes: 0,
            last_line: 0,
            rows: 0,
            puzzles: Vec::new(),
        });
    }
    if header.iter().ne(COLUMNS.iter().copied()) {
        return Err(resume_err(format!(
            "header {:?} is not {}",
            header.iter().collect::<Vec<_>>().join(","),
            COLUMNS.join(",")
        )));
    }
    let mut keep_bytes = reader.position().byte();
    let mut last_line = 0;
    let mut rows = 0;
    let mut puzzles = Vec::new();
    let mut group: Vec<Row> = Vec::with_capacity(solvers.len());
    let mut record = csv::StringRecord::new();
    // Until the end, or a row that does not parse: keep what came before.
    while let Ok(true) = reader.read_record(&mut record) {
        let Ok(row) = record.deserialize::<Row>(None) else {
            break;
        };
        if !shard.contains(row.line) {
            return Err(resume_err(format!(
                "line {} is not in shard {shard}: resume with the same --shard",
                row.line
            )));
        }
        if row.line <= last_line {
            return Err(resume_err(format!("line {} is out of order", row.line)));
        }
        let slot = group.len();
        if (slot > 0 && group[0].line != row.line)
            || solvers.get(slot) != Some(&row.solver.as_str())
        {
            if slot == 0 {
                return Err(resume_err(format!(
                    "line {}: solver {:?} where {:?} was expected: resume with the same --solvers",
                    row.line,
                    row.solver,
                    solvers.first().copied().unwrap_or_default()
                )));
            }
            break;
        }
        group.push(row);
        if group.len() == solvers.len() {
            puzzles.push((group[0].line, group[0].puzzle.clone()));
            for r in group.drain(..) {
                summary.add(&r);
                rows += 1;
                last_line = r.line;
            }
            keep_bytes = reader.position().byte();
        }
    }
    Ok(Recovered {
        keep_bytes,
        last_line,
        rows,
        puzzles,
    })
}

/// The length of the file up to and including its last `\n`.
fn bytes_to_last_newline(file: &mut File) -> io::Result<u64> {
    let len = file.seek(SeekFrom::End(0))?;
    let mut end = len;
    let mut buf = vec![0u8; 1 << 16];
    while end > 0 {
        let start = end.saturating_sub(buf.len() as u64);
        let n = (end - start) as usize;
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut buf[..n])?;
        if let Some(k) = buf[..n].iter().rposition(|&b| b == b'\n') {
            return Ok(start + k as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// Decides what this run does with what `runs` (`runs.csv` in the output directory) and its
/// partial files hold, checking everything before changing anything, and leaves the directory
/// ready: `provenance.json.partial` records this run, and `runs.csv.partial` holds the whole
/// puzzles to keep (their count is returned, and their rows are added to `summary`).
///
/// - Resuming from `runs.csv.partial`: its `provenance.json.partial` must match `this_run`.
/// - Resuming from a finished `runs.csv` (nothing partial): its `meta.json` must match; the file is
///   copied to the partial name, so that it stays whole until this run commits.
/// - A fresh run (or a resume with nothing there): refused while `runs.csv.partial` exists, unless
///   [`StudyConfig::force`]; a finished `runs.csv` is replaced only when this run commits.
pub(super) fn prepare_output(
    config: &StudyConfig,
    source: &Source,
    this_run: &Provenance,
    runs: &Path,
    provenance_path: &Path,
    summary: &mut SummaryBuilder,
) -> Result<Recovered, HarnessError> {
    let partial = partial_path(runs);
    let names: Vec<&str> = this_run.solvers.iter().map(|s| s.name.as_str()).collect();
    let nothing = Recovered {
        keep_bytes: 0,
        last_line: 0,
        rows: 0,
        puzzles: Vec::new(),
    };
    let refuse = |path: &Path, reason: String| HarnessError::Resume {
        path: path.to_path_buf(),
        reason,
    };
    let check = |path: &Path, recorded: &Provenance| {
        match this_run.differences(recorded) {
        d if d.is_empty() => Ok(()),
        d => Err(refuse(
            path,
            format!(
                "{}; nothing was changed (run into another --out, or start this one afresh there with --force)",
                d.join("; ")
            ),
        )),
    }
    };
    let record = || {
        let json = serde_json::to_vec_pretty(this_run).map_err(|source| HarnessError::Json {
            path: provenance_path.to_path_buf(),
            source,
        })?;
        output::write_atomic(provenance_path, &json).map_err(io_err(provenance_path))
    };
    let meta_path = runs.with_file_name(META_JSON);
    if config.resume && partial.exists() {
        let recorded = Provenance::read(provenance_path).map_err(|e| {
            refuse(
                &partial,
                format!(
                    "it has no readable record of what it is a run of ({}: {e}); nothing was changed (start afresh with --force)",
                    provenance_path.display()
                ),
            )
        })?;
        check(provenance_path, &recorded)?;
        let recovered = recover(&partial, &names, config.shard, summary)?;
        check_puzzles(source, config.shard, &recovered, &partial)?;
        return Ok(recovered);
    }
    if config.resume && runs.exists() {
        let meta = read_meta(runs.parent().unwrap_or(Path::new("."))).map_err(|e| {
            refuse(
                runs,
                format!(
                    "without a readable meta.json ({e}) it cannot be checked; nothing was changed"
                ),
            )
        })?;
        check(&meta_path, &Provenance::of_meta(&meta))?;
        let recovered = recover(runs, &names, config.shard, summary)?;
        check_puzzles(source, config.shard, &recovered, runs)?;
        record()?;
        fs::copy(runs, &partial).map_err(io_err(&partial))?;
        return Ok(recovered);
    }
    if !config.resume && !config.force && partial.exists() {
        return Err(HarnessError::Unfinished { path: partial });
    }
    record()?;
    Ok(nothing)
}

/// Refuses a resume whose kept rows are not this corpus's puzzle lines of this shard, in order:
/// the corpus is read up to the last kept line and each puzzle line compared with the kept row of
/// that line (the first difference is named). Nothing is changed before this passes.
fn check_puzzles(
    source: &Source,
    shard: Shard,
    recovered: &Recovered,
    path: &Path,
) -> Result<(), HarnessError> {
    let refuse = |reason: String| HarnessError::Resume {
        path: path.to_path_buf(),
        reason: format!("{reason}; nothing was changed (start afresh with --force)"),
    };
    let mut kept = recovered.puzzles.iter();
    for line in source.open().map_err(HarnessError::Corpus)? {
        let line = line.map_err(HarnessError::Corpus)?;
        if line.number > recovered.last_line {
            break;
        }
        let LineKind::Puzzle(record) = line.kind else {
            continue;
        };
        if !shard.contains(record.line) {
            continue;
        }
        match kept.next() {
            Some((n, puzzle)) if *n == record.line && *puzzle == record.text => {}
            Some((n, puzzle)) if *n == record.line => {
                return Err(refuse(format!(
                    "its row for line {n} is of the puzzle {puzzle:?}, but line {n} of {} is {:?}: rows of another corpus or another order",
                    source.describe(),
                    record.text
                )))
            }
            Some((n, _)) => {
                return Err(refuse(format!(
                    "it holds a row for line {n} where {} has its puzzle line {}: rows of another corpus",
                    source.describe(),
                    record.line
                )))
            }
            None => break,
        }
    }
    match kept.next() {
        Some((n, _)) => Err(refuse(format!(
            "it holds a row for line {n}, which is not a puzzle line of {}: rows of another corpus",
            source.describe()
        ))),
        None => Ok(()),
    }
}
