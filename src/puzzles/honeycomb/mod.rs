//! Honeycomb Sudoku (sold as "Hanidoku"): 61 hexagonal cells, 27 lines of consecutive digits.
//!
//! # Geometry
//!
//! The board is a hexagon of side 5. Rows (top to bottom) hold 5, 6, 7, 8, 9, 8, 7, 6, 5 cells; the
//! one-line format lists the cells in this row order, left to right. We use *axial* hex
//! coordinates `(q, r)` with `r = row − 4 ∈ −4..=4` and `q` running left to right over
//! `max(−4, −4 − r) ..= min(4, 4 − r)`; the third cube coordinate is `s = −q − r`. A cell lies on
//! three lines:
//!
//! ```text
//! family 0  (rows):                 r constant      line id  0 + r + 4
//! family 1  (down-left diagonals):  q constant      line id  9 + q + 4
//! family 2  (down-right diagonals): s constant      line id 18 + s + 4
//! ```
//!
//! Each family has 9 lines, of lengths `9 − |value|` = 5, 6, 7, 8, 9, 8, 7, 6, 5, so there are 27
//! lines and every cell is on exactly one line of each family (tests check both facts against an
//! independent construction).
//!
//! # Rules
//!
//! Every cell holds a digit 1..=9; a line of length `L` holds `L` distinct digits that form a run
//! of consecutive values (`max − min = L − 1`). [`check_solution`] tests exactly this, from the
//! grid alone.
//!
//! # Solvers
//!
//! - [`xc`]: the exact-cover encoding solved by [`crate::xc::dlx::Dlx`] (proof of the encoding in
//!   its module doc), with seeded generation of complete grids and unique puzzles.
//! - [`seq`]: the method of Xiao, Yang and Huang (2014), "regional sequence enumeration".

pub mod census;
pub mod compare;
pub mod seq;
pub mod xc;

use std::fmt;
use std::sync::OnceLock;

/// Number of cells.
pub const CELLS: usize = 61;
/// Number of lines.
pub const LINES: usize = 27;
/// Cells per row, top to bottom.
pub const ROW_LENGTHS: [usize; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

/// The board's lines and the lines through each cell, computed once.
#[derive(Debug)]
pub struct Geometry {
    /// `lines[l]`: the cells of line `l`, in increasing cell order.
    pub lines: Vec<Vec<usize>>,
    /// `cell_lines[c]`: the three lines through cell `c` (families 0, 1, 2).
    pub cell_lines: [[usize; 3]; CELLS],
    /// `axial[c]`: `(q, r)` of cell `c`.
    pub axial: [(i32, i32); CELLS],
}

/// The board geometry (see the module doc).
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        let mut axial = [(0, 0); CELLS];
        let mut cell = 0;
        for r in -4i32..=4 {
            for q in (-4).max(-4 - r)..=4.min(4 - r) {
                axial[cell] = (q, r);
                cell += 1;
            }
        }
        debug_assert_eq!(cell, CELLS);
        let mut lines = vec![Vec::new(); LINES];
        let mut cell_lines = [[0; 3]; CELLS];
        for (c, &(q, r)) in axial.iter().enumerate() {
            let s = -q - r;
            let ids = [
                (r + 4) as usize,
                9 + (q + 4) as usize,
                18 + (s + 4) as usize,
            ];
            for &l in &ids {
                lines[l].push(c);
            }
            cell_lines[c] = ids;
        }
        Geometry {
            lines,
            cell_lines,
            axial,
        }
    })
}

/// Row and position (both 0-based) of a cell, for messages.
pub fn row_pos(cell: usize) -> (usize, usize) {
    let mut start = 0;
    for (row, &len) in ROW_LENGTHS.iter().enumerate() {
        if cell < start + len {
            return (row, cell - start);
        }
        start += len;
    }
    (ROW_LENGTHS.len(), cell - start)
}

/// A line described for messages: "row 3", "q-line 2", "s-line 7" (1-based within the family, in
/// order of the constant coordinate `r`, `q` or `s`).
pub fn line_name(line: usize) -> String {
    let kind = ["row", "q-line", "s-line"][line / 9];
    format!("{kind} {}", line % 9 + 1)
}

/// Why a line is not a honeycomb puzzle. Columns are 1-based character positions.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HoneycombError {
    /// Not 61 cells.
    #[error("line has {len} cells; a honeycomb puzzle has 61")]
    Length {
        /// Characters found.
        len: usize,
    },
    /// A character that is neither a digit 1-9 nor `.`/`0`.
    #[error("bad character {ch:?} at column {col} (digits 1-9, '.' or '0' for empty)")]
    Char {
        /// 1-based position.
        col: usize,
        /// The character.
        ch: char,
    },
}

