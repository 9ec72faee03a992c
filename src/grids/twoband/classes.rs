//! Classes of the top band's column sets, up to the symmetries that keep their arrangements.
//!
//! A top band of a two-band grid (boxes of `R` rows and 2 columns, [`super`]) is fixed, up to the
//! order of its rows, by the sets `A_1 … A_R` of `R` digits in the first column of every stack.
//! Digit `d` gets the *vector* `v(d) ∈ {0,1}^R`, bit `k` set when `d ∈ A_k`; every bit is set in
//! exactly `R` of the `2R` vectors. The arrangements `E` depend only on the multiset of vectors
//! (relabelling the digits forgets which digit has which), and keep their value when the bits are
//! permuted (the stacks permuted) or one bit is flipped in every vector (the two columns of a
//! stack swapped): the *hyperoctahedral group* `G_R` of order `2^R·R!` acts on the multisets.
//!
//! **Building the classes bit by bit.** Level `k` holds the orbits of multisets of `k`-bit
//! vectors under `G_k`, each with its *weight*: the number of labelled tuples `(A_1 … A_k)` it
//! stands for. Level 0 is `2R` empty vectors, weight 1. From a multiset with `m_w` copies of `w`,
//! choosing `a_w` of them to get bit `k` (`Σ a_w = R`) is `Π C(m_w, a_w)` choices of `A_{k+1}`
//! among the digits; the new multiset is put in canonical form under `G_{k+1}` and the weight
//! times that product added to it. That is sound because every labelled tuple of an orbit has the
//! same extensions, mapped onto each other by an element of `G_k` that leaves bit `k` alone. So
//! at level `R` the weights sum to `C(2R, R)^R` (a test checks it).
//!
//! **Canonical form.** A multiset is a count per vector value, four bits each in a 256-bit key
//! (value `w` at bits `4w..4w+4`; `R ≤ 6` so at most 64 values and counts up to 12); its canonical
//! form is the least key over the images under every element of the group, each element a table
//! of `2^k` values. 2x5 (`R = 5`): 3,840 elements per canonical form.

use std::collections::HashMap;

use rayon::prelude::*;

/// The largest `R` handled: 64 vector values of four bits fill the key.
pub const MAX_ROWS: usize = 6;

/// A multiset of vectors: the count of value `w` in bits `4w..4w+4`.
type Key = [u64; 4];

/// One class of column-set tuples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorClass {
    /// The canonical multiset's vectors, ascending: bit `k` of a digit's vector says that the
    /// digit is in the first column of stack `k`.
    pub vectors: Vec<u8>,
    /// The labelled tuples `(A_1 … A_R)` in the class.
    pub weight: u128,
}

/// Every class of `R`-tuples of `R`-subsets of `2R` digits, in order of canonical key; `None`
/// when `r` is 0 or past [`MAX_ROWS`].
pub fn vector_classes(r: usize) -> Option<Vec<VectorClass>> {
    if r == 0 || r > MAX_ROWS {
        return None;
    }
    let n = 2 * r;
    let mut start = Key::default();
    put(&mut start, 0, n as u64);
    let mut level: Vec<(Key, u128)> = vec![(start, 1)];
    for k in 0..r {
        let maps = group(k + 1);
        let parts: Vec<Vec<(Key, u128)>> = level
            .par_iter()
            .map(|&(key, weight)| {
                let mut out = Vec::new();
                let values: Vec<(usize, u64)> = (0..1usize << k)
                    .map(|w| (w, get(&key, w)))
                    .filter(|&(_, m)| m > 0)
                    .collect();
                let mut split = Vec::with_capacity(values.len());
                splits(&values, r as u64, &mut split, &mut |split| {
                    let mut next: Vec<(usize, u64)> = Vec::with_capacity(2 * values.len());
                    let mut ways = weight;
                    for (&(w, m), &a) in values.iter().zip(split) {
                        ways *= binomial(m, a);
                        if a > 0 {
                            next.push((w | 1 << k, a));
                        }
                        if a < m {
                            next.push((w, m - a));
                        }
                    }
                    out.push((canonical(&next, &maps), ways));
                });
                out
            })
            .collect();
        let mut merged: HashMap<Key, u128> = HashMap::new();
        for (key, ways) in parts.into_iter().flatten() {
            *merged.entry(key).or_default() += ways;
        }
        level = merged.into_iter().collect();
        level.sort_unstable();
    }
    Some(
        level
            .into_iter()
            .map(|(key, weight)| VectorClass {
                vectors: (0..1usize << r)
                    .flat_map(|w| std::iter::repeat_n(w as u8, get(&key, w) as usize))
                    .collect(),
                weight,
            })
            .collect(),
    )
}

