//! The candidate state of the propagation solvers: one candidate mask per cell.
//!
//! ```text
//! cand[cell]   bit d-1 set ⇔ digit d is still possible in an empty cell; 0 once the cell is filled
//! fixed[cell]  bit d-1 set ⇔ the cell holds digit d; 0 while it is empty
//!              (a bit, not a digit, so that a unit's placed digits are one OR away)
//! left         empty cells
//! ```
//!
//! An empty cell never keeps an empty mask: [`Board::assign`] and [`Board::remove`] report the
//! contradiction at the moment a mask would become empty, and push every cell that is left with a
//! single candidate onto the caller's queue of naked singles.
//!
//! The search copies the whole board when it branches instead of keeping an undo log: for 9x9 a board
//! is 648 bytes, one `memcpy`, and the copy is always the state to return to. (An undo log would have
//! to record every elimination of every technique, several hundred per node on hard puzzles.)

use super::geometry::Geometry;
use super::trace::Contradiction;
use crate::sudoku::Grid;

/// One search state; see the module documentation for the layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub cand: Vec<u32>,
    pub fixed: Vec<u32>,
    pub left: usize,
}

impl Board {
    /// The board of a puzzle: every empty cell starts with all digits, then each given is assigned.
    /// Cells left with one candidate go onto `queue`.
    pub fn from_grid(
        geo: &Geometry,
        grid: &Grid,
        queue: &mut Vec<u16>,
    ) -> Result<Board, Contradiction> {
        let mut board = Board {
            cand: vec![geo.full; geo.cells],
            fixed: vec![0; geo.cells],
            left: geo.cells,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u32 << (d - 1);
            // A given that an earlier given already excluded: the givens clash.
            if board.cand[cell] & bit == 0 {
                return Err(Contradiction::NoCandidate { cell });
            }
            board.assign(geo, cell, bit, queue)?;
        }
        Ok(board)
    }

    /// Places the digit `bit` (a one-bit mask) in the empty `cell` and removes it from the peers.
    #[inline]
    pub fn assign(
        &mut self,
        geo: &Geometry,
        cell: usize,
        bit: u32,
        queue: &mut Vec<u16>,
    ) -> Result<(), Contradiction> {
        debug_assert!(bit.is_power_of_two() && self.fixed[cell] == 0);
        self.fixed[cell] = bit;
        self.cand[cell] = 0;
        self.left -= 1;
        for &p in geo.peers(cell) {
            let p = p as usize;
            let c = self.cand[p];
            if c & bit != 0 {
                let c = c ^ bit;
                self.cand[p] = c;
                if c & c.wrapping_sub(1) == 0 {
                    if c == 0 {
                        return Err(Contradiction::NoCandidate { cell: p });
                    }
                    queue.push(p as u16);
                }
            }
        }
        Ok(())
    }

    /// Removes the candidates `mask` from `cell`; returns the candidates actually removed.
    #[inline]
    pub fn remove(
        &mut self,
        cell: usize,
        mask: u32,
        queue: &mut Vec<u16>,
    ) -> Result<u32, Contradiction> {
        let c = self.cand[cell];
        let gone = c & mask;
        if gone != 0 {
            let c = c ^ gone;
            self.cand[cell] = c;
            if c & c.wrapping_sub(1) == 0 {
                if c == 0 {
                    return Err(Contradiction::NoCandidate { cell });
                }
                queue.push(cell as u16);
            }
        }
        Ok(gone)
    }

    /// The digit in `cell` (0 when empty).
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        let f = self.fixed[cell];
        if f == 0 {
            0
        } else {
            f.trailing_zeros() as u8 + 1
        }
    }

    /// The cell values, row by row.
    pub fn values(&self) -> Vec<u8> {
        (0..self.fixed.len()).map(|c| self.value(c)).collect()
    }

    /// The grid of the current values.
    pub fn grid(&self, geo: &Geometry) -> Grid {
        let mut grid = Grid::empty(geo.shape);
        for cell in 0..geo.cells {
            grid.set(cell, self.value(cell));
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn assign_removes_the_digit_from_peers_and_queues_singles() {
        let shape = Shape::square(2).unwrap();
        let geo = Geometry::of(shape);
        let mut queue = Vec::new();
        let mut board =
            Board::from_grid(geo, &Grid::parse("12..............").unwrap(), &mut queue).unwrap();
        // r1c3 and r1c4 keep {3,4}; r2c1 and r2c2 (same box) keep {3,4} too.
        assert_eq!(board.cand[2], 0b1100);
        assert_eq!(board.cand[4], 0b1100);
        assert!(queue.is_empty());
        board.assign(geo, 2, 0b0100, &mut queue).unwrap();
        assert_eq!(board.value(2), 3);
        assert_eq!(board.cand[3], 0b1000);
        assert_eq!(queue, vec![3]);
        assert_eq!(board.left, 13);
    }

    #[test]
    fn emptying_a_cell_is_a_contradiction() {
        let shape = Shape::square(2).unwrap();
        let geo = Geometry::of(shape);
        let mut queue = Vec::new();
        let mut board =
            Board::from_grid(geo, &Grid::parse("123.............").unwrap(), &mut queue).unwrap();
        assert_eq!(queue, vec![3]);
        assert_eq!(
            board.remove(3, 0b1000, &mut queue),
            Err(Contradiction::NoCandidate { cell: 3 })
        );
        assert_eq!(board.remove(5, 0b0001, &mut queue), Ok(0));
    }

    #[test]
    fn clashing_givens_are_refused() {
        let shape = Shape::square(2).unwrap();
        let geo = Geometry::of(shape);
        let mut grid = Grid::empty(shape);
        grid.set(0, 1);
        grid.set(1, 1);
        assert!(Board::from_grid(geo, &grid, &mut Vec::new()).is_err());
    }
}
