//! An estimate of a solution count from a split of the search tree: every node at a cut depth is
//! listed exactly ([`split`]), a uniform random sample of them is counted exactly, and the sample
//! mean is scaled up.
//!
//! With `N` nodes at the cut and a sample of `m` drawn without replacement from a PCG64 stream,
//! `N · mean` estimates the solutions below the cut without bias, with standard error
//! `N · sd / √m · √(1 − m/N)` (sample standard deviation, finite-population correction). The same
//! scaling of the sampled subtrees' node counts estimates the size of the whole tree. When
//! subtrees differ wildly in size the error is dominated by the rare large ones, so a small
//! standard error needs many samples; with `m = N` the result is the exact count.

use rand::SeedableRng;

use super::dlx::Dlx;
use super::split::{count_paths, split, CountError, SplitError};
use super::{ChoicePolicy, Limits, Problem, SearchEnd};

/// The result of [`estimate_count`].
#[derive(Clone, Debug, PartialEq)]
pub struct SampleEstimate {
    /// The cut depth.
    pub depth: usize,
    /// Nodes at the cut (`N`).
    pub subproblems: u64,
    /// Nodes above the cut.
    pub nodes_above: u64,
    /// Subproblems counted (`m`).
    pub samples: u64,
    /// Solutions found in the sampled subproblems.
    pub sampled_solutions: u64,
    /// Sampled subproblems with at least one solution.
    pub nonzero: u64,
    /// The largest count among the samples.
    pub max_sample: u64,
    /// DLX nodes spent on the samples.
    pub sampled_nodes: u64,
    /// Estimated solutions: solutions above the cut plus `N · mean`.
    pub solutions: f64,
    /// Standard error of `solutions`.
    pub std_error: f64,
    /// Estimated nodes of the whole tree: nodes above plus `N` · mean sampled nodes.
    pub tree_nodes: f64,
}

/// Why the estimate could not be made.
#[derive(Debug, thiserror::Error)]
pub enum EstimateError {
    /// The split failed.
    #[error(transparent)]
    Split(#[from] SplitError),
    /// Counting a subproblem failed.
    #[error(transparent)]
    Count(#[from] CountError),
    /// A sampled subproblem hit the node limit, so its count is only a lower bound.
    #[error("{0} sampled subproblem(s) hit the node limit; cut deeper or raise the limit")]
    Limit(u64),
    /// The tree ended above the cut.
    #[error("no node at depth {0}: the tree ends above it")]
    Empty(usize),
}

/// Estimates the number of solutions of `problem` (method in the module doc): cut at `depth`
/// under `policy`, count `samples` random subproblems (all of them if there are fewer — then the
/// result is the exact count with standard error 0) with `limits` each, on the current rayon pool.
pub fn estimate_count(
    problem: &Problem,
    policy: ChoicePolicy,
    depth: usize,
    samples: usize,
    seed: u64,
    limits: &Limits,
) -> Result<SampleEstimate, EstimateError> {
    let plan = split(problem, policy, depth)?;
    let n = plan.subproblems.len();
    if n == 0 {
        return Err(EstimateError::Empty(depth));
    }
    let m = samples.min(n);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut picks = rand::seq::index::sample(&mut rng, n, m).into_vec();
    picks.sort_unstable();
    let paths: Vec<_> = picks.iter().map(|&k| plan.subproblems[k].clone()).collect();
    let results = count_paths(&paths, policy, limits, || Dlx::new(problem), &|| {})?;
    let limited = results
        .iter()
        .filter(|r| matches!(r.end, SearchEnd::Limit(_)))
        .count() as u64;
    if limited > 0 {
        return Err(EstimateError::Limit(limited));
    }
    let counts: Vec<f64> = results.iter().map(|r| r.stats.solutions as f64).collect();
    let (nf, mf) = (n as f64, m as f64);
    let mean = counts.iter().sum::<f64>() / mf;
    let var = if m > 1 {
        counts.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (mf - 1.0)
    } else {
        0.0
    };
    let sampled_nodes: u64 = results.iter().map(|r| r.stats.nodes).sum();
    Ok(SampleEstimate {
        depth: plan.depth,
        subproblems: n as u64,
        nodes_above: plan.above.nodes,
        samples: m as u64,
        sampled_solutions: results.iter().map(|r| r.stats.solutions).sum(),
        nonzero: results.iter().filter(|r| r.stats.solutions > 0).count() as u64,
        max_sample: results.iter().map(|r| r.stats.solutions).max().unwrap_or(0),
        sampled_nodes,
        solutions: plan.above.solutions as f64 + nf * counts.iter().sum::<f64>() / mf,
        std_error: nf * (var / mf).sqrt() * (1.0 - mf / nf).max(0.0).sqrt(),
        tree_nodes: plan.above.nodes as f64 + nf * sampled_nodes as f64 / mf,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::queens::Queens;

    #[test]
    fn sampling_every_subproblem_is_the_exact_count() {
        let q = Queens::new(8).unwrap();
        let e = estimate_count(
            q.problem(),
            ChoicePolicy::Mrv,
            2,
            usize::MAX,
            1,
            &Limits::NONE,
        )
        .unwrap();
        assert_eq!(e.solutions, 92.0);
        assert_eq!(e.std_error, 0.0);
        assert_eq!(e.samples, e.subproblems);
        // The scaled node count of a full sample is the serial search's.
        let serial = crate::xc::count::count(&mut Dlx::new(q.problem()).unwrap(), 0, &Limits::NONE);
        assert_eq!(e.tree_nodes, serial.stats.nodes as f64);
    }

    #[test]
    fn a_sample_is_near_the_count_and_reproducible() {
        let q = Queens::new(9).unwrap();
        let e = estimate_count(q.problem(), ChoicePolicy::Mrv, 3, 60, 5, &Limits::NONE).unwrap();
        assert!(e.samples == 60 && e.subproblems > 60);
        assert!(e.std_error > 0.0);
        assert!((e.solutions - 352.0).abs() < 4.0 * e.std_error, "{e:?}");
        let again =
            estimate_count(q.problem(), ChoicePolicy::Mrv, 3, 60, 5, &Limits::NONE).unwrap();
        assert_eq!(e, again);
        let limited = estimate_count(q.problem(), ChoicePolicy::Mrv, 1, 5, 5, &Limits::nodes(3));
        assert!(matches!(limited, Err(EstimateError::Limit(_))));
    }
}
