//! Classes of reduced top bands that share their completion count.
//!
//! **Symmetry classes.** The maps of a band that keep the number of completions of the grid
//! below it: permuting the columns inside a stack, permuting the stacks, permuting the band's rows
//! (the lower bands' rows follow nothing: the band's rows are one row each of every box), and
//! relabelling the digits. Each map is followed by [`Geometry::reduce`] to land on a reduced band
//! again; union–find over the reduced bands with the generators (adjacent column swaps in stack 0,
//! the swap of stacks 0 and 1, adjacent row swaps) gives the orbits. The other column and stack
//! permutations are absorbed by the reduction. For 3x3: 36,288 reduced bands in 416 classes
//! (Felgenhauer–Jarvis).
//!
//! **Column-set classes.** The completions depend on the top band only through the digits of each
//! column as a set ([`super::fill`]). Merging the symmetry classes whose column sets agree up to
//! the order of the columns inside a stack and of the stacks (same labels) gives 101 *column*
//! classes for 3x3; merging those whose column sets agree up to relabelling as well
//! ([`structure_key`]) gives 44 *structure* classes — exactly Felgenhauer–Jarvis's 44 distinct
//! completion counts (their intermediate 71 classes, from the identities they used, are not
//! rebuilt here).

use std::collections::HashMap;

use super::band::{permutations, Band, Geometry};

/// The reduced bands and their two class partitions.
#[derive(Clone, Debug)]
pub struct BandClasses {
    /// Every reduced band, in lexicographic order.
    pub bands: Vec<Band>,
    /// The symmetry class of each band (classes numbered by their first band).
    pub symmetry: Vec<usize>,
    /// The column-set class of each band: symmetry classes merged when the column sets agree up to
    /// column and stack order (same labels).
    pub columns: Vec<usize>,
    /// The structure class of each band: symmetry classes merged when [`structure_key`] agrees.
    pub structure: Vec<usize>,
}

impl BandClasses {
    /// Generates the reduced bands of `geo` and both class partitions.
    pub fn new(geo: &Geometry) -> BandClasses {
        let bands = geo.reduced_bands();
        let index: HashMap<&[u8], usize> = bands
            .iter()
            .enumerate()
            .map(|(i, b)| (b.as_slice(), i))
            .collect();
        let mut uf = UnionFind::new(bands.len());
        let (r, c, n) = (geo.r, geo.c, geo.n);
        let mut image = vec![0u8; r * n];
        for (i, band) in bands.iter().enumerate() {
            let link = |image: &[u8], uf: &mut UnionFind| {
                let j = index[geo.reduce(image).as_slice()];
                uf.union(i, j);
            };
            for j in 0..c.saturating_sub(1) {
                image.copy_from_slice(band);
                for row in 0..r {
                    image.swap(row * n + j, row * n + j + 1);
                }
                link(&image, &mut uf);
            }
            if r > 1 {
                image.copy_from_slice(band);
                for row in 0..r {
                    for j in 0..c {
                        image.swap(row * n + j, row * n + c + j);
                    }
                }
                link(&image, &mut uf);
            }
            for row in 0..r.saturating_sub(1) {
                image.copy_from_slice(band);
                let (a, b) = image.split_at_mut((row + 1) * n);
                a[row * n..].swap_with_slice(&mut b[..n]);
                link(&image, &mut uf);
            }
        }
        let symmetry = uf.labels();
        let mut by_cols: HashMap<Vec<u64>, usize> = HashMap::new();
        for (i, band) in bands.iter().enumerate() {
            let first = *by_cols.entry(column_key(geo, band)).or_insert(i);
            uf.union(first, i);
        }
        let columns = uf.labels();
        let mut by_structure: HashMap<Vec<u64>, usize> = HashMap::new();
        for (first, _) in Self::classes(&symmetry) {
            let key = structure_key(geo, &geo.column_sets(&bands[first]));
            let rep = *by_structure.entry(key).or_insert(first);
            uf.union(rep, first);
        }
        let structure = uf.labels();
        BandClasses {
            bands,
            symmetry,
            columns,
            structure,
        }
    }

