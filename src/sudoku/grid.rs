//! [`Grid`]: a Sudoku puzzle or solution in the one-line format.

use std::fmt;

use super::cells::Cells;
use super::Shape;

/// A unit of the grid: a row, a column or a box, numbered from 1 in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Row `r` (0-based).
    Row(usize),
    /// Column `c` (0-based).
    Col(usize),
    /// Box `b` (0-based, row by row).
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Col(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Why a line is not a valid puzzle. Positions are 1-based character columns of the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The line's length is not a supported cell count.
    #[error("line has {len} cells; expected 16, 36, 81, 256, 625 or 1296")]
    Length {
        /// Number of characters found.
        len: usize,
    },
    /// The line has the wrong length for an explicitly requested shape.
    #[error("line has {len} cells; a {side}x{side} grid needs {expected}")]
    LengthForShape {
        /// Number of characters found.
        len: usize,
        /// Side of the requested grid.
        side: usize,
        /// Cells needed.
        expected: usize,
    },
    /// A character that is not a digit of this grid size nor an empty mark.
    #[error("bad character {ch:?} at column {col} (digits 1-{max}, '.' or '0' for empty)")]
    Char {
        /// 1-based position.
        col: usize,
        /// The character.
        ch: char,
        /// The largest digit character of this size.
        max: char,
    },
    /// The same given twice in a unit.
    #[error("digit {digit} given twice in {unit} (r{}c{} and r{}c{})", first.0 + 1, first.1 + 1, second.0 + 1, second.1 + 1)]
    Duplicate {
        /// The digit, as written.
        digit: char,
        /// The unit.
        unit: Unit,
        /// (row, column) of the first occurrence, 0-based.
        first: (usize, usize),
        /// (row, column) of the second occurrence, 0-based.
        second: (usize, usize),
    },
}

