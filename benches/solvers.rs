//! Every registered solver on a fixed sample of 17-clue puzzles (the first 1000 of the corpus; see
//! `support/sample17.rs`), beside the `sudoku` crate (a port of JCZSolve) doing the same job in the
//! same run: prove uniqueness by counting up to two solutions and keep the first one.
//!
//! ```text
//! DLXLAB_DATA=../shared/datasets taskset -c 0 cargo bench --bench solvers
//! ```
//!
//! Throughput is in puzzles: one iteration solves the whole sample. Time is the measuring thread's
//! CPU time (see `support/cpu_clock.rs`), so other processes on a shared machine do not inflate it;
//! set `DLXLAB_BENCH_WALL=1` for wall time. `backtrack` is skipped — plain cell-order backtracking
//! needs hours on some 17-clue puzzles, and a node budget would time a different job. A solver
//! whose untimed first pass (a correctness check) counts more than ten million search nodes is
//! measured on the puzzles that pass got through (`mrv`: about 200); its throughput is per puzzle
//! all the same. Node counts do not depend on the machine, so neither does that sample.

#[path = "support/cpu_clock.rs"]
mod cpu_clock;
#[path = "support/sample17.rs"]
mod sample17;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlxlab::solvers::{all_solvers, SolveLimits, Status};
use dlxlab::sudoku::{check_solution, Grid};

/// Solvers too slow for a 17-clue sample.
const SKIPPED: [&str; 1] = ["backtrack"];

/// Search nodes allowed to a solver's untimed first pass before its sample is cut short (the
/// same default as the `solver_table` example).
const FIRST_PASS_NODES: u64 = 10_000_000;

/// A criterion measurement of the thread's CPU time in nanoseconds, or of wall time when
/// `DLXLAB_BENCH_WALL` is set.
struct BenchClock {
    wall: bool,
}

impl BenchClock {
    fn now(&self) -> Duration {
        if self.wall {
            // Any fixed origin will do: only differences are used.
            static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
            ORIGIN.get_or_init(Instant::now).elapsed()
        } else {
            cpu_clock::thread_cpu_time()
        }
    }
}

impl Measurement for BenchClock {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        self.now()
    }

    fn end(&self, start: Duration) -> Duration {
        self.now().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Values are nanoseconds either way, so wall time's formatter prints them right.
        WallTime.formatter()
    }
}

fn solvers(c: &mut Criterion<BenchClock>) {
    let sample = sample17::load();
    eprintln!(
        "solvers bench: {} puzzles from {}",
        sample.puzzles.len(),
        sample.source
    );
    let grids: Vec<Grid> = sample
        .puzzles
        .iter()
        .map(|line| Grid::parse(line).expect("sample puzzles parse"))
        .collect();
    let peers: Vec<sudoku::Sudoku> = sample
        .puzzles
        .iter()
        .map(|line| sudoku::Sudoku::from_str_line(line).expect("sample puzzles parse"))
        .collect();
    let limits = SolveLimits::default();

    let mut group = c.benchmark_group("17-clue");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    group.throughput(Throughput::Elements(peers.len() as u64));
    group.bench_function("sudoku-crate", |b| {
        b.iter(|| {
            for &peer in &peers {
                let mut first = [[0u8; 81]];
                black_box(black_box(peer).solutions_up_to_buffer(&mut first, 2));
                black_box(&first);
            }
        })
    });

    for solver in all_solvers() {
        let name = solver.name();
        if SKIPPED.contains(&name) || !solver.supports(grids[0].shape()) {
            continue;
        }
        // Not timed: a solver that answers wrongly has no business in the table.
        let (mut n, mut nodes) = (0, 0);
        for grid in &grids {
            let out = solver.solve(grid, &limits);
            assert_eq!(out.status, Status::Unique, "{name} on {grid}");
            let solution = out
                .solution
                .as_ref()
                .expect("a unique puzzle has a solution");
            check_solution(grid, solution).expect("solutions are valid");
            n += 1;
            nodes += out.stats.nodes;
            if nodes > FIRST_PASS_NODES {
                break;
            }
        }
        if n < grids.len() {
            eprintln!(
                "{name}: measured on the first {n} puzzles only (node budget of the first pass)"
            );
        }
        let subset = &grids[..n];
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for grid in subset {
                    black_box(solver.solve(black_box(grid), &limits));
                }
            })
        });
    }
    group.finish();
}

mod common;

fn config() -> Criterion<BenchClock> {
    common::register_font();
    Criterion::default().with_measurement(BenchClock {
        wall: std::env::var_os("DLXLAB_BENCH_WALL").is_some(),
    })
}

criterion_group! {
    name = benches;
    config = config();
    targets = solvers
}
criterion_main!(benches);
