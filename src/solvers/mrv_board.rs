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
//! `empty & (count < 2)`, and the last by testing k = 2, 3, … plane by plane.
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
//! Check calls are not counted here: the decision tree, which reports them, is recorded by the
//! general search.

mod cells;

use cells::Cells;

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

/// The lowest set bit's index of a non-zero mask, as a cell.
#[inline]
fn first_cell(mask: u128) -> usize {
    debug_assert!(mask != 0);
    mask.trailing_zeros() as usize
}

/// One state of the grid; see the module documentation for the layout.
#[derive(Clone, Copy)]
struct State {
    allowed: [Cells; 9],
    count: [Cells; 4],
    empty: Cells,
    used: [u16; 27],
}

impl State {
    /// The state of a puzzle's givens; `values` receives them.
    fn new(grid: &Grid, values: &mut [u8; 81]) -> State {
        let mut used = [0u16; 27];
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

    /// Check: the candidates of `cell`, bit `d - 1` for digit `d`.
    #[inline]
    fn check(&self, cell: usize) -> u16 {
        let [r, c, b, _] = UNITS[cell];
        FULL & !(self.used[r as usize] | self.used[c as usize] | self.used[b as usize])
    }

    /// FindCandidate: the empty cell with fewest candidates (the first of equals), or `None` when
    /// the grid is full.
    #[inline]
    fn find_candidate(&self) -> Option<usize> {
        let [p0, p1, p2, p3] = self.count;
        let below_two = self.empty.and_not(p1.or(p2).or(p3));
        let below_two_bits = below_two.bits();
        if below_two_bits != 0 {
            let none = below_two.and_not(p0).bits();
            return Some(first_cell(if none != 0 { none } else { below_two_bits }));
        }
        self.first_of_fewest_above_one()
    }

    /// FindCandidate when no empty cell has fewer than two candidates: the first cell of the
    /// smallest count, or `None` when there is no empty cell.
    #[cold]
    fn first_of_fewest_above_one(&self) -> Option<usize> {
        let empty = self.empty.bits();
        if empty == 0 {
            return None;
        }
        for k in 2..15 {
            let mut mask = self.empty;
            for (i, &plane) in self.count.iter().enumerate() {
                mask = if k >> i & 1 == 1 {
                    mask.and(plane)
                } else {
                    mask.and_not(plane)
                };
            }
            if mask.bits() != 0 {
                return Some(first_cell(mask.bits()));
            }
        }
        // Every empty cell has the one count left, 15: the first empty cell is the first of them.
        Some(first_cell(empty))
    }

    /// Places digit `d + 1` in the empty `cell`.
    #[inline]
    fn place(&mut self, cell: usize, d: usize) {
        let [r, c, b, _] = UNITS[cell];
        self.used[r as usize] |= 1 << d;
        self.used[c as usize] |= 1 << d;
        self.used[b as usize] |= 1 << d;
        self.empty = self.empty.and_not(Cells::load(&CELL_BITS[cell]));
        // The empty peers that lose the digit; a filled cell's bits are never read again.
        let lose = self.allowed[d]
            .and(Cells::load(&PEERS[cell]))
            .and(self.empty);
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

/// A node with two or more candidates whose children are not all explored.
struct Frame {
    /// The node's state, to start each further child from.
    state: State,
    /// The node's cell.
    cell: u8,
    /// Candidates not tried yet (bit `d - 1` for digit `d`).
    rest: u16,
}

struct Search {
    values: [u8; 81],
    frames: Vec<Frame>,
    tally: Tally,
}

impl Search {
    /// Runs the search from the root state; returns `true` when the whole tree was explored.
    fn run(&mut self, mut state: State) -> bool {
        if !self.tally.enter_node() {
            return false;
        }
        loop {
            // The node of `state`, already counted.
            match state.find_candidate() {
                None => {
                    // Success.
                    let values = self.values;
                    if self.tally.solution(|| values.to_vec()) {
                        return false;
                    }
                }
                Some(cell) => {
                    let cands = state.check(cell);
                    if cands == 0 {
                        // Failed.
                        self.tally.backtracks += 1;
                    } else {
                        let d = cands.trailing_zeros() as usize;
                        let rest = cands & (cands - 1);
                        if !self.tally.enter_node() {
                            return false;
                        }
                        if rest != 0 {
                            self.tally.guesses += 1;
                            self.frames.push(Frame {
                                state,
                                cell: cell as u8,
                                rest,
                            });
                        }
                        state.place(cell, d);
                        self.values[cell] = d as u8 + 1;
                        continue;
                    }
                }
            }
            // Back to the deepest node with a candidate left (a frame leaves the stack when its
            // last child starts), and into its next child.
            let Some(frame) = self.frames.last_mut() else {
                return true;
            };
            debug_assert!(frame.rest != 0);
            let d = frame.rest.trailing_zeros() as usize;
            frame.rest &= frame.rest.wrapping_sub(1);
            if !self.tally.enter_node() {
                return false;
            }
            self.tally.guesses += 1;
            let cell = frame.cell as usize;
            state = frame.state;
            if frame.rest == 0 {
                self.frames.pop();
            }
            state.place(cell, d);
            self.values[cell] = d as u8 + 1;
        }
    }
}

/// Solves a 9x9 grid exactly as the general `mrv` search does (the caller checks the shape).
pub(super) fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
    debug_assert_eq!(grid.shape(), Shape::CLASSIC);
    let mut values = [0u8; 81];
    let state = State::new(grid, &mut values);
    let mut search = Search {
        values,
        frames: Vec::with_capacity(81),
        tally: Tally::new(limits),
    };
    let completed = search.run(state);
    search.tally.finish(Shape::CLASSIC, completed)
}
