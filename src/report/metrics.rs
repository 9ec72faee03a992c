//! The difficulty metrics side by side (issue 35, `reports/metrics/`): every rating a study's
//! `ratings.csv` holds (ER, EP, ED, the decision-tree index, the inference level, and the chaos
//! hardness η or HoDoKu's level and score where the file has those columns), beside each solver's
//! search effort from its `runs.csv`, in one Spearman matrix with percentile-bootstrap intervals
//! ([`super::stats::correlate_all`]).
//!
//! A metric is read by its column name, so a column a later rating adds (`hodoku_level`,
//! `hodoku_score`) is picked up when present and skipped when absent. Values that are not numbers
//! are missing, except two ordinal codes: `inference_level` `none` (beyond the top rung) is 6,
//! and a HoDoKu level name is its rank (Easy 1 … Extreme 5). Each coefficient is computed on the
//! puzzles where both metrics are present (pairwise complete); a solver's effort is present only
//! where its run finished (`unique`, `multiple`, `none`): a run stopped by a budget is censored,
//! not a count.
//!
//! "Disagreement" of a puzzle is the spread of its rating metrics' percentile ranks (each
//! metric's mid-rank divided by the puzzles it is present on): the puzzles one metric calls
//! easy and another hard.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::stats::{average_ranks, correlate_all, BootstrapConfig, Correlation};

/// The rating columns read, in the order the tables show them, with their short names.
pub const RATING_COLUMNS: [(&str, &str); 9] = [
    ("technique_rating", "ER"),
    ("pearl_rating", "EP"),
    ("diamond_rating", "ED"),
    ("external_rating", "corpus rating"),
    ("decision_tree", "decision tree"),
    ("inference_level", "inference level"),
    ("eta", "η (chaos)"),
    ("hodoku_level", "HoDoKu level"),
    ("hodoku_score", "HoDoKu score"),
];

/// HoDoKu's level names, easiest first (their rank is the value).
const HODOKU_LEVELS: [&str; 5] = ["easy", "medium", "hard", "unfair", "extreme"];

/// One metric over the puzzles of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    /// The column it comes from (`technique_rating`, `nodes:dlx`, `guesses:dlx`).
    pub column: String,
    /// The name the tables show.
    pub label: String,
    /// Its value per puzzle (the table's order), `None` where missing.
    pub values: Vec<Option<f64>>,
}

impl Metric {
    /// Puzzles where it is present.
    pub fn present(&self) -> usize {
        self.values.iter().flatten().count()
    }
}

/// The metrics of one corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct MetricTable {
    /// The corpus's name in the report.
    pub name: String,
    /// Corpus line of each puzzle.
    pub lines: Vec<u64>,
    /// Each puzzle.
    pub puzzles: Vec<String>,
    /// The rating metrics present on at least two puzzles, in [`RATING_COLUMNS`] order.
    pub ratings: Vec<Metric>,
    /// Each solver's nodes, in solver order of `runs.csv`.
    pub nodes: Vec<Metric>,
    /// Each solver's guesses, in the same order.
    pub guesses: Vec<Metric>,
}

/// Parses a rating cell: a number, `inference_level`'s `none`, or a HoDoKu level name.
fn rating_value(column: &str, text: &str) -> Option<f64> {
    let text = text.trim();
    if let Ok(v) = text.parse::<f64>() {
        return v.is_finite().then_some(v);
    }
    match column {
        "inference_level" if text == "none" => Some(6.0),
        "hodoku_level" => HODOKU_LEVELS
            .iter()
            .position(|l| l.eq_ignore_ascii_case(text))
            .map(|i| i as f64 + 1.0),
        _ => None,
    }
}

fn read_csv(path: &Path) -> Result<(Vec<String>, Vec<Vec<String>>), String> {
    let mut reader =
        csv::Reader::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .iter()
        .map(str::to_string)
        .collect();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("{}: row {}: {e}", path.display(), i + 2))?;
        rows.push(record.iter().map(str::to_string).collect());
    }
    Ok((header, rows))
}

