//! Figure `dlx-vs-singles`: per puzzle, DLX nodes against the nodes of the singles backtracker.

use super::axis::{chart, legend, Axis};
use super::cloud::{cloud_note, colour_bar, split_for_bar, Cloud, COLOUR_BAR_WIDTH};
use super::frame::*;

pub(super) struct Versus {
    pub(super) title: String,
    pub(super) x_label: String,
    pub(super) y_label: String,
    pub(super) points: Vec<(f64, f64)>,
    /// Appended to the subtitle (the puzzles left out).
    pub(super) note: String,
    pub(super) seed: u64,
}

impl Draw for Versus {
    fn size(&self) -> (u32, u32) {
        let bar = if self.points.len() > SCATTER_MAX {
            COLOUR_BAR_WIDTH
        } else {
            0
        };
        (900 + bar, 860)
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
        let body = root.titled(&self.title, bold(20.0)).msg()?;
        let body = body
            .titled(
                &format!("{}{}", cloud_note(cloud.density, false), self.note),
                text(14.0),
            )
            .msg()?;
        let (left, strip) = split_for_bar(&body, cloud.density);
        let mut c = chart(&left, "", &x, &y)?;
        if let (Some(strip), Some(max @ 1..)) = (&strip, cloud.max_cell(&x, &y)) {
            colour_bar(strip, c.plotting_area().get_pixel_range().1, max)?;
        }
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
    // Puzzles both solvers ran on where a budget stopped either: left out, and counted.
    let left_out = data.runs[s]
        .iter()
        .zip(&data.runs[d])
        .filter(|(a, b)| match (a, b) {
            (Some(a), Some(b)) => stopped(a) || stopped(b),
            _ => false,
        })
        .count();
    let points: Vec<(f64, f64)> = data.runs[s]
        .iter()
        .zip(&data.runs[d])
        .filter_map(|(a, b)| {
            let (a, b) = (
                a.as_ref().filter(|r| finished(r))?,
                b.as_ref().filter(|r| finished(r))?,
            );
            Some((a.nodes?.max(1) as f64, b.nodes?.max(1) as f64))
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
        note: if left_out > 0 {
            format!(" · {left_out} puzzles where a budget stopped either solver left out")
        } else {
            String::new()
        },
        seed: ctx.seed,
    };
    render(&fig, ctx, &stem)?;
    Ok(Some(Figure {
        stem,
        caption: format!(
            "Per puzzle, DLX search nodes against the nodes of the naked+hidden-singles \
             backtracker (both finished{})",
            if left_out > 0 {
                format!("; {left_out} puzzles where a budget stopped either are left out")
            } else {
                String::new()
            }
        ),
    }))
}
