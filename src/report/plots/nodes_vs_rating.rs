//! Figure `nodes-vs-<rating>`: search nodes (log scale) against a rating, one panel per solver,
//! with the median per rating level.

use super::axis::{chart, se_axis, Axis};
use super::cloud::{cloud_note, draw_median, Cloud, MEDIAN_MIN_PUZZLES};
use super::frame::*;

/// `(rating, nodes)` of the finished runs of solver `s` on puzzles that have this rating.
pub(super) fn rated_nodes(data: &StudyData, s: usize, kind: RatingKind) -> Vec<(Rating, u64)> {
    let Some(ratings) = &data.ratings else {
        return Vec::new();
    };
    data.runs[s]
        .iter()
        .zip(ratings)
        .filter_map(|(run, r)| {
            let run = run.as_ref().filter(|r| finished(r))?;
            Some((kind.value(r.as_ref()?)?, run.nodes))
        })
        .collect()
}

pub(super) struct NodesVsRating<'a> {
    pub(super) data: &'a StudyData,
    pub(super) kind: RatingKind,
    pub(super) title: String,
    pub(super) seed: u64,
}

impl Draw for NodesVsRating<'_> {
    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.data.solvers.len());
        (520 * cols as u32, 40 + 400 * rows as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let all: Vec<Vec<(Rating, u64)>> = (0..self.data.solvers.len())
            .map(|s| rated_nodes(self.data, s, self.kind))
            .collect();
        let density = all.iter().any(|p| p.len() > SCATTER_MAX);
        let se = self.kind.is_se_scale();
        let median_note = if se {
            format!(
                "red: median per rating level (levels with at least {MEDIAN_MIN_PUZZLES} puzzles)"
            )
        } else {
            "red: median of each twentieth of the puzzles ordered by rating".to_string()
        };
        let body = root.titled(&self.title, bold(22.0)).msg()?;
        let body = body
            .titled(
                &format!(
                    "{} · {median_note} · finished runs only",
                    cloud_note(density, se)
                ),
                text(14.0),
            )
            .msg()?;
        let panels = body.split_evenly(grid(self.data.solvers.len()));
        let scores = || {
            all.iter().flatten().filter_map(|(r, _)| match r {
                Rating::Score(v) => Some(*v),
                Rating::Beyond => None,
            })
        };
        let beyond = all.iter().flatten().any(|(r, _)| *r == Rating::Beyond);
        let max_nodes = all.iter().flatten().map(|p| p.1).max().unwrap_or(1).max(1);
        let y = Axis::log(1.0, max_nodes as f64, "search nodes (log scale)");
        let (x, beyond_x) = if se {
            se_axis(scores(), beyond, self.kind.label())
        } else {
            let lo = scores().fold(f64::INFINITY, f64::min);
            let hi = scores().fold(f64::NEG_INFINITY, f64::max);
            let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
            (Axis::auto(lo, hi, self.kind.label()), 0.0)
        };
        for (s, (area, points)) in panels.iter().zip(&all).enumerate() {
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
            // A solver whose every run reports 0 nodes keeps no count (an external program
            // without `nodes=`; every built-in solver counts at least the root): no cloud at 1.
            let counted = points.iter().any(|p| p.1 > 0);
            let caption = match cloud.max_cell(&x, &y) {
                _ if points.is_empty() => {
                    format!("{} (n = 0: no finished runs)", self.data.solvers[s])
                }
                _ if !counted => {
                    format!("{} (reports no node counts)", self.data.solvers[s])
                }
                Some(m) => format!(
                    "{} (n = {}, cells: 1–{m} puzzles)",
                    self.data.solvers[s],
                    points.len()
                ),
                None => format!("{} (n = {})", self.data.solvers[s], points.len()),
            };
            let mut c = chart(area, &caption, &x, &y)?;
            if !counted {
                continue;
            }
            cloud.draw(&mut c, &x, &y, self.seed.wrapping_add(s as u64))?;
            let medians = if se {
                level_medians(points, xv, &y)
            } else {
                binned_medians(&cloud.points, 20)
            };
            draw_median(&mut c, medians)?;
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

/// Medians of x and of y in `bins` groups of (nearly) equal size, ordered by x.
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
    let stem = format!("nodes-vs-{}", kind.column().replace('_', "-"));
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
    render(&fig, ctx, &stem)?;
    Ok(Some(Figure {
        stem,
        caption: format!(
            "Search nodes (log scale) against the {}, one panel per solver, with the median per level",
            kind.label()
        ),
    }))
}
