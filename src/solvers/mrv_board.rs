//! The 9x9 path of `mrv`: the same search tree as the general [`super::mrv`] search — the same cell
//! at every node, digits ascending, the same nodes, guesses, backtracks and solutions — with
//! FindCandidate done for all empty cells at once instead of one Check per cell.
//!
//! Bit layout: a `u128` holds one bit per cell, bit `c` for cell `c = 9·row + col` (bits 81..127
//! unused). `allowed[d]` has the bit of every *empty* cell where digit `d + 1` is still a candidate;
//! `empty` has the bit of every empty cell.
//!
//! ```text
//!   allowed[0] … allowed[8]          nine 81-bit boards, one per digit
//!        │  carry-save adder tree    count[c] = Σ_d allowed[d][c]   (0..=9, four bit planes)
//!        ▼
//!   plane0 plane1 plane2 plane3      the count of cell c in binary, bit c of each plane
//! ```
//!
//! FindCandidate takes the first empty cell, in reading order, whose candidate count is smallest;
//! the general search's scan stops at the first cell without candidates, which is the same cell
//! (no count is below 0). So the choice is: for k = 0, 1, 2, … the lowest bit of
//! `empty & (count == k)`, the first k that has one. Placing a digit clears the cell from every
//! board and the digit's board on the cell's 20 peers; a child works on a copy of the 160-byte
//! state, so backtracking is a return.
//!
//! Check calls are not counted here: the decision tree, which reports them, is recorded by the
//! general search.

use std::sync::OnceLock;

use super::tally::Tally;
use super::{Outcome, SolveLimits};
use crate::sudoku::{Grid, Shape};

/// For each cell, the bits of its peers and of itself.
fn peers() -> &'static [u128; 81] {
    static PEERS: OnceLock<[u128; 81]> = OnceLock::new();
    PEERS.get_or_init(|| {
        let mut table = [0u128; 81];
        for (cell, mask) in table.iter_mut().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            for other in 0..81 {
                let (r2, c2) = (other / 9, other % 9);
                if r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3) {
                    *mask |= 1u128 << other;
                }
            }
        }
        table
    })
}

/// Bitwise full adder: the sum and carry bits of three one-bit inputs, lane by lane.
#[inline]
fn full_add(a: u128, b: u128, c: u128) -> (u128, u128) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

#[derive(Clone, Copy)]
struct Board {
    allowed: [u128; 9],
    empty: u128,
}

impl Board {
    #[inline]
    fn place(&mut self, peers: &[u128; 81], cell: usize, digit: u8) {
        let bit = 1u128 << cell;
        for board in &mut self.allowed {
            *board &= !bit;
        }
        self.allowed[digit as usize - 1] &= !peers[cell];
        self.empty &= !bit;
    }

    /// FindCandidate: `None` when the grid is full, else the cell and its candidates (bit `d - 1`
    /// for digit `d`; zero at a dead end).
    #[inline]
    fn find_candidate(&self) -> Option<(usize, u16)> {
        if self.empty == 0 {
            return None;
        }
        // A carry-save adder tree: nine one-bit inputs per cell to a four-bit count.
        let a = &self.allowed;
        let (s1, c1) = full_add(a[0], a[1], a[2]);
        let (s2, c2) = full_add(a[3], a[4], a[5]);
        let (s3, c3) = full_add(a[6], a[7], a[8]);
        let (p0, c4) = full_add(s1, s2, s3);
        let (t, c5) = full_add(c1, c2, c3);
        let (p1, c6) = (t ^ c4, t & c4);
        let (p2, p3) = (c5 ^ c6, c5 & c6);
        let planes = [p0, p1, p2, p3];
        for k in 0..=9u32 {
            let mut mask = self.empty;
            for (i, &plane) in planes.iter().enumerate() {
                mask &= if k >> i & 1 == 1 { plane } else { !plane };
            }
            if mask != 0 {
                let cell = mask.trailing_zeros() as usize;
                let mut cands = 0u16;
                for (d, &board) in self.allowed.iter().enumerate() {
                    cands |= ((board >> cell) as u16 & 1) << d;
                }
                return Some((cell, cands));
            }
        }
        unreachable!("every empty cell has between 0 and 9 candidates")
    }
}

struct Search<'p> {
    peers: &'p [u128; 81],
    values: [u8; 81],
    tally: Tally,
}

impl Search<'_> {
    /// Explores the subtree of the current node (already counted); returns `true` to stop.
    fn node(&mut self, board: &Board) -> bool {
        let Some((cell, cands)) = board.find_candidate() else {
            // Success.
            let values = self.values;
            return self.tally.solution(|| values.to_vec());
        };
        if cands == 0 {
            // Failed.
            self.tally.backtracks += 1;
            return false;
        }
        let branching = cands.count_ones() >= 2;
        let mut rest = cands;
        while rest != 0 {
            let d = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            if !self.tally.enter_node() {
                return true;
            }
            if branching {
                self.tally.guesses += 1;
            }
            let mut child = *board;
            child.place(self.peers, cell, d);
            self.values[cell] = d;
            let stop = self.node(&child);
            self.values[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }
}

/// Solves a 9x9 grid exactly as the general `mrv` search does (the caller checks the shape).
pub(super) fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
    debug_assert_eq!(grid.shape(), Shape::CLASSIC);
    let peers = peers();
    let mut board = Board {
        allowed: [0; 9],
        empty: 0,
    };
    let mut values = [0u8; 81];
    for (cell, &d) in grid.cells().iter().enumerate() {
        values[cell] = d;
        if d == 0 {
            board.empty |= 1u128 << cell;
        }
    }
    board.allowed = [board.empty; 9];
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 {
            board.allowed[d as usize - 1] &= !peers[cell];
        }
    }
    let mut search = Search {
        peers,
        values,
        tally: Tally::new(limits),
    };
    let completed = search.tally.enter_node() && !search.node(&board);
    search.tally.finish(Shape::CLASSIC, completed)
}
