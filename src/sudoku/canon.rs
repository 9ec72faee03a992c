//! The Sudoku symmetry group and a canonical form under it, so that equivalent puzzles from
//! different corpora can be recognised as duplicates.
//!
//! **The group.** For a grid of boxes `r` x `c`, these maps keep every Sudoku rule:
//!
//! * permuting the rows inside a band (a band is the `r` rows crossing one row of boxes),
//! * permuting the bands,
//! * the same for the columns inside a stack, and for the stacks,
//! * transposition (only when the boxes are square, `r == c`),
//! * relabelling the digits (any permutation of `1..=n`).
//!
//! For 9x9 the position maps number `2 x (3!^3 x 3!)^2 = 2 x 1296^2 = 3,359,232`; with the `9!`
//! relabellings the group has 1,218,998,108,160 elements.
//!
//! **The canonical form** of a 9x9 grid (puzzle or solution) is the lexicographically smallest
//! 81-cell string among all images under the group, empty cells written as `0` (so they sort before
//! every digit) and each image first relabelled in order of first appearance (its first digit
//! becomes 1, the next new digit 2, ...): for a fixed cell arrangement that relabelling is the
//! smallest one, so the minimum over arrangements is the minimum over the whole group.
//!
//! **The method** ([`canonical`]) is exact and avoids enumerating 3.4 million arrangements per
//! puzzle. Lexicographic order is decided row by row, so the minimum can be built greedily: the first
//! row of the canonical form is the smallest first row any group element can produce; among the
//! elements producing it, the second row is the smallest they can produce, and so on. A search state
//! is a partial *row* sequence (which original rows fill output rows `0..k`, respecting bands) of
//! the grid or its transpose, together with the set of *column* arrangements (of the 1296) that tie
//! for the best prefix, each with its relabelling so far. Each level extends every state by every
//! admissible next row and keeps only the (state, row, column arrangement) triples that reach the
//! smallest next row, with an early exit as soon as a row under construction exceeds the best one.
//! Level 0 costs `2 x 9 x 1296` row evaluations; after it ties are rare except for empty rows and
//! automorphic grids, which the search keeps exactly (it never discards a tied element).

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Grid, Shape, PERMS3};

/// Why a grid has no canonical form here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonError {
    /// Only the classic 9x9 shape is supported (the column arrangements of larger shapes are too
    /// many to keep as a table: 24^5 for 16x16).
    #[error("canonical forms are implemented for 9x9 grids only, not {side}x{side}")]
    Shape {
        /// The side of the grid given.
        side: usize,
    },
}

/// One element of the symmetry group of a shape: `out[i][j] = digits[src[rows[i]][cols[j]]]`,
/// where `src` is the grid, transposed first when `transpose` is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<u8>,
}

/// A permutation of `0..groups * size` that keeps each block of `size` consecutive indices
/// together: a random block order, then a random order inside each block.
fn block_permutation<R: Rng>(groups: usize, size: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut perm = Vec::with_capacity(groups * size);
    for g in order {
        let mut inner: Vec<usize> = (g * size..(g + 1) * size).collect();
        inner.shuffle(rng);
        perm.extend(inner);
    }
    perm
}

