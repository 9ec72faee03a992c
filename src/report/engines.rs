//! The engines report (`dlxlab engines`): `engines.csv` (one row per problem x engine), the
//! generated tables of `results.md` and the figure `engines-time`. The hand-written discussion
//! lives beside them in `README.md` and is never overwritten.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::harness::output::write_atomic;
use crate::report::plots::{engines_time, EnginesFigure, Figure, PlotError, RatioSeries};
use crate::xc::compare::process::PeerBuild;
use crate::xc::compare::Measurement;

/// The CSV header; the columns are documented in `docs/xc-engine.md`.
pub const CSV_HEADER: [&str; 12] = [
    "problem",
    "engine",
    "implementation",
    "scope",
    "solutions",
    "nodes",
    "updates",
    "mems",
    "time_ns",
    "repeats",
    "times_ns",
    "cpu_ns",
];

/// `engines.csv` as bytes.
pub fn csv(rows: &[Measurement]) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(CSV_HEADER)?;
    for m in rows {
        let times: Vec<String> = m.times_ns.iter().map(u64::to_string).collect();
        w.write_record([
            m.case.clone(),
            m.engine.clone(),
            m.implementation.clone(),
            m.scope.to_string(),
            m.solutions.to_string(),
            m.nodes.to_string(),
            m.updates.to_string(),
            m.mems.map(|x| x.to_string()).unwrap_or_default(),
            m.time_ns.to_string(),
            m.times_ns.len().to_string(),
            times.join(" "),
            m.cpu_ns.map(|x| x.to_string()).unwrap_or_default(),
        ])?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Milliseconds with three significant digits.
fn ms(ns: u64) -> String {
    let v = ns as f64 / 1e6;
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// The rows of one problem, by engine name.
fn by_problem(rows: &[Measurement]) -> Vec<(String, BTreeMap<&str, &Measurement>)> {
    let mut order: Vec<String> = Vec::new();
    let mut map: BTreeMap<String, BTreeMap<&str, &Measurement>> = BTreeMap::new();
    for m in rows {
        if !map.contains_key(&m.case) {
            order.push(m.case.clone());
        }
        map.entry(m.case.clone())
            .or_default()
            .insert(m.engine.as_str(), m);
    }
    order
        .into_iter()
        .map(|p| {
            let v = map.remove(&p).unwrap_or_default();
            (p, v)
        })
        .collect()
}

/// The median over rounds of `a`'s time over `b`'s time in the same round (whole processes run in
/// alternating rounds, so their `k`-th times are paired; see [`crate::xc::compare::process`]).
fn paired_ratio(a: Option<&Measurement>, b: Option<&Measurement>) -> Option<f64> {
    let (a, b) = (a?, b?);
    let mut r: Vec<f64> = a
        .times_ns
        .iter()
        .zip(&b.times_ns)
        .filter(|(_, &y)| y > 0)
        .map(|(&x, &y)| x as f64 / y as f64)
        .collect();
    if r.is_empty() {
        return None;
    }
    r.sort_by(f64::total_cmp);
    Some(r[(r.len() - 1) / 2])
}

fn ratio(a: Option<&&Measurement>, b: Option<&&Measurement>) -> Option<f64> {
    let (a, b) = (a?, b?);
    (b.time_ns > 0).then(|| a.time_ns as f64 / b.time_ns as f64)
}

/// A markdown table of how Knuth's programs were built (from their `BUILD.txt`), for the header
/// of `results.md`.
pub fn builds_markdown(builds: &[PeerBuild]) -> String {
    let mut s = String::from(
        "Knuth's programs, tangled from his CWEB sources and compiled by `scripts/peers/knuth.sh` \
         (its `BUILD.txt`):\n\n\
         | program | source SHA-256 | gb_flip.w SHA-256 | compiler | flags | tangled by |\n\
         |---|---|---|---|---|---|\n",
    );
    let short = |h: &str| h.get(..12).map_or(h.to_string(), |x| format!("`{x}…`"));
    for b in builds {
        let _ = writeln!(
            s,
            "| {} | {} {} | {} | {} | `{}` | {} |",
            b.program,
            b.source,
            short(&b.source_sha256),
            short(&b.gb_flip_sha256),
            b.compiler,
            b.flags,
            b.tangled_by
        );
    }
    s
}

/// The tables of `results.md`. `header` is placed first (how the run was made).
pub fn markdown(header: &str, rows: &[Measurement]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Engines: generated results\n\n{header}\n");
    s.push_str(
        "## In-process, search only (single thread)\n\n\
         Times are medians in milliseconds. `dlx` is what `--engine dlx` runs (the uniform fast \
         path where the problem allows it), `dlx-general` the general dancing links (the dlx1/dlx2 \
         port) on the same problem; `dc` is dancing cells. Nodes: dlx1's definition for dlx, \
         SSXC1's for dc (a choice that empties a primary item is not a node).\n\n\
         | problem | solutions | dlx nodes | dc nodes | dlx updates | dc updates | dc mems | dlx ms | dlx-general ms | dc ms | dc / dlx | dc / dlx-general |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    let groups = by_problem(rows);
    for (p, e) in &groups {
        let (Some(d), Some(c)) = (e.get("dlx"), e.get("dc")) else {
            continue;
        };
        let g = e.get("dlx-general");
        let _ = writeln!(
            s,
            "| {p} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            thousands(d.solutions),
            thousands(d.nodes),
            thousands(c.nodes),
            thousands(d.updates),
            thousands(c.updates),
            c.mems.map(thousands).unwrap_or_default(),
            ms(d.time_ns),
            g.map(|g| ms(g.time_ns)).unwrap_or_else(|| "(= dlx)".into()),
            ms(c.time_ns),
            ratio(Some(c), Some(d))
                .map(|r| format!("{r:.2}"))
                .unwrap_or_default(),
            ratio(Some(c), g.or(Some(d)))
                .map(|r| format!("{r:.2}"))
                .unwrap_or_default(),
        );
    }
    let whole: Vec<_> = groups
        .iter()
        .filter(|(_, e)| e.values().any(|m| m.scope == "whole-process"))
        .collect();
    if !whole.is_empty() {
        s.push_str(
            "\n## Whole process (single thread)\n\n\
             Each program started on the problem file and timed to its exit: `dlxlab xc FILE \
             --count --stats --engine dlx|dc` against Knuth's programs (dlx1 and SSXC1; dlx2 and \
             SSXCC for colours), built as listed above. The programs of one problem run in \
             alternating rounds (every program once per round, the order reversed every other \
             round). *s*: median wall time in seconds; *paired*: the median over rounds of \
             dlxlab's wall time over Knuth's in the same round (below 1: dlxlab is faster); \
             *CPU*: median user + system time of dlxlab's process over Knuth's, steadier than \
             the wall time when the machine is busy. *Nodes equal* compares dlxlab's counts with \
             the Knuth program of the same method.\n\n\
             | problem | dlxlab dlx s | Knuth dlx s | dlx / Knuth paired | dlx / Knuth CPU | dlxlab dc s | Knuth cells s | dc / Knuth paired | dc / Knuth CPU | dlx nodes equal | dc nodes equal |\n\
             |---|--:|--:|--:|--:|--:|--:|--:|--:|:-:|:-:|\n",
        );
        for (p, e) in whole {
            let get = |names: &[&str]| names.iter().find_map(|n| e.get(n).copied());
            let dx = get(&["dlxlab-xc-dlx"]);
            let dc = get(&["dlxlab-xc-dc"]);
            let kl = get(&["knuth-dlx1", "knuth-dlx2"]);
            let kc = get(&["knuth-ssxc1", "knuth-ssxcc"]);
            let secs = |m: Option<&Measurement>| {
                m.map(|m| format!("{:.3}", m.time_ns as f64 / 1e9))
                    .unwrap_or_else(|| "—".into())
            };
            let same = |a: Option<&Measurement>, b: Option<&Measurement>| match (a, b) {
                (Some(a), Some(b)) if a.nodes == b.nodes && a.solutions == b.solutions => {
                    "yes".to_string()
                }
                (Some(a), Some(b)) => {
                    format!("no ({} vs {})", thousands(a.nodes), thousands(b.nodes))
                }
                _ => "—".to_string(),
            };
            let two = |r: Option<f64>| r.map(|r| format!("{r:.2}")).unwrap_or_else(|| "—".into());
            let cpu = |a: Option<&Measurement>, b: Option<&Measurement>| {
                let (a, b) = (a?.cpu_ns?, b?.cpu_ns?);
                (b > 0).then(|| a as f64 / b as f64)
            };
            let _ = writeln!(
                s,
                "| {p} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                secs(dx),
                secs(kl),
                two(paired_ratio(dx, kl)),
                two(cpu(dx, kl)),
                secs(dc),
                secs(kc),
                two(paired_ratio(dc, kc)),
                two(cpu(dc, kc)),
                same(dx, kl),
                same(dc, kc),
            );
        }
    }
    s
}

/// The figure: per problem, dc's time over dlx's (in process), over dlx-general's, and SSXC1's
/// over dlx1's (whole process) when Knuth's programs ran.
pub fn figure(rows: &[Measurement], dir: &Path, title: &str) -> Result<Figure, PlotError> {
    let groups = by_problem(rows);
    let mut series = vec![
        RatioSeries {
            label: "dlxlab: dc / dlx (as --engine dlx runs)".into(),
            ratios: Vec::new(),
        },
        RatioSeries {
            label: "dlxlab: dc / general dlx".into(),
            ratios: Vec::new(),
        },
        RatioSeries {
            label: "Knuth: SSXC1 / dlx1 (SSXCC / dlx2), whole process".into(),
            ratios: Vec::new(),
        },
    ];
    let mut names = Vec::new();
    for (p, e) in &groups {
        if !e.contains_key("dc") {
            continue;
        }
        names.push(p.clone());
        series[0].ratios.push(ratio(e.get("dc"), e.get("dlx")));
        series[1]
            .ratios
            .push(ratio(e.get("dc"), e.get("dlx-general").or(e.get("dlx"))));
        let kc = e.get("knuth-ssxc1").or(e.get("knuth-ssxcc"));
        let kl = e.get("knuth-dlx1").or(e.get("knuth-dlx2"));
        series[2].ratios.push(ratio(kc, kl));
    }
    series.retain(|s| s.ratios.iter().any(Option::is_some));
    engines_time(
        &EnginesFigure {
            title: title.to_string(),
            note: "left of the line: dancing cells is faster".into(),
            x_label: "time of dc / time of dancing links (median; log scale)".into(),
            reference: Some("equal time".into()),
            rows: names,
            series,
        },
        dir,
    )
}

/// Writes `engines.csv`, `results.md` and the figure into `dir` (created if needed).
pub fn write(
    dir: &Path,
    header: &str,
    rows: &[Measurement],
) -> Result<Figure, Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    write_atomic(&dir.join("engines.csv"), &csv(rows)?)?;
    let fig = figure(rows, dir, "Dancing cells against dancing links")?;
    let mut md = markdown(header, rows);
    let _ = writeln!(md, "\n![{}]({}.png)", fig.caption, fig.stem);
    write_atomic(&dir.join("results.md"), md.as_bytes())?;
    Ok(fig)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(case: &str, engine: &str, scope: &'static str, nodes: u64, time_ns: u64) -> Measurement {
        Measurement {
            case: case.into(),
            engine: engine.into(),
            implementation: "x, y".into(),
            solutions: 92,
            nodes,
            updates: 7,
            mems: (engine.contains("dc") || engine.contains("ssx")).then_some(5),
            time_ns,
            cpu_ns: (scope == "whole-process").then_some(time_ns / 2),
            times_ns: vec![time_ns, time_ns + 1],
            scope,
        }
    }

    #[test]
    fn tables_csv_and_figure() {
        let rows = vec![
            m("queens 8", "dlx", "in-process", 1199, 2_000_000),
            m("queens 8", "dc", "in-process", 890, 1_000_000),
            m(
                "queens 8",
                "dlxlab-xc-dlx",
                "whole-process",
                1199,
                5_000_000,
            ),
            m("queens 8", "knuth-dlx1", "whole-process", 1199, 6_000_000),
            m("queens 8", "dlxlab-xc-dc", "whole-process", 890, 5_000_000),
            m("queens 8", "knuth-ssxc1", "whole-process", 891, 6_000_000),
        ];
        let md = markdown("run", &rows);
        assert!(
            md.contains(
                "| queens 8 | 92 | 1,199 | 890 | 7 | 7 | 5 | 2.00 | (= dlx) | 1.00 | 0.50 | 0.50 |"
            ),
            "{md}"
        );
        assert!(
            md.contains("| queens 8 | 0.005 | 0.006 | 0.83 | 0.83 | 0.005 | 0.006 | 0.83 | 0.83 | yes | no (890 vs 891) |"),
            "{md}"
        );
        let csv = String::from_utf8(csv(&rows).unwrap()).unwrap();
        assert!(csv.starts_with("problem,engine,implementation,scope,solutions,nodes,updates,mems,time_ns,repeats,times_ns,cpu_ns\n"));
        assert!(
            csv.contains(
                "queens 8,dlx,\"x, y\",in-process,92,1199,7,,2000000,2,2000000 2000001,\n"
            ),
            "{csv}"
        );
        assert!(
            csv.contains(",whole-process,92,891,7,5,6000000,2,6000000 6000001,3000000\n"),
            "{csv}"
        );
        let dir = tempfile::tempdir().unwrap();
        let fig = write(dir.path(), "run", &rows).unwrap();
        for ext in ["png", "svg"] {
            assert!(dir.path().join(format!("{}.{ext}", fig.stem)).exists());
        }
        assert!(dir.path().join("engines.csv").exists() && dir.path().join("results.md").exists());
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(28_200_960), "28,200,960");
    }
}
