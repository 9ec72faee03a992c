//! The second route: the same numbers through the project's exact-cover engines, which share no
//! code with the band decomposition ([`super::fill`]) or the band classes ([`super::classes`]).
//!
//! * **Totals** of small shapes (side at most 6): the empty grid's exact cover
//!   ([`crate::puzzles::sudoku::encode`]) counted by the memo engine (DLX6 with a ZDD).
//! * **Band completions**: the puzzle whose top band is a class's first band
//!   ([`crate::puzzles::sudoku::encode_puzzle`]), counted by the memo engine; it must equal the
//!   class's completions times `M2`, for every symmetry class of the small shapes.
//! * **Sampled bottom bands** of the larger shapes, whose band completions the memo engine does
//!   not finish: for `samples` classes spread evenly over the table, dancing links enumerates
//!   completions of the class's band and keeps the middle band of every 20,000th (up to 20 of
//!   them); the memo engine counts the grids with both bands given, which must equal the band
//!   decomposition's `count` of what the columns still need (for 3x3 `r(R∖T)`, the factor that the
//!   completions sum).

use crate::puzzles::sudoku::{decode_puzzle, encode, encode_puzzle};
use crate::sudoku::{Grid, Shape};
use crate::xc::dlx::Dlx;
use crate::xc::engine::Engine;
use crate::xc::memo::{self, MemoConfig};
use crate::xc::{Control, Limits, Problem};

use super::band::Geometry;
use super::fill::Filler;
use super::{GridCount, GridsError};

/// Every this many completions of a band, one middle band is checked.
const SAMPLE_STRIDE: u64 = 20_000;

/// Middle bands checked per band class.
const SAMPLES: usize = 20;

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
    if shape.side() > TOTAL_SIDE {
        let n = result.classes.len();
        let k = samples.min(n);
        let mut bands = 0;
        for i in (0..k).map(|i| i * n / k) {
            let class = &result.classes[i];
            bands += check_lower_bands(shape, &class.cells, class.class)?;
        }
        checked.push(format!(
            "{bands} middle bands of {k} of {n} band classes: grids below them (memo engine, two bands given)"
        ));
        return Ok(format!("agrees: {}", checked.join("; ")));
    }
    let picked: Vec<usize> = (0..result.classes.len()).collect();
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

/// Every `SAMPLE_STRIDE`th completion of the top band `cells` (digits `0..N`; by dancing links,
/// up to `SAMPLES`): the grids with its first two bands given, by the memo engine, against the
/// band decomposition. Returns the number of middle bands checked; `label` names the band's class
/// in an error.
pub fn check_lower_bands(shape: Shape, cells: &[u8], label: usize) -> Result<usize, GridsError> {
    let geo = Geometry::of(shape);
    let filler = Filler::new(geo).ok_or(GridsError::TooLarge { r: geo.r, c: geo.c })?;
    let mut grid = Grid::empty(shape);
    for (cell, &d) in cells.iter().enumerate() {
        grid.set(cell, d + 1);
    }
    let problem = encode_puzzle(&grid);
    let mut dlx = Dlx::new(&problem).map_err(|e| GridsError::Engine(e.to_string()))?;
    let mut seen = 0u64;
    let mut middles: Vec<Grid> = Vec::new();
    let mut failure = None;
    dlx.search_dyn(&Limits::NONE, &mut |options| {
        seen += 1;
        if seen % SAMPLE_STRIDE == 1 {
            match decode_puzzle(&grid, &problem, options) {
                Ok(full) => middles.push(full),
                Err(e) => failure = Some(e.to_string()),
            }
        }
        if middles.len() >= SAMPLES || failure.is_some() {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    if let Some(e) = failure {
        return Err(GridsError::Engine(e));
    }
    let n = shape.side();
    let top = geo.r * n;
    for full in &middles {
        let two = 2 * top;
        let mut given = Grid::empty(shape);
        for cell in 0..two {
            given.set(cell, full.get(cell));
        }
        let got = engine_count(&encode_puzzle(&given))?;
        // What each column still needs below the two bands, counted by the decomposition.
        let band: Vec<u8> = (0..two).map(|cell| full.get(cell) - 1).collect();
        let need: Vec<u64> = (0..n)
            .map(|col| {
                let have = (0..2 * geo.r).fold(0u64, |m, row| m | 1 << band[row * n + col]);
                ((1u64 << n) - 1) & !have
            })
            .collect();
        let want = filler
            .lower_bands(&need, geo.bands() - 2)
            .ok_or(GridsError::Overflow)?;
        if got != want.to_string() {
            return Err(GridsError::Inconsistent(format!(
                "band class {}, middle band {}: the memo engine counts {got} grids below, the band decomposition {want}",
                label,
                given.to_line()
            )));
        }
    }
    Ok(middles.len())
}

/// The exact number of solutions of `problem` by the memo engine, in decimal.
pub(crate) fn engine_count(problem: &Problem) -> Result<String, GridsError> {
    let run = memo::solve(problem, &MemoConfig::default(), &Limits::NONE)
        .map_err(|e| GridsError::Engine(e.to_string()))?;
    Ok(run.zdd.count().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grids::{count, Route};

    #[test]
    fn both_routes_agree_on_2x2_and_2x3() {
        for (r, c) in [(2, 2), (2, 3)] {
            let result = count(Shape::new(r, c).unwrap(), Route::Structure).unwrap();
            let report = cross_check(&result, 0).unwrap();
            assert!(report.starts_with("agrees: total"), "{report}");
        }
    }

    #[test]
    fn sampled_middle_bands_of_3x3_agree() {
        let geo = Geometry::of(Shape::CLASSIC);
        let band = geo.reduced_bands()[0].clone();
        assert_eq!(
            check_lower_bands(Shape::CLASSIC, &band, 1).unwrap(),
            SAMPLES
        );
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
