//! The N-queens problem as exact cover, in Knuth's encoding (TAOCP 7.2.2.1, dlx1's examples).
//!
//! Items, in this order: primary `r0..r{n-1}` (rows) and `c0..c{n-1}` (columns), then secondary
//! `a0..a{2n-2}` (the diagonal `i + j`) and `b0..b{2n-2}` (the anti-diagonal `i - j + n - 1`).
//! Options are row-major: option `i * n + j` places a queen on row `i`, column `j` and reads
//! `r_i c_j a_{i+j} b_{i-j+n-1}`. With this order, dlx1 and [`crate::xc::dlx::Dlx`] count the same
//! nodes and updates.

use super::DecodeError;
use crate::xc::{OptionId, Problem, XcError};

/// An encoded N-queens problem.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
}

impl Queens {
    /// Encodes the `n`-queens problem (`n >= 1`).
    pub fn new(n: usize) -> Result<Queens, XcError> {
        if n == 0 {
            return Err(XcError::NoItems);
        }
        let mut b = Problem::builder();
        let rows: Vec<_> = (0..n)
            .map(|i| b.primary(format!("r{i}")))
            .collect::<Result<_, _>>()?;
        let cols: Vec<_> = (0..n)
            .map(|j| b.primary(format!("c{j}")))
            .collect::<Result<_, _>>()?;
        let a: Vec<_> = (0..2 * n - 1)
            .map(|d| b.secondary(format!("a{d}")))
            .collect::<Result<_, _>>()?;
        let d: Vec<_> = (0..2 * n - 1)
            .map(|d| b.secondary(format!("b{d}")))
            .collect::<Result<_, _>>()?;
        for i in 0..n {
            for j in 0..n {
                b.option(&[rows[i], cols[j], a[i + j], d[i + n - 1 - j]])?;
            }
        }
        Ok(Queens {
            n,
            problem: b.build()?,
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The square `(row, column)` of an option.
    pub fn square(&self, option: OptionId) -> Result<(usize, usize), DecodeError> {
        let o = option.0 as usize;
        if o >= self.n * self.n {
            return Err(DecodeError::UnknownOption(option));
        }
        Ok((o / self.n, o % self.n))
    }

    /// The queen's column on each row, checking that the options are a solution.
    pub fn decode(&self, solution: &[OptionId]) -> Result<Vec<usize>, DecodeError> {
        let n = self.n;
        let mut cols = vec![usize::MAX; n];
        let mut used_col = vec![false; n];
        let mut used_a = vec![false; 2 * n - 1];
        let mut used_b = vec![false; 2 * n - 1];
        for &o in solution {
            let (i, j) = self.square(o)?;
            let clash = |what: &str| DecodeError::NotASolution(format!("two queens share {what}"));
            if cols[i] != usize::MAX {
                return Err(clash(&format!("row {i}")));
            }
            if std::mem::replace(&mut used_col[j], true) {
                return Err(clash(&format!("column {j}")));
            }
            if std::mem::replace(&mut used_a[i + j], true)
                || std::mem::replace(&mut used_b[i + n - 1 - j], true)
            {
                return Err(clash("a diagonal"));
            }
            cols[i] = j;
        }
        if let Some(i) = cols.iter().position(|&c| c == usize::MAX) {
            return Err(DecodeError::NotASolution(format!("row {i} has no queen")));
        }
        Ok(cols)
    }
}

/// Draws a board: one line per row, `Q` for a queen and `.` for an empty square.
pub fn board(cols: &[usize]) -> String {
    let mut s = String::new();
    for &c in cols {
        for j in 0..cols.len() {
            s.push(if j == c { 'Q' } else { '.' });
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_in_knuths_order() {
        let q = Queens::new(4).unwrap();
        let p = q.problem();
        assert_eq!((p.n_primary(), p.n_secondary(), p.n_options()), (8, 14, 16));
        assert_eq!(p.option_to_string(OptionId(0)), "r0 c0 a0 b3");
        assert_eq!(p.option_to_string(OptionId(6)), "r1 c2 a3 b2");
        assert_eq!(q.square(OptionId(6)), Ok((1, 2)));
    }

    #[test]
    fn decodes_and_rejects() {
        let q = Queens::new(4).unwrap();
        let sol = [OptionId(1), OptionId(7), OptionId(8), OptionId(14)];
        assert_eq!(q.decode(&sol), Ok(vec![1, 3, 0, 2]));
        assert_eq!(board(&[1, 3, 0, 2]), ".Q..\n...Q\nQ...\n..Q.\n");
        assert!(matches!(
            q.decode(&[OptionId(0), OptionId(5)]),
            Err(DecodeError::NotASolution(_))
        ));
        assert_eq!(
            q.decode(&[OptionId(16)]),
            Err(DecodeError::UnknownOption(OptionId(16)))
        );
    }
}
