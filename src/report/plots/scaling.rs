//! The scaling report's figure (reports/scaling, issue 25): how each job's wall and CPU time
//! change with threads, in three panels side by side, threads on a log2 axis in each:
//! - speed-up over 1 thread (log2 axis too), with the ideal, speed-up = threads, dashed;
//! - efficiency, speed-up / threads, with a dashed line at 100%;
//! - CPU time against the 1-thread run's, with a dashed line at 1 (threads added no CPU).
//!
//! A target (a least speed-up, or a most CPU, at a thread count) is a hollow triangle in its
//! job's colour: pointing up on the first two panels at the least speed-up (and the efficiency it
//! means), pointing down on the third at the most CPU. The legend, in a strip under the panels where it hides no point,
//! says each job's targets in words.

use super::axis::{trim_number, Axis, AxisRange};
use super::frame::*;

/// One measurement of a job: its thread count and the three ratios drawn (`None`: not
/// measurable, e.g. over a 1-thread time of 0.00 s; that panel leaves the point out).
#[derive(Clone, Debug, PartialEq)]
pub struct ScalingPoint {
    /// Worker threads (≥ 1).
    pub threads: u32,
    /// Wall time of the 1-thread run over this run's (> 0).
    pub speedup: Option<f64>,
    /// `speedup / threads`.
    pub efficiency: Option<f64>,
    /// CPU time of this run over the 1-thread run's.
    pub cpu_vs_1_thread: Option<f64>,
}

/// A job's line: one point per thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct ScalingSeries {
    /// Legend text.
    pub label: String,
    /// Its points, by thread count.
    pub points: Vec<ScalingPoint>,
    /// Drawn dashed (a control, such as independent copies, rather than the job itself).
    pub dashed: bool,
}

/// A target of one series at one thread count.
#[derive(Clone, Debug, PartialEq)]
pub struct ScalingTarget {
    /// Index of the series in [`ScalingFigure::series`].
    pub series: usize,
    /// The thread count it is set at.
    pub threads: u32,
    /// The least speed-up wanted.
    pub min_speedup: Option<f64>,
    /// The most CPU time wanted, as a multiple of the 1-thread run's.
    pub max_cpu: Option<f64>,
}

/// The data of the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct ScalingFigure {
    /// Title line (say the machine).
    pub title: String,
    /// The line under the title (how to read it).
    pub note: String,
    /// Up to eight series (the colours of the palette).
    pub series: Vec<ScalingSeries>,
    /// Targets drawn as hollow triangles.
    pub targets: Vec<ScalingTarget>,
}

/// Width of one panel, and of the figure's panel row.
const PANEL_W: u32 = 540;
/// Height of the title, note and panels, above the legend strip.
const BODY_H: u32 = 560;
/// Height of one legend line.
const KEY_LINE: u32 = 24;

impl ScalingFigure {
    fn key_lines(&self) -> u32 {
        // Two columns of series, and one line for the dashed references and the triangles.
        (self.series.len() as u32).div_ceil(2) + 1
    }

    fn points(&self) -> impl Iterator<Item = &ScalingPoint> {
        self.series.iter().flat_map(|s| s.points.iter())
    }

    /// What the legend says of the targets of series `s`, e.g. `≥ 14x, CPU ≤ 1.15 at 16 threads`.
    fn target_text(&self, s: usize) -> String {
        let mut parts = Vec::new();
        for t in self.targets.iter().filter(|t| t.series == s) {
            let mut bounds = Vec::new();
            if let Some(v) = t.min_speedup {
                bounds.push(format!("≥ {}x", trim_number(v)));
            }
            if let Some(v) = t.max_cpu {
                bounds.push(format!("CPU ≤ {}", trim_number(v)));
            }
            let unit = if t.threads == 1 { "thread" } else { "threads" };
            parts.push(format!("{} at {} {unit}", bounds.join(", "), t.threads));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" (target {})", parts.join("; "))
        }
    }
}

/// The threads axis: log2, a tick at every thread count drawn.
fn threads_axis(counts: &[u32]) -> AxisRange {
    let mut ticks: Vec<f64> = counts.iter().map(|&t| f64::from(t.max(1)).log2()).collect();
    ticks.sort_by(f64::total_cmp);
    ticks.dedup();
    let (lo, hi) = match (ticks.first(), ticks.last()) {
        (Some(&lo), Some(&hi)) => (lo, hi),
        _ => (0.0, 1.0),
    };
    let pad = ((hi - lo) * 0.06).max(0.25);
    AxisRange {
        lo: lo - pad,
        hi: hi + pad,
        ticks,
        minor: Vec::new(),
    }
}

