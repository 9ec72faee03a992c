//! Prints the README's solver table: puzzles per second, microseconds per puzzle, nodes and guesses
//! per puzzle for each registered solver, and the speed ratio to the `sudoku` crate (a port of
//! JCZSolve) doing the same job — count up to two solutions, keep the first — on the same sample of
//! 17-clue puzzles as `benches/solvers.rs`.
//!
//! ```text
//! taskset -c 0 cargo run --release --example solver_table [-- --rounds 7 --puzzles 1000]
//! ```
//!
//! Rounds are interleaved (peer, then every solver, then again) so that a burst of noise on a shared
//! machine hits every row alike; each row reports the median round (and the best round, which a
//! noisy machine disturbs least); the ratio is of medians. `backtrack` is left out: plain
//! cell-order backtracking takes hours on some 17-clue puzzles.

#[path = "../benches/support/sample17.rs"]
mod sample17;

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use dlxlab::solvers::{all_solvers, SolveLimits, Solver, Status};
use dlxlab::sudoku::{check_solution, Grid};

/// Solvers too slow for a 17-clue sample.
const SKIPPED: [&str; 1] = ["backtrack"];

/// One row of the table.
struct Row {
    name: String,
    rounds: Vec<Duration>,
    nodes: u64,
    guesses: u64,
    counted: bool,
}

impl Row {
    fn median(&self) -> Duration {
        let mut r = self.rounds.clone();
        r.sort();
        r[r.len() / 2]
    }

    fn best(&self) -> Duration {
        self.rounds.iter().copied().min().unwrap_or_default()
    }
}

fn main() {
    let mut rounds = 7usize;
    let mut puzzles = sample17::SAMPLE_SIZE;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--rounds", Some(v)) if v > 0 => rounds = v,
            ("--puzzles", Some(v)) if v > 0 => puzzles = v,
            _ => {
                eprintln!("usage: solver_table [--rounds N] [--puzzles N]");
                std::process::exit(2);
            }
        }
    }

    let sample = sample17::load();
    let lines: Vec<&String> = sample.puzzles.iter().take(puzzles).collect();
    let grids: Vec<Grid> = lines
        .iter()
        .map(|l| Grid::parse(l).expect("sample puzzles parse"))
        .collect();
    let peers: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).expect("sample puzzles parse"))
        .collect();
    let limits = SolveLimits::default();
    let solvers: Vec<Box<dyn Solver>> = all_solvers()
        .into_iter()
        .filter(|s| !SKIPPED.contains(&s.name()) && s.supports(grids[0].shape()))
        .collect();

    // Counters and a correctness check, outside the timed rounds.
    let mut rows = vec![Row {
        name: "sudoku crate (peer)".into(),
        rounds: Vec::new(),
        nodes: 0,
        guesses: 0,
        counted: false,
    }];
    for solver in &solvers {
        let (mut nodes, mut guesses) = (0, 0);
        for grid in &grids {
            let out = solver.solve(grid, &limits);
            assert_eq!(out.status, Status::Unique, "{} on {grid}", solver.name());
            check_solution(grid, out.solution.as_ref().expect("unique has a solution"))
                .expect("solutions are valid");
            nodes += out.stats.nodes;
            guesses += out.stats.guesses;
        }
        rows.push(Row {
            name: solver.name().into(),
            rounds: Vec::new(),
            nodes,
            guesses,
            counted: true,
        });
    }

    for _ in 0..rounds {
        let start = Instant::now();
        for &peer in &peers {
            let mut first = [[0u8; 81]];
            black_box(black_box(peer).solutions_up_to_buffer(&mut first, 2));
            black_box(&first);
        }
        rows[0].rounds.push(start.elapsed());
        for (k, solver) in solvers.iter().enumerate() {
            let start = Instant::now();
            for grid in &grids {
                black_box(solver.solve(black_box(grid), &limits));
            }
            rows[k + 1].rounds.push(start.elapsed());
        }
    }

    let n = grids.len() as f64;
    let peer_rate = n / rows[0].median().as_secs_f64();
    println!(
        "{} puzzles from {}, median of {rounds} interleaved rounds, single thread",
        grids.len(),
        sample.source
    );
    println!(
        "git {} · {} · {}",
        command_line("git", &["rev-parse", "--short", "HEAD"]),
        command_line("rustc", &["-V"]),
        cpu_model()
    );
    println!();
    println!(
        "| solver | puzzles/s | µs/puzzle | best µs/puzzle | nodes/puzzle | guesses/puzzle | vs sudoku crate |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        let secs = row.median().as_secs_f64();
        let rate = n / secs;
        let (nodes, guesses) = if row.counted {
            (
                format!("{:.2}", row.nodes as f64 / n),
                format!("{:.2}", row.guesses as f64 / n),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        println!(
            "| {} | {:.0} | {:.2} | {:.2} | {} | {} | {:.2}x |",
            row.name,
            rate,
            secs * 1e6 / n,
            row.best().as_secs_f64() * 1e6 / n,
            nodes,
            guesses,
            rate / peer_rate
        );
    }
}

/// The first line a command prints, or "unknown".
fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

/// The CPU model from `/proc/cpuinfo`, or "unknown CPU".
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}
