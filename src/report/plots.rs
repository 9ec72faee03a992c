//! The report's figures, each written as `DIR/<stem>.png` and `DIR/<stem>.svg` by one function.
//!
//! Every axis is drawn in *transformed* coordinates (log10 of the value for log axes) with explicit
//! tick positions, so that one chart type serves linear and log axes alike and tick labels are
//! always round numbers (`1`, `10`, `100`, `1k`, …).
//!
//! Clouds of points: a panel with at most [`SCATTER_MAX`] points is a scatter plot (SE ratings are
//! jittered by ±0.035 horizontally, from a seeded generator, so that the 0.1 levels stay apart); a
//! larger panel is a 2-D histogram whose cell colour is the log of the number of puzzles in the cell
//! (viridis: dark = few, yellow = many). Scatter plots of 49,158 points would hide the density and
//! make SVGs of tens of megabytes.
//!
//! Which runs are drawn: clouds and medians use runs that finished (`unique`, `multiple`, `none`);
//! `limit` runs are censored and `invalid` rows have no counts. ECDFs include `limit` runs at the
//! count where the budget stopped them, so the curve is exact below the budget.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::Shift;
use plotters::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::data::{Rating, RatingKind, Run, StudyData};
use super::font::{self, FAMILY};
use super::stats::median;
use crate::solvers::Status;

/// Panels with more points than this are drawn as 2-D histograms instead of scatter plots.
pub const SCATTER_MAX: usize = 4000;

/// Why a figure could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The embedded font could not be registered.
    #[error("font: {0}")]
    Font(&'static str),
    /// plotters failed to draw or to write the file.
    #[error("cannot draw {path}: {message}")]
    Draw {
        /// The output file.
        path: PathBuf,
        /// plotters' message.
        message: String,
    },
}

/// A figure that was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// File stem: the figure is `<stem>.png` and `<stem>.svg`.
    pub stem: String,
    /// One-line description for the markdown report.
    pub caption: String,
}

/// What every plot needs to know besides the data.
#[derive(Clone, Copy, Debug)]
pub struct PlotContext<'a> {
    /// Output directory.
    pub dir: &'a Path,
    /// Corpus name for titles.
    pub corpus: &'a str,
    /// Seed of the jitter.
    pub seed: u64,
}

