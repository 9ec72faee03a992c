//! Serial counting, dlxlab against the `exact-covers` crate (issue 7), one problem per run, timed in
//! CPU time so that other jobs on the machine matter less than for wall-clock benchmarks.
//!
//! ```text
//! cargo run --release --example count_cpu -- pentomino-6x10 dlxlab 3
//! cargo run --release --example count_cpu -- pentomino-6x10 exact-covers 3
//! valgrind --tool=callgrind target/release/examples/count_cpu queens-12 dlxlab   # instructions
//! ```
//!
//! Problems: `queens-N`, `pentomino-RxC` (all tilings, no symmetry breaking), `grids-4x4`,
//! `grids-6x6`, `grids-6x6-row1` (6x6 Sudoku grids with the first row given as 1 2 … 6). The
//! dlxlab count is what `dlxlab xc --count` runs: `engine::for_problem`, then one search; both
//! counts include building the matrix, as in `benches/count.rs`.

use std::ops::ControlFlow;

use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::count::count;
use dlxlab::xc::engine::for_problem_kind;
use dlxlab::xc::{ItemKind, Limits, Problem};
use exact_covers::{DlSolver, Solver};

/// The named problem, or `None` for a name not listed in the module documentation.
pub fn problem(name: &str) -> Option<Problem> {
    if let Some(n) = name.strip_prefix("queens-") {
        return Some(Queens::new(n.parse().ok()?).ok()?.problem().clone());
    }
    if let Some(size) = name.strip_prefix("pentomino-") {
        let (r, c) = size.split_once('x')?;
        let tiling = Tiling::pentominoes(c.parse().ok()?, r.parse().ok()?, false).ok()?;
        return Some(tiling.problem().clone());
    }
    match name {
        "grids-4x4" => Some(sudoku_grids(2, 2, false)),
        "grids-6x6" => Some(sudoku_grids(2, 3, false)),
        "grids-6x6-row1" => Some(sudoku_grids(2, 3, true)),
        _ => None,
    }
}

/// All Sudoku grids with boxes of `br` x `bc` cells (items: cell, row-digit, column-digit,
/// box-digit), optionally with the first row given as `1 2 … n` (the same matrix as the bench).
fn sudoku_grids(br: usize, bc: usize, first_row: bool) -> Problem {
    let n = br * bc;
    let mut b = Problem::builder();
    let ids: Vec<_> = (0..4 * n * n)
        .map(|k| b.primary(format!("i{k}")).expect("distinct names"))
        .collect();
    for row in 0..n {
        for col in 0..n {
            let bx = (row / br) * br + col / bc;
            for d in 0..n {
                if first_row && row == 0 && d != col {
                    continue;
                }
                b.option(&[
                    ids[row * n + col],
                    ids[n * n + row * n + d],
                    ids[2 * n * n + col * n + d],
                    ids[3 * n * n + bx * n + d],
                ])
                .expect("valid option");
            }
        }
    }
    b.build().expect("valid problem")
}

/// dlxlab's count: `(solutions, nodes, updates, engine)`.
pub fn dlxlab_count(p: &Problem) -> (u64, u64, u64, String) {
    let (mut engine, kind) = for_problem_kind(p);
    let s = count(engine.as_mut(), 0, &Limits::NONE).stats;
    (s.solutions, s.nodes, s.updates, kind.to_string())
}

/// exact-covers 0.3's count of the same items and options (uncoloured secondary items get
/// `None`, exact-covers' "at most once").
pub fn exact_covers_count(p: &Problem) -> u64 {
    let primary: Vec<u32> = (0..p.n_primary() as u32).collect();
    let secondary: Vec<u32> = (p.n_primary() as u32..p.n_items() as u32).collect();
    let mut solver: DlSolver<u32, u32> = DlSolver::new(&primary, &secondary);
    let (mut prim, mut sec) = (Vec::new(), Vec::new());
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

/// User CPU time of this process so far, in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: `getrusage` only writes the `rusage` it is given, which is zero-initialisable
    // plain data.
    let r = unsafe {
        let mut r: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut r);
        r
    };
    r.ru_utime.tv_sec as f64 + r.ru_utime.tv_usec as f64 * 1e-6
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: count_cpu PROBLEM (dlxlab|exact-covers) [REPEATS]";
    let (Some(name), Some(which)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(p) = problem(name) else {
        eprintln!("unknown problem {name}; {usage}");
        std::process::exit(2);
    };
    let repeats: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let start = cpu_seconds();
    for _ in 0..repeats {
        match which.as_str() {
            "dlxlab" => {
                let (solutions, nodes, updates, engine) = dlxlab_count(&p);
                println!("{solutions} solutions, {nodes} nodes, {updates} updates ({engine})");
            }
            "exact-covers" => println!("{} solutions", exact_covers_count(&p)),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        }
    }
    let per_run = (cpu_seconds() - start) / f64::from(repeats);
    println!("{name} {which}: {:.1} ms user CPU per run", per_run * 1e3);
}
