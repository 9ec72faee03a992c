//! Makes the embedded default corpus, `datasets/default.txt`:
//!
//! ```text
//! cargo run --release --example make-default-corpus -- --seed 20261121 --count 2500 > datasets/default.txt
//! ```
//!
//! Puzzles are made in parallel but each from its own random stream, so the output depends only on
//! the seed and the count (see `dlxlab::generate`).

use std::io::{self, Write};
use std::process::ExitCode;

use rayon::prelude::*;

use dlxlab::generate::{unique_puzzle, GENERATOR_VERSION};
use dlxlab::sudoku::Shape;

fn main() -> ExitCode {
    let mut seed: Option<u64> = None;
    let mut count: Option<u64> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--seed", Some(v)) => seed = Some(v),
            ("--count", Some(v)) => count = Some(v),
            _ => {
                eprintln!("usage: make-default-corpus --seed S --count N");
                return ExitCode::from(2);
            }
        }
    }
    let (Some(seed), Some(count)) = (seed, count) else {
        eprintln!("usage: make-default-corpus --seed S --count N");
        return ExitCode::from(2);
    };
    let puzzles: Vec<String> = (0..count)
        .into_par_iter()
        .map(|i| unique_puzzle(Shape::CLASSIC, seed, i).0.to_line())
        .collect();
    let mut out = io::stdout().lock();
    let header = format!(
        "# dlxlab default corpus: {count} 9x9 Sudoku puzzles, each with a unique solution and minimal.\n\
         # Made by dlxlab::generate, generator version {GENERATOR_VERSION}: a random complete grid by\n\
         # randomized minimum-candidates backtracking, then givens removed in a random order while the\n\
         # solution stays unique (see src/generate.rs). Puzzle i (0-based) uses random stream i.\n\
         # seed: {seed}\n\
         # command: cargo run --release --example make-default-corpus -- --seed {seed} --count {count} > datasets/default.txt\n\
         # Uniqueness is checked again by independent solvers in tests/harness.rs.\n"
    );
    let result = out
        .write_all(header.as_bytes())
        .and_then(|()| puzzles.iter().try_for_each(|p| writeln!(out, "{p}")));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("make-default-corpus: {err}");
            ExitCode::FAILURE
        }
    }
}