impl Transform {
    /// The identity of this shape.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            shape,
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n as u8).collect(),
        }
    }

    /// A uniformly random element of the group of `shape` (each factor drawn uniformly and
    /// independently, which is uniform on the group since it is their direct-product
    /// decomposition).
    pub fn random<R: Rng>(shape: Shape, rng: &mut R) -> Transform {
        let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.side());
        // Rows come in `c` bands of `r` rows, columns in `r` stacks of `c` columns.
        let transpose = r == c && rng.random_bool(0.5);
        let rows = block_permutation(c, r, rng);
        let cols = block_permutation(r, c, rng);
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        labels.shuffle(rng);
        let mut digits = vec![0];
        digits.extend(labels);
        Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The shape whose grids this element maps.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The inverse element: `t.inverse().apply(&t.apply(g)) == g` for every grid `g` of the shape
    /// (and the other way round). Without transposition each part is inverted on its own; with
    /// it, the inverse is also a transposition whose row order is the inverse of the column order
    /// and the other way round (`out[i][j] = d[src[cols[j]][rows[i]]]` gives back
    /// `src[a][b] = d⁻¹[out[rows⁻¹[b]][cols⁻¹[a]]]`), which keeps bands and stacks whole since
    /// transposition needs square boxes.
    pub fn inverse(&self) -> Transform {
        let invert = |p: &[usize]| {
            let mut inv = vec![0; p.len()];
            for (i, &x) in p.iter().enumerate() {
                inv[x] = i;
            }
            inv
        };
        let mut digits = vec![0u8; self.digits.len()];
        for (d, &to) in self.digits.iter().enumerate() {
            // A digit label, at most the side (61).
            digits[to as usize] = d as u8;
        }
        let (rows, cols) = (invert(&self.rows), invert(&self.cols));
        let (rows, cols) = if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Transform {
            shape: self.shape,
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The image of `grid` (which must have this transform's shape).
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(
            grid.shape(),
            self.shape,
            "transform applied to another shape"
        );
        let n = self.shape.side();
        let src = grid.cells();
        let mut cells = vec![0u8; n * n];
        for (i, &ri) in self.rows.iter().enumerate() {
            for (j, &cj) in self.cols.iter().enumerate() {
                let from = if self.transpose {
                    cj * n + ri
                } else {
                    ri * n + cj
                };
                cells[i * n + j] = self.digits[src[from] as usize];
            }
        }
        Grid::from_cells(self.shape, cells).expect("symmetries keep every Sudoku rule")
    }
}

/// The 1296 column arrangements of a 9x9 grid: stack order, then the order inside each stack.
fn column_arrangements() -> &'static [[u8; 9]] {
    static TABLE: std::sync::OnceLock<Vec<[u8; 9]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(1296);
        for stacks in PERMS3 {
            for a in PERMS3 {
                for b in PERMS3 {
                    for c in PERMS3 {
                        let mut perm = [0u8; 9];
                        for (k, inner) in [a, b, c].iter().enumerate() {
                            for (m, &x) in inner.iter().enumerate() {
                                // A column index, at most 8.
                                perm[k * 3 + m] = (stacks[k] * 3 + x) as u8;
                            }
                        }
                        table.push(perm);
                    }
                }
            }
        }
        table
    })
}

/// A column arrangement still tied for the best prefix, with its relabelling so far.
#[derive(Clone, Copy)]
struct Candidate {
    /// Index into [`column_arrangements`].
    perm: u16,
    /// `map[d]`: the new label of original digit `d`, `0` while unseen (`map[0] = 0`).
    map: [u8; 10],
    /// The next unused label.
    next: u8,
}

/// A partial row sequence with its tied column arrangements.
struct State {
    /// 0 = the grid, 1 = its transpose.
    source: usize,
    /// Original rows already used (bit per row).
    used: u16,
    /// The band of the last row chosen (the next row must stay in it unless the band is complete).
    band: usize,
    candidates: Vec<Candidate>,
}

