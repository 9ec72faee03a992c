//! The escape rate `κ` from the escape times of many trajectories.
//!
//! `p(t)`, the fraction of trajectories not yet at a solution by time `t`, decays as `e^{−κt}` in
//! its tail, after a transient that depends on the initial conditions. Some trajectories end
//! without escaping (the time cap or the step budget stopped them): they are right-censored, so
//! `p(t)` is the Kaplan–Meier estimate, and the rate is the maximum-likelihood rate of a constant
//! hazard on the tail: the number of escapes after the tail's start `t0` over the time every
//! trajectory spent in the tail,
//!
//! ```text
//!   κ = d / E,   d = #{escapes with T > t0},   E = Σ_{T_i > t0} (T_i − t0)  (escaped or not)
//! ```
//!
//! which is the slope of `ln p(t)` for exponential data and needs no binning. The tail starts at
//! the first escape where `p(t) ≤ tail` (default 1/2: the later half of the escapes). The interval
//! is the large-sample one of `ln κ` (its standard error is `1/√d`): `κ·e^{±z/√d}`. The fit's
//! quality is the `R²` of the least-squares line through `(t, ln p(t))` at the tail's escapes.
//!
//! Too few escapes in the tail give no rate but an upper bound on `κ`, `(d/E)·e^{z/√d}` (with no
//! escape `−ln(α)/E`), from the tail when `p(t)` fell to `tail`, else from the first escape on
//! (from 0 when none escaped): counting the transient before the first escape, when no
//! trajectory can escape yet, as time at the tail's rate would make the bound too tight.

/// How one trajectory ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Escape {
    /// The time it reached a solution, or the time it was stopped.
    pub time: f64,
    /// Whether it reached a solution (otherwise it is censored at `time`).
    pub escaped: bool,
}

/// The settings of the fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// The tail starts at the first escape where `p(t)` is at most this.
    pub tail: f64,
    /// Fewer escapes in the tail than this give no rate, only a bound.
    pub min_escapes: usize,
    /// The normal quantile of the interval (1.96: 95%).
    pub z: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            tail: 0.5,
            min_escapes: 10,
            z: 1.96,
        }
    }
}

/// An escape rate fitted on the tail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// The rate `κ`.
    pub kappa: f64,
    /// The interval of `κ`.
    pub low: f64,
    /// The interval of `κ`.
    pub high: f64,
    /// `R²` of the line through `(t, ln p(t))` on the tail (`None` with fewer than 3 points).
    pub r2: Option<f64>,
    /// Where the tail starts.
    pub tail_start: f64,
    /// Escapes in the tail.
    pub escapes: usize,
}

/// What the fit found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit {
    /// A rate.
    Rate(Rate),
    /// Too few escapes for a rate: an upper bound on `κ` (at the interval's level), from the
    /// escapes and the time of the tail, or of the whole run when `p(t)` never fell to the tail.
    Bound {
        /// The upper bound of `κ`.
        kappa_high: f64,
        /// Escapes counted.
        escapes: usize,
    },
}

/// The Kaplan–Meier `p(t)` just after each escape, in time order: `(t, p)`.
pub fn survival(escapes: &[Escape]) -> Vec<(f64, f64)> {
    let mut sorted = escapes.to_vec();
    // Escapes before censorings at equal times, as Kaplan–Meier counts them.
    sorted.sort_by(|a, b| a.time.total_cmp(&b.time).then(b.escaped.cmp(&a.escaped)));
    let mut at_risk = sorted.len();
    let mut p = 1.0;
    let mut out = Vec::new();
    for e in sorted {
        if e.escaped {
            p *= 1.0 - 1.0 / at_risk as f64;
            out.push((e.time, p));
        }
        at_risk -= 1;
    }
    out
}

/// Fits the escape rate of `escapes` (see the module's text).
pub fn fit(escapes: &[Escape], options: FitOptions) -> Fit {
    let curve = survival(escapes);
    let start = curve
        .iter()
        .find(|&&(_, p)| p <= options.tail)
        .map(|&(t, _)| t);
    let rate_after = |t0: f64| {
        let d = escapes.iter().filter(|e| e.escaped && e.time > t0).count();
        let exposure: f64 = escapes.iter().map(|e| (e.time - t0).max(0.0)).sum();
        (d, exposure)
    };
    let Some(t0) = start else {
        // p(t) never fell to the tail: the bound counts the time after the first escape (none
        // at all: after 0). The transient before it, in which no trajectory escapes, is not
        // time at the tail's rate: counted, it shrank the bound below the rate (see the test).
        let first = curve.first().map_or(0.0, |&(t, _)| t);
        let (d, exposure) = rate_after(first);
        return Fit::Bound {
            kappa_high: upper(d, exposure, options.z),
            escapes: d,
        };
    };
    let (d, exposure) = rate_after(t0);
    if d < options.min_escapes || exposure <= 0.0 {
        return Fit::Bound {
            kappa_high: upper(d, exposure, options.z),
            escapes: d,
        };
    }
    let kappa = d as f64 / exposure;
    let spread = (options.z / (d as f64).sqrt()).exp();
    let points: Vec<(f64, f64)> = curve
        .iter()
        .filter(|&&(t, p)| t >= t0 && p > 0.0)
        .map(|&(t, p)| (t, p.ln()))
        .collect();
    Fit::Rate(Rate {
        kappa,
        low: kappa / spread,
        high: kappa * spread,
        r2: r_squared(&points),
        tail_start: t0,
        escapes: d,
    })
}

