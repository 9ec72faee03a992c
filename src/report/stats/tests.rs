use super::*;

/// O(n²) τ-b straight from the definition, to check the Fenwick version against.
fn kendall_naive(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len();
    let (mut c, mut d, mut tx, mut ty) = (0i64, 0i64, 0i64, 0i64);
    for i in 0..n {
        for j in i + 1..n {
            let sx = (x[i] - x[j]).signum() as i64 * i64::from(x[i] != x[j]);
            let sy = (y[i] - y[j]).signum() as i64 * i64::from(y[i] != y[j]);
            if sx == 0 {
                tx += 1;
            }
            if sy == 0 {
                ty += 1;
            }
            match sx * sy {
                1 => c += 1,
                -1 => d += 1,
                _ => {}
            }
        }
    }
    let n0 = (n * n.saturating_sub(1) / 2) as i64;
    let den = ((n0 - tx) as f64 * (n0 - ty) as f64).sqrt();
    (den > 0.0).then(|| (c - d) as f64 / den)
}

#[test]
fn ranks_average_ties() {
    assert_eq!(
        average_ranks(&[10.0, 20.0, 20.0, 5.0, 20.0]),
        vec![2.0, 4.0, 4.0, 1.0, 4.0]
    );
    assert_eq!(average_ranks(&[]), Vec::<f64>::new());
}

#[test]
fn kendall_fenwick_matches_definition_on_small_cases() {
    let x = [1.0, 2.0, 2.0, 3.0, 5.0, 5.0, 4.0];
    let y = [3.0, 1.0, 1.0, 2.0, 7.0, 6.0, 6.0];
    let fast = kendall_tau_b(&x, &y).unwrap();
    let slow = kendall_naive(&x, &y).unwrap();
    assert!((fast - slow).abs() < 1e-12, "{fast} vs {slow}");
}

#[test]
fn quantile_type7() {
    let v = [1.0, 2.0, 3.0, 4.0];
    assert_eq!(quantile_sorted(&v, 0.0), 1.0);
    assert_eq!(quantile_sorted(&v, 1.0), 4.0);
    assert!((quantile_sorted(&v, 0.5) - 2.5).abs() < 1e-12);
    assert!((quantile_sorted(&v, 0.25) - 1.75).abs() < 1e-12);
    assert!(quantile_sorted(&[], 0.5).is_nan());
}

#[test]
fn correlate_all_equals_one_call_per_sample() {
    let x: Vec<f64> = (0..40).map(|i| f64::from((i * 7) % 13)).collect();
    let y: Vec<f64> = (0..40).map(|i| f64::from((i * 5) % 11) + 0.5).collect();
    // A strictly increasing function of x: the same codes, computed once.
    let x_shifted: Vec<f64> = x.iter().map(|v| 2.0 * v + 1.0).collect();
    let short = &x[..25];
    let samples: Vec<(&[f64], &[f64])> = vec![
        (&x, &y),
        (&y, &x),
        (&x_shifted, &y),
        (short, &y),
        (&x[..1], &y[..1]),
        (&y, &y),
    ];
    let config = BootstrapConfig {
        replicates: 200,
        ..BootstrapConfig::default()
    };
    let all = correlate_all(&samples, &config);
    assert_eq!(all.len(), samples.len());
    for ((xs, ys), got) in samples.iter().zip(&all) {
        assert_eq!(*got, correlate(xs, ys, &config));
    }
    assert!(all[3].spearman.interval.is_some());
    assert_eq!(all[3].n, 25);
    assert_eq!(all[4].spearman.interval, None);
}

#[test]
fn replicate_seeds_differ() {
    assert_ne!(replicate_seed(1, 0), replicate_seed(1, 1));
    assert_ne!(replicate_seed(1, 0), replicate_seed(2, 0));
}
