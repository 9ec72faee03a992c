//! `fast`: a bit-parallel 9x9 solver built for speed, in the spirit of the band representation of
//! JCZSolve (one word per digit and band), written from scratch for this crate.
//!
//! # Bit layout
//!
//! The state holds 27 `u32` words, `cand[9·b + d]`: the cells of band `b` where digit `d + 1` is
//! still a candidate (band-major, so the nine digits of a band sit side by side). A band is three
//! grid rows (band `b` = rows `3b..3b+3`); bit `9·i + c` is row `3b + i`, column `c`, so the cell
//! index of a bit is simply `27·b + bit`:
//!
//! ```text
//!            box 0      box 1      box 2
//!   col:    0  1  2 |  3  4  5 |  6  7  8
//!   row 0:  0  1  2 |  3  4  5 |  6  7  8      <- bits  0.. 9   segment bits 0 1 2
//!   row 1:  9 10 11 | 12 13 14 | 15 16 17      <- bits  9..18   segment bits 3 4 5
//!   row 2: 18 19 20 | 21 22 23 | 24 25 26      <- bits 18..27   segment bits 6 7 8
//! ```
//!
//! Beside the words: the unsolved cells of each band (27 bits each) and a 27-bit dirty set, bit
//! `9·b + d` for a word changed since it was last analysed.
//!
//! # Propagation
//!
//! *Band analysis.* A *segment* is the three cells where a row of the band crosses a box. Shrinking
//! a band word to its non-empty segments (bit `3·i + j` for row `i`, box `j`) gives a 3x3 matrix;
//! the digit takes exactly one segment in each row and in each box of the band, so its final
//! position is one of the six permutation matrices inside that matrix. The union of those
//! permutations (the table `PERM`) is the set of segments still possible: one table look-up performs
//! pointing and claiming (locked candidates) inside the band and finds hidden singles in boxes, and
//! an empty union is a contradiction. A row left with one cell is then a placement (the three rows
//! are tested at once, with bit arithmetic and no branch: `lone_cells`).
//!
//! *Stack analysis.* The same holds across bands: in a stack (a column of boxes) the digit takes one
//! column in each band, a different one each time. The (band, column) matrix of each stack goes
//! through the same permutation table; this closes the column of every placed cell in the other
//! bands, does vertical pointing, and finds hidden singles in columns.
//!
//! *Schedule.* One digit at a time (any digit with a dirty word): the analyses of its three band
//! words, then its stack analysis, repeated until the stack analysis changes nothing; then the
//! cells it placed are taken from the other digits in one pass (marking their words dirty).
//! When no word is dirty, a bit-sliced counter over the nine words of each band gives the cells with
//! at least one and two candidates: an unsolved cell with none is a contradiction, one with exactly
//! one is a naked single, placed at once; the loop ends when nothing is dirty after that pass.
//!
//! *Branches.* Beside its 14.9 k instructions a 17-clue solve, `band` takes about 105
//! mispredicted branches (cachegrind's model), 1,600-2,100 cycles at 15-20 each; most are
//! whether a digit's settling placed cells in a band (43 a solve) and whether a stack analysis
//! changed a word (29). Both are data the schedule has to act on. Taking the placed cells from
//! every band without the branch (nothing changes where none were placed) halved the
//! mispredictions but added 40% instructions and `band` ran about 18% slower, so it was
//! dropped; so was a single test of the three words' change in place of the tuple comparison
//! (the same mispredictions, moved). Measured in the fourth session of issue 23:
//! docs/performance.md, "In process on the 17-clue list, continued".
//!
//! *Compiled paths.* The propagation is compiled once for the baseline target and, on x86-64, once
//! more for the x86-64-v3 features (AVX2, BMI1/2, POPCNT, ...); the process takes the fastest
//! its CPU has, once ([`paths`]). Same code, same results: only the instructions differ, and
//! the bit gathers of the two analyses, which the x86-64-v3 copy does with BMI2's `pext`/`pdep`
//! where the portable one looks up tables (twins tested against each other).
//!
//! # Search
//!
//! The search branches on the first cell with exactly two candidates (in practice there nearly
//! always is one), else on the first cell with the fewest. Every child but the last gets a
//! copy of the whole state (31 words), the last one the parent's own: on a dead end the copy is
//! simply dropped, with no undo log.
//!
//! # Counters
//!
//! The search counts by the shared definitions of [`crate::solvers`]: a node is the root or a state
//! reached by placing a trial value, counted after propagation whether or not the propagation ended
//! in a contradiction; every child of a branch point is a guess (the branch cell always has two or
//! more candidates, else it would have been a naked single), so `nodes = 1 + guesses`; a backtrack
//! is a node whose propagation ended in a contradiction. `fast` does not classify its deductions by
//! technique (one table look-up mixes several), so [`Stats::deductions`] stays zero.

