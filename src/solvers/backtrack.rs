//! `backtrack`: plain chronological backtracking, the baseline every other solver is measured against.
//!
//! Cells are filled in reading order, digits in ascending order; a digit is placed only when its row,
//! column and box do not hold it yet (one test of three "used digits" masks). Nothing is propagated and
//! no cell is chosen cleverly, so node counts grow very fast on hard puzzles: the harness runs it under
//! a node budget, and `limit` is an expected answer.
//!
//! Nodes: the root and each placement. Guesses: placements at cells where two or more digits passed
//! the test. Backtracks: nodes whose next cell admits no digit.

use crate::sudoku::{Grid, Shape};

use super::geometry::{Geometry, MAX_SIDE};
use super::tally::Tally;
use super::trace::{Contradiction, NoTrace, Trace, TraceEvent};
use super::{Descriptor, Outcome, SolveLimits, Solver};

/// The registered `backtrack` solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backtrack;

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "cell array + used-digit masks per unit",
            propagation: "none",
            heuristic: "first empty cell in reading order",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        solve_traced(grid, limits, &mut NoTrace)
    }
}

/// Solves like [`Backtrack`], sending every placement, dead end and solution to `trace`.
pub fn solve_traced<T: Trace>(grid: &Grid, limits: &SolveLimits, trace: &mut T) -> Outcome {
    if !Geometry::supports(grid.shape()) {
        return Outcome::unsupported();
    }
    let geo = Geometry::of(grid.shape());
    let mut search = Search {
        geo,
        values: grid.cells().to_vec(),
        used: vec![0; geo.unit_count()],
        empties: (0..geo.cells).filter(|&c| grid.get(c) == 0).collect(),
        tally: Tally::new(limits),
        trace,
    };
    let mut clash = false;
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 {
            clash |= !search.toggle(cell, 1 << (d - 1), true);
        }
    }
    let completed = if !search.tally.enter_node() {
        if T::ENABLED {
            search.trace.event(TraceEvent::Limit { depth: 0 });
        }
        false
    } else if clash {
        search.tally.backtracks += 1;
        true
    } else {
        !search.node(0)
    };
    search.tally.finish(grid.shape(), completed)
}

struct Search<'t, T: Trace> {
    geo: &'static Geometry,
    values: Vec<u8>,
    /// Used digits per unit: rows, columns, boxes.
    used: Vec<u32>,
    /// The empty cells of the puzzle, in reading order: level `i` of the search fills `empties[i]`.
    empties: Vec<usize>,
    tally: Tally,
    trace: &'t mut T,
}

impl<T: Trace> Search<'_, T> {
    /// Sets or clears digit `bit` of `cell` in the unit masks; returns false when setting a digit the
    /// units already hold (a clash among the givens).
    #[inline]
    fn toggle(&mut self, cell: usize, bit: u32, on: bool) -> bool {
        let [r, c, b] = self.geo.rcb(cell);
        let n = self.geo.side;
        let mut fresh = true;
        for u in [r as usize, n + c as usize, 2 * n + b as usize] {
            if on {
                fresh &= self.used[u] & bit == 0;
                self.used[u] |= bit;
            } else {
                self.used[u] &= !bit;
            }
        }
        fresh
    }

    /// Explores below level `level`; returns `true` to stop.
    fn node(&mut self, level: usize) -> bool {
        let Some(&cell) = self.empties.get(level) else {
            let stop = self.tally.solution(|| self.values.clone());
            if T::ENABLED {
                let mut grid = Grid::empty(self.geo.shape);
                for (c, &d) in self.values.iter().enumerate() {
                    grid.set(c, d);
                }
                self.trace.event(TraceEvent::Solution {
                    depth: level,
                    index: self.tally.solutions,
                    grid,
                });
            }
            return stop;
        };
        let [r, c, b] = self.geo.rcb(cell);
        let n = self.geo.side;
        let choices = self.geo.full
            & !(self.used[r as usize] | self.used[n + c as usize] | self.used[2 * n + b as usize]);
        if choices == 0 {
            self.tally.backtracks += 1;
            if T::ENABLED {
                self.trace.event(TraceEvent::Contradiction {
                    depth: level,
                    reason: Contradiction::NoCandidate { cell },
                });
            }
            return false;
        }
        let branching = choices.count_ones() >= 2;
        let mut rest = choices;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if !self.tally.enter_node() {
                if T::ENABLED {
                    self.trace.event(TraceEvent::Limit { depth: level });
                }
                return true;
            }
            if branching {
                self.tally.guesses += 1;
            }
            let d = bit.trailing_zeros() as u8 + 1;
            if T::ENABLED {
                self.trace.event(TraceEvent::Trial {
                    depth: level,
                    cell,
                    digit: d,
                    choices,
                });
            }
            self.values[cell] = d;
            self.toggle(cell, bit, true);
            let stop = self.node(level + 1);
            self.toggle(cell, bit, false);
            self.values[cell] = 0;
            if stop {
                return true;
            }
        }
        if T::ENABLED {
            self.trace.event(TraceEvent::Backtrack {
                depth: level,
                cell,
                choices,
            });
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use crate::solvers::Status;
    use crate::sudoku::check_solution;

    #[test]
    fn solves_an_easy_puzzle() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = Grid::parse(line).unwrap();
        let out = Backtrack.solve(&grid, &SolveLimits::default());
        assert_eq!(out.status, Status::Unique);
        check_solution(&grid, out.solution.as_ref().unwrap()).unwrap();
    }

    #[test]
    fn counts_the_4x4_grids() {
        let limits = SolveLimits {
            max_solutions: 0,
            ..SolveLimits::default()
        };
        let out = Backtrack.solve(&Grid::empty(Shape::square(2).unwrap()), &limits);
        assert_eq!(out.solutions, 288);
    }

    #[test]
    fn node_budget_stops_it() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = Grid::parse(line).unwrap();
        let limits = SolveLimits {
            max_solutions: 2,
            budget: Limits::nodes(1000),
        };
        let out = Backtrack.solve(&grid, &limits);
        assert_eq!(out.status, Status::Limit);
        assert_eq!(out.stats.nodes, 1000);
    }
}
