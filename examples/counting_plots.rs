//! Draws the counting report's figures (reports/counting) from its CSVs:
//! `cargo run --release --example counting_plots -- DIR` (scripts/counting-report.sh runs it).

use std::path::Path;
use std::process::ExitCode;

/// Draws the figures of `dir` and returns their stems.
pub fn plot(dir: &Path) -> Result<Vec<String>, String> {
    Ok(dlxlab::report::counting::write(dir)?
        .into_iter()
        .map(|f| f.stem)
        .collect())
}

fn main() -> ExitCode {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "reports/counting".into());
    match plot(Path::new(&dir)) {
        Ok(stems) => {
            for s in stems {
                eprintln!("wrote {dir}/{s}.png and {dir}/{s}.svg");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("counting_plots: {e}");
            ExitCode::from(2)
        }
    }
}
