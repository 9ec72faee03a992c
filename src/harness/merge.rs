//! Joining the outputs of sharded studies (`dlxlab merge`).
//!
//! Each shard's `runs.csv` is in line order, so the shards are joined by a streaming k-way merge on
//! the line number. The merge refuses shard sets that cannot be one study: different corpora
//! (SHA-256), different solvers or limits, different `--permute` seeds, a shard missing or given twice, a line in two shards or
//! in the wrong shard. The summary is rebuilt from the merged rows and the summed line counts, so a
//! missing row shows up as "reconciled: no". The shards' `ratings.csv`, when they were rated, are
//! joined the same way, so that the merged directory is what one machine's study writes.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::corpus::{LineCounts, Shard};
use crate::rating::table::COLUMNS as RATING_COLUMNS;

use super::digest::PuzzleDigest;
use super::meta::Meta;
use super::output::AtomicFile;
use super::summary::{Summary, SummaryBuilder};
use super::{io_err, open_rows, read_meta, HarnessError, Row, COLUMNS, RUNS_CSV};

/// Merges the study directories `dirs` into `out_dir` (`runs.csv`, `meta.json`, `summary.md`).
pub fn merge(dirs: &[PathBuf], out_dir: &Path) -> Result<(Meta, Summary), HarnessError> {
    let err = |s: String| HarnessError::Merge(s);
    if dirs.is_empty() {
        return Err(err("no directories given".to_string()));
    }
    let metas: Vec<Meta> = dirs
        .iter()
        .map(|d| read_meta(d))
        .collect::<Result<_, _>>()?;
    let first = &metas[0];
    for (dir, meta) in dirs.iter().zip(&metas) {
        if meta.corpus.sha256 != first.corpus.sha256 {
            return Err(err(format!(
                "{} read a different corpus (SHA-256 {} vs {})",
                dir.display(),
                meta.corpus.sha256,
                first.corpus.sha256
            )));
        }
        if meta.seed != first.seed {
            let seed =
                |s: Option<u64>| s.map_or("no --permute".to_string(), |s| format!("--permute {s}"));
            return Err(err(format!(
                "{} was run with {}, {} with {}: the solvers saw other puzzles, so these are not shards of one study",
                dir.display(),
                seed(meta.seed),
                dirs[0].display(),
                seed(first.seed)
            )));
        }
        if meta.solvers != first.solvers {
            return Err(err(format!(
                "{} ran other solvers or limits than {}",
                dir.display(),
                dirs[0].display()
            )));
        }
        // Rated and unrated shards are refused by merge_ratings, naming the file.
        if meta.ratings.is_some() && first.ratings.is_some() && meta.ratings != first.ratings {
            let said = |m: &Meta| match &m.ratings {
                None => "no ratings".to_string(),
                Some(r) => format!(
                    "--se-profile {}, --ratings {}, --rate-limit-ms {}",
                    r.se_profile,
                    if r.decision_tree { "all" } else { "technique" },
                    r.limit_ms
                ),
            };
            return Err(err(format!(
                "{} was rated with other settings than {} ({}; {}): rate every shard alike",
                dir.display(),
                dirs[0].display(),
                said(meta),
                said(first)
            )));
        }
    }
    let shards: Vec<_> = metas.iter().map(|m| m.shard).collect();
    let whole = metas.len() == 1 && shards[0].is_none();
    if !whole {
        let Some(count) = shards[0].map(|s| s.count) else {
            return Err(err(format!(
                "{} is a whole-corpus run; merge shards only",
                dirs[0].display()
            )));
        };
        let mut seen = vec![false; count as usize];
        for (dir, shard) in dirs.iter().zip(&shards) {
            match shard {
                Some(s) if s.count == count => {
                    if std::mem::replace(&mut seen[(s.index - 1) as usize], true) {
                        return Err(err(format!("shard {s} given twice ({})", dir.display())));
                    }
                }
                _ => {
                    return Err(err(format!(
                        "{} is not one of {count} shards",
                        dir.display()
                    )))
                }
            }
        }
        let missing: Vec<String> = (1..=count)
            .filter(|k| !seen[(k - 1) as usize])
            .map(|k| format!("{k}/{count}"))
            .collect();
        match missing.len() {
            0 => {}
            1 => return Err(err(format!("shard {} is missing", missing[0]))),
            m => {
                return Err(err(format!(
                    "{m} of {count} shards are missing: {}",
                    missing.join(", ")
                )))
            }
        }
    }

    std::fs::create_dir_all(out_dir).map_err(io_err(out_dir))?;
    let runs = out_dir.join(RUNS_CSV);
    let mut out = AtomicFile::create(&runs).map_err(io_err(&runs))?;
    let names: Vec<&str> = first.solvers.iter().map(|s| s.name.as_str()).collect();
    let mut builder = SummaryBuilder::new(&names);
    let mut counts = LineCounts::default();
    let written = (|| -> Result<(), HarnessError> {
        let mut csv_out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(&mut out);
        csv_out.write_record(COLUMNS)?;
        let mut inputs = Vec::new();
        for (dir, meta) in dirs.iter().zip(&metas) {
            counts.merge(&meta.counts);
            let mut rows = open_rows(&dir.join(RUNS_CSV))?;
            let head = rows.next().transpose()?;
            inputs.push((dir, meta.shard, rows, head, PuzzleDigest::default()));
        }
        loop {
            // The input whose next row has the smallest line; a tie means a line in two shards.
            let mut best: Option<usize> = None;
            for (k, (_, _, _, head, _)) in inputs.iter().enumerate() {
                if let Some(row) = head {
                    match best {
                        Some(b) if inputs[b].3.as_ref().map(|r| r.line) == Some(row.line) => {
                            return Err(err(format!(
                                "line {} is in both {} and {}",
                                row.line,
                                inputs[b].0.display(),
                                inputs[k].0.display()
                            )));
                        }
                        Some(b) if inputs[b].3.as_ref().is_some_and(|r| r.line < row.line) => {}
                        _ => best = Some(k),
                    }
                }
            }
            let Some(b) = best else { break };
            let (dir, shard, rows, head, digest) = &mut inputs[b];
            let line = head.as_ref().map(|r| r.line).unwrap_or_default();
            if let Some(s) = shard {
                if !s.contains(line) {
                    return Err(err(format!(
                        "{}: line {line} does not belong to shard {s}",
                        dir.display()
                    )));
                }
            }
            // Copy every row of this line from this input.
            while let Some(row) = head.take() {
                if row.line != line {
                    *head = Some(row);
                    break;
                }
                digest.add(row.line, &row.puzzle);
                write_row(&mut csv_out, &mut builder, &row)?;
                *head = rows.next().transpose()?;
            }
        }
        for ((dir, _, _, _, digest), meta) in inputs.into_iter().zip(&metas) {
            check_puzzles(&dir.join(RUNS_CSV), meta, digest)?;
        }
        csv_out.flush().map_err(io_err(&runs))?;
        Ok(())
    })();
    // Nothing is renamed into place unless runs.csv and ratings.csv both joined.
    let ratings = written.and_then(|()| merge_ratings(dirs, &metas, out_dir));
    let ratings = match ratings {
        Ok(ratings) => ratings,
        Err(e) => {
            let _ = out.discard();
            return Err(e);
        }
    };
    out.commit().map_err(io_err(&runs))?;
    if let Some(ratings) = ratings {
        ratings
            .commit()
            .map_err(io_err(&out_dir.join(RATINGS_CSV)))?;
    }

    let summary = builder.finish(counts);
    let join = |f: fn(&Meta) -> Option<String>| {
        let mut values: Vec<String> = metas.iter().filter_map(f).collect();
        values.dedup();
        (!values.is_empty()).then(|| values.join(" / "))
    };
    let mut timings: Vec<&str> = metas.iter().map(|m| m.timing.as_str()).collect();
    timings.dedup();
    let meta = Meta {
        dlxlab_version: first.dlxlab_version.clone(),
        git_revision: join(|m| m.git_revision.clone()),
        rustc: join(|m| m.rustc.clone()),
        cpu_model: join(|m| m.cpu_model.clone()),
        threads: metas.iter().map(|m| m.threads).max().unwrap_or(0),
        // Every shard has this seed (checked above).
        seed: first.seed,
        corpus: first.corpus.clone(),
        shard: None,
        counts,
        solvers: first.solvers.clone(),
        timing: if timings.len() == 1 {
            timings[0].to_string()
        } else {
            "mixed".to_string()
        },
        rows: summary.rows,
        puzzles_sha256: Some(summary.puzzles_sha256.clone()),
        resumed_rows: metas.iter().map(|m| m.resumed_rows).sum(),
        solver_errors: summary.solver_errors(),
        disagreements: summary.disagreements,
        reconciled: summary.reconciled(),
        started: metas
            .iter()
            .map(|m| m.started.clone())
            .min()
            .unwrap_or_default(),
        finished: super::meta::utc_timestamp(SystemTime::now()),
        merged_from: dirs.iter().map(|d| d.display().to_string()).collect(),
        // Every shard was rated alike (checked above), and merge_ratings joined their files.
        ratings: first.ratings.clone(),
        timings: None,
    };
    super::write_meta_and_summary(out_dir, &meta, &summary)?;
    Ok((meta, summary))
}

