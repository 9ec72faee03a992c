//! Technique rating (`rating::technique`) per puzzle, for puzzles whose hardest step ranges from
//! pointing (2.6) to a forcing chain (7.2). Each one carries its published SE rating, which the
//! bench checks once before timing.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlxlab::rating::technique::technique_rating;
use dlxlab::sudoku::Grid;

const PUZZLES: &[(&str, &str, &str)] = &[
    (
        "pointing-2.6",
        "6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4",
        "2.6",
    ),
    (
        "kite-4.1",
        ".24...65.1.......7..8.1.9...........26..9..83.8.5.1.7.6..9.3..8..28547......7....",
        "4.1",
    ),
    (
        "wxyz-5.5",
        "..7...5......8....9...7...1.251.893...3...6....9...2.....5.3...7.......6.1.2.7.4.",
        "5.5",
    ),
    (
        "chain-7.2",
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        "7.2",
    ),
];

fn rating(c: &mut Criterion) {
    let mut group = c.benchmark_group("technique_rating");
    for &(name, line, published) in PUZZLES {
        let grid = Grid::parse(line).expect("valid puzzle");
        let r = technique_rating(&grid).expect("rated");
        assert_eq!(r.rating_text(), published, "{name}");
        group.bench_with_input(BenchmarkId::from_parameter(name), &grid, |b, g| {
            b.iter(|| technique_rating(g))
        });
    }
    group.finish();
}

mod common;

criterion_group! {
    name = benches;
    config = common::config();
    targets = rating
}
criterion_main!(benches);
