//! `summary.md`: per-solver statistics, the reconciliation of rows with input lines, and the solver
//! agreement check — built from the rows alone (plus the line counts), so a study, a resumed study
//! and a merge of shards all produce it the same way.

use std::fmt::Write as _;

use crate::corpus::LineCounts;
use crate::solvers::Status;

use super::meta::Meta;
use super::Row;
use crate::report::check::{MEASURED_BEGIN, MEASURED_END};
use crate::report::stats::quantile_sorted;

const STATUSES: [Status; 6] = [
    Status::Unique,
    Status::Multiple,
    Status::None,
    Status::Limit,
    Status::Invalid,
    Status::Timeout,
];

/// Picks one sample of a solver's statistics.
type Column = fn(&SolverStats) -> &[u64];

/// Picks how many rows a sample leaves out because the solver did not report the value.
type Unknown = fn(&SolverStats) -> u64;

/// At most this many disagreeing lines are listed by line number (all are counted).
pub const MAX_LISTED_DISAGREEMENTS: usize = 50;

/// Per-solver accumulators.
#[derive(Clone, Debug, Default)]
pub struct SolverStats {
    /// Registry name.
    pub name: String,
    /// Rows (puzzle lines) of this solver.
    pub rows: u64,
    /// Rows by status, in the order unique, multiple, none, limit, invalid, timeout.
    pub statuses: [u64; 6],
    /// Rows that record a solver failure.
    pub errors: u64,
    /// Rows with status unique and no guess (rows whose guesses are unknown are not counted).
    pub unique_without_guessing: u64,
    /// Nodes of every row where the solver ran (status not invalid) and reported them.
    pub nodes: Vec<u64>,
    /// Guesses of the rows where the solver ran and reported them.
    pub guesses: Vec<u64>,
    /// Rows where the solver ran but did not report its nodes (an external program without
    /// `nodes=`): unknown, so in no statistic.
    pub nodes_unknown: u64,
    /// Rows where the solver ran but did not report its guesses.
    pub guesses_unknown: u64,
    /// `time_ns` of the same rows.
    pub times: Vec<u64>,
}

/// Mean, median, 90th and 99th percentile (R's type 7, as the report's) and maximum of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// Arithmetic mean.
    pub mean: f64,
    /// 50th percentile.
    pub median: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Maximum.
    pub max: u64,
}

impl Spread {
    /// The spread of `values` (all zero when empty). Percentiles are those of the report
    /// ([`quantile_sorted`], linear interpolation between order statistics, R's type 7), so a
    /// median here is the median there: with an even count, the mean of the two middle values.
    pub fn of(values: &[u64]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let sorted_f: Vec<f64> = sorted.iter().map(|&v| v as f64).collect();
        Spread {
            mean: sorted_f.iter().sum::<f64>() / sorted.len() as f64,
            median: quantile_sorted(&sorted_f, 0.5),
            p90: quantile_sorted(&sorted_f, 0.9),
            p99: quantile_sorted(&sorted_f, 0.99),
            max: sorted[sorted.len() - 1],
        }
    }
}

/// Collects rows (in line order) into a [`Summary`].
#[derive(Debug, Default)]
pub struct SummaryBuilder {
    solvers: Vec<SolverStats>,
    rows: u64,
    statuses: [u64; 6],
    group_line: u64,
    group: Vec<(String, Status, String)>,
    disagreements: u64,
    listed: Vec<String>,
    out_of_order: bool,
    digest: super::digest::PuzzleDigest,
}

fn status_index(status: Status) -> usize {
    STATUSES
        .iter()
        .position(|&s| s == status)
        .expect("every status is listed")
}

impl SummaryBuilder {
    /// A builder that lists these solvers first, in this order (others are added as seen).
    pub fn new(solvers: &[&str]) -> SummaryBuilder {
        SummaryBuilder {
            solvers: solvers
                .iter()
                .map(|name| SolverStats {
                    name: name.to_string(),
                    ..SolverStats::default()
                })
                .collect(),
            ..SummaryBuilder::default()
        }
    }

