//! First solution, counting up to a limit, counting all — over any [`Engine`].
//!
//! These helpers take `E: Engine + ?Sized`, so they accept a concrete engine (`&mut Dlx`) as well as
//! a trait object (`&mut dyn Engine`). The count is `result.stats.solutions`; it is exact only when
//! `result.end` is [`SearchEnd::Exhausted`] — or [`SearchEnd::Stopped`] by the solution limit, in
//! which case at least that many solutions exist.

use super::engine::Engine;
use super::{Control, Limits, OptionId, SearchEnd, SearchResult};

/// The first solution (forced options first), if the search finds one within the limits.
pub fn first_solution<E: Engine + ?Sized>(
    engine: &mut E,
    limits: &Limits,
) -> (Option<Vec<OptionId>>, SearchResult) {
    let mut found = None;
    let result = engine.search_dyn(limits, &mut |sol: &[OptionId]| {
        found = Some(sol.to_vec());
        Control::Stop
    });
    (found, result)
}

/// Counts solutions, stopping at `max_solutions` (`0` = count all). The count is
/// `result.stats.solutions`.
pub fn count<E: Engine + ?Sized>(
    engine: &mut E,
    max_solutions: u64,
    limits: &Limits,
) -> SearchResult {
    let mut seen = 0u64;
    engine.search_dyn(limits, &mut |_: &[OptionId]| {
        seen += 1;
        if max_solutions != 0 && seen >= max_solutions {
            Control::Stop
        } else {
            Control::Continue
        }
    })
}

/// True when `result` proves its count exact: the tree was exhausted.
pub fn is_exact(result: &SearchResult) -> bool {
    result.end == SearchEnd::Exhausted
}
