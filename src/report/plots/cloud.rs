//! Clouds of points (a scatter, or a 2-D histogram when large), their colours and the median
//! marks drawn over them.

use super::axis::{Axis, Chart};
use super::frame::*;

/// Viridis at `t` in `[0, 1]`, interpolated between five of its colours.
pub(super) fn viridis(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = t.clamp(0.0, 1.0) * 4.0;
    let i = (t.floor() as usize).min(3);
    let f = t - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |p: f64, q: f64| (p + (q - p) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Points in transformed coordinates, drawn as a scatter or as a 2-D histogram.
pub(super) struct Cloud {
    pub(super) points: Vec<(f64, f64)>,
    /// Draw a 2-D histogram instead of a scatter (decided per figure, so panels look alike).
    pub(super) density: bool,
    /// Width of an x cell when x is discrete (SE ratings: 0.1); `None` for a continuous x.
    pub(super) x_cell: Option<f64>,
    /// Horizontal jitter of the scatter (half-width).
    pub(super) jitter: f64,
}

/// One cell of a 2-D histogram, in transformed coordinates.
pub(super) struct Cell {
    pub(super) lower_left: (f64, f64),
    pub(super) upper_right: (f64, f64),
    pub(super) count: u64,
}

/// What the marks of a cloud mean, for the figure's subtitle.
pub(super) fn cloud_note(density: bool, jitter: bool) -> &'static str {
    match (density, jitter) {
        (true, _) => "cells: number of puzzles, log colour scale from 1 (purple) to the panel's maximum (yellow)",
        (false, true) => "dots: one puzzle each, jittered by ±0.035 along the rating axis",
        (false, false) => "dots: one puzzle each",
    }
}

impl Cloud {
    /// Puzzles per cell of the 2-D histogram, in cell order.
    pub(super) fn cells(&self, x: &Axis, y: &Axis) -> Vec<Cell> {
        let cell_y = (y.hi - y.lo) / 48.0;
        let (cell_x, origin_x) = match self.x_cell {
            Some(w) => (w, -w / 2.0),
            None => ((x.hi - x.lo) / 72.0, x.lo),
        };
        let mut counts: BTreeMap<(i64, i64), u64> = BTreeMap::new();
        for &(px, py) in &self.points {
            let i = ((px - origin_x) / cell_x).floor() as i64;
            let j = ((py - y.lo) / cell_y).floor() as i64;
            *counts.entry((i, j)).or_insert(0) += 1;
        }
        let mut cells: Vec<((i64, i64), u64)> = counts.into_iter().collect();
        cells.sort_unstable();
        // Discrete columns leave a small gap so neighbouring levels stay apart.
        let shrink = if self.x_cell.is_some() { 0.1 } else { 0.0 };
        cells
            .into_iter()
            .map(|((i, j), c)| {
                let x0 = origin_x + (i as f64 + shrink) * cell_x;
                let x1 = origin_x + (i as f64 + 1.0 - shrink) * cell_x;
                let y0 = y.lo + j as f64 * cell_y;
                Cell {
                    lower_left: (x0, y0),
                    upper_right: (x1, y0 + cell_y),
                    count: c,
                }
            })
            .collect()
    }

    /// The largest cell count (for the panel caption), `None` for a scatter.
    pub(super) fn max_cell(&self, x: &Axis, y: &Axis) -> Option<u64> {
        self.density
            .then(|| self.cells(x, y).iter().map(|c| c.count).max().unwrap_or(0))
    }

    pub(super) fn draw<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        x: &Axis,
        y: &Axis,
        seed: u64,
    ) -> Result<(), String> {
        if !self.density {
            let mut rng = Pcg64::seed_from_u64(seed);
            let jitter = self.jitter;
            let style = PALETTE[0].mix(0.35).filled();
            let points: Vec<(f64, f64)> = self
                .points
                .iter()
                .map(|&(px, py)| {
                    let dx = if jitter > 0.0 {
                        rng.random_range(-jitter..jitter)
                    } else {
                        0.0
                    };
                    (px + dx, py)
                })
                .collect();
            chart
                .draw_series(points.into_iter().map(|p| Circle::new(p, 2, style)))
                .msg()?;
            return Ok(());
        }
        let cells = self.cells(x, y);
        let max = cells.iter().map(|c| c.count).max().unwrap_or(1).max(2) as f64;
        chart
            .draw_series(cells.into_iter().map(|c| {
                let colour = viridis((c.count as f64).ln() / max.ln());
                Rectangle::new([c.lower_left, c.upper_right], colour.filled())
            }))
            .msg()?;
        Ok(())
    }
}

/// Levels with fewer puzzles than this get no median point (a median of two is noise).
pub const MEDIAN_MIN_PUZZLES: usize = 5;

pub(super) fn draw_median<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    points: Vec<(f64, f64)>,
) -> Result<(), String> {
    if points.is_empty() {
        return Ok(());
    }
    let line = ShapeStyle::from(&MEDIAN_COLOR).stroke_width(2);
    chart
        .draw_series(LineSeries::new(points.clone(), line))
        .msg()?;
    chart
        .draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 3, MEDIAN_COLOR.filled())),
        )
        .msg()?;
    Ok(())
}
