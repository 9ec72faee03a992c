//! Grid shapes: the box dimensions and the units (rows, columns, boxes) they define.

/// The shape of a Sudoku grid: boxes of `box_rows` x `box_cols` cells, side `box_rows * box_cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The largest side the line format can write (digits `1`-`9`, `A`-`Z`, `a`-`z`).
    pub const MAX_SIDE: usize = 61;

    /// A shape with boxes of `box_rows` x `box_cols`; `None` when a dimension is 0 or the side exceeds
    /// [`Shape::MAX_SIDE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        if box_rows == 0 || box_cols == 0 || box_rows * box_cols > Self::MAX_SIDE {
            return None;
        }
        Some(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// Square boxes of `n` x `n` (side `n²`).
    pub fn square(n: usize) -> Option<Shape> {
        Shape::new(n, n)
    }

    /// The shape implied by a line of `cells` characters: square boxes when `cells` is a fourth power
    /// (16, 81, 256, 625, 1296), else 2x3 boxes for 36 cells; `None` otherwise.
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        match cells {
            36 => Shape::new(2, 3),
            _ => (2..=7)
                .find(|&n| n * n * n * n == cells)
                .and_then(Shape::square),
        }
    }

    /// Box height in cells.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Box width in cells.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Side of the grid: the number of digits, rows, columns and boxes.
    pub fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Row of a cell.
    pub fn row(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// Column of a cell.
    pub fn col(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// Box of a cell, numbered row by row.
    pub fn box_of(self, cell: usize) -> usize {
        let (r, c) = (self.row(cell), self.col(cell));
        (r / self.box_rows()) * self.box_rows() + c / self.box_cols()
    }

    /// The cells of row `r`.
    pub fn row_cells(self, r: usize) -> impl Iterator<Item = usize> {
        let n = self.side();
        (0..n).map(move |c| r * n + c)
    }

    /// The cells of column `c`.
    pub fn col_cells(self, c: usize) -> impl Iterator<Item = usize> {
        let n = self.side();
        (0..n).map(move |r| r * n + c)
    }

    /// The cells of box `b`.
    pub fn box_cells(self, b: usize) -> impl Iterator<Item = usize> {
        let (br, bc, n) = (self.box_rows(), self.box_cols(), self.side());
        let top = (b / br) * br;
        let left = (b % br) * bc;
        (0..n).map(move |k| (top + k / bc) * n + left + k % bc)
    }

    /// The character that writes digit `d` (`1..=side`).
    pub fn digit_char(d: u8) -> char {
        match d {
            1..=9 => (b'0' + d) as char,
            10..=35 => (b'A' + d - 10) as char,
            36..=61 => (b'a' + d - 36) as char,
            _ => '?',
        }
    }

    /// The digit a character stands for in a grid of this shape: `Some(0)` for an empty cell,
    /// `None` for a character that is not a digit of this size. Lower-case letters are accepted for
    /// upper-case ones when the side is at most 35.
    pub fn parse_char(self, ch: char) -> Option<u8> {
        let d = match ch {
            '.' | '0' => return Some(0),
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            'a'..='z' if self.side() <= 35 => ch as u8 - b'a' + 10,
            'a'..='z' => ch as u8 - b'a' + 36,
            _ => return None,
        };
        (d as usize <= self.side()).then_some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_partition_the_grid() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 3).unwrap(),
            Shape::square(4).unwrap(),
        ] {
            for u in 0..shape.side() {
                for cell in shape.box_cells(u) {
                    assert_eq!(shape.box_of(cell), u);
                }
                for cell in shape.row_cells(u) {
                    assert_eq!(shape.row(cell), u);
                }
                for cell in shape.col_cells(u) {
                    assert_eq!(shape.col(cell), u);
                }
            }
        }
    }

    #[test]
    fn sizes_from_line_length() {
        assert_eq!(Shape::from_cell_count(81), Some(Shape::CLASSIC));
        assert_eq!(Shape::from_cell_count(16), Shape::square(2));
        assert_eq!(Shape::from_cell_count(36), Shape::new(2, 3));
        assert_eq!(Shape::from_cell_count(625), Shape::square(5));
        assert_eq!(Shape::from_cell_count(80), None);
    }

    #[test]
    fn chars_round_trip() {
        let s = Shape::square(5).unwrap();
        for d in 1..=25u8 {
            assert_eq!(s.parse_char(Shape::digit_char(d)), Some(d));
        }
        assert_eq!(Shape::CLASSIC.parse_char('A'), None);
        assert_eq!(s.parse_char('g'), Some(16));
    }
}
