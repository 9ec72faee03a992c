//! The interface shared by the exact-cover engines: [`crate::xc::dlx::Dlx`] (Algorithm X/C, Knuth's
//! dlx1/dlx2), its fast path for uniform problems [`crate::xc::dlx::UniformDlx`], and
//! [`crate::xc::mcc::Mcc`] (Algorithm M, dlx3). [`for_problem`] picks the fastest one that counts
//! exactly as Knuth's program for the problem's class would.
//!
//! An engine owns a matrix built once from a [`Problem`](crate::xc::Problem). Options may be
//! *forced* before a search (their items are covered as if the search had chosen them) and
//! *released* after it, so one matrix serves many related searches — every Sudoku puzzle of one
//! shape, or every subtree of a split count. The slice a search passes to its callback holds the
//! forced options first, in forcing order, then the options chosen by the search, level by level.

use super::dlx::{Dlx, UniformDlx};
use super::{ChoicePolicy, Control, ItemId, Limits, OptionId, Problem, SearchResult};

/// An exact-cover engine with a reusable matrix.
pub trait Engine {
    /// Sets the item-choice policy (step X3) for the following searches.
    fn set_policy(&mut self, policy: ChoicePolicy);

    /// Covers the items of `option` before a search, as if the search had chosen it. Fails, leaving
    /// the matrix unchanged, when the option clashes with what is already forced.
    fn force(&mut self, option: OptionId) -> Result<(), ForceError>;

    /// Undoes every forced option, newest first; the matrix is then exactly as it was built.
    fn release(&mut self);

    /// Runs the search, passing each solution (forced options first) to `visit`.
    fn search_dyn(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> SearchResult;

    /// Checks every link, list length and the item-list order; `Err` describes the first fault.
    fn check_invariants(&self) -> Result<(), String>;

    /// `(items, options)` of the problem, for messages.
    fn problem_sizes(&self) -> (usize, usize);
}

/// Why an engine cannot be built for a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The problem has primary items with multiplicities, which only Algorithm M handles.
    #[error(
        "item `{item}` has multiplicity bounds: this engine handles exact cover only (use the mcc engine, Algorithm M)"
    )]
    Multiplicities {
        /// The first item with bounds other than 1:1.
        item: String,
    },
    /// A specialised engine was given a problem outside its class.
    #[error("this engine cannot take the problem: {reason}")]
    NotUniform {
        /// What is out of place.
        reason: String,
    },
}

/// Why an option cannot be forced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ForceError {
    /// The option id is not an option of the problem.
    #[error("option {} does not exist (the problem has {options} options)", option.0 + 1)]
    UnknownOption {
        /// The offending id.
        option: OptionId,
        /// How many options the problem has.
        options: usize,
    },
    /// One of the option's items is already covered by a forced option.
    #[error("option {} cannot be forced: item `{name}` is already covered", option.0 + 1)]
    ItemCovered {
        /// The option (shown 1-based).
        option: OptionId,
        /// The clashing item.
        item: ItemId,
        /// Its name.
        name: String,
    },
    /// One of the option's secondary items already has another colour (or none, where this option
    /// needs one, or the reverse).
    #[error("option {} cannot be forced: item `{name}` already has a different colour", option.0 + 1)]
    ColorConflict {
        /// The option (shown 1-based).
        option: OptionId,
        /// The clashing item.
        item: ItemId,
        /// Its name.
        name: String,
    },
}

/// The engine for `problem`, behind the trait: [`exact`]'s choice, or
/// [`Mcc`](crate::xc::mcc::Mcc) (Algorithm M, counted as dlx3 counts) when some primary item has
/// multiplicities. [`for_problem_kind`] also says which was chosen.
pub fn for_problem(problem: &Problem) -> Box<dyn Engine> {
    for_problem_kind(problem).0
}

/// [`for_problem`] and the kind of engine it built.
pub fn for_problem_kind(problem: &Problem) -> (Box<dyn Engine>, EngineKind) {
    match exact(problem) {
        Ok((engine, kind)) => (engine, kind),
        Err(_) => (Box::new(crate::xc::mcc::Mcc::new(problem)), EngineKind::Mcc),
    }
}