pub mod band;
pub mod count;
mod gather;
pub mod paths;
mod state;
mod tables;

use crate::budget::Budget;
use crate::sudoku::{Grid, Shape};

use super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use state::{Contradiction, State};

impl State {
    /// Runs the band and stack analyses and naked singles to a fixpoint, through the compiled
    /// path chosen for this process ([`paths`]).
    #[inline]
    fn propagate(&mut self) -> Result<(), Contradiction> {
        (paths::chosen().1)(self)
    }
}

/// What the search does after a node.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

/// The mutable context of one solve: counters, budget and results.
struct Search {
    /// The propagation of the compiled path in use.
    propagate: paths::Kernel,
    stats: Stats,
    budget: Budget,
    max_solutions: u64,
    found: u64,
    first: Option<State>,
    halted: bool,
}

impl Search {
    /// Explores the subtree of a propagated, consistent state (which it may overwrite: the last
    /// child is built in place).
    fn explore(&mut self, state: &mut State) -> Flow {
        if state.solved() {
            if self.found == 0 {
                self.first = Some(*state);
            }
            self.found += 1;
            return if self.max_solutions != 0 && self.found >= self.max_solutions {
                Flow::Stop
            } else {
                Flow::Continue
            };
        }
        let (b, bit, mut digits) = state.branch_cell();
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if self.budget.check(self.stats.nodes + 1).is_some() {
                self.halted = true;
                return Flow::Stop;
            }
            self.stats.nodes += 1;
            self.stats.guesses += 1;
            let mut copy;
            let child = if digits == 0 {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            let consistent = child
                .place(d, b, bit)
                .and_then(|()| (self.propagate)(child));
            if consistent.is_err() {
                self.stats.backtracks += 1;
                continue;
            }
            if self.explore(child) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }
}

/// The bit-parallel band solver; see the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast;

impl Solver for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "bitboards: one 27-bit word per digit and band",
            propagation: "band and stack permutation tables (locked candidates, hidden singles), naked singles",
            heuristic: "first two-candidate cell, else fewest candidates",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        solve_with(paths::chosen().1, grid, limits)
    }
}

/// [`Fast::solve`] through the propagation `propagate` (one of the compiled [`paths`]).
fn solve_with(propagate: paths::Kernel, grid: &Grid, limits: &SolveLimits) -> Outcome {
    let mut search = Search {
        propagate,
        stats: Stats::default(),
        budget: Budget::start(&limits.budget),
        max_solutions: limits.max_solutions,
        found: 0,
        first: None,
        halted: false,
    };
    if grid.shape() != Shape::CLASSIC {
        // Not a puzzle this solver can read; callers check `supports` first.
        return Outcome {
            status: Status::Invalid,
            solutions: 0,
            solution: None,
            stats: search.stats,
        };
    }
    // The root counts as a node even when the budget is zero nodes: it is always entered.
    search.stats.nodes = 1;
    let mut root = State::new();
    let consistent = root.give(grid.cells()).and_then(|()| propagate(&mut root));
    let mut completed = true;
    match consistent {
        Err(Contradiction) => search.stats.backtracks += 1,
        Ok(()) => {
            completed = search.explore(&mut root) == Flow::Continue;
        }
    }
    let solution = search.first.map(|state| {
        let mut g = grid.clone();
        state.write_into(&mut g);
        g
    });
    let status = Status::from_search(search.found, completed, limits.max_solutions);
    debug_assert!(!search.halted || status == Status::Limit || search.found >= 2);
    Outcome {
        status,
        solutions: search.found,
        solution,
        stats: search.stats,
    }
}

#[cfg(test)]
mod tests;
