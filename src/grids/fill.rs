//! Completions of a top band by the band decomposition.
//!
//! **Column sets decide everything.** Once the top band is filled, column `c` still needs the set
//! `R_c` of the `N − R` digits it lacks. The next band is fixed, up to the order of its rows
//! inside each column, by choosing an `R`-subset `T_c ⊆ R_c` per column such that in every stack
//! the `C` sets `T_c` partition the digits (the box rule). Given such column sets `T`, the number
//! of ways to order each column's `R` digits into the band's `R` rows so that every row holds
//! every digit once is `r(T)` ([`Filler::fillings`]); the lower bands then need `R_c \ T_c`. So
//!
//! ```text
//! count(R, k) = r(R)                                 (k = 1 band left: its box rule holds by itself)
//! count(R, k) = Σ_T r(T) · count(R \ T, k − 1)       (k ≥ 2)
//! completions(B1) = count(R(B1), C − 1)
//! ```
//!
//! For 3x3 that is `Σ_T r(T)·r(R\T)` over `56³ = 175,616` choices of `T` (per stack
//! `Σ_k C(3,k)³ = 56`). The last band's box rule holds by itself: each digit is missing from
//! exactly one box per stack after the other bands.
//!
//! **r(T).** Every digit lies in exactly one column per stack (the stacks partition the digits),
//! so a filling gives digit `d` a row per stack: a permutation `p_d` of the `R` rows (its copies
//! in a band sit in distinct rows). The constraint is that the digits of one column get distinct
//! rows. With the used rows kept as one bit per (column, row) — bit `col·R + row` of a `u64` —
//! every candidate `p_d` is one precomputed mask and a test is one `AND`. Permuting the band's
//! rows acts freely on the fillings, so the search fixes `p_0` to the identity and multiplies by
//! `R!`. The last two bands are summed from a table of `r` over every choice: `r(T)` and
//! `r(R\T)` are entries of the same table, so each `r` is searched once.
//!
//! **Memo.** With more than two bands below the top one, `count(S, k)` for `k ≥ 2` is stored
//! under `S` with the columns sorted inside each stack and the stacks sorted (both keep the
//! count), per top band.

use std::collections::HashMap;

use rayon::prelude::*;

use super::band::{factorial, permutations, Geometry};

/// Counts band fillings and completions for one geometry.
#[derive(Clone, Debug)]
pub struct Filler {
    geo: Geometry,
    /// The `R!` permutations of the rows, as `perm[s]` = the row of stack `s`.
    perms: Vec<Vec<usize>>,
}

/// Room for the candidate masks: `N·R! ≤ 16·24` when `N·R ≤ 64` and `R ≤ 4` (`R = 2`: `N ≤ 32`,
/// 64 masks; `R = 3`: `N ≤ 21`, 126).
const OCC: usize = 384;

/// Per-stack choices of column sets: one `Vec` of `C` masks per choice.
type StackChoices = Vec<Vec<u64>>;

impl Filler {
    /// A filler for `geo`; `None` when `N·R > 64` (the used-row bits would not fit a word) or
    /// `R > 4` (the candidate masks, `N·R!` of them, live in a fixed array).
    pub fn new(geo: Geometry) -> Option<Filler> {
        if geo.n * geo.r > 64 || geo.r > 4 {
            return None;
        }
        let perms = permutations(geo.r);
        Some(Filler { geo, perms })
    }

