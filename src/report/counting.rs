//! The counting report's figures (reports/counting, issue 24), drawn from the CSVs that
//! `scripts/counting-report.sh` writes: `results.csv` (one row per problem and engine: solutions,
//! nodes, cache entries, seconds) and, when Knuth's DLX6 ran, `dlx6.csv` (medians of alternating
//! whole-process rounds).
//!
//! Three figures, one row per problem, log scales with a line at 1:
//! - `counting-time`: the memo engine's time over dancing links', dancing cells' and DLX6's;
//! - `counting-nodes`: its search nodes over theirs;
//! - `counting-reuse`: solutions per distinct subproblem (cache entry) — the cache wins where
//!   this is large, and only costs where it is near 1.
//!
//! A run that timed out has no number (`>S` in the CSV), so its ratios are left out; the tables
//! say which.

use std::collections::BTreeMap;
use std::path::Path;

use crate::report::plots::{ratio_rows, EnginesFigure, Figure, RatioSeries};

/// One line of `results.csv`; `None` where the run did not say (a timeout, or not this engine's).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The problem's name.
    pub problem: String,
    /// `dlx`, `dc` or `memo`.
    pub engine: String,
    /// Solutions (as a float: only ratios are drawn).
    pub solutions: Option<f64>,
    /// Search nodes.
    pub nodes: Option<f64>,
    /// Cache entries (memo only): the distinct subproblems searched.
    pub cache_entries: Option<f64>,
    /// Whole-process seconds.
    pub seconds: Option<f64>,
}

/// One line of `dlx6.csv`: the memo engine and DLX6, whole process, median seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Versus {
    /// The problem's name.
    pub problem: String,
    /// The memo engine's median seconds.
    pub memo_s: f64,
    /// DLX6's median seconds.
    pub dlx6_s: f64,
}

fn number(s: &str) -> Option<f64> {
    s.parse().ok()
}

/// Reads `results.csv`.
pub fn read_results(text: &str) -> Result<Vec<Row>, csv::Error> {
    let mut rows = Vec::new();
    for r in csv::Reader::from_reader(text.as_bytes()).records() {
        let r = r?;
        let f = |i: usize| r.get(i).unwrap_or("");
        rows.push(Row {
            problem: f(0).to_string(),
            engine: f(1).to_string(),
            solutions: number(f(2)),
            nodes: number(f(3)),
            cache_entries: number(f(4)),
            seconds: number(f(6)),
        });
    }
    Ok(rows)
}

/// Reads `dlx6.csv` (rows without both medians are skipped).
pub fn read_versus(text: &str) -> Result<Vec<Versus>, csv::Error> {
    let mut rows = Vec::new();
    for r in csv::Reader::from_reader(text.as_bytes()).records() {
        let r = r?;
        let f = |i: usize| number(r.get(i).unwrap_or(""));
        if let (Some(memo_s), Some(dlx6_s)) = (f(7), f(8)) {
            rows.push(Versus {
                problem: r.get(0).unwrap_or("").to_string(),
                memo_s,
                dlx6_s,
            });
        }
    }
    Ok(rows)
}

