//! The harness: `study` and `rate`, whose rows are those of runs.csv and ratings.csv.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use dlxlab::corpus::{CorpusReader, Shard};
use dlxlab::harness::{self, engine, Mode, Plan, Row, DEFAULT_CHUNK_LINES};
use dlxlab::logic::PathOptions;
use dlxlab::rating::chaos::{ChaosOptions, Integrator};
use dlxlab::rating::decision_tree::Variant;
use dlxlab::rating::table::{self, RatingRow};
use dlxlab::rating::SeProfile;
use dlxlab::solvers::SolveLimits;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{interruptible, pool, value_error};

/// Where puzzles come from: a corpus file, or lines given in Python.
enum Input {
    File(PathBuf),
    Lines(String),
}

impl Input {
    /// A path (str or os.PathLike) or a sequence of puzzle lines.
    fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Input> {
        if let Ok(path) = obj.extract::<PathBuf>() {
            return Ok(Input::File(path));
        }
        let lines: Vec<String> = obj.extract().map_err(|_| {
            value_error("expected a corpus path (str or os.PathLike) or a list of puzzle lines")
        })?;
        Input::lines(lines)
    }

    fn lines(lines: Vec<String>) -> PyResult<Input> {
        if let Some(i) = lines.iter().position(|l| l.contains(['\n', '\r'])) {
            return Err(value_error(format!(
                "puzzle {i} holds a line break: give one puzzle line per list item"
            )));
        }
        Ok(Input::Lines(lines.join("\n")))
    }

    fn reader(&self) -> PyResult<CorpusReader<Box<dyn BufRead + Send + '_>>> {
        let inner: Box<dyn BufRead + Send + '_> = match self {
            Input::File(path) => Box::new(BufReader::new(File::open(path).map_err(|e| {
                value_error(format!("cannot read the corpus {}: {e}", path.display()))
            })?)),
            Input::Lines(text) => Box::new(text.as_bytes()),
        };
        Ok(CorpusReader::new(inner))
    }
}

/// A positive number of seconds, or ValueError.
pub fn seconds(s: Option<f64>) -> PyResult<Option<Duration>> {
    match s {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(value_error(format!(
            "max_seconds must be a positive number of seconds, not {s}"
        ))),
    }
}

/// Runs every puzzle line of `input` through `solvers` on `threads` workers: the rows of
/// runs.csv, in line order.
fn run_rows(
    py: Python<'_>,
    input: &Input,
    solvers: &[String],
    limits: SolveLimits,
    threads: Option<usize>,
) -> PyResult<Vec<Row>> {
    let solvers = harness::select_solvers(solvers, limits).map_err(value_error)?;
    let pool = pool(threads)?;
    let mut reader = input.reader()?;
    let plan = Plan {
        solvers: &solvers,
        mode: Mode::EverySolver,
        shard: Shard::ALL,
        chunk_lines: DEFAULT_CHUNK_LINES,
        serial_timing: false,
        skip_through: 0,
        csv_rows: false,
        permute: None,
    };
    interruptible(py, |stop: &AtomicBool| {
        let mut rows = Vec::new();
        // The calling thread drives the run (reads, hands out blocks, collects); the pool solves.
        engine::run(&mut reader, &plan, &pool, stop, &|_| {}, &mut |chunk, _| {
            rows.extend_from_slice(chunk);
            Ok(())
        })
        .map(|_| rows)
    })?
    .map_err(value_error)
}

/// [`run_rows`] over lines given in Python (for `solve`).
pub fn rows_of_lines(
    py: Python<'_>,
    lines: Vec<String>,
    solvers: &[String],
    limits: SolveLimits,
    threads: Option<usize>,
) -> PyResult<Vec<Row>> {
    run_rows(py, &Input::lines(lines)?, solvers, limits, threads)
}

/// One row of runs.csv as a dict, columns in order.
pub fn row_dict<'py>(py: Python<'py>, row: &Row) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("line", row.line)?;
    d.set_item("puzzle", &row.puzzle)?;
    d.set_item("clues", row.clues)?;
    d.set_item("solver", &row.solver)?;
    d.set_item("status", row.status.as_str())?;
    d.set_item("solutions", row.solutions)?;
    d.set_item("nodes", row.nodes)?;
    d.set_item("guesses", row.guesses)?;
    d.set_item("time_ns", row.time_ns)?;
    d.set_item("solution", &row.solution)?;
    d.set_item("error", &row.error)?;
    Ok(d)
}

