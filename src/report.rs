//! Plots, statistics and markdown reports (being written: see issue 5).
