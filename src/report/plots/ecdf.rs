//! Figures `nodes-ecdf` and `time-ecdf`: the empirical distribution of search nodes and of solve
//! time per puzzle, one curve per solver.

use super::axis::{chart, legend, Axis};
use super::frame::*;

pub(super) struct Ecdf {
    pub(super) title: String,
    pub(super) x_label: String,
    pub(super) series: Vec<(String, Vec<f64>)>,
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
        for (k, (name, vals)) in self.series.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            let style = ShapeStyle::from(&color).stroke_width(2);
            let path: Vec<(f64, f64)> = ecdf_steps(vals)
                .into_iter()
                .map(|(v, s)| (x.t(v), s))
                .collect();
            c.draw_series(LineSeries::new(path, style))
                .msg()?
                .label(format!("{name} (n = {})", vals.len()))
                .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + 16, ly)], style));
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
                    .map(|r| r.nodes.max(1) as f64)
                    .collect();
                (data.solvers[s].clone(), v)
            })
            .collect(),
    };
    render(&fig, ctx, &stem)?;
    Ok(Figure {
        stem,
        caption: "Empirical distribution of search nodes per puzzle, one curve per solver (runs \
                  stopped by a budget counted at the budget)"
            .into(),
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
                (data.solvers[s].clone(), v)
            })
            .collect(),
    };
    render(&fig, ctx, &stem)?;
    Ok(Figure {
        stem,
        caption: "Empirical distribution of the solve time per puzzle, one curve per solver (runs \
                  stopped by a budget counted at the time they stopped; the study context line \
                  says whether times come from the parallel or a single-threaded pass)"
            .into(),
    })
}