/// One row of ratings.csv as a dict, columns in order; ratings as numbers (None where the CSV
/// says `beyond` or is empty).
fn rating_dict<'py>(py: Python<'py>, row: &RatingRow) -> PyResult<Bound<'py, PyDict>> {
    rating_dict_columns(py, row, false, false)
}

/// [`rating_dict`] with HoDoKu's columns after the others when `hodoku_columns`, then the chaos
/// hardness's when `chaos_columns`.
fn rating_dict_columns<'py>(
    py: Python<'py>,
    row: &RatingRow,
    hodoku_columns: bool,
    chaos_columns: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let tenths = |t: u16| f64::from(t) / 10.0;
    let ok = row.result.as_ref().ok();
    d.set_item("line", row.line)?;
    d.set_item("puzzle", &row.puzzle)?;
    d.set_item("decision_tree", row.decision_tree)?;
    d.set_item(
        "technique_rating",
        ok.filter(|r| !r.beyond).map(|r| tenths(r.score_tenths)),
    )?;
    d.set_item("hardest_technique", ok.map(|r| r.hardest))?;
    d.set_item("steps", ok.map(|r| r.steps))?;
    d.set_item(
        "external_rating",
        row.external.as_deref().and_then(|e| e.parse::<f64>().ok()),
    )?;
    d.set_item(
        "error",
        row.result.as_ref().err().cloned().unwrap_or_default(),
    )?;
    d.set_item(
        "pearl_rating",
        ok.and_then(|r| r.pearl).map(|(t, _)| tenths(t)),
    )?;
    d.set_item(
        "diamond_rating",
        ok.and_then(|r| r.diamond_tenths).map(tenths),
    )?;
    d.set_item("se_profile", row.se_profile)?;
    // The level number; None both beyond the top rung (`none` in the CSV, error empty) and for a
    // puzzle with no level (error says why).
    d.set_item(
        "inference_level",
        row.inference_level.flatten().map(|r| r.level()),
    )?;
    if hodoku_columns {
        let hodoku = row.hodoku.as_ref().filter(|h| h.complete);
        d.set_item(
            "hodoku_level",
            hodoku.and_then(|h| h.level).map(|l| l.name()),
        )?;
        d.set_item("hodoku_score", hodoku.map(|h| h.score))?;
    }
    if !chaos_columns {
        return Ok(d);
    }
    let chaos = row.chaos.as_ref().map(|c| c.as_ref());
    let rated = chaos.and_then(|c| c.ok());
    d.set_item("eta", rated.and_then(|r| r.eta))?;
    d.set_item("eta_low", rated.map(|r| r.eta_low))?;
    d.set_item("eta_high", rated.and_then(|r| r.eta_high))?;
    d.set_item("eta_r2", rated.and_then(|r| r.r2))?;
    d.set_item("eta_trajectories", rated.map(|r| r.trajectories.len()))?;
    d.set_item("eta_escaped", rated.map(|r| r.escaped()))?;
    d.set_item(
        "eta_status",
        match chaos {
            None => String::new(),
            Some(Ok(r)) => r.status_text(),
            Some(Err(e)) => e.clone(),
        },
    )?;
    Ok(d)
}

fn variant(name: Option<&str>) -> PyResult<Option<Variant>> {
    name.map(|n| n.parse::<Variant>().map_err(value_error))
        .transpose()
}

/// The rating rows of `input`, in line order.
fn rating_rows(
    py: Python<'_>,
    input: &Input,
    decision_tree: Option<Variant>,
    max_time: Option<Duration>,
    options: PathOptions,
    chaos: Option<&ChaosOptions>,
    threads: Option<usize>,
) -> PyResult<Vec<RatingRow>> {
    let pool = pool(threads)?;
    let mut reader = input.reader()?;
    let rows = interruptible(py, |stop: &AtomicBool| {
        pool.install(|| {
            table::rate_corpus_chaos_until(
                &mut reader,
                Shard::ALL,
                decision_tree,
                max_time,
                options,
                chaos,
                stop,
            )
        })
    })?
    .map_err(|e: io::Error| value_error(format!("reading the corpus: {e}")))?;
    Ok(rows.unwrap_or_default())
}