/// A log2 axis over the values `lo..=hi` (both > 0): ticks at the powers of two, or, where the
/// range holds fewer than three, at every quarter (half past 4) so that a 2-core run still reads.
pub(super) fn log2_axis(lo: f64, hi: f64) -> AxisRange {
    let (lo, hi) = (lo.max(1e-3), hi.max(lo.max(1e-3)));
    let (a, b) = (lo.log2(), hi.log2());
    let pad = ((b - a) * 0.05).max(0.08);
    let powers: Vec<f64> = (a.floor() as i32..=b.ceil() as i32)
        .map(f64::from)
        .filter(|p| *p >= a - 1e-9 && *p <= b + 1e-9)
        .collect();
    let ticks = if powers.len() >= 3 {
        powers
    } else {
        let step = if hi > 4.0 { 0.5 } else { 0.25 };
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (first..=last).map(|k| (k as f64 * step).log2()).collect()
    };
    AxisRange {
        lo: a - pad,
        hi: b + pad,
        ticks,
        minor: Vec::new(),
    }
}

/// The range of `values` together with `always` (a reference every panel shows).
fn span(values: impl Iterator<Item = f64>, always: f64) -> (f64, f64) {
    values
        .filter(|v| v.is_finite())
        .fold((always, always), |(a, b), v| (a.min(v), b.max(v)))
}

/// What one panel draws: a value of a point, and where a target's triangle goes.
struct Panel<'a> {
    caption: &'a str,
    y_label: &'a str,
    y: AxisRange,
    /// Tick label of a transformed y value.
    y_fmt: &'a dyn Fn(f64) -> String,
    /// The transformed y of a point, if it has that value.
    value: &'a dyn Fn(&ScalingPoint) -> Option<f64>,
    /// The transformed y of a target's triangle on this panel, if it has one here.
    target: &'a dyn Fn(&ScalingTarget) -> Option<f64>,
    /// The dashed reference: from (x, y) to (x, y), transformed.
    reference: [(f64, f64); 2],
    /// The targets here are least values (a triangle pointing up), else most values (down).
    target_up: bool,
}

/// A hollow triangle centred on `(x, y)` in pixels, pointing up or down.
fn triangle((x, y): (i32, i32), up: bool, style: ShapeStyle) -> PathElement<(i32, i32)> {
    let d = if up { 1 } else { -1 };
    PathElement::new(
        vec![
            (x, y - 8 * d),
            (x - 8, y + 6 * d),
            (x + 8, y + 6 * d),
            (x, y - 8 * d),
        ],
        style,
    )
}

impl ScalingFigure {
    fn panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        x: &AxisRange,
        p: &Panel<'_>,
    ) -> Result<(), String> {
        let mut c = ChartBuilder::on(area)
            .caption(p.caption, bold(16.0))
            .margin(14)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(x.clone(), p.y.clone())
            .msg()?;
        let xf = |v: &f64| trim_number(2f64.powf(*v).round());
        let yf = |v: &f64| (p.y_fmt)(*v);
        house_mesh(
            c.configure_mesh()
                .x_desc("threads (log2 scale)")
                .y_desc(p.y_label)
                .x_label_formatter(&xf)
                .y_label_formatter(&yf),
        )
        .draw()
        .msg()?;
        let reference = ShapeStyle::from(&BLACK.mix(0.6)).stroke_width(1);
        c.draw_series(DashedLineSeries::new(p.reference, 6, 4, reference))
            .msg()?;
        for (s, series) in self.series.iter().enumerate() {
            let colour = series_colour(s);
            let line = ShapeStyle::from(&colour).stroke_width(2);
            let points: Vec<(f64, f64)> = series
                .points
                .iter()
                .filter_map(|pt| Some((f64::from(pt.threads.max(1)).log2(), (p.value)(pt)?)))
                .collect();
            if series.dashed {
                c.draw_series(DashedLineSeries::new(points.clone(), 8, 5, line))
                    .msg()?;
            } else {
                c.draw_series(LineSeries::new(points.clone(), line)).msg()?;
            }
            // Each series' dots a pixel larger than the next one's, so that a job whose points
            // coincide with a later job's (the study with and without plots on 2 cores) still
            // shows as a ring around them.
            let radius = 4 + (self.series.len() - 1 - s).min(4) as i32;
            c.draw_series(
                points
                    .iter()
                    .map(|&pt| Circle::new(pt, radius, ShapeStyle::from(&colour).filled())),
            )
            .msg()?;
        }
        for t in &self.targets {
            let Some(y) = (p.target)(t) else { continue };
            let colour = series_colour(t.series);
            let style = ShapeStyle::from(&colour).stroke_width(2);
            c.draw_series(std::iter::once(
                EmptyElement::at((f64::from(t.threads.max(1)).log2(), y))
                    + triangle((0, 0), p.target_up, style),
            ))
            .msg()?;
        }
        Ok(())
    }
}