    /// `r(S)`: the fillings of a band whose column `c` holds the digits of `cols[c]` (each of `R`
    /// digits, every stack's columns a partition of the digits).
    pub fn fillings(&self, cols: &[u64]) -> u64 {
        let (r, c, n) = (self.geo.r, self.geo.c, self.geo.n);
        let p = self.perms.len();
        // col_of[d][s]: the column of digit d in stack s.
        let mut col_of = [[0usize; 4]; 64];
        for (col, &mask) in cols.iter().enumerate() {
            let mut m = mask;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                col_of[d][col / c] = col;
            }
        }
        // occ[d·p + k]: the (column, row) bits digit d takes under permutation k.
        let mut occ = [0u64; OCC];
        for d in 0..n {
            for (k, perm) in self.perms.iter().enumerate() {
                occ[d * p + k] = (0..r).fold(0, |m, s| m | 1u64 << (col_of[d][s] * r + perm[s]));
            }
        }
        // Order: the other digits of digit 0's first column, then those of the other columns of
        // stack 0 (digits sharing a column exclude each other's rows at once).
        let mut order = [0usize; 64];
        let mut len = 0;
        let first = col_of[0][0];
        for col in std::iter::once(first).chain((0..c).filter(|&col| col != first)) {
            let mut m = cols[col] & !1;
            while m != 0 {
                order[len] = m.trailing_zeros() as usize;
                m &= m - 1;
                len += 1;
            }
        }
        // Digit 0 takes the identity (index 0: the permutations are sorted).
        count_rec(&occ, p, &order[..len], occ[0]) * p as u64
    }

    /// `count(state, 2) = Σ_T r(T)·r(state \ T)`: every `r(T)` once in a table, each term read as
    /// the product of a choice's entry and its complement's (the complement of a choice is a
    /// choice), on the rayon pool when `parallel`.
    fn pair_sum(&self, state: &[u64], parallel: bool) -> Option<u128> {
        let choices = self.choices(state);
        let c = self.geo.c;
        let sizes: Vec<usize> = choices.iter().map(Vec::len).collect();
        let total: usize = sizes.iter().product();
        if total == 0 {
            return Some(0);
        }
        // The complement of each stack choice, as an index into the same list.
        let complement: Vec<Vec<usize>> = choices
            .iter()
            .enumerate()
            .map(|(s, list)| {
                let index: HashMap<&[u64], usize> = list
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (t.as_slice(), i))
                    .collect();
                list.iter()
                    .map(|t| {
                        let rest: Vec<u64> = t
                            .iter()
                            .zip(&state[s * c..(s + 1) * c])
                            .map(|(t, st)| st & !t)
                            .collect();
                        index[rest.as_slice()]
                    })
                    .collect()
            })
            .collect();
        let digits = |mut i: usize| {
            let mut idx = [0usize; 16];
            for (s, &size) in sizes.iter().enumerate() {
                idx[s] = i % size;
                i /= size;
            }
            idx
        };
        let r_of = |i: usize| {
            let idx = digits(i);
            let mut t = [0u64; 64];
            for (s, list) in choices.iter().enumerate() {
                t[s * c..(s + 1) * c].copy_from_slice(&list[idx[s]]);
            }
            self.fillings(&t[..self.geo.n])
        };
        let table: Vec<u64> = if parallel {
            (0..total).into_par_iter().map(r_of).collect()
        } else {
            (0..total).map(r_of).collect()
        };
        let flat = |idx: &[usize; 16]| {
            let mut i = 0;
            for s in (0..sizes.len()).rev() {
                i = i * sizes[s] + complement[s][idx[s]];
            }
            i
        };
        let mut sum = 0u128;
        for (i, &r) in table.iter().enumerate() {
            if r != 0 {
                let j = flat(&digits(i));
                sum = sum.checked_add((r as u128).checked_mul(table[j] as u128)?)?;
            }
        }
        Some(sum)
    }

    /// The completions of a top band whose columns hold `band_cols` (all the grid below it), or
    /// `None` past `u128`. The first level of the sum runs on the rayon pool.
    pub fn completions(&self, band_cols: &[u64]) -> Option<u128> {
        let full = (1u64 << self.geo.n) - 1;
        let state: Vec<u64> = band_cols.iter().map(|&m| full & !m).collect();
        let k = self.geo.bands() - 1;
        if k == 0 {
            return Some(1);
        }
        if k == 1 {
            return Some(self.fillings(&state) as u128);
        }
        if k == 2 {
            return self.pair_sum(&state, true);
        }
        let choices = self.choices(&state);
        let first = &choices[0];
        first
            .par_iter()
            .map(|head| {
                let mut memo = HashMap::new();
                let mut sum = 0u128;
                let mut t = head.clone();
                self.product(&choices, 1, &mut t, &mut |t| {
                    let rest: Vec<u64> = state.iter().zip(t).map(|(s, t)| s & !t).collect();
                    let below = self.count(&rest, k - 1, &mut memo)?;
                    sum = sum.checked_add((self.fillings(t) as u128).checked_mul(below)?)?;
                    Some(())
                })?;
                Some(sum)
            })
            .try_reduce(|| 0, |a, b| a.checked_add(b))
    }

    /// `count(need, k)` of the module documentation: the ways to fill `k` bands whose columns
    /// need the digits of `need` (`k·R` each, every digit `k` times per stack), or `None` past
    /// `u128`.
    pub fn lower_bands(&self, need: &[u64], k: usize) -> Option<u128> {
        if k == 0 {
            return Some(1);
        }
        self.count(need, k, &mut HashMap::new())
    }

    /// `count(state, k)` of the module documentation.
    fn count(&self, state: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, u128>) -> Option<u128> {
        if k == 1 {
            return Some(self.fillings(state) as u128);
        }
        let key = self.key(state);
        if let Some(&v) = memo.get(&key) {
            return Some(v);
        }
        if k == 2 {
            let sum = self.pair_sum(state, false)?;
            memo.insert(key, sum);
            return Some(sum);
        }
        let choices = self.choices(state);
        let mut sum = 0u128;
        let mut t = Vec::with_capacity(self.geo.n);
        self.product(&choices, 0, &mut t, &mut |t| {
            let rest: Vec<u64> = state.iter().zip(t).map(|(s, t)| s & !t).collect();
            let below = self.count(&rest, k - 1, memo)?;
            sum = sum.checked_add((self.fillings(t) as u128).checked_mul(below)?)?;
            Some(())
        })?;
        memo.insert(key, sum);
        Some(sum)
    }

    /// The memo key: columns sorted inside each stack, stacks sorted.
    fn key(&self, state: &[u64]) -> Vec<u64> {
        let mut stacks: Vec<Vec<u64>> = state
            .chunks(self.geo.c)
            .map(|s| {
                let mut s = s.to_vec();
                s.sort_unstable();
                s
            })
            .collect();
        stacks.sort_unstable();
        stacks.concat()
    }

    /// Calls `visit` with every full choice `t` (all stacks), the stacks before `s` already in `t`.
    fn product(
        &self,
        choices: &[StackChoices],
        s: usize,
        t: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64]) -> Option<()>,
    ) -> Option<()> {
        if s == choices.len() {
            return visit(t);
        }
        for choice in &choices[s] {
            let len = t.len();
            t.extend_from_slice(choice);
            self.product(choices, s + 1, t, visit)?;
            t.truncate(len);
        }
        Some(())
    }

    /// Per stack, every choice of `R`-subsets of the columns' sets that partition the digits.
    fn choices(&self, state: &[u64]) -> Vec<StackChoices> {
        let (r, c, n) = (self.geo.r, self.geo.c, self.geo.n);
        state
            .chunks(c)
            .map(|cols| {
                let mut out = Vec::new();
                let mut cur = Vec::with_capacity(c);
                stack_choices(cols, r, (1u64 << n) - 1, &mut cur, &mut out);
                out
            })
            .collect()
    }

    /// `R!`, the fillings per filling with digit 0's rows fixed.
    pub fn row_orders(&self) -> u128 {
        factorial(self.geo.r)
    }
}

