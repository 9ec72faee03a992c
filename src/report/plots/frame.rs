//! What every figure shares: errors, the plot context, rendering to PNG and SVG, text styles,
//! the palette, the chart frame and the legend.

// Ordered maps where the drawing order follows them, so that SVG files are byte-identical run to run.
pub(super) use std::collections::{BTreeMap, HashMap};
pub(super) use std::path::{Path, PathBuf};

pub(super) use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
pub(super) use plotters::coord::Shift;
pub(super) use plotters::prelude::*;
pub(super) use plotters::style::text_anchor::{HPos, Pos, VPos};
pub(super) use rand::{Rng, SeedableRng};
pub(super) use rand_pcg::Pcg64;

pub(super) use crate::report::data::{Rating, RatingKind, Run, StudyData};
pub(super) use crate::report::font::{self, FAMILY};
pub(super) use crate::report::stats::median;
pub(super) use crate::solvers::Status;

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

/// Whether a run was stopped by a budget (status `limit`): its counts are where it stopped, a
/// lower bound of what finishing would take.
pub fn stopped(run: &Run) -> bool {
    run.status == Status::Limit
}

/// Per solver, in study order, how many of its runs a budget stopped; solvers with none are left
/// out.
pub fn stopped_per_solver(data: &StudyData) -> Vec<(String, usize)> {
    data.solvers
        .iter()
        .zip(&data.runs)
        .map(|(name, runs)| {
            (
                name.clone(),
                runs.iter().flatten().filter(|r| stopped(r)).count(),
            )
        })
        .filter(|(_, k)| *k > 0)
        .collect()
}

/// A sentence for a figure's caption in the report naming the runs stopped by a budget, e.g.
/// `"; runs stopped by a budget: backtrack 5008"` (empty when there are none).
pub(super) fn stopped_sentence(counts: &[(String, usize)], how: &str) -> String {
    if counts.is_empty() {
        return String::new();
    }
    let list: Vec<String> = counts.iter().map(|(s, k)| format!("{s} {k}")).collect();
    format!("; runs stopped by a budget ({how}): {}", list.join(", "))
}

