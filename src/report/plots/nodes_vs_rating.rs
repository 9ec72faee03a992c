//! Figure `nodes-vs-<rating>`: search nodes (log scale) against a rating, one panel per solver,
//! with the median per rating level.

use super::axis::{chart, se_axis, Axis};
use super::cloud::{
    cloud_note, colour_bar, draw_median, draw_stopped, split_for_bar, Cloud, COLOUR_BAR_WIDTH,
    MEDIAN_MIN_PUZZLES, STOPPED_MARK,
};
use super::frame::*;

/// `(rating, nodes)` of the runs of solver `s` that `keep` selects, on puzzles that have this
/// rating.
pub(super) fn rated_runs(
    data: &StudyData,
    s: usize,
    kind: RatingKind,
    keep: impl Fn(&Run) -> bool,
) -> Vec<(Rating, u64)> {
    let Some(ratings) = &data.ratings else {
        return Vec::new();
    };
    data.runs[s]
        .iter()
        .zip(ratings)
        .filter_map(|(run, r)| {
            let run = run.as_ref().filter(|r| keep(r))?;
            Some((kind.value(r.as_ref()?)?, run.nodes?))
        })
        .collect()
}

/// `(rating, nodes)` of the finished runs of solver `s` on puzzles that have this rating.
pub(super) fn rated_nodes(data: &StudyData, s: usize, kind: RatingKind) -> Vec<(Rating, u64)> {
    rated_runs(data, s, kind, finished)
}

/// A solver's finished runs and its runs stopped by a budget.
pub(super) type Split<T> = (Vec<T>, Vec<T>);

pub(super) struct NodesVsRating<'a> {
    pub(super) data: &'a StudyData,
    pub(super) kind: RatingKind,
    pub(super) title: String,
    pub(super) seed: u64,
}

impl NodesVsRating<'_> {
    /// Per solver, its finished runs and its runs stopped by a budget, with this rating.
    fn runs(&self) -> Vec<Split<(Rating, u64)>> {
        (0..self.data.solvers.len())
            .map(|s| {
                (
                    rated_nodes(self.data, s, self.kind),
                    rated_runs(self.data, s, self.kind, stopped),
                )
            })
            .collect()
    }

    fn density(&self) -> bool {
        (0..self.data.solvers.len())
            .any(|s| rated_runs(self.data, s, self.kind, finished).len() > SCATTER_MAX)
    }
}

impl Draw for NodesVsRating<'_> {
    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.data.solvers.len());
        let bar = if self.density() { COLOUR_BAR_WIDTH } else { 0 };
        ((520 + bar) * cols as u32, 40 + 400 * rows as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let all = self.runs();
        let density = all.iter().any(|p| p.0.len() > SCATTER_MAX);
        let any_stopped = all.iter().any(|p| !p.1.is_empty());
        let se = self.kind.is_se_scale();
        let median_note = if se {
            format!(
                "red: median of the finished runs per rating level (levels with at least {MEDIAN_MIN_PUZZLES})"
            )
        } else {
            "red: median of each twentieth of the finished runs ordered by rating".to_string()
        };
        let stopped_note = if any_stopped {
            format!(" · {STOPPED_MARK}: runs stopped by a budget, at the count where they stopped")
        } else {
            String::new()
        };
        let body = root.titled(&self.title, bold(22.0)).msg()?;
        let body = body
            .titled(
                &format!("{} · {median_note}{stopped_note}", cloud_note(density, se)),
                text(14.0),
            )
            .msg()?;
        let panels = body.split_evenly(grid(self.data.solvers.len()));
        let scores = || {
            all.iter()
                .flat_map(|(a, b)| a.iter().chain(b))
                .filter_map(|(r, _)| match r {
                    Rating::Score(v) => Some(*v),
                    Rating::Beyond => None,
                })
        };
        let beyond = all
            .iter()
            .flat_map(|(a, b)| a.iter().chain(b))
            .any(|(r, _)| *r == Rating::Beyond);
        let max_nodes = all
            .iter()
            .flat_map(|(a, b)| a.iter().chain(b))
            .map(|p| p.1)
            .max()
            .unwrap_or(1)
            .max(1);
        let y = Axis::log(1.0, max_nodes as f64, "search nodes (log scale)");
        let (x, beyond_x) = if se {
            se_axis(scores(), beyond, self.kind.label())
        } else {
            let lo = scores().fold(f64::INFINITY, f64::min);
            let hi = scores().fold(f64::NEG_INFINITY, f64::max);
            let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
            (Axis::auto(lo, hi, self.kind.label()), 0.0)
        };
        for (s, (area, (points, halted))) in panels.iter().zip(&all).enumerate() {
            let xv = |r: Rating| match r {
                Rating::Score(v) => x.t(v),
                Rating::Beyond => beyond_x,
            };
            let cloud = Cloud {
                points: points
                    .iter()
                    .map(|&(r, n)| (xv(r), y.t(n.max(1) as f64)))
                    .collect(),
                density,
                x_cell: se.then_some(0.1),
                jitter: if se { 0.035 } else { 0.0 },
            };
            let marks = Cloud {
                points: halted
                    .iter()
                    .map(|&(r, n)| (xv(r), y.t(n.max(1) as f64)))
                    .collect(),
                density,
                x_cell: cloud.x_cell,
                jitter: 0.0,
            }
            .marks(&x, &y);
            // A solver whose every run reports 0 nodes keeps no count (an external program
            // without `nodes=`; every built-in solver counts at least the root): no cloud at 1.
            let counted = points.iter().chain(halted).any(|p| p.1 > 0);
            let name = &self.data.solvers[s];
            let stopped_part = if halted.is_empty() {
                String::new()
            } else {
                format!(", {} stopped {STOPPED_MARK}", halted.len())
            };
            let caption = if points.is_empty() && halted.is_empty() {
                format!("{name} (n = 0: no finished runs)")
            } else if !counted {
                format!("{name} (reports no node counts)")
            } else if points.is_empty() {
                format!("{name} (n = 0 finished{stopped_part})")
            } else {
                format!("{name} (n = {}{stopped_part})", points.len())
            };
            let (left, strip) = split_for_bar(area, density);
            let mut c = chart(&left, &caption, &x, &y)?;
            if let (Some(strip), Some(max @ 1..)) = (&strip, cloud.max_cell(&x, &y)) {
                colour_bar(strip, c.plotting_area().get_pixel_range().1, max)?;
            }
            if !counted {
                continue;
            }
            cloud.draw(&mut c, &x, &y, self.seed.wrapping_add(s as u64))?;
            let medians = if se {
                level_medians(points, xv, &y)
            } else {
                let raw: Vec<(f64, f64)> = points
                    .iter()
                    .map(|&(r, n)| (r.rank_value(), n.max(1) as f64))
                    .collect();
                binned_medians(&raw, 20)
                    .into_iter()
                    .map(|(a, b)| (x.t(a), y.t(b)))
                    .collect()
            };
            draw_median(&mut c, medians)?;
            draw_stopped(&mut c, &marks)?;
        }
        Ok(())
    }
}

