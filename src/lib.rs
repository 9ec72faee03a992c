//! # dlxlab — a research engine for exact cover
//!
//! Puzzles are encoded as exact-cover matrices ([`xc::Problem`]) and solved with Knuth's
//! Algorithm X over dancing links ([`xc::dlx`]). Beside DLX, [`solvers`] holds the
//! candidate-propagation backtracking solvers that the literature compares it with, all behind one
//! [`solvers::Solver`] trait so that node and guess counts mean the same thing for every one of them.
//!
//! The library never prints; the `dlxlab` binary is a thin shell over it.
#![warn(missing_docs)]

pub mod budget;
pub mod corpus;
pub mod generate;
pub mod grids;
pub mod harness;
pub mod logic;
pub mod puzzles;
pub mod rating;
pub mod report;
pub mod solvers;
pub mod sudoku;
pub mod xc;
