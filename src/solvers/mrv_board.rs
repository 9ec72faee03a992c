//! The 9x9 path of `mrv`: the same search tree as the general [`super::mrv`] search — the same cell
//! at every node, digits ascending, the same nodes, guesses, backtracks and solutions — with the
//! candidate count of every cell kept up to date as digits are placed, so that FindCandidate is a
//! few word operations instead of one Check per empty cell.
//!
//! Bit layout: a 128-bit word ([`Cells`]: an SSE2 register on x86-64, a `u128` elsewhere) holds one
//! bit per cell, bit `c` for cell `c = 9·row + col` (bits 81..127 unused). Only the bits of *empty* cells mean anything; filled cells keep stale bits that every
//! reader masks off with `empty`.
//!
//! ```text
//!   empty                      the empty cells
//!   allowed[0] … allowed[8]    bit c of allowed[d]: digit d + 1 is a candidate of empty cell c
//!   count[0] … count[3]        the candidate count of cell c (0..=9) in binary, bit c of each plane:
//!                              count(c) = Σ_i 2^i · bit c of count[i]
//!   used[0..9]   rows          bit d of used[u]: digit d + 1 is placed in unit u
//!   used[9..18]  columns       (Check: the candidates of a cell are the digits missing from
//!   used[18..27] boxes          its row, column and box, as in the general search)
//! ```
//!
//! Placing digit `d + 1` in `cell` takes the cell out of `empty` and the digit out of `allowed[d]` on
//! the cell's empty peers that still had it; those peers' counts go down by one, a bit-sliced
//! subtraction of the peer mask from the four planes (a borrow rippling through them). The
//! FindCandidate of the general search takes the first empty cell, in reading order, with fewest
//! candidates; its scan stops at the first cell without candidates, which is the same cell (no count
//! is below 0). So the choice is: the first cell of count 0 if there is one, else the first of count
//! 1, else the first of the smallest count k ≥ 2 that some cell has — the first two from one mask,
//! `empty & (count < 2)`, and the last plane by plane from the highest (keep the cells with a 0
//! there whenever some cell has one).
//!
//! Most nodes are forced (their cell has one candidate, so the node has one child) and the search
//! needs their state only once: a forced child updates the state in place. A node with two or more
//! candidates pushes a copy of its state (under 300 bytes) with the candidates still to try; a dead
//! end or a solution goes back to the deepest such frame and starts its next child from the copy.
//! The recursion of the general search becomes this loop over an explicit stack, and the work of a
//! node no longer grows with the number of empty cells. (Measured with callgrind, `dlxlab solve
//! --solver mrv` on the first 200 17-clue puzzles: 128 instructions per node for the whole process,
//! 458 with nine boards summed at every node and a copy per child. Keeping the states in one array
//! and letting the last child work on its parent's state, one copy fewer per branch node, cost 3%
//! more: the indexing outweighed the copy.)
//!
//! The steps below took the whole process from 125 to 117 instructions a node (callgrind, `dlxlab
//! solve --solver mrv` on the first 200 17-clue puzzles: 1.307 G to 1.221 G) and, what counted,
//! from one chain of dependent loads to four (first 2,000 17-clue puzzles, one thread: 4.1 s of
//! CPU before, 2.6 s after, measured back to back; the instruction count alone had bought nothing):
//! - **A child that fails at once is counted, not built.** Its parent is a forced node whose digit
//!   takes the last candidate of a peer (see [`lanes::Lane`]); the node and the dead end are
//!   counted exactly as the general search counts them.
//! - **States are copied as eighteen 16-byte words** ([`State::copy_from`]) instead of through
//!   `memcpy`, which the compiler called for a struct of this size (17% of the instructions).
//! - **Four lanes walk the tree in lockstep.** One walk is a chain of dependent steps (the cell
//!   from the counts, its row, column and box from a table, its digit from the used masks, the
//!   peers that lose it, the counts again), so the processor mostly waits. [`LANES`](lanes::LANES) walks of
//!   disjoint subtrees, one node each in turn, give it independent work: an idle lane takes the
//!   next child of the frame nearest the root of a busy one. Every node is entered by exactly one
//!   lane, so a whole tree's counts are the one-lane walk's; where the order would matter — a
//!   solution limit of one, a second solution, a node budget reached — the search is (re)done by
//!   one lane in the general search's order ([`solve`]). Time budgets stop either walk alike.
//!   Each lane counts into its own counters, added up between rounds: one shared counter made
//!   every lane wait on the others' stores.
//!
//! Check calls are not counted here: the decision tree, which reports them, is recorded by the
//! general search.

mod cells;
mod lanes;
mod state;

use lanes::{walk, walk_lanes, Lane, Lanes, LANES};
use state::State;

use super::tally::Tally;
use super::{Outcome, SolveLimits};
use crate::sudoku::{Grid, Shape};

/// Solves a 9x9 grid exactly as the general `mrv` search does (the caller checks the shape):
/// with two lanes when the counts cannot depend on the order of the walk, else (or when they turn
/// out to) with one.
pub(super) fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
    debug_assert_eq!(grid.shape(), Shape::CLASSIC);
    let mut values = [0u8; 81];
    let state = State::new(grid, &mut values);
    if limits.max_solutions != 1 {
        let mut tally = Tally::new(limits);
        let mut lanes = [(); LANES].map(|()| Lane::new(state, values));
        if let Lanes::Finished(completed) = walk_lanes(&mut lanes, &mut tally) {
            return tally.finish(Shape::CLASSIC, completed);
        }
    }
    solve_one_lane(grid, limits)
}

/// Solves a 9x9 grid with the one-lane walk, the general search's order.
pub(super) fn solve_one_lane(grid: &Grid, limits: &SolveLimits) -> Outcome {
    let mut values = [0u8; 81];
    let state = State::new(grid, &mut values);
    let mut tally = Tally::new(limits);
    let mut lane = Lane::new(state, values);
    let completed = walk(&mut lane, &mut tally);
    tally.finish(Shape::CLASSIC, completed)
}
