//! A stiff integrator for the dynamics: a four-stage Rosenbrock method of order four with an
//! embedded third-order error estimate (Shampine's parameters, ACM TOMS 8:93, 1982; the method of
//! *Numerical Recipes*' `stiff`), on the state `(s, b)` with `b_m = ln a_m`.
//!
//! Why: the clause weights grow exponentially (`db_m/dt = K_m`), and the spins' forces with
//! them, so the spins relax faster and faster towards a slowly moving minimum of
//! `V = Σ a_m K_m²`. An explicit method ([`super::integrator::CashKarp`]) must then take steps
//! of order `1/a` to stay stable: on Platinum Blonde its step falls from 0.5 to 6·10⁻⁴ by `t = 256`,
//! and the escape times of the hardest puzzles (thousands of time units) are out of reach. A
//! linearly implicit method is stable at any step and its step follows the slow dynamics.
//!
//! Each step solves four systems with the matrix `(1/γh)·I − J`, `J` the exact Jacobian at the
//! step's start. With the spins first and the `b` second, `J = [[J_ss, J_sb], [J_bs, 0]]`
//! (`db/dt = K` does not depend on `b`), so the `b` unknowns are eliminated and only the dense
//! `n × n` Schur complement `α·I − J_ss − J_sb·J_bs/α` (`α = 1/γh`, `n` the spins) is factorised.
//! Each clause adds its own `k × k` block to `J_ss` and the rank-one `J_sb·J_bs` term.

use super::encoding::Formula;
use super::integrator::{StepError, MIN_STEP};
use super::lu::{lu_factorise, lu_solve};

/// Shampine's parameters: `γ`, the stage coefficients `a`, the coupling coefficients `c`, the
/// fourth-order weights `b` and the error weights `e` (fourth minus third order).
const GAMMA: f64 = 0.5;
const A21: f64 = 2.0;
const A31: f64 = 48.0 / 25.0;
const A32: f64 = 6.0 / 25.0;
const C21: f64 = -8.0;
const C31: f64 = 372.0 / 25.0;
const C32: f64 = 12.0 / 5.0;
const C41: f64 = -112.0 / 125.0;
const C42: f64 = -54.0 / 125.0;
const C43: f64 = -2.0 / 5.0;
const B: [f64; 4] = [19.0 / 9.0, 0.5, 25.0 / 108.0, 125.0 / 108.0];
const E: [f64; 4] = [17.0 / 54.0, 7.0 / 36.0, 0.0, 125.0 / 108.0];

/// One clause as the integrator reads it: its literals' variables and signs `c` (`+1`: `x`,
/// `−1`: `¬x`), in one flat array per field, clause `m` at `start[m]..start[m + 1]`.
#[derive(Clone, Debug)]
struct Clauses {
    start: Vec<usize>,
    var: Vec<usize>,
    sign: Vec<f64>,
}

impl Clauses {
    fn new(formula: &Formula) -> Clauses {
        let mut c = Clauses {
            start: vec![0],
            var: Vec::new(),
            sign: Vec::new(),
        };
        for clause in &formula.at_least_one {
            for &v in clause {
                c.var.push(v as usize);
                c.sign.push(1.0);
            }
            c.start.push(c.var.len());
        }
        for &(x, z) in &formula.not_both {
            c.var.extend([x as usize, z as usize]);
            c.sign.extend([-1.0, -1.0]);
            c.start.push(c.var.len());
        }
        c
    }

    fn len(&self) -> usize {
        self.start.len() - 1
    }
}

/// The dynamics on `(s, b = ln a)` with their Jacobian, and the Rosenbrock stepper's work space.
#[derive(Clone, Debug)]
pub struct Rosenbrock {
    clauses: Clauses,
    n: usize,
    /// `1 − c_j s_j` of the literal, and the clause's `2^-k`.
    g: Vec<f64>,
    scale: Vec<f64>,
    /// One clause's prefix and suffix products of `g`, and `K_m` without each literal.
    pre: Vec<f64>,
    suf: Vec<f64>,
    without: Vec<f64>,
    /// Per literal: `∂(ds_v/dt)/∂b_m` (column of `J_sb`) and `∂K_m/∂s_v` (row of `J_bs`).
    col: Vec<f64>,
    row: Vec<f64>,
    /// `J_ss`, dense, row-major.
    jss: Vec<f64>,
    /// The factorised Schur complement and its row permutation.
    lu: Vec<f64>,
    perm: Vec<usize>,
    alpha: f64,
    k: [Vec<f64>; 4],
    dy0: Vec<f64>,
    dy: Vec<f64>,
    stage: Vec<f64>,
    rhs: Vec<f64>,
    /// Steps accepted so far.
    pub accepted: u64,
    /// Steps rejected so far (each retried with a smaller step).
    pub rejected: u64,
}

