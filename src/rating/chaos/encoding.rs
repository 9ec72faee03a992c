//! The puzzle as a Boolean formula, as Ercsey-Ravasz & Toroczkai write it ("The chaos within
//! Sudoku", Sci. Rep. 2:725, 2012).
//!
//! One variable per candidate `(cell, digit)` left after the clues: a candidate is dropped when
//! its cell holds a clue or a clue with its digit sees the cell. Each of the `4·n²` constraints of
//! an `n×n` grid (a cell holds one digit; a digit once per row, column and box) that no clue
//! satisfies becomes "exactly one of its candidates is true"; a valid puzzle with `d` clues keeps
//! `4·n² − 4·d` of them (`324 − 4d` for 9×9, the paper's count), because a clue satisfies four
//! constraints and two clues of a valid puzzle never share one. A constraint left with no
//! candidate means the puzzle has no solution.
//!
//! The dynamics work on clauses (disjunctions of literals), so "exactly one" is written as one
//! clause "at least one" (the constraint's candidates, all positive; a one-candidate constraint
//! gives a unit clause) and one clause "not both" (`¬x ∨ ¬y`) per pair of its candidates. Two
//! candidates of the same digit in one row and one box share two constraints; their pair clause is
//! written once (the formula is a set of clauses).
//!
//! ```text
//!   constraint {x1, x2, x3}  ──▶  (x1 ∨ x2 ∨ x3) ∧ (¬x1 ∨ ¬x2) ∧ (¬x1 ∨ ¬x3) ∧ (¬x2 ∨ ¬x3)
//! ```

use std::collections::HashSet;

use crate::sudoku::Grid;

/// A puzzle as the clause set the dynamics run on.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    /// The candidates, one per variable: `(cell, digit)`, digits from 1, in cell then digit order.
    pub variables: Vec<(usize, u8)>,
    /// The constraints no clue satisfies, each as the variables of its candidates (ascending).
    pub constraints: Vec<Vec<u32>>,
    /// The "at least one" clauses: one per constraint, all literals positive.
    pub at_least_one: Vec<Vec<u32>>,
    /// The "not both" clauses `¬x ∨ ¬y`, each pair once, `x < y`, in ascending order.
    pub not_both: Vec<(u32, u32)>,
}

/// Why a grid has no formula.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// A constraint that no clue satisfies has no candidate left.
    #[error("no solution: {what} has no candidate")]
    NoCandidate {
        /// The constraint, in words (`r3c4`, `digit 5 in row 2`).
        what: String,
    },
    /// The grid is full: there is nothing to solve, so no escape rate.
    #[error("the grid is complete")]
    Complete,
}

impl Formula {
    /// Encodes `grid` (any shape; its clues must not clash, as a parsed grid's do not).
    pub fn encode(grid: &Grid) -> Result<Formula, EncodingError> {
        if grid.is_complete() {
            return Err(EncodingError::Complete);
        }
        let shape = grid.shape();
        let n = shape.side();
        let mut index = vec![u32::MAX; shape.cells() * n];
        let mut variables = Vec::new();
        for cell in 0..shape.cells() {
            let mask = grid.candidates(cell);
            for d in 0..n {
                if mask >> d & 1 == 1 {
                    index[cell * n + d] = variables.len() as u32;
                    variables.push((cell, d as u8 + 1));
                }
            }
        }
        let mut constraints = Vec::new();
        let mut keep = |members: Vec<u32>, satisfied: bool, what: &dyn Fn() -> String| {
            if satisfied {
                return Ok(());
            }
            if members.is_empty() {
                return Err(EncodingError::NoCandidate { what: what() });
            }
            constraints.push(members);
            Ok(())
        };
        let var = |cell: usize, d: usize| Some(index[cell * n + d]).filter(|&v| v != u32::MAX);
        for cell in 0..shape.cells() {
            let members = (0..n).filter_map(|d| var(cell, d)).collect();
            let (r, c) = (shape.row(cell) + 1, shape.col(cell) + 1);
            keep(members, grid.get(cell) != 0, &|| format!("r{r}c{c}"))?;
        }
        for name in ["row", "column", "box"] {
            for u in 0..n {
                let cells: Vec<usize> = match name {
                    "row" => shape.row_cells(u).collect(),
                    "column" => shape.col_cells(u).collect(),
                    _ => shape.box_cells(u).collect(),
                };
                for d in 0..n {
                    let members = cells.iter().filter_map(|&c| var(c, d)).collect();
                    let placed = cells.iter().any(|&c| grid.get(c) as usize == d + 1);
                    keep(members, placed, &|| {
                        format!("digit {} in {name} {}", d + 1, u + 1)
                    })?;
                }
            }
        }
        let mut seen = HashSet::new();
        let mut not_both = Vec::new();
        for members in &constraints {
            for (i, &x) in members.iter().enumerate() {
                for &y in &members[i + 1..] {
                    if seen.insert((x, y)) {
                        not_both.push((x, y));
                    }
                }
            }
        }
        not_both.sort_unstable();
        Ok(Formula {
            variables,
            at_least_one: constraints.clone(),
            constraints,
            not_both,
        })
    }