pub(super) trait Draw {
    fn size(&self) -> (u32, u32);
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Turns plotters' error into its message.
pub(super) trait Message<T> {
    fn msg(self) -> Result<T, String>;
}

impl<T, E: std::error::Error + Send + Sync> Message<T> for Result<T, DrawingAreaErrorKind<E>> {
    fn msg(self) -> Result<T, String> {
        self.map_err(|e| e.to_string())
    }
}

/// The message of a PNG that could not be drawn or written, in words: plotters' bitmap backend
/// shows its errors as debug text (`ImageError(IoError(Os { .. }))`), so the cause is taken out.
fn bitmap_message(e: DrawingAreaErrorKind<plotters_bitmap::BitMapBackendError>) -> String {
    use plotters_bitmap::BitMapBackendError as B;
    let backend = |e: B| match e {
        B::IOError(io) => io.to_string(),
        B::ImageError(image) => image.to_string(),
        B::InvalidBuffer => "the pixel buffer has the wrong size".to_string(),
    };
    match e {
        DrawingAreaErrorKind::BackendError(plotters_backend::DrawingErrorKind::DrawingError(e)) => {
            backend(e)
        }
        DrawingAreaErrorKind::BackendError(plotters_backend::DrawingErrorKind::FontError(e)) => {
            format!("font: {e}")
        }
        other => other.to_string(),
    }
}

pub(super) fn render(fig: &impl Draw, ctx: &PlotContext<'_>, stem: &str) -> Result<(), PlotError> {
    font::ensure_registered().map_err(PlotError::Font)?;
    // Each file is drawn under a temporary name (`<stem>.partial.png`: the bitmap backend picks
    // its encoder by the extension) and renamed when complete, so that a failure (a full disk)
    // leaves the earlier figure or none, never a truncated one; the temporary file is removed.
    let png = ctx.dir.join(format!("{stem}.png"));
    let png_partial = ctx.dir.join(format!("{stem}.partial.png"));
    commit(&png_partial, &png, || {
        let root = BitMapBackend::new(&png_partial, fig.size()).into_drawing_area();
        root.fill(&WHITE).map_err(bitmap_message)?;
        fig.draw(&root)?;
        root.present().map_err(bitmap_message)
    })?;
    let svg = ctx.dir.join(format!("{stem}.svg"));
    let svg_partial = ctx.dir.join(format!("{stem}.partial.svg"));
    commit(&svg_partial, &svg, || {
        let root = SVGBackend::new(&svg_partial, fig.size()).into_drawing_area();
        root.fill(&WHITE).msg()?;
        fig.draw(&root)?;
        root.present().msg()
    })
}

/// Runs `draw`, which writes `partial` (its backend dropped, so flushed, when it returns), and
/// renames `partial` to `dest`; on any failure removes `partial` and leaves `dest` as it was.
fn commit(
    partial: &Path,
    dest: &Path,
    draw: impl FnOnce() -> Result<(), String>,
) -> Result<(), PlotError> {
    let done = draw().and_then(|()| std::fs::rename(partial, dest).map_err(|e| e.to_string()));
    done.map_err(|message| {
        let _ = std::fs::remove_file(partial);
        PlotError::Draw {
            path: dest.to_path_buf(),
            message,
        }
    })
}

/// [`render`] for a figure outside a study (no corpus name, no jitter).
pub(super) fn render_in(fig: &impl Draw, dir: &Path, stem: &str) -> Result<(), PlotError> {
    let ctx = PlotContext {
        dir,
        corpus: "",
        seed: 0,
    };
    render(fig, &ctx, stem)
}

/// Okabe–Ito colours (distinguishable with the common colour-vision deficiencies), then four of
/// Paul Tol's muted scheme, so that a study of every registered solver (nine) draws each in its
/// own colour; [`series_colour`] goes on past them.
pub(super) const PALETTE: [RGBColor; 12] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(153, 153, 153),
    RGBColor(136, 34, 85),
    RGBColor(153, 153, 51),
    RGBColor(68, 170, 153),
    RGBColor(51, 34, 136),
];

/// The colour of series `k` of a figure: [`PALETTE`] in order, then hues a golden angle apart
/// (never a colour of the palette again), so that no two series of one figure share a colour.
pub(super) fn series_colour(k: usize) -> RGBColor {
    if let Some(&c) = PALETTE.get(k) {
        return c;
    }
    let hue = ((k - PALETTE.len()) as f64 * 137.507_764).rem_euclid(360.0);
    let lightness = [0.35, 0.5, 0.65][(k - PALETTE.len()) / 3 % 3];
    let rgb = HSLColor(hue / 360.0, 0.75, lightness).to_rgba();
    RGBColor(rgb.0, rgb.1, rgb.2)
}

pub(super) const MEDIAN_COLOR: RGBColor = RGBColor(227, 26, 28);

/// The house style of a chart's grid and labels (tick labels 13 pt, axis titles 14 pt, light grey
/// grid lines), shared by every figure with axes.
pub(super) fn house_mesh<'m, 'a, 'b, X, Y, DB>(
    mesh: &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged,
    Y: Ranged,
    DB: DrawingBackend,
{
    mesh.label_style(text(13.0))
        .axis_desc_style(text(14.0))
        .bold_line_style(RGBColor(210, 210, 210))
        .light_line_style(RGBColor(238, 238, 238))
}

pub(super) fn text(size: f64) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&BLACK)
}

pub(super) fn bold(size: f64) -> TextStyle<'static> {
    (FAMILY, size, FontStyle::Bold).into_font().color(&BLACK)
}

/// Grid shape for `n` panels.
pub(super) fn grid(n: usize) -> (usize, usize) {
    let cols = match n {
        0 | 1 => 1,
        2 | 4 => 2,
        _ => 3,
    };
    (n.max(1).div_ceil(cols), cols)
}
