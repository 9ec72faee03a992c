//! The bookkeeping every backtracking solver shares: counters, budget, solutions, and the
//! [`Outcome`] they add up to.

use crate::budget::{Budget, Halt};
use crate::sudoku::{Grid, Shape};

use super::{Deductions, Outcome, SolveLimits, Stats, Status};

/// Counters and limits of one running search.
pub(crate) struct Tally {
    /// Search-tree nodes entered so far.
    pub nodes: u64,
    /// Children entered at branch points with two or more choices.
    pub guesses: u64,
    /// Dead ends.
    pub backtracks: u64,
    /// Deductions by technique.
    pub deductions: Deductions,
    /// Solutions found.
    pub solutions: u64,
    /// The first solution, cell values row by row.
    pub first: Option<Vec<u8>>,
    /// Why the search stopped early, if it did.
    pub halted: Option<Halt>,
    max_solutions: u64,
    budget: Budget,
    /// [`Budget::quiet_below`] as of the last time the budget was asked: nodes below it are
    /// counted without asking.
    quiet_below: u64,
}

impl Tally {
    pub fn new(limits: &SolveLimits) -> Tally {
        let budget = Budget::start(&limits.budget);
        let quiet_below = budget.quiet_below();
        Tally {
            nodes: 0,
            guesses: 0,
            backtracks: 0,
            deductions: Deductions::default(),
            solutions: 0,
            first: None,
            halted: None,
            max_solutions: limits.max_solutions,
            budget,
            quiet_below,
        }
    }

    /// Asks the budget for one more node; counts it when granted. Returns `false` (and remembers
    /// why) when the search must stop.
    #[inline]
    pub fn enter_node(&mut self) -> bool {
        let next = self.nodes + 1;
        if next < self.quiet_below {
            self.nodes = next;
            true
        } else {
            self.ask_budget(next)
        }
    }

    /// The node number from which [`Tally::ask_budget`] must be called (below it the budget has
    /// nothing to do): for searches that count nodes elsewhere and ask the budget now and then.
    #[inline]
    pub fn quiet_below(&self) -> u64 {
        self.quiet_below
    }

    /// Whether the node budget allows `nodes` nodes (the clock aside).
    pub fn allows(&self, nodes: u64) -> bool {
        self.budget.allows(nodes)
    }

    /// Asks the budget about node number `next`: `false` (and why, in `halted`) when the search
    /// must stop there; else `nodes` becomes `next`.
    #[cold]
    #[inline(never)]
    pub fn ask_budget(&mut self, next: u64) -> bool {
        let answer = self.budget.check(next);
        self.quiet_below = self.budget.quiet_below();
        match answer {
            Some(halt) => {
                self.halted = Some(halt);
                false
            }
            None => {
                self.nodes = next;
                true
            }
        }
    }

    /// Records a solution; returns `true` when the solution limit is reached.
    pub fn solution(&mut self, cells: impl FnOnce() -> Vec<u8>) -> bool {
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(cells());
        }
        self.max_solutions != 0 && self.solutions >= self.max_solutions
    }

    /// The outcome of the search.
    pub fn finish(self, shape: Shape, completed: bool) -> Outcome {
        let completed = completed && self.halted.is_none();
        // Built without checking the rules: callers verify solutions with `check_solution`, and a
        // solver bug must show up there rather than be hidden by a rejected grid.
        let solution = self.first.map(|cells| {
            let mut grid = Grid::empty(shape);
            for (cell, d) in cells.into_iter().enumerate() {
                grid.set(cell, d);
            }
            grid
        });
        Outcome {
            status: Status::from_search(self.solutions, completed, self.max_solutions),
            solutions: self.solutions,
            solution,
            stats: Stats {
                nodes: self.nodes,
                guesses: self.guesses,
                backtracks: self.backtracks,
                time_ns: 0,
                deductions: self.deductions,
                unreported: Default::default(),
            },
        }
    }
}
