//! Prints the README's solver table: puzzles per second, microseconds per puzzle, nodes and guesses
//! per puzzle for each registered solver, and the speed ratio to the `sudoku` crate (a port of
//! JCZSolve) doing the same job — count up to two solutions, keep the first — on the same sample of
//! 17-clue puzzles as `benches/solvers.rs`.
//!
//! ```text
//! taskset -c 0 cargo run --release --example solver_table [-- --rounds 15 --puzzles 1000 --budget-ms 2000]
//! ```
//!
//! Time is the CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`), so the time slices
//! other processes take on a shared machine do not count; a busy sibling hyperthread still slows
//! it. The best wall-clock round is shown beside it as a cross-check.
//!
//! Rounds are interleaved (peer, then every solver, then again, in alternating order) so that
//! noise hits every row alike; each row reports the median round. The ratio is the median over
//! rounds of the peer's time over the solver's on the same puzzles in the same round. A solver
//! whose untimed first pass (counters and correctness check) runs past `--budget-ms` is measured on
//! the puzzles that pass got through, and the peer is timed again on those. `backtrack` is left
//! out: plain cell-order backtracking takes hours on some 17-clue puzzles.

#[path = "../benches/support/cpu_clock.rs"]
mod cpu_clock;
#[path = "../benches/support/sample17.rs"]
mod sample17;

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use cpu_clock::thread_cpu_time;
use dlxlab::solvers::{all_solvers, SolveLimits, Solver, Status};
use dlxlab::sudoku::{check_solution, Grid};

/// Solvers too slow for a 17-clue sample.
const SKIPPED: [&str; 1] = ["backtrack"];

/// One timed run: wall time and the thread's CPU time.
#[derive(Clone, Copy)]
struct Lap {
    wall: Duration,
    cpu: Duration,
}

/// Times `work` on both clocks.
fn lap(work: impl FnOnce()) -> Lap {
    let (wall, cpu) = (Instant::now(), thread_cpu_time());
    work();
    Lap {
        cpu: thread_cpu_time().saturating_sub(cpu),
        wall: wall.elapsed(),
    }
}

/// One row of the table.
struct Row {
    name: String,
    /// Puzzles measured: the first `n` of the sample.
    n: usize,
    laps: Vec<Lap>,
    /// The peer's laps on the same first `n` puzzles, one per round.
    peer_laps: Vec<Lap>,
    /// Total nodes and guesses over the `n` puzzles (`None` for the peer, which does not say).
    counts: Option<(u64, u64)>,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let mut rounds = 15usize;
    let mut puzzles = sample17::SAMPLE_SIZE;
    let mut budget_ms = 2000u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--rounds", Some(v)) if v > 0 => rounds = v,
            ("--puzzles", Some(v)) if v > 0 => puzzles = v,
            ("--budget-ms", Some(v)) if v > 0 => budget_ms = v as u64,
            _ => {
                eprintln!("usage: solver_table [--rounds N] [--puzzles N] [--budget-ms MS]");
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

    // Counters and a correctness check, outside the timed rounds. A solver whose first pass runs
    // past the budget is measured on the puzzles it got through, so the table stays minutes long.
    let budget = Duration::from_millis(budget_ms);
    let mut rows = vec![Row {
        name: "sudoku crate (peer)".into(),
        n: grids.len(),
        laps: Vec::new(),
        peer_laps: Vec::new(),
        counts: None,
    }];
    for solver in &solvers {
        let (mut nodes, mut guesses, mut n) = (0, 0, 0);
        let start = Instant::now();
        for grid in &grids {
            let out = solver.solve(grid, &limits);
            assert_eq!(out.status, Status::Unique, "{} on {grid}", solver.name());
            check_solution(grid, out.solution.as_ref().expect("unique has a solution"))
                .expect("solutions are valid");
            nodes += out.stats.nodes;
            guesses += out.stats.guesses;
            n += 1;
            if start.elapsed() > budget {
                break;
            }
        }
        rows.push(Row {
            name: solver.name().into(),
            n,
            laps: Vec::new(),
            peer_laps: Vec::new(),
            counts: Some((nodes, guesses)),
        });
    }

    let time_peer = |n: usize| {
        lap(|| {
            for &peer in &peers[..n] {
                let mut first = [[0u8; 81]];
                black_box(black_box(peer).solutions_up_to_buffer(&mut first, 2));
                black_box(&first);
            }
        })
    };
    for round in 0..rounds {
        // Odd rounds run the solvers before the peer, so that no periodic disturbance always
        // falls on the same row.
        let solvers_first = round % 2 == 1;
        let mut full = None;
        if !solvers_first {
            full = Some(time_peer(grids.len()));
        }
        for (k, solver) in solvers.iter().enumerate() {
            let row = &mut rows[k + 1];
            let timed = lap(|| {
                for grid in &grids[..row.n] {
                    black_box(solver.solve(black_box(grid), &limits));
                }
            });
            row.laps.push(timed);
        }
        let full = full.unwrap_or_else(|| time_peer(grids.len()));
        rows[0].laps.push(full);
        rows[0].peer_laps.push(full);
        for row in &mut rows[1..] {
            let peer = if row.n == grids.len() {
                full
            } else {
                time_peer(row.n)
            };
            row.peer_laps.push(peer);
        }
    }

    println!(
        "first {} puzzles of {}; thread CPU time, median of {rounds} interleaved rounds; one thread",
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
        "| solver | puzzles | puzzles/s | µs/puzzle | best wall µs/puzzle | nodes/puzzle | guesses/puzzle | vs sudoku crate |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        let n = row.n as f64;
        let cpu = median(row.laps.iter().map(|l| l.cpu.as_secs_f64()).collect());
        let wall = row
            .laps
            .iter()
            .map(|l| l.wall.as_secs_f64())
            .fold(f64::INFINITY, f64::min);
        let (nodes, guesses) = match row.counts {
            Some((nodes, guesses)) => (
                format!("{:.2}", nodes as f64 / n),
                format!("{:.2}", guesses as f64 / n),
            ),
            None => ("—".to_string(), "—".to_string()),
        };
        // Each round's ratio pairs two runs close in time.
        let ratio = median(
            row.laps
                .iter()
                .zip(&row.peer_laps)
                .map(|(own, peer)| peer.cpu.as_secs_f64() / own.cpu.as_secs_f64())
                .collect(),
        );
        println!(
            "| {} | {} | {:.0} | {:.2} | {:.2} | {} | {} | {:.2}x |",
            row.name,
            row.n,
            n / cpu,
            cpu * 1e6 / n,
            wall * 1e6 / n,
            nodes,
            guesses,
            ratio
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
