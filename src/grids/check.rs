//! The second route: the same numbers through the project's exact-cover engines, which share no
//! code with the band decomposition ([`super::fill`]) or the band classes ([`super::classes`]).
//!
//! * **Totals** of small shapes (side at most 6): the empty grid's exact cover
//!   ([`crate::puzzles::sudoku::encode`]) counted by the memo engine (DLX6 with a ZDD).
//! * **Band completions**: the puzzle whose top band is a class's first band
//!   ([`crate::puzzles::sudoku::encode_puzzle`]), counted by the memo engine; it must equal the
//!   class's completions times `M2`. For the small shapes every symmetry class is checked, for the
//!   others `samples` classes spread evenly over the table.

use crate::puzzles::sudoku::{encode, encode_puzzle};
use crate::sudoku::Grid;
use crate::xc::memo::{self, MemoConfig};
use crate::xc::{Limits, Problem};

use super::{GridCount, GridsError};

/// The largest side whose whole grid count the engine is asked for.
const TOTAL_SIDE: usize = 6;

/// Counts `result`'s numbers again through the memo engine and returns a one-line account of what
/// was checked; any disagreement is an error.
pub fn cross_check(result: &GridCount, samples: usize) -> Result<String, GridsError> {
    let shape = result.shape;
    let mut checked = Vec::new();
    if shape.side() <= TOTAL_SIDE {
        let total = engine_count(encode(shape).problem())?;
        if total != result.total.to_string() {
            return Err(GridsError::Inconsistent(format!(
                "the memo engine counts {total} grids, the band classes {}",
                result.total
            )));
        }
        checked.push(format!("total {total} (memo engine, empty grid)"));
    }
    let picked: Vec<usize> = if shape.side() <= TOTAL_SIDE {
        (0..result.classes.len()).collect()
    } else {
        let n = result.classes.len();
        let k = samples.min(n);
        (0..k).map(|i| i * n / k).collect()
    };
    for &i in &picked {
        let class = &result.classes[i];
        let mut grid = Grid::empty(shape);
        for (cell, &d) in class.cells.iter().enumerate() {
            grid.set(cell, d + 1);
        }
        let want = (class.completions * result.m2).to_string();
        let got = engine_count(&encode_puzzle(&grid))?;
        if got != want {
            return Err(GridsError::Inconsistent(format!(
                "band class {}: the memo engine counts {got} completions, the band decomposition {want}",
                class.class
            )));
        }
    }
    checked.push(format!(
        "completions of {} of {} band classes (memo engine, top band given)",
        picked.len(),
        result.classes.len()
    ));
    Ok(format!("agrees: {}", checked.join("; ")))
}

/// The exact number of solutions of `problem` by the memo engine, in decimal.
fn engine_count(problem: &Problem) -> Result<String, GridsError> {
    let run = memo::solve(problem, &MemoConfig::default(), &Limits::NONE)
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    Ok(run.zdd.count().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grids::{count, Route};
    use crate::sudoku::Shape;

    #[test]
    fn both_routes_agree_on_2x2_and_2x3() {
        for (r, c) in [(2, 2), (2, 3)] {
            let result = count(Shape::new(r, c).unwrap(), Route::Structure).unwrap();
            let report = cross_check(&result, 0).unwrap();
            assert!(report.starts_with("agrees: total"), "{report}");
        }
    }

    #[test]
    fn a_wrong_class_count_is_caught() {
        let mut result = count(Shape::new(2, 2).unwrap(), Route::Structure).unwrap();
        result.classes[0].completions += 1;
        assert!(matches!(
            cross_check(&result, 0),
            Err(GridsError::Inconsistent(_))
        ));
    }
}
