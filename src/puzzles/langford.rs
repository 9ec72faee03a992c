//! Langford pairs as exact cover: arrange two copies of each of `1..=n` in a row of `2n` so that
//! the two copies of `k` have exactly `k` numbers between them.
//!
//! Items (all primary), in this order: the values `1..n` (named by the number), then the positions
//! `s1..s{2n}`. Option for value `i` at positions `j < k = j + i + 1` reads `i s_j s_k`; options go by
//! value, then by `j`. A sequence and its reversal are both counted (n = 7 → 52, n = 8 → 300).

use super::DecodeError;
use crate::xc::{OptionId, Problem, XcError};

/// An encoded Langford-pairs problem.
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    problem: Problem,
    /// `(value, first position)` of each option, positions 0-based.
    placements: Vec<(usize, usize)>,
}

impl Langford {
    /// Encodes Langford pairs for `1..=n` (`n >= 1`).
    pub fn new(n: usize) -> Result<Langford, XcError> {
        if n == 0 {
            return Err(XcError::NoItems);
        }
        let mut b = Problem::builder();
        let values: Vec<_> = (1..=n)
            .map(|i| b.primary(i.to_string()))
            .collect::<Result<_, _>>()?;
        let slots: Vec<_> = (1..=2 * n)
            .map(|j| b.primary(format!("s{j}")))
            .collect::<Result<_, _>>()?;
        let mut placements = Vec::new();
        for i in 1..=n {
            for j in 0..2 * n {
                let k = j + i + 1;
                if k >= 2 * n {
                    break;
                }
                b.option(&[values[i - 1], slots[j], slots[k]])?;
                placements.push((i, j));
            }
        }
        Ok(Langford {
            n,
            problem: b.build()?,
            placements,
        })
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The sequence of `2n` numbers, checking that the options are a solution.
    pub fn decode(&self, solution: &[OptionId]) -> Result<Vec<usize>, DecodeError> {
        let mut seq = vec![0; 2 * self.n];
        let mut placed = vec![false; self.n + 1];
        for &o in solution {
            let &(i, j) = self
                .placements
                .get(o.0 as usize)
                .ok_or(DecodeError::UnknownOption(o))?;
            if std::mem::replace(&mut placed[i], true) {
                return Err(DecodeError::NotASolution(format!("{i} is placed twice")));
            }
            for p in [j, j + i + 1] {
                if seq[p] != 0 {
                    return Err(DecodeError::NotASolution(format!(
                        "position {} is used twice",
                        p + 1
                    )));
                }
                seq[p] = i;
            }
        }
        if let Some(i) = (1..=self.n).find(|&i| !placed[i]) {
            return Err(DecodeError::NotASolution(format!("{i} is not placed")));
        }
        Ok(seq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_and_decodes() {
        let l = Langford::new(3).unwrap();
        let p = l.problem();
        assert_eq!(p.option_to_string(OptionId(0)), "1 s1 s3");
        // 2 3 1 2 1 3: 3 at 2 and 6, 2 at 1 and 4, 1 at 3 and 5.
        let find = |s: &str| {
            p.option_ids()
                .find(|&o| p.option_to_string(o) == s)
                .unwrap()
        };
        let sol = [find("3 s2 s6"), find("2 s1 s4"), find("1 s3 s5")];
        assert_eq!(l.decode(&sol), Ok(vec![2, 3, 1, 2, 1, 3]));
        assert!(l.decode(&sol[..2]).is_err());
    }
}