fn write_row<W: std::io::Write>(
    out: &mut csv::Writer<W>,
    builder: &mut SummaryBuilder,
    row: &Row,
) -> Result<(), HarnessError> {
    out.serialize(row)?;
    builder.add(row);
    Ok(())
}

/// The ratings file a rated study writes next to `runs.csv`.
const RATINGS_CSV: &str = "ratings.csv";

/// One shard's `ratings.csv` being read: its path, its shard, its rows and the next row with its
/// line number.
struct RatingsInput {
    path: PathBuf,
    shard: Option<Shard>,
    records: csv::ByteRecordsIntoIter<std::fs::File>,
    head: Option<(u64, csv::ByteRecord)>,
    /// The puzzles of the rows written so far, and their count.
    digest: PuzzleDigest,
    rows: u64,
}

impl RatingsInput {
    /// Moves to the next row, which must come after `line` (a rated shard is in line order).
    fn advance(&mut self, line: Option<u64>) -> Result<(), HarnessError> {
        self.head = match self
            .records
            .next()
            .transpose()
            .map_err(csv_err(&self.path))?
        {
            None => None,
            Some(record) => {
                let number = std::str::from_utf8(record.get(0).unwrap_or_default())
                    .ok()
                    .and_then(|s| s.parse::<u64>().ok())
                    .ok_or_else(|| {
                        HarnessError::Merge(format!(
                            "{}: a row without a line number",
                            self.path.display()
                        ))
                    })?;
                if line.is_some_and(|l| number <= l) {
                    return Err(HarnessError::Merge(format!(
                        "{}: line {number} is out of order",
                        self.path.display()
                    )));
                }
                Some((number, record))
            }
        };
        Ok(())
    }
}