/// Rates puzzles on Sudoku Explainer's scale, as `dlxlab rate` does: one dict per puzzle line,
/// in order, with the columns of ratings.csv:
///
/// - line: the corpus line (1-based; for a list, the position in it plus 1);
/// - puzzle: the puzzle field as written;
/// - decision_tree: the decision-tree index (None when decision_tree=None, and for a puzzle the
///   rating refuses: see error);
/// - technique_rating: SE's ER, the highest step score on the path; None when the techniques
///   run out ("beyond" in the CSV) or the line could not be rated (see error);
/// - hardest_technique: the technique that scored it (when beyond: the hardest reached);
/// - steps: the number of steps of the path;
/// - external_rating: the rating the corpus line carries after the puzzle, if any: the first
///   field that is a number or an se= field (as `dlxlab rate` and `study` read it);
/// - error: "" or why there is no rating: "multiple solutions", "no solution: ...",
///   "time limit" (max_seconds ran out), or why the line is not a puzzle;
/// - pearl_rating: SE's EP, the highest score up to the first placement (None: beyond);
/// - diamond_rating: SE's ED, the score of the first step (None: beyond);
/// - se_profile: which Sudoku Explainer build the rating reproduces ("sample" or "serate");
/// - inference_level: the weakest level of the inference ladder (0 naked singles ... 5 strongly
///   connected components; docs/ladder.md) that solves the puzzle with no guess; None beyond
///   level 5 or when the puzzle has no single solution (see error).
/// and, with hodoku=True only, after them (RATINGS_HODOKU_COLUMNS):
/// - hodoku_level, hodoku_score: HoDoKu 2.2's level ("Easy" ... "Extreme") and score; None
///   only where a Franken search meets a mutant fish (docs/rating.md, "HoDoKu");
/// and, with chaos=True only, after those (RATINGS_CHAOS_COLUMNS):
/// - eta, eta_low, eta_high: the chaos hardness and its 95% interval (None unless chaos=True;
///   eta and eta_high None when too few trajectories escaped, eta_low then a lower bound);
/// - eta_r2: R² of the exponential tail's fit; eta_trajectories, eta_escaped: trajectories run
///   and escaped; eta_status: "ok", "time-cap", "step-budget", "stalled", "too-few-escapes", or
///   why the puzzle has no formula ("" without chaos).
///
/// puzzles: a corpus path (str or os.PathLike; `#` comments and blank lines skipped) or a list of
/// puzzle lines. max_seconds: time limit of each puzzle's rating. decision_tree: the variant of
/// the decision-tree index ("nodes", "checks", "wrong-choices", "wasted-nodes", "combined") or
/// None to skip it (it costs far more than the rating on hard corpora). threads: None: all cores.
/// se_profile: "sample" (the build that rated se-rated-sample.txt, the default) or "serate"
/// (Sukaku Explainer's current serate: UVWXYZ-wing on, turbot fish 4.1), as `rate --se-profile`.
/// hodoku: also rate as HoDoKu 2.2 does, as `rate --hodoku`.
/// chaos: rate the chaos hardness too, as `rate --chaos`; chaos_seed, chaos_trajectories,
/// chaos_tolerance, chaos_cap and chaos_budget are its settings (None: the CLI's defaults);
/// chaos_integrator is "cash-karp" (the default) or "rosenbrock", as `rate --chaos-integrator`.
#[pyfunction]
#[pyo3(signature = (puzzles, max_seconds = 60.0, decision_tree = Some("combined"), threads = None, se_profile = "sample", hodoku = false, chaos = false, chaos_seed = None, chaos_trajectories = None, chaos_tolerance = None, chaos_cap = None, chaos_budget = None, chaos_integrator = "cash-karp"))]
#[allow(clippy::too_many_arguments)]
fn rate<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    max_seconds: Option<f64>,
    decision_tree: Option<&str>,
    threads: Option<usize>,
    se_profile: &str,
    hodoku: bool,
    chaos: bool,
    chaos_seed: Option<u64>,
    chaos_trajectories: Option<usize>,
    chaos_tolerance: Option<f64>,
    chaos_cap: Option<f64>,
    chaos_budget: Option<u64>,
    chaos_integrator: &str,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let defaults = ChaosOptions::default();
    let chaos_options = ChaosOptions {
        seed: chaos_seed.unwrap_or(defaults.seed),
        trajectories: chaos_trajectories.unwrap_or(defaults.trajectories),
        tolerance: chaos_tolerance.unwrap_or(defaults.tolerance),
        time_cap: chaos_cap.unwrap_or(defaults.time_cap),
        budget: chaos_budget.unwrap_or(defaults.budget),
        integrator: Integrator::from_name(chaos_integrator).ok_or_else(|| {
            value_error(format!(
                "chaos_integrator must be \"cash-karp\" or \"rosenbrock\", not {chaos_integrator:?}"
            ))
        })?,
        ..defaults
    };
    if chaos_options.trajectories < 2 {
        return Err(value_error("chaos_trajectories must be at least 2"));
    }
    for (name, v) in [
        ("chaos_tolerance", chaos_options.tolerance),
        ("chaos_cap", chaos_options.time_cap),
    ] {
        if !(v.is_finite() && v > 0.0) {
            return Err(value_error(format!(
                "{name} must be a number above 0, not {v}"
            )));
        }
    }
    if chaos_options.budget == 0 {
        return Err(value_error("chaos_budget must be at least 1"));
    }
    let profile = SeProfile::ALL
        .into_iter()
        .find(|p| p.name() == se_profile)
        .ok_or_else(|| {
            value_error(format!(
                "se_profile must be \"sample\" or \"serate\", not {se_profile:?}"
            ))
        })?;
    let input = Input::from_py(puzzles)?;
    let rows = rating_rows(
        py,
        &input,
        variant(decision_tree)?,
        seconds(max_seconds)?,
        profile.path_options(false),
        chaos.then_some(&chaos_options),
        threads,
    )?;
    let mut rows = rows;
    if hodoku {
        rows.iter_mut().for_each(table::add_hodoku);
    }
    rows.iter()
        .map(|r| rating_dict_columns(py, r, hodoku, chaos))
        .collect()
}

