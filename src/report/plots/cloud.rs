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
        (true, _) => "cells: puzzles per cell, log colour scale from 1 to the panel's maximum (its colour bar)",
        (false, true) => "dots: one puzzle each, jittered by ±0.035 along the rating axis",
        (false, false) => "dots: one puzzle each",
    }
}

impl Cloud {
    /// Puzzles per cell of the 2-D histogram, in cell order.
    pub(super) fn cells(&self, x: &Axis, y: &Axis) -> Vec<Cell> {
        // The grid of `cell_of`.
        let cell_y = (y.hi - y.lo) / 48.0;
        let (cell_x, origin_x) = match self.x_cell {
            Some(w) => (w, -w / 2.0),
            None => ((x.hi - x.lo) / 72.0, x.lo),
        };
        let mut counts: BTreeMap<(i64, i64), u64> = BTreeMap::new();
        for &p in &self.points {
            *counts.entry(self.cell_of(p, x, y)).or_insert(0) += 1;
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
        let max = cells.iter().map(|c| c.count).max().unwrap_or(1);
        chart
            .draw_series(cells.into_iter().map(|c| {
                Rectangle::new(
                    [c.lower_left, c.upper_right],
                    cell_colour(c.count, max).filled(),
                )
            }))
            .msg()?;
        Ok(())
    }

    /// Marks for points drawn apart from the cloud (runs stopped by a budget): one per cell of a
    /// grid about as fine as a mark is large (20 rows; a column per rating level, or 36), at the
    /// first point of the cell in `(x, y)` order, so that 49,158 runs stopped at the same budget
    /// are one mark and not 49,158 overlapping ones.
    pub(super) fn marks(&self, x: &Axis, y: &Axis) -> Vec<(f64, f64)> {
        let mut points = self.points.clone();
        points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let mut seen = std::collections::BTreeSet::new();
        points
            .into_iter()
            .filter(|&p| seen.insert(self.cell_in((36.0, 20.0), p, x, y)))
            .collect()
    }

    /// The (column, row) of the 2-D histogram's cell that holds `p`.
    fn cell_of(&self, p: (f64, f64), x: &Axis, y: &Axis) -> (i64, i64) {
        self.cell_in((72.0, 48.0), p, x, y)
    }

    /// The (column, row) of the cell that holds `p` in a grid of `(columns, rows)` over the axes
    /// (one column per rating level when x is discrete).
    fn cell_in(
        &self,
        (columns, rows): (f64, f64),
        (px, py): (f64, f64),
        x: &Axis,
        y: &Axis,
    ) -> (i64, i64) {
        let cell_y = (y.hi - y.lo) / rows;
        let (cell_x, origin_x) = match self.x_cell {
            Some(w) => (w, -w / 2.0),
            None => ((x.hi - x.lo) / columns, x.lo),
        };
        (
            ((px - origin_x) / cell_x).floor() as i64,
            ((py - y.lo) / cell_y).floor() as i64,
        )
    }
}

/// The colour of a cell of `count` puzzles in a panel whose fullest cell holds `max`:
/// `ln(count) / ln(max)` on viridis (`max` taken as at least 2, so one puzzle is purple).
pub(super) fn cell_colour(count: u64, max: u64) -> RGBColor {
    let max = max.max(2) as f64;
    viridis((count.max(1) as f64).ln() / max.ln())
}

/// Width in pixels of the strip right of a 2-D histogram that holds its colour bar.
pub(super) const COLOUR_BAR_WIDTH: u32 = 92;

/// Splits a panel into the chart's area and, for a 2-D histogram (`density`), the strip of its
/// colour bar on the right.
pub(super) fn split_for_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    density: bool,
) -> (DrawingArea<DB, Shift>, Option<DrawingArea<DB, Shift>>) {
    if !density {
        return (area.clone(), None);
    }
    let width = area.dim_in_pixel().0;
    let (left, strip) = area.split_horizontally(width.saturating_sub(COLOUR_BAR_WIDTH));
    (left, Some(strip))
}

