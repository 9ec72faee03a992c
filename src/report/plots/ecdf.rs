//! Figures `nodes-ecdf` and `time-ecdf`: the empirical distribution of search nodes and of solve
//! time per puzzle, one curve per solver.

use super::axis::{chart, legend, Axis};
use super::frame::*;

pub(super) struct Ecdf {
    pub(super) title: String,
    pub(super) x_label: String,
    /// Per solver: name, values, and how many of them are runs stopped by a budget.
    pub(super) series: Vec<(String, Vec<f64>, usize)>,
}

/// For each series, the first earlier series with exactly the same values (the same multiset, so
/// the same ECDF): its curve would hide under that one's, so it is drawn dashed over it and its
/// legend entry says `= NAME`. Empty series coincide with nothing.
pub fn coinciding(series: &[Vec<f64>]) -> Vec<Option<usize>> {
    let sorted: Vec<Vec<f64>> = series
        .iter()
        .map(|v| {
            let mut v = v.clone();
            v.sort_by(f64::total_cmp);
            v
        })
        .collect();
    (0..sorted.len())
        .map(|k| {
            if sorted[k].is_empty() {
                return None;
            }
            (0..k).find(|&j| {
                sorted[j].len() == sorted[k].len()
                    && sorted[j]
                        .iter()
                        .zip(&sorted[k])
                        .all(|(a, b)| a.total_cmp(b).is_eq())
            })
        })
        .collect()
}

/// The step function of the ECDF as (value, share) vertices, thinned to at most ~1500 steps.
pub(super) fn ecdf_steps(values: &[f64]) -> Vec<(f64, f64)> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len() as f64;
    let mut steps: Vec<(f64, f64)> = Vec::new();
    for (i, &x) in v.iter().enumerate() {
        let share = (i + 1) as f64 / n;
        match steps.last_mut() {
            Some(last) if last.0 == x => last.1 = share,
            _ => steps.push((x, share)),
        }
    }
    let stride = steps.len().div_ceil(1500).max(1);
    let mut kept: Vec<(f64, f64)> = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        if i % stride == stride - 1 || i + 1 == steps.len() {
            kept.push(*s);
        }
    }
    let mut path = Vec::with_capacity(kept.len() * 2);
    let mut prev = 0.0;
    for (x, share) in kept {
        path.push((x, prev));
        path.push((x, share));
        prev = share;
    }
    path
}

impl Draw for Ecdf {
    fn size(&self) -> (u32, u32) {
        (1000, 660)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values = || self.series.iter().flat_map(|s| s.1.iter().copied());
        let same = coinciding(&self.series.iter().map(|s| s.1.clone()).collect::<Vec<_>>());
        let lo = values().fold(f64::INFINITY, f64::min);
        let hi = values().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if lo.is_finite() {
            (lo, hi)
        } else {
            (1.0, 10.0)
        };
        let x = Axis::log(lo.max(1e-3), hi.max(lo * 10.0), self.x_label.as_str());
        let mut y = Axis::linear(0.0, 1.0, "share of puzzles at or below x");
        y.lo = 0.0;
        y.hi = 1.02;
        y.ticks = (0..=10).map(|k| f64::from(k) / 10.0).collect();
        let mut c = chart(root, &self.title, &x, &y)?;
        for (k, (name, vals, halted)) in self.series.iter().enumerate() {
            let color = series_colour(k);
            let style = ShapeStyle::from(&color).stroke_width(2);
            let path: Vec<(f64, f64)> = ecdf_steps(vals)
                .into_iter()
                .map(|(v, s)| (x.t(v), s))
                .collect();
            let mut label = format!("{name} (n = {}", vals.len());
            if *halted > 0 {
                label.push_str(&format!(", {halted} stopped by a budget"));
            }
            label.push(')');
            match same[k] {
                // Dashed over the curve it equals, so that both colours show.
                Some(j) => {
                    label.push_str(&format!(" = {}", self.series[j].0));
                    c.draw_series(DashedLineSeries::new(path, 7, 7, style))
                        .msg()?
                        .label(label)
                        .legend(move |(lx, ly)| {
                            PathElement::new(vec![(lx, ly), (lx + 6, ly)], style)
                        });
                }
                None => {
                    c.draw_series(LineSeries::new(path, style))
                        .msg()?
                        .label(label)
                        .legend(move |(lx, ly)| {
                            PathElement::new(vec![(lx, ly), (lx + 16, ly)], style)
                        });
                }
            }
        }
        legend(&mut c, SeriesLabelPosition::LowerRight)
    }
}

