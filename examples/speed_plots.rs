//! Draws the speed report's figures (reports/speed) from its `speed.csv`:
//! `cargo run --release --example speed_plots -- DIR` (scripts/speed-report.sh runs it); with a
//! second argument, from that table instead (`-- reports/arena reports/arena/arena.csv`,
//! scripts/arena.sh).

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "reports/speed".into());
    let drawn = match std::env::args().nth(2) {
        Some(csv) => dlxlab::report::speed::write_from(Path::new(&csv), Path::new(&dir)),
        None => dlxlab::report::speed::write(Path::new(&dir)),
    };
    match drawn {
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
