//! Filling a board — a rectangle, possibly with holes — with copies of polyominoes, each shape
//! used any number of times: domino tilings (12,988,816 of the 8x8 board), tromino and tetromino
//! fillings. (Tilings where each piece is used once are [`super::polyomino`]'s.)
//!
//! Items: the board's cells that are not holes, `r{row}c{col}`, row by row; all primary. Options
//! go cell by cell, row-major: for each cell, the placements whose first cell (in row-major order)
//! it is, shape by shape in the given order, and for each shape its orientations in
//! [`Piece::orientations`]'s order (for the domino: horizontal, then vertical). An option lists
//! its cells in row-major order. This order makes Algorithm X (and the memo engine) work through
//! the board from the top-left, which is what lets equal subproblems recur.

use std::collections::HashSet;

use super::polyomino::{pentominoes, Piece};
use crate::xc::{ItemId, Problem, XcError};

/// Why a board cannot be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A board with no rows or columns.
    #[error("the board must have at least one row and one column")]
    Empty,
    /// A hole outside the board.
    #[error("hole ({row},{col}) is outside the {rows}x{cols} board")]
    HoleOutside {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
    },
    /// A shape name not in [`shape`]'s catalogue.
    #[error("unknown shape `{0}` (known: {SHAPE_NAMES})")]
    UnknownShape(String),
    /// No shape given.
    #[error("give at least one shape")]
    NoShapes,
    /// Every cell is a hole.
    #[error("every cell of the board is a hole")]
    NoCells,
    /// The builder refused the problem.
    #[error(transparent)]
    Xc(#[from] XcError),
}

/// The names [`shape`] knows.
pub const SHAPE_NAMES: &str =
    "domino, I3, L3, I4, O4, T4, L4, S4, and the pentominoes F5 I5 L5 N5 P5 T5 U5 V5 W5 X5 Y5 Z5";

/// A free polyomino by name (module documentation's catalogue): `domino`, the trominoes `I3`
/// `L3`, the tetrominoes `I4 O4 T4 L4 S4`, the pentominoes by Conway's letter and `5`.
pub fn shape(name: &str) -> Option<Piece> {
    let picture = match name {
        "domino" => "##",
        "I3" => "###",
        "L3" => "##\n#",
        "I4" => "####",
        "O4" => "##\n##",
        "T4" => "###\n.#",
        "L4" => "###\n#",
        "S4" => ".##\n##",
        _ => {
            let letter = name.strip_suffix('5')?;
            return pentominoes().into_iter().find(|p| p.name == letter);
        }
    };
    Some(Piece::from_picture(name, picture))
}

/// An encoded board-filling problem.
#[derive(Clone, Debug)]
pub struct BoardFill {
    problem: Problem,
}

impl BoardFill {
    /// Encodes filling the `rows x cols` board less `holes` (`(row, col)`, 0-based) with copies
    /// of `shapes`.
    pub fn new(
        rows: usize,
        cols: usize,
        holes: &[(usize, usize)],
        shapes: &[Piece],
    ) -> Result<BoardFill, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty);
        }
        if shapes.is_empty() {
            return Err(BoardError::NoShapes);
        }
        let mut hole = vec![false; rows * cols];
        for &(row, col) in holes {
            if row >= rows || col >= cols {
                return Err(BoardError::HoleOutside {
                    row,
                    col,
                    rows,
                    cols,
                });
            }
            hole[row * cols + col] = true;
        }
        let mut b = Problem::builder();
        let mut item: Vec<Option<ItemId>> = vec![None; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                if !hole[r * cols + c] {
                    item[r * cols + c] = Some(b.primary(format!("r{r}c{c}"))?);
                }
            }
        }
        if item.iter().all(Option::is_none) {
            return Err(BoardError::NoCells);
        }
        let orientations: Vec<Vec<Vec<(i32, i32)>>> =
            shapes.iter().map(Piece::orientations).collect();
        let mut seen = HashSet::new();
        let mut items = Vec::new();
        for r in 0..rows as i32 {
            for c in 0..cols as i32 {
                for shape in &orientations {
                    for cells in shape {
                        // Orientations are sorted: the first cell is the row-major first.
                        let (r0, c0) = cells[0];
                        items.clear();
                        let fits = cells.iter().all(|&(dr, dc)| {
                            let (rr, cc) = (r + dr - r0, c + dc - c0);
                            let inside =
                                rr >= 0 && cc >= 0 && (rr as usize) < rows && (cc as usize) < cols;
                            match inside.then(|| item[rr as usize * cols + cc as usize]) {
                                Some(Some(id)) => {
                                    items.push(id);
                                    true
                                }
                                _ => false,
                            }
                        });
                        // Two shapes of the list may cover the same cells; one option is enough.
                        if fits && seen.insert(items.clone()) {
                            b.option(&items)?;
                        }
                    }
                }
            }
        }
        Ok(BoardFill {
            problem: b.build()?,
        })
    }

    /// Domino tilings of the `rows x cols` board less `holes`.
    pub fn dominoes(
        rows: usize,
        cols: usize,
        holes: &[(usize, usize)],
    ) -> Result<BoardFill, BoardError> {
        BoardFill::new(
            rows,
            cols,
            holes,
            &[shape("domino").expect("in the catalogue")],
        )
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_2x2_board_has_two_horizontal_and_two_vertical_dominoes_in_order() {
        let b = BoardFill::dominoes(2, 2, &[]).unwrap();
        let p = b.problem();
        let options: Vec<String> = p.option_ids().map(|o| p.option_to_string(o)).collect();
        assert_eq!(
            options,
            ["r0c0 r0c1", "r0c0 r1c0", "r0c1 r1c1", "r1c0 r1c1"]
        );
    }

    #[test]
    fn holes_remove_cells_and_the_options_through_them() {
        let b = BoardFill::dominoes(2, 2, &[(0, 0)]).unwrap();
        assert_eq!(b.problem().n_items(), 3);
        assert_eq!(b.problem().n_options(), 2);
        assert!(matches!(
            BoardFill::dominoes(2, 2, &[(2, 0)]),
            Err(BoardError::HoleOutside { .. })
        ));
    }

    #[test]
    fn every_catalogue_name_is_a_shape_of_its_size() {
        for (name, size) in [("domino", 2), ("L3", 3), ("S4", 4), ("X5", 5)] {
            assert_eq!(shape(name).unwrap().cells.len(), size);
        }
        assert!(shape("Q7").is_none());
    }
}
