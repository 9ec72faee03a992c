//! Figure `dlx-vs-singles`: per puzzle, DLX nodes against the nodes of the singles backtracker.

use super::axis::{chart, legend, Axis};
use super::cloud::{cloud_note, Cloud};
use super::frame::*;

pub(super) struct Versus {
    pub(super) title: String,
    pub(super) x_label: String,
    pub(super) y_label: String,
    pub(super) points: Vec<(f64, f64)>,
    pub(super) seed: u64,
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
