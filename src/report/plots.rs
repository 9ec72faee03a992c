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

mod axis;
mod cloud;
mod ecdf;
mod engines;
mod frame;
mod histograms;
mod labelled;
mod nodes_vs_rating;
mod pair;
mod scaling;
mod time_vs_nodes;
mod versus;

pub use cloud::MEDIAN_MIN_PUZZLES;
pub use ecdf::{coinciding, nodes_ecdf, time_ecdf};
pub use engines::{engines_time, ratio_rows, EnginesFigure, RatioSeries};
pub use frame::{
    finished, stopped, stopped_per_solver, Figure, PlotContext, PlotError, SCATTER_MAX,
};
pub use histograms::rating_histograms;
pub use labelled::{labelled_scatter, LabelledPoint, LabelledScatter, PointGroup};
pub use nodes_vs_rating::{nodes_vs_rating, nodes_vs_rating_stem};
pub use pair::{pair_figure, PairFigure};
pub use scaling::{scaling_figure, ScalingFigure, ScalingPoint, ScalingSeries, ScalingTarget};
pub use time_vs_nodes::time_vs_nodes;
pub use versus::dlx_vs_singles;

#[cfg(test)]
mod tests;
