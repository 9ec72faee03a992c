//! The Sudoku Explainer technique rating (being written: see issue 5).
