//! `E`: the arrangements of one band of a two-band grid, given its column sets.
//!
//! **The problem.** A band of `R` rows and `N = 2R` columns, `R` stacks of two columns; digit
//! `d` lies in the first column of stack `k` when bit `k` of its vector `v(d)` is set, else in the
//! second (the box rule, [`super`]). An arrangement puts every column's `R` digits into the `R`
//! rows so that every row holds every digit once. Equivalently every digit gets a row in every
//! stack, all distinct (its `R` copies are in `R` different rows), and in every column the digits
//! get distinct rows. `E` is also the number of proper `R`-edge-colourings of the `R`-regular
//! bipartite graph digits–columns (a row is a colour).
//!
//! **The search.** Stacks are done one after another, each in two *half-steps*: first the `R`
//! digits of its first column, then those of its second; a half-step gives its digits distinct
//! rows that each digit has not used yet. The state between half-steps is the set of rows used by
//! each digit (`R` bits per digit). Permuting the rows acts freely on the arrangements, so the
//! first half-step is fixed (its digits take rows `0, 1, …` in order) and the count multiplied by
//! `R!`. In the last stack every digit has one row left and the two columns only need them
//! distinct, so the search ends a stack early with a check.
//!
//! **Memo.** What remains after a half-step depends on the used rows of each digit and on the
//! digit's vector in the stacks still to do; digits with the same remaining vector are
//! interchangeable. So with the digits sorted by vector, every run of digits whose vectors agree on
//! the bits still ahead is sorted by used rows, and the packed result (`R` bits per digit, at most
//! 72 bits) is the key of a per-half-step table. 2x5 (`R = 5`) runs through a few hundred thousand
//! states per class.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most digits: `R ≤ 6`.
const MAX_DIGITS: usize = 12;

/// Used rows per digit (bit `i`: row `i`), in sorted-digit order.
type Used = [u8; MAX_DIGITS];

/// A table from packed states to counts, one per half-step.
type Memo = HashMap<u128, u128, BuildHasherDefault<MixHasher>>;

/// The arrangements of one band's column sets.
#[derive(Clone, Debug)]
pub struct Arranger {
    r: usize,
    /// All rows, `2^R − 1`.
    full: u8,
    /// The digits of each half-step `h` (stack `h / 2`; first column when `h` is even), as indices
    /// into the sorted vectors.
    groups: Vec<Vec<usize>>,
    /// Per stack `k`, the runs `[start, end)` of sorted digits whose vectors agree on bits `k..`.
    runs: Vec<Vec<(usize, usize)>>,
}

impl Arranger {
    /// An arranger for the digit vectors `vectors` (any order), or `None` unless there are `2R`
    /// of them for some `1 ≤ R ≤ 6`, each below `2^R`, with every bit set in exactly `R`.
    pub fn new(vectors: &[u8]) -> Option<Arranger> {
        let n = vectors.len();
        let r = n / 2;
        if n % 2 != 0 || r == 0 || n > MAX_DIGITS {
            return None;
        }
        if vectors.iter().any(|&v| v as usize >= 1 << r)
            || (0..r).any(|k| vectors.iter().filter(|&&v| v >> k & 1 == 1).count() != r)
        {
            return None;
        }
        let mut sorted = vectors.to_vec();
        sorted.sort_unstable();
        let groups = (0..2 * r)
            .map(|h| {
                let want = u8::from(h % 2 == 0);
                (0..n)
                    .filter(|&d| sorted[d] >> (h / 2) & 1 == want)
                    .collect()
            })
            .collect();
        let runs = (0..r)
            .map(|k| {
                let mut runs = Vec::new();
                let mut start = 0;
                for d in 1..=n {
                    if d == n || sorted[d] >> k != sorted[start] >> k {
                        runs.push((start, d));
                        start = d;
                    }
                }
                runs
            })
            .collect();
        Some(Arranger {
            r,
            full: ((1u16 << r) - 1) as u8,
            groups,
            runs,
        })
    }

    /// `E`: the number of arrangements.
    pub fn count(&self) -> u128 {
        let r = self.r;
        if r == 1 {
            return 1;
        }
        let mut used = Used::default();
        for (row, &d) in self.groups[0].iter().enumerate() {
            used[d] = 1 << row;
        }
        let mut memo: Vec<Memo> = (0..2 * r).map(|_| Memo::default()).collect();
        let rows: u128 = (1..=r as u128).product();
        self.half_step(1, &used, &mut memo) * rows
    }

    /// The arrangements of half-steps `h..` from the used rows `used`.
    fn half_step(&self, h: usize, used: &Used, memo: &mut [Memo]) -> u128 {
        if h == 2 * self.r - 2 {
            // Last stack: one row left per digit; each column needs them distinct.
            let distinct = |group: &[usize]| {
                group
                    .iter()
                    .fold(0u8, |acc, &d| acc | (self.full & !used[d]))
                    == self.full
            };
            return u128::from(distinct(&self.groups[h]) && distinct(&self.groups[h + 1]));
        }
        let key = self.key(h, used);
        if let Some(&count) = memo[h].get(&key) {
            return count;
        }
        let mut next = *used;
        let count = self.assign(h, 0, 0, &mut next, memo);
        memo[h].insert(key, count);
        count
    }

