//! Figure `engines-time`: per problem of the engines comparison, how long dancing cells takes
//! relative to dancing links (a ratio of median times, log scale; left of 1 means dc is faster).
//! The same layout (a row per problem, a dot per series, a log axis with a line at 1) draws the
//! counting report's figures ([`ratio_rows`]).

use super::axis::AxisRange;
use super::frame::*;

/// One series of ratios: its label and, per problem row, the ratio (if measured).
pub struct RatioSeries {
    /// Legend text.
    pub label: String,
    /// `ratios[i]` belongs to `EnginesFigure::rows[i]`.
    pub ratios: Vec<Option<f64>>,
}

/// The data of the figure.
pub struct EnginesFigure {
    /// Title line.
    pub title: String,
    /// The line under the title (which side of 1 means what).
    pub note: String,
    /// The x axis's label.
    pub x_label: String,
    /// The legend's text for the dashed line at 1; `None` draws no line (values that are not
    /// ratios, such as puzzles per second), and the axis then spans the values only.
    pub reference: Option<String>,
    /// Problem names, top to bottom.
    pub rows: Vec<String>,
    /// Up to eight series.
    pub series: Vec<RatioSeries>,
}

impl Draw for EnginesFigure {
    fn size(&self) -> (u32, u32) {
        (
            960,
            170 + 34 * self.rows.len().max(1) as u32 + 24 * (self.series.len() as u32 + 1),
        )
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let values = self
            .series
            .iter()
            .flat_map(|s| s.ratios.iter().flatten().copied());
        // With a line at 1 the axis must show 1 too.
        let start = match self.reference {
            Some(_) => (1.0f64, 1.0f64),
            None => (f64::INFINITY, f64::NEG_INFINITY),
        };
        let (lo, hi) = values.fold(start, |(a, b), v| (a.min(v), b.max(v)));
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (1.0, 1.0) };
        let x = super::axis::Axis::log(lo / 1.15, hi * 1.15, &self.x_label);
        let n = self.rows.len().max(1);
        let y = AxisRange {
            lo: -0.6,
            hi: n as f64 - 0.4,
            ticks: (0..n).map(|i| i as f64).collect(),
            minor: Vec::new(),
        };
        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let body = body.titled(&self.note, text(14.0)).msg()?;
        // The legend goes in a strip under the chart, where it cannot hide a point.
        let strip = 24 * (self.series.len() as u32 + 1) + 8;
        let (w, h) = body.dim_in_pixel();
        let (body, key) = body.split_vertically(h.saturating_sub(strip));
        let mut c = ChartBuilder::on(&body)
            .margin(12)
            .x_label_area_size(48)
            // Wide enough for the longest row name (about 7.5 pixels a character at 13 px).
            .y_label_area_size(
                self.rows
                    .iter()
                    .map(|r| (r.chars().count() as f64 * 7.5) as u32 + 24)
                    .max()
                    .unwrap_or(0)
                    .max(170),
            )
            .build_cartesian_2d(x.range(), y)
            .msg()?;
        let xf = |v: &f64| x.fmt(*v);
        // Row 0 at the top.
        let yf = |v: &f64| {
            let i = v.round() as usize;
            self.rows
                .get(n - 1 - i.min(n - 1))
                .cloned()
                .unwrap_or_default()
        };
        house_mesh(
            c.configure_mesh()
                .x_desc(x.label.as_str())
                .x_label_formatter(&xf)
                .y_label_formatter(&yf),
        )
        .draw()
        .msg()?;
        let x0 = (w / 4) as i32;
        if let Some(reference) = &self.reference {
            let one = ShapeStyle::from(&BLACK.mix(0.7)).stroke_width(1);
            c.draw_series(DashedLineSeries::new(
                vec![(0.0, -0.6), (0.0, n as f64 - 0.4)],
                6,
                4,
                one,
            ))
            .msg()?;
            key.draw(&PathElement::new(vec![(x0, 9), (x0 + 16, 9)], one))
                .msg()?;
            key.draw(&Text::new(reference.as_str(), (x0 + 26, 4), text(14.0)))
                .msg()?;
        }
        let k = self.series.len().max(1) as f64;
        for (s, series) in self.series.iter().enumerate() {
            let colour = series_colour(s);
            let style = ShapeStyle::from(&colour).filled();
            // Series side by side within a row, all of them inside it (±0.4 at most): many
            // series (the arena's nine data sets) would otherwise spill into the next rows.
            let offset = (s as f64 - (k - 1.0) / 2.0) * (0.8 / k).min(0.18);
            let points: Vec<(f64, f64)> = series
                .ratios
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.map(|r| (x.t(r), (n - 1 - i) as f64 + offset)))
                .collect();
            c.draw_series(points.iter().map(|&p| Circle::new(p, 6, style)))
                .msg()?;
            let y0 = 24 * (s as i32 + 1) + 12;
            key.draw(&Circle::new((x0 + 8, y0 - 3), 6, style)).msg()?;
            key.draw(&Text::new(
                series.label.as_str(),
                (x0 + 26, y0 - 8),
                text(14.0),
            ))
            .msg()?;
        }
        Ok(())
    }
}

/// Draws `DIR/STEM.png` and `.svg`.
pub fn ratio_rows(fig: &EnginesFigure, dir: &Path, stem: &str) -> Result<(), PlotError> {
    render_in(fig, dir, stem)
}

/// Draws `DIR/engines-time.png` and `.svg`.
pub fn engines_time(fig: &EnginesFigure, dir: &Path) -> Result<Figure, PlotError> {
    ratio_rows(fig, dir, "engines-time")?;
    Ok(Figure {
        stem: "engines-time".to_string(),
        caption: "Time of dancing cells relative to dancing links, per problem (median of the repetitions)"
            .to_string(),
    })
}