/// Runs puzzles through solvers as `dlxlab study` does, and rates them: returns (runs, ratings),
/// lists of dicts with the columns of runs.csv and ratings.csv (see rate for the latter).
///
/// runs columns: line, puzzle, clues, solver, status ("unique", "multiple", "none", "limit",
/// "invalid"), solutions, nodes, guesses (None where a solver did not report them: unknown,
/// never 0), time_ns (the solve call alone, parallel pass),
/// solution (the first solution, verified), error. One row per puzzle line and solver, in line
/// order then solver order; a line that is not a puzzle gets rows with status "invalid" and the
/// reason in error. Rows other than time_ns do not depend on the thread count.
#[pyfunction]
#[pyo3(signature = (corpus, solvers = Vec::new(), threads = None, max_solutions = 2, ratings = Some("technique"), max_seconds = 60.0))]
#[allow(clippy::type_complexity)]
fn study<'py>(
    py: Python<'py>,
    corpus: &Bound<'py, PyAny>,
    solvers: Vec<String>,
    threads: Option<usize>,
    max_solutions: u64,
    ratings: Option<&str>,
    max_seconds: Option<f64>,
) -> PyResult<(Vec<Bound<'py, PyDict>>, Option<Vec<Bound<'py, PyDict>>>)> {
    let input = Input::from_py(corpus)?;
    let decision_tree = match ratings {
        None | Some("none") => None,
        Some("technique") => Some(None),
        Some("all") => Some(Some(Variant::default())),
        Some(other) => {
            return Err(value_error(format!(
                "ratings must be \"technique\", \"all\" or None, not {other:?}"
            )))
        }
    };
    let max_time = seconds(max_seconds)?;
    let limits = SolveLimits {
        max_solutions,
        ..SolveLimits::default()
    };
    let runs = run_rows(py, &input, &solvers, limits, threads)?;
    let runs = runs
        .iter()
        .map(|r| row_dict(py, r))
        .collect::<PyResult<_>>()?;
    let rated = match decision_tree {
        None => None,
        Some(variant) => {
            let rows = rating_rows(
                py,
                &input,
                variant,
                max_time,
                SeProfile::Sample.path_options(false),
                None,
                threads,
            )?;
            Some(
                rows.iter()
                    .map(|r| rating_dict(py, r))
                    .collect::<PyResult<_>>()?,
            )
        }
    };
    Ok((runs, rated))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(study, m)?)?;
    m.add("RUNS_COLUMNS", harness::COLUMNS.to_vec())?;
    m.add("RATINGS_COLUMNS", table::COLUMNS.to_vec())?;
    m.add("RATINGS_HODOKU_COLUMNS", table::HODOKU_COLUMNS.to_vec())?;
    m.add("RATINGS_CHAOS_COLUMNS", table::CHAOS_COLUMNS.to_vec())?;
    Ok(())
}
