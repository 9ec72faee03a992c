//! Criterion benches of the exact-cover engine: N-queens counts, the pentomino 6x10 count, and
//! Sudoku by DLX beside the `sudoku` crate (a JCZSolve port) as the peer.
//!
//! Run: `DLXLAB_DATA=../shared/datasets cargo bench --bench xc` (a few minutes). Sudoku puzzles
//! come from the first 1000 lines of `$DLXLAB_DATA/17-clue.txt`, or from a few embedded 17-clue
//! puzzles when it is absent. The pentomino bench counts the 2,339 tilings up to symmetry (about a
//! second each); the full count of 9,356 (3.64 million nodes) is in `docs/xc-engine.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::sudoku::encode;
use dlxlab::solvers::{by_name, SolveLimits, Status};
use dlxlab::sudoku::{Grid, Shape};
use dlxlab::xc::count::count;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::engine::Engine;
use dlxlab::xc::{Limits, Problem};

fn queens(n: usize) -> Problem {
    dlxlab::puzzles::queens::Queens::new(n)
        .unwrap()
        .problem()
        .clone()
}

fn bench_queens(c: &mut Criterion) {
    let mut g = c.benchmark_group("queens_count");
    g.sample_size(10);
    for n in [10, 11, 12] {
        let mut dlx = Dlx::new(&queens(n)).unwrap();
        g.bench_function(format!("{n}"), |b| {
            b.iter(|| black_box(count(&mut dlx, 0, &Limits::NONE).stats.solutions))
        });
    }
    g.finish();
}

fn bench_pentomino(c: &mut Criterion) {
    let mut g = c.benchmark_group("pentomino_count");
    g.sample_size(10);
    let tiling = Tiling::pentominoes(6, 10, true).expect("60 cells");
    let mut dlx = Dlx::new(tiling.problem()).unwrap();
    g.bench_function("6x10_up_to_symmetry", |b| {
        b.iter(|| {
            let r = count(&mut dlx, 0, &Limits::NONE);
            assert_eq!(r.stats.solutions, 2339);
        })
    });
    g.finish();
}

const EMBEDDED: [&str; 4] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    ".......12........3..23..4....1....5....6...7...8..9.....1.....2...45....6.......",
    "...........4.2....5..1.....6.3..7....8...9...2.......1.....5..2...4...7....3.6...",
];

fn puzzles() -> Vec<String> {
    let from_data = std::env::var_os("DLXLAB_DATA").and_then(|dir| {
        std::fs::read_to_string(std::path::Path::new(&dir).join("17-clue.txt")).ok()
    });
    match from_data {
        Some(text) => text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .take(1000)
            .collect(),
        None => EMBEDDED
            .iter()
            .filter(|l| l.len() == 81)
            .map(|s| s.to_string())
            .collect(),
    }
}

fn bench_sudoku(c: &mut Criterion) {
    let lines = puzzles();
    let grids: Vec<Grid> = lines.iter().filter_map(|l| Grid::parse(l).ok()).collect();
    let peers: Vec<sudoku::Sudoku> = lines
        .iter()
        .filter_map(|l| sudoku::Sudoku::from_str_line(l).ok())
        .collect();
    let dlx = by_name("dlx").expect("dlx is registered");
    let limits = SolveLimits::default();
    let mut g = c.benchmark_group("sudoku_17clue");
    g.sample_size(10);
    g.throughput(Throughput::Elements(grids.len() as u64));
    g.bench_function("sudoku_dlx", |b| {
        b.iter(|| {
            for grid in &grids {
                let out = dlx.solve(grid, &limits);
                assert_eq!(out.status, Status::Unique);
            }
        })
    });
    // The general engine (Algorithm C layout, item list) on the same matrix: what the uniform
    // fast path of the solver gains.
    let xc = encode(Shape::CLASSIC);
    let mut general = Dlx::new(xc.problem()).unwrap();
    g.bench_function("sudoku_dlx_general_engine", |b| {
        b.iter(|| {
            for grid in &grids {
                for (cell, &d) in grid.cells().iter().enumerate() {
                    if d != 0 {
                        general.force(xc.option_of(cell, d)).unwrap();
                    }
                }
                let r = count(&mut general, 2, &Limits::NONE);
                general.release();
                assert_eq!(r.stats.solutions, 1);
            }
        })
    });
    g.bench_function("sudoku_crate", |b| {
        b.iter(|| {
            for s in &peers {
                assert!(black_box(*s).solution().is_some());
            }
        })
    });
    g.finish();
}

mod common;

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench_queens, bench_pentomino, bench_sudoku
}
criterion_main!(benches);
