//! Criterion benches for issue 2's format and Algorithm M: reading Knuth's format, and counting the
//! same problem with `Mcc` (Algorithm M, dlx3) beside `Dlx` (Algorithm X, dlx1) — the price of
//! multiplicity support on problems that do not need it.
//!
//! Run: `cargo bench --bench xc_format` (under a minute).

use criterion::{criterion_group, criterion_main, Criterion};
use dlxlab::puzzles::langford::Langford;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::count::count;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::format;
use dlxlab::xc::mcc::Mcc;
use dlxlab::xc::Limits;

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for (name, problem) in [
        ("queens-10", Queens::new(10).unwrap().problem().clone()),
        ("langford-9", Langford::new(9).unwrap().problem().clone()),
    ] {
        let mut dlx = Dlx::new(&problem).unwrap();
        let mut mcc = Mcc::new(&problem);
        group.bench_function(format!("{name}/dlx"), |b| {
            b.iter(|| count(&mut dlx, 0, &Limits::NONE).stats.solutions)
        });
        group.bench_function(format!("{name}/mcc"), |b| {
            b.iter(|| count(&mut mcc, 0, &Limits::NONE).stats.solutions)
        });
    }
    group.finish();
}

fn reading(c: &mut Criterion) {
    let text = format::to_string(Queens::new(100).unwrap().problem()).unwrap();
    let mut group = c.benchmark_group("format");
    group.throughput(criterion::Throughput::Bytes(text.len() as u64));
    group.bench_function("parse-queens-100", |b| {
        b.iter(|| format::parse(&text).unwrap().problem.n_options())
    });
    group.finish();
}

mod common;

criterion_group! {
    name = benches;
    config = common::config();
    targets = engines, reading
}
criterion_main!(benches);
