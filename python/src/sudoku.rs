//! Sudoku: `solve`, `solvers`, `explain`, `generate`, `canon`.

use std::sync::atomic::AtomicBool;

use dlxlab::generate::spec::{self, Band, Spec};
use dlxlab::generate::symmetry::Symmetry;
use dlxlab::logic::{self, PathOptions};
use dlxlab::rating::technique;
use dlxlab::solvers::{all_solvers, counting_solvers, SolveLimits};
use dlxlab::sudoku::canon::canonical;
use dlxlab::sudoku::{Grid, Shape};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::study::{row_dict, rows_of_lines};
use super::{interruptible, pool, value_error};

/// A puzzle line parsed as a grid, or ValueError with the reason.
fn grid(puzzle: &str) -> PyResult<Grid> {
    let grid = Grid::parse(puzzle).map_err(|e| value_error(format!("{puzzle:?}: {e}")))?;
    grid.check_givens()
        .map_err(|e| value_error(format!("{puzzle:?}: {e}")))?;
    Ok(grid)
}

/// Solves one Sudoku puzzle with one solver, as `dlxlab solve` does.
///
/// - puzzle: 81 characters (or 16, 36, 256, ... for other sizes), digits or letters for givens,
///   `.` or `0` for empty cells.
/// - solver: a name from solvers() ("fast", "dlx", "dc", "mrv", ...).
/// - max_solutions: stop counting there (2 proves uniqueness; 0 counts all).
///
/// Returns the puzzle's row of runs.csv as a dict: line (1), puzzle, clues, solver, status
/// ("unique", "multiple", "none" or "limit"), solutions, nodes, guesses, time_ns (the solve
/// call alone), solution (the first solution found, verified; "" if none) and error.
/// Raises ValueError for a line that is not a puzzle (clashing givens included) or an unknown
/// solver.
#[pyfunction]
#[pyo3(signature = (puzzle, solver = "fast", max_solutions = 2))]
fn solve<'py>(
    py: Python<'py>,
    puzzle: &str,
    solver: &str,
    max_solutions: u64,
) -> PyResult<Bound<'py, PyDict>> {
    grid(puzzle)?;
    let limits = SolveLimits {
        max_solutions,
        ..SolveLimits::default()
    };
    let rows = rows_of_lines(
        py,
        vec![puzzle.to_string()],
        &[solver.to_string()],
        limits,
        Some(1),
    )?;
    let row = rows.into_iter().next().expect("one puzzle gives one row");
    row_dict(py, &row)
}

/// The Sudoku solvers, as `dlxlab solvers` lists them: one dict per solver with name,
/// representation, propagation, heuristic, sizes (the grid sides it supports, e.g. [4, 6, 9])
/// and counting (True for a solver meant for counting all solutions, not in the default study).
#[pyfunction]
fn solvers(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let shapes: Vec<Shape> = [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6)]
        .into_iter()
        .filter_map(|(r, c)| Shape::new(r, c))
        .collect();
    let counting: Vec<&str> = counting_solvers().iter().map(|s| s.name()).collect();
    all_solvers()
        .into_iter()
        .chain(counting_solvers())
        .map(|s| {
            let d = s.descriptor();
            let dict = PyDict::new(py);
            dict.set_item("name", s.name())?;
            dict.set_item("representation", d.representation)?;
            dict.set_item("propagation", d.propagation)?;
            dict.set_item("heuristic", d.heuristic)?;
            let sizes: Vec<usize> = shapes
                .iter()
                .filter(|&&sh| s.supports(sh))
                .map(|sh| sh.side())
                .collect();
            dict.set_item("sizes", sizes)?;
            dict.set_item("counting", counting.contains(&s.name()))?;
            Ok(dict)
        })
        .collect()
}