impl Rosenbrock {
    /// The integrator for `formula`'s dynamics.
    pub fn new(formula: &Formula) -> Rosenbrock {
        let clauses = Clauses::new(formula);
        let n = formula.variables.len();
        let dim = n + clauses.len();
        let literals = clauses.var.len();
        let longest = (0..clauses.len())
            .map(|m| clauses.start[m + 1] - clauses.start[m])
            .max()
            .unwrap_or(0);
        let scale = (0..clauses.len())
            .map(|m| 0.5f64.powi((clauses.start[m + 1] - clauses.start[m]) as i32))
            .collect();
        Rosenbrock {
            clauses,
            n,
            g: vec![0.0; literals],
            scale,
            pre: vec![0.0; longest + 1],
            suf: vec![0.0; longest + 1],
            without: vec![0.0; longest],
            col: vec![0.0; literals],
            row: vec![0.0; literals],
            jss: vec![0.0; n * n],
            lu: vec![0.0; n * n],
            perm: vec![0; n],
            alpha: 0.0,
            k: std::array::from_fn(|_| vec![0.0; dim]),
            dy0: vec![0.0; dim],
            dy: vec![0.0; dim],
            stage: vec![0.0; dim],
            rhs: vec![0.0; dim],
            accepted: 0,
            rejected: 0,
        }
    }

    /// The length of the state vector: the spins, then `b = ln a` of every clause (the "at least
    /// one" clauses first, then the "not both" clauses).
    pub fn dim(&self) -> usize {
        self.n + self.clauses.len()
    }

    /// The initial state: the spins given, every `a` 1 (`b = 0`).
    pub fn initial_state(&self, spins: &[f64]) -> Vec<f64> {
        let mut y = vec![0.0; self.dim()];
        y[..spins.len()].copy_from_slice(spins);
        y
    }

    /// Fills `g` (`1 − c s` of every literal) and the prefix and suffix products of clause `m`:
    /// `pre[j] = ∏_{i<j} g_i`, `suf[j] = ∏_{i≥j} g_i` over the clause's literals; returns its
    /// literals' range.
    fn products(&mut self, m: usize, s: &[f64]) -> std::ops::Range<usize> {
        let range = self.clauses.start[m]..self.clauses.start[m + 1];
        let k = range.len();
        self.pre[0] = 1.0;
        for (j, l) in range.clone().enumerate() {
            self.g[l] = 1.0 - self.clauses.sign[l] * s[self.clauses.var[l]];
            self.pre[j + 1] = self.pre[j] * self.g[l];
        }
        self.suf[k] = 1.0;
        for (j, l) in range.clone().enumerate().rev() {
            self.suf[j] = self.suf[j + 1] * self.g[l];
        }
        range
    }

    /// Writes `dy/dt` at `y` into `dy`: `ds_i/dt = Σ_m 2 a_m c_mi K_mi K_m`, `db_m/dt = K_m`.
    pub fn derivative(&mut self, y: &[f64], dy: &mut [f64]) {
        let n = self.n;
        let (s, b) = y.split_at(n);
        let (ds, db) = dy.split_at_mut(n);
        ds.fill(0.0);
        for m in 0..self.clauses.len() {
            let range = self.products(m, s);
            let scale = self.scale[m];
            let k_m = scale * self.pre[range.len()];
            db[m] = k_m;
            let force = 2.0 * b[m].exp() * k_m * scale;
            for (j, l) in range.enumerate() {
                ds[self.clauses.var[l]] +=
                    force * self.clauses.sign[l] * self.pre[j] * self.suf[j + 1];
            }
        }
    }

