//! A reference adapter for `--external`: the `sudoku` crate (a dev-dependency) behind dlxlab's
//! line protocol (docs/external-solvers.md). Reads one puzzle per line on standard input and
//! answers one line each: the solution when it is unique, `multiple`, or `none`.
//!
//! ```sh
//! cargo build --release --example external_sudoku
//! dlxlab study --external sudoku-crate=target/release/examples/external_sudoku
//! ```
//!
//! The crate's `solution` proves uniqueness (it searches for a second solution), which is what
//! dlxlab's solvers do under the default `--max-solutions 2`; it reports no node counts.

use std::io::{self, BufRead, BufWriter, Write};

use sudoku::Sudoku;

/// The answer line to one puzzle line.
fn answer(line: &str) -> String {
    let Ok(puzzle) = Sudoku::from_str_line(line.trim()) else {
        // Not a 9x9 puzzle line: claim nothing (dlxlab never sends one).
        return "limit".to_string();
    };
    if let Some(solution) = puzzle.solution() {
        return solution.to_str_line().to_string();
    }
    // No unique solution: tell none from multiple by counting up to two.
    if puzzle.solutions_count_up_to(2) == 0 {
        "none".to_string()
    } else {
        "multiple".to_string()
    }
}

fn main() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        writeln!(out, "{}", answer(&line?))?;
        // One answer per puzzle, at once: dlxlab waits for it before sending the next.
        out.flush()?;
    }
    Ok(())
}
