//! Encoders from puzzles to [`crate::xc::Problem`] and decoders back to the puzzle's own terms.
//!
//! - [`queens`]: N queens (rows and columns primary, diagonals secondary — Knuth's encoding).
//! - [`polyomino`]: tiling a rectangle with a set of polyominoes (the 12 pentominoes by default),
//!   with optional symmetry breaking.
//! - [`board`]: boards (rectangles with holes) filled with copies of polyominoes: domino tilings.
//! - [`langford`]: Langford pairs.
//! - [`sudoku`]: Sudoku with boxes of r x c cells.
//! - [`variants`]: X, windoku, jigsaw and killer Sudoku (and classic of any box shape).
//! - [`honeycomb`]: honeycomb Sudoku (Hanidoku), with a second, non-exact-cover solver.
//!
//! Each encoder fixes its item and option order in its documentation, because node counts depend
//! on it and are compared with Knuth's programs on the same input.

pub mod board;
pub mod honeycomb;
pub mod langford;
pub mod latin;
pub mod polyomino;
pub mod queens;
pub mod sudoku;
pub mod variants;

use crate::xc::OptionId;

/// Why a list of options is not a solution of an encoded puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// An option id outside the problem.
    #[error("option {} does not belong to this problem", .0 .0 + 1)]
    UnknownOption(OptionId),
    /// The options do not form a solution; the message says why.
    #[error("not a solution: {0}")]
    NotASolution(String),
}
