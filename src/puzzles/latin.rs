//! Latin squares as exact cover *with colours*: every row and every column of an `n x n` square is
//! one whole permutation of the symbols `1..=n`, and a row and a column must agree on the cell
//! they share.
//!
//! Items: the rows `r0..` and the columns `c0..` (primary: each gets exactly one permutation), then
//! the cells `x{i}_{j}` (secondary). Each option is one row or one column filled with a
//! permutation, and colours the cells it passes through with their symbols:
//! `r1 x1_0:2 x1_1:1 x1_2:3` puts 2 1 3 in row 1. A row option and a column option can both be
//! chosen only if they give their common cell the same colour — which is what makes this a test of
//! colour handling (Knuth's XCC, dlx2 and SSXCC): every cell is coloured twice in every solution.
//! Options go by rows (top to bottom), then columns (left to right), each in lexicographic order
//! of the permutation.
//!
//! The counts are the numbers of Latin squares: 1, 2, 12, 576, 161,280 for n = 1..5 (OEIS
//! A002860). With `reduced`, the first row and the first column are `1 2 … n` (OEIS A000315:
//! 1, 1, 1, 4, 56, 9,408, 16,942,080 for n = 1..7), which keeps larger orders countable.

use super::DecodeError;
use crate::xc::{Entry, OptionId, Problem, XcError};

/// An encoded Latin-squares problem.
#[derive(Clone, Debug)]
pub struct LatinSquares {
    n: usize,
    problem: Problem,
    /// For each option: a row (`true`) or a column, its index, and its permutation (0-based symbols).
    lines: Vec<(bool, usize, Vec<usize>)>,
}

/// Steps `p` to the next permutation in lexicographic order; `false` after the last one.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

