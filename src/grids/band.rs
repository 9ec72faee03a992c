//! The top band: its fillings with the first box fixed, in lexicographically reduced form.
//!
//! A band of boxes `R` x `C` is the `R` rows that cross one row of boxes: `R` rows of `N = R·C`
//! cells, cut into `R` stacks of `C` columns. Its cells are stored row-major, digits `0..N`:
//!
//! ```text
//! 3x3, cell index r·9 + c:     stack 0    stack 1    stack 2
//!                      row 0   0  1  2 |  3  4  5 |  6  7  8
//!                      row 1   9 10 11 | 12 13 14 | 15 16 17
//!                      row 2  18 19 20 | 21 22 23 | 24 25 26
//! ```
//!
//! **Reduced bands.** Relabelling the digits makes the first box `0 1 2 / 3 4 5 / 6 7 8`
//! (digit `r·C + c` at row `r`, column `c` of box 0). Among the bands with that box, permuting the
//! columns inside each of the other `R − 1` stacks and permuting those stacks keep the box and
//! act freely (the first row's entries are distinct), in orbits of `M1 = C!^(R−1) · (R−1)!`
//! bands; each orbit holds exactly one *reduced* band: the first row increasing inside every
//! stack after the first, and those stacks in increasing order of their first entry. For 3x3
//! there are `56 · 6^6 = 2,612,736` bands with box 0 fixed and `2,612,736 / 72 = 36,288` reduced.

use crate::sudoku::Shape;

/// One band: `R` rows of `N` digits `0..N`, row-major.
pub type Band = Vec<u8>;

/// The geometry of a band of `shape`.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// Rows of a box (and of a band).
    pub r: usize,
    /// Columns of a box (and of a stack).
    pub c: usize,
    /// The side: digits, columns, `r·c`.
    pub n: usize,
}

impl Geometry {
    /// The band geometry of a grid shape.
    pub fn of(shape: Shape) -> Geometry {
        Geometry {
            r: shape.box_rows(),
            c: shape.box_cols(),
            n: shape.side(),
        }
    }

    /// Stacks in a band: `N / C = R`.
    pub fn stacks(&self) -> usize {
        self.r
    }

    /// Bands in the grid: `N / R = C`.
    pub fn bands(&self) -> usize {
        self.c
    }

    /// `M1 = C!^(R−1) · (R−1)!`: the bands with the first box fixed per reduced band.
    pub fn m1(&self) -> u128 {
        factorial(self.c).pow(self.r as u32 - 1) * factorial(self.r - 1)
    }

    /// `M2 = R!^(C−1) · (C−1)!`: completions of a band per completion whose first column, below
    /// the band, increases inside every band and whose bands start in increasing order (row
    /// permutations inside the lower bands and permutations of those bands act freely on the
    /// completions, since the first column's lower entries are distinct).
    pub fn m2(&self) -> u128 {
        factorial(self.r).pow(self.c as u32 - 1) * factorial(self.c - 1)
    }

    /// The canonical reduced form of any filled band: relabelled so that box 0 is
    /// `0 1 … N−1` row-major, the columns of every later stack sorted by their first-row entry,
    /// and those stacks sorted by their first entry.
    pub fn reduce(&self, band: &[u8]) -> Band {
        let (r, c, n) = (self.r, self.c, self.n);
        let mut label = vec![0u8; n];
        for i in 0..r {
            for j in 0..c {
                label[band[i * n + j] as usize] = (i * c + j) as u8;
            }
        }
        // Columns of the later stacks, as (first entry, column) sorted inside each stack.
        let mut stacks: Vec<Vec<usize>> = (1..r)
            .map(|s| {
                let mut cols: Vec<usize> = (s * c..(s + 1) * c).collect();
                cols.sort_by_key(|&col| label[band[col] as usize]);
                cols
            })
            .collect();
        stacks.sort_by_key(|cols| label[band[cols[0]] as usize]);
        let order: Vec<usize> = (0..c).chain(stacks.into_iter().flatten()).collect();
        let mut out = vec![0u8; r * n];
        for i in 0..r {
            for (k, &col) in order.iter().enumerate() {
                out[i * n + k] = label[band[i * n + col] as usize];
            }
        }
        out
    }

