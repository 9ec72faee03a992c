//! The unit and peer tables of a grid shape, built once per shape and shared by every solver.
//!
//! Units are numbered `0..3n` for a side `n`: rows `0..n`, columns `n..2n`, boxes `2n..3n`. Each unit
//! lists its `n` cells in reading order; each cell lists its peers (the other cells of its row,
//! column and box, each once). Cells and units fit in `u16` (at most 625 cells), which keeps the tables
//! small enough to stay in the first-level cache for 9x9.

use std::sync::OnceLock;

use crate::sudoku::{Shape, Unit};

/// The largest side the candidate-mask solvers handle: candidates of a cell live in a `u32`, and the
/// project's solvers stop at 25x25 (boxes of 5x5).
pub(crate) const MAX_SIDE: usize = 25;

/// Unit and peer tables of one shape.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// The shape described.
    pub shape: Shape,
    /// Side `n`: digits, rows, columns, boxes.
    pub side: usize,
    /// `n²`.
    pub cells: usize,
    /// Mask of all digits: bit `d - 1` for digit `d`.
    pub full: u32,
    /// `3n` units of `n` cells each, flattened.
    units: Vec<u16>,
    /// Peers of each cell, `peer_count` per cell, flattened.
    peers: Vec<u16>,
    /// Peers per cell: `3n - box_rows - box_cols - 1`.
    peer_count: usize,
    /// Row, column and box of each cell.
    rcb: Vec<[u16; 3]>,
}

impl Geometry {
    fn build(shape: Shape) -> Geometry {
        let n = shape.side();
        let cells = shape.cells();
        let mut units = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            units.extend(shape.row_cells(r).map(|c| c as u16));
        }
        for c in 0..n {
            units.extend(shape.col_cells(c).map(|c| c as u16));
        }
        for b in 0..n {
            units.extend(shape.box_cells(b).map(|c| c as u16));
        }
        let rcb: Vec<[u16; 3]> = (0..cells)
            .map(|c| {
                [
                    shape.row(c) as u16,
                    shape.col(c) as u16,
                    shape.box_of(c) as u16,
                ]
            })
            .collect();
        let mut peers = Vec::new();
        let mut peer_count = 0;
        for cell in 0..cells {
            let start = peers.len();
            for other in 0..cells {
                let (a, b) = (rcb[cell], rcb[other]);
                if other != cell && (a[0] == b[0] || a[1] == b[1] || a[2] == b[2]) {
                    peers.push(other as u16);
                }
            }
            peer_count = peers.len() - start;
        }
        Geometry {
            shape,
            side: n,
            cells,
            full: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
            units,
            peers,
            peer_count,
            rcb,
        }
    }

    /// True when the tables exist for `shape` (side at most [`MAX_SIDE`]).
    pub fn supports(shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    /// The tables for `shape` (side at most [`MAX_SIDE`]), built on first use.
    pub fn of(shape: Shape) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; (MAX_SIDE + 1) * (MAX_SIDE + 1)] =
            [const { OnceLock::new() }; (MAX_SIDE + 1) * (MAX_SIDE + 1)];
        assert!(shape.side() <= MAX_SIDE, "side {} too large", shape.side());
        CACHE[shape.box_rows() * (MAX_SIDE + 1) + shape.box_cols()]
            .get_or_init(|| Geometry::build(shape))
    }

    /// Number of units (`3n`).
    #[inline]
    pub fn unit_count(&self) -> usize {
        3 * self.side
    }

    /// The cells of unit `u`.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    /// The peers of `cell`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// Row, column and box of `cell`.
    #[inline]
    pub fn rcb(&self, cell: usize) -> [u16; 3] {
        self.rcb[cell]
    }

    /// The [`Unit`] numbered `u` in this table's order.
    pub fn unit_name(&self, u: usize) -> Unit {
        let n = self.side;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Col(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_tables() {
        let g = Geometry::of(Shape::CLASSIC);
        assert_eq!(g.peers(0).len(), 20);
        assert_eq!(g.unit_count(), 27);
        assert_eq!(g.unit(18), &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(g.unit_name(10), Unit::Col(1));
        assert_eq!(g.rcb(80), [8, 8, 8]);
        assert_eq!(g.full, 0x1ff);
    }

    #[test]
    fn peer_counts_by_shape() {
        for (r, c, peers) in [(2, 2, 7), (2, 3, 12), (4, 4, 39), (5, 5, 64)] {
            let g = Geometry::of(Shape::new(r, c).unwrap());
            for cell in 0..g.cells {
                assert_eq!(g.peers(cell).len(), peers);
                assert!(!g.peers(cell).contains(&(cell as u16)));
            }
        }
    }
}
