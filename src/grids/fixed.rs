//! The grids a symmetry maps to a relabelling of themselves, counted up to relabelling: the
//! number Russell & Jarvis tabulate for each conjugacy class.
//!
//! For a cell permutation `g`, let `F(g)` be the grids `X` with `X(g(c)) = π(X(c))` for every
//! cell `c` and some relabelling `π` (then `π` is unique: a row holds every digit). Relabelling
//! a grid keeps it in `F(g)` (with `π` conjugated) and acts freely, so `|F(g)| = N!·f(g)` where
//! `f(g)` counts the grids of `F(g)` whose first row is `1 2 … N`. That is what is counted here:
//!
//! 1. **Every relabelling, filtered.** For each of the `N!` permutations `π`, the first row
//!    `1 … N` and `X(g(c)) = π(X(c))` fix the digits of every cell in the `g`-orbits of the first
//!    row's cells. Walking those orbits rejects `π` at the first cell given two digits or a digit
//!    its row, column or box already holds; for most `g` only a handful of `π` survive.
//! 2. **An exact cover per survivor.** One option per `g`-orbit of cells and digit `x` of its
//!    first cell (the orbit filled with `x, π(x), π²(x), …`, kept only when the orbit closes and
//!    no item is covered twice); an orbit holding a fixed cell keeps only the option that agrees
//!    with it. The solutions are the grids of `F(g)` with that first row and that `π`; they are
//!    counted by the memo engine ([`crate::xc::memo::parallel::count`], counts only).
//!
//! `f(g) = Σ_π count(π)`. The Burnside sum is `Σ_classes size·f(g)` over `|G|` (the relabellings
//! have been divided out already).

use rayon::prelude::*;

use crate::sudoku::Shape;
use crate::xc::memo::{self, MemoConfig, SolutionCount};
use crate::xc::{split, ChoicePolicy, Limits, Problem, SearchEnd};

use super::GridsError;

/// No digit yet.
pub const EMPTY: u8 = u8::MAX;

/// The relabellings that survive step 1, with the digits they fix.
#[derive(Clone, Debug)]
pub struct Survivor {
    /// `π` as a digit map.
    pub pi: Vec<u8>,
    /// The digits step 1 fixed (`u8::MAX` elsewhere).
    pub cells: Vec<u8>,
}

/// Which engine counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The memo engine (subproblems cached, solutions never visited one by one).
    Memo,
    /// Dancing links, split over the threads.
    Dlx,
}

/// `f(g)` with how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Fixed {
    /// `f(g)`: the grids `g` maps to a relabelling of themselves, first row `1 … N`.
    pub count: u128,
    /// Relabellings that survived step 1 (each an exact cover counted).
    pub relabellings: usize,
    /// Of those, the counts the memo engine finished.
    pub by_memo: usize,
    /// Of those, the counts dancing links made.
    pub by_dlx: usize,
}

/// Counts `f(g)` for the cell permutation `g` of `shape` on the current rayon pool.
pub fn count_up_to_relabelling(shape: Shape, g: &[usize]) -> Result<Fixed, GridsError> {
    let survivors = survivors(shape, g);
    let counts: Vec<(u128, Engine)> = survivors
        .par_iter()
        .map(|s| count_survivor(shape, g, s))
        .collect::<Result<_, _>>()?;
    let mut fixed = Fixed {
        relabellings: survivors.len(),
        ..Fixed::default()
    };
    for (c, engine) in counts {
        fixed.count = fixed.count.checked_add(c).ok_or(GridsError::Overflow)?;
        match engine {
            Engine::Memo => fixed.by_memo += 1,
            Engine::Dlx => fixed.by_dlx += 1,
        }
    }
    Ok(fixed)
}

/// Step 1: every relabelling consistent with the first row `0 … N−1` along `g`'s orbits.
pub fn survivors(shape: Shape, g: &[usize]) -> Vec<Survivor> {
    let n = shape.side();
    let mut out = Vec::new();
    let mut pi: Vec<u8> = (0..n as u8).collect();
    let mut walk = Walk::new(shape);
    loop {
        if walk.fill(g, &pi) {
            out.push(Survivor {
                pi: pi.clone(),
                cells: walk.cells.clone(),
            });
        }
        if !next_permutation(&mut pi) {
            break;
        }
    }
    out
}

/// The digits fixed by the first row along `g`'s orbits, with the row, column and box masks.
struct Walk {
    shape: Shape,
    cells: Vec<u8>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
}

impl Walk {
    fn new(shape: Shape) -> Walk {
        let n = shape.side();
        Walk {
            shape,
            cells: vec![EMPTY; shape.cells()],
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
        }
    }

    /// Puts `d` in `cell`; false when the cell holds another digit or its houses hold `d`.
    fn put(&mut self, cell: usize, d: u8) -> bool {
        if self.cells[cell] != EMPTY {
            return self.cells[cell] == d;
        }
        let (r, c, b) = (
            self.shape.row(cell),
            self.shape.col(cell),
            self.shape.box_of(cell),
        );
        let bit = 1u64 << d;
        if (self.rows[r] | self.cols[c] | self.boxes[b]) & bit != 0 {
            return false;
        }
        self.cells[cell] = d;
        self.rows[r] |= bit;
        self.cols[c] |= bit;
        self.boxes[b] |= bit;
        true
    }

