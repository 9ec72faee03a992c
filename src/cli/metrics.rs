//! `dlxlab metrics`: the difficulty metrics of several studies side by side (issue 35,
//! `reports/metrics/`); the library's `report::metrics_report` does the work.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use dlxlab::report::metrics_report::{self, Corpus, MetricsOptions};
use dlxlab::report::stats::BootstrapConfig;

/// Every difficulty metric of several studies side by side: a Spearman matrix with bootstrap
/// intervals per corpus (ER, EP, ED, decision tree, inference level, η and HoDoKu where the
/// ratings have them, each solver's nodes and guesses), the best predictor of each solver's
/// effort, the puzzles the ratings disagree on most, and figures. Writes OUT/report.md and the
/// figures (PNG and SVG).
#[derive(Args, Debug)]
pub struct MetricsArgs {
    /// A corpus: NAME=DIR, DIR a study directory (runs.csv, ratings.csv); NAME=DIR+FILE also
    /// joins the rating columns of FILE (a `rate --chaos` or `rate --hodoku` CSV) by puzzle, and
    /// NAME=DIR+FILE+FILE2... several such files in turn. Repeat for each corpus, in report order.
    #[arg(long = "study", value_name = "NAME=DIR[+FILE...]", required = true)]
    studies: Vec<String>,
    /// The report directory (its discussion.md, written by hand, is kept and shown).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Bootstrap resamples of the intervals (0: none).
    #[arg(long, default_value_t = 1000)]
    bootstrap: usize,
    /// Seed of the bootstrap.
    #[arg(long, default_value_t = BootstrapConfig::default().seed)]
    seed: u64,
    /// Puzzles listed per corpus as the ones the ratings disagree on most.
    #[arg(long, default_value_t = 10)]
    disagreements: usize,
    /// The solver whose nodes the figures plot each rating against.
    #[arg(long, default_value = "dlx")]
    effort_solver: String,
    /// Draw nothing: compare OUT/report.md with the report of the given studies (exit 1 on a
    /// difference).
    #[arg(long)]
    check: bool,
}

fn corpus(spec: &str) -> anyhow::Result<Corpus> {
    let Some((name, rest)) = spec.split_once('=') else {
        bail!("--study {spec}: expected NAME=DIR or NAME=DIR+FILE[+FILE...]");
    };
    let mut parts = rest.split('+');
    let dir = parts.next().unwrap_or_default();
    let extras: Vec<PathBuf> = parts.map(PathBuf::from).collect();
    if name.is_empty() || dir.is_empty() || extras.iter().any(|f| f.as_os_str().is_empty()) {
        bail!("--study {spec}: expected NAME=DIR or NAME=DIR+FILE[+FILE...]");
    }
    Ok(Corpus {
        name: name.to_string(),
        dir: PathBuf::from(dir),
        extras,
    })
}

pub fn run(args: MetricsArgs) -> anyhow::Result<ExitCode> {
    let corpora = args
        .studies
        .iter()
        .map(|s| corpus(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let options = MetricsOptions {
        bootstrap: BootstrapConfig {
            replicates: args.bootstrap,
            seed: args.seed,
            ..BootstrapConfig::default()
        },
        disagreements: args.disagreements,
        effort_solver: args.effort_solver,
    };
    if args.check {
        return match metrics_report::check(&corpora, &args.out, &options) {
            Ok(()) => {
                println!("metrics: {} is what today's code gives", args.out.display());
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                eprintln!("metrics: {e}");
                Ok(ExitCode::from(1))
            }
        };
    }
    let written =
        metrics_report::write(&corpora, &args.out, &options).map_err(anyhow::Error::msg)?;
    println!(
        "metrics: wrote {} files in {}",
        written.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