/// `a / b` when both are known and positive.
fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if a > 0.0 && b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// Draws the three figures into `dir`.
pub fn figures(rows: &[Row], versus: &[Versus], dir: &Path) -> Result<Vec<Figure>, String> {
    // Problems in the order of the CSV; per problem, its rows by engine.
    let mut order: Vec<&str> = Vec::new();
    let mut by: BTreeMap<(&str, &str), &Row> = BTreeMap::new();
    for r in rows {
        if !order.contains(&r.problem.as_str()) {
            order.push(&r.problem);
        }
        by.insert((r.problem.as_str(), r.engine.as_str()), r);
    }
    let get = |p: &str, e: &str| by.get(&(p, e)).copied();
    let field = |p: &str, e: &str, f: fn(&Row) -> Option<f64>| get(p, e).and_then(f);
    let names: Vec<String> = order.iter().map(|p| p.to_string()).collect();
    let series = |label: &str, values: Vec<Option<f64>>| RatioSeries {
        label: label.to_string(),
        ratios: values,
    };

    let time_of = |p: &str, e: &str| field(p, e, |r| r.seconds);
    let dlx6 = |p: &str| versus.iter().find(|v| v.problem == p);
    let mut time = vec![
        series(
            "memo / dancing links",
            order
                .iter()
                .map(|p| ratio(time_of(p, "memo"), time_of(p, "dlx")))
                .collect(),
        ),
        series(
            "memo / dancing cells",
            order
                .iter()
                .map(|p| ratio(time_of(p, "memo"), time_of(p, "dc")))
                .collect(),
        ),
        series(
            "memo / Knuth's DLX6 (median of alternating rounds)",
            order
                .iter()
                .map(|p| dlx6(p).and_then(|v| ratio(Some(v.memo_s), Some(v.dlx6_s))))
                .collect(),
        ),
    ];
    time.retain(|s| s.ratios.iter().any(Option::is_some));
    let nodes_of = |p: &str, e: &str| field(p, e, |r| r.nodes);
    let nodes = vec![
        series(
            "memo / dancing links",
            order
                .iter()
                .map(|p| ratio(nodes_of(p, "memo"), nodes_of(p, "dlx")))
                .collect(),
        ),
        series(
            "memo / dancing cells",
            order
                .iter()
                .map(|p| ratio(nodes_of(p, "memo"), nodes_of(p, "dc")))
                .collect(),
        ),
    ];
    let reuse = vec![series(
        "solutions / cache entries",
        order
            .iter()
            .map(|p| {
                ratio(
                    field(p, "memo", |r| r.solutions),
                    field(p, "memo", |r| r.cache_entries),
                )
            })
            .collect(),
    )];

    let specs = [
        (
            "counting-time",
            "Whole-process time of the memo engine against the others",
            "left of the line: memo is faster",
            "time of memo / time of the other (log scale)",
            "equal time",
            time,
            "Time of the memo engine over dancing links', dancing cells' and DLX6's, per problem (whole process; runs past the timeout left out)",
        ),
        (
            "counting-nodes",
            "Search nodes of the memo engine against enumeration",
            "left of the line: the cache saves nodes",
            "nodes of memo / nodes of the other (log scale)",
            "equal nodes",
            nodes,
            "Search nodes of the memo engine over dancing links' and dancing cells', per problem",
        ),
        (
            "counting-reuse",
            "Solutions per distinct subproblem",
            "right of the line: each subproblem stands for many solutions (the cache wins)",
            "solutions / cache entries of the memo engine (log scale)",
            "one solution per subproblem",
            reuse,
            "Solutions per distinct subproblem the memo engine searched (its cache entries), per problem",
        ),
    ];
    let mut out = Vec::new();
    for (stem, title, note, x_label, reference, series, caption) in specs {
        if series.iter().all(|s| s.ratios.iter().all(Option::is_none)) {
            continue;
        }
        let fig = EnginesFigure {
            title: title.into(),
            note: note.into(),
            x_label: x_label.into(),
            reference: Some(reference.into()),
            rows: names.clone(),
            series,
        };
        ratio_rows(&fig, dir, stem).map_err(|e| e.to_string())?;
        out.push(Figure {
            stem: stem.into(),
            caption: caption.into(),
        });
    }
    Ok(out)
}

/// Reads `DIR/results.csv` (and `DIR/dlx6.csv` when present) and draws the figures into `DIR`.
pub fn write(dir: &Path) -> Result<Vec<Figure>, String> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name));
    let results = read("results.csv").map_err(|e| format!("results.csv: {e}"))?;
    let rows = read_results(&results).map_err(|e| format!("results.csv: {e}"))?;
    let versus = match read("dlx6.csv") {
        Ok(text) => read_versus(&text).map_err(|e| format!("dlx6.csv: {e}"))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("dlx6.csv: {e}")),
    };
    figures(&rows, &versus, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESULTS: &str = "\
problem,engine,solutions,nodes,cache_entries,zdd_nodes,seconds,max_rss_kib
dominoes 8x8,dlx,12988816,40000000,-,-,>60,5000
dominoes 8x8,dc,12988816,30000000,-,-,20.5,5000
dominoes 8x8,memo,12988816,2317,1700,2316,0.004,5000
queens 8,dlx,92,1101,-,-,0.002,5000
queens 8,memo,92,1101,900,467,0.003,5000
";

    #[test]
    fn reads_and_draws() {
        let rows = read_results(RESULTS).unwrap();
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0].seconds, None, "a timeout has no time");
        assert_eq!(rows[2].cache_entries, Some(1700.0));
        let versus =
            read_versus("problem,solutions,a,b,c,d,e,memo_s_median,dlx6_s_median\nqueens 8,92,1,1,1,1,1,0.003,0.002\n")
                .unwrap();
        assert_eq!(versus[0].dlx6_s, 0.002);
        let dir = tempfile::tempdir().unwrap();
        let figs = figures(&rows, &versus, dir.path()).unwrap();
        let stems: Vec<&str> = figs.iter().map(|f| f.stem.as_str()).collect();
        assert_eq!(stems, ["counting-time", "counting-nodes", "counting-reuse"]);
        for s in stems {
            for ext in ["png", "svg"] {
                assert!(
                    dir.path()
                        .join(format!("{s}.{ext}"))
                        .metadata()
                        .unwrap()
                        .len()
                        > 1000
                );
            }
        }
    }
}
