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
//! run). dlxlab's serial count uses `choose::for_problem`, the engine `dlxlab xc --count` uses:
//! `UniformDlx` for the Sudoku grids (all items primary, four per option), `Dlx` for N-queens
//! (secondary items) and the pentominoes (more options per piece than the fast path holds). The
//! split counts use the same choice (`choose::exact`). The parallel runs use a rayon pool of `DLXLAB_BENCH_THREADS` threads (default 2, this
//! machine's vCPUs) and a split deep enough for 64 subproblems per thread.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::choose::for_problem;
use dlxlab::xc::count::count;
use dlxlab::xc::split;
use dlxlab::xc::{ChoicePolicy, Limits, Problem};

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
#[path = "common/count_peer.rs"]
mod count_peer;

use count_peer::{exact_covers_count, sudoku_grids};

criterion_group! {
    name = benches;
    config = common::config();
    targets = parallel_speedup, against_exact_covers
}
criterion_main!(benches);