    /// Every reduced band, in lexicographic order.
    pub fn reduced_bands(&self) -> Vec<Band> {
        let (r, c, n) = (self.r, self.c, self.n);
        let mut band = vec![0u8; r * n];
        for i in 0..r {
            for j in 0..c {
                band[i * n + j] = (i * c + j) as u8;
            }
        }
        // Row i of box 0 holds digits i·C..(i+1)·C.
        let row_used: Vec<u64> = (0..r).map(|i| ((1u64 << c) - 1) << (i * c)).collect();
        let mut out = Vec::new();
        self.fill(&mut band, row_used, 0, 1, 0, &mut out);
        out
    }

    /// Fills stack `s` from its cell `k` (row-major inside the stack) onwards.
    fn fill(
        &self,
        band: &mut Band,
        mut row_used: Vec<u64>,
        box_used: u64,
        s: usize,
        k: usize,
        out: &mut Vec<Band>,
    ) {
        let (r, c, n) = (self.r, self.c, self.n);
        if s == r {
            out.push(band.clone());
            return;
        }
        if k == r * c {
            self.fill(band, row_used, 0, s + 1, 0, out);
            return;
        }
        let (i, j) = (k / c, k % c);
        let cell = i * n + s * c + j;
        // Reduced form: first row increasing in the stack, stacks in increasing first entry.
        let low = if i == 0 && j > 0 {
            band[cell - 1] as usize + 1
        } else if i == 0 && s > 1 {
            band[(s - 1) * c] as usize + 1
        } else {
            0
        };
        for d in low..n {
            let bit = 1u64 << d;
            if row_used[i] & bit != 0 || box_used & bit != 0 {
                continue;
            }
            band[cell] = d as u8;
            row_used[i] |= bit;
            self.fill(band, row_used.clone(), box_used | bit, s, k + 1, out);
            row_used[i] &= !bit;
        }
    }

    /// The digits of each column of `band`, as bit masks.
    pub fn column_sets(&self, band: &[u8]) -> Vec<u64> {
        (0..self.n)
            .map(|col| (0..self.r).fold(0, |m, i| m | 1u64 << band[i * self.n + col]))
            .collect()
    }
}

/// `k!`.
pub fn factorial(k: usize) -> u128 {
    (1..=k as u128).product()
}

/// Every permutation of `0..k`, in lexicographic order (the identity first).
pub fn permutations(k: usize) -> Vec<Vec<usize>> {
    fn rec(v: &mut Vec<usize>, i: usize, out: &mut Vec<Vec<usize>>) {
        if i == v.len() {
            out.push(v.clone());
            return;
        }
        for j in i..v.len() {
            v.swap(i, j);
            rec(v, i + 1, out);
            v.swap(i, j);
        }
    }
    let mut out = Vec::new();
    rec(&mut (0..k).collect(), 0, &mut out);
    out.sort();
    out
}

/// A band written as digits `1..=N` (base 36 past 9), rows separated by `/`.
pub fn band_string(geo: &Geometry, band: &[u8]) -> String {
    band.chunks(geo.n)
        .map(|row| {
            row.iter()
                .map(|&d| Shape::digit_char(d + 1))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geo(r: usize, c: usize) -> Geometry {
        Geometry::of(Shape::new(r, c).unwrap())
    }

    #[test]
    fn reduced_band_counts() {
        assert_eq!(geo(2, 2).reduced_bands().len(), 2);
        assert_eq!(geo(2, 3).reduced_bands().len(), 6);
        assert_eq!(geo(3, 3).reduced_bands().len(), 36_288);
    }

    #[test]
    fn reduce_is_idempotent_and_fixes_reduced_bands() {
        let g = geo(3, 3);
        let bands = g.reduced_bands();
        for b in bands.iter().step_by(997) {
            assert_eq!(&g.reduce(b), b);
            // Swap the two later stacks and relabel 0<->1: it reduces back.
            let mut other = b.clone();
            for i in 0..3 {
                for j in 0..3 {
                    other.swap(i * 9 + 3 + j, i * 9 + 6 + j);
                }
            }
            for d in other.iter_mut() {
                *d = match *d {
                    0 => 1,
                    1 => 0,
                    x => x,
                };
            }
            assert_eq!(&g.reduce(&g.reduce(&other)), &g.reduce(&other));
        }
    }
}
