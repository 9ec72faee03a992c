//! Encoders from puzzles to [`crate::xc::Problem`] and decoders back (being written: see issue 2).

pub mod sudoku;
