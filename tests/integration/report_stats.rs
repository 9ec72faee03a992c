//! Rank statistics of `dlxlab::report::stats` against hand-computed and published values, and
//! their properties (issue 5).

use dlxlab::report::agreement::{agreement, Band};
use dlxlab::report::data::Rating;
use dlxlab::report::stats::{
    average_ranks, correlate, kendall_tau_b, median, spearman, BootstrapConfig,
};
use proptest::prelude::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Wikipedia's Spearman example (IQ against hours of TV per week): ρ = −29/165 (no ties).
#[test]
fn spearman_textbook_without_ties() {
    let iq = [
        106.0, 86.0, 100.0, 101.0, 99.0, 103.0, 97.0, 113.0, 112.0, 110.0,
    ];
    let tv = [7.0, 0.0, 27.0, 50.0, 28.0, 29.0, 20.0, 12.0, 6.0, 17.0];
    let rho = spearman(&iq, &tv).unwrap();
    assert!(close(rho, -29.0 / 165.0), "{rho}");
}

/// With ties, by hand: y ranks (1, 2, 3.5, 5, 3.5); Σdxdy = 8, Σdx² = 10, Σdy² = 9.5, so
/// ρ = 8/√95 (also SciPy's documented value 0.8207826816681233).
#[test]
fn spearman_with_ties_uses_average_ranks() {
    let rho = spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[5.0, 6.0, 7.0, 8.0, 7.0]).unwrap();
    assert!(close(rho, 8.0 / 95f64.sqrt()), "{rho}");
    assert!((rho - 0.8207826816681233).abs() < 1e-12);
}

/// By hand: points (12,1) (2,4) (1,7) (12,1) (2,0): 2 concordant, 6 discordant pairs, 2 pairs tied
/// in x, 1 tied in y, so τ-b = (2 − 6)/√((10 − 2)(10 − 1)) = −4/√72 (SciPy: −0.47140452079103173).
#[test]
fn kendall_tau_b_with_ties_by_hand() {
    let tau = kendall_tau_b(&[12.0, 2.0, 1.0, 12.0, 2.0], &[1.0, 4.0, 7.0, 1.0, 0.0]).unwrap();
    assert!(close(tau, -4.0 / 72f64.sqrt()), "{tau}");
}

/// Without ties τ-b is τ-a = (n_c − n_d)/(n(n−1)/2): here 1 discordant pair of 6.
#[test]
fn kendall_without_ties_is_tau_a() {
    let tau = kendall_tau_b(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]).unwrap();
    assert!(close(tau, (5.0 - 1.0) / 6.0), "{tau}");
}

#[test]
fn monotone_is_one_and_reversed_is_minus_one() {
    let x: Vec<f64> = (0..50).map(f64::from).collect();
    let up: Vec<f64> = x.iter().map(|v| (v / 7.0).exp()).collect();
    let down: Vec<f64> = x.iter().map(|v| -v * v).collect();
    assert!(close(spearman(&x, &up).unwrap(), 1.0));
    assert!(close(kendall_tau_b(&x, &up).unwrap(), 1.0));
    assert!(close(spearman(&x, &down).unwrap(), -1.0));
    assert!(close(kendall_tau_b(&x, &down).unwrap(), -1.0));
}

