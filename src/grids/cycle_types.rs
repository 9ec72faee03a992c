//! The second route to the fixed grids of a class, by cycle type: Burnside's sum without first
//! fixing the first row.
//!
//! A grid `X` counts for `g` when `X(g(c)) = π(X(c))` for some relabelling `π`. The number of
//! grids for `g` and `π` depends on `π` only through its cycle type `λ`, so the grids `g` maps
//! to a relabelling of themselves number `Σ_λ (N!/z_λ)·A(g, π_λ)`. `A` is an exact cover: one
//! option per cell orbit of `g` and digit `x` whose `π`-cycle length divides the orbit's length,
//! filling the orbit with `x, π(x), π²(x), …`; it is counted by the memo engine. Two necessary
//! conditions skip most pairs first: a row fixed by `ρ^a` makes `π^a` conjugate to `σ^a`, and a
//! column fixed by `σ^b` makes `π^b` conjugate to `ρ^b` (applied to `g²` for transposing `g`).
//!
//! It shares the group and the orbit options with [`super::fixed`] but neither the first-row
//! normalisation nor the relabelling filter: dividing its sum by `N!` must give the same number
//! for every class. It is affordable on small shapes and on the classes of 3x3 whose fixed grids
//! the memo engine counts quickly; `grids --essentially-different --check K` runs it.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::sudoku::Shape;
use crate::xc::memo::{self, MemoConfig};
use crate::xc::{Limits, SearchEnd};

use super::band::factorial;
use super::group::{cycle_type, Element};
use super::{fixed, GridsError};

/// The partitions of `n`, largest part first.
fn partitions(n: usize, max: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in (1..=max.min(n)).rev() {
        for mut rest in partitions(n - first, first) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// The permutation with consecutive cycles of the lengths in `lambda`.
fn standard(lambda: &[usize]) -> Vec<usize> {
    let mut p = Vec::new();
    let mut start = 0;
    for &l in lambda {
        for i in 0..l {
            p.push(start + (i + 1) % l);
        }
        start += l;
    }
    p
}

/// `N!/z_λ`: the permutations of cycle type `lambda`.
fn class_size(lambda: &[usize]) -> u128 {
    let n: usize = lambda.iter().sum();
    let mut z: u128 = 1;
    let mut counts: BTreeMap<usize, u32> = BTreeMap::new();
    for &l in lambda {
        *counts.entry(l).or_default() += 1;
    }
    for (&l, &m) in &counts {
        z *= (l as u128).pow(m) * factorial(m as usize);
    }
    factorial(n) / z
}

/// `p^e`.
fn power(p: &[usize], e: usize) -> Vec<usize> {
    (0..p.len())
        .map(|mut x| {
            for _ in 0..e {
                x = p[x];
            }
            x
        })
        .collect()
}

/// The necessary conditions of the module documentation for `g` and `π`.
fn may_fix(g: &Element, pi: &[usize]) -> bool {
    let (rows, cols, e) = g.square_free();
    let pi_e = power(pi, e as usize);
    let check = |lines: &[usize], other: &[usize]| {
        let mut seen = vec![false; lines.len()];
        for s in 0..lines.len() {
            if seen[s] {
                continue;
            }
            let mut x = s;
            let mut len = 0;
            while !seen[x] {
                seen[x] = true;
                x = lines[x];
                len += 1;
            }
            if cycle_type(&power(&pi_e, len)) != cycle_type(&power(other, len)) {
                return false;
            }
        }
        true
    };
    check(&rows, &cols) && check(&cols, &rows)
}

/// Exact-cover nodes the memo engine may spend on one `A(g, π_λ)` before the class is reported
/// over budget.
pub const NODE_BUDGET: u64 = 20_000_000;

/// `A(g, π)`: the grids with `X(g(c)) = π(X(c))`, counted by the memo engine; `None` past
/// [`NODE_BUDGET`].
fn cover_count(shape: Shape, cells: &[usize], pi: &[usize]) -> Result<Option<BigUint>, GridsError> {
    let pi: Vec<u8> = pi.iter().map(|&d| d as u8).collect();
    let free = vec![fixed::EMPTY; shape.cells()];
    let problem = fixed::orbit_problem(shape, cells, &pi, &free)?;
    let config = MemoConfig {
        cache_bytes: 256 << 20,
    };
    let run = memo::solve(&problem, &config, &Limits::nodes(NODE_BUDGET))
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    if run.end != SearchEnd::Exhausted {
        return Ok(None);
    }
    Ok(Some(match run.zdd.count() {
        memo::zdd::SolutionCount::Small(v) => BigUint::from(v),
        memo::zdd::SolutionCount::Big(v) => v,
    }))
}

/// The grids `g` maps to a relabelling of themselves, `Σ_λ (N!/z_λ)·A(g, π_λ)` over the cycle
/// types that pass the necessary conditions (counted in parallel on the current rayon pool);
/// `None` when some `A` passed the node budget.
pub(super) fn fixed_grids(shape: Shape, g: &Element) -> Result<Option<BigUint>, GridsError> {
    let n = shape.side();
    let cells: Vec<usize> = (0..shape.cells()).map(|x| g.image(n, x)).collect();
    let lambdas: Vec<Vec<usize>> = partitions(n, n)
        .into_iter()
        .filter(|l| may_fix(g, &standard(l)))
        .collect();
    let counts: Vec<Option<BigUint>> = lambdas
        .par_iter()
        .map(|l| cover_count(shape, &cells, &standard(l)))
        .collect::<Result<_, _>>()?;
    let mut sum = BigUint::ZERO;
    for (l, a) in lambdas.iter().zip(counts) {
        let Some(a) = a else { return Ok(None) };
        sum += a * BigUint::from(class_size(l));
    }
    Ok(Some(sum))
}
