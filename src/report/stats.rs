//! Rank correlations with percentile-bootstrap confidence intervals.
//!
//! Both coefficients are computed on *paired* samples `(x_i, y_i)`, `i = 1..n`.
//!
//! - **Spearman's ρ** is Pearson's correlation of the ranks, where tied values receive the average of
//!   the ranks they occupy (the "fractional" or mid-rank convention). With ties this is *not* the
//!   shortcut `1 − 6 Σd² / (n(n²−1))`; we always use the Pearson form, which is exact with ties.
//! - **Kendall's τ-b** is `(n_c − n_d) / sqrt((n_0 − n_1)(n_0 − n_2))` where `n_0 = n(n−1)/2`,
//!   `n_c` / `n_d` count the concordant / discordant pairs (pairs tied in `x` or in `y` are neither),
//!   and `n_1 = Σ t(t−1)/2` over groups of `t` tied `x` values, `n_2` the same for `y`.
//!
//! Either coefficient is undefined (`None`) when `n < 2` or when one variable is constant.
//!
//! ## Why ranks are coded once
//! A report bootstraps about 30 (metric, rating) pairs with B = 1000 resamples of up to 49,158
//! puzzles. Each variable is therefore coded once into dense level numbers `0..K` (its distinct
//! values in increasing order). In a resample, average ranks then come from a counting pass over
//! the levels (O(n + K)), and τ-b from bucketing by one variable's level and a Fenwick tree over
//! the levels of the other, the one with fewer levels (O(n log K)) — no comparison sort per resample, and no O(n²) pair loop.
//!
//! ## Bootstrap
//! Percentile bootstrap: replicate `b` draws `n` indices uniformly with replacement from a
//! `Pcg64` generator seeded from `(seed, b)` (so results do not depend on the thread count),
//! computes both coefficients on the resampled pairs, and the interval is the `α/2` and `1 − α/2`
//! quantiles (linear interpolation between order statistics, "type 7") of the replicates that are
//! defined. Replicates where a coefficient is undefined (a resample with a constant variable) are
//! dropped and counted.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;

/// Average ranks (1-based) of `values`; tied values share the mean of the ranks they occupy.
/// Values are ordered by [`f64::total_cmp`], so infinities are ranked at the ends and no input
/// panics (NaN sorts after +∞; callers should not pass NaN).
pub fn average_ranks(values: &[f64]) -> Vec<f64> {
    let coded = Levels::new(values);
    let counts = coded.counts();
    let level_rank = mid_ranks(&counts);
    coded
        .codes
        .iter()
        .map(|&c| level_rank[c as usize])
        .collect()
}

/// Spearman's rank correlation of the pairs `(x[i], y[i])` (Pearson correlation of average ranks).
/// `None` if the slices differ in length, `n < 2`, or either variable is constant.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() {
        return None;
    }
    let pair = CodedPair::new(x, y);
    pair.both(&pair.everyone()).0
}

/// Kendall's τ-b of the pairs `(x[i], y[i])`. `None` if the slices differ in length, `n < 2`, or
/// either variable is constant.
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() {
        return None;
    }
    let pair = CodedPair::new(x, y);
    pair.both(&pair.everyone()).1
}

/// Settings of the percentile bootstrap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BootstrapConfig {
    /// Number of resamples B (0 disables the intervals).
    pub replicates: usize,
    /// Seed of the resampling generator.
    pub seed: u64,
    /// Confidence level of the interval, e.g. 0.95.
    pub level: f64,
}

impl Default for BootstrapConfig {
    fn default() -> Self {
        BootstrapConfig {
            replicates: 1000,
            seed: 2010,
            level: 0.95,
        }
    }
}

/// A confidence interval `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower bound.
    pub lo: f64,
    /// Upper bound.
    pub hi: f64,
}

/// One coefficient with its bootstrap interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The coefficient on the full sample (`None` when undefined).
    pub value: Option<f64>,
    /// The percentile interval (`None` when B = 0 or fewer than 2 replicates were defined).
    pub interval: Option<Interval>,
    /// Replicates in which the coefficient was undefined and was dropped.
    pub dropped: usize,
}

/// Spearman and Kendall of one paired sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Correlation {
    /// Number of pairs.
    pub n: usize,
    /// Spearman's ρ.
    pub spearman: Estimate,
    /// Kendall's τ-b.
    pub kendall: Estimate,
}

/// Spearman's ρ and Kendall's τ-b of the pairs `(x[i], y[i])` with percentile-bootstrap intervals.
/// Replicates run in parallel (rayon) but each has its own seed, so the result is deterministic.
/// Slices of different lengths are truncated to the shorter one.
pub fn correlate(x: &[f64], y: &[f64], config: &BootstrapConfig) -> Correlation {
    let n = x.len().min(y.len());
    let pair = CodedPair::new(&x[..n], &y[..n]);
    let draws = bootstrap(&[&pair], n, config).pop().unwrap_or_default();
    summarise(n, pair.both(&pair.everyone()), draws, config)
}

