//! Joining the outputs of sharded studies (`dlxlab merge`).
//!
//! Each shard's `runs.csv` is in line order, so the shards are joined by a streaming k-way merge on
//! the line number. The merge refuses shard sets that cannot be one study: different corpora
//! (SHA-256), different solvers or limits, a shard missing or given twice, a line in two shards or
//! in the wrong shard. The summary is rebuilt from the merged rows and the summed line counts, so a
//! missing row shows up as "reconciled: no".

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::corpus::LineCounts;

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
        if meta.solvers != first.solvers {
            return Err(err(format!(
                "{} ran other solvers or limits than {}",
                dir.display(),
                dirs[0].display()
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
    {
        let mut csv_out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(&mut out);
        csv_out.write_record(COLUMNS)?;
        let mut inputs = Vec::new();
        for (dir, meta) in dirs.iter().zip(&metas) {
            counts.merge(&meta.counts);
            let mut rows = open_rows(&dir.join(RUNS_CSV))?;
            let head = rows.next().transpose()?;
            inputs.push((dir, meta.shard, rows, head));
        }
        loop {
            // The input whose next row has the smallest line; a tie means a line in two shards.
            let mut best: Option<usize> = None;
            for (k, (_, _, _, head)) in inputs.iter().enumerate() {
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
            let (dir, shard, rows, head) = &mut inputs[b];
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
                write_row(&mut csv_out, &mut builder, &row)?;
                *head = rows.next().transpose()?;
            }
        }
        csv_out.flush().map_err(io_err(&runs))?;
    }
    out.commit().map_err(io_err(&runs))?;

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
        seed: None,
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