/// The colour bar's tick values: 1, the decades 10, 100, … below `max`, and `max` itself (the
/// top of the bar); a decade within 7% of the bar's height of `max` is left out so that
/// labels do not overlap.
pub(super) fn colour_bar_ticks(max: u64) -> Vec<u64> {
    let top = (max.max(2) as f64).ln();
    let mut ticks = vec![1];
    let mut d = 10u64;
    while d < max && ((max as f64).ln() - (d as f64).ln()) / top > 0.07 {
        ticks.push(d);
        d = match d.checked_mul(10) {
            Some(next) => next,
            None => break,
        };
    }
    if max > 1 {
        ticks.push(max);
    }
    ticks
}

/// Draws the colour bar of a 2-D histogram whose fullest cell holds `max` puzzles into `strip`
/// (right of the chart), as tall as the chart's plotting area, whose pixel rows are `plot_y`
/// (absolute, from `plotting_area().get_pixel_range()`): the same colours as [`cell_colour`],
/// ticks at [`colour_bar_ticks`], and the label "puzzles per cell (log scale)".
pub(super) fn colour_bar<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    plot_y: std::ops::Range<i32>,
    max: u64,
) -> Result<(), String> {
    let base = strip.get_base_pixel().1;
    let (top, bottom) = (plot_y.start - base, plot_y.end - base);
    let height = f64::from((bottom - top).max(1));
    let (x0, x1) = (10, 24);
    // 64 bands: smooth at this size, and a small SVG.
    const BANDS: i32 = 64;
    for k in 0..BANDS {
        let y_hi = bottom - ((f64::from(k + 1) / f64::from(BANDS)) * height).round() as i32;
        let y_lo = bottom - ((f64::from(k) / f64::from(BANDS)) * height).round() as i32;
        let colour = viridis((f64::from(k) + 0.5) / f64::from(BANDS));
        strip
            .draw(&Rectangle::new([(x0, y_hi), (x1, y_lo)], colour.filled()))
            .msg()?;
    }
    strip
        .draw(&Rectangle::new(
            [(x0, top), (x1, bottom)],
            ShapeStyle::from(&RGBColor(120, 120, 120)),
        ))
        .msg()?;
    let ln_max = (max.max(2) as f64).ln();
    let label = text(12.0).pos(Pos::new(HPos::Left, VPos::Center));
    for v in colour_bar_ticks(max) {
        let y = bottom - ((v as f64).ln() / ln_max * height).round() as i32;
        strip
            .draw(&PathElement::new(
                vec![(x1, y), (x1 + 4, y)],
                ShapeStyle::from(&BLACK),
            ))
            .msg()?;
        strip
            .draw(&Text::new(
                super::axis::si(v as f64),
                (x1 + 6, y),
                label.clone(),
            ))
            .msg()?;
    }
    let desc = text(13.0)
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Center, VPos::Center));
    strip
        .draw(&Text::new(
            "puzzles per cell (log scale)",
            (COLOUR_BAR_WIDTH as i32 - 14, (top + bottom) / 2),
            desc,
        ))
        .msg()?;
    Ok(())
}

/// How runs stopped by a budget are drawn: a white triangle with a black edge (`△`), distinct
/// from the cloud, the red medians and every cell colour.
pub(super) fn draw_stopped<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    marks: &[(f64, f64)],
) -> Result<(), String> {
    let corners = vec![(0, -7), (-6, 4), (6, 4)];
    let mut edge = corners.clone();
    edge.push(corners[0]);
    chart
        .draw_series(marks.iter().map(|&p| {
            EmptyElement::at(p)
                + Polygon::new(corners.clone(), WHITE.filled())
                + PathElement::new(edge.clone(), ShapeStyle::from(&BLACK).stroke_width(1))
        }))
        .msg()?;
    Ok(())
}

/// The symbol of [`draw_stopped`] in captions.
pub(super) const STOPPED_MARK: &str = "△";

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