/// [`correlate`] of several paired samples, in the given order, with the same results to the
/// bit, at a fraction of the cost of one call per sample (a report correlates about 30 samples,
/// most of them over the same puzzles):
///
/// - replicate `b` of a sample of `n` pairs draws its indices from a generator that depends on
///   the seed, `b` and `n` only, so the samples of equal `n` share one draw per replicate;
/// - the coefficients depend on the samples' rank codes only, so a sample whose codes equal an
///   earlier one's (a metric and a strictly increasing function of it, such as the nodes and the
///   guesses of a solver that guesses at every node but the root) takes that sample's result.
pub fn correlate_all(samples: &[(&[f64], &[f64])], config: &BootstrapConfig) -> Vec<Correlation> {
    let coded: Vec<CodedPair> = samples
        .iter()
        .map(|(x, y)| {
            let n = x.len().min(y.len());
            CodedPair::new(&x[..n], &y[..n])
        })
        .collect();
    // The first sample with the same codes as each sample: only those are computed.
    let first: Vec<usize> = (0..coded.len())
        .map(|k| (0..k).find(|&j| coded[j] == coded[k]).unwrap_or(k))
        .collect();
    let mut sizes: Vec<usize> = (0..coded.len())
        .filter(|&k| first[k] == k)
        .map(|k| coded[k].len())
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut draws: Vec<Vec<(Option<f64>, Option<f64>)>> = vec![Vec::new(); coded.len()];
    for n in sizes {
        let members: Vec<usize> = (0..coded.len())
            .filter(|&k| first[k] == k && coded[k].len() == n)
            .collect();
        let pairs: Vec<&CodedPair> = members.iter().map(|&k| &coded[k]).collect();
        for (k, d) in members.into_iter().zip(bootstrap(&pairs, n, config)) {
            draws[k] = d;
        }
    }
    let mut results: Vec<Correlation> = Vec::with_capacity(coded.len());
    for k in 0..coded.len() {
        let result = if first[k] < k {
            results[first[k]]
        } else {
            let pair = &coded[k];
            summarise(
                pair.len(),
                pair.both(&pair.everyone()),
                std::mem::take(&mut draws[k]),
                config,
            )
        };
        results.push(result);
    }
    results
}

/// The bootstrap replicates `(ρ, τ-b)` of samples that all have `n` pairs, one vector per sample
/// (empty when `n < 2` or B = 0). Replicate `b` draws `n` indices from the generator seeded with
/// `(seed, b)` and evaluates every sample on them; replicates run in parallel (rayon).
fn bootstrap(
    pairs: &[&CodedPair],
    n: usize,
    config: &BootstrapConfig,
) -> Vec<Vec<(Option<f64>, Option<f64>)>> {
    if n < 2 || config.replicates == 0 {
        return vec![Vec::new(); pairs.len()];
    }
    let per_replicate: Vec<Vec<(Option<f64>, Option<f64>)>> = (0..config.replicates)
        .into_par_iter()
        .map_init(Vec::new, |sample, b| {
            let mut rng = Pcg64::seed_from_u64(replicate_seed(config.seed, b as u64));
            let indices = draw_indices(n, &mut rng);
            pairs
                .iter()
                .map(|pair| {
                    pair.gather(&indices, sample);
                    pair.both(sample)
                })
                .collect()
        })
        .collect();
    (0..pairs.len())
        .map(|k| per_replicate.iter().map(|r| r[k]).collect())
        .collect()
}

/// `n` indices drawn uniformly with replacement from `0..n` (`n` fits in `u32`: samples are
/// coded with `u32` positions).
fn draw_indices(n: usize, rng: &mut Pcg64) -> Vec<u32> {
    let n = n as u32;
    (0..n).map(|_| rng.random_range(0..n)).collect()
}

/// The [`Correlation`] of a sample of `n` pairs from its full-sample coefficients and its
/// bootstrap replicates.
fn summarise(
    n: usize,
    (spearman_value, kendall_value): (Option<f64>, Option<f64>),
    replicates: Vec<(Option<f64>, Option<f64>)>,
    config: &BootstrapConfig,
) -> Correlation {
    let alpha = (1.0 - config.level).clamp(0.0, 1.0);
    let estimate = |value: Option<f64>, draws: Vec<Option<f64>>| {
        let total = draws.len();
        let mut defined: Vec<f64> = draws.into_iter().flatten().collect();
        let dropped = total - defined.len();
        defined.sort_by(f64::total_cmp);
        let interval = (defined.len() >= 2).then(|| Interval {
            lo: quantile_sorted(&defined, alpha / 2.0),
            hi: quantile_sorted(&defined, 1.0 - alpha / 2.0),
        });
        Estimate {
            value,
            interval,
            dropped,
        }
    };
    let (rho_draws, tau_draws): (Vec<_>, Vec<_>) = replicates.into_iter().unzip();
    Correlation {
        n,
        spearman: estimate(spearman_value, rho_draws),
        kendall: estimate(kendall_value, tau_draws),
    }
}

