//! Every registered solver on a fixed sample of 17-clue puzzles, beside the `sudoku` crate (a port of
//! JCZSolve) doing the same job in the same run: prove uniqueness by counting up to two solutions and
//! keep the first one.
//!
//! Throughput is in puzzles: one iteration solves the whole sample. `backtrack` is skipped — plain
//! cell-order backtracking needs hours on some 17-clue puzzles, and a node budget would time a
//! different job. Run with `cargo bench --bench solvers` (single-threaded; pin it with
//! `taskset -c 0` for steadier numbers).

#[path = "support/sample17.rs"]
mod sample17;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlxlab::solvers::{all_solvers, SolveLimits, Status};
use dlxlab::sudoku::{check_solution, Grid};

/// Solvers too slow for a 17-clue sample.
const SKIPPED: [&str; 1] = ["backtrack"];

fn solvers(c: &mut Criterion) {
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
        .throughput(Throughput::Elements(grids.len() as u64))
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

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
        for grid in &grids {
            let out = solver.solve(grid, &limits);
            assert_eq!(out.status, Status::Unique, "{name} on {grid}");
            let solution = out
                .solution
                .as_ref()
                .expect("a unique puzzle has a solution");
            check_solution(grid, solution).expect("solutions are valid");
        }
        group.bench_function(name, |b| {
            b.iter(|| {
                for grid in &grids {
                    black_box(solver.solve(black_box(grid), &limits));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
