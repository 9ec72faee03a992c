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
    let mut levels: Vec<Level> = (0..geo.cells)
        .filter(|&c| grid.get(c) == 0)
        .map(|cell| Level {
            cell,
            units: units_of(geo, cell),
            choices: 0,
            rest: 0,
            placed: 0,
        })
        .collect();
    // Used digits per unit (rows, columns, boxes; see [`units_of`]). 256 entries so that a `u8`
    // unit number indexes it without a bounds check; entries from 75 on are never used.
    let mut used = [0u32; 256];
    let mut clash = false;
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 {
            let bit = 1 << (d - 1);
            for u in units_of(geo, cell) {
                clash |= used[usize::from(u)] & bit != 0;
                used[usize::from(u)] |= bit;
            }
        }
    }
    let mut search = Search {
        geo,
        values: grid.cells().to_vec(),
        tally: Tally::new(limits),
        trace,
    };
    let completed = if !search.tally.enter_node() {
        if T::ENABLED {
            search.trace.event(TraceEvent::Limit { depth: 0 });
        }
        false
    } else if clash {
        search.tally.backtracks += 1;
        true
    } else {
        !search.run(&mut levels, &mut used)
    };
    search.tally.finish(grid.shape(), completed)
}

/// The row, column and box of `cell` as unit numbers: rows `0..n`, columns `n..2n`, boxes
/// `2n..3n` (below 75, as sides stop at [`MAX_SIDE`]).
fn units_of(geo: &Geometry, cell: usize) -> [u8; 3] {
    let [r, c, b] = geo.rcb(cell);
    let n = geo.side as u16;
    [r as u8, (n + c) as u8, (2 * n + b) as u8]
}

/// Level `i` of the search fills the `i`-th empty cell of the puzzle in reading order.
#[derive(Clone, Copy)]
struct Level {
    /// The cell.
    cell: usize,
    /// Its row, column and box ([`units_of`]).
    units: [u8; 3],
    /// The digits that passed the test when the level was entered (bit `d - 1` for digit `d`).
    choices: u32,
    /// Of those, the digits not tried yet.
    rest: u32,
    /// The digit placed now (one bit).
    placed: u32,
}

struct Search<'t, T: Trace> {
    geo: &'static Geometry,
    /// The puzzle's cells; the digits of the levels are written in only when a solution is found.
    values: Vec<u8>,
    tally: Tally,
    trace: &'t mut T,
}

impl<T: Trace> Search<'_, T> {
    /// Depth-first search over `levels` (the puzzle's empty cells in reading order) with the unit
    /// masks `used`, with the levels as an explicit stack in place of recursion: this loop is all
    /// `backtrack` does, and a call per node cost more than the node. Returns `true` when the
    /// search stopped early (solution limit or budget).
    ///
    /// Node for node, counter for counter and event for event it is the recursive search
    /// "enter a level: no candidate → dead end; else for each digit in ascending order: count a
    /// node (or stop at the budget), place it, enter the next level, take it back".
    /// The loop of [`Search::run`] over `levels` with the unit masks `used`.
    fn run(&mut self, levels: &mut [Level], used: &mut [u32; 256]) -> bool {
        let full = self.geo.full;
        let mut level = 0;
        loop {
            // Enter `level`: a solution when every cell is filled, a dead end when its cell
            // admits no digit.
            let dead_end = match levels.get_mut(level) {
                None => {
                    self.write_solution(levels);
                    let stop = self.tally.solution(|| self.values.clone());
                    self.trace_solution(level);
                    if stop {
                        return true;
                    }
                    true
                }
                Some(lv) => {
                    let [a, b, c] = lv.units;
                    let choices = full
                        & !(used[usize::from(a)] | used[usize::from(b)] | used[usize::from(c)]);
                    lv.choices = choices;
                    lv.rest = choices;
                    if choices == 0 {
                        self.tally.backtracks += 1;
                        if T::ENABLED {
                            self.trace.event(TraceEvent::Contradiction {
                                depth: level,
                                reason: Contradiction::NoCandidate { cell: lv.cell },
                            });
                        }
                    }
                    choices == 0
                }
            };
            if dead_end {
                if level == 0 {
                    return false;
                }
                level -= 1;
                take_back(&levels[level], used);
            }
            // Back up while the level has tried all its digits.
            while levels[level].rest == 0 {
                if T::ENABLED {
                    let lv = &levels[level];
                    self.trace.event(TraceEvent::Backtrack {
                        depth: level,
                        cell: lv.cell,
                        choices: lv.choices,
                    });
                }
                if level == 0 {
                    return false;
                }
                level -= 1;
                take_back(&levels[level], used);
            }
            // Try the next digit of `level` and go one level down.
            if !self.tally.enter_node() {
                if T::ENABLED {
                    self.trace.event(TraceEvent::Limit { depth: level });
                }
                return true;
            }
            let lv = &mut levels[level];
            if lv.choices.count_ones() >= 2 {
                self.tally.guesses += 1;
            }
            let bit = lv.rest & lv.rest.wrapping_neg();
            lv.rest ^= bit;
            lv.placed = bit;
            if T::ENABLED {
                let (cell, choices) = (lv.cell, lv.choices);
                self.trace.event(TraceEvent::Trial {
                    depth: level,
                    cell,
                    digit: bit.trailing_zeros() as u8 + 1,
                    choices,
                });
            }
            for u in lv.units {
                used[usize::from(u)] |= bit;
            }
            level += 1;
        }
    }

    /// Every cell is filled: writes the digits of `levels` into `values`.
    fn write_solution(&mut self, levels: &[Level]) {
        for lv in levels {
            self.values[lv.cell] = lv.placed.trailing_zeros() as u8 + 1;
        }
    }

    /// Sends the solution just recorded (found at `depth`) to the trace.
    fn trace_solution(&mut self, depth: usize) {
        if T::ENABLED {
            let mut grid = Grid::empty(self.geo.shape);
            for (c, &d) in self.values.iter().enumerate() {
                grid.set(c, d);
            }
            self.trace.event(TraceEvent::Solution {
                depth,
                index: self.tally.solutions,
                grid,
            });
        }
    }
}

/// Takes back the digit placed at level `lv`.
#[inline]
fn take_back(lv: &Level, used: &mut [u32; 256]) {
    for u in lv.units {
        used[usize::from(u)] &= !lv.placed;
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
