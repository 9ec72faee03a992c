//! `mrv`: minimum-candidate search as Wang & Zou (2010) describe it, able to record its decision tree.
//!
//! The paper builds the search from four primitives, kept recognisable here:
//!
//! - **Check**: the candidates of one empty cell — the digits missing from its row, column and box.
//!   Each call is counted ([`DecisionTree::checks`]); the decision-tree difficulty index uses them.
//! - **FindCandidate**: Check every empty cell in reading order and take the one with fewest candidates
//!   (the first of equals). The scan stops early only at a cell with no candidate.
//! - **Success**: no empty cell is left: a solution.
//! - **Failed**: FindCandidate met a cell without candidates: a dead end, the search goes back.
//!
//! Nothing is propagated: a cell with one candidate is filled like any other, one node per placement.
//! So every node of the tree is a state of the grid: the root, and each state reached by placing a
//! value; the tree has exactly `stats.nodes` nodes. A *guess* is a child of a cell with two or more
//! candidates. The search lists every solution when `max_solutions` is 0.
//!
//! The state is the grid plus one "used digits" mask per row, column and box; Check is three loads and
//! an OR, and placing or removing a value flips three bits, so backtracking undoes in place.

use crate::sudoku::{Grid, Shape};

use super::geometry::{Geometry, MAX_SIDE};
use super::tally::Tally;
use super::trace::{bits, Contradiction, NoTrace, Trace, TraceEvent};
use super::{Descriptor, Outcome, SolveLimits, Solver};

/// The registered `mrv` solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mrv;

impl Solver for Mrv {
    fn name(&self) -> &'static str {
        "mrv"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "cell array + used-digit masks per unit",
            propagation: "none",
            heuristic: "fewest candidates (Wang & Zou 2010)",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape.side() <= MAX_SIDE
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        // The same tree, with FindCandidate over all cells at once on 9x9 bitboards.
        if grid.shape() == Shape::CLASSIC {
            return super::mrv_board::solve(grid, limits);
        }
        solve_traced(grid, limits, &mut NoTrace)
    }
}

/// Solves like [`Mrv`], sending every trial, dead end and solution to `trace`.
pub fn solve_traced<T: Trace>(grid: &Grid, limits: &SolveLimits, trace: &mut T) -> Outcome {
    if !Geometry::supports(grid.shape()) {
        return Outcome::unsupported();
    }
    let mut search = Search::<T, false>::new(grid, limits, trace);
    let completed = search.run();
    search.tally.finish(grid.shape(), completed)
}

/// Solves like [`Mrv`] and returns the decision tree of the search beside the outcome.
///
/// The tree is complete when the search was (status `unique`, `none`, or `multiple` with
/// `max_solutions == 0`); otherwise it holds the part explored before the search stopped.
pub fn decision_tree(grid: &Grid, limits: &SolveLimits) -> (Outcome, DecisionTree) {
    if !Geometry::supports(grid.shape()) {
        let tree = DecisionTree {
            nodes: Vec::new(),
            checks: 0,
        };
        return (Outcome::unsupported(), tree);
    }
    let mut no_trace = NoTrace;
    let mut search = Search::<NoTrace, true>::new(grid, limits, &mut no_trace);
    let completed = search.run();
    let checks = search.checks;
    let tree = DecisionTree {
        nodes: std::mem::take(&mut search.tree),
        checks,
    };
    (search.tally.finish(grid.shape(), completed), tree)
}

/// The decision tree of a minimum-candidate search, nodes in pre-order (the root is `nodes[0]`; the
/// subtree of node `i` is `nodes[i..i + nodes[i].size]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecisionTree {
    /// The nodes, in the order the search entered them.
    pub nodes: Vec<TreeNode>,
    /// Check calls made by the whole search.
    pub checks: u64,
}

/// One node of a [`DecisionTree`]: a state of the grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeNode {
    /// The cell FindCandidate chose (0-based, row by row), or at a dead end the cell found without
    /// candidates; `None` at a solution.
    pub cell: Option<usize>,
    /// The chosen cell's candidates in the order tried (ascending); empty at a dead end or solution.
    pub candidates: Vec<u8>,
    /// Node ids of the children, one per candidate tried (fewer when the search stopped early).
    pub children: Vec<usize>,
    /// Nodes in this subtree, this one included.
    pub size: u64,
    /// Solutions in this subtree.
    pub solutions: u64,
    /// Check calls made at this node by FindCandidate.
    pub checks: u64,
}