/// The canonical form of a 9x9 grid under the symmetry group (see the module documentation).
pub fn canonical(grid: &Grid) -> Result<Grid, CanonError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(CanonError::Shape {
            side: grid.shape().side(),
        });
    }
    let direct: [u8; 81] = grid.cells().try_into().expect("9x9 grids have 81 cells");
    let mut transposed = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            transposed[c * 9 + r] = direct[r * 9 + c];
        }
    }
    let sources = [direct, transposed];
    let perms = column_arrangements();
    let all: Vec<Candidate> = (0..perms.len() as u16)
        .map(|perm| Candidate {
            perm,
            map: [0; 10],
            next: 1,
        })
        .collect();
    let mut states: Vec<State> = (0..2)
        .map(|source| State {
            source,
            used: 0,
            band: 0,
            candidates: all.clone(),
        })
        .collect();
    let mut out = [0u8; 81];
    for level in 0..9 {
        let mut best = [u8::MAX; 9];
        let mut children: Vec<State> = Vec::new();
        for state in &states {
            let src = &sources[state.source];
            for row in 0..9 {
                let band = row / 3;
                let admissible = state.used >> row & 1 == 0
                    && if level % 3 == 0 {
                        state.used >> (band * 3) & 0b111 == 0
                    } else {
                        band == state.band
                    };
                if !admissible {
                    continue;
                }
                let line = &src[row * 9..row * 9 + 9];
                let mut kept: Vec<Candidate> = Vec::new();
                for cand in &state.candidates {
                    let perm = &perms[cand.perm as usize];
                    let mut next = *cand;
                    let mut values = [0u8; 9];
                    // Equal so far to `best`, or already smaller (then every later cell counts).
                    let mut smaller = false;
                    let mut worse = false;
                    for j in 0..9 {
                        let d = line[perm[j] as usize] as usize;
                        let v = if d == 0 {
                            0
                        } else {
                            if next.map[d] == 0 {
                                next.map[d] = next.next;
                                next.next += 1;
                            }
                            next.map[d]
                        };
                        values[j] = v;
                        if !smaller {
                            if v > best[j] {
                                worse = true;
                                break;
                            }
                            if v < best[j] {
                                smaller = true;
                            }
                        }
                    }
                    if worse {
                        continue;
                    }
                    if smaller {
                        best = values;
                        children.clear();
                        kept.clear();
                    }
                    kept.push(next);
                }
                if !kept.is_empty() {
                    children.push(State {
                        source: state.source,
                        used: state.used | 1 << row,
                        band,
                        candidates: kept,
                    });
                }
            }
        }
        out[level * 9..level * 9 + 9].copy_from_slice(&best);
        states = children;
    }
    Ok(Grid::from_cells(Shape::CLASSIC, out.to_vec())
        .expect("canonical forms are images of the grid"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig};
    use rand::SeedableRng;

    /// A random grid of `shape` that keeps the rules (a `Grid` always does): the pattern
    /// solution `(c·(r mod R) + ⌊r/R⌋ + col) mod n + 1` for boxes of `R` x `c`, under a random
    /// element, with each cell emptied with probability one half.
    fn random_grid(shape: Shape, rng: &mut rand_pcg::Pcg64) -> Grid {
        let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.side());
        let cells = (0..n * n)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                ((bc * (r % br) + r / br + c) % n + 1) as u8
            })
            .collect();
        let full = Transform::random(shape, rng).apply(&Grid::from_cells(shape, cells).unwrap());
        let cells = full
            .cells()
            .iter()
            .map(|&d| if rng.random_bool(0.5) { d } else { 0 })
            .collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// `--permute`'s round trip: the inverse undoes the element and the element undoes the
        /// inverse, on every shape (transposition only where the boxes are square).
        #[test]
        fn the_inverse_undoes_every_element(seed in any::<u64>(), which in 0usize..5) {
            let shape = [(3, 3), (2, 3), (3, 2), (2, 2), (2, 4)][which];
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
            let t = Transform::random(shape, &mut rng);
            let grid = random_grid(shape, &mut rng);
            let back = t.inverse();
            prop_assert_eq!(back.apply(&t.apply(&grid)), grid.clone());
            prop_assert_eq!(t.apply(&back.apply(&grid)), grid);
            prop_assert_eq!(back.inverse(), t.clone());
            prop_assert!(shape.box_rows() == shape.box_cols() || !t.transpose);
        }
    }

    #[test]
    fn transposition_is_drawn_for_square_boxes_only() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(1);
        let draws: Vec<bool> = (0..64)
            .map(|_| Transform::random(Shape::CLASSIC, &mut rng).transpose)
            .collect();
        assert!(draws.contains(&true) && draws.contains(&false));
        let wide = Shape::new(2, 3).unwrap();
        assert!((0..64).all(|_| !Transform::random(wide, &mut rng).transpose));
    }

    #[test]
    fn arrangements_are_distinct_permutations() {
        let t = column_arrangements();
        assert_eq!(t.len(), 1296);
        let set: std::collections::HashSet<_> = t.iter().collect();
        assert_eq!(set.len(), 1296);
        for p in t {
            let mut s = *p;
            s.sort_unstable();
            assert_eq!(s, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        }
    }
}
