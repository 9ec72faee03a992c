//! [`check_solution`]: whether a grid solves a puzzle — every cell filled, every given kept, no
//! digit twice in a row, column or box.
//!
//! Every solution a command prints or counts goes through it (`dlxlab solve` on every line, the
//! harness on every row), so on 9x9 the answer "yes" takes one pass of bitwise operations
//! ([`classic_solution_ok`]); only a wrong solution is scanned again, cell by cell and unit by
//! unit, to name the first thing wrong (the messages are the same on every size).

use super::{Grid, GridError, Shape};

/// Why a proposed solution is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionError {
    /// Different shapes.
    #[error("solution shape differs from the puzzle's")]
    Shape,
    /// A cell left empty.
    #[error("cell r{}c{} is empty", .0 + 1, .1 + 1)]
    Empty(usize, usize),
    /// A given changed.
    #[error("given at r{}c{} changed", .0 + 1, .1 + 1)]
    GivenChanged(usize, usize),
    /// A rule broken.
    #[error("{0}")]
    Rule(GridError),
}

/// Checks `solution` against the rules and against `puzzle`: same shape, every cell filled, every
/// given kept, no digit twice in a unit. Every solver's answer goes through this.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), SolutionError> {
    if puzzle.shape() != solution.shape() {
        return Err(SolutionError::Shape);
    }
    let shape = puzzle.shape();
    if shape == Shape::CLASSIC && classic_solution_ok(puzzle.cells(), solution.cells()) {
        return Ok(());
    }
    for (cell, (&given, &digit)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        let (r, c) = (shape.row(cell), shape.col(cell));
        if digit == 0 {
            return Err(SolutionError::Empty(r, c));
        }
        if given != 0 && given != digit {
            return Err(SolutionError::GivenChanged(r, c));
        }
    }
    solution.check_givens().map_err(SolutionError::Rule)
}

/// A 9x9 unit whose nine cells hold each digit once: bits 1 to 9 (bit `d` for digit `d`).
const FULL: u16 = 0b11_1111_1110;

/// Whether the 9x9 `solution` solves `puzzle` (both 81 cells, row by row), in one pass without a
/// branch per cell.
///
/// Each cell becomes the bit `1 << d` (bit 0 for an empty cell), all 81 at once (the compiler
/// vectorises the shifts); a row, column or box is the union of its nine cells' bits, which is
/// [`FULL`] exactly when they hold nine distinct digits from 1 to 9: no empty cell, no repeat.
/// Columns are unions of whole rows, lane by lane. A [`Grid`] of side 9 holds values `0..=9`
/// only (every constructor and [`Grid::set`] check the range), so the shift stays below 16. A
/// given is kept when the puzzle's cell is empty or equal to the solution's. (Measured against a
/// loop that adds each cell's bit to its row, column and box: 480 instructions a grid instead of
/// 680.)
fn classic_solution_ok(puzzle: &[u8], solution: &[u8]) -> bool {
    let (Ok(puzzle), Ok(solution)) = (
        <&[u8; 81]>::try_from(puzzle),
        <&[u8; 81]>::try_from(solution),
    ) else {
        return false;
    };
    // Folded rather than searched with `any`, so that the compiler can vectorise it.
    let changed = puzzle
        .iter()
        .zip(solution)
        .fold(false, |acc, (&given, &digit)| {
            acc | ((given != 0) & (given != digit))
        });
    let mut bits = [0u16; 81];
    for (bit, &d) in bits.iter_mut().zip(solution) {
        *bit = 1 << (d & 15);
    }
    let mut cols = [0u16; 9];
    let mut full = true;
    for band in bits.chunks_exact(27) {
        let mut boxes = [0u16; 3];
        for row in band.chunks_exact(9) {
            for (col, &bit) in cols.iter_mut().zip(row) {
                *col |= bit;
            }
            let thirds = [
                row[0] | row[1] | row[2],
                row[3] | row[4] | row[5],
                row[6] | row[7] | row[8],
            ];
            for (unit, &third) in boxes.iter_mut().zip(&thirds) {
                *unit |= third;
            }
            full &= thirds[0] | thirds[1] | thirds[2] == FULL;
        }
        full &= boxes == [FULL; 3];
    }
    !changed & full & (cols == [FULL; 9])
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// A solved 9x9 grid: row `r` is `1..=9` shifted by `3r + r/3`.
    fn solved() -> Grid {
        let line: String = (0..81)
            .map(|k: usize| {
                let (r, c) = (k / 9, k % 9);
                char::from(b'1' + ((3 * r + r / 3 + c) % 9) as u8)
            })
            .collect();
        Grid::parse(&line).unwrap()
    }

    #[test]
    fn checks_solutions() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        let mut sol = puzzle.clone();
        assert_eq!(
            check_solution(&puzzle, &sol),
            Err(SolutionError::Empty(0, 1))
        );
        sol.set(1, 4);
        assert!(matches!(
            check_solution(&puzzle, &sol),
            Err(SolutionError::Empty(..))
        ));
        let small = Grid::parse(&".".repeat(16)).unwrap();
        assert_eq!(check_solution(&small, &sol), Err(SolutionError::Shape));
    }

    /// The answer of the general scan alone (what [`check_solution`] did before the 9x9 pass).
    fn scanned(puzzle: &Grid, solution: &Grid) -> bool {
        puzzle
            .cells()
            .iter()
            .zip(solution.cells())
            .all(|(&g, &d)| d != 0 && (g == 0 || g == d))
            && solution.check_givens().is_ok()
    }

    #[test]
    fn the_nine_by_nine_pass_agrees_with_the_scan() {
        // A solution, then every cell set to every value (empty, its own digit, another digit:
        // a repeat in its row, column and box) and every pair of cells swapped (a moved given,
        // repeats, or the same grid when both hold one digit), against an empty puzzle and one
        // with givens: the one pass and the scan must say the same.
        let solution = solved();
        let empty = Grid::empty(Shape::CLASSIC);
        let mut puzzle = solution.clone();
        for k in (0..81).filter(|k| k % 4 != 0) {
            puzzle.set(k, 0);
        }
        let mut cases = 0;
        for given in [&empty, &puzzle] {
            assert!(classic_solution_ok(given.cells(), solution.cells()));
            assert_eq!(check_solution(given, &solution), Ok(()));
            for k in 0..81 {
                for d in 0..=9 {
                    let mut g = solution.clone();
                    g.set(k, d);
                    let fast = classic_solution_ok(given.cells(), g.cells());
                    assert_eq!(fast, scanned(given, &g), "cell {k} set to {d}");
                    assert_eq!(fast, check_solution(given, &g).is_ok());
                    assert_eq!(fast, d == solution.get(k));
                    cases += 1;
                }
                for j in k + 1..81 {
                    let mut g = solution.clone();
                    g.set(k, solution.get(j));
                    g.set(j, solution.get(k));
                    let fast = classic_solution_ok(given.cells(), g.cells());
                    assert_eq!(fast, scanned(given, &g), "cells {k} and {j} swapped");
                    cases += 1;
                }
            }
        }
        assert!(cases > 7000);
        // What is wrong is named by the scan, as before.
        let mut moved = solution.clone();
        moved.set(0, solution.get(1));
        moved.set(1, solution.get(0));
        let given = Grid::parse(&format!("{}{}", solution.get(0), ".".repeat(80))).unwrap();
        assert_eq!(
            check_solution(&given, &moved),
            Err(SolutionError::GivenChanged(0, 0))
        );
    }
}