impl LatinSquares {
    /// Encodes the Latin squares of order `n` (`1 <= n <= 8`: a line has `n!` options), all of
    /// them or, with `reduced`, those with first row and first column in natural order.
    pub fn new(n: usize, reduced: bool) -> Result<LatinSquares, XcError> {
        if n == 0 {
            return Err(XcError::NoItems);
        }
        if n > 8 {
            return Err(XcError::TooLarge);
        }
        let mut b = Problem::builder();
        let rows: Vec<_> = (0..n)
            .map(|i| b.primary(format!("r{i}")))
            .collect::<Result<_, _>>()?;
        let cols: Vec<_> = (0..n)
            .map(|j| b.primary(format!("c{j}")))
            .collect::<Result<_, _>>()?;
        let mut cells = Vec::with_capacity(n * n);
        for i in 0..n {
            for j in 0..n {
                cells.push(b.secondary(format!("x{i}_{j}"))?);
            }
        }
        let colours: Vec<_> = (1..=n)
            .map(|s| b.color(&s.to_string()))
            .collect::<Result<_, _>>()?;
        let mut lines = Vec::new();
        for is_row in [true, false] {
            for k in 0..n {
                let mut perm: Vec<usize> = (0..n).collect();
                loop {
                    // Reduced: line k starts with symbol k, and line 0 is the identity.
                    let allowed = !reduced
                        || (perm[0] == k && (k != 0 || perm.windows(2).all(|w| w[0] < w[1])));
                    if allowed {
                        let mut entries = vec![Entry {
                            item: if is_row { rows[k] } else { cols[k] },
                            color: None,
                        }];
                        for (t, &s) in perm.iter().enumerate() {
                            let cell = if is_row { k * n + t } else { t * n + k };
                            entries.push(Entry {
                                item: cells[cell],
                                color: Some(colours[s]),
                            });
                        }
                        b.option_entries(&entries)?;
                        lines.push((is_row, k, perm.clone()));
                    }
                    if !next_permutation(&mut perm) {
                        break;
                    }
                }
            }
        }
        Ok(LatinSquares {
            n,
            problem: b.build()?,
            lines,
        })
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The square (symbols `1..=n`, row by row), checking that the options are a solution: one
    /// option per row and per column, agreeing on every cell, and every line a permutation.
    pub fn decode(&self, solution: &[OptionId]) -> Result<Vec<Vec<usize>>, DecodeError> {
        let n = self.n;
        let mut square = vec![vec![0; n]; n];
        let mut seen = [vec![false; n], vec![false; n]];
        let mut by_column = vec![None; n];
        for &o in solution {
            let (is_row, k, perm) = self
                .lines
                .get(o.0 as usize)
                .ok_or(DecodeError::UnknownOption(o))?;
            let kind = if *is_row { "row" } else { "column" };
            if std::mem::replace(&mut seen[usize::from(!*is_row)][*k], true) {
                return Err(DecodeError::NotASolution(format!(
                    "{kind} {k} is filled twice"
                )));
            }
            if *is_row {
                for (j, &s) in perm.iter().enumerate() {
                    square[*k][j] = s + 1;
                }
            } else {
                by_column[*k] = Some(perm);
            }
        }
        for (j, perm) in by_column.iter().enumerate() {
            let perm =
                perm.ok_or_else(|| DecodeError::NotASolution(format!("column {j} is empty")))?;
            for (i, &s) in perm.iter().enumerate() {
                if square[i][j] != s + 1 {
                    return Err(DecodeError::NotASolution(format!(
                        "row {i} and column {j} disagree on their cell"
                    )));
                }
            }
        }
        Ok(square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::count::count;
    use crate::xc::dlx::Dlx;
    use crate::xc::Limits;

    #[test]
    fn permutations_in_lexicographic_order() {
        let mut p = vec![0, 1, 2];
        let mut all = vec![p.clone()];
        while next_permutation(&mut p) {
            all.push(p.clone());
        }
        assert_eq!(all.len(), 6);
        assert_eq!(all[1], vec![0, 2, 1]);
        assert_eq!(all[5], vec![2, 1, 0]);
    }

    #[test]
    fn encodes_rows_and_columns_with_coloured_cells() {
        let l = LatinSquares::new(2, false).unwrap();
        let p = l.problem();
        assert_eq!(p.n_primary(), 4);
        assert_eq!(p.n_secondary(), 4);
        assert_eq!(p.n_options(), 8);
        assert_eq!(p.option_to_string(OptionId(1)), "r0 x0_0:2 x0_1:1");
        assert_eq!(p.option_to_string(OptionId(4)), "c0 x0_0:1 x1_0:2");
        // Reduced: row 0 and column 0 are 1 2 3; the other lines start with their own symbol.
        assert_eq!(
            LatinSquares::new(3, true).unwrap().problem().n_options(),
            10
        );
    }

    #[test]
    fn counts_latin_squares() {
        for (n, reduced, want) in [
            (1, false, 1),
            (2, false, 2),
            (3, false, 12),
            (4, false, 576),
            (4, true, 4),
            (5, true, 56),
        ] {
            let l = LatinSquares::new(n, reduced).unwrap();
            let mut dlx = Dlx::new(l.problem()).unwrap();
            assert_eq!(
                count(&mut dlx, 0, &Limits::NONE).stats.solutions,
                want,
                "n = {n}"
            );
        }
    }

    #[test]
    fn decodes_a_square_and_refuses_a_disagreement() {
        let l = LatinSquares::new(2, false).unwrap();
        let p = l.problem();
        let find = |s: &str| {
            p.option_ids()
                .find(|&o| p.option_to_string(o) == s)
                .unwrap()
        };
        let rows = [find("r0 x0_0:1 x0_1:2"), find("r1 x1_0:2 x1_1:1")];
        let cols = [find("c0 x0_0:1 x1_0:2"), find("c1 x0_1:2 x1_1:1")];
        let all = [rows[0], rows[1], cols[0], cols[1]];
        assert_eq!(l.decode(&all), Ok(vec![vec![1, 2], vec![2, 1]]));
        let wrong = [rows[0], rows[1], find("c0 x0_0:2 x1_0:1"), cols[1]];
        assert!(l.decode(&wrong).is_err());
        assert!(l.decode(&all[..3]).is_err());
    }
}