    /// Adds one row. Rows must come in line order (checked; see [`Summary::in_order`]).
    pub fn add(&mut self, row: &Row) {
        if row.line != self.group_line {
            if row.line < self.group_line {
                self.out_of_order = true;
            }
            self.close_group();
            self.group_line = row.line;
        }
        self.digest.add(row.line, &row.puzzle);
        self.rows += 1;
        self.statuses[status_index(row.status)] += 1;
        let k = match self.solvers.iter().position(|s| s.name == row.solver) {
            Some(k) => k,
            None => {
                self.solvers.push(SolverStats {
                    name: row.solver.clone(),
                    ..SolverStats::default()
                });
                self.solvers.len() - 1
            }
        };
        let s = &mut self.solvers[k];
        s.rows += 1;
        s.statuses[status_index(row.status)] += 1;
        if row.is_solver_error() {
            s.errors += 1;
        }
        if row.status == Status::Unique && row.guesses == Some(0) {
            s.unique_without_guessing += 1;
        }
        if row.status != Status::Invalid {
            match row.nodes {
                Some(n) => s.nodes.push(n),
                None => s.nodes_unknown += 1,
            }
            match row.guesses {
                Some(g) => s.guesses.push(g),
                None => s.guesses_unknown += 1,
            }
            s.times.push(row.time_ns);
        }
        // Only settled answers take part in the agreement check: a limit says nothing, an invalid
        // row ran nothing, and a row with a solver error is already a failure of its own.
        if matches!(row.status, Status::Unique | Status::Multiple | Status::None)
            && row.error.is_empty()
        {
            let solution = if row.status == Status::Unique {
                row.solution.clone()
            } else {
                String::new()
            };
            self.group.push((row.solver.clone(), row.status, solution));
        }
    }

    fn close_group(&mut self) {
        let group = std::mem::take(&mut self.group);
        let Some((_, status0, solution0)) = group.first() else {
            return;
        };
        if group
            .iter()
            .any(|(_, st, sol)| st != status0 || sol != solution0)
        {
            self.disagreements += 1;
            if self.listed.len() < MAX_LISTED_DISAGREEMENTS {
                let answers: Vec<String> = group
                    .iter()
                    .map(|(name, st, sol)| {
                        if sol.is_empty() {
                            format!("{name}: {st}")
                        } else {
                            format!("{name}: {st} {sol}")
                        }
                    })
                    .collect();
                self.listed
                    .push(format!("line {}: {}", self.group_line, answers.join("; ")));
            }
        }
    }

    /// Finishes with the line counts of the input.
    pub fn finish(mut self, counts: LineCounts) -> Summary {
        self.close_group();
        Summary {
            solvers: self.solvers,
            rows: self.rows,
            statuses: self.statuses,
            counts,
            disagreements: self.disagreements,
            listed: self.listed,
            in_order: !self.out_of_order,
            puzzles_sha256: self.digest.finish(),
        }
    }
}

/// The statistics of a study.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Per solver, in registry order.
    pub solvers: Vec<SolverStats>,
    /// Rows.
    pub rows: u64,
    /// Rows by status (unique, multiple, none, limit, invalid, timeout).
    pub statuses: [u64; 6],
    /// Lines of the input, by kind.
    pub counts: LineCounts,
    /// Lines where solvers with settled answers disagree on status or (for unique) solution.
    pub disagreements: u64,
    /// The first [`MAX_LISTED_DISAGREEMENTS`] of them, described.
    pub listed: Vec<String>,
    /// Rows came in line order.
    pub in_order: bool,
    /// The SHA-256 of the puzzle lines of the rows ([`super::digest::PuzzleDigest`]).
    pub puzzles_sha256: String,
}

impl Summary {
    /// Rows expected: every puzzle line once per solver.
    pub fn expected_rows(&self) -> u64 {
        self.counts.puzzle_lines * self.solvers.len() as u64
    }

    /// The rows account for the input exactly: the input lines add up by kind, rows = puzzle lines
    /// x solvers, each solver has one row per puzzle line, the statuses sum to the rows, and the
    /// rows came in line order.
    pub fn reconciled(&self) -> bool {
        self.counts.consistent()
            && self.in_order
            && self.rows == self.expected_rows()
            && self
                .solvers
                .iter()
                .all(|s| s.rows == self.counts.puzzle_lines)
            && self.statuses.iter().sum::<u64>() == self.rows
    }

    /// Rows that record a solver failure.
    pub fn solver_errors(&self) -> u64 {
        self.solvers.iter().map(|s| s.errors).sum()
    }

