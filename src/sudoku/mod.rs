//! The Sudoku domain: grid shapes, the one-line text format, validation and candidate bitmasks.
//!
//! A grid of side `n = r·c` has boxes of `r` rows by `c` columns. Cells are numbered row by row,
//! `0..n²`; a digit is `1..=n` and `0` marks an empty cell.

pub mod canon;
mod cells;
mod grid;
mod permutations;
mod shape;
mod solution;

pub use grid::{Grid, GridError, Unit};
pub use permutations::PERMS3;
pub use shape::Shape;
pub use solution::{check_solution, SolutionError};