impl Draw for ScalingFigure {
    fn size(&self) -> (u32, u32) {
        (3 * PANEL_W, BODY_H + KEY_LINE * self.key_lines() + 16)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        if !self
            .points()
            .any(|p| p.speedup.is_some() || p.cpu_vs_1_thread.is_some())
        {
            return Err("no point to draw".into());
        }
        let mut counts: Vec<u32> = self.points().map(|p| p.threads).collect();
        counts.extend(self.targets.iter().map(|t| t.threads));
        let x = threads_axis(&counts);
        let (x_lo, x_hi) = (x.lo, x.hi);

        let (s_lo, s_hi) = span(
            self.points()
                .filter_map(|p| p.speedup)
                .chain(self.targets.iter().filter_map(|t| t.min_speedup))
                .chain(counts.iter().map(|&t| f64::from(t))),
            1.0,
        );
        let speed_axis = log2_axis(s_lo, s_hi);
        // The ideal, speed-up = threads, is the diagonal in log2 coordinates: from where it enters
        // the panel to where it leaves it.
        let (d_lo, d_hi) = (x_lo.max(speed_axis.lo), x_hi.min(speed_axis.hi));
        let speed_fmt = |v: f64| format!("{}x", trim_number(2f64.powf(v)));
        let speed_value = |p: &ScalingPoint| p.speedup.map(|v| v.max(1e-3).log2());
        let speed_target = |t: &ScalingTarget| t.min_speedup.map(|v| v.max(1e-3).log2());

        let efficiency = |v: f64| v * 100.0;
        let (e_lo, e_hi) = span(
            self.points()
                .filter_map(|p| p.efficiency.map(efficiency))
                .chain(self.targets.iter().filter_map(|t| {
                    t.min_speedup
                        .map(|v| efficiency(v / f64::from(t.threads.max(1))))
                })),
            100.0,
        );
        let e_axis = Axis::linear(e_lo.min(80.0), e_hi.max(105.0), "");
        let e_fmt = |v: f64| format!("{}%", trim_number(v));
        let e_value = |p: &ScalingPoint| p.efficiency.map(efficiency);
        let e_target = |t: &ScalingTarget| {
            t.min_speedup
                .map(|v| efficiency(v / f64::from(t.threads.max(1))))
        };

        let (c_lo, c_hi) = span(
            self.points()
                .filter_map(|p| p.cpu_vs_1_thread)
                .chain(self.targets.iter().filter_map(|t| t.max_cpu)),
            1.0,
        );
        let c_axis = Axis::linear(c_lo.min(0.9), c_hi.max(1.2), "");
        let c_fmt = |v: f64| trim_number(v);
        let c_value = |p: &ScalingPoint| p.cpu_vs_1_thread;
        let c_target = |t: &ScalingTarget| t.max_cpu;

        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let body = body.titled(&self.note, text(14.0)).msg()?;
        let (w, h) = body.dim_in_pixel();
        let strip = KEY_LINE * self.key_lines() + 16;
        let (body, key) = body.split_vertically(h.saturating_sub(strip));
        let panels = body.split_evenly((1, 3));
        self.panel(
            &panels[0],
            &x,
            &Panel {
                caption: "Speed-up over 1 thread (wall time)",
                y_label: "speed-up (log2 scale)",
                y: speed_axis.clone(),
                y_fmt: &speed_fmt,
                value: &speed_value,
                target: &speed_target,
                reference: [(d_lo, d_lo), (d_hi, d_hi)],
                target_up: true,
            },
        )?;
        self.panel(
            &panels[1],
            &x,
            &Panel {
                caption: "Efficiency: speed-up / threads",
                y_label: "efficiency",
                y: e_axis.range(),
                y_fmt: &e_fmt,
                value: &e_value,
                target: &e_target,
                reference: [(x_lo, 100.0), (x_hi, 100.0)],
                target_up: true,
            },
        )?;
        self.panel(
            &panels[2],
            &x,
            &Panel {
                caption: "CPU time against the 1-thread run",
                y_label: "CPU time / 1-thread CPU time",
                y: c_axis.range(),
                y_fmt: &c_fmt,
                value: &c_value,
                target: &c_target,
                reference: [(x_lo, 1.0), (x_hi, 1.0)],
                target_up: false,
            },
        )?;

        // The legend: the series in two columns, then the references and the triangles.
        let col_w = (w / 2) as i32;
        for (s, series) in self.series.iter().enumerate() {
            let colour = series_colour(s);
            let style = ShapeStyle::from(&colour).stroke_width(2);
            let (x0, y0) = (
                24 + col_w * (s % 2) as i32,
                8 + KEY_LINE as i32 * (s / 2) as i32,
            );
            let ends = vec![(x0, y0 + 8), (x0 + 28, y0 + 8)];
            if series.dashed {
                key.draw(&PathElement::new(
                    vec![(x0, y0 + 8), (x0 + 10, y0 + 8)],
                    style,
                ))
                .msg()?;
                key.draw(&PathElement::new(
                    vec![(x0 + 18, y0 + 8), (x0 + 28, y0 + 8)],
                    style,
                ))
                .msg()?;
            } else {
                key.draw(&PathElement::new(ends, style)).msg()?;
            }
            key.draw(&Circle::new((x0 + 14, y0 + 8), 4, style.filled()))
                .msg()?;
            key.draw(&Text::new(
                format!("{}{}", series.label, self.target_text(s)),
                (x0 + 38, y0),
                text(14.0),
            ))
            .msg()?;
        }
        let y0 = 8 + KEY_LINE as i32 * (self.key_lines() as i32 - 1);
        let grey = ShapeStyle::from(&BLACK.mix(0.6)).stroke_width(1);
        for x0 in [24, 35, 46] {
            key.draw(&PathElement::new(
                vec![(x0, y0 + 8), (x0 + 6, y0 + 8)],
                grey,
            ))
            .msg()?;
        }
        key.draw(&Text::new(
            "ideal: speed-up = threads, 100% efficiency, no CPU added",
            (62, y0),
            text(14.0),
        ))
        .msg()?;
        if !self.targets.is_empty() {
            let black = ShapeStyle::from(&BLACK).stroke_width(2);
            key.draw(&triangle((col_w + 30, y0 + 9), true, black))
                .msg()?;
            key.draw(&triangle((col_w + 50, y0 + 7), false, black))
                .msg()?;
            key.draw(&Text::new(
                "issue 25's targets in the job's colour: least speed-up, most CPU",
                (col_w + 66, y0),
                text(14.0),
            ))
            .msg()?;
        }
        Ok(())
    }
}

/// Draws `DIR/STEM.png` and `DIR/STEM.svg`.
pub fn scaling_figure(fig: &ScalingFigure, dir: &Path, stem: &str) -> Result<(), PlotError> {
    render_in(fig, dir, stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_core_speed_up_axis_has_quarter_ticks_and_a_sixteen_core_one_powers_of_two() {
        let two = log2_axis(1.0, 2.04);
        let values: Vec<f64> = two.ticks.iter().map(|t| 2f64.powf(*t)).collect();
        assert_eq!(values.len(), 5, "{values:?}");
        assert!((values[2] - 1.5).abs() < 1e-9);
        let sixteen = log2_axis(1.0, 16.0);
        assert_eq!(sixteen.ticks, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert!(sixteen.lo < 0.0 && sixteen.hi > 4.0);
    }

    #[test]
    fn the_threads_axis_ticks_every_count_drawn() {
        let x = threads_axis(&[1, 2, 12, 2]);
        assert_eq!(x.ticks.len(), 3);
        assert!((x.ticks[2] - 12f64.log2()).abs() < 1e-12);
    }
}