    /// Fills the first row and its orbits under `g` with `π`; false when they clash.
    fn fill(&mut self, g: &[usize], pi: &[u8]) -> bool {
        self.cells.fill(EMPTY);
        self.rows.fill(0);
        self.cols.fill(0);
        self.boxes.fill(0);
        let n = self.shape.side();
        for j in 0..n {
            if !self.put(j, j as u8) {
                return false;
            }
        }
        for j in 0..n {
            let (mut cell, mut d) = (j, j as u8);
            loop {
                cell = g[cell];
                d = pi[d as usize];
                if cell == j {
                    if d != j as u8 {
                        return false;
                    }
                    break;
                }
                if !self.put(cell, d) {
                    return false;
                }
            }
        }
        true
    }
}

/// Subproblem nodes the memo engine may spend on one count before dancing links take over.
pub const MEMO_NODES: u64 = 4_000_000;

/// Step 2: the grids of `F(g)` with the first row `0 … N−1` and the survivor's `π`.
///
/// The memo engine counts without visiting each solution, which wins by orders of magnitude when
/// subproblems recur (a symmetry that keeps every row: the lower rows meet the same column needs
/// again and again); when they do not (a symmetry swapping bands ties distant rows together and
/// few subproblems recur), it only adds cache work. So it gets [`MEMO_NODES`] nodes; past them the
/// count starts again on dancing links, split over the rayon pool, which enumerate the solutions.
/// Both are exact; the count says which engine gave it.
fn count_survivor(shape: Shape, g: &[usize], s: &Survivor) -> Result<(u128, Engine), GridsError> {
    let problem = orbit_problem(shape, g, &s.pi, &s.cells)?;
    let config = MemoConfig {
        cache_bytes: 256 << 20,
    };
    let run = memo::solve(&problem, &config, &Limits::nodes(MEMO_NODES))
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    if run.end == SearchEnd::Exhausted {
        return match run.zdd.count() {
            SolutionCount::Small(v) => Ok((v, Engine::Memo)),
            SolutionCount::Big(_) => Err(GridsError::Overflow),
        };
    }
    let threads = rayon::current_num_threads();
    let plan = split::split_auto(&problem, ChoicePolicy::Mrv, 64 * threads, 16)
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    let result = split::count_parallel(&problem, &plan, &Limits::NONE, &|| {})
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    if result.end != SearchEnd::Exhausted {
        return Err(GridsError::Engine(format!(
            "the dancing-links count stopped early ({:?})",
            result.end
        )));
    }
    Ok((u128::from(result.stats.solutions), Engine::Dlx))
}

/// The exact cover of step 2 (module documentation).
pub fn orbit_problem(
    shape: Shape,
    g: &[usize],
    pi: &[u8],
    fixed: &[u8],
) -> Result<Problem, GridsError> {
    let n = shape.side();
    let cells = shape.cells();
    let engine = |e: crate::xc::XcError| GridsError::Engine(e.to_string());
    let item = |kind: usize, a: usize, b: usize| kind * cells + a * n + b;
    let mut b = Problem::builder();
    let ids: Vec<_> = (0..4 * cells)
        .map(|i| b.primary(format!("i{i}")))
        .collect::<Result<_, _>>()
        .map_err(engine)?;
    let mut seen = vec![false; cells];
    let mut used = vec![false; 4 * cells];
    for start in 0..cells {
        if seen[start] {
            continue;
        }
        let mut orbit = vec![start];
        seen[start] = true;
        let mut c = g[start];
        while c != start {
            seen[c] = true;
            orbit.push(c);
            c = g[c];
        }
        'digit: for x in 0..n as u8 {
            used.fill(false);
            let mut items = Vec::with_capacity(4 * orbit.len());
            let mut v = x;
            for &cell in &orbit {
                if fixed[cell] != EMPTY && fixed[cell] != v {
                    continue 'digit;
                }
                let (r, col) = (cell / n, cell % n);
                for it in [
                    item(0, r, col),
                    item(1, r, v as usize),
                    item(2, col, v as usize),
                    item(3, shape.box_of(cell), v as usize),
                ] {
                    if used[it] {
                        continue 'digit;
                    }
                    used[it] = true;
                    items.push(ids[it]);
                }
                v = pi[v as usize];
            }
            if v != x {
                continue;
            }
            b.option(&items).map_err(engine)?;
        }
    }
    b.build().map_err(engine)
}

/// The next permutation in lexicographic order; false (and `p` sorted again) after the last.
fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        p.reverse();
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_permutation_walks_all_in_order() {
        let mut p = [0u8, 1, 2, 3];
        let mut seen = vec![p.to_vec()];
        while next_permutation(&mut p) {
            seen.push(p.to_vec());
        }
        assert_eq!(seen.len(), 24);
        let mut sorted = seen.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, seen);
        assert_eq!(p, [0, 1, 2, 3]);
    }
}