    /// The Jacobian at `y`: `J_ss` dense, and per literal the entries of `J_sb` and `J_bs`.
    fn jacobian(&mut self, y: &[f64]) {
        let n = self.n;
        let (s, b) = y.split_at(n);
        self.jss.fill(0.0);
        for (m, &b_m) in b.iter().enumerate() {
            let range = self.products(m, s);
            let k = range.len();
            let first = range.start;
            let scale = self.scale[m];
            let k_m = scale * self.pre[k];
            let a = b_m.exp();
            // K without literal j.
            for j in 0..k {
                self.without[j] = scale * self.pre[j] * self.suf[j + 1];
            }
            for i in 0..k {
                let (li, k_i) = (first + i, self.without[i]);
                let c_i = self.clauses.sign[li];
                let vi = self.clauses.var[li];
                self.col[li] = 2.0 * a * c_i * k_i * k_m;
                self.row[li] = -c_i * k_i;
                self.jss[vi * n + vi] -= 2.0 * a * k_i * k_i;
                // K without literals i and l (i < l): pre[i] · ∏_{i<j<l} g_j · suf[l + 1].
                let mut between = 1.0;
                for l in i + 1..k {
                    let ll = first + l;
                    let k_il = scale * self.pre[i] * between * self.suf[l + 1];
                    between *= self.g[ll];
                    let c_l = self.clauses.sign[ll];
                    let vl = self.clauses.var[ll];
                    let d = 2.0 * a * c_i * c_l * (k_il * k_m + k_i * self.without[l]);
                    self.jss[vi * n + vl] -= d;
                    self.jss[vl * n + vi] -= d;
                }
            }
        }
    }

    /// Forms and factorises the Schur complement `α·I − J_ss − J_sb·J_bs/α`; false when it is
    /// singular or not finite.
    fn factorise(&mut self, alpha: f64) -> bool {
        let n = self.n;
        self.alpha = alpha;
        for (out, &j) in self.lu.iter_mut().zip(&self.jss) {
            *out = -j;
        }
        for i in 0..n {
            self.lu[i * n + i] += alpha;
        }
        for m in 0..self.clauses.len() {
            let range = self.clauses.start[m]..self.clauses.start[m + 1];
            for i in range.clone() {
                let ci = self.col[i] / alpha;
                let vi = self.clauses.var[i];
                for l in range.clone() {
                    self.lu[vi * n + self.clauses.var[l]] -= ci * self.row[l];
                }
            }
        }
        lu_factorise(&mut self.lu, &mut self.perm, n)
    }

    /// Solves `(α·I − J) x = r` in place, with the factorised Schur complement.
    fn solve(&mut self, x: &mut [f64]) {
        let n = self.n;
        let alpha = self.alpha;
        // x_s = S⁻¹ (r_s + J_sb r_b / α), then x_b = (r_b + J_bs x_s) / α.
        for m in 0..self.clauses.len() {
            let rb = x[n + m] / alpha;
            for l in self.clauses.start[m]..self.clauses.start[m + 1] {
                x[self.clauses.var[l]] += self.col[l] * rb;
            }
        }
        lu_solve(&self.lu, &self.perm, n, &mut x[..n]);
        for m in 0..self.clauses.len() {
            let mut acc = x[n + m];
            for l in self.clauses.start[m]..self.clauses.start[m + 1] {
                acc += self.row[l] * x[self.clauses.var[l]];
            }
            x[n + m] = acc / alpha;
        }
    }

