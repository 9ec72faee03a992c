//! Plots, statistics and the markdown report of a study directory.
//!
//! `dlxlab study` writes `DIR/runs.csv` (and `DIR/ratings.csv`); [`generate`] reads them
//! ([`data`]), computes rank correlations with bootstrap intervals between every search metric and
//! every rating ([`stats`]) and the agreement of the technique rating with the corpus's own SE
//! rating ([`agreement`]), draws the figures as PNG and SVG ([`plots`], text in an embedded font,
//! [`font`]) and writes `DIR/report.md` ([`markdown`]). If `DIR/summary.md` (the study's summary)
//! exists, the same report is also placed in it between two marker comments, replacing an earlier
//! copy, so the study has one page to read. A hand-written `DIR/discussion.md`, if present, is
//! shown in the report under "Discussion".
//!
//! The statistics are defined exactly in `docs/report.md` and in [`stats`].

pub mod agreement;
pub mod check;
pub mod consistency;
pub mod counting;
pub mod data;
pub mod engines;
pub mod fingerprint;
pub mod font;
pub mod markdown;
pub mod metrics;
pub mod metrics_report;
mod model;
pub mod plots;
pub mod scaling;
pub mod speed;
pub mod stats;

use std::path::Path;

use rayon::prelude::*;

pub use model::{
    BandMedians, CorrelationRow, Metric, Report, ReportError, ReportOptions, SolverSummary,
};

use agreement::{Agreement, Band};
use data::{Rating, RatingKind, StudyData};
use plots::{Figure, PlotContext, PlotError};
use stats::BootstrapConfig;

/// One figure of [`generate`] (`None` when the data do not call for it).
type FigureJob<'a> = Box<dyn Fn() -> Result<Option<Figure>, PlotError> + Sync + 'a>;