fn column(header: &[String], name: &str, path: &Path) -> Result<usize, String> {
    header
        .iter()
        .position(|h| h == name)
        .ok_or_else(|| format!("{}: no column '{name}'", path.display()))
}

impl MetricTable {
    /// Reads a study directory's `ratings.csv` and `runs.csv`, and joins the rating columns of
    /// each file of `extras` (other ratings files, such as a `rate --chaos` or `rate --hodoku`
    /// run on some of its puzzles) by puzzle string: a column of an extra file fills that metric
    /// where the study's file (and the extra files before it) have none.
    pub fn load(name: &str, dir: &Path, extras: &[PathBuf]) -> Result<MetricTable, String> {
        let ratings_path = dir.join("ratings.csv");
        let (header, rows) = read_csv(&ratings_path)?;
        let line_col = column(&header, "line", &ratings_path)?;
        let puzzle_col = column(&header, "puzzle", &ratings_path)?;
        let mut lines = Vec::with_capacity(rows.len());
        let mut puzzles = Vec::with_capacity(rows.len());
        for row in &rows {
            let line = row[line_col].parse::<u64>().map_err(|e| {
                format!("{}: line '{}': {e}", ratings_path.display(), row[line_col])
            })?;
            lines.push(line);
            puzzles.push(row[puzzle_col].clone());
        }
        let index: HashMap<u64, usize> = lines.iter().enumerate().map(|(i, &l)| (l, i)).collect();
        let extras = extras
            .iter()
            .map(|path| Ok((path, read_csv(path)?)))
            .collect::<Result<Vec<_>, String>>()?;
        let by_puzzle: HashMap<&str, usize> = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.as_str(), i))
            .collect();
        let mut ratings = Vec::new();
        for (col, label) in RATING_COLUMNS {
            let mut values = vec![None; rows.len()];
            if let Some(c) = header.iter().position(|h| h == col) {
                for (v, row) in values.iter_mut().zip(&rows) {
                    *v = rating_value(col, &row[c]);
                }
            }
            for (path, (eh, erows)) in &extras {
                if let Some(c) = eh.iter().position(|h| h == col) {
                    let p = column(eh, "puzzle", path)?;
                    for row in erows {
                        if let Some(&i) = by_puzzle.get(row[p].as_str()) {
                            if values[i].is_none() {
                                values[i] = rating_value(col, &row[c]);
                            }
                        }
                    }
                }
            }
            let metric = Metric {
                column: col.to_string(),
                label: label.to_string(),
                values,
            };
            if metric.present() >= 2 {
                ratings.push(metric);
            }
        }
        let runs_path = dir.join("runs.csv");
        let (rh, rrows) = read_csv(&runs_path)?;
        let (l, s, st, n, g) = (
            column(&rh, "line", &runs_path)?,
            column(&rh, "solver", &runs_path)?,
            column(&rh, "status", &runs_path)?,
            column(&rh, "nodes", &runs_path)?,
            column(&rh, "guesses", &runs_path)?,
        );
        let mut solvers: Vec<String> = Vec::new();
        let mut nodes: Vec<Metric> = Vec::new();
        let mut guesses: Vec<Metric> = Vec::new();
        for row in &rrows {
            let Some(&i) = row[l].parse::<u64>().ok().and_then(|x| index.get(&x)) else {
                continue;
            };
            let k = match solvers.iter().position(|x| *x == row[s]) {
                Some(k) => k,
                None => {
                    solvers.push(row[s].clone());
                    for (list, what) in [(&mut nodes, "nodes"), (&mut guesses, "guesses")] {
                        list.push(Metric {
                            column: format!("{what}:{}", row[s]),
                            label: format!("{} {what}", row[s]),
                            values: vec![None; rows.len()],
                        });
                    }
                    solvers.len() - 1
                }
            };
            if matches!(row[st].as_str(), "unique" | "multiple" | "none") {
                nodes[k].values[i] = row[n].parse().ok();
                guesses[k].values[i] = row[g].parse().ok();
            }
        }
        Ok(MetricTable {
            name: name.to_string(),
            lines,
            puzzles,
            ratings,
            nodes,
            guesses,
        })
    }

    /// The puzzles with the largest spread of percentile ranks over the rating metrics present
    /// on them (at least two), largest first, ties by line: `(index, spread)`.
    pub fn disagreements(&self, count: usize) -> Vec<(usize, f64)> {
        let percentiles: Vec<Vec<Option<f64>>> = self
            .ratings
            .iter()
            .filter(|m| m.column != "external_rating")
            .map(percentile_ranks)
            .collect();
        let mut spread: Vec<(usize, f64)> = (0..self.puzzles.len())
            .filter_map(|i| {
                let ps: Vec<f64> = percentiles.iter().filter_map(|p| p[i]).collect();
                (ps.len() >= 2).then(|| {
                    let hi = ps.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let lo = ps.iter().copied().fold(f64::INFINITY, f64::min);
                    (i, hi - lo)
                })
            })
            .collect();
        spread.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then(self.lines[a.0].cmp(&self.lines[b.0]))
        });
        spread.truncate(count);
        spread
    }
}

