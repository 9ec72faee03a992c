//! The continuous-time dynamics of Ercsey-Ravasz & Toroczkai (Nature Physics 7:966, 2011) on a
//! [`Formula`].
//!
//! Each variable `i` has a spin `s_i ∈ [-1, 1]` (its sign is the truth value) and each clause `m`
//! a weight `a_m > 0`. With `c_mi = +1` when `x_i` is in clause `m`, `−1` when `¬x_i` is, and
//! `k_m` the clause's length,
//!
//! ```text
//!   K_m  = 2^-k_m · ∏_j (1 − c_mj s_j)          (0 when the clause is satisfied at a corner)
//!   K_mi = 2^-k_m · ∏_{j≠i} (1 − c_mj s_j)
//!   ds_i/dt = Σ_m 2 a_m c_mi K_mi K_m
//!   da_m/dt = a_m K_m
//! ```
//!
//! The weights grow exponentially while their clause is unsatisfied, so the integrator measures
//! their error relatively ([`super::integrator::CashKarp::relative_from`]): a relative error on
//! `a_m` is an absolute error on `ln a_m`, the quantity that grows linearly. (Carrying `ln a_m`
//! in the state, as the first version did, gives the same control but costs one `exp` per
//! clause per derivative: six per step for every clause, most of a step's time.) The state
//! vector is the spins, then the `a` of the "at least one" clauses, then those of the "not
//! both" clauses.

use super::encoding::Formula;

/// The derivative of the dynamics of one formula, with its scratch space.
#[derive(Clone, Debug)]
pub struct Dynamics<'f> {
    formula: &'f Formula,
    prefix: Vec<f64>,
}

impl<'f> Dynamics<'f> {
    /// The dynamics of `formula`.
    pub fn new(formula: &'f Formula) -> Dynamics<'f> {
        let longest = formula.at_least_one.iter().map(Vec::len).max().unwrap_or(0);
        Dynamics {
            formula,
            prefix: vec![0.0; longest + 1],
        }
    }

    /// The length of the state vector: one spin per variable and one weight `a` per clause.
    pub fn dim(&self) -> usize {
        self.formula.variables.len() + self.formula.clauses()
    }

    /// The initial state: the spins given, every weight 1.
    pub fn initial_state(&self, spins: &[f64]) -> Vec<f64> {
        let mut y = vec![1.0; self.dim()];
        y[..spins.len()].copy_from_slice(spins);
        y
    }

    /// Writes `dy/dt` at `y` into `dy`.
    pub fn derivative(&mut self, y: &[f64], dy: &mut [f64]) {
        let n = self.formula.variables.len();
        let long = self.formula.at_least_one.len();
        let (s, a) = y.split_at(n);
        let (ds, da) = dy.split_at_mut(n);
        ds.fill(0.0);
        let (a_long, a_pair) = a.split_at(long);
        let (da_long, da_pair) = da.split_at_mut(long);
        for (m, clause) in self.formula.at_least_one.iter().enumerate() {
            // Positive literals: 1 − c s = 1 − s. Products without one factor by a prefix and
            // a running suffix, so that a factor of zero needs no division.
            let scale = 0.5f64.powi(clause.len() as i32);
            self.prefix[0] = scale;
            for (j, &v) in clause.iter().enumerate() {
                self.prefix[j + 1] = self.prefix[j] * (1.0 - s[v as usize]);
            }
            let k_m = self.prefix[clause.len()];
            let force = 2.0 * a_long[m] * k_m;
            let mut suffix = 1.0;
            for (j, &v) in clause.iter().enumerate().rev() {
                ds[v as usize] += force * self.prefix[j] * suffix;
                suffix *= 1.0 - s[v as usize];
            }
            da_long[m] = a_long[m] * k_m;
        }
        for (m, &(x, z)) in self.formula.not_both.iter().enumerate() {
            // Negative literals: 1 − c s = 1 + s, k = 2.
            let (gx, gz) = (1.0 + s[x as usize], 1.0 + s[z as usize]);
            let k_m = 0.25 * gx * gz;
            let force = 2.0 * a_pair[m] * k_m * 0.25;
            ds[x as usize] -= force * gz;
            ds[z as usize] -= force * gx;
            da_pair[m] = a_pair[m] * k_m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    /// The derivative against the formulas written out term by term, on a small formula.
    #[test]
    fn the_derivative_follows_the_definition() {
        let line =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let puzzle: String = line
            .chars()
            .enumerate()
            .map(|(i, ch)| if i < 20 && i % 2 == 0 { '.' } else { ch })
            .collect();
        let f = Formula::encode(&Grid::parse(&puzzle).unwrap()).unwrap();
        let mut d = Dynamics::new(&f);
        let n = f.variables.len();
        let mut y: Vec<f64> = (0..d.dim())
            .map(|i| ((i * 37 % 19) as f64 / 9.5) - 1.0)
            .collect();
        for (i, a) in y[n..].iter_mut().enumerate() {
            *a = (0.1 * i as f64).exp();
        }
        let mut dy = vec![0.0; d.dim()];
        d.derivative(&y, &mut dy);
        // Every clause as (variable, sign) lists, in the state's order.
        let clauses: Vec<Vec<(usize, f64)>> = f
            .at_least_one
            .iter()
            .map(|c| c.iter().map(|&v| (v as usize, 1.0)).collect())
            .chain(
                f.not_both
                    .iter()
                    .map(|&(x, z)| vec![(x as usize, -1.0), (z as usize, -1.0)]),
            )
            .collect();
        let mut expect = vec![0.0; d.dim()];
        for (m, clause) in clauses.iter().enumerate() {
            let scale = 0.5f64.powi(clause.len() as i32);
            let k_m: f64 = scale * clause.iter().map(|&(j, c)| 1.0 - c * y[j]).product::<f64>();
            for &(i, c) in clause {
                let k_mi: f64 = scale
                    * clause
                        .iter()
                        .filter(|&&(j, _)| j != i)
                        .map(|&(j, cj)| 1.0 - cj * y[j])
                        .product::<f64>();
                expect[i] += 2.0 * y[n + m] * c * k_mi * k_m;
            }
            expect[n + m] = y[n + m] * k_m;
        }
        for (i, (a, b)) in dy.iter().zip(&expect).enumerate() {
            assert!(
                (a - b).abs() < 1e-12 * (1.0 + b.abs()),
                "component {i}: {a} vs {b}"
            );
        }
    }
}
