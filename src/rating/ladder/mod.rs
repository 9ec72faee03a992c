//! The inference ladder: the weakest propagation that solves a puzzle with no guess, after the
//! levels tdoku's benchmark reports (t-dillon/tdoku; definitions and measurements in
//! docs/ladder.md).
//!
//! | level | rung                | what propagation adds                                        |
//! |------:|---------------------|--------------------------------------------------------------|
//! | 0     | `naked-singles`     | a cell with one candidate gets it; a placed digit leaves its units |
//! | 1     | `hidden-singles`    | a digit with one place left in a unit goes there              |
//! | 2     | `locked-rows`       | locked candidates where rows cross boxes (pointing along rows, claiming from rows) |
//! | 3     | `locked-candidates` | the same where columns cross boxes                            |
//! | 4     | `triads`            | a triad (a row's or column's three cells in a box) holds exactly three digits |
//! | 5     | `scc`               | literals refuted by the binary implication graph (its strongly connected components) |
//!
//! Each rung is unit propagation over a propositional model (see `model.rs`): cell variables, the
//! triad variables of tdoku's write-up, and cardinality constraints tagged with the rung that adds
//! them. Rung 5 alternates propagation with a pass over the implication graph (`implication.rs`)
//! until neither finds anything. Every rung keeps the constraints of the rungs below, so what a
//! rung decides a higher one decides too: the ladder is monotone.

mod implication;
mod model;
mod propagate;
mod rung;
pub mod table;

pub use rung::Rung;

use crate::solvers::fast::Fast;
use crate::solvers::{SolveLimits, Solver, Status};
use crate::sudoku::{Grid, Shape};

use implication::Refuted;
use propagate::{Conflict, Propagator, Rules};

/// What the propagation of one rung made of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Every cell decided, with no guess: the grid it filled.
    Solved(Grid),
    /// Propagation stopped with cells open; the grid holds the cells it decided.
    Stuck(Grid),
    /// Propagation proved that the puzzle has no solution.
    Contradiction,
}

/// Why a puzzle has no place on the ladder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    /// The ladder's model is the 9x9 grid's.
    #[error("the inference ladder is defined for 9x9 Sudoku only, not {0}x{0}")]
    Shape(usize),
    /// Two givens clash, or the search proved there is no solution.
    #[error("no solution")]
    NoSolution,
    /// The puzzle has at least two solutions, so no propagation decides every cell.
    #[error("multiple solutions")]
    Multiple,
}

/// Runs the propagation of `rung` from the givens of `grid`.
pub fn probe(grid: &Grid, rung: Rung) -> Result<Probe, LadderError> {
    run(grid, Rules::Rung(rung))
}

/// Runs the propagation of the band solvers that tdoku's table files under locked candidates
/// along rows (`shr`: jczsolve, rust_sudoku): naked singles, hidden singles in rows and boxes
/// but not columns, locked candidates where rows cross boxes, and a digit confined to one column
/// of a box leaving the rest of that column — no hidden single and no claiming along columns.
/// Not a rung: it lacks part of rung 1, so it is reported beside the ladder (docs/ladder.md).
pub fn probe_band_solvers(grid: &Grid) -> Result<Probe, LadderError> {
    run(grid, Rules::BandSolvers)
}

fn run(grid: &Grid, rules: Rules) -> Result<Probe, LadderError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(LadderError::Shape(grid.shape().side()));
    }
    let mut p = Propagator::new(rules);
    let run = |p: &mut Propagator| -> Result<(), Conflict> {
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                p.assert(model::cell_lit(cell, digit as usize - 1))?;
            }
        }
        p.propagate()?;
        if rules != Rules::Rung(Rung::Scc) {
            return Ok(());
        }
        while !p.cells_decided() {
            match implication::refute(p) {
                Refuted::Contradiction => return Err(Conflict),
                Refuted::Literals(lits) if lits.is_empty() => break,
                Refuted::Literals(lits) => {
                    for lit in lits {
                        p.assert(lit ^ 1)?;
                    }
                    p.propagate()?;
                }
            }
        }
        Ok(())
    };
    if run(&mut p).is_err() {
        return Ok(Probe::Contradiction);
    }
    let filled = Grid::from_cells(Shape::CLASSIC, p.cells()).expect("81 digits of 0..=9");
    Ok(if p.cells_decided() {
        Probe::Solved(filled)
    } else {
        Probe::Stuck(filled)
    })
}

/// A puzzle's place on the ladder: the weakest rung that solves it with no guess, or `None` when
/// even [`Rung::Scc`] leaves cells open. Puzzles without exactly one solution (the `fast` solver
/// counts up to two) are refused.
pub fn inference_level(grid: &Grid) -> Result<Option<Rung>, LadderError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(LadderError::Shape(grid.shape().side()));
    }
    if grid.check_givens().is_err() {
        return Err(LadderError::NoSolution);
    }
    match Fast.solve(grid, &SolveLimits::default()).status {
        Status::Unique => {}
        Status::Multiple => return Err(LadderError::Multiple),
        _ => return Err(LadderError::NoSolution),
    }
    for rung in Rung::ALL {
        if let Probe::Solved(_) = probe(grid, rung)? {
            return Ok(Some(rung));
        }
    }
    Ok(None)
}

/// The text of an `inference_level` column: the level number, `none` beyond the top rung.
pub fn level_text(level: Option<Rung>) -> String {
    level.map_or_else(|| "none".to_string(), |r| r.level().to_string())
}

#[cfg(test)]
mod tests;