/// A grid: its shape and one byte per cell, `0` for empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Cells,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: Cells::zeros(shape.cells()),
        }
    }

    /// Parses one line (surrounding white space ignored), the shape taken from its length, and
    /// checks that no given repeats in a unit.
    pub fn parse(line: &str) -> Result<Grid, GridError> {
        // A 9x9 line of 81 bytes that are all digits or empty marks has no white space to trim
        // and no character wider than a byte: it is parsed without the passes below.
        if line.len() == Shape::CLASSIC.cells() {
            if let Some(grid) = Grid::classic_digits(line) {
                grid.check_givens()?;
                return Ok(grid);
            }
        }
        let line = line.trim();
        let len = char_count(line);
        let shape = Shape::from_cell_count(len).ok_or(GridError::Length { len })?;
        Grid::parse_cells(line, shape)
    }

    /// Parses one line for a given shape and checks that no given repeats in a unit.
    pub fn parse_with_shape(line: &str, shape: Shape) -> Result<Grid, GridError> {
        let line = line.trim();
        let len = char_count(line);
        if len != shape.cells() {
            return Err(GridError::LengthForShape {
                len,
                side: shape.side(),
                expected: shape.cells(),
            });
        }
        Grid::parse_cells(line, shape)
    }

    /// The 9x9 grid of an 81-byte `line` whose every byte is a digit `1`-`9`, `.` or `0`, else
    /// `None`; the givens are not checked.
    fn classic_digits(line: &str) -> Option<Grid> {
        let bytes = <&[u8; 81]>::try_from(line.as_bytes()).ok()?;
        // `1`-`9` is its value, `.` and `0` are 0; anything else is marked with a value above 9.
        // Arithmetic, not a table, so that the compiler vectorises it.
        let cells = bytes.map(|b| {
            let d = b.wrapping_sub(b'0');
            if b == b'.' {
                0
            } else {
                d
            }
        });
        if cells.iter().fold(false, |bad, &d| bad | (d > 9)) {
            return None;
        }
        Some(Grid {
            shape: Shape::CLASSIC,
            cells: Cells::classic(cells),
        })
    }

    /// [`Grid::parse_with_shape`] of a trimmed line of `shape.cells()` characters.
    fn parse_cells(line: &str, shape: Shape) -> Result<Grid, GridError> {
        // As many bytes as characters: every character is ASCII, as on every puzzle line.
        if line.len() == shape.cells() {
            // One table look-up per byte, and the exact error from the loop below only when some
            // byte is not a digit of this size (found by a fold, not a search, so that the test
            // is vectorised).
            let table = digit_table(shape);
            let cells: Vec<u8> = line.bytes().map(|b| table[b as usize]).collect();
            if !cells.iter().fold(false, |bad, &d| bad | (d == NOT_A_DIGIT)) {
                let grid = Grid {
                    shape,
                    cells: cells.into(),
                };
                grid.check_givens()?;
                return Ok(grid);
            }
        }
        let mut cells = Vec::with_capacity(shape.cells());
        for (k, ch) in line.chars().enumerate() {
            let d = shape.parse_char(ch).ok_or(GridError::Char {
                col: k + 1,
                ch,
                max: Shape::digit_char(shape.side() as u8),
            })?;
            cells.push(d);
        }
        let grid = Grid {
            shape,
            cells: cells.into(),
        };
        grid.check_givens()?;
        Ok(grid)
    }

    /// Builds a grid from cell values (`0` empty), checking ranges and repeated givens.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::LengthForShape {
                len: cells.len(),
                side: shape.side(),
                expected: shape.cells(),
            });
        }
        if let Some(k) = cells.iter().position(|&d| d as usize > shape.side()) {
            return Err(GridError::Char {
                col: k + 1,
                ch: Shape::digit_char(cells[k]),
                max: Shape::digit_char(shape.side() as u8),
            });
        }
        let grid = Grid {
            shape,
            cells: cells.into(),
        };
        grid.check_givens()?;
        Ok(grid)
    }

    /// Checks that no digit appears twice in a row, column or box; names the first clash found,
    /// looking at rows, then columns, then boxes.
    pub fn check_givens(&self) -> Result<(), GridError> {
        if self.givens_distinct() {
            Ok(())
        } else {
            self.find_duplicate()
        }
    }

    /// Whether no given repeats in a unit: one pass over the cells with a digit bitmask per unit
    /// (a side is at most [`Shape::MAX_SIDE`] = 61, so a `u64` holds a unit's digits), no
    /// allocation. This is the check every parsed corpus line goes through.
    fn givens_distinct(&self) -> bool {
        if self.shape == Shape::CLASSIC {
            return self.classic_givens_distinct();
        }
        // Unit indices are below 61, so masking them with 63 changes nothing and lets the compiler
        // drop the bounds checks.
        let shape = self.shape;
        let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
        let (mut cols, mut boxes) = ([0u64; 64], [0u64; 64]);
        let mut repeated = 0u64;
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            let band = (r / br) * br;
            let mut seen_in_row = 0u64;
            for (j, segment) in row.chunks_exact(bc).enumerate() {
                let b = (band + j) & 63;
                for (k, &d) in segment.iter().enumerate() {
                    let c = (j * bc + k) & 63;
                    // Digit 0 (empty) lands on bit 0, which is masked out.
                    let bit = (1u64 << (d & 63)) & !1;
                    repeated |= (seen_in_row | cols[c] | boxes[b]) & bit;
                    seen_in_row |= bit;
                    cols[c] |= bit;
                    boxes[b] |= bit;
                }
            }
        }
        repeated == 0
    }

    /// [`Grid::givens_distinct`] for 9x9, where a puzzle has few givens: a branch-free pass finds
    /// the filled cells ([`classic_filled`]), and only those are visited (about a fifth of the
    /// cells of a 17-clue puzzle). The 27 units' digit masks live in one array, and each cell's
    /// three units come from a table ([`CLASSIC_UNITS`]) rather than from divisions.
    fn classic_givens_distinct(&self) -> bool {
        let Ok(cells) = <&[u8; 81]>::try_from(&*self.cells) else {
            return false;
        };
        let filled = classic_filled(cells);
        // 32 masks, so that an index masked with 31 needs no bounds check; 27 are used.
        let mut units = [0u16; 32];
        let mut repeated = 0u16;
        for band in 0..3 {
            let mut f = (filled >> (27 * band)) as u32 & 0x7ff_ffff;
            while f != 0 {
                let cell = 27 * band + f.trailing_zeros() as usize;
                f &= f - 1;
                let Some(&[r, c, b]) = CLASSIC_UNITS.get(cell) else {
                    break;
                };
                let (r, c, b) = (r as usize & 31, c as usize & 31, b as usize & 31);
                let bit = 1u16 << (cells[cell] & 15);
                repeated |= (units[r] | units[c] | units[b]) & bit;
                units[r] |= bit;
                units[c] |= bit;
                units[b] |= bit;
            }
        }
        repeated == 0
    }

    /// The first repeated given, rows first, then columns, then boxes, each unit in cell order:
    /// the error [`Grid::check_givens`] reports once [`Grid::givens_distinct`] has found one.
    fn find_duplicate(&self) -> Result<(), GridError> {
        let shape = self.shape;
        let n = shape.side();
        for kind in 0..3 {
            for u in 0..n {
                let (unit, cells): (Unit, Vec<usize>) = match kind {
                    0 => (Unit::Row(u), shape.row_cells(u).collect()),
                    1 => (Unit::Col(u), shape.col_cells(u).collect()),
                    _ => (Unit::Box(u), shape.box_cells(u).collect()),
                };
                let mut seen = vec![usize::MAX; n + 1];
                for cell in cells {
                    let d = self.cells[cell] as usize;
                    if d == 0 {
                        continue;
                    }
                    if seen[d] != usize::MAX {
                        let rc = |c: usize| (shape.row(c), shape.col(c));
                        return Err(GridError::Duplicate {
                            digit: Shape::digit_char(d as u8),
                            unit,
                            first: rc(seen[d]),
                            second: rc(cell),
                        });
                    }
                    seen[d] = cell;
                }
            }
        }
        Ok(())
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row by row, `0` for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// One cell's value.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell without checking the rules (use [`Grid::check_givens`] afterwards if needed).
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit as usize <= self.shape.side(), "digit out of range");
        self.cells[cell] = digit;
    }

    /// Sets every cell from `cells` (row by row, `0` for empty) without checking the rules, as
    /// [`Grid::set`] does cell by cell: one copy, for solvers writing a whole solution.
    ///
    /// # Panics
    ///
    /// When `cells` is not one value per cell, or a value is above the side.
    pub fn fill(&mut self, cells: &[u8]) {
        assert_eq!(cells.len(), self.cells.len(), "one value per cell");
        let side = self.shape.side() as u8;
        // A fold, not a search, so that the test is vectorised.
        let over = cells.iter().fold(false, |over, &d| over | (d > side));
        assert!(!over, "digit out of range");
        self.cells.copy_from_slice(cells);
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The candidates of a cell as a bitmask (bit `d - 1` for digit `d`): the digits not yet used
    /// in its row, column and box. A filled cell has no candidates.
    pub fn candidates(&self, cell: usize) -> u64 {
        if self.cells[cell] != 0 {
            return 0;
        }
        let shape = self.shape;
        let full = if shape.side() == 64 {
            u64::MAX
        } else {
            (1u64 << shape.side()) - 1
        };
        let mut used = 0u64;
        let peers = shape
            .row_cells(shape.row(cell))
            .chain(shape.col_cells(shape.col(cell)))
            .chain(shape.box_cells(shape.box_of(cell)));
        for p in peers {
            let d = self.cells[p];
            if d != 0 {
                used |= 1 << (d - 1);
            }
        }
        full & !used
    }

    /// Writes the grid as one line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { Shape::digit_char(d) })
            .collect()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// Bit `k` set when cell `k` of a 9x9 grid is filled, eight cells at a time: a cell holds `0..=9`,
/// so adding 0x7f to its byte sets the byte's top bit exactly when it is not 0 (without a carry
/// into the next byte), and one multiplication gathers the eight top bits into one byte.
fn classic_filled(cells: &[u8; 81]) -> u128 {
    let mut filled = 0u128;
    for (w, word) in cells.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("chunks of 8"));
        let tops = x.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        // The top bit of byte i (bit 8i + 7) moves to bit 56 + i.
        let bits = (tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled |= u128::from(bits) << (8 * w);
    }
    filled | u128::from(cells[80] != 0) << 80
}

