//! Problems and the peer shared by `benches/count.rs` and `examples/count_cpu.rs` (included by
//! path in both), so that the bench and the CPU-time example measure the same matrices and call
//! `exact-covers` the same way.

use std::ops::ControlFlow;

use dlxlab::xc::{ItemKind, Problem};
use exact_covers::{DlSolver, Solver};

/// All Sudoku grids with boxes of `br` x `bc` cells: cell, row-digit, column-digit, box-digit.
/// With `first_row`, the first row is given as `1 2 … n` (the count is then divided by `n!`).
pub fn sudoku_grids(br: usize, bc: usize, first_row: bool) -> Problem {
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

/// The same problem for exact-covers: items are their dense ids; uncoloured secondary items get
/// `None` (exact-covers' "unique colour", i.e. at most once).
pub fn exact_covers_count(p: &Problem) -> u64 {
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