/// Counts the fillings that extend `used` over the digits of `order`.
fn count_rec(occ: &[u64], p: usize, order: &[usize], used: u64) -> u64 {
    let Some((&d, rest)) = order.split_first() else {
        return 1;
    };
    occ[d * p..(d + 1) * p]
        .iter()
        .filter(|&&o| o & used == 0)
        .map(|&o| count_rec(occ, p, rest, used | o))
        .sum()
}

/// Choices for the columns `cols` of one stack: `cur` holds those made, `avail` the digits left.
fn stack_choices(cols: &[u64], r: usize, avail: u64, cur: &mut Vec<u64>, out: &mut StackChoices) {
    let j = cur.len();
    if j + 1 == cols.len() {
        if avail.count_ones() as usize == r && avail & !cols[j] == 0 {
            cur.push(avail);
            out.push(cur.clone());
            cur.pop();
        }
        return;
    }
    subsets(cols[j] & avail, r, 0, &mut |t| {
        cur.push(t);
        stack_choices(cols, r, avail & !t, cur, out);
        cur.pop();
    });
}

/// Calls `f` with every subset of `mask` of `k` bits (plus `acc`).
fn subsets(mask: u64, k: usize, acc: u64, f: &mut dyn FnMut(u64)) {
    if k == 0 {
        f(acc);
        return;
    }
    if (mask.count_ones() as usize) < k {
        return;
    }
    let low = mask & mask.wrapping_neg();
    subsets(mask & !low, k - 1, acc | low, f);
    subsets(mask & !low, k, acc, f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn fillings_of_the_first_band_of_3x3() {
        let geo = Geometry::of(Shape::CLASSIC);
        let f = Filler::new(geo).unwrap();
        // Column sets of 123|456|789 / 456|789|123 / 789|123|456: each stack's columns are
        // {1,4,7},{2,5,8},{3,6,9} and friends; count by brute force over 6^9 column orders.
        let band = [
            0u8, 1, 2, 3, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 8, 0, 1, 2, 6, 7, 8, 0, 1, 2, 3, 4, 5,
        ];
        let cols = geo.column_sets(&band);
        assert_eq!(f.fillings(&cols) as u128, brute(&cols));
    }

    /// Fillings by trying every order of every column.
    fn brute(cols: &[u64]) -> u128 {
        let perms = permutations(3);
        let digits: Vec<Vec<u8>> = cols
            .iter()
            .map(|&m| (0..9).filter(|d| m >> d & 1 == 1).collect())
            .collect();
        let mut total = 0;
        let mut idx = [0usize; 9];
        loop {
            let mut rows = [0u16; 3];
            let mut ok = true;
            for (col, d) in digits.iter().enumerate() {
                for row in 0..3 {
                    let digit = d[perms[idx[col]][row]];
                    ok &= rows[row] & 1 << digit == 0;
                    rows[row] |= 1 << digit;
                }
            }
            total += ok as u128;
            let mut k = 0;
            while k < 9 {
                idx[k] += 1;
                if idx[k] < 6 {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == 9 {
                return total;
            }
        }
    }

    #[test]
    fn subsets_count() {
        let mut n = 0;
        subsets(0b1111_1100, 3, 0, &mut |_| n += 1);
        assert_eq!(n, 20);
    }

    #[test]
    fn stack_choices_number_56_for_3x3() {
        let geo = Geometry::of(Shape::CLASSIC);
        let f = Filler::new(geo).unwrap();
        let band = geo.reduced_bands()[0].clone();
        let full = (1u64 << 9) - 1;
        let state: Vec<u64> = geo.column_sets(&band).iter().map(|m| full & !m).collect();
        for s in f.choices(&state) {
            assert_eq!(s.len(), 56);
        }
    }
}

/// The cost of one band's completions projected from a sample, for shapes the band route does not
/// finish (3x4 in `reports/grids/README.md`): `cargo test --release --lib
/// grids::fill::projection::project_3x4 -- --ignored --nocapture`.
#[cfg(test)]
mod projection {
    use super::*;
    use crate::sudoku::Shape;
    use std::time::Instant;

    /// The cyclic band (row `i` is `0 … N−1` shifted by `i·C`): its first lower band's choices per
    /// stack `X1`, and over every 1000th of them (up to 200) the second level's table size `X2`
    /// and the time of one `r`. Returns the per-stack choices.
    fn project(r: usize, c: usize) -> Vec<usize> {
        let geo = Geometry::of(Shape::new(r, c).unwrap());
        let f = Filler::new(geo).unwrap();
        let n = geo.n;
        let band: Vec<u8> = (0..r)
            .flat_map(|i| (0..n).map(move |j| ((j + i * c) % n) as u8))
            .collect();
        let full = (1u64 << n) - 1;
        let state: Vec<u64> = geo.column_sets(&band).iter().map(|&m| full & !m).collect();
        let choices = f.choices(&state);
        let per_stack: Vec<usize> = choices.iter().map(Vec::len).collect();
        let x1: f64 = per_stack.iter().map(|&k| k as f64).product();
        let (mut seen, mut sampled, mut x2, mut fillings) = (0u64, 0u64, 0f64, 0u64);
        let start = Instant::now();
        f.product(&choices, 0, &mut Vec::new(), &mut |t| {
            seen += 1;
            if seen % 1000 == 1 {
                let rest: Vec<u64> = state.iter().zip(t).map(|(s, t)| s & !t).collect();
                x2 += f
                    .choices(&rest)
                    .iter()
                    .map(|s| s.len() as f64)
                    .product::<f64>();
                fillings += f.fillings(t);
                sampled += 1;
            }
            (sampled < 200).then_some(())
        });
        let per_r = start.elapsed().as_secs_f64() / sampled as f64;
        x2 /= sampled as f64;
        println!(
            "{r}x{c}: choices per stack {per_stack:?}, X1 = {x1:.4e}; {sampled} sampled: mean X2 = {x2:.4e}, {per_r:.3e} s per r ({fillings} fillings); X1·X2 = {:.3e} r per band, {:.3e} s per band",
            x1 * x2,
            x1 * x2 * per_r
        );
        per_stack
    }

    #[test]
    #[ignore]
    fn project_3x4() {
        // 3x3 calibrates: Σ_k C(3,k)³ = 56 choices per stack, one table of 56³ r per band.
        assert_eq!(project(3, 3), [56, 56, 56]);
        assert!(project(3, 4).iter().all(|&k| k > 56));
    }
}