/// Each present value's mid-rank over the present values, divided by their count.
fn percentile_ranks(metric: &Metric) -> Vec<Option<f64>> {
    let present: Vec<f64> = metric.values.iter().flatten().copied().collect();
    let ranks = average_ranks(&present);
    let n = present.len() as f64;
    let mut it = ranks.into_iter();
    metric
        .values
        .iter()
        .map(|v| v.map(|_| it.next().unwrap_or(0.0) / n))
        .collect()
}

/// The pairs present in both metrics.
fn paired(a: &Metric, b: &Metric) -> (Vec<f64>, Vec<f64>) {
    a.values
        .iter()
        .zip(&b.values)
        .filter_map(|(x, y)| Some(((*x)?, (*y)?)))
        .unzip()
}

/// Spearman's ρ with its interval for every pair `(rows[i], cols[j])`, row-major.
pub fn matrix(rows: &[Metric], cols: &[Metric], config: &BootstrapConfig) -> Vec<Vec<Correlation>> {
    let pairs: Vec<(Vec<f64>, Vec<f64>)> = rows
        .iter()
        .flat_map(|r| cols.iter().map(move |c| paired(r, c)))
        .collect();
    let samples: Vec<(&[f64], &[f64])> = pairs
        .iter()
        .map(|(x, y)| (x.as_slice(), y.as_slice()))
        .collect();
    let all = correlate_all(&samples, config);
    all.chunks(cols.len().max(1))
        .map(<[Correlation]>::to_vec)
        .collect()
}

/// A cell of a table: `ρ [lo, hi]` (n), or `–` when undefined.
fn cell(c: &Correlation, with_n: bool) -> String {
    let Some(rho) = c.spearman.value else {
        return "–".to_string();
    };
    let mut s = format!("{rho:.2}");
    if let Some(i) = c.spearman.interval {
        let _ = write!(s, " [{:.2}, {:.2}]", i.lo, i.hi);
    }
    if with_n {
        let _ = write!(s, " (n={})", c.n);
    }
    s
}

/// A rating may be named best predictor only if it is present on at least this share of the
/// puzzles of the best-covered rating: a rating known on a part only (η on a few puzzles,
/// HoDoKu's on the puzzles its reproduced steps finish) is correlated over that part, which is not
/// a random one, and would be compared unfairly with ratings known everywhere.
pub const PREDICTOR_COVERAGE: f64 = 0.9;

/// For each effort metric, the rating metric with the largest ρ, its interval, and the runner-up
/// (`None` where no rating is defined against it), among the ratings present on at least
/// [`PREDICTOR_COVERAGE`] of the puzzles of the best-covered one.
pub fn best_predictors(
    table: &[Vec<Correlation>],
    ratings: &[Metric],
    effort: usize,
) -> Option<(usize, Option<usize>)> {
    let full = ratings.iter().map(Metric::present).max().unwrap_or(0) as f64;
    let mut order: Vec<(usize, f64)> = (0..ratings.len())
        .filter(|&r| ratings[r].column != "external_rating")
        .filter(|&r| ratings[r].present() as f64 >= PREDICTOR_COVERAGE * full)
        .filter_map(|r| table[r][effort].spearman.value.map(|v| (r, v)))
        .collect();
    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let first = order.first()?.0;
    Some((first, order.get(1).map(|x| x.0)))
}