/// Whether a run finished (its counts are exact, not censored by a budget).
pub fn finished(run: &Run) -> bool {
    matches!(run.status, Status::Unique | Status::Multiple | Status::None)
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<AxisRange, AxisRange>>;

/// A linear coordinate with the tick positions chosen by [`Axis`] (plotters' own `WithKeyPoints`
/// over `f64` cannot take a custom label formatter).
struct AxisRange {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
}

impl Ranged for AxisRange {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let f = (v - self.lo) / (self.hi - self.lo);
        if !f.is_finite() {
            return limit.0;
        }
        // Clamp far outside the plot so that integer pixel coordinates cannot overflow.
        let f = f.clamp(-10.0, 10.0);
        limit.0 + (f64::from(limit.1 - limit.0) * f + 1e-3).floor() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.minor.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

trait Draw {
    fn size(&self) -> (u32, u32);
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Turns plotters' error into its message.
trait Message<T> {
    fn msg(self) -> Result<T, String>;
}

impl<T, E: std::error::Error + Send + Sync> Message<T> for Result<T, DrawingAreaErrorKind<E>> {
    fn msg(self) -> Result<T, String> {
        self.map_err(|e| e.to_string())
    }
}

fn render(fig: &impl Draw, ctx: &PlotContext<'_>, stem: &str) -> Result<(), PlotError> {
    font::ensure_registered().map_err(PlotError::Font)?;
    let png = ctx.dir.join(format!("{stem}.png"));
    let err = |path: &Path| {
        let path = path.to_path_buf();
        move |message| PlotError::Draw { path, message }
    };
    {
        let root = BitMapBackend::new(&png, fig.size()).into_drawing_area();
        root.fill(&WHITE).msg().map_err(err(&png))?;
        fig.draw(&root).map_err(err(&png))?;
        root.present().msg().map_err(err(&png))?;
    }
    let svg = ctx.dir.join(format!("{stem}.svg"));
    let root = SVGBackend::new(&svg, fig.size()).into_drawing_area();
    root.fill(&WHITE).msg().map_err(err(&svg))?;
    fig.draw(&root).map_err(err(&svg))?;
    root.present().msg().map_err(err(&svg))?;
    Ok(())
}

/// A numeric axis in transformed coordinates.
#[derive(Clone, Debug)]
struct Axis {
    log: bool,
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
    label: String,
    /// A tick with a word instead of a number (the `beyond` column).
    special: Option<(f64, &'static str)>,
}

impl Axis {
    /// A log10 axis covering raw values `min..=max` (both > 0).
    fn log(min: f64, max: f64, label: impl Into<String>) -> Axis {
        let (a, b) = (min.max(1e-9).log10(), max.max(min).max(1e-9).log10());
        let pad = ((b - a) * 0.04).max(0.05);
        let (lo, hi) = (a - pad, b + pad);
        let mut ticks = Vec::new();
        let mut minor = Vec::new();
        for d in (lo.floor() as i32)..=(hi.ceil() as i32) {
            for k in 1..10 {
                let t = f64::from(d) + f64::from(k).log10();
                if t < lo || t > hi {
                    continue;
                }
                // With fewer than three decades, label 2 and 5 as well.
                if k == 1 || (hi - lo < 2.5 && (k == 2 || k == 5)) {
                    ticks.push(t);
                } else {
                    minor.push(t);
                }
            }
        }
        Axis {
            log: true,
            lo,
            hi,
            ticks,
            minor,
            label: label.into(),
            special: None,
        }
    }

    /// A linear axis covering `min..=max` with round ticks.
    fn linear(min: f64, max: f64, label: impl Into<String>) -> Axis {
        let span = (max - min).max(1e-9);
        let (lo, hi) = (min - span * 0.03, max + span * 0.03);
        let raw = (hi - lo) / 6.0;
        let mag = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * mag)
            .find(|s| *s >= raw)
            .unwrap_or(10.0 * mag);
        let mut ticks = Vec::new();
        let mut t = (lo / step).ceil() * step;
        while t <= hi + 1e-12 {
            ticks.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
            t += step;
        }
        Axis {
            log: false,
            lo,
            hi,
            ticks,
            minor: Vec::new(),
            label: label.into(),
            special: None,
        }
    }

    /// A log axis when the positive values span more than two decades, else linear.
    fn auto(min: f64, max: f64, label: &str) -> Axis {
        if min > 0.0 && max / min > 100.0 {
            Axis::log(min, max, format!("{label} (log scale)"))
        } else {
            Axis::linear(min, max, label)
        }
    }

    fn t(&self, v: f64) -> f64 {
        if self.log {
            v.max(1e-9).log10()
        } else {
            v
        }
    }

    fn fmt(&self, tv: f64) -> String {
        if let Some((at, word)) = self.special {
            if (tv - at).abs() < 1e-6 {
                return word.to_string();
            }
        }
        if self.log {
            si(10f64.powf(tv))
        } else {
            trim_number(tv)
        }
    }

    fn range(&self) -> AxisRange {
        let mut ticks = self.ticks.clone();
        if let Some((at, _)) = self.special {
            ticks.push(at);
        }
        AxisRange {
            lo: self.lo,
            hi: self.hi,
            ticks,
            minor: self.minor.clone(),
        }
    }
}

/// `1234` → `1.23k`, `5e6` → `5M`, `0.02` → `0.02`.
fn si(v: f64) -> String {
    let (scaled, suffix) = if v >= 1e9 {
        (v / 1e9, "G")
    } else if v >= 1e6 {
        (v / 1e6, "M")
    } else if v >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    format!("{}{suffix}", trim_number(scaled))
}

/// Up to three significant decimals, trailing zeros dropped.
fn trim_number(v: f64) -> String {
    let digits = if v.abs() >= 100.0 {
        0
    } else if v.abs() >= 1.0 {
        2
    } else {
        3
    };
    let s = format!("{v:.digits$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".to_string()
    } else {
        s
    }
}

/// Okabe–Ito colours (distinguishable with the common colour-vision deficiencies).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(153, 153, 153),
];

const MEDIAN_COLOR: RGBColor = RGBColor(227, 26, 28);

/// Viridis at `t` in `[0, 1]`, interpolated between five of its colours.
fn viridis(t: f64) -> RGBColor {
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

fn text(size: f64) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&BLACK)
}

fn bold(size: f64) -> TextStyle<'static> {
    (FAMILY, size, FontStyle::Bold).into_font().color(&BLACK)
}