/// Why a filled grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A cell left empty.
    #[error("cell {} (row {}, position {}) is empty", .0 + 1, row_pos(*.0).0 + 1, row_pos(*.0).1 + 1)]
    Empty(usize),
    /// A given changed.
    #[error("given at cell {} changed", .0 + 1)]
    GivenChanged(usize),
    /// A digit twice in a line.
    #[error("digit {digit} twice in {}", line_name(*.line))]
    Repeated {
        /// The line.
        line: usize,
        /// The digit.
        digit: u8,
    },
    /// A line whose digits are not consecutive.
    #[error("{} holds digits {min}..{max}, not a run of {len}", line_name(*.line))]
    NotConsecutive {
        /// The line.
        line: usize,
        /// Smallest digit.
        min: u8,
        /// Largest digit.
        max: u8,
        /// Length of the line.
        len: usize,
    },
}

/// A honeycomb puzzle or solution: one digit per cell, `0` for empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HoneyGrid {
    cells: [u8; CELLS],
}

impl HoneyGrid {
    /// The empty board.
    pub fn empty() -> Self {
        HoneyGrid { cells: [0; CELLS] }
    }

    /// Parses 61 characters in row order (surrounding white space ignored).
    pub fn parse(line: &str) -> Result<Self, HoneycombError> {
        let line = line.trim();
        let len = line.chars().count();
        if len != CELLS {
            return Err(HoneycombError::Length { len });
        }
        let mut cells = [0u8; CELLS];
        for (k, ch) in line.chars().enumerate() {
            cells[k] = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => return Err(HoneycombError::Char { col: k + 1, ch }),
            };
        }
        Ok(HoneyGrid { cells })
    }

    /// The cells, `0` for empty.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// Sets a cell (`0` clears it). Digits above 9 are a caller bug.
    pub fn set(&mut self, cell: usize, digit: u8) {
        debug_assert!(digit <= 9);
        self.cells[cell] = digit;
    }

    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The one-line form, `.` for empty.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }

    /// The grid drawn as a hexagon, one row per line, for people.
    pub fn to_picture(&self) -> String {
        let mut out = String::new();
        let mut cell = 0;
        for &len in &ROW_LENGTHS {
            out.push_str(&" ".repeat(9 - len));
            for k in 0..len {
                if k > 0 {
                    out.push(' ');
                }
                let d = self.cells[cell];
                out.push(if d == 0 { '.' } else { (b'0' + d) as char });
                cell += 1;
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for HoneyGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for HoneyGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HoneyGrid({})", self.to_line())
    }
}

/// Checks `solution` against the rules and against `puzzle`: every cell filled, givens kept, each
/// line a set of distinct consecutive digits.
pub fn check_solution(puzzle: &HoneyGrid, solution: &HoneyGrid) -> Result<(), RuleError> {
    for c in 0..CELLS {
        if solution.cells[c] == 0 {
            return Err(RuleError::Empty(c));
        }
        if puzzle.cells[c] != 0 && puzzle.cells[c] != solution.cells[c] {
            return Err(RuleError::GivenChanged(c));
        }
    }
    for (l, cells) in geometry().lines.iter().enumerate() {
        let mut seen = 0u16;
        for &c in cells {
            let d = solution.cells[c];
            if seen & (1 << d) != 0 {
                return Err(RuleError::Repeated { line: l, digit: d });
            }
            seen |= 1 << d;
        }
        let min = seen.trailing_zeros() as u8;
        let max = 15 - seen.leading_zeros() as u8;
        if (max - min) as usize != cells.len() - 1 {
            return Err(RuleError::NotConsecutive {
                line: l,
                min,
                max,
                len: cells.len(),
            });
        }
    }
    Ok(())
}

/// What a honeycomb solve established, with the same status and counters as the Sudoku solvers
/// ([`crate::solvers::Status`], [`crate::solvers::Stats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoneyOutcome {
    /// Unique, multiple, none or limit.
    pub status: crate::solvers::Status,
    /// Solutions counted (up to the limit).
    pub solutions: u64,
    /// The first solution found.
    pub solution: Option<HoneyGrid>,
    /// Nodes, guesses, time.
    pub stats: crate::solvers::Stats,
}

impl HoneyOutcome {
    /// Checks the solution, when there is one, against the rules and the puzzle's givens
    /// ([`check_solution`]): what `dlxlab honeycomb solve` does before printing it.
    pub fn check(&self, puzzle: &HoneyGrid) -> Result<(), RuleError> {
        match &self.solution {
            Some(s) => check_solution(puzzle, s),
            None => Ok(()),
        }
    }
}
