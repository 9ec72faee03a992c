//! Figure `time-vs-nodes`: per puzzle, the solve time against the search nodes (log–log), one
//! panel per solver, with the median time of each twentieth of the runs ordered by nodes and the
//! median cost per node in the panel's caption. Its content is measured (times), so
//! `report --check` does not compare it.

use super::axis::{chart, si, Axis};
use super::cloud::{
    cloud_note, colour_bar, draw_median, draw_stopped, split_for_bar, Cloud, COLOUR_BAR_WIDTH,
    STOPPED_MARK,
};
use super::frame::*;
use super::nodes_vs_rating::{binned_medians, Split};

/// `(nodes, time in µs)` of the runs of solver `s` that `keep` selects and that counted nodes.
fn points(data: &StudyData, s: usize, keep: impl Fn(&Run) -> bool) -> Vec<(f64, f64)> {
    data.runs[s]
        .iter()
        .flatten()
        .filter(|r| keep(r))
        .filter_map(|r| Some((r.nodes.filter(|&n| n > 0)?, r.time_ns)))
        .map(|(n, t)| (n as f64, t.max(1) as f64 / 1000.0))
        .collect()
}

/// The median over runs of time per node, in nanoseconds (`NaN` for no runs).
pub(super) fn median_ns_per_node(points: &[(f64, f64)]) -> f64 {
    let per_node: Vec<f64> = points.iter().map(|&(n, us)| us * 1000.0 / n).collect();
    median(&per_node)
}

struct TimeVsNodes<'a> {
    data: &'a StudyData,
    title: String,
    seed: u64,
}

impl TimeVsNodes<'_> {
    /// Per solver: its finished runs and its runs stopped by a budget.
    fn runs(&self) -> Vec<Split<(f64, f64)>> {
        (0..self.data.solvers.len())
            .map(|s| {
                (
                    points(self.data, s, finished),
                    points(self.data, s, stopped),
                )
            })
            .collect()
    }
}

impl Draw for TimeVsNodes<'_> {
    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.data.solvers.len());
        let density = self.runs().iter().any(|p| p.0.len() > SCATTER_MAX);
        let bar = if density { COLOUR_BAR_WIDTH } else { 0 };
        ((520 + bar) * cols as u32, 40 + 400 * rows as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let all = self.runs();
        let density = all.iter().any(|p| p.0.len() > SCATTER_MAX);
        let any_stopped = all.iter().any(|p| !p.1.is_empty());
        let every = || all.iter().flat_map(|(a, b)| a.iter().chain(b));
        let max_nodes = every().map(|p| p.0).fold(1.0, f64::max);
        let (lo_t, hi_t) = every().fold((f64::INFINITY, 0.0f64), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        });
        let (lo_t, hi_t) = if lo_t.is_finite() {
            (lo_t, hi_t.max(lo_t * 10.0))
        } else {
            (1.0, 10.0)
        };
        let x = Axis::log(1.0, max_nodes.max(10.0), "search nodes (log scale)");
        let y = Axis::log(lo_t, hi_t, "wall time of the solve call, µs (log scale)");
        let stopped_note = if any_stopped {
            format!(" · {STOPPED_MARK}: runs stopped by a budget")
        } else {
            String::new()
        };
        let body = root.titled(&self.title, bold(22.0)).msg()?;
        let body = body
            .titled(
                &format!(
                    "{} · red: median nodes and median time of each twentieth of the finished runs \
                     ordered by nodes{stopped_note}",
                    cloud_note(density, false)
                ),
                text(14.0),
            )
            .msg()?;
        let panels = body.split_evenly(grid(self.data.solvers.len()));
        for (s, (area, (done, halted))) in panels.iter().zip(&all).enumerate() {
            let name = &self.data.solvers[s];
            let cloud = Cloud {
                points: done.iter().map(|&(n, t)| (x.t(n), y.t(t))).collect(),
                density,
                x_cell: None,
                jitter: 0.0,
            };
            let marks = Cloud {
                points: halted.iter().map(|&(n, t)| (x.t(n), y.t(t))).collect(),
                density,
                x_cell: None,
                jitter: 0.0,
            }
            .marks(&x, &y);
            let stopped_part = if halted.is_empty() {
                String::new()
            } else {
                format!(", {} stopped {STOPPED_MARK}", halted.len())
            };
            let caption = if done.is_empty() && halted.is_empty() {
                format!("{name} (reports no node counts)")
            } else if done.is_empty() {
                format!("{name} (n = 0 finished{stopped_part})")
            } else {
                format!(
                    "{name} (n = {}{stopped_part}; median {} ns/node)",
                    done.len(),
                    si(median_ns_per_node(done))
                )
            };
            let (left, strip) = split_for_bar(area, density);
            let mut c = chart(&left, &caption, &x, &y)?;
            if let (Some(strip), Some(max @ 1..)) = (&strip, cloud.max_cell(&x, &y)) {
                colour_bar(strip, c.plotting_area().get_pixel_range().1, max)?;
            }
            cloud.draw(&mut c, &x, &y, self.seed.wrapping_add(s as u64))?;
            let medians = binned_medians(done, 20)
                .into_iter()
                .map(|(n, t)| (x.t(n), y.t(t)))
                .collect();
            draw_median(&mut c, medians)?;
            draw_stopped(&mut c, &marks)?;
        }
        Ok(())
    }
}

/// Solve time against search nodes per puzzle (log–log), one panel per solver. `None` when no
/// solver counted nodes (only external programs without `nodes=`).
pub fn time_vs_nodes(data: &StudyData, ctx: &PlotContext<'_>) -> Result<Option<Figure>, PlotError> {
    let fig = TimeVsNodes {
        data,
        title: format!(
            "Solve time vs search nodes (cost per node) — {}, N = {} puzzles",
            ctx.corpus,
            data.puzzles()
        ),
        seed: ctx.seed,
    };
    if fig.runs().iter().all(|(a, b)| a.is_empty() && b.is_empty()) {
        return Ok(None);
    }
    let stem = "time-vs-nodes".to_string();
    render(&fig, ctx, &stem)?;
    // The caption is compared by `report --check`: it names no measured quantity (the medians
    // per node are in the figure, which is not compared).
    Ok(Some(Figure {
        stem,
        caption: format!(
            "Solve time against search nodes per puzzle (log–log), one panel per solver, with the \
             median time per twentieth of the runs by nodes and each solver's median time per \
             node; runs without node counts are left out (the study context line says whether \
             times come from the parallel or a single-threaded pass){}",
            stopped_sentence(
                &stopped_per_solver(data),
                &format!("drawn as {STOPPED_MARK}, not in the medians")
            )
        ),
    }))
}