fn chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    caption: &str,
    x: &Axis,
    y: &Axis,
) -> Result<Chart<'a, DB>, String> {
    let mut builder = ChartBuilder::on(area);
    if !caption.is_empty() {
        builder.caption(caption, bold(17.0));
    }
    let mut chart = builder
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(x.range(), y.range())
        .msg()?;
    let xf = |v: &f64| x.fmt(*v);
    let yf = |v: &f64| y.fmt(*v);
    chart
        .configure_mesh()
        .x_desc(x.label.as_str())
        .y_desc(y.label.as_str())
        .x_label_formatter(&xf)
        .y_label_formatter(&yf)
        .label_style(text(13.0))
        .axis_desc_style(text(14.0))
        .bold_line_style(RGBColor(210, 210, 210))
        .light_line_style(RGBColor(238, 238, 238))
        .draw()
        .msg()?;
    Ok(chart)
}

fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .label_font(text(13.0))
        .background_style(WHITE.mix(0.75))
        .border_style(RGBColor(160, 160, 160))
        .draw()
        .msg()
}

/// Points in transformed coordinates, drawn as a scatter or as a 2-D histogram.
struct Cloud {
    points: Vec<(f64, f64)>,
    /// Draw a 2-D histogram instead of a scatter (decided per figure, so panels look alike).
    density: bool,
    /// Width of an x cell when x is discrete (SE ratings: 0.1); `None` for a continuous x.
    x_cell: Option<f64>,
    /// Horizontal jitter of the scatter (half-width).
    jitter: f64,
}

/// One cell of a 2-D histogram, in transformed coordinates.
struct Cell {
    lower_left: (f64, f64),
    upper_right: (f64, f64),
    count: u64,
}

/// What the marks of a cloud mean, for the figure's subtitle.
fn cloud_note(density: bool, jitter: bool) -> &'static str {
    match (density, jitter) {
        (true, _) => "cells: number of puzzles, log colour scale from 1 (purple) to the panel's maximum (yellow)",
        (false, true) => "dots: one puzzle each, jittered by ±0.035 along the rating axis",
        (false, false) => "dots: one puzzle each",
    }
}