    /// The classes of a partition: `(first band, number of bands)` in order of first band.
    pub fn classes(labels: &[usize]) -> Vec<(usize, usize)> {
        let mut sizes: HashMap<usize, usize> = HashMap::new();
        for &l in labels {
            *sizes.entry(l).or_default() += 1;
        }
        let mut out: Vec<(usize, usize)> = sizes.into_iter().collect();
        out.sort_unstable();
        out
    }
}

/// The column sets of `band` with the order of the columns inside each stack and the order of
/// the stacks forgotten (digit labels kept).
fn column_key(geo: &Geometry, band: &[u8]) -> Vec<u64> {
    let mut stacks: Vec<Vec<u64>> = geo
        .column_sets(band)
        .chunks(geo.c)
        .map(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            s
        })
        .collect();
    stacks.sort_unstable();
    stacks.concat()
}

/// A canonical form of a band's column sets under relabelling the digits, permuting the columns
/// inside a stack and permuting the stacks (the maps that keep the completion count): the least,
/// over every choice of a first stack, an order of its columns and an order of the digits inside
/// each of them (which fix a relabelling: column `j` of the first stack gets `j·R..(j+1)·R`), of
/// the other stacks' relabelled columns, sorted inside each stack, the stacks sorted. A class
/// invariant, so one band per symmetry class is enough.
pub fn structure_key(geo: &Geometry, cols: &[u64]) -> Vec<u64> {
    let (r, c) = (geo.r, geo.c);
    let col_orders = permutations(c);
    let row_orders = permutations(r);
    let stacks: Vec<&[u64]> = cols.chunks(c).collect();
    let mut best: Option<Vec<u64>> = None;
    let mut label = vec![0u8; geo.n];
    for first in 0..stacks.len() {
        for order in &col_orders {
            // One index into `row_orders` per column of the first stack, counted like an odometer.
            let mut within = vec![0usize; c];
            loop {
                for (j, &col) in order.iter().enumerate() {
                    let digits = bits(stacks[first][col]);
                    for (i, &d) in digits.iter().enumerate() {
                        label[d] = (j * r + row_orders[within[j]][i]) as u8;
                    }
                }
                let mut others: Vec<Vec<u64>> = (0..stacks.len())
                    .filter(|&s| s != first)
                    .map(|s| {
                        let mut v: Vec<u64> = stacks[s]
                            .iter()
                            .map(|&m| bits(m).iter().fold(0, |a, &d| a | 1u64 << label[d]))
                            .collect();
                        v.sort_unstable();
                        v
                    })
                    .collect();
                others.sort_unstable();
                let key = others.concat();
                if best.as_ref().is_none_or(|b| key < *b) {
                    best = Some(key);
                }
                let mut k = 0;
                while k < c {
                    within[k] += 1;
                    if within[k] < row_orders.len() {
                        break;
                    }
                    within[k] = 0;
                    k += 1;
                }
                if k == c {
                    break;
                }
            }
        }
    }
    best.unwrap_or_default()
}

/// The set bits of `m`, lowest first.
fn bits(m: u64) -> Vec<usize> {
    (0..64).filter(|&d| m >> d & 1 == 1).collect()
}

/// Union–find with path halving; `labels` names each set by its smallest member.
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`, the smaller root becoming the root.
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.parent[hi] = lo;
        }
    }

    fn labels(&mut self) -> Vec<usize> {
        (0..self.parent.len()).map(|i| self.find(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn felgenhauer_jarvis_416_then_101_then_44() {
        let geo = Geometry::of(Shape::CLASSIC);
        let classes = BandClasses::new(&geo);
        assert_eq!(classes.bands.len(), 36_288);
        assert_eq!(BandClasses::classes(&classes.symmetry).len(), 416);
        assert_eq!(BandClasses::classes(&classes.columns).len(), 101);
        assert_eq!(BandClasses::classes(&classes.structure).len(), 44);
    }
}
