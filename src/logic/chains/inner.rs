//! What a dynamic chain asks of the inner searches nested in it (SE's levels 1 to 4): the
//! deductions on the grid an assumption leaves, and the length of the inner hint each came from.
//! It sits below both the chain search (`dynamic`, `assumption`) and the inner searches
//! (`nested`), which run whole chain searches in turn: the two meet here, so neither file imports
//! the other back.

use std::rc::Rc;

use super::Node;

/// No inner hint: the node came from a direct implication or a basic rule.
pub(super) const NO_NEST: u32 = u32::MAX;

/// One inner deduction: the candidate turned off, its parents, and the inner hint (or
/// [`NO_NEST`]).
pub(super) type NestedDeduction = (Node, Vec<Node>, u32);

/// The inner searches of one outer chain search.
pub(super) trait Inner {
    /// The deductions of the basic or inner rules on the grid whose candidates are `cands`.
    fn deductions(&mut self, cands: &[u16; 81]) -> Rc<Vec<NestedDeduction>>;
    /// The length of inner hint `id` (SE's nested complexity).
    fn length(&self, id: u32) -> usize;
}
