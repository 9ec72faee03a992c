//! `dlxlab report DIR`: figures, statistics and report.md from a study directory.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use dlxlab::report::{self, stats::BootstrapConfig, ReportOptions};

/// Plots, statistics and summary.md from a study's CSV files.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Study directory holding runs.csv (and ratings.csv if rated).
    dir: PathBuf,
    /// Corpus name shown in titles (default: from meta.json, else the directory name).
    #[arg(long)]
    title: Option<String>,
    /// Bootstrap resamples for the confidence intervals (0: no intervals).
    #[arg(long, default_value_t = 1000)]
    bootstrap: usize,
    /// Seed of the bootstrap and of the plot jitter.
    #[arg(long, default_value_t = BootstrapConfig::default().seed)]
    seed: u64,
}

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let options = ReportOptions {
        title: args.title,
        bootstrap: BootstrapConfig {
            replicates: args.bootstrap,
            seed: args.seed,
            ..BootstrapConfig::default()
        },
    };
    let report = report::generate(&args.dir, &options)
        .with_context(|| format!("report on {}", args.dir.display()))?;
    println!(
        "report: {} puzzles, {} figures (PNG + SVG), {} correlations -> {}",
        report.puzzles,
        report.figures.len(),
        report.correlations.len(),
        report
            .written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(ExitCode::SUCCESS)
}
