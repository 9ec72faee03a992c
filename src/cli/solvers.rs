//! `dlxlab solvers`: the registered solvers with their descriptors and supported sizes.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;

use dlxlab::solvers::{all_solvers, counting_solvers};
use dlxlab::sudoku::Shape;

/// List the registered solvers (the study set, then the counting solvers) with their descriptors.
#[derive(Args, Debug)]
pub struct SolversArgs {}

pub fn run(_args: SolversArgs) -> anyhow::Result<ExitCode> {
    let shapes: Vec<Shape> = [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6)]
        .into_iter()
        .filter_map(|(r, c)| Shape::new(r, c))
        .collect();
    let mut out = io::stdout().lock();
    let counting: Vec<&str> = counting_solvers().iter().map(|s| s.name()).collect();
    for solver in all_solvers().into_iter().chain(counting_solvers()) {
        let d = solver.descriptor();
        let sizes: Vec<String> = shapes
            .iter()
            .filter(|&&s| solver.supports(s))
            .map(|s| format!("{}x{}", s.side(), s.side()))
            .collect();
        if counting.contains(&solver.name()) {
            writeln!(
                out,
                "{}  (for counting: not in the default study set; `dlxlab count` uses it)",
                solver.name()
            )?;
        } else {
            writeln!(out, "{}", solver.name())?;
        }
        writeln!(out, "  representation: {}", d.representation)?;
        writeln!(out, "  propagation:    {}", d.propagation)?;
        writeln!(out, "  heuristic:      {}", d.heuristic)?;
        writeln!(out, "  sizes:          {}", sizes.join(" "))?;
        // `band` runs on `fast`'s propagation, so on the same compiled path.
        if matches!(solver.name(), "fast" | "band") {
            let path = dlxlab::solvers::fast::paths::current();
            let others: Vec<&str> = dlxlab::solvers::fast::paths::Path::ALL
                .into_iter()
                .filter(|p| *p != path && p.available())
                .map(|p| p.name())
                .collect();
            writeln!(
                out,
                "  compiled path:  {} (this CPU also runs: {}; DLXLAB_FAST_PATH=NAME picks one)",
                path.name(),
                if others.is_empty() {
                    "none".to_string()
                } else {
                    others.join(", ")
                }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