#[test]
fn undefined_cases_are_none() {
    assert_eq!(spearman(&[1.0], &[2.0]), None);
    assert_eq!(kendall_tau_b(&[], &[]), None);
    assert_eq!(spearman(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
    assert_eq!(kendall_tau_b(&[1.0, 2.0, 3.0], &[4.0, 4.0, 4.0]), None);
    assert_eq!(spearman(&[1.0, 2.0], &[1.0]), None);
}

#[test]
fn infinity_ranks_above_every_score() {
    // `beyond` is passed as +∞: it must rank last, tied with other +∞.
    assert_eq!(
        average_ranks(&[f64::INFINITY, 2.0, f64::INFINITY, 1.0]),
        vec![3.5, 2.0, 3.5, 1.0]
    );
    let rho = spearman(&[1.0, 2.0, 3.0], &[1.0, 5.0, f64::INFINITY]).unwrap();
    assert!(close(rho, 1.0));
}

#[test]
fn median_of_even_and_odd() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    assert!(median(&[]).is_nan());
}

fn noisy_pairs(n: usize) -> (Vec<f64>, Vec<f64>) {
    // A deterministic, heavy-tailed, positively related sample with ties in x.
    let x: Vec<f64> = (0..n).map(|i| ((i * 7919) % 61) as f64 / 10.0).collect();
    let y: Vec<f64> = x
        .iter()
        .enumerate()
        .map(|(i, v)| (v + ((i * 104_729) % 97) as f64 / 20.0).exp())
        .collect();
    (x, y)
}

#[test]
fn bootstrap_is_deterministic_and_brackets_the_estimate() {
    let (x, y) = noisy_pairs(400);
    let config = BootstrapConfig {
        replicates: 300,
        seed: 7,
        level: 0.95,
    };
    let a = correlate(&x, &y, &config);
    let b = correlate(&x, &y, &config);
    assert_eq!(a, b, "same seed, same intervals");
    assert_eq!(a.n, 400);
    for e in [a.spearman, a.kendall] {
        let v = e.value.unwrap();
        let ci = e.interval.unwrap();
        assert!(ci.lo < v && v < ci.hi, "{ci:?} should bracket {v}");
        assert!(ci.hi - ci.lo < 0.3, "{ci:?} is too wide for n = 400");
        assert_eq!(e.dropped, 0);
    }
    assert_eq!(a.spearman.value, spearman(&x, &y));
    assert_eq!(a.kendall.value, kendall_tau_b(&x, &y));
    let other = correlate(&x, &y, &BootstrapConfig { seed: 8, ..config });
    assert_ne!(a.spearman.interval, other.spearman.interval);
}

#[test]
fn bootstrap_of_a_perfect_relation_is_degenerate_and_zero_replicates_give_no_interval() {
    let x: Vec<f64> = (0..100).map(f64::from).collect();
    let c = correlate(&x, &x, &BootstrapConfig::default());
    let ci = c.spearman.interval.unwrap();
    assert!(close(ci.lo, 1.0) && close(ci.hi, 1.0));
    let none = correlate(
        &x,
        &x,
        &BootstrapConfig {
            replicates: 0,
            ..BootstrapConfig::default()
        },
    );
    assert_eq!(none.spearman.interval, None);
    assert_eq!(none.kendall.value, Some(1.0));
}

#[test]
fn bootstrap_drops_constant_resamples() {
    // Two distinct pairs: about one resample in 2^(n−1) is constant; with n = 3 many are.
    let c = correlate(
        &[1.0, 2.0, 2.0],
        &[1.0, 2.0, 2.0],
        &BootstrapConfig {
            replicates: 200,
            seed: 1,
            level: 0.95,
        },
    );
    assert!(c.spearman.dropped > 0);
    assert_eq!(c.spearman.dropped, c.kendall.dropped);
}

/// O(n²) τ-b from the definition.
fn kendall_naive(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len();
    let (mut s, mut tx, mut ty) = (0i64, 0i64, 0i64);
    for i in 0..n {
        for j in i + 1..n {
            let a = x[i].total_cmp(&x[j]) as i64;
            let b = y[i].total_cmp(&y[j]) as i64;
            tx += i64::from(a == 0);
            ty += i64::from(b == 0);
            s += a * b;
        }
    }
    let n0 = (n * n.saturating_sub(1) / 2) as i64;
    let den = ((n0 - tx) as f64 * (n0 - ty) as f64).sqrt();
    (n >= 2 && den > 0.0).then(|| s as f64 / den)
}

/// Pearson correlation of average ranks computed by sorting, independently of the library.
fn spearman_naive(x: &[f64], y: &[f64]) -> Option<f64> {
    let rank = |v: &[f64]| -> Vec<f64> {
        v.iter()
            .map(|a| {
                let below = v.iter().filter(|b| b.total_cmp(a).is_lt()).count() as f64;
                let equal = v.iter().filter(|b| b.total_cmp(a).is_eq()).count() as f64;
                below + (equal + 1.0) / 2.0
            })
            .collect()
    };
    let (rx, ry) = (rank(x), rank(y));
    let n = x.len() as f64;
    let mx = rx.iter().sum::<f64>() / n;
    let my = ry.iter().sum::<f64>() / n;
    let sxy: f64 = rx.iter().zip(&ry).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = rx.iter().map(|a| (a - mx).powi(2)).sum();
    let syy: f64 = ry.iter().map(|b| (b - my).powi(2)).sum();
    (x.len() >= 2 && sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

proptest! {
    #[test]
    fn fast_coefficients_match_the_definitions(
        pairs in proptest::collection::vec((0u8..6, 0u8..6), 0..60)
    ) {
        let x: Vec<f64> = pairs.iter().map(|p| f64::from(p.0)).collect();
        let y: Vec<f64> = pairs.iter().map(|p| f64::from(p.1) * 1.5).collect();
        let (fast, slow) = (kendall_tau_b(&x, &y), kendall_naive(&x, &y));
        prop_assert_eq!(fast.is_some(), slow.is_some());
        if let (Some(a), Some(b)) = (fast, slow) {
            prop_assert!((a - b).abs() < 1e-9, "tau {} vs {}", a, b);
        }
        let (fast, slow) = (spearman(&x, &y), spearman_naive(&x, &y));
        prop_assert_eq!(fast.is_some(), slow.is_some());
        if let (Some(a), Some(b)) = (fast, slow) {
            prop_assert!((a - b).abs() < 1e-9, "rho {} vs {}", a, b);
        }
    }

    #[test]
    fn coefficients_are_symmetric_and_rank_invariant(
        pairs in proptest::collection::vec((-50i32..50, -50i32..50), 2..80)
    ) {
        let x: Vec<f64> = pairs.iter().map(|p| f64::from(p.0)).collect();
        let y: Vec<f64> = pairs.iter().map(|p| f64::from(p.1)).collect();
        let y3: Vec<f64> = y.iter().map(|v| v * v * v + 4.0).collect();
        prop_assert_eq!(spearman(&x, &y).map(|v| (v * 1e9).round()), spearman(&y, &x).map(|v| (v * 1e9).round()));
        prop_assert_eq!(kendall_tau_b(&x, &y), kendall_tau_b(&y, &x));
        prop_assert_eq!(kendall_tau_b(&x, &y), kendall_tau_b(&x, &y3));
        if let Some(r) = spearman(&x, &y) {
            prop_assert!((-1.0..=1.0).contains(&r));
        }
    }
}

#[test]
fn agreement_counts_by_hand() {
    let pairs = [
        (Rating::Score(1.2), 1.2),        // exact, singles
        (Rating::Score(2.6), 2.8),        // within 0.5, lower, locked
        (Rating::Score(3.4), 4.4),        // off by 1.0, lower, subsets vs wings
        (Rating::Beyond, 7.2),            // never a match, higher
        (Rating::Score(4.4 + 1e-9), 4.4), // the same tenth up to rounding: exact
        (Rating::Score(5.0), 4.5),        // exactly 0.5 apart: within
    ];
    let a = agreement(pairs);
    assert_eq!(a.all.n, 6);
    assert_eq!(a.all.exact, 2);
    assert_eq!(a.all.within_half, 4);
    assert_eq!((a.all.higher, a.all.lower), (2, 2));
    assert_eq!(a.up_to_4_4.n, 4);
    assert_eq!(a.up_to_4_4.exact, 2);
    let idx = |b: Band| Band::ALL.iter().position(|&x| x == b).unwrap();
    assert_eq!(a.confusion[idx(Band::Wings)][idx(Band::Subsets)], 1);
    assert_eq!(a.confusion[idx(Band::Nested)][idx(Band::Beyond)], 1);
    assert_eq!(a.confusion[idx(Band::Wings)][idx(Band::Chains)], 1);
    let total: u64 = a.confusion.iter().flatten().sum();
    assert_eq!(total, 6);
    let wings = &a.by_external_band[idx(Band::Wings)].1;
    assert_eq!((wings.n, wings.exact), (3, 1));
}