/// Which engine [`for_problem`] or [`exact`] built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// [`Dlx`]: Algorithm X/C, any problem without multiplicities.
    Dlx,
    /// [`UniformDlx`] with options of `width` items (all primary, no colours): the same search
    /// and counters as [`Dlx`], faster.
    Uniform {
        /// Items per option (`K`).
        width: usize,
    },
    /// [`Mcc`](crate::xc::mcc::Mcc): Algorithm M, for multiplicities.
    Mcc,
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineKind::Dlx => write!(f, "dlx (Algorithm X/C, counted as dlx1/dlx2)"),
            EngineKind::Uniform { width } => write!(
                f,
                "dlx (Algorithm X/C, counted as dlx1/dlx2; uniform fast path, {width} items per option)"
            ),
            EngineKind::Mcc => write!(f, "mcc (Algorithm M, counted as dlx3)"),
        }
    }
}

/// Option widths that get the uniform fast path (one compiled search per width and index type).
pub const UNIFORM_WIDTHS: std::ops::RangeInclusive<usize> = 2..=8;

/// An exact-cover engine (Algorithm X/C, no multiplicities) for `problem` that can move between
/// threads: [`UniformDlx`] when every item is primary and every option has the same number of
/// items (in [`UNIFORM_WIDTHS`]) and the fast path accepts the problem, else [`Dlx`]. Both give
/// the same solutions in the same order, and the same nodes, updates, profile, guesses and dead
/// ends (`tests/xc_engine.rs` and `tests/counting.rs` hold them equal), so the choice changes only
/// the speed. Fails only for multiplicities.
pub fn exact(problem: &Problem) -> Result<(Box<dyn Engine + Send>, EngineKind), EngineError> {
    if let Some(width) = uniform_width(problem) {
        if let Some(engine) = uniform(problem, width) {
            return Ok((engine, EngineKind::Uniform { width }));
        }
    }
    Ok((Box::new(Dlx::new(problem)?), EngineKind::Dlx))
}

/// The common width of the options when every item is primary (no colours then either) and every
/// option has that many items; `None` otherwise (or without options).
fn uniform_width(problem: &Problem) -> Option<usize> {
    if problem.n_secondary() > 0 || problem.has_multiplicities() || problem.n_options() == 0 {
        return None;
    }
    let width = problem.n_entries() / problem.n_options();
    problem
        .option_ids()
        .all(|o| problem.option(o).len() == width)
        .then_some(width)
}

/// [`UniformDlx`] of `width` with `u16` node indices when they fit, else `u32`; `None` when the
/// width is not compiled in or the fast path refuses the problem (e.g. an item with too many
/// options).
fn uniform(problem: &Problem, width: usize) -> Option<Box<dyn Engine + Send>> {
    fn with<const K: usize>(problem: &Problem) -> Option<Box<dyn Engine + Send>> {
        if let Ok(e) = UniformDlx::<K, u16>::new(problem) {
            return Some(Box::new(e));
        }
        UniformDlx::<K, u32>::new(problem)
            .ok()
            .map(|e| Box::new(e) as Box<dyn Engine + Send>)
    }
    match width {
        2 => with::<2>(problem),
        3 => with::<3>(problem),
        4 => with::<4>(problem),
        5 => with::<5>(problem),
        6 => with::<6>(problem),
        7 => with::<7>(problem),
        8 => with::<8>(problem),
        _ => None,
    }
}

/// A boxed engine is an engine, so that code generic over `E: Engine` (such as
/// [`crate::xc::split::count_paths`]) can take the engine [`exact`] chose.
impl<E: Engine + ?Sized> Engine for Box<E> {
    fn set_policy(&mut self, policy: ChoicePolicy) {
        (**self).set_policy(policy);
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        (**self).force(option)
    }

    fn release(&mut self) {
        (**self).release();
    }

    fn search_dyn(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> SearchResult {
        (**self).search_dyn(limits, visit)
    }

    fn check_invariants(&self) -> Result<(), String> {
        (**self).check_invariants()
    }

    fn problem_sizes(&self) -> (usize, usize) {
        (**self).problem_sizes()
    }
}