/// Runs of solver `s` that have counts (every status but `invalid`).
pub(super) fn counted_runs(data: &StudyData, s: usize) -> impl Iterator<Item = &Run> {
    data.runs[s]
        .iter()
        .flatten()
        .filter(|r| r.status != Status::Invalid)
}

/// Runs of solver `s` stopped by a budget.
fn halted(data: &StudyData, s: usize) -> usize {
    data.runs[s].iter().flatten().filter(|r| stopped(r)).count()
}

/// The report's sentence on curves that coincide, e.g. `"; curves that coincide (drawn dashed):
/// fast = locked"` (empty when none do).
fn coinciding_sentence(series: &[(String, Vec<f64>, usize)]) -> String {
    let same = coinciding(&series.iter().map(|s| s.1.clone()).collect::<Vec<_>>());
    let pairs: Vec<String> = same
        .iter()
        .enumerate()
        .filter_map(|(k, j)| Some(format!("{} = {}", series[k].0, series[(*j)?].0)))
        .collect();
    if pairs.is_empty() {
        String::new()
    } else {
        format!(
            "; identical distributions, the later curve dashed over the earlier: {}",
            pairs.join(", ")
        )
    }
}

/// ECDF of search nodes per solver (log x).
pub fn nodes_ecdf(data: &StudyData, ctx: &PlotContext<'_>) -> Result<Figure, PlotError> {
    let stem = "nodes-ecdf".to_string();
    let fig = Ecdf {
        title: format!(
            "Search nodes per puzzle (ECDF) — {}, N = {} puzzles",
            ctx.corpus,
            data.puzzles()
        ),
        x_label: "search nodes per puzzle (log scale)".into(),
        series: (0..data.solvers.len())
            .map(|s| {
                let v = counted_runs(data, s)
                    .filter_map(|r| r.nodes)
                    .map(|n| n.max(1) as f64)
                    .collect();
                (data.solvers[s].clone(), v, halted(data, s))
            })
            .collect(),
    };
    let same = coinciding_sentence(&fig.series);
    render(&fig, ctx, &stem)?;
    Ok(Figure {
        stem,
        caption: format!(
            "Empirical distribution of search nodes per puzzle, one curve per solver{}{}",
            stopped_sentence(
                &stopped_per_solver(data),
                "counted at the node count where they stopped"
            ),
            same
        ),
    })
}

/// ECDF of solve time per solver, in microseconds (log x).
pub fn time_ecdf(data: &StudyData, ctx: &PlotContext<'_>) -> Result<Figure, PlotError> {
    let stem = "time-ecdf".to_string();
    let fig = Ecdf {
        title: format!(
            "Solve time per puzzle (ECDF) — {}, N = {} puzzles",
            ctx.corpus,
            data.puzzles()
        ),
        x_label: "wall time of the solve call, µs (log scale)".into(),
        series: (0..data.solvers.len())
            .map(|s| {
                let v = counted_runs(data, s)
                    .map(|r| (r.time_ns.max(1) as f64) / 1000.0)
                    .collect();
                (data.solvers[s].clone(), v, halted(data, s))
            })
            .collect(),
    };
    render(&fig, ctx, &stem)?;
    // The caption is compared by `report --check` (it lies outside the measured sections), so it
    // names no measured quantity: which curves coincide in time is not said here.
    Ok(Figure {
        stem,
        caption: format!(
            "Empirical distribution of the solve time per puzzle, one curve per solver (the study \
             context line says whether times come from the parallel or a single-threaded pass){}",
            stopped_sentence(
                &stopped_per_solver(data),
                "counted at the time they stopped"
            )
        ),
    })
}
