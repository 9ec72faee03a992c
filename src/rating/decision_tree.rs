//! The decision-tree difficulty index of Wang & Zou (2010), from the search tree of `mrv`.
//!
//! Wang & Zou rate a puzzle by two things seen in the decision tree of minimum-candidate search:
//! the **amount of computation**, and the **difficulty of the choices** made. Their exact formula is
//! not available to us, so this module defines both ingredients precisely and lets the user pick the
//! variant ([`Variant`]); `dlxlab` reports [`Variant::Combined`] unless told otherwise.
//!
//! The tree is [`crate::solvers::mrv::DecisionTree`]: one node per grid state (the root and each
//! placement), children in the order tried, complete when the search proved the solution count. A
//! node is *branching* when its cell had two or more candidates. Let `s` be the first solution
//! leaf in the order the search met it (pre-order), and `P` the path from the root to `s`.
//!
//! | measure | definition |
//! |---|---|
//! | `nodes` | nodes of the whole tree (`mrv`'s node count) |
//! | `checks` | Check calls of the whole search (candidate computations of a cell) |
//! | `wrong_choices` | over branching nodes met before `s`: the children met before `s` whose subtree holds no solution |
//! | `wasted_nodes` | over branching nodes on `P`: the sizes of the subtrees of the children tried before the one on `P` — every node met before `s` and not on `P` |
//!
//! `wrong_choices` counts bad decisions at every level (a wrong guess inside a wrong subtree counts
//! too); `wasted_nodes` weights each wrong decision on the way to the solution by the size of the
//! subtree it cost. A puzzle without solution has no `s`: every node but the root is met "before" it,
//! so `wasted_nodes = nodes - 1`. A puzzle that minimum-candidate search solves without a guess has
//! both at zero.
//!
//! The variants ([`Variant`]):
//! - `nodes`, `checks`: computation alone;
//! - `wrong-choices`, `wasted-nodes`: choice difficulty alone;
//! - `combined` (default): `log10(checks) + log10(1 + wasted_nodes)` — the product of computation and
//!   (one plus) the weighted choice difficulty, on a log scale. Both terms grow with difficulty; the
//!   log keeps the index in a readable range (about 2-12 for 9x9) and makes it rank puzzles the
//!   same way the product would.

use std::fmt;
use std::str::FromStr;

use crate::solvers::mrv::{self, DecisionTree};
use crate::solvers::{Outcome, SolveLimits, Status};
use crate::sudoku::Grid;

/// Which number the index reports; see the module documentation for the definitions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Computation: nodes of the decision tree.
    Nodes,
    /// Computation: Check calls.
    Checks,
    /// Choice difficulty: wrong candidates tried before the first solution.
    WrongChoices,
    /// Choice difficulty weighted by subtree size: nodes spent off the solution path.
    WastedNodes,
    /// `log10(checks) + log10(1 + wasted_nodes)`.
    #[default]
    Combined,
}

