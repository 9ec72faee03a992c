//! The interface shared by the exact-cover engines: [`crate::xc::dlx::Dlx`] (Algorithm X/C, Knuth's
//! dlx1/dlx2), its fast path for uniform problems [`crate::xc::dlx::UniformDlx`], and
//! [`crate::xc::mcc::Mcc`] (Algorithm M, dlx3). This module only defines the trait and its errors;
//! it names no engine, so every engine depends on it and not the reverse.
//! [`crate::xc::choose`] picks the engine for a problem.
//!
//! An engine owns a matrix built once from a [`Problem`](crate::xc::Problem). Options may be
//! *forced* before a search (their items are covered as if the search had chosen them) and
//! *released* after it, so one matrix serves many related searches — every Sudoku puzzle of one
//! shape, or every subtree of a split count. The slice a search passes to its callback holds the
//! forced options first, in forcing order, then the options chosen by the search, level by level.

use super::{ChoicePolicy, Control, ItemId, Limits, OptionId, SearchResult};

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

    /// The mems of the last search, for engines that count them as Knuth's programs do (the
    /// dancing-cells engine, as SSXC1); `None` for the others.
    fn mems(&self) -> Option<u64> {
        None
    }
}

/// Why an engine cannot be built for a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The problem has primary items with multiplicities, which only Algorithm M handles.
    #[error(
        "item `{item}` has multiplicity bounds: this engine handles exact cover only; Algorithm M handles them, which the `dlx` engine runs for such problems (`--engine dlx`, the default)"
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

impl ForceError {
    /// `Ok` when `option` is one of a problem's `options` options, else [`ForceError::UnknownOption`]:
    /// the first check of every engine's [`Engine::force`].
    pub fn check_known(option: OptionId, options: usize) -> Result<(), ForceError> {
        if (option.0 as usize) < options {
            Ok(())
        } else {
            Err(ForceError::UnknownOption { option, options })
        }
    }
}

/// A boxed engine is an engine, so that code generic over `E: Engine` (such as
/// [`crate::xc::split::count_paths`]) can take the engine [`crate::xc::choose::exact`] chose.
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

    fn mems(&self) -> Option<u64> {
        (**self).mems()
    }
}