/// The `p`-quantile of sorted data by linear interpolation between order statistics (R's type 7):
/// position `h = (n − 1) p`, value `v[⌊h⌋] + (h − ⌊h⌋)(v[⌊h⌋+1] − v[⌊h⌋])`. `NaN` for empty data.
pub fn quantile_sorted(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * p.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// The median of unsorted data (`NaN` when empty).
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    quantile_sorted(&v, 0.5)
}

/// SplitMix64 of the seed and the replicate number: independent-looking seeds for neighbouring `b`.
fn replicate_seed(seed: u64, b: u64) -> u64 {
    let mut z = seed ^ b.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One variable coded as dense levels: `codes[i]` is the position of `values[i]` among the
/// distinct values in increasing order.
#[derive(PartialEq, Eq)]
struct Levels {
    codes: Vec<u32>,
    levels: usize,
}

impl Levels {
    fn new(values: &[f64]) -> Levels {
        let mut order: Vec<u32> = (0..values.len() as u32).collect();
        order.sort_by(|&a, &b| values[a as usize].total_cmp(&values[b as usize]));
        let mut codes = vec![0u32; values.len()];
        let mut level = 0u32;
        for (k, &i) in order.iter().enumerate() {
            if k > 0
                && values[order[k - 1] as usize]
                    .total_cmp(&values[i as usize])
                    .is_ne()
            {
                level += 1;
            }
            codes[i as usize] = level;
        }
        let levels = if values.is_empty() {
            0
        } else {
            level as usize + 1
        };
        Levels { codes, levels }
    }

    /// How many values fall in each level.
    fn counts(&self) -> Vec<u64> {
        let mut counts = vec![0u64; self.levels];
        self.codes.iter().for_each(|&c| counts[c as usize] += 1);
        counts
    }
}

/// The average rank of each level given the level counts: a level holding ranks `r+1 ..= r+t`
/// gets `r + (t + 1) / 2`.
fn mid_ranks(counts: &[u64]) -> Vec<f64> {
    let mut before = 0u64;
    counts
        .iter()
        .map(|&t| {
            let r = before as f64 + (t as f64 + 1.0) / 2.0;
            before += t;
            r
        })
        .collect()
}

/// `Σ t(t−1)/2` over the tie groups.
fn tied_pairs(counts: &[u64]) -> u64 {
    counts.iter().map(|&t| t * t.saturating_sub(1) / 2).sum()
}

#[derive(PartialEq, Eq)]
struct CodedPair {
    x: Levels,
    y: Levels,
}

impl CodedPair {
    fn new(x: &[f64], y: &[f64]) -> CodedPair {
        CodedPair {
            x: Levels::new(x),
            y: Levels::new(y),
        }
    }

    /// The whole sample: every member's `(x, y)` level codes.
    fn everyone(&self) -> Vec<(u32, u32)> {
        self.x
            .codes
            .iter()
            .copied()
            .zip(self.y.codes.iter().copied())
            .collect()
    }

    /// Number of pairs.
    fn len(&self) -> usize {
        self.x.codes.len()
    }

    /// The resample of the members at `indices` (drawn by [`draw_indices`]), as their codes,
    /// into `out` (gathered once, then read in order by every pass).
    fn gather(&self, indices: &[u32], out: &mut Vec<(u32, u32)>) {
        out.clear();
        out.extend(
            indices
                .iter()
                .map(|&i| (self.x.codes[i as usize], self.y.codes[i as usize])),
        );
    }

    /// How many members of `sample` fall in each level of x and of y.
    fn counts(&self, sample: &[(u32, u32)]) -> (Vec<u64>, Vec<u64>) {
        let mut cx = vec![0u64; self.x.levels];
        let mut cy = vec![0u64; self.y.levels];
        for &(a, b) in sample {
            cx[a as usize] += 1;
            cy[b as usize] += 1;
        }
        (cx, cy)
    }

    /// Spearman's ρ and Kendall's τ-b of the sample, the level counts taken once for both.
    fn both(&self, sample: &[(u32, u32)]) -> (Option<f64>, Option<f64>) {
        let counts = self.counts(sample);
        (
            self.spearman_with(sample, &counts),
            self.kendall_with(sample, &counts),
        )
    }

    /// Spearman's ρ, given the sample's level counts of x and y.
    fn spearman_with(&self, sample: &[(u32, u32)], counts: &(Vec<u64>, Vec<u64>)) -> Option<f64> {
        let n = sample.len();
        if n < 2 {
            return None;
        }
        let rx = mid_ranks(&counts.0);
        let ry = mid_ranks(&counts.1);
        // Both rank vectors have mean (n + 1) / 2, whatever the ties.
        let mean = (n as f64 + 1.0) / 2.0;
        let (mut sxy, mut sxx, mut syy) = (0.0f64, 0.0f64, 0.0f64);
        sample.iter().for_each(|&(a, b)| {
            let dx = rx[a as usize] - mean;
            let dy = ry[b as usize] - mean;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        });
        if sxx == 0.0 || syy == 0.0 {
            return None;
        }
        Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
    }

    /// Kendall's τ-b, given the sample's level counts of x and y.
    fn kendall_with(&self, sample: &[(u32, u32)], counts: &(Vec<u64>, Vec<u64>)) -> Option<f64> {
        let n = sample.len() as u64;
        if n < 2 {
            return None;
        }
        let (x_counts, y_counts) = counts;
        // Concordant and discordant pairs do not change when x and y swap roles, so the variable
        // with fewer levels goes in the Fenwick tree (its depth is log of the levels) and the
        // other is bucketed: the same integers either way, hence the same τ-b to the bit.
        let (concordant, discordant) = if self.y.levels <= self.x.levels {
            self.pair_signs(sample, (&self.x, x_counts), self.y.levels, |a, b| (a, b))
        } else {
            self.pair_signs(sample, (&self.y, y_counts), self.x.levels, |a, b| (b, a))
        };
        let n0 = n * (n - 1) / 2;
        let n1 = tied_pairs(x_counts);
        let n2 = tied_pairs(y_counts);
        if n0 == n1 || n0 == n2 {
            return None;
        }
        let denom = ((n0 - n1) as f64 * (n0 - n2) as f64).sqrt();
        Some(((concordant as f64 - discordant as f64) / denom).clamp(-1.0, 1.0))
    }

    /// Concordant and discordant pairs of the sample, with `outer` (a variable and its level
    /// counts) bucketed and the other variable, of `inner_levels` levels, counted in a Fenwick
    /// tree; `orient` turns a sample member's `(x, y)` codes into `(outer, inner)`.
    fn pair_signs(
        &self,
        sample: &[(u32, u32)],
        (outer, outer_counts): (&Levels, &[u64]),
        inner_levels: usize,
        orient: impl Fn(u32, u32) -> (u32, u32),
    ) -> (u64, u64) {
        // Bucket the inner codes by outer level (a counting sort on the outer variable).
        let mut start = vec![0usize; outer.levels + 1];
        for (l, &c) in outer_counts.iter().enumerate() {
            start[l + 1] = start[l] + c as usize;
        }
        let mut fill = start.clone();
        let mut ys = vec![0u32; start[outer.levels]];
        sample.iter().for_each(|&(a, b)| {
            let (a, b) = orient(a, b);
            ys[fill[a as usize]] = b;
            fill[a as usize] += 1;
        });
        // Walk the outer levels upwards; the tree holds the inner codes of all strictly smaller
        // outer levels, so pairs tied in the outer variable are never compared and pairs tied in
        // the inner one count as neither.
        // `at` counts the inserted codes per inner level, so that "at or below" is "below" plus
        // one array read instead of a second walk of the tree.
        let mut tree = Fenwick::new(inner_levels);
        let mut at = vec![0u64; inner_levels];
        let (mut concordant, mut discordant) = (0u64, 0u64);
        let mut inserted = 0u64;
        for l in 0..outer.levels {
            let group = &ys[start[l]..start[l + 1]];
            for &b in group {
                let below = tree.prefix(b as usize);
                concordant += below;
                discordant += inserted - below - at[b as usize];
            }
            for &b in group {
                tree.add(b as usize);
                at[b as usize] += 1;
            }
            inserted += group.len() as u64;
        }
        (concordant, discordant)
    }
}

/// Fenwick (binary indexed) tree of counts over `0..len`.
struct Fenwick {
    tree: Vec<u64>,
}

impl Fenwick {
    fn new(len: usize) -> Fenwick {
        Fenwick {
            tree: vec![0; len + 1],
        }
    }

    fn add(&mut self, i: usize) {
        let mut k = i + 1;
        while k < self.tree.len() {
            self.tree[k] += 1;
            k += k & k.wrapping_neg();
        }
    }

    /// Sum of the counts at positions `0..end`.
    fn prefix(&self, end: usize) -> u64 {
        let mut k = end;
        let mut sum = 0;
        while k > 0 {
            sum += self.tree[k];
            k -= k & k.wrapping_neg();
        }
        sum
    }
}

#[cfg(test)]
mod tests;
