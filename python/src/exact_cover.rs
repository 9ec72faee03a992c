//! `Problem` (exact cover) and its lazy solution iterator.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use dlxlab::budget::Halt;
use dlxlab::xc::choose::{self, EngineKind, Method};
use dlxlab::xc::engine::{Engine, EngineError};
use dlxlab::xc::solutions::{self, Next};
use dlxlab::xc::{self, count, format, split, ChoicePolicy, ItemKind, Limits, OptionId, SearchEnd};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::{interrupted, interruptible, pool, value_error, SIGNAL_POLL};

/// The counters of the last search of a problem, as `Problem.stats` gives them.
#[derive(Clone, Debug)]
struct Record {
    engine: String,
    threads: usize,
    solutions: u64,
    /// `None` for a dancing-cells count split over threads (a mixture of two engines' counts).
    nodes: Option<u64>,
    updates: Option<u64>,
    profile: Option<Vec<u64>>,
    mems: Option<u64>,
    time_ns: u64,
    end: SearchEnd,
}

impl Record {
    fn into_dict<'py>(
        self,
        py: Python<'py>,
        problem: &xc::Problem,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("engine", self.engine)?;
        d.set_item("threads", self.threads)?;
        d.set_item("items", problem.n_items())?;
        d.set_item("primary", problem.n_primary())?;
        d.set_item("options", problem.n_options())?;
        d.set_item("solutions", self.solutions)?;
        d.set_item("nodes", self.nodes)?;
        d.set_item("updates", self.updates)?;
        d.set_item("mems", self.mems)?;
        d.set_item("profile", self.profile)?;
        d.set_item("time_ns", self.time_ns)?;
        let (end, complete) = match self.end {
            SearchEnd::Exhausted => ("exhausted", true),
            SearchEnd::Stopped => ("stopped", false),
            SearchEnd::Limit(_) => ("limit", false),
        };
        d.set_item("end", end)?;
        d.set_item("complete", complete)?;
        Ok(d)
    }
}

/// An exact-cover problem: primary items to cover exactly once (or between bounds), secondary
/// items to cover at most once (or by options that agree on their colour), and options.
///
/// Problem(items, options, secondary=(), colors=None)
///
/// - items: the primary item names, in order (Knuth's MRV ties go to the first); an item given
///   as (name, lo, hi) is covered between lo and hi times (Algorithm M).
/// - options: each option a sequence of item names; a secondary item may be written
///   "name:colour" as in Knuth's format.
/// - secondary: the secondary item names.
/// - colors: one mapping (or None) per option, {secondary item: colour}, another way of
///   writing "name:colour".
///
/// An option without a primary item is dropped with a warning (see warnings), as dlx1 does.
/// Raises ValueError for a duplicate or unknown item, an empty option, a repeated item in an
/// option, and the like.
#[pyclass(module = "dlxlab", name = "Problem", frozen)]
pub struct Problem {
    problem: Arc<xc::Problem>,
    warnings: Vec<String>,
    last: Mutex<Option<Record>>,
}

impl Problem {
    /// `warnings`: what the caller's reading dropped, numbered as its input is (Python's option
    /// index, or the line of Knuth's text); the builder's own warnings say the same in its
    /// numbering and are not repeated.
    fn wrap(problem: xc::Problem, warnings: Vec<String>) -> Problem {
        Problem {
            problem: Arc::new(problem),
            warnings,
            last: Mutex::new(None),
        }
    }

    fn record(&self, record: Record) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(record);
    }
}

/// The engine for `method`: [`choose::exact_with`]'s, or Algorithm M for multiplicities under
/// `dlx` (as [`choose::for_problem_with`] chooses, but an engine that can move to the search's
/// thread).
fn engine_for(
    problem: &xc::Problem,
    method: Method,
) -> Result<(Box<dyn Engine + Send>, EngineKind), EngineError> {
    if method == Method::Dlx && problem.has_multiplicities() {
        return Ok((Box::new(xc::mcc::Mcc::new(problem)), EngineKind::Mcc));
    }
    choose::exact_with(problem, method)
}

