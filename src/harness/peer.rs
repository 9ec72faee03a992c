//! The `sudoku` crate (0.8, a port of JCZSolve) as a [`Solver`], so that `dlxlab bench` can time it
//! in process beside the built-in solvers, on the same puzzles in the same run.
//!
//! Only with the cargo feature `peer`: the crate is AGPL-3.0 while dlxlab is MIT or Apache-2.0, so
//! the default build does not link it (its tests, benches and examples use it as a
//! dev-dependency, which ships with nothing). It is not in the solver registry: it is the yardstick,
//! not one of the solvers the differential tests hold to each other.

use sudoku::Sudoku;

use crate::solvers::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use crate::sudoku::{Grid, Shape};

/// The `sudoku` crate's solver. It counts no nodes or guesses (the crate does not say), and it
/// has no budgets: a node or time limit is ignored, so it always completes.
#[derive(Clone, Copy, Debug, Default)]
pub struct SudokuCrate;

/// The row label of [`SudokuCrate`].
pub const NAME: &str = "sudoku-crate";

impl Solver for SudokuCrate {
    fn name(&self) -> &'static str {
        NAME
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "the sudoku crate 0.8 (JCZSolve port): bitboards per digit and band",
            propagation: "the crate's own (band analysis, naked singles)",
            heuristic: "the crate's own",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        if grid.shape() != Shape::CLASSIC {
            return Outcome::unsupported();
        }
        let Ok(sudoku) = Sudoku::from_bytes_slice(grid.cells()) else {
            return Outcome::unsupported();
        };
        let limit = match limits.max_solutions {
            0 => usize::MAX,
            n => usize::try_from(n).unwrap_or(usize::MAX),
        };
        let mut found = [[0u8; 81]; 2];
        let count = if limit <= found.len() {
            sudoku.solutions_up_to_buffer(&mut found, limit)
        } else {
            // Counting past two: count, then find the first solution again.
            let count = sudoku.solutions_count_up_to(limit);
            sudoku.solutions_up_to_buffer(&mut found[..1], 1);
            count
        };
        let solution = (count > 0).then(|| {
            let mut g = grid.clone();
            g.fill(&found[0]);
            g
        });
        Outcome {
            // Reaching the limit stopped the search before it was exhausted.
            status: Status::from_search(count as u64, count < limit, limits.max_solutions),
            solutions: count as u64,
            solution,
            stats: Stats::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::by_name;

    #[test]
    fn agrees_with_fast() {
        let fast = by_name("fast").unwrap();
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            &".".repeat(81),
            "11...............................................................................",
        ] {
            let Ok(grid) = Grid::parse(line) else {
                continue;
            };
            for max in [1, 2, 5] {
                let limits = SolveLimits {
                    max_solutions: max,
                    ..SolveLimits::default()
                };
                let (mine, theirs) = (
                    fast.solve(&grid, &limits),
                    SudokuCrate.solve(&grid, &limits),
                );
                assert_eq!(mine.status, theirs.status, "{line} max {max}");
                assert_eq!(mine.solutions, theirs.solutions, "{line} max {max}");
                if mine.status == Status::Unique {
                    assert_eq!(mine.solution, theirs.solution);
                }
            }
        }
    }
}
