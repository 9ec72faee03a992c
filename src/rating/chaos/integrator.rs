//! An adaptive Runge–Kutta integrator: the Cash–Karp embedded pair (fifth order, with a fourth
//! order estimate of the local error; Cash & Karp, ACM TOMS 16:201, 1990), as in *Numerical
//! Recipes*' `rkck`/`rkqs`, which the transient-chaos papers' authors used for these dynamics.
//!
//! A step of size `h` is accepted when the largest local error over the components is at most
//! `tolerance`: an absolute error on the components before [`CashKarp::relative_from`] (the
//! spins, in `[-1, 1]`) and an error relative to `max(|y|, 1)` on the others (the weights, which
//! grow exponentially: see [`super::dynamics`]).
//! The next step is `0.9·h·(tolerance/error)^(1/5)`, grown at most fivefold; a rejected step is
//! retried with `0.9·h·(tolerance/error)^(1/4)`, shrunk at most tenfold.

/// Cash–Karp's matrix `a` and weights of the fifth order solution `b5` and of the difference
/// between the fifth and fourth order solutions `e` (`b5 − b4`); the nodes `c` (0, 1/5, 3/10,
/// 3/5, 1, 7/8) are not needed, the dynamics not depending on time.
const A: [[f64; 5]; 6] = [
    [0.0, 0.0, 0.0, 0.0, 0.0],
    [0.2, 0.0, 0.0, 0.0, 0.0],
    [3.0 / 40.0, 9.0 / 40.0, 0.0, 0.0, 0.0],
    [0.3, -0.9, 1.2, 0.0, 0.0],
    [-11.0 / 54.0, 2.5, -70.0 / 27.0, 35.0 / 27.0, 0.0],
    [
        1631.0 / 55296.0,
        175.0 / 512.0,
        575.0 / 13824.0,
        44275.0 / 110592.0,
        253.0 / 4096.0,
    ],
];
const B5: [f64; 6] = [
    37.0 / 378.0,
    0.0,
    250.0 / 621.0,
    125.0 / 594.0,
    0.0,
    512.0 / 1771.0,
];
const E: [f64; 6] = [
    37.0 / 378.0 - 2825.0 / 27648.0,
    0.0,
    250.0 / 621.0 - 18575.0 / 48384.0,
    125.0 / 594.0 - 13525.0 / 55296.0,
    -277.0 / 14336.0,
    512.0 / 1771.0 - 0.25,
];

/// The smallest step tried, relative to `1 + t`: below it the step is said to underflow.
pub(super) const MIN_STEP: f64 = 1e-12;

/// Why a step could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum StepError {
    /// The error control asked for a step below `MIN_STEP`·(1 + t).
    #[error("step size underflow at t = {t}")]
    Underflow {
        /// Where the integration stopped.
        t: f64,
    },
    /// The derivative or the solution stopped being finite (a weight overflowed).
    #[error("the solution is not finite at t = {t}")]
    NotFinite {
        /// Where the integration stopped.
        t: f64,
    },
}

/// The work space of the integrator for systems of one dimension; reused from step to step.
#[derive(Clone, Debug)]
pub struct CashKarp {
    k: [Vec<f64>; 6],
    stage: Vec<f64>,
    next: Vec<f64>,
    /// The first component whose error is measured relative to `max(|y|, 1)` (the dimension:
    /// every error absolute).
    pub relative_from: usize,
    /// Steps accepted so far.
    pub accepted: u64,
    /// Steps rejected so far (each retried with a smaller step).
    pub rejected: u64,
}

impl CashKarp {
    /// A work space for systems of `dim` variables.
    pub fn new(dim: usize) -> CashKarp {
        CashKarp {
            k: std::array::from_fn(|_| vec![0.0; dim]),
            stage: vec![0.0; dim],
            next: vec![0.0; dim],
            relative_from: dim,
            accepted: 0,
            rejected: 0,
        }
    }

