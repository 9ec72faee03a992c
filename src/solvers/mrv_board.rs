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

use cells::Cells;
use lanes::{walk, walk_lanes, Lane, Lanes, LANES};

use super::tally::Tally;
use super::{Outcome, SolveLimits};
use crate::sudoku::{Grid, Shape};

/// For each cell, the bits of its peers and of itself.
const PEERS: [u128; 81] = {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            if r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3) {
                table[cell] |= 1u128 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// For each cell, its own bit.
const CELL_BITS: [u128; 81] = {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = 1 << cell;
        cell += 1;
    }
    table
};

/// For each cell, the indices in [`State::used`] of its row, column and box (and a 0 that makes
/// an entry four bytes).
const UNITS: [[u8; 4]; 81] = {
    let mut table = [[0u8; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        table[cell] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8, 0];
        cell += 1;
    }
    table
};

/// All nine digits, bit `d - 1` for digit `d`.
const FULL: u16 = 0x1ff;

/// Bitwise full adder: the sum and carry bits of three one-bit inputs, lane by lane.
#[inline]
fn full_add(a: u128, b: u128, c: u128) -> (u128, u128) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// One state of the grid; see the module documentation for the layout (`used` has five spare
/// entries, so that the state is eighteen whole 16-byte words: [`State::copy_from`]).
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    allowed: [Cells; 9],
    count: [Cells; 4],
    empty: Cells,
    used: [u16; 32],
}

/// The number of 16-byte words in a [`State`].
const STATE_WORDS: usize = std::mem::size_of::<State>() / 16;
const _: () = assert!(std::mem::size_of::<State>() == 16 * STATE_WORDS);

impl State {
    /// The state of a puzzle's givens; `values` receives them.
    fn new(grid: &Grid, values: &mut [u8; 81]) -> State {
        let mut used = [0u16; 32];
        let mut empty = 0u128;
        for (cell, &d) in grid.cells().iter().enumerate() {
            values[cell] = d;
            if d == 0 {
                empty |= 1u128 << cell;
            } else {
                for &u in &UNITS[cell][..3] {
                    used[u as usize] |= 1 << (d - 1);
                }
            }
        }
        let mut a = [empty; 9];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                a[d as usize - 1] &= !PEERS[cell];
            }
        }
        // A carry-save adder tree: nine one-bit inputs per cell to a four-bit count.
        let (s1, c1) = full_add(a[0], a[1], a[2]);
        let (s2, c2) = full_add(a[3], a[4], a[5]);
        let (s3, c3) = full_add(a[6], a[7], a[8]);
        let (p0, c4) = full_add(s1, s2, s3);
        let (t, c5) = full_add(c1, c2, c3);
        let (p1, c6) = (t ^ c4, t & c4);
        let (p2, p3) = (c5 ^ c6, c5 & c6);
        State {
            allowed: a.map(|bits| Cells::load(&bits)),
            count: [p0, p1, p2, p3].map(|bits| Cells::load(&bits)),
            empty: Cells::load(&empty),
            used,
        }
    }

    /// `*self = *src` as eighteen 16-byte loads and stores. A plain assignment of a struct this
    /// size compiles to a call of `memcpy`, which took 64 instructions a copy and 17% of the
    /// search's (callgrind); volatile accesses keep the compiler from turning the loop back into
    /// that call.
    #[inline(always)]
    fn copy_from(&mut self, src: &State) {
        let from = (src as *const State).cast::<Cells>();
        let to = (self as *mut State).cast::<Cells>();
        for i in 0..STATE_WORDS {
            // SAFETY: `State` is `repr(C)`, 16-byte aligned and exactly `STATE_WORDS` words of
            // plain bits (`Cells` and `u16`, any bit pattern valid), so word `i` of each is in
            // bounds, aligned and a valid `Cells`; `self` and `src` are distinct references.
            unsafe { to.add(i).write_volatile(from.add(i).read_volatile()) };
        }
    }

    /// Check: the candidates of `cell`, bit `d - 1` for digit `d`.
    #[inline]
    fn check(&self, cell: usize) -> u16 {
        let [r, c, b, _] = UNITS[cell];
        FULL & !(self.used[r as usize] | self.used[c as usize] | self.used[b as usize])
    }

    /// FindCandidate when no empty cell has fewer than two candidates: the first cell of the
    /// smallest count, or `None` when there is no empty cell. The smallest count is found plane
    /// by plane from the highest: keep the cells whose bit is 0 in a plane when there are any.
    /// (The same on two 64-bit halves with masks instead of branches measured no faster.)
    #[inline]
    fn first_of_fewest_above_one(&self) -> Option<usize> {
        let mut fewest = self.empty;
        if !fewest.any() {
            return None;
        }
        for &plane in self.count.iter().rev() {
            let below = fewest.and_not(plane);
            if below.any() {
                fewest = below;
            }
        }
        Some(fewest.first())
    }

    /// The empty peers of `cell` (not `cell` itself) that still have digit `d + 1`: the cells
    /// that placing it takes a candidate from.
    #[inline]
    fn losers(&self, cell: usize, d: usize) -> Cells {
        self.allowed[d]
            .and(Cells::load(&PEERS[cell]))
            .and(self.empty)
            .and_not(Cells::load(&CELL_BITS[cell]))
    }

    /// Places digit `d + 1` in the empty `cell`, whose [`State::losers`] are `lose`.
    #[inline]
    fn place(&mut self, cell: usize, d: usize, lose: Cells) {
        let [r, c, b, _] = UNITS[cell];
        self.used[r as usize] |= 1 << d;
        self.used[c as usize] |= 1 << d;
        self.used[b as usize] |= 1 << d;
        self.empty = self.empty.and_not(Cells::load(&CELL_BITS[cell]));
        self.allowed[d] = self.allowed[d].xor(lose);
        // count -= 1 on every cell of `lose` (all of which count at least one).
        let mut borrow = lose;
        for plane in &mut self.count {
            let old = *plane;
            *plane = old.xor(borrow);
            borrow = borrow.and_not(old);
        }
    }
}

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