/// Reads `dir/runs.csv` (+ `dir/ratings.csv`), writes the figures and `dir/report.md`, and
/// updates the report section of `dir/summary.md` if that file exists.
pub fn generate(dir: &Path, options: &ReportOptions) -> Result<Report, ReportError> {
    let data = data::load_study(dir)?;
    consistency::check(dir, &data)?;
    if data.run_rows == 0 {
        return Err(ReportError::Empty(dir.to_path_buf()));
    }
    let corpus = options.title.clone().unwrap_or_else(|| corpus_name(dir));
    let ctx = PlotContext {
        dir,
        corpus: &corpus,
        seed: options.bootstrap.seed,
    };
    // The figures are drawn in parallel with one another and with the statistics: each is a
    // pure function of the data writing its own two files, so the files and the order of
    // `figures` are those of drawing them one by one (an error is the first in that order).
    let (ctx, data) = (&ctx, &data);
    let mut jobs: Vec<FigureJob<'_>> = RatingKind::ALL
        .into_iter()
        .map(|kind| -> FigureJob<'_> { Box::new(move || plots::nodes_vs_rating(data, kind, ctx)) })
        .collect();
    jobs.push(Box::new(|| plots::nodes_ecdf(data, ctx).map(Some)));
    jobs.push(Box::new(|| plots::time_ecdf(data, ctx).map(Some)));
    jobs.push(Box::new(|| plots::time_vs_nodes(data, ctx)));
    jobs.push(Box::new(|| plots::dlx_vs_singles(data, ctx)));
    jobs.push(Box::new(|| plots::rating_histograms(data, ctx)));
    let (drawn, correlations) = rayon::join(
        || jobs.par_iter().map(|job| job()).collect::<Vec<_>>(),
        || correlations(data, &options.bootstrap),
    );
    drop(jobs);
    let mut figures = Vec::new();
    for figure in drawn {
        figures.extend(figure?);
    }
    let stems: Vec<&str> = figures.iter().map(|f| f.stem.as_str()).collect();
    remove_figures(dir, &stems)?;

    let mut report = Report {
        corpus,
        puzzles: data.puzzles(),
        rows: (
            data.run_rows,
            data.ratings.as_ref().map(|_| data.rating_rows),
        ),
        unmatched_ratings: data.unmatched_ratings,
        solvers: solver_summaries(data),
        figures,
        correlations,
        agreement: technique_agreement(data),
        band_medians: band_medians(data),
        bootstrap: options.bootstrap,
        context: study_context(dir),
        discussion: read_discussion(dir)?,
        written: Vec::new(),
    };
    let text = markdown::render(&report);
    let path = dir.join("report.md");
    write_atomic(&path, &text)?;
    report.written.push(path);
    let path = dir.join(fingerprint::FILE);
    write_atomic(
        &path,
        &fingerprint::Fingerprint::of(dir, options)?.to_json(),
    )?;
    report.written.push(path);
    let summary = dir.join("summary.md");
    if summary.exists() {
        let old = std::fs::read_to_string(&summary).map_err(|source| ReportError::Write {
            path: summary.clone(),
            source,
        })?;
        write_atomic(&summary, &markdown::splice_into_summary(&old, &text))?;
        report.written.push(summary);
    }
    Ok(report)
}

fn read_meta(dir: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("meta.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// The corpus name recorded in `meta.json` (`corpus.name`, else the stem of `corpus.path` or of a
/// plain `corpus` string), else the directory name.
fn corpus_name(dir: &Path) -> String {
    let from_meta = read_meta(dir).and_then(|v| {
        let corpus = v.get("corpus")?;
        if let Some(name) = corpus.get("name").and_then(|n| n.as_str()) {
            return Some(name.to_string());
        }
        let path = corpus
            .as_str()
            .or_else(|| corpus.get("path").and_then(|p| p.as_str()))?;
        Path::new(path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
    });
    from_meta.unwrap_or_else(|| {
        dir.canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|s| s.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "study".into())
    })
}

/// The study's context from `meta.json` (revision, CPU, threads, timing, `--permute` seed), as
/// one line.
fn study_context(dir: &Path) -> Option<String> {
    let v = read_meta(dir)?;
    let field = |k: &str| {
        v.get(k).filter(|x| !x.is_null()).map(|x| match x.as_str() {
            Some(s) => s.to_string(),
            None => x.to_string(),
        })
    };
    let mut parts = Vec::new();
    if let Some(sha) = v
        .get("corpus")
        .and_then(|c| c.get("sha256"))
        .and_then(|s| s.as_str())
    {
        parts.push(format!("corpus SHA-256 `{}…`", &sha[..sha.len().min(16)]));
    }
    for (key, label) in [
        ("git_revision", "git"),
        ("rustc", "compiler"),
        ("cpu_model", "CPU"),
        ("threads", "threads"),
        ("timing", "timing"),
        ("seed", "puzzles permuted with seed"),
    ] {
        if let Some(value) = field(key) {
            parts.push(format!("{label}: {value}"));
        }
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// `DIR/discussion.md`: what a person concluded from the figures and tables. It is written by hand,
/// committed with the report, and never generated, so regenerating the numbers keeps it; the
/// report shows it under "Discussion".
fn read_discussion(dir: &Path) -> Result<Option<String>, ReportError> {
    let path = dir.join("discussion.md");
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(ReportError::Write { path, source }),
    }
}

/// Writes `path` through `<path>.partial` and a rename ([`crate::harness::output::write_atomic`]).
fn write_atomic(path: &Path, text: &str) -> Result<(), ReportError> {
    crate::harness::output::write_atomic(path, text.as_bytes()).map_err(|source| {
        ReportError::Write {
            path: path.to_path_buf(),
            source,
        }
    })
}

/// The stems of every figure [`generate`] may draw (`<stem>.png` and `<stem>.svg`).
pub fn figure_stems() -> Vec<String> {
    let mut stems: Vec<String> = RatingKind::ALL
        .iter()
        .map(|k| plots::nodes_vs_rating_stem(*k))
        .collect();
    stems.extend(
        [
            "nodes-ecdf",
            "time-ecdf",
            "time-vs-nodes",
            "dlx-vs-singles",
            "rating-histograms",
        ]
        .map(String::from),
    );
    stems
}

/// Removes the figures of [`figure_stems`] in `dir` whose stem is not in `keep` (figures of an
/// earlier report that this one does not draw: a solver or a rating no longer in the study).
fn remove_figures(dir: &Path, keep: &[&str]) -> Result<(), ReportError> {
    for stem in figure_stems() {
        if keep.contains(&stem.as_str()) {
            continue;
        }
        for ext in ["png", "svg"] {
            remove_if_there(&dir.join(format!("{stem}.{ext}")))?;
        }
    }
    Ok(())
}

fn remove_if_there(path: &Path) -> Result<(), ReportError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(ReportError::Write {
            path: path.to_path_buf(),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// Removes from a study directory every file derived from an earlier `runs.csv`: `ratings.csv`,
/// `report.md`, the report's fingerprint and its figures (`discussion.md`, written by hand, stays).
/// `dlxlab study` calls it when its new `runs.csv` is complete, so that a re-run into the same
/// directory leaves nothing of the study it replaces: with `--ratings none` no ratings.csv, with
/// `--no-plots` no report.
pub fn supersede(dir: &Path) -> Result<(), ReportError> {
    for name in ["ratings.csv", "report.md", fingerprint::FILE] {
        remove_if_there(&dir.join(name))?;
    }
    remove_figures(dir, &[])
}

fn solver_summaries(data: &StudyData) -> Vec<SolverSummary> {
    use crate::solvers::Status;
    (0..data.solvers.len())
        .map(|s| {
            let mut statuses = [0usize; 6];
            let (mut nodes, mut guesses, mut time) = (Vec::new(), Vec::new(), Vec::new());
            for run in data.runs[s].iter().flatten() {
                let k = match run.status {
                    Status::Unique => 0,
                    Status::Multiple => 1,
                    Status::None => 2,
                    Status::Limit => 3,
                    Status::Invalid => 4,
                    Status::Timeout => 5,
                };
                statuses[k] += 1;
                if plots::finished(run) {
                    // An unreported counter is unknown, not zero: in no median.
                    nodes.extend(run.nodes.map(|n| n as f64));
                    guesses.extend(run.guesses.map(|g| g as f64));
                    time.push(run.time_ns as f64 / 1000.0);
                }
            }
            SolverSummary {
                solver: data.solvers[s].clone(),
                statuses,
                median_nodes: stats::median(&nodes),
                median_guesses: stats::median(&guesses),
                median_time_us: stats::median(&time),
            }
        })
        .collect()
}

/// Every metric against every SE-scale rating present, on the puzzles that have both (finished
/// runs only; `beyond` ranks above every score).
fn correlations(data: &StudyData, config: &BootstrapConfig) -> Vec<CorrelationRow> {
    let Some(ratings) = &data.ratings else {
        return Vec::new();
    };
    let mut metrics: Vec<Metric> = Vec::new();
    for s in &data.solvers {
        metrics.push(Metric::Nodes(s.clone()));
        metrics.push(Metric::Guesses(s.clone()));
    }
    if data.has_rating(RatingKind::DecisionTree) {
        metrics.push(Metric::DecisionTree);
    }
    let kinds: Vec<RatingKind> = [RatingKind::Technique, RatingKind::External]
        .into_iter()
        .filter(|&k| data.has_rating(k))
        .collect();
    let pairs: Vec<(Metric, RatingKind)> = metrics
        .iter()
        .flat_map(|m| kinds.iter().map(move |&k| (m.clone(), k)))
        .collect();
    let metric_value = |m: &Metric, p: usize| -> Option<f64> {
        match m {
            Metric::Nodes(s) | Metric::Guesses(s) => {
                let run = data.runs[data.solver(s)?][p]
                    .as_ref()
                    .filter(|r| plots::finished(r))?;
                Some(if matches!(m, Metric::Nodes(_)) {
                    run.nodes? as f64
                } else {
                    run.guesses? as f64
                })
            }
            Metric::DecisionTree => ratings[p].as_ref()?.decision_tree,
        }
    };
    let samples: Vec<(Vec<f64>, Vec<f64>)> = pairs
        .par_iter()
        .map(|(metric, kind)| {
            (0..data.puzzles())
                .filter_map(|p| {
                    let r = kind.value(ratings[p].as_ref()?)?;
                    Some((metric_value(metric, p)?, r.rank_value()))
                })
                .unzip()
        })
        .collect();
    let slices: Vec<(&[f64], &[f64])> = samples
        .iter()
        .map(|(xs, ys)| (xs.as_slice(), ys.as_slice()))
        .collect();
    // One bootstrap for all pairs: it shares the resampling among samples of equal size
    // (parallel over replicates inside).
    pairs
        .into_iter()
        .zip(stats::correlate_all(&slices, config))
        .map(|((metric, rating), correlation)| CorrelationRow {
            metric,
            rating,
            correlation,
        })
        .collect()
}

fn band_medians(data: &StudyData) -> Option<BandMedians> {
    let rating = [RatingKind::External, RatingKind::Technique]
        .into_iter()
        .find(|&k| data.has_rating(k))?;
    let ratings = data.ratings.as_ref()?;
    let bands: Vec<Option<Band>> = ratings
        .iter()
        .map(|r| r.as_ref().and_then(|r| rating.value(r)).map(Band::of))
        .collect();
    let rows = Band::ALL
        .iter()
        .filter_map(|&band| {
            let members: Vec<usize> = (0..data.puzzles())
                .filter(|&p| bands[p] == Some(band))
                .collect();
            if members.is_empty() {
                return None;
            }
            let medians = data
                .runs
                .iter()
                .map(|runs| {
                    let nodes: Vec<f64> = members
                        .iter()
                        .filter_map(|&p| runs[p].as_ref().filter(|r| plots::finished(r)))
                        .filter_map(|r| r.nodes)
                        .map(|n| n as f64)
                        .collect();
                    stats::median(&nodes)
                })
                .collect();
            Some((band, members.len(), medians))
        })
        .collect();
    Some(BandMedians {
        rating,
        solvers: data.solvers.clone(),
        rows,
    })
}

fn technique_agreement(data: &StudyData) -> Option<Agreement> {
    if !data.has_rating(RatingKind::Technique) || !data.has_rating(RatingKind::External) {
        return None;
    }
    let ratings = data.ratings.as_ref()?;
    Some(agreement::agreement(ratings.iter().flatten().filter_map(
        |r| -> Option<(Rating, f64)> { Some((r.technique?, r.external?)) },
    )))
}
