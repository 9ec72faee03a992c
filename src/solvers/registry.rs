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
        Box::new(super::dlx::DlxSolver),
    ]
}

/// The registered names, in registry order.
pub fn names() -> Vec<&'static str> {
    all_solvers().iter().map(|s| s.name()).collect()
}

/// The solver with this name.
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    all_solvers().into_iter().find(|s| s.name() == name)
}