    /// Takes one accepted step of `dy/dt = f(y, dy)` from `(t, y)` trying `h` first: on return
    /// `y` and `t` are advanced and `h` is the step to try next. Returns the step taken.
    pub fn step(
        &mut self,
        f: &mut impl FnMut(&[f64], &mut [f64]),
        y: &mut [f64],
        t: &mut f64,
        h: &mut f64,
        tolerance: f64,
    ) -> Result<f64, StepError> {
        f(y, &mut self.k[0]);
        loop {
            let step = *h;
            if step < MIN_STEP * (1.0 + t.abs()) {
                return Err(StepError::Underflow { t: *t });
            }
            for s in 1..6 {
                for (i, (stage, &yi)) in self.stage.iter_mut().zip(y.iter()).enumerate() {
                    let mut acc = 0.0;
                    for (j, a) in A[s][..s].iter().enumerate() {
                        acc += a * self.k[j][i];
                    }
                    *stage = yi + step * acc;
                }
                f(&self.stage, &mut self.k[s]);
            }
            let mut worst: f64 = 0.0;
            let mut finite = true;
            for (i, (out, &yi)) in self.next.iter_mut().zip(y.iter()).enumerate() {
                let mut e = 0.0;
                let mut next = 0.0;
                for (s, k) in self.k.iter().enumerate() {
                    e += E[s] * k[i];
                    next += B5[s] * k[i];
                }
                *out = yi + step * next;
                let scale = if i < self.relative_from {
                    1.0
                } else {
                    yi.abs().max(1.0)
                };
                // `max` would skip a NaN: check every component.
                finite &= e.is_finite() && out.is_finite();
                worst = worst.max((step * e).abs() / scale);
            }
            if !finite || !worst.is_finite() {
                return Err(StepError::NotFinite { t: *t });
            }
            let ratio = worst / tolerance;
            if ratio <= 1.0 {
                y.copy_from_slice(&self.next);
                *t += step;
                self.accepted += 1;
                *h = if ratio < 1.89e-4 {
                    5.0 * step
                } else {
                    0.9 * step * ratio.powf(-0.2)
                };
                return Ok(step);
            }
            self.rejected += 1;
            *h = (0.9 * step * ratio.powf(-0.25)).max(0.1 * step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Integrates to `end` (the last step shortened to land on it).
    fn integrate(
        f: &mut impl FnMut(&[f64], &mut [f64]),
        y: &mut [f64],
        end: f64,
        tolerance: f64,
    ) -> CashKarp {
        let mut ck = CashKarp::new(y.len());
        let (mut t, mut h) = (0.0f64, 0.01f64);
        while t < end {
            let mut try_h = h.min(end - t);
            ck.step(f, y, &mut t, &mut try_h, tolerance).unwrap();
            h = try_h;
            if end - t < 1e-12 {
                t = end;
            }
        }
        ck
    }

    #[test]
    fn the_harmonic_oscillator_stays_on_its_circle() {
        // y'' = -y: y = (cos t, -sin t).
        let mut f = |y: &[f64], dy: &mut [f64]| {
            dy[0] = y[1];
            dy[1] = -y[0];
        };
        let mut y = [1.0, 0.0];
        let ck = integrate(&mut f, &mut y, 10.0, 1e-9);
        assert!((y[0] - 10f64.cos()).abs() < 1e-7, "{y:?}");
        assert!((y[1] + 10f64.sin()).abs() < 1e-7, "{y:?}");
        assert!(ck.accepted > 10 && ck.accepted < 2000);
    }

    #[test]
    fn the_error_falls_with_the_tolerance() {
        // y' = -2 t y² has y = 1 / (1 + t²); the time is carried as a second variable.
        let mut f = |y: &[f64], dy: &mut [f64]| {
            dy[0] = -2.0 * y[1] * y[0] * y[0];
            dy[1] = 1.0;
        };
        let mut errors = Vec::new();
        for tol in [1e-4, 1e-7, 1e-10] {
            let mut y = [1.0, 0.0];
            integrate(&mut f, &mut y, 5.0, tol);
            errors.push((y[0] - 1.0 / 26.0).abs());
        }
        assert!(
            errors[0] < 1e-3 && errors[1] < errors[0] && errors[2] < 1e-8,
            "{errors:?}"
        );
    }

    #[test]
    fn a_blow_up_is_an_error_at_its_time() {
        // y' = y²: y = 1 / (1 - t) blows up at t = 1.
        let mut f = |y: &[f64], dy: &mut [f64]| dy[0] = y[0] * y[0];
        let mut ck = CashKarp::new(1);
        let mut y = [1.0];
        let (mut t, mut h) = (0.0, 0.1);
        let err = loop {
            if let Err(e) = ck.step(&mut f, &mut y, &mut t, &mut h, 1e-8) {
                break e;
            }
        };
        assert!(t < 1.001 && t > 0.99, "{t}");
        assert!(matches!(
            err,
            StepError::Underflow { .. } | StepError::NotFinite { .. }
        ));
    }
}
