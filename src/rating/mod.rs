//! Difficulty ratings: the decision-tree index of minimum-candidate search and the Sudoku Explainer
//! technique rating.

pub mod decision_tree;
pub mod resumable;
pub mod table;
pub mod technique;