    /// Number of clauses: the "at least one" clauses and the "not both" clauses.
    pub fn clauses(&self) -> usize {
        self.at_least_one.len() + self.not_both.len()
    }

    /// Whether the signs of `s` (positive: true) satisfy every constraint: exactly one true
    /// candidate in each, which is every clause satisfied.
    pub fn satisfied_by(&self, s: &[f64]) -> bool {
        self.constraints
            .iter()
            .all(|members| members.iter().filter(|&&v| s[v as usize] > 0.0).count() == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLATINUM_BLONDE: &str =
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...";

    #[test]
    fn a_valid_puzzle_keeps_324_minus_4_clues_constraints() {
        for line in [
            PLATINUM_BLONDE,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ] {
            let grid = Grid::parse(line).unwrap();
            let f = Formula::encode(&grid).unwrap();
            assert_eq!(f.constraints.len(), 324 - 4 * grid.givens());
            let candidates: usize = (0..81)
                .map(|c| grid.candidates(c).count_ones() as usize)
                .sum();
            assert_eq!(f.variables.len(), candidates);
            // Each candidate is in exactly four constraints.
            let mut uses = vec![0; f.variables.len()];
            for m in f.constraints.iter().flatten() {
                uses[*m as usize] += 1;
            }
            assert!(uses.iter().all(|&u| u == 4));
        }
    }

    #[test]
    fn pair_clauses_are_written_once() {
        let grid = Grid::parse(PLATINUM_BLONDE).unwrap();
        let f = Formula::encode(&grid).unwrap();
        let pairs: usize = f
            .constraints
            .iter()
            .map(|m| m.len() * (m.len() - 1) / 2)
            .sum();
        let unique: HashSet<_> = f.not_both.iter().collect();
        assert_eq!(unique.len(), f.not_both.len());
        // Same digit, same row and box: counted by two constraints, written once.
        assert!(f.not_both.len() < pairs);
        assert!(f.not_both.iter().all(|&(x, y)| x < y));
    }

    #[test]
    fn the_solution_satisfies_the_formula_and_a_wrong_grid_does_not() {
        let solved =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let puzzle: String = solved
            .chars()
            .enumerate()
            .map(|(i, ch)| if i % 3 == 0 { '.' } else { ch })
            .collect();
        let f = Formula::encode(&Grid::parse(&puzzle).unwrap()).unwrap();
        let digits: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
        let s: Vec<f64> = f
            .variables
            .iter()
            .map(|&(cell, d)| if digits[cell] == d { 1.0 } else { -1.0 })
            .collect();
        assert!(f.satisfied_by(&s));
        let all_false = vec![-1.0; s.len()];
        assert!(!f.satisfied_by(&all_false));
    }

    #[test]
    fn a_constraint_without_candidates_is_no_solution() {
        // Row 1 needs a 9 but the only empty cell's column already has one.
        let line = format!("12345678.........9{}", ".".repeat(63));
        let err = Formula::encode(&Grid::parse(&line).unwrap()).unwrap_err();
        assert!(matches!(err, EncodingError::NoCandidate { .. }), "{err}");
        let full =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        assert_eq!(
            Formula::encode(&Grid::parse(full).unwrap()),
            Err(EncodingError::Complete)
        );
    }
}
