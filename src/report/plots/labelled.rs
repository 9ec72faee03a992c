//! A log-log scatter of a few named points, coloured by group, each point labelled with its name:
//! the speed report's guesses against time (one point per solver and corpus).

use super::axis::{chart, legend, Axis};
use super::frame::*;

/// One named point.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelledPoint {
    /// Text written beside the point.
    pub name: String,
    /// x value (> 0: the axis is log).
    pub x: f64,
    /// y value (> 0).
    pub y: f64,
    /// Drawn hollow: a point measured another way (the figure's note says how).
    pub hollow: bool,
}

/// Points sharing a colour and a legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct PointGroup {
    /// Legend text.
    pub label: String,
    /// Its points.
    pub points: Vec<LabelledPoint>,
}

/// The data of the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelledScatter {
    /// Title line.
    pub title: String,
    /// The line under the title (how to read it, what hollow means).
    pub note: String,
    /// x axis label.
    pub x_label: String,
    /// y axis label.
    pub y_label: String,
    /// Up to eight groups (colours of the palette).
    pub groups: Vec<PointGroup>,
}

impl Draw for LabelledScatter {
    fn size(&self) -> (u32, u32) {
        (1000, 680)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let all = || self.groups.iter().flat_map(|g| g.points.iter());
        let range = |f: fn(&LabelledPoint) -> f64| {
            all()
                .map(f)
                .filter(|v| *v > 0.0)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                    (a.min(v), b.max(v))
                })
        };
        let (x_lo, x_hi) = range(|p| p.x);
        let (y_lo, y_hi) = range(|p| p.y);
        if x_lo > x_hi || y_lo > y_hi {
            return Err("no point to draw".into());
        }
        // Room for the labels right of the points.
        let x = Axis::log(
            x_lo / 1.3,
            x_hi * 3.0,
            format!("{} (log scale)", self.x_label),
        );
        let y = Axis::log(
            y_lo / 1.3,
            y_hi * 1.3,
            format!("{} (log scale)", self.y_label),
        );
        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let body = body.titled(&self.note, text(14.0)).msg()?;
        let mut c = chart(&body, "", &x, &y)?;
        for (g, group) in self.groups.iter().enumerate() {
            let colour = series_colour(g);
            let filled = ShapeStyle::from(&colour).filled();
            let hollow = ShapeStyle::from(&colour).stroke_width(2);
            let label_style = text(12.0).pos(Pos::new(HPos::Left, VPos::Center));
            // Each point: its circle, and its name 10 pixels to the right.
            c.draw_series(group.points.iter().map(|p| {
                EmptyElement::at((x.t(p.x), y.t(p.y)))
                    + Circle::new((0, 0), 6, if p.hollow { hollow } else { filled })
                    + Text::new(p.name.clone(), (10, 0), label_style.clone())
            }))
            .msg()?
            .label(group.label.as_str())
            .legend(move |(px, py)| Circle::new((px + 8, py), 6, filled));
        }
        legend(&mut c, SeriesLabelPosition::UpperLeft)
    }
}

/// Draws `DIR/STEM.png` and `.svg`.
pub fn labelled_scatter(fig: &LabelledScatter, dir: &Path, stem: &str) -> Result<(), PlotError> {
    render_in(fig, dir, stem)
}
