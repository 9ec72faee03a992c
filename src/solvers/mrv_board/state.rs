//! The search state of `mrv`'s 9x9 path (see the parent module's documentation): the peer and
//! unit tables, and a `State` of placed digits and candidate counts that every walk copies.

use super::cells::Cells;
use crate::sudoku::Grid;

/// For each cell, the bits of its peers and of itself.
pub(super) const PEERS: [u128; 81] = {
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
pub(super) const CELL_BITS: [u128; 81] = {
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
pub(super) const UNITS: [[u8; 4]; 81] = {
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
pub(super) const FULL: u16 = 0x1ff;

/// Bitwise full adder: the sum and carry bits of three one-bit inputs, lane by lane.
#[inline]
pub(super) fn full_add(a: u128, b: u128, c: u128) -> (u128, u128) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// One state of the grid; see the module documentation for the layout (`used` has five spare
/// entries, so that the state is eighteen whole 16-byte words: [`State::copy_from`]).
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(super) struct State {
    pub(super) allowed: [Cells; 9],
    pub(super) count: [Cells; 4],
    pub(super) empty: Cells,
    pub(super) used: [u16; 32],
}

/// The number of 16-byte words in a [`State`].
pub(super) const STATE_WORDS: usize = std::mem::size_of::<State>() / 16;
const _: () = assert!(std::mem::size_of::<State>() == 16 * STATE_WORDS);

impl State {
    /// The state of a puzzle's givens; `values` receives them.
    pub(super) fn new(grid: &Grid, values: &mut [u8; 81]) -> State {
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
    pub(super) fn copy_from(&mut self, src: &State) {
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
    pub(super) fn check(&self, cell: usize) -> u16 {
        let [r, c, b, _] = UNITS[cell];
        FULL & !(self.used[r as usize] | self.used[c as usize] | self.used[b as usize])
    }

    /// FindCandidate when no empty cell has fewer than two candidates: the first cell of the
    /// smallest count, or `None` when there is no empty cell. The smallest count is found plane
    /// by plane from the highest: keep the cells whose bit is 0 in a plane when there are any.
    /// (The same on two 64-bit halves with masks instead of branches measured no faster.)
    #[inline]
    pub(super) fn first_of_fewest_above_one(&self) -> Option<usize> {
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
    pub(super) fn losers(&self, cell: usize, d: usize) -> Cells {
        self.allowed[d]
            .and(Cells::load(&PEERS[cell]))
            .and(self.empty)
            .and_not(Cells::load(&CELL_BITS[cell]))
    }

    /// Places digit `d + 1` in the empty `cell`, whose [`State::losers`] are `lose`.
    #[inline]
    pub(super) fn place(&mut self, cell: usize, d: usize, lose: Cells) {
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