impl Cloud {
    /// Puzzles per cell of the 2-D histogram, in cell order.
    fn cells(&self, x: &Axis, y: &Axis) -> Vec<Cell> {
        let cell_y = (y.hi - y.lo) / 48.0;
        let (cell_x, origin_x) = match self.x_cell {
            Some(w) => (w, -w / 2.0),
            None => ((x.hi - x.lo) / 72.0, x.lo),
        };
        let mut counts: HashMap<(i64, i64), u64> = HashMap::new();
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
    fn max_cell(&self, x: &Axis, y: &Axis) -> Option<u64> {
        self.density
            .then(|| self.cells(x, y).iter().map(|c| c.count).max().unwrap_or(0))
    }

    fn draw<DB: DrawingBackend>(
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

fn draw_median<DB: DrawingBackend>(
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

/// Grid shape for `n` panels.
fn grid(n: usize) -> (usize, usize) {
    let cols = match n {
        0 | 1 => 1,
        2 | 4 => 2,
        _ => 3,
    };
    (n.max(1).div_ceil(cols), cols)
}

/// The x axis of an SE-scale rating: linear, integer ticks, an extra `beyond` column if needed.
fn se_axis(scores: impl Iterator<Item = f64>, beyond: bool, label: &str) -> (Axis, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for s in scores {
        lo = lo.min(s);
        hi = hi.max(s);
    }
    if !lo.is_finite() {
        (lo, hi) = (1.0, 2.0);
    }
    let beyond_x = ((hi + 0.7) * 10.0).round() / 10.0;
    let top = if beyond { beyond_x } else { hi };
    let mut axis = Axis::linear(lo.floor().min(lo - 0.2), top + 0.3, label);
    axis.lo = lo.floor().min(lo - 0.2);
    axis.hi = top + 0.3;
    axis.ticks = (axis.lo.ceil() as i32..=hi.floor() as i32)
        .map(f64::from)
        .collect();
    axis.minor = (((axis.lo * 2.0).ceil() as i32)..=((hi * 2.0).floor() as i32))
        .map(|h| f64::from(h) / 2.0)
        .collect();
    if beyond {
        axis.special = Some((beyond_x, "beyond"));
    }
    (axis, beyond_x)
}

/// `(rating, nodes)` of the finished runs of solver `s` on puzzles that have this rating.
fn rated_nodes(data: &StudyData, s: usize, kind: RatingKind) -> Vec<(Rating, u64)> {
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

struct NodesVsRating<'a> {
    data: &'a StudyData,
    kind: RatingKind,
    title: String,
    seed: u64,
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
            let caption = match cloud.max_cell(&x, &y) {
                _ if points.is_empty() => {
                    format!("{} (n = 0: no finished runs)", self.data.solvers[s])
                }
                Some(m) => format!(
                    "{} (n = {}, cells: 1–{m} puzzles)",
                    self.data.solvers[s],
                    points.len()
                ),
                None => format!("{} (n = {})", self.data.solvers[s], points.len()),
            };
            let mut c = chart(area, &caption, &x, &y)?;
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
fn level_medians(
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
fn binned_medians(points: &[(f64, f64)], bins: usize) -> Vec<(f64, f64)> {
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

struct Ecdf {
    title: String,
    x_label: String,
    series: Vec<(String, Vec<f64>)>,
}

/// The step function of the ECDF as (value, share) vertices, thinned to at most ~1500 steps.
fn ecdf_steps(values: &[f64]) -> Vec<(f64, f64)> {
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
fn counted_runs(data: &StudyData, s: usize) -> impl Iterator<Item = &Run> {
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

struct Versus {
    title: String,
    x_label: String,
    y_label: String,
    points: Vec<(f64, f64)>,
    seed: u64,
}

impl Draw for Versus {
    fn size(&self) -> (u32, u32) {
        (900, 860)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let max = self.points.iter().map(|p| p.0.max(p.1)).fold(1.0, f64::max);
        let x = Axis::log(1.0, max, self.x_label.as_str());
        let y = Axis::log(1.0, max, self.y_label.as_str());
        let cloud = Cloud {
            points: self.points.iter().map(|&(a, b)| (x.t(a), y.t(b))).collect(),
            density: self.points.len() > SCATTER_MAX,
            x_cell: None,
            jitter: 0.0,
        };
        let note = match cloud.max_cell(&x, &y) {
            Some(m) => format!("cells: 1 to {m} puzzles, log colour scale from purple to yellow"),
            None => cloud_note(false, false).to_string(),
        };
        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let body = body.titled(&note, text(14.0)).msg()?;
        let mut c = chart(&body, "", &x, &y)?;
        cloud.draw(&mut c, &x, &y, self.seed)?;
        let diag = ShapeStyle::from(&BLACK.mix(0.6)).stroke_width(1);
        c.draw_series(DashedLineSeries::new(
            vec![(x.lo, x.lo), (x.hi, x.hi)],
            6,
            4,
            diag,
        ))
        .msg()?
        .label("equal counts (y = x)")
        .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + 14, ly)], diag));
        legend(&mut c, SeriesLabelPosition::LowerRight)
    }
}

/// DLX nodes against `singles` nodes per puzzle (log–log). `None` unless both solvers ran.
pub fn dlx_vs_singles(
    data: &StudyData,
    ctx: &PlotContext<'_>,
) -> Result<Option<Figure>, PlotError> {
    let (Some(d), Some(s)) = (data.solver("dlx"), data.solver("singles")) else {
        return Ok(None);
    };
    let points: Vec<(f64, f64)> = data.runs[s]
        .iter()
        .zip(&data.runs[d])
        .filter_map(|(a, b)| {
            let (a, b) = (
                a.as_ref().filter(|r| finished(r))?,
                b.as_ref().filter(|r| finished(r))?,
            );
            Some((a.nodes.max(1) as f64, b.nodes.max(1) as f64))
        })
        .collect();
    let stem = "dlx-vs-singles".to_string();
    let fig = Versus {
        title: format!(
            "DLX nodes vs singles nodes — {}, n = {} of N = {} puzzles",
            ctx.corpus,
            points.len(),
            data.puzzles()
        ),
        x_label: "singles: search nodes (log scale)".into(),
        y_label: "dlx: search nodes (log scale)".into(),
        points,
        seed: ctx.seed,
    };
    render(&fig, ctx, &stem)?;
    Ok(Some(Figure {
        stem,
        caption: "Per puzzle, DLX search nodes against the nodes of the naked+hidden-singles \
                  backtracker (both finished)"
            .into(),
    }))
}

struct Histograms<'a> {
    data: &'a StudyData,
    kinds: Vec<RatingKind>,
    title: String,
}

impl Draw for Histograms<'_> {
    fn size(&self) -> (u32, u32) {
        ((620 * self.kinds.len() as u32).max(900), 520)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let body = root.titled(&self.title, bold(22.0)).msg()?;
        let panels = body.split_evenly((1, self.kinds.len()));
        let ratings = self.data.ratings.as_deref().unwrap_or(&[]);
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
                let (x, beyond_x) = se_axis(scores.iter().copied(), beyond > 0, kind.label());
                let mut counts: HashMap<i64, usize> = HashMap::new();
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
            let mut y = Axis::linear(0.0, top, "puzzles");
            y.lo = 0.0;
            let caption = format!("{} (n = {})", kind.column(), values.len());
            let mut c = chart(area, &caption, &x, &y)?;
            c.draw_series(
                bars.into_iter().map(|(l, r, n)| {
                    Rectangle::new([(l, 0.0), (r, n as f64)], PALETTE[0].filled())
                }),
            )
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
    let kinds: Vec<RatingKind> = RatingKind::ALL
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
        caption: "Distribution of each rating (SE-scale ratings per 0.1 level)".into(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(si(1.0), "1");
        assert_eq!(si(1000.0), "1k");
        assert_eq!(si(20000.0), "20k");
        assert_eq!(si(1_500_000.0), "1.5M");
        assert_eq!(si(0.01), "0.01");
        assert_eq!(trim_number(2.5), "2.5");
        assert_eq!(trim_number(-0.0), "0");
    }

    #[test]
    fn ecdf_steps_end_at_one() {
        let path = ecdf_steps(&[3.0, 1.0, 1.0, 2.0]);
        assert_eq!(
            path,
            vec![
                (1.0, 0.0),
                (1.0, 0.5),
                (2.0, 0.5),
                (2.0, 0.75),
                (3.0, 0.75),
                (3.0, 1.0)
            ]
        );
    }

    #[test]
    fn log_axis_ticks_are_decades() {
        let a = Axis::log(1.0, 1e5, "n");
        assert!(a.ticks.contains(&0.0) && a.ticks.contains(&5.0));
        assert_eq!(a.fmt(3.0), "1k");
    }
}
