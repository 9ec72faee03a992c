//! The one list of solvers, used by the CLI, the harness, the benches and the differential tests.

use super::Solver;

/// Every registered solver, in a fixed order (the order of CSV rows and report tables).
pub fn all_solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(super::backtrack::Backtrack),
        Box::new(super::mrv::Mrv),
        Box::new(super::singles::Singles),
        Box::new(super::locked::Locked),
        Box::new(super::subsets::Subsets),
        Box::new(super::fast::Fast),
        Box::new(super::fast::band::Band),
        Box::new(super::dlx::DlxSolver),
        Box::new(super::dc::DcSolver),
    ]
}

/// Solvers made for counting all solutions, registered beside [`all_solvers`] but not in the default
/// study set: their node counts do not follow the tree-walking definition (see
/// [`crate::solvers::fast::count`]). `dlxlab count` uses `memo` by default for 9x9 puzzles.
pub fn counting_solvers() -> Vec<Box<dyn Solver>> {
    vec![Box::new(super::fast::count::Memo)]
}

/// The names of [`all_solvers`] (the default study set), in registry order.
pub fn names() -> Vec<&'static str> {
    all_solvers().iter().map(|s| s.name()).collect()
}

/// The names of [`all_solvers`] then [`counting_solvers`]: every name [`by_name`] knows.
pub fn all_names() -> Vec<&'static str> {
    all_solvers()
        .iter()
        .chain(counting_solvers().iter())
        .map(|s| s.name())
        .collect()
}

/// The solver with this name, from [`all_solvers`] or [`counting_solvers`].
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    all_solvers()
        .into_iter()
        .chain(counting_solvers())
        .find(|s| s.name() == name)
}
