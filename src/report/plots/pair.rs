//! The metrics study's figures (`reports/metrics/`): one metric against another, one point per
//! puzzle (a density grid past [`SCATTER_MAX`] points), each axis linear or logarithmic.

use super::axis::{chart, trim_number, Axis};
use super::cloud::{cloud_note, colour_bar, split_for_bar, Cloud};
use super::frame::*;

/// The data of a pair figure.
#[derive(Clone, Debug, PartialEq)]
pub struct PairFigure {
    /// Title line.
    pub title: String,
    /// x axis label.
    pub x_label: String,
    /// y axis label.
    pub y_label: String,
    /// Whether each axis is logarithmic (its values must then be positive: others are left out).
    pub log: (bool, bool),
    /// The points.
    pub points: Vec<(f64, f64)>,
    /// Seed of the jitter of discrete x values.
    pub seed: u64,
}

impl Draw for PairFigure {
    fn size(&self) -> (u32, u32) {
        (900, 700)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let keep = |v: f64, log: bool| v.is_finite() && (!log || v > 0.0);
        let points: Vec<(f64, f64)> = self
            .points
            .iter()
            .copied()
            .filter(|&(x, y)| keep(x, self.log.0) && keep(y, self.log.1))
            .collect();
        if points.is_empty() {
            return Err("no point to draw".into());
        }
        let range = |f: fn(&(f64, f64)) -> f64| {
            points
                .iter()
                .map(f)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                    (a.min(v), b.max(v))
                })
        };
        let axis = |(lo, hi): (f64, f64), log: bool, label: &str| {
            if log {
                Axis::log(lo / 1.2, hi * 1.2, format!("{label} (log scale)"))
            } else {
                let pad = ((hi - lo) * 0.05).max(0.05);
                Axis::linear(lo - pad, hi + pad, label.to_string())
            }
        };
        let x = axis(range(|p| p.0), self.log.0, &self.x_label);
        let y = axis(range(|p| p.1), self.log.1, &self.y_label);
        let density = points.len() > SCATTER_MAX;
        // A discrete x (a rating in steps of 0.1, a level) is jittered by 30% of its smallest
        // gap, so that the puzzles of one value spread into a visible column.
        let mut xs: Vec<f64> = points.iter().map(|p| p.0).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let gap = xs
            .windows(2)
            .map(|w| w[1] - w[0])
            .fold(f64::INFINITY, f64::min);
        let jitter = if !self.log.0 && xs.len() <= 60 && gap.is_finite() {
            0.3 * gap
        } else {
            0.0
        };
        let cloud = Cloud {
            points: points.iter().map(|&(a, b)| (x.t(a), y.t(b))).collect(),
            density,
            x_cell: None,
            jitter,
        };
        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let jittered = if jitter > 0.0 && !density {
            format!(", x jittered by ±{}", trim_number(jitter))
        } else {
            String::new()
        };
        let note = format!(
            "{} puzzles. {}{jittered}",
            points.len(),
            cloud_note(density, false)
        );
        let body = body.titled(&note, text(14.0)).msg()?;
        let (left, strip) = split_for_bar(&body, density);
        let mut c = chart(&left, "", &x, &y)?;
        if let (Some(strip), Some(max @ 1..)) = (&strip, cloud.max_cell(&x, &y)) {
            colour_bar(strip, c.plotting_area().get_pixel_range().1, max)?;
        }
        cloud.draw(&mut c, &x, &y, self.seed)
    }
}

/// Draws `DIR/STEM.png` and `.svg`.
pub fn pair_figure(fig: &PairFigure, dir: &Path, stem: &str) -> Result<(), PlotError> {
    render_in(fig, dir, stem)
}