impl TreeNode {
    /// True when the node is a solution (Success).
    pub fn is_solution(&self) -> bool {
        self.cell.is_none()
    }

    /// True when FindCandidate failed here (Failed).
    pub fn is_dead_end(&self) -> bool {
        self.cell.is_some() && self.candidates.is_empty()
    }
}

impl DecisionTree {
    /// The root, if the search entered one.
    pub fn root(&self) -> Option<&TreeNode> {
        self.nodes.first()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the tree has no node (the budget allowed none).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// The running search. `RECORD` switches the decision tree on at compile time.
struct Search<'t, T: Trace, const RECORD: bool> {
    geo: &'static Geometry,
    values: Vec<u8>,
    /// Used digits per unit, indexed like [`Geometry::unit`]: rows, columns, boxes.
    used: Vec<u32>,
    /// The empty cells in reading order, as a circular doubly linked list through `next`/`prev`
    /// with the head at index `cells` — dancing links over cells: a cell leaves the list while it
    /// holds a trial value and comes back in LIFO order, so FindCandidate visits empty cells only
    /// and still in reading order.
    next: Vec<u16>,
    prev: Vec<u16>,
    tally: Tally,
    checks: u64,
    tree: Vec<TreeNode>,
    trace: &'t mut T,
}

impl<'t, T: Trace, const RECORD: bool> Search<'t, T, RECORD> {
    fn new(grid: &Grid, limits: &SolveLimits, trace: &'t mut T) -> Self {
        let geo = Geometry::of(grid.shape());
        let mut search = Search {
            geo,
            values: vec![0; geo.cells],
            used: vec![0; geo.unit_count()],
            next: vec![0; geo.cells + 1],
            prev: vec![0; geo.cells + 1],
            tally: Tally::new(limits),
            checks: 0,
            tree: Vec::new(),
            trace,
        };
        let head = geo.cells;
        let mut last = head;
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                search.place(cell, d);
            } else {
                search.next[last] = cell as u16;
                search.prev[cell] = last as u16;
                last = cell;
            }
        }
        search.next[last] = head as u16;
        search.prev[head] = last as u16;
        search
    }

    /// Takes `cell` out of the list of empty cells.
    #[inline]
    fn unlink(&mut self, cell: usize) {
        let (p, n) = (self.prev[cell], self.next[cell]);
        self.next[p as usize] = n;
        self.prev[n as usize] = p;
    }

    /// Puts `cell` back where [`Search::unlink`] took it from (valid in LIFO order).
    #[inline]
    fn relink(&mut self, cell: usize) {
        let (p, n) = (self.prev[cell], self.next[cell]);
        self.next[p as usize] = cell as u16;
        self.prev[n as usize] = cell as u16;
    }

    #[inline]
    fn place(&mut self, cell: usize, d: u8) {
        let bit = 1u32 << (d - 1);
        let [r, c, b] = self.geo.rcb(cell);
        let n = self.geo.side;
        self.values[cell] = d;
        self.used[r as usize] |= bit;
        self.used[n + c as usize] |= bit;
        self.used[2 * n + b as usize] |= bit;
    }

    #[inline]
    fn unplace(&mut self, cell: usize, d: u8) {
        let bit = 1u32 << (d - 1);
        let [r, c, b] = self.geo.rcb(cell);
        let n = self.geo.side;
        self.values[cell] = 0;
        self.used[r as usize] &= !bit;
        self.used[n + c as usize] &= !bit;
        self.used[2 * n + b as usize] &= !bit;
    }

    /// Check: the candidates of an empty cell.
    #[inline]
    fn check(&mut self, cell: usize) -> u32 {
        self.checks += 1;
        let [r, c, b] = self.geo.rcb(cell);
        let n = self.geo.side;
        self.geo.full
            & !(self.used[r as usize] | self.used[n + c as usize] | self.used[2 * n + b as usize])
    }

    /// FindCandidate: the empty cell with fewest candidates and those candidates, or `None` when the
    /// grid is full.
    fn find_candidate(&mut self) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        let mut best_count = u32::MAX;
        let head = self.geo.cells;
        let mut cell = self.next[head] as usize;
        while cell != head {
            let cands = self.check(cell);
            // Most nodes have a forced cell early in the scan; after that only an empty cell can
            // do better, and testing for it needs no population count (which is a dozen
            // instructions without the `popcnt` target feature).
            let fewer = match best_count {
                1 => cands == 0,
                2 => cands & cands.wrapping_sub(1) == 0,
                _ => cands.count_ones() < best_count,
            };
            if fewer {
                best = Some((cell, cands));
                best_count = cands.count_ones();
                if best_count == 0 {
                    break;
                }
            }
            cell = self.next[cell] as usize;
        }
        best
    }

    /// Runs from the root; returns `true` when the whole tree was explored.
    fn run(&mut self) -> bool {
        if !self.tally.enter_node() {
            if T::ENABLED {
                self.trace.event(TraceEvent::Limit { depth: 0 });
            }
            return false;
        }
        !self.node(0)
    }

    /// Explores the subtree of the current node (already counted); returns `true` to stop the search.
    fn node(&mut self, depth: usize) -> bool {
        let id = self.tree.len();
        let solutions_before = self.tally.solutions;
        if RECORD {
            self.tree.push(TreeNode::default());
        }
        let stop = self.explore(id, depth);
        if RECORD {
            let size = (self.tree.len() - id) as u64;
            let node = &mut self.tree[id];
            node.size = size;
            node.solutions = self.tally.solutions - solutions_before;
        }
        stop
    }

    fn explore(&mut self, id: usize, depth: usize) -> bool {
        let checks_before = self.checks;
        let found = self.find_candidate();
        if RECORD {
            self.tree[id].checks = self.checks - checks_before;
        }
        let Some((cell, mut cands)) = found else {
            // Success.
            let stop = self.tally.solution(|| self.values.clone());
            if T::ENABLED {
                let grid = self.grid();
                self.trace.event(TraceEvent::Solution {
                    depth,
                    index: self.tally.solutions,
                    grid,
                });
            }
            return stop;
        };
        if RECORD {
            let node = &mut self.tree[id];
            node.cell = Some(cell);
            node.candidates = bits(cands).collect();
        }
        if cands == 0 {
            // Failed.
            self.tally.backtracks += 1;
            if T::ENABLED {
                self.trace.event(TraceEvent::Contradiction {
                    depth,
                    reason: Contradiction::NoCandidate { cell },
                });
            }
            return false;
        }
        let choices = cands;
        let branching = cands.count_ones() >= 2;
        // The cell leaves the empty list for the whole branch; a stopped search never needs it back.
        self.unlink(cell);
        while cands != 0 {
            let d = cands.trailing_zeros() as u8 + 1;
            cands &= cands - 1;
            if !self.tally.enter_node() {
                if T::ENABLED {
                    self.trace.event(TraceEvent::Limit { depth });
                }
                return true;
            }
            if branching {
                self.tally.guesses += 1;
            }
            if T::ENABLED {
                self.trace.event(TraceEvent::Trial {
                    depth,
                    cell,
                    digit: d,
                    choices,
                });
            }
            if RECORD {
                let child = self.tree.len();
                self.tree[id].children.push(child);
            }
            self.place(cell, d);
            let stop = self.node(depth + 1);
            self.unplace(cell, d);
            if stop {
                return true;
            }
        }
        self.relink(cell);
        if T::ENABLED {
            self.trace.event(TraceEvent::Backtrack {
                depth,
                cell,
                choices,
            });
        }
        false
    }

    fn grid(&self) -> Grid {
        let mut grid = Grid::empty(self.geo.shape);
        for (cell, &d) in self.values.iter().enumerate() {
            grid.set(cell, d);
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use crate::solvers::Status;
    use crate::sudoku::check_solution;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn solves_a_17_clue_puzzle() {
        let grid = Grid::parse(PUZZLE).unwrap();
        let out = Mrv.solve(&grid, &SolveLimits::default());
        assert_eq!(out.status, Status::Unique);
        check_solution(&grid, out.solution.as_ref().unwrap()).unwrap();
        assert!(out.stats.guesses <= out.stats.nodes);
    }

    #[test]
    fn counts_every_solution_of_an_empty_4x4() {
        let grid = Grid::empty(Shape::square(2).unwrap());
        let limits = SolveLimits {
            max_solutions: 0,
            ..SolveLimits::default()
        };
        let out = Mrv.solve(&grid, &limits);
        assert_eq!(out.solutions, 288);
        assert_eq!(out.status, Status::Multiple);
    }

    #[test]
    fn tree_matches_the_counters() {
        let grid = Grid::parse(PUZZLE).unwrap();
        let (out, tree) = decision_tree(&grid, &SolveLimits::default());
        assert_eq!(tree.len() as u64, out.stats.nodes);
        let root = tree.root().unwrap();
        assert_eq!(root.size, out.stats.nodes);
        assert_eq!(root.solutions, 1);
        let dead_ends = tree.nodes.iter().filter(|n| n.is_dead_end()).count() as u64;
        assert_eq!(dead_ends, out.stats.backtracks);
        assert_eq!(
            tree.nodes.iter().map(|n| n.checks).sum::<u64>(),
            tree.checks
        );
        for (i, node) in tree.nodes.iter().enumerate() {
            assert!(node.children.len() <= node.candidates.len());
            let sizes: u64 = node.children.iter().map(|&c| tree.nodes[c].size).sum();
            assert_eq!(node.size, 1 + sizes, "node {i}");
        }
    }

    /// The 9x9 board path must walk exactly the general search's tree: with four lanes where the
    /// counts cannot depend on the order (and falling back to one lane where they turn out to), and
    /// with one lane always.
    #[test]
    fn board_path_matches_the_general_search() {
        let mut puzzles = vec![
            PUZZLE.to_string(),
            ".".repeat(81),
            "12345678.".to_string() + &".".repeat(72),
        ];
        if let Ok(dir) = std::env::var("DLXLAB_DATA") {
            if let Ok(text) =
                std::fs::read_to_string(std::path::Path::new(&dir).join("17-clue.txt"))
            {
                puzzles.extend(
                    text.lines()
                        .filter(|l| !l.starts_with('#'))
                        .step_by(500)
                        .map(|l| l.split_whitespace().next().unwrap_or("").to_string()),
                );
            }
        }
        // Drop givens from the first puzzle to get many solutions.
        let mut sparse: Vec<char> = PUZZLE.chars().collect();
        for k in [0, 6, 8, 10] {
            sparse[k] = '.';
        }
        puzzles.push(sparse.into_iter().collect());
        for p in &puzzles {
            let grid = Grid::parse(p).unwrap();
            for limits in [
                SolveLimits::default(),
                SolveLimits {
                    max_solutions: 0,
                    budget: Limits::nodes(200_000),
                },
                SolveLimits {
                    max_solutions: 5,
                    budget: Limits::nodes(1_000),
                },
                SolveLimits {
                    max_solutions: 1,
                    budget: Limits::NONE,
                },
                SolveLimits {
                    max_solutions: 3,
                    budget: Limits::nodes(100_000),
                },
            ] {
                let general = solve_traced(&grid, &limits, &mut NoTrace);
                let board = crate::solvers::mrv_board::solve(&grid, &limits);
                assert_eq!(board, general, "{p} {limits:?}");
                let one_lane = crate::solvers::mrv_board::solve_one_lane(&grid, &limits);
                assert_eq!(one_lane, general, "one lane: {p} {limits:?}");
            }
        }
    }

    #[test]
    fn node_budget_gives_limit() {
        let grid = Grid::parse(PUZZLE).unwrap();
        let limits = SolveLimits {
            max_solutions: 2,
            budget: Limits::nodes(10),
        };
        let out = Mrv.solve(&grid, &limits);
        assert_eq!(out.status, Status::Limit);
        assert_eq!(out.stats.nodes, 10);
    }

    #[test]
    fn traces_a_dead_end() {
        // Row 1 holds 1-8 and column 9 holds 9 (at r5c9): r1c9 has no candidate at the root.
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(72));
        let mut cells: Vec<char> = line.chars().collect();
        cells[9 * 4 + 8] = '9';
        let line: String = cells.into_iter().collect();
        let grid = Grid::parse(&line).unwrap();
        let mut events = Vec::new();
        let out = solve_traced(&grid, &SolveLimits::default(), &mut |e| events.push(e));
        assert_eq!(out.status, Status::None);
        assert!(matches!(
            events[0],
            TraceEvent::Contradiction {
                reason: Contradiction::NoCandidate { cell: 8 },
                ..
            }
        ));
    }
}