    /// Gives the digits of half-step `h` from the `i`-th on distinct rows outside `taken`.
    fn assign(&self, h: usize, i: usize, taken: u8, used: &mut Used, memo: &mut [Memo]) -> u128 {
        let group = &self.groups[h];
        if i == group.len() {
            return self.half_step(h + 1, used, memo);
        }
        let d = group[i];
        let mut free = self.full & !used[d] & !taken;
        let mut sum = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            used[d] |= bit;
            sum += self.assign(h, i + 1, taken | bit, used, memo);
            used[d] ^= bit;
        }
        sum
    }

    /// The memo key of the state before half-step `h`. Rows are interchangeable, so they are
    /// first relabelled in order of a signature that no relabelling of rows or of interchangeable
    /// digits changes (per run, how many of its digits have used the row; ties keep their order,
    /// which only costs merges); then each run of digits with the same vector on the stacks from
    /// `h / 2` on is sorted by used rows, and the result packed `R` bits per digit.
    fn key(&self, h: usize, used: &Used) -> u128 {
        let r = self.r;
        let runs = &self.runs[h / 2];
        let mut signature = [(0u64, 0usize); 8];
        for (row, s) in signature.iter_mut().enumerate().take(r) {
            s.1 = row;
            for (i, &(start, end)) in runs.iter().enumerate() {
                let users = used[start..end]
                    .iter()
                    .filter(|&&u| u >> row & 1 == 1)
                    .count();
                s.0 |= (users as u64) << (4 * i);
            }
        }
        signature[..r].sort_unstable();
        let mut label = [0u8; 8];
        for (new, &(_, row)) in signature[..r].iter().enumerate() {
            label[row] = 1 << new;
        }
        let mut sorted = Used::default();
        for (s, &u) in sorted.iter_mut().zip(&used[..2 * r]) {
            *s = (0..r)
                .filter(|&row| u >> row & 1 == 1)
                .fold(0, |acc, row| acc | label[row]);
        }
        for &(start, end) in runs {
            sorted[start..end].sort_unstable();
        }
        sorted[..2 * r]
            .iter()
            .fold(0u128, |acc, &u| acc << r | u128::from(u))
    }
}

/// A multiply–xor hasher for the packed `u128` states (the default SipHash is several times slower
/// here and the keys are not chosen by anyone).
#[derive(Default)]
pub struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grids::twoband::classes::vector_classes;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_pcg::Pcg64;

    /// `E` by trying every order of every column: `R!^(2R)` bands.
    fn brute(vectors: &[u8]) -> u128 {
        let n = vectors.len();
        let r = n / 2;
        let columns: Vec<Vec<usize>> = (0..n)
            .map(|j| {
                (0..n)
                    .filter(|&d| (vectors[d] >> (j / 2) & 1 == 1) == (j % 2 == 0))
                    .collect()
            })
            .collect();
        let mut orders = Vec::new();
        let mut first: Vec<usize> = (0..r).collect();
        all_orders(&mut first, 0, &mut orders);
        let mut idx = vec![0usize; n];
        let mut total = 0;
        loop {
            let mut rows = vec![0u32; r];
            let mut ok = true;
            for (j, col) in columns.iter().enumerate() {
                for (row, seen) in rows.iter_mut().enumerate() {
                    let d = col[orders[idx[j]][row]];
                    ok &= *seen >> d & 1 == 0;
                    *seen |= 1 << d;
                }
            }
            total += u128::from(ok);
            let mut j = 0;
            while j < n {
                idx[j] += 1;
                if idx[j] < orders.len() {
                    break;
                }
                idx[j] = 0;
                j += 1;
            }
            if j == n {
                return total;
            }
        }
    }

    fn all_orders(v: &mut Vec<usize>, i: usize, out: &mut Vec<Vec<usize>>) {
        if i == v.len() {
            out.push(v.clone());
            return;
        }
        for j in i..v.len() {
            v.swap(i, j);
            all_orders(v, i + 1, out);
            v.swap(i, j);
        }
    }

    #[test]
    fn matches_brute_force_on_every_class_of_2x2_and_2x3() {
        for r in 1..=3 {
            for class in vector_classes(r).unwrap() {
                let e = Arranger::new(&class.vectors).unwrap().count();
                assert_eq!(e, brute(&class.vectors), "class {:?}", class.vectors);
            }
        }
        // 2x2 by hand: A_1 = A_2 gives 4 arrangements, crossing sets 2.
        assert_eq!(Arranger::new(&[0, 0, 3, 3]).unwrap().count(), 4);
        assert_eq!(Arranger::new(&[0, 1, 2, 3]).unwrap().count(), 2);
    }

    #[test]
    fn invariant_under_random_relabellings() {
        let mut rng = Pcg64::seed_from_u64(36);
        for r in [3, 4] {
            for class in vector_classes(r).unwrap() {
                let e = Arranger::new(&class.vectors).unwrap().count();
                for _ in 0..4 {
                    let mut perm: Vec<usize> = (0..r).collect();
                    perm.shuffle(&mut rng);
                    let flip: u8 = rand::Rng::random_range(&mut rng, 0..1u8 << r);
                    let mut image: Vec<u8> = class
                        .vectors
                        .iter()
                        .map(|&v| (0..r).fold(0u8, |a, k| a | (v >> k & 1) << perm[k]) ^ flip)
                        .collect();
                    image.shuffle(&mut rng);
                    let other = Arranger::new(&image).unwrap().count();
                    assert_eq!(other, e, "{:?} relabelled to {image:?}", class.vectors);
                }
            }
        }
    }

    #[test]
    fn non_bands_are_refused() {
        assert!(Arranger::new(&[]).is_none());
        assert!(Arranger::new(&[0, 1, 3]).is_none());
        // Bit 0 set in three of four vectors.
        assert!(Arranger::new(&[1, 1, 3, 0]).is_none());
        // A vector past 2^R.
        assert!(Arranger::new(&[4, 0, 3, 3]).is_none());
    }
}