/// The markdown section of one corpus: the metrics present, the rating matrix, ratings against
/// each solver's nodes and guesses, the best predictor of each solver's effort, and the puzzles
/// the ratings disagree on most.
pub fn section(t: &MetricTable, config: &BootstrapConfig, disagreements: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "## {}\n", t.name);
    let _ = writeln!(
        md,
        "{} puzzles. Metrics present (puzzles): {}.\n",
        t.puzzles.len(),
        t.ratings
            .iter()
            .map(|m| format!("{} ({})", m.label, m.present()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let square = matrix(&t.ratings, &t.ratings, config);
    let _ = writeln!(
        md,
        "### Spearman's ρ between the ratings [95% bootstrap interval]\n"
    );
    let _ = write!(md, "| |");
    for m in &t.ratings {
        let _ = write!(md, " {} |", m.label);
    }
    let _ = write!(md, "\n|---|");
    for _ in &t.ratings {
        let _ = write!(md, "---|");
    }
    md.push('\n');
    for (i, m) in t.ratings.iter().enumerate() {
        let _ = write!(md, "| {} |", m.label);
        for (j, c) in square[i].iter().enumerate() {
            if j == i {
                let _ = write!(md, " 1 |");
            } else {
                let _ = write!(md, " {} |", cell(c, j < i));
            }
        }
        md.push('\n');
    }
    md.push_str("\n(Below the diagonal: with the puzzles both are present on.)\n\n");
    for (what, effort) in [("nodes", &t.nodes), ("guesses", &t.guesses)] {
        let m = matrix(&t.ratings, effort, config);
        let _ = writeln!(
            md,
            "### Ratings against each solver's {what} (finished runs)\n"
        );
        let _ = write!(md, "| solver |");
        for r in &t.ratings {
            let _ = write!(md, " {} |", r.label);
        }
        let _ = writeln!(md, " best predictor |");
        let _ = write!(md, "|---|");
        for _ in &t.ratings {
            let _ = write!(md, "---|");
        }
        md.push_str("---|\n");
        for (k, e) in effort.iter().enumerate() {
            let solver = e.column.split_once(':').map_or(e.column.as_str(), |x| x.1);
            let _ = write!(md, "| {solver} |");
            for row in &m {
                let _ = write!(md, " {} |", cell(&row[k], false));
            }
            let best = match best_predictors(&m, &t.ratings, k) {
                None => "–".to_string(),
                Some((b, second)) => {
                    let clear = match (second, m[b][k].spearman.interval) {
                        (Some(s), Some(i)) => m[s][k].spearman.value.is_some_and(|v| v < i.lo),
                        _ => false,
                    };
                    format!(
                        "{}{}",
                        t.ratings[b].label,
                        if clear {
                            ""
                        } else {
                            " (runner-up inside its interval)"
                        }
                    )
                }
            };
            let _ = writeln!(md, " {best} |");
        }
        let full = t.ratings.iter().map(Metric::present).max().unwrap_or(0);
        let partial: Vec<String> = t
            .ratings
            .iter()
            .filter(|r| (r.present() as f64) < PREDICTOR_COVERAGE * full as f64)
            .map(|r| format!("{} ({} of {full})", r.label, r.present()))
            .collect();
        if !partial.is_empty() {
            let _ = writeln!(
                md,
                "\nPresent on part of the puzzles only, so correlated over that part (not a random one) and never named best predictor: {}.",
                partial.join(", ")
            );
        }
        md.push('\n');
    }
    let worst = t.disagreements(disagreements);
    if !worst.is_empty() {
        let _ = writeln!(
            md,
            "### Puzzles the ratings disagree on most\n\nSpread of the percentile ranks of the ratings present (ER, EP, ED, decision tree, inference level, η, HoDoKu; the corpus's own rating left out).\n"
        );
        let _ = write!(md, "| line | puzzle | spread |");
        for r in &t.ratings {
            let _ = write!(md, " {} |", r.label);
        }
        let _ = write!(md, "\n|---|---|---|");
        for _ in &t.ratings {
            let _ = write!(md, "---|");
        }
        md.push('\n');
        for (i, spread) in worst {
            let _ = write!(md, "| {} | `{}` | {spread:.2} |", t.lines[i], t.puzzles[i]);
            for r in &t.ratings {
                match r.values[i] {
                    Some(v) => {
                        let _ = write!(md, " {} |", trim(v));
                    }
                    None => md.push_str(" |"),
                }
            }
            md.push('\n');
        }
        md.push('\n');
    }
    md
}

/// A value in its shortest form (`3`, `7.2`, `0.1234`).
fn trim(v: f64) -> String {
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric(column: &str, values: &[Option<f64>]) -> Metric {
        Metric {
            column: column.to_string(),
            label: column.to_string(),
            values: values.to_vec(),
        }
    }

    #[test]
    fn ordinal_codes_and_missing_values() {
        assert_eq!(rating_value("inference_level", "none"), Some(6.0));
        assert_eq!(rating_value("inference_level", "3"), Some(3.0));
        assert_eq!(rating_value("hodoku_level", "Unfair"), Some(4.0));
        assert_eq!(rating_value("technique_rating", "beyond"), None);
        assert_eq!(rating_value("eta", ""), None);
    }

    #[test]
    fn the_matrix_pairs_only_puzzles_present_in_both() {
        let a = metric("a", &[Some(1.0), Some(2.0), Some(3.0), None, Some(5.0)]);
        let b = metric("b", &[Some(10.0), Some(20.0), Some(30.0), Some(0.0), None]);
        let config = BootstrapConfig {
            replicates: 50,
            ..BootstrapConfig::default()
        };
        let m = matrix(&[a], &[b], &config);
        assert_eq!(m[0][0].n, 3);
        assert_eq!(m[0][0].spearman.value, Some(1.0));
    }

    #[test]
    fn a_rating_known_on_part_of_the_puzzles_is_never_the_best_predictor() {
        // `part` follows the effort exactly on the four puzzles it covers; `full` less well on
        // all ten. `part` has the larger ρ but covers 40% of the puzzles: `full` is named.
        let effort: Vec<Option<f64>> = (0..10).map(|i| Some(f64::from(i))).collect();
        let full: Vec<Option<f64>> = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8]
            .iter()
            .map(|&v| Some(f64::from(v)))
            .collect();
        let part: Vec<Option<f64>> = (0..10).map(|i| (i < 4).then_some(f64::from(i))).collect();
        let ratings = [metric("full", &full), metric("part", &part)];
        let config = BootstrapConfig {
            replicates: 50,
            ..BootstrapConfig::default()
        };
        let m = matrix(&ratings, &[metric("nodes:x", &effort)], &config);
        assert!(m[1][0].spearman.value > m[0][0].spearman.value);
        assert_eq!(best_predictors(&m, &ratings, 0), Some((0, None)));
    }

    #[test]
    fn disagreement_is_the_spread_of_percentile_ranks() {
        let t = MetricTable {
            name: "t".into(),
            lines: vec![1, 2, 3, 4],
            puzzles: vec!["p1".into(), "p2".into(), "p3".into(), "p4".into()],
            ratings: vec![
                metric(
                    "technique_rating",
                    &[Some(1.0), Some(2.0), Some(3.0), Some(4.0)],
                ),
                metric(
                    "decision_tree",
                    &[Some(4.0), Some(2.0), Some(3.0), Some(1.0)],
                ),
            ],
            nodes: vec![],
            guesses: vec![],
        };
        let d = t.disagreements(2);
        // Puzzles 1 and 4 are ranked at opposite ends: spread 1 − 1/4 each; line order breaks
        // the tie.
        assert_eq!(d, vec![(0, 0.75), (3, 0.75)]);
    }
}