/// A CSV error of the file `path`, naming it.
fn csv_err(path: &Path) -> impl FnOnce(csv::Error) -> HarnessError + '_ {
    move |e| HarnessError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    }
}

/// Holds the puzzles of a shard's file (`runs.csv` or `ratings.csv`), as `digest` saw them,
/// against the shard's `meta.json`: its `puzzles_sha256` when recorded (every puzzle line, in
/// order: none missing, none of another corpus).
fn check_puzzles(path: &Path, meta: &Meta, digest: PuzzleDigest) -> Result<(), HarnessError> {
    match &meta.puzzles_sha256 {
        Some(recorded) if *recorded != digest.finish() => Err(HarnessError::Merge(format!(
            "{}: its puzzles are not those of the corpus its meta.json records (rows missing, or of another corpus)",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Joins the shards' `ratings.csv` into `out_dir/ratings.csv` by a streaming merge on `line`, when
/// every shard has one; nothing when none has. Refuses a mix (shards run with different
/// `--ratings`), a ratings.csv that its meta.json does not record (or the reverse), another
/// header, a line in two shards or in the wrong shard, and a shard whose ratings are not one row
/// for each of its puzzle lines (cut short, or of another corpus).
fn merge_ratings(
    dirs: &[PathBuf],
    metas: &[Meta],
    out_dir: &Path,
) -> Result<Option<AtomicFile>, HarnessError> {
    let err = |s: String| HarnessError::Merge(s);
    let paths: Vec<PathBuf> = dirs.iter().map(|d| d.join(RATINGS_CSV)).collect();
    for ((path, meta), dir) in paths.iter().zip(metas).zip(dirs) {
        if path.is_file() != meta.ratings.is_some() {
            return Err(err(format!(
                "{}: {} (a ratings.csv left from another study, or one lost)",
                dir.display(),
                if meta.ratings.is_some() {
                    "meta.json records ratings, but there is no ratings.csv"
                } else {
                    "there is a ratings.csv that its meta.json does not record"
                }
            )));
        }
    }
    let dest = out_dir.join(RATINGS_CSV);
    let Some(rated) = paths.iter().position(|p| p.is_file()) else {
        // No ratings: none from an earlier merge into the same directory either.
        return match std::fs::remove_file(&dest) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_err(&dest)(e)),
            _ => Ok(None),
        };
    };
    if let Some(k) = paths.iter().position(|p| !p.is_file()) {
        return Err(err(format!(
            "{} has no {RATINGS_CSV} but {} has one: run every shard with the same --ratings",
            dirs[k].display(),
            dirs[rated].display()
        )));
    }
    let mut inputs = Vec::with_capacity(paths.len());
    for (path, meta) in paths.into_iter().zip(metas) {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_path(&path)
            .map_err(csv_err(&path))?;
        let header = reader.byte_headers().map_err(csv_err(&path))?;
        if !header
            .iter()
            .eq(RATING_COLUMNS.iter().map(|c| c.as_bytes()))
        {
            return Err(err(format!(
                "{}: header is not {}",
                path.display(),
                RATING_COLUMNS.join(",")
            )));
        }
        let mut input = RatingsInput {
            path,
            shard: meta.shard,
            records: reader.into_byte_records(),
            head: None,
            digest: PuzzleDigest::default(),
            rows: 0,
        };
        input.advance(None)?;
        inputs.push(input);
    }

    let mut out = AtomicFile::create(&dest).map_err(io_err(&dest))?;
    let joined = (|| -> Result<(), HarnessError> {
        let mut csv_out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(&mut out);
        csv_out.write_record(RATING_COLUMNS)?;
        loop {
            // The input whose next row has the smallest line; a tie means a line in two shards.
            let mut best: Option<(usize, u64)> = None;
            for (k, input) in inputs.iter().enumerate() {
                let Some((line, _)) = &input.head else {
                    continue;
                };
                match best {
                    Some((b, l)) if l == *line => {
                        return Err(err(format!(
                            "line {line} is rated in both {} and {}",
                            inputs[b].path.display(),
                            input.path.display()
                        )));
                    }
                    Some((_, l)) if l < *line => {}
                    _ => best = Some((k, *line)),
                }
            }
            let Some((k, line)) = best else { break };
            let input = &mut inputs[k];
            if let Some(s) = input.shard.filter(|s| !s.contains(line)) {
                return Err(err(format!(
                    "{}: line {line} does not belong to shard {s}",
                    input.path.display()
                )));
            }
            if let Some((_, record)) = input.head.take() {
                let puzzle = String::from_utf8_lossy(record.get(1).unwrap_or_default());
                input.digest.add(line, &puzzle);
                input.rows += 1;
                csv_out.write_byte_record(&record)?;
            }
            input.advance(Some(line))?;
        }
        csv_out.flush().map_err(io_err(&dest))?;
        drop(csv_out);
        for (input, meta) in inputs.into_iter().zip(metas) {
            if input.rows != meta.counts.puzzle_lines {
                return Err(err(format!(
                    "{}: {} rows for {} puzzle lines (a ratings.csv cut short, or of another corpus)",
                    input.path.display(),
                    input.rows,
                    meta.counts.puzzle_lines
                )));
            }
            check_puzzles(&input.path, meta, input.digest)?;
        }
        Ok(())
    })();
    match joined {
        Ok(()) => Ok(Some(out)),
        Err(e) => {
            let _ = out.discard();
            Err(e)
        }
    }
}
