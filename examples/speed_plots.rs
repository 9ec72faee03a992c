//! Draws the speed report's figures (reports/speed) from its `speed.csv`:
//! `cargo run --release --example speed_plots -- DIR` (scripts/speed-report.sh runs it).

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "reports/speed".into());
    match dlxlab::report::speed::write(Path::new(&dir)) {
        Ok(figures) => {
            for f in figures {
                eprintln!("wrote {dir}/{}.png and {dir}/{}.svg", f.stem, f.stem);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("speed_plots: {e}");
            ExitCode::from(2)
        }
    }
}