/// Median of log-nodes per distinct rating (in transformed coordinates).
pub(super) fn level_medians(
    points: &[(Rating, u64)],
    xv: impl Fn(Rating) -> f64,
    y: &Axis,
) -> Vec<(f64, f64)> {
    let mut groups: Vec<(f64, Vec<f64>)> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    for &(r, n) in points {
        let px = xv(r);
        let key = (px * 10.0).round() as i64 as u64;
        let g = *index.entry(key).or_insert_with(|| {
            groups.push((px, Vec::new()));
            groups.len() - 1
        });
        groups[g].1.push(n.max(1) as f64);
    }
    groups.sort_by(|a, b| a.0.total_cmp(&b.0));
    groups
        .into_iter()
        .filter(|(_, v)| v.len() >= MEDIAN_MIN_PUZZLES)
        .map(|(px, v)| (px, y.t(median(&v))))
        .collect()
}

/// Medians of x and of y in `bins` groups of (nearly) equal size, ordered by x. The medians are
/// of the raw values (transform them afterwards): with an even count, the mean of the two middle
/// values, as in every table, never the mean of their logarithms.
pub(super) fn binned_medians(points: &[(f64, f64)], bins: usize) -> Vec<(f64, f64)> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = sorted.len();
    if n == 0 {
        return Vec::new();
    }
    let bins = bins.min(n);
    (0..bins)
        .map(|b| {
            let chunk = &sorted[b * n / bins..(b + 1) * n / bins];
            let xs: Vec<f64> = chunk.iter().map(|p| p.0).collect();
            let ys: Vec<f64> = chunk.iter().map(|p| p.1).collect();
            (median(&xs), median(&ys))
        })
        .collect()
}

/// Nodes (log scale) against a rating, one panel per solver. `None` when no puzzle has the rating.
pub fn nodes_vs_rating(
    data: &StudyData,
    kind: RatingKind,
    ctx: &PlotContext<'_>,
) -> Result<Option<Figure>, PlotError> {
    if !data.has_rating(kind) || data.solvers.is_empty() {
        return Ok(None);
    }
    let stem = nodes_vs_rating_stem(kind);
    let fig = NodesVsRating {
        data,
        kind,
        title: format!(
            "Search nodes vs {} — {}, N = {} puzzles",
            kind.label(),
            ctx.corpus,
            data.puzzles()
        ),
        seed: ctx.seed,
    };
    let halted: Vec<(String, usize)> = (0..data.solvers.len())
        .map(|s| {
            let k = rated_runs(data, s, kind, stopped).len();
            (data.solvers[s].clone(), k)
        })
        .filter(|(_, k)| *k > 0)
        .collect();
    render(&fig, ctx, &stem)?;
    Ok(Some(Figure {
        stem,
        caption: format!(
            "Search nodes (log scale) against the {}, one panel per solver, with the median per \
             level{}",
            kind.label(),
            stopped_sentence(
                &halted,
                &format!(
                    "drawn as {STOPPED_MARK} at the count where they stopped, not in the medians"
                )
            )
        ),
    }))
}

/// The file stem of the figure of search nodes against `kind`.
pub fn nodes_vs_rating_stem(kind: RatingKind) -> String {
    format!("nodes-vs-{}", kind.column().replace('_', "-"))
}