/// The upper bound of a rate with `d` events in `exposure`: `κ·e^{z/√d}`; with no event,
/// `−ln(α)/E`, the rate under which no escape in `E` has chance `α`, the one-sided tail of `z`
/// (0.025 for 1.96).
fn upper(d: usize, exposure: f64, z: f64) -> f64 {
    if exposure <= 0.0 {
        return f64::INFINITY;
    }
    if d == 0 {
        let alpha = 0.5 * erfc(z / std::f64::consts::SQRT_2);
        return -alpha.ln() / exposure;
    }
    d as f64 / exposure * (z / (d as f64).sqrt()).exp()
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// `R²` of the least-squares line through `points` (`None` with fewer than 3 or no spread).
fn r_squared(points: &[(f64, f64)]) -> Option<f64> {
    if points.len() < 3 {
        return None;
    }
    let n = points.len() as f64;
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x / n, b + y / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y) in points {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
        syy += (y - my) * (y - my);
    }
    if sxx <= 0.0 || syy <= 0.0 {
        return None;
    }
    Some(sxy * sxy / (sxx * syy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Escape times: a fast transient (a quarter escape uniformly in [0, 1]) then an exponential
    /// tail of rate `kappa`, with a cap at `cap`.
    fn synthetic(kappa: f64, n: usize, cap: f64, seed: u64) -> Vec<Escape> {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        (0..n)
            .map(|i| {
                let t = if i % 4 == 0 {
                    rng.random::<f64>()
                } else {
                    1.0 - (1.0 - rng.random::<f64>()).ln() / kappa
                };
                Escape {
                    time: t.min(cap),
                    escaped: t < cap,
                }
            })
            .collect()
    }

    #[test]
    fn the_rate_of_an_exponential_tail_is_found_within_its_interval() {
        for (kappa, seed) in [(0.3, 1), (2.5e-4, 2), (0.01, 3)] {
            let Fit::Rate(r) = fit(
                &synthetic(kappa, 2000, f64::INFINITY, seed),
                FitOptions::default(),
            ) else {
                panic!("no rate");
            };
            assert!(r.low < kappa && kappa < r.high, "{kappa}: {r:?}");
            assert!((r.kappa / kappa - 1.0).abs() < 0.1, "{kappa}: {r:?}");
            assert!(r.r2.unwrap() > 0.98, "{r:?}");
            assert!(r.escapes > 900 && r.escapes < 1100);
        }
    }

    #[test]
    fn censored_trajectories_do_not_bias_the_rate() {
        // Capped one mean life into the tail: over a quarter of them censored.
        let kappa = 0.05;
        let escapes = synthetic(kappa, 4000, 1.0 + 1.0 / kappa, 4);
        assert!(escapes.iter().filter(|e| !e.escaped).count() > 800);
        let Fit::Rate(r) = fit(&escapes, FitOptions::default()) else {
            panic!("no rate");
        };
        assert!(r.low < kappa && kappa < r.high, "{r:?}");
    }

    #[test]
    fn too_few_escapes_give_a_bound_that_holds() {
        let kappa = 0.001;
        // Capped at 50: almost none escape after the transient.
        let escapes = synthetic(kappa, 200, 50.0, 5);
        match fit(&escapes, FitOptions::default()) {
            Fit::Bound { kappa_high, .. } => assert!(kappa_high > kappa, "{kappa_high}"),
            other => panic!("{other:?}"),
        }
        let none: Vec<Escape> = (0..10)
            .map(|_| Escape {
                time: 100.0,
                escaped: false,
            })
            .collect();
        let Fit::Bound {
            kappa_high,
            escapes,
        } = fit(&none, FitOptions::default())
        else {
            panic!("a rate without escapes");
        };
        // 95% one-sided: -ln(0.025) / 1000.
        assert_eq!(escapes, 0);
        assert!((kappa_high - 0.025f64.ln().abs() / 1000.0).abs() < 1e-6);
    }

    #[test]
    fn a_transient_before_the_first_escape_does_not_tighten_the_bound() {
        // Every trajectory needs 100 time units before it can escape, then escapes at rate
        // 0.001; capped at 150, about 10 of 200 escape and p(t) never falls to 1/2. Counting the
        // first 100 units as time at the tail's rate gave (d/E)e^{z/sqrt d} ~ 6e-4, below 0.001.
        let kappa = 0.001;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        let escapes: Vec<Escape> = (0..200)
            .map(|_| {
                let t = 100.0 - (1.0 - rng.random::<f64>()).ln() / kappa;
                Escape {
                    time: t.min(150.0),
                    escaped: t < 150.0,
                }
            })
            .collect();
        let d = escapes.iter().filter(|e| e.escaped).count();
        assert!((5..=20).contains(&d), "{d} escapes");
        match fit(&escapes, FitOptions::default()) {
            Fit::Bound { kappa_high, .. } => assert!(kappa_high > kappa, "{kappa_high}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn kaplan_meier_counts_censoring() {
        let e = |time, escaped| Escape { time, escaped };
        let curve = survival(&[e(1.0, true), e(2.0, false), e(3.0, true), e(4.0, true)]);
        assert_eq!(curve, vec![(1.0, 0.75), (3.0, 0.375), (4.0, 0.0)]);
    }
}
