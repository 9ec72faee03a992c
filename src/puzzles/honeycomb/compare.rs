//! Both honeycomb solvers over a list of puzzles: agreement and node/time statistics.

use super::seq::SeqSolver;
use super::xc::XcSolver;
use super::{check_solution, HoneyGrid};
use crate::report::stats::quantile_sorted;
use crate::solvers::{SolveLimits, Status};

/// Mean, median, 90th percentile and maximum of a sample. The median and the percentile are the
/// report's ([`crate::report::stats::quantile_sorted`], linear interpolation between order
/// statistics, R's type 7), so the median of an even-sized sample is the mean of its two middle
/// values, as in every other table of the project.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (the mean of the two middle values for even sizes).
    pub median: f64,
    /// 90th percentile (type-7 interpolation).
    pub p90: f64,
    /// Largest value.
    pub max: u64,
}

impl Summary {
    /// Summarises `values` (all zero when empty).
    pub fn of(values: &[u64]) -> Summary {
        if values.is_empty() {
            return Summary::default();
        }
        let mut v: Vec<f64> = values.iter().map(|&x| x as f64).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        Summary {
            mean: v.iter().sum::<f64>() / n as f64,
            median: quantile_sorted(&v, 0.5),
            p90: quantile_sorted(&v, 0.9),
            max: values.iter().copied().max().unwrap_or(0),
        }
    }
}

/// One solver's results over a list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverSummary {
    /// Puzzles per status, in the order unique, multiple, none, limit.
    pub statuses: [usize; 4],
    /// Search nodes per puzzle.
    pub nodes: Summary,
    /// Solve time per puzzle, nanoseconds.
    pub time_ns: Summary,
    /// Solutions that the rule checker rejected (must be 0).
    pub bad_solutions: usize,
}

/// The comparison of both solvers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// Number of puzzles.
    pub puzzles: usize,
    /// The exact-cover solver.
    pub xc: SolverSummary,
    /// The paper's method.
    pub seq: SolverSummary,
    /// Puzzles where the two solvers gave a different status or first solution (0-based indices).
    pub disagreements: Vec<usize>,
}

fn status_index(s: Status) -> usize {
    match s {
        Status::Unique => 0,
        Status::Multiple => 1,
        Status::None => 2,
        _ => 3,
    }
}

/// Solves every puzzle with both solvers (uniqueness proven: up to two solutions), one after the
/// other on the calling thread so the times are comparable.
pub fn compare(puzzles: &[HoneyGrid], limits: &SolveLimits) -> Comparison {
    let mut xc = XcSolver::new();
    let seq = SeqSolver;
    let mut out = Comparison {
        puzzles: puzzles.len(),
        ..Comparison::default()
    };
    let (mut xn, mut xt, mut sn, mut st) = (vec![], vec![], vec![], vec![]);
    for (i, p) in puzzles.iter().enumerate() {
        let a = xc.solve(p, limits);
        let b = seq.solve(p, limits);
        for (o, s) in [(&a, &mut out.xc), (&b, &mut out.seq)] {
            s.statuses[status_index(o.status)] += 1;
            if let Some(sol) = &o.solution {
                s.bad_solutions += check_solution(p, sol).is_err() as usize;
            }
        }
        if a.status != b.status || a.solution != b.solution {
            out.disagreements.push(i);
        }
        xn.push(a.stats.nodes);
        xt.push(a.stats.time_ns);
        sn.push(b.stats.nodes);
        st.push(b.stats.time_ns);
    }
    out.xc.nodes = Summary::of(&xn);
    out.xc.time_ns = Summary::of(&xt);
    out.seq.nodes = Summary::of(&sn);
    out.seq.time_ns = Summary::of(&st);
    out
}
