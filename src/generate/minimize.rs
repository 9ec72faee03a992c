//! Minimising a puzzle: removing givens while the solution stays unique.

use rand::seq::SliceRandom;
use rand::Rng;

use super::spec::is_unique;
use crate::sudoku::Grid;

/// Why a puzzle cannot be minimised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MinimizeError {
    /// The puzzle does not have exactly one solution, so there is nothing to keep unique.
    #[error("the puzzle does not have a unique solution")]
    NotUnique,
}

/// Removes givens of the unique puzzle `puzzle`, visiting them in row-major order (or in an order
/// shuffled by `rng`), each removal kept when the solution stays unique. The result is minimal: a
/// given kept was needed when visited, and removing others later only adds solutions to any
/// puzzle without it.
pub fn minimize<R: Rng>(puzzle: &Grid, rng: Option<&mut R>) -> Result<Grid, MinimizeError> {
    if !is_unique(puzzle) {
        return Err(MinimizeError::NotUnique);
    }
    let mut order: Vec<usize> = (0..puzzle.shape().cells())
        .filter(|&c| puzzle.get(c) != 0)
        .collect();
    if let Some(rng) = rng {
        order.shuffle(rng);
    }
    let mut out = puzzle.clone();
    for cell in order {
        let d = out.get(cell);
        out.set(cell, 0);
        if !is_unique(&out) {
            out.set(cell, d);
        }
    }
    Ok(out)
}