/// The message of the builder's error about `options[i]`, numbered as Python indexes the list
/// (the library numbers options from 1), once.
fn option_error(i: usize, e: xc::XcError) -> String {
    match e {
        xc::XcError::RepeatedItem { item, .. } => {
            format!("options[{i}]: item `{item}` appears more than once")
        }
        xc::XcError::EmptyOption { .. } => format!("options[{i}] is empty"),
        xc::XcError::ColorOnPrimary { item, .. } => {
            format!("options[{i}]: primary item `{item}` cannot have a colour")
        }
        other => format!("options[{i}]: {other}"),
    }
}

fn method(engine: &str) -> PyResult<Method> {
    Method::parse(engine).ok_or_else(|| {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        value_error(format!(
            "unknown engine {engine:?} (expected one of: {})",
            names.join(", ")
        ))
    })
}

fn max_solutions(max: Option<u64>) -> PyResult<u64> {
    match max {
        None => Ok(0),
        Some(0) => Err(value_error("max must be at least 1 (None: every solution)")),
        Some(m) => Ok(m),
    }
}

/// The items of option `o` as Knuth writes them: `name`, or `name:colour`.
fn option_words(problem: &xc::Problem, o: OptionId) -> Vec<String> {
    problem
        .option(o)
        .iter()
        .map(|e| {
            let name = &problem.item(e.item).name;
            match e.color {
                Some(c) => format!("{name}:{}", problem.color_name(c)),
                None => name.clone(),
            }
        })
        .collect()
}

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (items, options, secondary = Vec::new(), colors = None))]
    fn new(
        items: Vec<Bound<'_, PyAny>>,
        options: Vec<Vec<String>>,
        secondary: Vec<String>,
        colors: Option<Vec<Option<HashMap<String, String>>>>,
    ) -> PyResult<Problem> {
        let mut b = xc::Problem::builder();
        for item in &items {
            if let Ok(name) = item.extract::<String>() {
                b.primary(name).map_err(value_error)?;
            } else {
                let (name, lo, hi): (String, u32, u32) = item.extract().map_err(|_| {
                    value_error(format!(
                        "an item is a name or (name, lo, hi), not {}",
                        item.repr().map(|r| r.to_string()).unwrap_or_default()
                    ))
                })?;
                b.primary_with_bounds(name, lo, hi).map_err(value_error)?;
            }
        }
        for name in secondary {
            b.secondary(name).map_err(value_error)?;
        }
        if let Some(colors) = &colors {
            if colors.len() != options.len() {
                return Err(value_error(format!(
                    "colors has {} entries for {} options (one mapping or None per option)",
                    colors.len(),
                    options.len()
                )));
            }
        }
        let mut warnings = Vec::new();
        for (i, option) in options.iter().enumerate() {
            let mut words = option.clone();
            if let Some(Some(map)) = colors.as_ref().map(|c| &c[i]) {
                for (item, colour) in map {
                    let at = words.iter().position(|w| w == item).ok_or_else(|| {
                        value_error(format!(
                            "colors[{i}] colours item {item:?}, which options[{i}] does not contain"
                        ))
                    })?;
                    words[at] = format!("{item}:{colour}");
                }
            }
            let refs: Vec<&str> = words.iter().map(String::as_str).collect();
            let kept = b
                .option_named(&refs)
                .map_err(|e| value_error(option_error(i, e)))?;
            if kept.is_none() {
                warnings.push(format!(
                    "options[{i}] has no primary item and was dropped (as Knuth's dlx1 does)"
                ));
            }
        }
        let problem = b.build().map_err(value_error)?;
        Ok(Problem::wrap(problem, warnings))
    }

    /// Reads a problem in Knuth's DLX text format (dlx1/dlx2/dlx3), as `dlxlab xc` does.
    ///
    /// Raises ValueError naming the line and column of the first error.
    #[staticmethod]
    fn from_knuth(text: &str) -> PyResult<Problem> {
        let parsed = format::parse(text).map_err(value_error)?;
        let warnings = parsed.warnings.iter().map(ToString::to_string).collect();
        Ok(Problem::wrap(parsed.problem, warnings))
    }

    /// The problem in Knuth's DLX text format.
    fn to_knuth(&self) -> PyResult<String> {
        format::to_string(&self.problem).map_err(value_error)
    }

    /// The primary item names, in order.
    #[getter]
    fn items(&self) -> Vec<String> {
        self.names(ItemKind::Primary)
    }

    /// The secondary item names, in order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        self.names(ItemKind::Secondary)
    }

    /// The number of options kept (options without a primary item are dropped).
    #[getter]
    fn n_options(&self) -> usize {
        self.problem.n_options()
    }

    /// What was accepted but changed while building or reading the problem.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The counters of the last finished search (solve or count) of this problem, as
    /// `dlxlab xc --stats` prints them, or None before any:
    ///
    /// - engine: the engine that ran, as `dlxlab xc --stats` names it;
    /// - threads: worker threads of the count (1 for solve);
    /// - items, primary, options: the problem's size;
    /// - solutions: solutions found;
    /// - nodes: search-tree nodes exactly as Knuth's dlx1/dlx2 (dlx3 for multiplicities) count
    ///   them, one per entry to step X2 plus one per solution; with engine="dc", as SSXC1 counts
    ///   them (a choice that leaves an item without options is not a node);
    /// - updates: items removed from the item list plus nodes removed from item lists while
    ///   covering or purifying (restoring is free), as dlx1 counts them;
    /// - mems: 64-bit words read or written, as SSXC1 counts them (engine="dc" only, else None);
    /// - profile: nodes per level (the root is level 0); sums to nodes;
    /// - time_ns: wall time of the search (and of the split of a threaded count);
    /// - end: "exhausted" (the whole tree: counts exact), "stopped" (max reached, or the
    ///   iterator was dropped: more solutions may exist) or "limit";
    /// - complete: end == "exhausted".
    ///
    /// A count with engine="dc" on several threads splits the tree with dancing links' model:
    /// its solutions are exact, but nodes, updates, profile and mems are None, since they would
    /// mix the two engines' counts.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner()).clone();
        last.map(|r| r.into_dict(py, &self.problem)).transpose()
    }

    /// The solutions, one at a time, as a lazy iterator: each solution is a list of options
    /// (forced by the search in level order), each option a list of item names ("name:colour"
    /// for a coloured item).
    ///
    /// - engine: "dlx" (dancing links, Algorithm X/C as dlx1/dlx2; Algorithm M as dlx3 when some
    ///   item has bounds) or "dc" (dancing cells, Knuth's SSXC1).
    /// - max: stop after this many solutions; None: all.
    ///
    /// The search runs on a thread of its own, at most one solution ahead of the consumer, with
    /// the GIL released; Ctrl-C while waiting raises KeyboardInterrupt and stops it. When the
    /// iterator is exhausted, stats holds the search's counters.
    #[pyo3(signature = (engine = "dlx", max = None))]
    fn solve(slf: &Bound<'_, Self>, engine: &str, max: Option<u64>) -> PyResult<Solutions> {
        let method = method(engine)?;
        let max = max_solutions(max)?;
        let this = slf.get();
        let (mut built, kind) = engine_for(&this.problem, method).map_err(value_error)?;
        built.set_policy(ChoicePolicy::Mrv);
        Ok(Solutions {
            search: Mutex::new(Some(solutions::Solutions::start(built, Limits::NONE, max))),
            problem: slf.clone().unbind(),
            kind,
            start: Instant::now(),
        })
    }

    /// The number of solutions (all of them, or up to max).
    ///
    /// - threads: worker threads (None or 0: one per core). With more than one, the search tree
    ///   is cut into subproblems (at the first depth giving 64 per thread) counted in parallel;
    ///   solutions, nodes, updates and profile equal the serial search's (with engine="dlx").
    ///   A count with max, or of a problem with multiplicities, runs on one thread.
    /// - engine: "dlx" or "dc" (see solve).
    /// - max: stop after this many solutions; None: count all.
    ///
    /// Releases the GIL; Ctrl-C raises KeyboardInterrupt. stats then holds the counters.
    #[pyo3(signature = (threads = None, engine = "dlx", max = None))]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        engine: &str,
        max: Option<u64>,
    ) -> PyResult<u64> {
        let method = method(engine)?;
        let max = max_solutions(max)?;
        let problem = &*self.problem;
        let pool = match threads {
            Some(1) => None,
            _ => Some(pool(threads)?),
        };
        let n_threads = pool.as_ref().map_or(1, |p| p.current_num_threads());
        let parallel = n_threads > 1 && max == 0 && !problem.has_multiplicities();
        let record = interruptible(py, |_stop: &AtomicBool| -> Result<Record, String> {
            let start = Instant::now();
            if parallel {
                let plan = split::split_auto(problem, ChoicePolicy::Mrv, 64 * n_threads, 16)
                    .map_err(|e| e.to_string())?;
                let result = pool
                    .as_ref()
                    .expect("a parallel count has its pool")
                    .install(|| {
                        split::count_parallel_with(problem, &plan, &Limits::NONE, method, &|| {})
                    })
                    .map_err(|e| e.to_string())?;
                let (_, kind) = engine_for(problem, method).map_err(|e| e.to_string())?;
                let mixed = method == Method::Dc;
                Ok(Record {
                    engine: kind.to_string(),
                    threads: n_threads,
                    solutions: result.stats.solutions,
                    nodes: (!mixed).then_some(result.stats.nodes),
                    updates: (!mixed).then_some(result.stats.updates),
                    profile: (!mixed).then_some(result.stats.profile),
                    mems: None,
                    time_ns: start.elapsed().as_nanos() as u64,
                    end: result.end,
                })
            } else {
                let (mut engine, kind) = engine_for(problem, method).map_err(|e| e.to_string())?;
                engine.set_policy(ChoicePolicy::Mrv);
                let result = count::count(&mut engine, max, &Limits::NONE);
                Ok(Record {
                    engine: kind.to_string(),
                    threads: 1,
                    solutions: result.stats.solutions,
                    nodes: Some(result.stats.nodes),
                    updates: Some(result.stats.updates),
                    profile: Some(result.stats.profile),
                    mems: engine.mems(),
                    time_ns: start.elapsed().as_nanos() as u64,
                    end: result.end,
                })
            }
        })?
        .map_err(value_error)?;
        if record.end == SearchEnd::Limit(Halt::Interrupted) {
            return Err(interrupted());
        }
        let solutions = record.solutions;
        self.record(record);
        Ok(solutions)
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem({} primary items, {} secondary, {} options)",
            self.problem.n_primary(),
            self.problem.n_secondary(),
            self.problem.n_options()
        )
    }
}