    /// The markdown report.
    pub fn to_markdown(&self, meta: &Meta) -> String {
        let mut md = String::new();
        let _ = writeln!(md, "# Study: {}\n", meta.corpus.name);
        let _ = writeln!(
            md,
            "- corpus: `{}` (SHA-256 `{}`, {} bytes)",
            meta.corpus.path, meta.corpus.sha256, meta.corpus.bytes
        );
        if let Some(shard) = meta.shard {
            let _ = writeln!(md, "- shard: {shard}");
        }
        if !meta.merged_from.is_empty() {
            let _ = writeln!(md, "- merged from: {}", meta.merged_from.join(", "));
        }
        // The revision, machine and times are measured, not reproducible: `dlxlab report --check`
        // skips what sits between these markers.
        let _ = writeln!(md, "{MEASURED_BEGIN}");
        let _ = writeln!(
            md,
            "- dlxlab {} at {}; {}; CPU: {}; threads: {}; timing: {}",
            meta.dlxlab_version,
            meta.git_revision.as_deref().unwrap_or("unknown revision"),
            meta.rustc.as_deref().unwrap_or("rustc unknown"),
            meta.cpu_model.as_deref().unwrap_or("unknown"),
            meta.threads,
            meta.timing
        );
        let _ = writeln!(md, "- started {}, finished {}", meta.started, meta.finished);
        let _ = writeln!(md, "{MEASURED_END}");
        let limits: Vec<String> = meta
            .solvers
            .iter()
            .map(|s| {
                format!(
                    "{} (max nodes {}, max ms {}, max solutions {})",
                    s.name,
                    s.max_nodes.map_or("-".to_string(), |n| n.to_string()),
                    s.max_ms.map_or("-".to_string(), |n| n.to_string()),
                    if s.max_solutions == 0 {
                        "all".to_string()
                    } else {
                        s.max_solutions.to_string()
                    }
                )
            })
            .collect();
        let _ = writeln!(md, "- limits: {}\n", limits.join("; "));

        md.push_str("## Statuses\n\n");
        // `timeout` (an external program that did not answer in time) has a column only where
        // a row timed out, so that studies of built-in solvers read as they always have.
        let timeouts = self.statuses[5] > 0;
        let (head, rule) = if timeouts {
            (" timeout |", "---:|")
        } else {
            ("", "")
        };
        let _ = writeln!(md, "| solver | puzzles | unique | multiple | none | limit | invalid |{head} solver errors | unique without guessing |");
        let _ = writeln!(md, "|---|---:|---:|---:|---:|---:|---:|{rule}---:|---:|");
        for s in &self.solvers {
            // Over the rows whose guesses are known: an unreported count is not a zero.
            let known = s.rows - s.guesses_unknown;
            let share = if s.guesses_unknown > 0 && s.guesses.is_empty() {
                "unknown".to_string()
            } else if known > 0 {
                format!(
                    "{:.1}%",
                    100.0 * s.unique_without_guessing as f64 / known as f64
                )
            } else {
                format!("{:.1}%", 0.0)
            };
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} |{} {} | {} |",
                s.name,
                s.rows,
                s.statuses[0],
                s.statuses[1],
                s.statuses[2],
                s.statuses[3],
                s.statuses[4],
                if timeouts {
                    format!(" {} |", s.statuses[5])
                } else {
                    String::new()
                },
                s.errors,
                share,
            );
        }
        let tables: [(&str, Column, Unknown, f64); 3] = [
            ("Nodes", |s| &s.nodes, |s| s.nodes_unknown, 1.0),
            ("Guesses", |s| &s.guesses, |s| s.guesses_unknown, 1.0),
            ("Time per puzzle (µs)", |s| &s.times, |_| 0, 1e-3),
        ];
        for (title, values, unknown, scale) in tables {
            let measured = scale != 1.0;
            if measured {
                let _ = write!(md, "\n{MEASURED_BEGIN}\n");
            }
            let _ = writeln!(
                md,
                "\n## {title}\n\nOver the rows where the solver ran (status not invalid).\n"
            );
            md.push_str(
                "| solver | mean | median | p90 | p99 | max |\n|---|---:|---:|---:|---:|---:|\n",
            );
            for s in &self.solvers {
                if values(s).is_empty() && unknown(s) > 0 {
                    let _ = writeln!(
                        md,
                        "| {} | unknown | unknown | unknown | unknown | unknown |",
                        s.name
                    );
                    continue;
                }
                let sp = Spread::of(values(s));
                let f = |v: f64| {
                    if scale != 1.0 {
                        format!("{:.1}", v * scale)
                    } else if v.fract() == 0.0 || v >= 100.0 {
                        format!("{v:.0}")
                    } else {
                        format!("{v:.1}")
                    }
                };
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} | {} | {} |",
                    s.name,
                    if scale == 1.0 {
                        format!("{:.1}", sp.mean)
                    } else {
                        f(sp.mean)
                    },
                    f(sp.median),
                    f(sp.p90),
                    f(sp.p99),
                    f(sp.max as f64)
                );
            }
            if measured {
                md.push_str("\n| solver | throughput (puzzles/s, one thread) |\n|---|---:|\n");
                for s in &self.solvers {
                    let secs = s.times.iter().sum::<u64>() as f64 / 1e9;
                    let ran = s.times.len() as f64;
                    let throughput = if secs > 0.0 { ran / secs } else { 0.0 };
                    let _ = writeln!(md, "| {} | {throughput:.0} |", s.name);
                }
                let _ = writeln!(md, "{MEASURED_END}");
            }
        }

        let c = &self.counts;
        md.push_str("\n## Reconciliation\n\n");
        let _ = writeln!(
            md,
            "- input lines: {} = comment lines {} + blank lines {} + puzzle lines {} ({})",
            c.input_lines,
            c.comment_lines,
            c.blank_lines,
            c.puzzle_lines,
            if c.consistent() {
                "adds up"
            } else {
                "does NOT add up"
            }
        );
        let _ = writeln!(
            md,
            "- puzzle lines that are not valid puzzles: {}",
            c.invalid_lines
        );
        let _ = writeln!(
            md,
            "- rows: {} (expected puzzle lines {} x solvers {} = {})",
            self.rows,
            c.puzzle_lines,
            self.solvers.len(),
            self.expected_rows()
        );
        let _ = writeln!(
            md,
            "- statuses: unique {} + multiple {} + none {} + limit {} + invalid {}{} = {}",
            self.statuses[0],
            self.statuses[1],
            self.statuses[2],
            self.statuses[3],
            self.statuses[4],
            if self.statuses[5] > 0 {
                format!(" + timeout {}", self.statuses[5])
            } else {
                String::new()
            },
            self.statuses.iter().sum::<u64>()
        );
        let _ = writeln!(
            md,
            "- rows in line order: {}",
            if self.in_order { "yes" } else { "no" }
        );
        let _ = writeln!(
            md,
            "- reconciled: {}",
            if self.reconciled() { "yes" } else { "no" }
        );

        md.push_str("\n## Solver agreement\n\n");
        let _ = writeln!(
            md,
            "Solvers with a settled answer (unique, multiple or none, no error) must agree on the status, and on the solution when it is unique.\n"
        );
        let _ = writeln!(
            md,
            "- solver errors (invalid or inconsistent answers): {}",
            self.solver_errors()
        );
        let _ = writeln!(md, "- lines where solvers disagree: {}", self.disagreements);
        for item in &self.listed {
            let _ = writeln!(md, "  - {item}");
        }
        if self.disagreements > self.listed.len() as u64 {
            let _ = writeln!(
                md,
                "  - ... and {} more",
                self.disagreements - self.listed.len() as u64
            );
        }
        md
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_the_reports() {
        let v: Vec<u64> = (1..=100).collect();
        let s = Spread::of(&v);
        // Type 7: the median of an even count is the mean of the two middle values.
        assert_eq!((s.median, s.max), (50.5, 100));
        assert!((s.p90 - 90.1).abs() < 1e-9 && (s.p99 - 99.01).abs() < 1e-9);
        let f: Vec<f64> = v.iter().map(|&x| x as f64).collect();
        assert_eq!(s.median, crate::report::stats::median(&f));
        assert_eq!(s.mean, 50.5);
        assert_eq!(Spread::of(&[7]).p99, 7.0);
        assert_eq!(Spread::of(&[]), Spread::default());
    }
}
