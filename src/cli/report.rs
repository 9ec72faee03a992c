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
    /// Check DIR, a committed report, instead of drawing it: draw the report of the study in
    /// `--against` with DIR's options and discussion, and compare everything deterministic
    /// (deterministic.json, report.md and summary.md outside their measured sections, the
    /// figures but the time ones). Exit 1 naming each difference. `scripts/reproduce.sh --check`
    /// reruns the study and calls this.
    #[arg(long, requires = "against")]
    check: bool,
    /// With `--check`: the directory of a fresh study of the same corpus, solvers and limits
    /// (its report files are overwritten).
    #[arg(long, value_name = "FRESH", requires = "check")]
    against: Option<PathBuf>,
    /// DIR is a scaling report (`scripts/scaling.sh`) instead of a study: draw its figure,
    /// DIR/speedup.png and DIR/speedup.svg, from DIR/scaling.csv (speed-up, efficiency and CPU
    /// against threads per job, with issue 25's targets).
    #[arg(long, conflicts_with_all = ["check", "title"])]
    scaling: bool,
    /// With `--scaling`: the CPU model named in the figure's title.
    #[arg(long, value_name = "MODEL", requires = "scaling")]
    cpu_model: Option<String>,
    /// With `--scaling`: the machine's logical CPUs (`nproc`), named in the title and deciding
    /// which targets hold (default: the largest thread count in scaling.csv).
    #[arg(long, value_name = "N", requires = "scaling")]
    cpus: Option<u32>,
}

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    if args.scaling {
        let machine = report::scaling::Machine {
            cpu_model: args.cpu_model,
            cpus: args.cpus,
        };
        let figure = report::scaling::write(&args.dir, &machine)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("scaling figure of {}", args.dir.display()))?;
        let dir = args.dir.display();
        println!(
            "report: wrote {dir}/{}.png and {dir}/{}.svg",
            figure.stem, figure.stem
        );
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(fresh) = &args.against {
        let differences = report::check::check(&args.dir, fresh, &ReportOptions::default())
            .with_context(|| {
                format!(
                    "checking {} against {}",
                    args.dir.display(),
                    fresh.display()
                )
            })?;
        if differences.is_empty() {
            println!(
                "report check: {} is what today's code gives (deterministic content identical to {})",
                args.dir.display(),
                fresh.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "report check: {} differs from what today's code gives ({} differences):",
            args.dir.display(),
            differences.len()
        );
        for d in &differences {
            eprintln!("  {}: {}", d.what, d.detail);
        }
        return Ok(ExitCode::FAILURE);
    }
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