impl Variant {
    /// Every variant, in documentation order.
    pub const ALL: [Variant; 5] = [
        Variant::Nodes,
        Variant::Checks,
        Variant::WrongChoices,
        Variant::WastedNodes,
        Variant::Combined,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Nodes => "nodes",
            Variant::Checks => "checks",
            Variant::WrongChoices => "wrong-choices",
            Variant::WastedNodes => "wasted-nodes",
            Variant::Combined => "combined",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Variant`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown decision-tree variant {0:?} (nodes, checks, wrong-choices, wasted-nodes, combined)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// The ingredients of the index, measured on one decision tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measures {
    /// Nodes of the tree.
    pub nodes: u64,
    /// Check calls.
    pub checks: u64,
    /// Branching nodes (two or more candidates) in the whole tree.
    pub branching_nodes: u64,
    /// Wrong candidates tried before the first solution.
    pub wrong_choices: u64,
    /// Nodes met before the first solution and not on its path.
    pub wasted_nodes: u64,
    /// Solutions in the tree.
    pub solutions: u64,
}

impl Measures {
    /// Measures a tree (an empty tree measures zero everywhere).
    pub fn of(tree: &DecisionTree) -> Measures {
        let nodes = &tree.nodes;
        if nodes.is_empty() {
            return Measures::default();
        }
        let first = nodes
            .iter()
            .position(|n| n.is_solution())
            .unwrap_or(nodes.len());
        let mut m = Measures {
            nodes: nodes.len() as u64,
            checks: tree.checks,
            solutions: nodes[0].solutions,
            ..Measures::default()
        };
        for (id, node) in nodes.iter().enumerate() {
            if node.candidates.len() < 2 {
                continue;
            }
            m.branching_nodes += 1;
            if id < first {
                m.wrong_choices += node
                    .children
                    .iter()
                    .filter(|&&c| c < first && nodes[c].solutions == 0)
                    .count() as u64;
            }
        }
        // Pre-order numbering: the nodes met before `first` are exactly its ids below it, and the
        // path to it has one node per level.
        m.wasted_nodes = if first == nodes.len() {
            m.nodes - 1
        } else {
            let mut depth = 0u64;
            let mut v = 0;
            while v != first {
                // The child whose subtree holds `first`: the last child numbered at most `first`.
                // (A hand-built tree that is not in pre-order may have none: stop there.)
                match nodes[v].children.iter().rev().find(|&&c| c <= first) {
                    Some(&c) if c > v => v = c,
                    _ => break,
                }
                depth += 1;
            }
            first as u64 - depth
        };
        m
    }

    /// The index of one variant.
    pub fn index(&self, variant: Variant) -> f64 {
        match variant {
            Variant::Nodes => self.nodes as f64,
            Variant::Checks => self.checks as f64,
            Variant::WrongChoices => self.wrong_choices as f64,
            Variant::WastedNodes => self.wasted_nodes as f64,
            Variant::Combined => {
                (self.checks.max(1) as f64).log10() + (1.0 + self.wasted_nodes as f64).log10()
            }
        }
    }
}

/// Runs `mrv` on `grid` recording its decision tree (all solutions are listed when
/// `limits.max_solutions` is 0; the default, 2, is enough to settle a unique puzzle) and measures
/// the tree. The outcome tells whether the tree is complete (`status` is not `limit`).
pub fn measure(grid: &Grid, limits: &SolveLimits) -> (Outcome, Measures) {
    let (outcome, tree) = mrv::decision_tree(grid, limits);
    (outcome, Measures::of(&tree))
}

/// The index of `grid` under `variant`, or `None` when the search hit a budget of `limits` (a
/// partial tree would understate the difficulty).
pub fn rate(grid: &Grid, variant: Variant, limits: &SolveLimits) -> Option<f64> {
    let (outcome, measures) = measure(grid, limits);
    (outcome.status != Status::Limit).then(|| measures.index(variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::mrv::TreeNode;

    fn node(
        cell: Option<usize>,
        cands: &[u8],
        children: &[usize],
        size: u64,
        sols: u64,
    ) -> TreeNode {
        TreeNode {
            cell,
            candidates: cands.to_vec(),
            children: children.to_vec(),
            size,
            solutions: sols,
            checks: 1,
        }
    }

    /// ```text
    /// 0 r?  {1,2}        branching
    /// ├─1  {7}           forced
    /// │ └─2 dead end
    /// └─3  {3,4}         branching
    ///   ├─4 dead end
    ///   └─5 solution
    /// ```
    fn small_tree() -> DecisionTree {
        DecisionTree {
            nodes: vec![
                node(Some(0), &[1, 2], &[1, 3], 6, 1),
                node(Some(5), &[7], &[2], 2, 0),
                node(Some(9), &[], &[], 1, 0),
                node(Some(6), &[3, 4], &[4, 5], 3, 1),
                node(Some(7), &[], &[], 1, 0),
                node(None, &[], &[], 1, 1),
            ],
            checks: 6,
        }
    }

    #[test]
    fn measures_a_hand_checked_tree() {
        let m = Measures::of(&small_tree());
        assert_eq!(
            m,
            Measures {
                nodes: 6,
                checks: 6,
                branching_nodes: 2,
                // Child 1 of the root, child 4 of node 3.
                wrong_choices: 2,
                // Nodes 1 and 2 (subtree of child 1), and node 4.
                wasted_nodes: 3,
                solutions: 1,
            }
        );
        assert_eq!(m.index(Variant::WastedNodes), 3.0);
        let combined = m.index(Variant::Combined);
        assert!((combined - (6f64.log10() + 4f64.log10())).abs() < 1e-12);
    }

    #[test]
    fn wrong_choices_after_the_solution_do_not_count() {
        // Root {1,2}: child 1 is the solution, child 2 a dead end tried afterwards (proving
        // uniqueness). No wrong choice was made on the way.
        let tree = DecisionTree {
            nodes: vec![
                node(Some(0), &[1, 2], &[1, 2], 3, 1),
                node(None, &[], &[], 1, 1),
                node(Some(3), &[], &[], 1, 0),
            ],
            checks: 3,
        };
        let m = Measures::of(&tree);
        assert_eq!(
            (m.wrong_choices, m.wasted_nodes, m.branching_nodes),
            (0, 0, 1)
        );
    }

    #[test]
    fn no_solution_wastes_everything_but_the_root() {
        let tree = DecisionTree {
            nodes: vec![
                node(Some(0), &[1, 2], &[1, 2], 3, 0),
                node(Some(3), &[], &[], 1, 0),
                node(Some(3), &[], &[], 1, 0),
            ],
            checks: 4,
        };
        let m = Measures::of(&tree);
        assert_eq!((m.wrong_choices, m.wasted_nodes), (2, 2));
    }

    #[test]
    fn easy_puzzle_has_no_wrong_choice_and_hard_one_has() {
        let easy = Grid::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let hard = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .unwrap();
        let limits = SolveLimits::default();
        let (_, e) = measure(&easy, &limits);
        let (_, h) = measure(&hard, &limits);
        assert_eq!((e.wrong_choices, e.wasted_nodes), (0, 0));
        assert!(h.wrong_choices > 0 && h.wasted_nodes > 0);
        for v in Variant::ALL {
            assert!(h.index(v) > e.index(v), "{v}");
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert!("bogus".parse::<Variant>().is_err());
        assert_eq!(rate(&easy, Variant::Nodes, &limits), Some(e.nodes as f64));
    }
}