/// The three units of each cell of a 9x9 grid as indices into one array of 27: its row (0-8),
/// its column (9-17) and its box (18-26).
const CLASSIC_UNITS: [[u8; 3]; 81] = {
    let mut units = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        units[cell] = [r as u8, 9 + c as u8, 18 + (3 * (r / 3) + c / 3) as u8];
        cell += 1;
    }
    units
};

/// What [`digit_table`] gives a byte that is not a digit of the shape.
const NOT_A_DIGIT: u8 = u8::MAX;

/// For each byte, the digit it stands for in a grid of `shape` ([`Shape::parse_char`]), or
/// [`NOT_A_DIGIT`]. The tables are built once per side.
fn digit_table(shape: Shape) -> &'static [u8; 256] {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<[u8; 256]>; Shape::MAX_SIDE + 1] =
        [const { OnceLock::new() }; Shape::MAX_SIDE + 1];
    TABLES[shape.side().min(Shape::MAX_SIDE)].get_or_init(|| {
        let mut table = [NOT_A_DIGIT; 256];
        for (b, d) in table.iter_mut().enumerate().take(128) {
            if let Some(digit) = shape.parse_char(b as u8 as char) {
                *d = digit;
            }
        }
        table
    })
}

/// The number of characters of `line`: its length in bytes when it is ASCII, as every puzzle line
/// is (one cheap scan instead of decoding each character).
fn char_count(line: &str) -> usize {
    if line.is_ascii() {
        line.len()
    } else {
        line.chars().count()
    }
}

#[cfg(test)]
mod tests;
