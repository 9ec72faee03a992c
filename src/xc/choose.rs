//! Which engine runs a problem. [`for_problem`] picks the fastest engine that counts exactly as
//! Knuth's program for the problem's class would; [`exact`] is the choice among the engines without
//! multiplicities.
//!
//! This is the one module that names the concrete engines: each engine implements
//! [`super::engine::Engine`] and depends only on [`super::engine`], and a new engine plugs in
//! here with one more arm.

use super::dc::Dc;
use super::dlx::{Dlx, UniformDlx};
use super::engine::{Engine, EngineError};
use super::Problem;

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
    /// [`Dc`]: dancing cells (sparse sets), counted as SSXC1; chosen only on request
    /// ([`Method::Dc`]).
    Dc,
}

/// The method a caller asks for on problems without multiplicities (`--engine dlx|dc`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// Dancing links, Algorithm X/C ([`Dlx`] or its uniform fast path): the default.
    #[default]
    Dlx,
    /// Dancing cells ([`Dc`], Knuth's SSXC1): the same solutions in another order, with SSXC1's
    /// node counts and mems.
    Dc,
}

impl Method {
    /// Every method, in the order the CLI lists them.
    pub const ALL: [Method; 2] = [Method::Dlx, Method::Dc];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Dlx => "dlx",
            Method::Dc => "dc",
        }
    }

    /// Parses [`Method::name`].
    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// [`for_problem_kind`] with a choice of method: [`Method::Dlx`] is [`for_problem_kind`] itself;
/// [`Method::Dc`] builds [`Dc`], and fails on multiplicities (dancing cells has no Algorithm M).
pub fn for_problem_with(
    problem: &Problem,
    method: Method,
) -> Result<(Box<dyn Engine>, EngineKind), EngineError> {
    match method {
        Method::Dlx => Ok(for_problem_kind(problem)),
        Method::Dc => Ok((Box::new(Dc::new(problem)?), EngineKind::Dc)),
    }
}

/// [`exact`] with a choice of method (for the split counts, which need engines that move between
/// threads): [`Method::Dlx`] is [`exact`], [`Method::Dc`] builds [`Dc`].
pub fn exact_with(
    problem: &Problem,
    method: Method,
) -> Result<(Box<dyn Engine + Send>, EngineKind), EngineError> {
    match method {
        Method::Dlx => exact(problem),
        Method::Dc => Ok((Box::new(Dc::new(problem)?), EngineKind::Dc)),
    }
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
            EngineKind::Dc => write!(f, "dc (dancing cells, counted as SSXC1)"),
        }
    }
}

/// Option widths that get the uniform fast path (one compiled search per width and index type).
pub const UNIFORM_WIDTHS: std::ops::RangeInclusive<usize> = 2..=8;

/// An exact-cover engine (Algorithm X/C, no multiplicities) for `problem` that can move between
/// threads: [`UniformDlx`] when every item is primary and every option has the same number of
/// items (in [`UNIFORM_WIDTHS`]) and the fast path accepts the problem, else [`Dlx`]. Both give
/// the same solutions in the same order, and the same nodes, updates, profile, guesses and dead
/// ends (`tests/integration/xc_engine.rs` and `tests/integration/counting.rs` hold them equal),
/// so the choice changes only the speed. Fails only for multiplicities.
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
