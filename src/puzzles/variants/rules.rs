//! The rules of each variant checked directly on a grid ([`check_solution`]), without the exact
//! cover's unit lists.

use super::*;

/// Why a grid is not a solution of a variant puzzle (cells and units 1-based in messages).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantRuleError {
    /// Wrong number of cells.
    #[error("the solution has {0} cells")]
    Size(usize),
    /// A cell empty or out of range.
    #[error("cell r{}c{} holds no digit of the grid", .0 + 1, .1 + 1)]
    Empty(usize, usize),
    /// A given changed.
    #[error("given at r{}c{} changed", .0 + 1, .1 + 1)]
    GivenChanged(usize, usize),
    /// A digit twice in a group of cells that must differ.
    #[error("digit {digit} twice in {what}")]
    Repeated {
        /// The group: "row 3", "anti-diagonal", "window 2", "region `B`", "cage `C`".
        what: String,
        /// The digit.
        digit: u8,
    },
    /// A cage with the wrong sum.
    #[error("cage `{label}` sums to {found}, not {sum}")]
    CageSum {
        /// The label.
        label: char,
        /// Its sum.
        sum: u32,
        /// The grid's sum.
        found: u32,
    },
}

/// Checks `solution` against the variant's rules from the grid and the puzzle alone — written
/// without [`VariantPuzzle::units`], so it can check the encoder.
pub fn check_solution(puzzle: &VariantPuzzle, solution: &[u8]) -> Result<(), VariantRuleError> {
    let s = puzzle.shape;
    let n = s.side();
    if solution.len() != n * n {
        return Err(VariantRuleError::Size(solution.len()));
    }
    for (c, (&d, &given)) in solution.iter().zip(&puzzle.givens).enumerate() {
        let (r, col) = (c / n, c % n);
        if d == 0 || d as usize > n {
            return Err(VariantRuleError::Empty(r, col));
        }
        if given != 0 && given != d {
            return Err(VariantRuleError::GivenChanged(r, col));
        }
    }
    let distinct = |what: String, cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for c in cells {
            let d = solution[c];
            if seen >> d & 1 != 0 {
                return Err(VariantRuleError::Repeated { what, digit: d });
            }
            seen |= 1 << d;
        }
        Ok(())
    };
    for i in 0..n {
        distinct(format!("row {}", i + 1), &mut (0..n).map(|j| i * n + j))?;
        distinct(format!("column {}", i + 1), &mut (0..n).map(|j| j * n + i))?;
    }
    match &puzzle.regions {
        Some(map) => {
            for k in 0..9u8 {
                distinct(
                    format!("region {}", k + 1),
                    &mut (0..81).filter(|&c| map[c] == k),
                )?;
            }
        }
        None => {
            let (br, bc) = (s.box_rows(), s.box_cols());
            for c in 0..n * n {
                for c2 in c + 1..n * n {
                    let same_box = (c / n) / br == (c2 / n) / br && (c % n) / bc == (c2 % n) / bc;
                    if same_box && solution[c] == solution[c2] {
                        return Err(VariantRuleError::Repeated {
                            what: format!("the box of r{}c{}", c / n + 1, c % n + 1),
                            digit: solution[c],
                        });
                    }
                }
            }
        }
    }
    match puzzle.variant {
        Variant::X => {
            distinct("the main diagonal".into(), &mut (0..9).map(|i| i * 10))?;
            distinct("the anti-diagonal".into(), &mut (1..=9).map(|i| i * 8))?;
        }
        Variant::Windoku => {
            for (w, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                distinct(
                    format!("window {}", w + 1),
                    &mut (0..81).filter(|&c| {
                        (r0..r0 + 3).contains(&(c / 9)) && (c0..c0 + 3).contains(&(c % 9))
                    }),
                )?;
            }
        }
        _ => {}
    }
    for cage in &puzzle.cages {
        distinct(
            format!("cage `{}`", cage.label),
            &mut cage.cells.iter().copied(),
        )?;
        let found: u32 = cage.cells.iter().map(|&c| solution[c] as u32).sum();
        if found != cage.sum {
            return Err(VariantRuleError::CageSum {
                label: cage.label,
                sum: cage.sum,
                found,
            });
        }
    }
    Ok(())
}
