//! Counting at scale (issue 7): parallel speed-up of split counting, and serial counting against
//! the `exact-covers` crate (v0.3, `DlSolver`, Knuth's Algorithm C) on the same problems, in the
//! same run.
//!
//! ```text
//! cargo bench --bench count                 # smaller instances of the same shapes (minutes)
//! DLXLAB_BENCH_FULL=1 cargo bench --bench count   # N-queens 14 and all 6x6 grids (an hour)
//! cargo bench --bench count -- parallel     # speed-up only
//! cargo bench --bench count -- exact-covers # throughput against exact-covers only
//! ```
//!
//! Both solvers get the same items and options in the same order, and both timings include
//! building the matrix (exact-covers' `solve` consumes its solver, so it must be rebuilt for every
//! run). dlxlab's serial count uses `engine::for_problem`, the engine `dlxlab xc --count` uses:
//! `UniformDlx` for the Sudoku grids (all items primary, four per option), `Dlx` for N-queens
//! (secondary items) and the pentominoes (more options per piece than the fast path holds). The
//! split counts use the same choice (`engine::exact`). The parallel runs use a rayon pool of `DLXLAB_BENCH_THREADS` threads (default 2, this
//! machine's vCPUs) and a split deep enough for 64 subproblems per thread.

use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use exact_covers::{DlSolver, Solver};

use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::count::count;
use dlxlab::xc::engine::for_problem;
use dlxlab::xc::split;
use dlxlab::xc::{ChoicePolicy, ItemKind, Limits, Problem};

/// All Sudoku grids with boxes of `br` x `bc` cells: cell, row-digit, column-digit, box-digit.
/// With `first_row`, the first row is given as `1 2 … n` (the count is then divided by `n!`).
fn sudoku_grids(br: usize, bc: usize, first_row: bool) -> Problem {
    let n = br * bc;
    let mut b = Problem::builder();
    let mut ids = Vec::new();
    for kind in ["p", "r", "c", "x"] {
        for k in 0..n * n {
            ids.push(b.primary(format!("{kind}{k}")).unwrap());
        }
    }
    let nn = n * n;
    for row in 0..n {
        for col in 0..n {
            let bx = (row / br) * br + col / bc;
            for d in 0..n {
                if first_row && row == 0 && d != col {
                    continue;
                }
                b.option(&[
                    ids[row * n + col],
                    ids[nn + row * n + d],
                    ids[2 * nn + col * n + d],
                    ids[3 * nn + bx * n + d],
                ])
                .unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// What `dlxlab xc --count` does: the engine `for_problem` chooses, one serial count.
fn dlxlab_count(p: &Problem) -> u64 {
    let mut engine = for_problem(p);
    count(engine.as_mut(), 0, &Limits::NONE).stats.solutions
}

fn dlxlab_parallel(p: &Problem, pool: &rayon::ThreadPool, threads: usize) -> u64 {
    pool.install(|| {
        let plan = split::split_auto(p, ChoicePolicy::Mrv, 64 * threads, 12).unwrap();
        split::count_parallel(p, &plan, &Limits::NONE, &|| {})
            .unwrap()
            .stats
            .solutions
    })
}

/// The same problem for exact-covers: items are their dense ids; uncoloured secondary items get
/// `None` (exact-covers' "unique colour", i.e. at most once).
fn exact_covers_count(p: &Problem) -> u64 {
    let primary: Vec<u32> = (0..p.n_primary() as u32).collect();
    let secondary: Vec<u32> = (p.n_primary() as u32..p.n_items() as u32).collect();
    let mut solver: DlSolver<u32, u32> = DlSolver::new(&primary, &secondary);
    let mut prim = Vec::new();
    let mut sec = Vec::new();
    for o in p.option_ids() {
        prim.clear();
        sec.clear();
        for e in p.option(o) {
            match p.item(e.item).kind {
                ItemKind::Primary => prim.push(e.item.0),
                ItemKind::Secondary => sec.push((e.item.0, e.color.map(|c| c.0))),
            }
        }
        solver.add_option(&prim, &sec);
    }
    let mut n = 0;
    solver.solve(|_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// The full instances of the issue (N-queens 14, all 6x6 grids: minutes per sample on two
/// cores) with `DLXLAB_BENCH_FULL=1`; by default smaller ones of the same shape.
fn full() -> bool {
    std::env::var_os("DLXLAB_BENCH_FULL").is_some_and(|v| v == "1")
}

fn queens(n: usize) -> Problem {
    Queens::new(n).unwrap().problem().clone()
}

fn threads() -> usize {
    std::env::var("DLXLAB_BENCH_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

fn parallel_speedup(c: &mut Criterion) {
    let threads = threads();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let problems = if full() {
        [
            ("queens-14", queens(14), 365_596),
            ("sudoku-6x6-grids", sudoku_grids(2, 3, false), 28_200_960),
        ]
    } else {
        [
            ("queens-13", queens(13), 73_712),
            ("sudoku-6x6-grids-row1", sudoku_grids(2, 3, true), 39_168),
        ]
    };
    let mut g = c.benchmark_group("parallel");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(if full() { 600 } else { 20 }));
    for (name, p, want) in &problems {
        g.bench_function(BenchmarkId::new("serial", name), |b| {
            b.iter(|| assert_eq!(dlxlab_count(p), *want))
        });
        g.bench_function(
            BenchmarkId::new(format!("split-{threads}-threads"), name),
            |b| b.iter(|| assert_eq!(dlxlab_parallel(p, &pool, threads), *want)),
        );
    }
    g.finish();
}

fn against_exact_covers(c: &mut Criterion) {
    let mut problems = vec![
        ("queens-12", queens(12), 14_200),
        ("queens-13", queens(13), 73_712),
        (
            "pentomino-6x10",
            Tiling::pentominoes(10, 6, false).unwrap().problem().clone(),
            9356,
        ),
        ("sudoku-6x6-grids-row1", sudoku_grids(2, 3, true), 39_168),
    ];
    if full() {
        problems.push(("queens-14", queens(14), 365_596));
        problems.push(("sudoku-6x6-grids", sudoku_grids(2, 3, false), 28_200_960));
    }
    let mut g = c.benchmark_group("exact-covers");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(if full() { 600 } else { 20 }));
    for (name, p, want) in &problems {
        g.bench_function(BenchmarkId::new("dlxlab", name), |b| {
            b.iter(|| assert_eq!(dlxlab_count(p), *want))
        });
        g.bench_function(BenchmarkId::new("exact-covers-0.3", name), |b| {
            b.iter(|| assert_eq!(exact_covers_count(p), *want))
        });
    }
    g.finish();
}

mod common;

criterion_group! {
    name = benches;
    config = common::config();
    targets = parallel_speedup, against_exact_covers
}
criterion_main!(benches);