    /// Takes one accepted step from `(t, y)` trying `h` first, with the largest absolute local
    /// error over spins and `b` at most `tolerance`: on return `y` and `t` are advanced and `h`
    /// is the step to try next. Returns the step taken.
    pub fn step(
        &mut self,
        y: &mut [f64],
        t: &mut f64,
        h: &mut f64,
        tolerance: f64,
    ) -> Result<f64, StepError> {
        let mut dy0 = std::mem::take(&mut self.dy0);
        self.derivative(y, &mut dy0);
        let finite = dy0.iter().all(|d| d.is_finite());
        self.dy0 = dy0;
        if !finite {
            return Err(StepError::NotFinite { t: *t });
        }
        self.jacobian(y);
        loop {
            let step = *h;
            if step < MIN_STEP * (1.0 + t.abs()) {
                return Err(StepError::Underflow { t: *t });
            }
            if !self.factorise(1.0 / (GAMMA * step)) {
                // Singular at this step size: another step size moves every eigenvalue.
                self.rejected += 1;
                *h = 0.25 * step;
                continue;
            }
            let mut k = std::mem::take(&mut self.k);
            let mut rhs = std::mem::take(&mut self.rhs);
            let mut stage = std::mem::take(&mut self.stage);
            let mut dy = std::mem::take(&mut self.dy);
            // Stage 1.
            k[0].copy_from_slice(&self.dy0);
            self.solve(&mut k[0]);
            // Stage 2.
            for i in 0..y.len() {
                stage[i] = y[i] + A21 * k[0][i];
            }
            self.derivative(&stage, &mut dy);
            for i in 0..y.len() {
                rhs[i] = dy[i] + C21 * k[0][i] / step;
            }
            k[1].copy_from_slice(&rhs);
            self.solve(&mut k[1]);
            // Stages 3 and 4 (the fourth uses the third's derivative).
            for i in 0..y.len() {
                stage[i] = y[i] + A31 * k[0][i] + A32 * k[1][i];
            }
            self.derivative(&stage, &mut dy);
            for i in 0..y.len() {
                rhs[i] = dy[i] + (C31 * k[0][i] + C32 * k[1][i]) / step;
            }
            k[2].copy_from_slice(&rhs);
            self.solve(&mut k[2]);
            for i in 0..y.len() {
                rhs[i] = dy[i] + (C41 * k[0][i] + C42 * k[1][i] + C43 * k[2][i]) / step;
            }
            k[3].copy_from_slice(&rhs);
            self.solve(&mut k[3]);
            let mut worst: f64 = 0.0;
            let mut finite = true;
            for i in 0..y.len() {
                let mut err = 0.0;
                let mut next = y[i];
                for s in 0..4 {
                    err += E[s] * k[s][i];
                    next += B[s] * k[s][i];
                }
                stage[i] = next;
                // `max` would skip a NaN: check every component.
                finite &= err.is_finite() && next.is_finite();
                worst = worst.max(err.abs());
            }
            let ratio = worst / tolerance;
            if finite && ratio <= 1.0 {
                y.copy_from_slice(&stage);
            }
            self.k = k;
            self.rhs = rhs;
            self.stage = stage;
            self.dy = dy;
            if !finite {
                // A stage left the finite numbers (a nearly singular matrix at this step, or a
                // weight's exp overflowing): a smaller step.
                self.rejected += 1;
                *h = 0.25 * step;
                continue;
            }
            if ratio <= 1.0 {
                *t += step;
                self.accepted += 1;
                *h = step * (0.9 * ratio.powf(-0.25)).min(4.0);
                return Ok(step);
            }
            self.rejected += 1;
            *h = step * (0.9 * ratio.powf(-1.0 / 3.0)).max(0.25);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::chaos::dynamics::Dynamics;
    use crate::rating::chaos::integrator::CashKarp;
    use crate::sudoku::Grid;

    /// A solved grid with every other cell of its first 20 emptied, and a state in the cube's
    /// inside with weights of a few e-folds.
    fn formula_and_state() -> (Formula, Vec<f64>) {
        let line =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let puzzle: String = line
            .chars()
            .enumerate()
            .map(|(i, ch)| if i < 20 && i % 2 == 0 { '.' } else { ch })
            .collect();
        let f = Formula::encode(&Grid::parse(&puzzle).unwrap()).unwrap();
        let n = f.variables.len();
        let dim = n + f.clauses();
        let y = (0..dim)
            .map(|i| {
                if i < n {
                    ((i * 37 % 19) as f64 / 9.5) - 0.95
                } else {
                    0.3 * (i % 7) as f64
                }
            })
            .collect();
        (f, y)
    }

    /// `J·v` from the stored pieces.
    fn jacobian_times(r: &Rosenbrock, v: &[f64]) -> Vec<f64> {
        let n = r.n;
        let mut out = vec![0.0; v.len()];
        for (i, o) in out[..n].iter_mut().enumerate() {
            *o = (0..n).map(|j| r.jss[i * n + j] * v[j]).sum();
        }
        for m in 0..r.clauses.len() {
            for l in r.clauses.start[m]..r.clauses.start[m + 1] {
                out[r.clauses.var[l]] += r.col[l] * v[n + m];
                out[n + m] += r.row[l] * v[r.clauses.var[l]];
            }
        }
        out
    }

    fn probe(dim: usize) -> Vec<f64> {
        (0..dim)
            .map(|i| ((i * 53 % 23) as f64 / 11.0) - 1.0)
            .collect()
    }

    #[test]
    fn the_jacobian_matches_central_differences() {
        let (f, y) = formula_and_state();
        let mut r = Rosenbrock::new(&f);
        r.jacobian(&y);
        let v = probe(y.len());
        let jv = jacobian_times(&r, &v);
        let eps = 1e-6;
        let shifted = |sign: f64, r: &mut Rosenbrock| {
            let z: Vec<f64> = y.iter().zip(&v).map(|(a, b)| a + sign * eps * b).collect();
            let mut dz = vec![0.0; z.len()];
            r.derivative(&z, &mut dz);
            dz
        };
        let (plus, minus) = (shifted(1.0, &mut r), shifted(-1.0, &mut r));
        for i in 0..y.len() {
            let fd = (plus[i] - minus[i]) / (2.0 * eps);
            assert!(
                (fd - jv[i]).abs() < 1e-6 * (1.0 + fd.abs()),
                "component {i}: {fd} vs {}",
                jv[i]
            );
        }
    }

    #[test]
    fn the_derivative_is_the_explicit_dynamics_in_ln_a() {
        let (f, y) = formula_and_state();
        let n = f.variables.len();
        let mut r = Rosenbrock::new(&f);
        let mut dy = vec![0.0; y.len()];
        r.derivative(&y, &mut dy);
        // The same point with a = e^b for the explicit dynamics: ds equal, da = a·db.
        let mut ya = y.clone();
        for a in &mut ya[n..] {
            *a = a.exp();
        }
        let mut d = Dynamics::new(&f);
        let mut dya = vec![0.0; y.len()];
        d.derivative(&ya, &mut dya);
        for i in 0..y.len() {
            let expect = if i < n { dya[i] } else { dya[i] / ya[i] };
            assert!((dy[i] - expect).abs() < 1e-12 * (1.0 + expect.abs()), "{i}");
        }
    }

    #[test]
    fn the_solve_inverts_the_step_matrix() {
        let (f, y) = formula_and_state();
        let mut r = Rosenbrock::new(&f);
        r.jacobian(&y);
        let alpha = 3.7;
        assert!(r.factorise(alpha));
        let x = probe(y.len());
        let jx = jacobian_times(&r, &x);
        let mut rhs: Vec<f64> = x.iter().zip(&jx).map(|(a, b)| alpha * a - b).collect();
        r.solve(&mut rhs);
        for (i, (a, b)) in rhs.iter().zip(&x).enumerate() {
            assert!((a - b).abs() < 1e-10, "{i}: {a} vs {b}");
        }
    }

    /// Both integrators from the same point to the same time, at a tight tolerance: the same
    /// spins (a wrong coefficient would show here as a first-order error).
    #[test]
    fn a_short_run_agrees_with_cash_karp() {
        let (f, y0) = formula_and_state();
        let n = f.variables.len();
        let end = 3.0;
        let mut rb = Rosenbrock::new(&f);
        let mut y = y0.clone();
        let (mut t, mut h) = (0.0, 0.01);
        while t < end {
            let mut try_h = f64::min(h, end - t);
            rb.step(&mut y, &mut t, &mut try_h, 1e-9).unwrap();
            h = try_h;
        }
        let mut d = Dynamics::new(&f);
        let mut ya = y0.clone();
        for a in &mut ya[n..] {
            *a = a.exp();
        }
        let mut ck = CashKarp::new(ya.len());
        ck.relative_from = n;
        let mut df = |y: &[f64], dy: &mut [f64]| d.derivative(y, dy);
        let (mut t, mut h) = (0.0, 0.01);
        while t < end {
            let mut try_h = f64::min(h, end - t);
            ck.step(&mut df, &mut ya, &mut t, &mut try_h, 1e-11)
                .unwrap();
            h = try_h;
        }
        for i in 0..y.len() {
            let other = if i < n { ya[i] } else { ya[i].ln() };
            assert!((y[i] - other).abs() < 1e-6, "{i}: {} vs {other}", y[i]);
        }
    }
}
