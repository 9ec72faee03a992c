//! Figure `rating-histograms`: the distribution of each rating, SE's ER, EP and ED side by side,
//! on a log count axis so that the few puzzles rated above 5 show as well as the thousands below.

use super::axis::{chart, se_axis, Axis};
use super::frame::*;

pub(super) struct Histograms<'a> {
    pub(super) data: &'a StudyData,
    pub(super) kinds: Vec<RatingKind>,
    pub(super) title: String,
}

impl Draw for Histograms<'_> {
    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.kinds.len());
        ((620 * cols as u32).max(900), 64 + 440 * rows as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let body = root.titled(&self.title, bold(22.0)).msg()?;
        let body = body
            .titled(
                "bars: puzzles per 0.1 level of the SE scale (40 equal bins for the decision-tree \
                 index); log count axis, so that a level with one puzzle still shows",
                text(14.0),
            )
            .msg()?;
        let panels = body.split_evenly(grid(self.kinds.len()));
        let ratings = self.data.ratings.as_deref().unwrap_or(&[]);
        // One rating axis for every SE-scale panel, so that ER, EP and ED read side by side.
        let se_values = || {
            self.kinds
                .iter()
                .filter(|k| k.is_se_scale())
                .flat_map(|&k| ratings.iter().flatten().filter_map(move |r| k.value(r)))
        };
        let se_scores = || {
            se_values().filter_map(|r| match r {
                Rating::Score(v) => Some(v),
                Rating::Beyond => None,
            })
        };
        let any_beyond = se_values().any(|r| r == Rating::Beyond);
        let (se_x, beyond_x) = se_axis(se_scores(), any_beyond, "");
        for (area, &kind) in panels.iter().zip(&self.kinds) {
            let values: Vec<Rating> = ratings
                .iter()
                .flatten()
                .filter_map(|r| kind.value(r))
                .collect();
            let scores: Vec<f64> = values
                .iter()
                .filter_map(|r| match r {
                    Rating::Score(v) => Some(*v),
                    Rating::Beyond => None,
                })
                .collect();
            let beyond = values.len() - scores.len();
            // (left, right, count) of each bar, in transformed x.
            let (x, bars): (Axis, Vec<(f64, f64, usize)>) = if kind.is_se_scale() {
                let x = Axis {
                    label: kind.label().to_string(),
                    ..se_x.clone()
                };
                let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
                for v in &scores {
                    *counts.entry((v * 10.0).round() as i64).or_insert(0) += 1;
                }
                let mut bars: Vec<(f64, f64, usize)> = counts
                    .into_iter()
                    .map(|(k, c)| (k as f64 / 10.0 - 0.04, k as f64 / 10.0 + 0.04, c))
                    .collect();
                if beyond > 0 {
                    bars.push((beyond_x - 0.08, beyond_x + 0.08, beyond));
                }
                (x, bars)
            } else {
                let lo = scores.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
                let x = Axis::auto(lo, hi.max(lo + 1e-9), kind.label());
                let (a, b) = (x.t(lo), x.t(hi).max(x.t(lo) + 1e-9));
                let nb = 40usize;
                let w = (b - a) / nb as f64;
                let mut counts = vec![0usize; nb];
                for v in &scores {
                    let i = (((x.t(*v) - a) / w) as usize).min(nb - 1);
                    counts[i] += 1;
                }
                let bars = counts
                    .into_iter()
                    .enumerate()
                    .filter(|(_, c)| *c > 0)
                    .map(|(i, c)| (a + i as f64 * w, a + (i + 1) as f64 * w, c))
                    .collect();
                (x, bars)
            };
            let top = bars.iter().map(|b| b.2).max().unwrap_or(1) as f64;
            let mut y = Axis::log(1.0, top.max(10.0), "puzzles (log scale)");
            // Bars rise from below 1, so that a count of one is a visible bar.
            y.lo = y.lo.min(0.5f64.log10());
            let base = y.lo;
            let caption = format!("{} (n = {})", kind.panel_name(), values.len());
            let mut c = chart(area, &caption, &x, &y)?;
            c.draw_series(bars.into_iter().map(|(l, r, n)| {
                Rectangle::new([(l, base), (r, y.t(n as f64))], PALETTE[0].filled())
            }))
            .msg()?;
        }
        Ok(())
    }
}

/// Histograms of every rating present, one panel each. `None` when there are no ratings.
pub fn rating_histograms(
    data: &StudyData,
    ctx: &PlotContext<'_>,
) -> Result<Option<Figure>, PlotError> {
    let kinds: Vec<RatingKind> = RatingKind::HISTOGRAMS
        .into_iter()
        .filter(|&k| data.has_rating(k))
        .collect();
    if kinds.is_empty() {
        return Ok(None);
    }
    let stem = "rating-histograms".to_string();
    let fig = Histograms {
        data,
        kinds,
        title: format!("Ratings — {}, N = {} puzzles", ctx.corpus, data.puzzles()),
    };
    render(&fig, ctx, &stem)?;
    Ok(Some(Figure {
        stem,
        caption: "Distribution of each rating on a log count axis: SE-scale ratings per 0.1 level \
                  (ER, EP and ED side by side when ratings.csv has them), the decision-tree index \
                  in 40 bins"
            .into(),
    }))
}
