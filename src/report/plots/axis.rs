//! Numeric axes in transformed coordinates (log10 for log axes) with round tick labels, and the
//! SE-scale rating axis, and the chart frame drawn on them ([`chart`]).

use super::frame::*;

/// A linear coordinate with the tick positions chosen by [`Axis`] (plotters' own `WithKeyPoints`
/// over `f64` cannot take a custom label formatter).
#[derive(Clone, Debug)]
pub(super) struct AxisRange {
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) ticks: Vec<f64>,
    pub(super) minor: Vec<f64>,
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

/// A numeric axis in transformed coordinates.
#[derive(Clone, Debug)]
pub(super) struct Axis {
    pub(super) log: bool,
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) ticks: Vec<f64>,
    pub(super) minor: Vec<f64>,
    pub(super) label: String,
    /// A tick with a word instead of a number (the `beyond` column).
    pub(super) special: Option<(f64, &'static str)>,
}

impl Axis {
    /// A log10 axis covering raw values `min..=max` (both > 0).
    pub(super) fn log(min: f64, max: f64, label: impl Into<String>) -> Axis {
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
    pub(super) fn linear(min: f64, max: f64, label: impl Into<String>) -> Axis {
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
    pub(super) fn auto(min: f64, max: f64, label: &str) -> Axis {
        if min > 0.0 && max / min > 100.0 {
            Axis::log(min, max, format!("{label} (log scale)"))
        } else {
            Axis::linear(min, max, label)
        }
    }

    pub(super) fn t(&self, v: f64) -> f64 {
        if self.log {
            v.max(1e-9).log10()
        } else {
            v
        }
    }

    pub(super) fn fmt(&self, tv: f64) -> String {
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

    pub(super) fn range(&self) -> AxisRange {
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
pub(super) fn si(v: f64) -> String {
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
pub(super) fn trim_number(v: f64) -> String {
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

/// The x axis of an SE-scale rating: linear, integer ticks (tenths when the ratings span less than
/// two integers), an extra `beyond` column if needed.
pub(super) fn se_axis(scores: impl Iterator<Item = f64>, beyond: bool, label: &str) -> (Axis, f64) {
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
    if hi.floor() - axis.lo.ceil() >= 1.0 {
        axis.ticks = (axis.lo.ceil() as i32..=hi.floor() as i32)
            .map(f64::from)
            .collect();
        axis.minor = (((axis.lo * 2.0).ceil() as i32)..=((hi * 2.0).floor() as i32))
            .map(|h| f64::from(h) / 2.0)
            .collect();
    } else {
        // Ratings within about one point (a hard corpus of 9.0-9.2): a tick at every tenth, the
        // step of the SE scale, since integer ticks would leave one label or none.
        axis.ticks = (((axis.lo * 10.0).ceil() as i32)..=((hi * 10.0).round() as i32))
            .map(|t| f64::from(t) / 10.0)
            .collect();
        axis.minor = Vec::new();
    }
    if beyond {
        axis.special = Some((beyond_x, "beyond"));
    }
    (axis, beyond_x)
}

pub(super) type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<AxisRange, AxisRange>>;

pub(super) fn chart<'a, DB: DrawingBackend>(
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
    house_mesh(
        chart
            .configure_mesh()
            .x_desc(x.label.as_str())
            .y_desc(y.label.as_str())
            .x_label_formatter(&xf)
            .y_label_formatter(&yf),
    )
    .draw()
    .msg()?;
    Ok(chart)
}

pub(super) fn legend<'a, DB: DrawingBackend + 'a>(
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