impl Problem {
    fn names(&self, kind: ItemKind) -> Vec<String> {
        self.problem
            .items()
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| i.name.clone())
            .collect()
    }
}

/// The lazy iterator of Problem.solve: each solution a list of options, each option a list of
/// item names.
#[pyclass(module = "dlxlab", frozen)]
pub struct Solutions {
    /// `None` once the search has ended (or was interrupted).
    search: Mutex<Option<solutions::Solutions>>,
    problem: Py<Problem>,
    kind: EngineKind,
    start: Instant,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        // As a generator does: a second thread may not step the iterator while one waits in it
        // (blocking here, holding the GIL, would deadlock with the waiting thread).
        let mut guard = match self.search.try_lock() {
            Ok(guard) => guard,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(value_error("the solutions iterator is already executing"))
            }
        };
        let Some(search) = guard.as_mut() else {
            return Ok(None);
        };
        loop {
            match py.allow_threads(|| search.next_within(SIGNAL_POLL)) {
                Next::Solution(options) => {
                    let problem = &self.problem.get().problem;
                    let words: Vec<Vec<String>> =
                        options.iter().map(|&o| option_words(problem, o)).collect();
                    return PyList::new(py, words).map(Some);
                }
                Next::Done => {
                    let result = search
                        .result()
                        .cloned()
                        .expect("a finished search has a result");
                    let mems = search.mems();
                    *guard = None;
                    if result.end == SearchEnd::Limit(Halt::Interrupted) {
                        return Err(interrupted());
                    }
                    self.problem.get().record(Record {
                        engine: self.kind.to_string(),
                        threads: 1,
                        solutions: result.stats.solutions,
                        nodes: Some(result.stats.nodes),
                        updates: Some(result.stats.updates),
                        profile: Some(result.stats.profile),
                        mems,
                        time_ns: self.start.elapsed().as_nanos() as u64,
                        end: result.end,
                    });
                    return Ok(None);
                }
                Next::Waiting => {
                    if let Err(signal) = py.check_signals() {
                        dlxlab::budget::interrupt();
                        py.allow_threads(|| while search.next_within(SIGNAL_POLL) != Next::Done {});
                        dlxlab::budget::clear_interrupt();
                        *guard = None;
                        return Err(signal);
                    }
                }
            }
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Problem>()?;
    m.add_class::<Solutions>()?;
    Ok(())
}