/// The count of value `w` in `key`.
fn get(key: &Key, w: usize) -> u64 {
    key[w / 16] >> (4 * (w % 16)) & 15
}

/// Adds `m` copies of value `w` to `key` (none there before).
fn put(key: &mut Key, w: usize, m: u64) {
    key[w / 16] |= m << (4 * (w % 16));
}

/// The least key over the images of the multiset `values` (value, count) under `maps`.
fn canonical(values: &[(usize, u64)], maps: &[Vec<u8>]) -> Key {
    let mut best: Option<Key> = None;
    for map in maps {
        let mut key = Key::default();
        for &(w, m) in values {
            put(&mut key, map[w] as usize, m);
        }
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.unwrap_or_default()
}

/// The hyperoctahedral group on `k` bits, each element a table of the `2^k` values: a permutation
/// of the bits followed by flipping those of a mask.
pub fn group(k: usize) -> Vec<Vec<u8>> {
    let mut perms = Vec::new();
    permutations(&mut (0..k).collect(), 0, &mut perms);
    let mut maps = Vec::with_capacity(perms.len() << k);
    for perm in &perms {
        for flip in 0..1u8 << k {
            maps.push(
                (0..1usize << k)
                    .map(|v| {
                        let moved =
                            (0..k).fold(0u8, |acc, i| acc | ((v >> i & 1) as u8) << perm[i]);
                        moved ^ flip
                    })
                    .collect(),
            );
        }
    }
    maps
}

/// Calls `visit` with every choice of `a_i ≤ m_i` per value (same order as `values`) summing to
/// `left`.
fn splits(values: &[(usize, u64)], left: u64, split: &mut Vec<u64>, visit: &mut dyn FnMut(&[u64])) {
    let i = split.len();
    if i == values.len() {
        if left == 0 {
            visit(split);
        }
        return;
    }
    let room: u64 = values[i + 1..].iter().map(|&(_, m)| m).sum();
    let low = left.saturating_sub(room);
    for a in low..=values[i].1.min(left) {
        split.push(a);
        splits(values, left - a, split, visit);
        split.pop();
    }
}

/// `C(m, a)`.
pub fn binomial(m: u64, a: u64) -> u128 {
    (0..a as u128).fold(1, |acc, i| acc * (m as u128 - i) / (i + 1))
}

/// Every permutation of `v[i..]`, by swapping.
fn permutations(v: &mut Vec<usize>, i: usize, out: &mut Vec<Vec<usize>>) {
    if i == v.len() {
        out.push(v.clone());
        return;
    }
    for j in i..v.len() {
        v.swap(i, j);
        permutations(v, i + 1, out);
        v.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_every_tuple() {
        for r in 1..=5u64 {
            let classes = vector_classes(r as usize).unwrap();
            let total: u128 = classes.iter().map(|c| c.weight).sum();
            assert_eq!(total, binomial(2 * r, r).pow(r as u32), "R = {r}");
        }
    }

    #[test]
    fn class_counts_and_the_2x2_classes() {
        let counts: Vec<usize> = (1..=4).map(|r| vector_classes(r).unwrap().len()).collect();
        assert_eq!(counts, [1, 2, 4, 26]);
        // 2x2: {A_1, A_2} equal or complementary (12 tuples), or crossing (24).
        let mut weights: Vec<u128> = vector_classes(2)
            .unwrap()
            .iter()
            .map(|c| c.weight)
            .collect();
        weights.sort_unstable();
        assert_eq!(weights, [12, 24]);
    }

    #[test]
    fn every_class_is_canonical_and_distinct() {
        let r = 4;
        let maps = group(r);
        let classes = vector_classes(r).unwrap();
        let mut keys = Vec::new();
        for c in &classes {
            let mut values: Vec<(usize, u64)> = Vec::new();
            for &v in &c.vectors {
                match values.last_mut() {
                    Some((w, m)) if *w == v as usize => *m += 1,
                    _ => values.push((v as usize, 1)),
                }
            }
            let key = canonical(&values, &maps);
            let mut own = Key::default();
            for &(w, m) in &values {
                put(&mut own, w, m);
            }
            assert_eq!(key, own, "class {:?} is not in canonical form", c.vectors);
            keys.push(key);
        }
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), classes.len());
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert!(vector_classes(0).is_none());
        assert!(vector_classes(MAX_ROWS + 1).is_none());
        assert_eq!(group(3).len(), 48);
    }
}