/// The steps by which Sudoku Explainer's techniques solve a 9x9 puzzle, as `dlxlab explain`
/// shows them: one dict per step with step (1-based), rating (the step's SE score), technique,
/// placement ("r1c2=5" or None), eliminations (["r1c2<>5", ...]) and description (the whole
/// step in words).
///
/// When the techniques run out before the grid is full, the steps end there (rate() says
/// "beyond"). Raises ValueError for a line that is not a 9x9 puzzle, or one with no solution or
/// several (SE rates unique puzzles only).
#[pyfunction]
#[pyo3(signature = (puzzle, max_seconds = None))]
fn explain<'py>(
    py: Python<'py>,
    puzzle: &str,
    max_seconds: Option<f64>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let g = grid(puzzle)?;
    let max_time = super::study::seconds(max_seconds)?;
    let path = interruptible(py, |_: &AtomicBool| {
        technique::check_unique(&g)?;
        logic::solve_path_with(&g, max_time, PathOptions::default())
    })?
    .map_err(value_error)?;
    path.steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let d = PyDict::new(py);
            d.set_item("step", i + 1)?;
            d.set_item("rating", f64::from(step.score_tenths) / 10.0)?;
            d.set_item("technique", step.technique.name())?;
            d.set_item(
                "placement",
                step.placement
                    .map(|(c, v)| format!("r{}c{}={v}", c / 9 + 1, c % 9 + 1)),
            )?;
            let elims: Vec<String> = step
                .eliminations
                .iter()
                .map(|&(c, v)| format!("r{}c{}<>{v}", c / 9 + 1, c % 9 + 1))
                .collect();
            d.set_item("eliminations", elims)?;
            d.set_item("description", step.describe())?;
            Ok(d)
        })
        .collect()
}

/// Generates unique 9x9 puzzles, as `dlxlab generate` does: the same seed gives the same
/// puzzles whatever the thread count.
///
/// - count: how many; seed: the master seed (puzzle i uses a stream derived from (seed, i)).
/// - symmetry: "none", "rot180", "diagonal", "mirror" or "rot90".
/// - minimal: only puzzles from which no given can be removed.
/// - clues: exact number of givens.
/// - rating: (lo, hi), an SE technique-rating band, inclusive.
/// - max_attempts: attempts per puzzle before giving up (ValueError then).
/// - threads: worker threads (None: one per core).
///
/// Returns the puzzles as 81-character lines.
#[pyfunction]
#[pyo3(signature = (count = 1, seed = 1, symmetry = "none", minimal = false, clues = None, rating = None, max_attempts = 10_000, threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: u64,
    seed: u64,
    symmetry: &str,
    minimal: bool,
    clues: Option<usize>,
    rating: Option<(f64, f64)>,
    max_attempts: u64,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let symmetry: Symmetry = symmetry.parse().map_err(value_error)?;
    let rating_tenths = rating
        .map(|(lo, hi)| {
            let ok = |x: f64| (0.0..=20.0).contains(&x);
            if !(ok(lo) && ok(hi) && lo <= hi) {
                return Err(value_error(format!(
                    "rating band ({lo}, {hi}) is not 0 <= lo <= hi <= 20"
                )));
            }
            Ok(Band {
                lo: (lo * 10.0).round() as u16,
                hi: (hi * 10.0).round() as u16,
            })
        })
        .transpose()?;
    let spec = Spec {
        symmetry,
        minimal,
        clues,
        rating_tenths,
        max_attempts,
        ..Spec::new(Shape::CLASSIC)
    };
    spec::validate(&spec).map_err(value_error)?;
    let pool = pool(threads)?;
    let results = interruptible(py, |_: &AtomicBool| {
        pool.install(|| spec::generate_many(&spec, seed, count))
    })?;
    results
        .into_iter()
        .map(|r| r.map(|g| g.puzzle.to_line()).map_err(value_error))
        .collect()
}

/// The canonical form of a 9x9 puzzle (`dlxlab canon`): the least of its 3,359,232
/// equivalents under the Sudoku symmetries and relabelling, so that two puzzles are equivalent
/// exactly when their canonical forms are equal. Takes one puzzle (returns a string) or a list
/// (returns a list). Raises ValueError for a line that is not a 9x9 puzzle.
#[pyfunction]
fn canon(py: Python<'_>, puzzles: Bound<'_, PyAny>) -> PyResult<PyObject> {
    let one = |p: &str| -> PyResult<String> {
        let g = grid(p)?;
        canonical(&g)
            .map(|c| c.to_line())
            .map_err(|e| value_error(format!("{p:?}: {e}")))
    };
    if let Ok(p) = puzzles.extract::<String>() {
        return Ok(one(&p)?.into_pyobject(py)?.into_any().unbind());
    }
    let list: Vec<String> = puzzles
        .extract()
        .map_err(|_| value_error("canon takes a puzzle string or a list of them"))?;
    let out: Vec<String> = list.iter().map(|p| one(p)).collect::<PyResult<_>>()?;
    Ok(out.into_pyobject(py)?.into_any().unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    Ok(())
}
