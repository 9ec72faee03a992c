//! The search shared by `singles`, `locked` and `subsets`: propagate to a fixpoint at every node,
//! branch on a cell with fewest candidates, copy the board on every branch.
//!
//! At each node the techniques of the solver's [`Level`] run in order of cost — singles to their
//! fixpoint, then locked candidates, then pairs and triples — and after any technique changes the
//! board the cheap ones run again. When nothing applies the search branches on the first cell (in
//! reading order) with fewest candidates: after singles every empty cell has at least two, so
//! two-candidate cells come first, as Su (2014) prescribes. A contradiction anywhere abandons the node;
//! the trial that led there is undone by returning to the parent's board.

use crate::sudoku::Grid;

use super::board::Board;
use super::geometry::Geometry;
use super::tally::Tally;
use super::techniques::{locked, singles, subsets, Ctx};
use super::trace::{Contradiction, Trace, TraceEvent};
use super::{Outcome, SolveLimits};

/// Which techniques run at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Naked and hidden singles.
    Singles,
    /// Singles, then pointing and claiming.
    Locked,
    /// Locked, then naked and hidden pairs and triples.
    Subsets,
}

/// Solves `grid` with the techniques of `level` at every node.
pub(crate) fn solve<T: Trace>(
    grid: &Grid,
    limits: &SolveLimits,
    level: Level,
    trace: &mut T,
) -> Outcome {
    if !Geometry::supports(grid.shape()) {
        return Outcome::unsupported();
    }
    let geo = Geometry::of(grid.shape());
    let mut cx = Ctx {
        geo,
        queue: Vec::with_capacity(geo.cells),
        tally: Tally::new(limits),
        trace,
        depth: 0,
    };
    if !cx.tally.enter_node() {
        if T::ENABLED {
            cx.trace.event(TraceEvent::Limit { depth: 0 });
        }
        return cx.tally.finish(grid.shape(), false);
    }
    let root = Board::from_grid(geo, grid, &mut cx.queue)
        .and_then(|mut board| propagate(&mut board, &mut cx, level).map(|()| board));
    let completed = match root {
        Err(reason) => {
            dead_end(&mut cx, reason);
            true
        }
        Ok(board) => {
            let mut boards = vec![board];
            !search(&mut boards, 0, &mut cx, level)
        }
    };
    cx.tally.finish(grid.shape(), completed)
}

/// Runs the techniques of `level` on `board` until none applies.
fn propagate<T: Trace>(
    board: &mut Board,
    cx: &mut Ctx<T>,
    level: Level,
) -> Result<(), Contradiction> {
    loop {
        singles::run(board, cx)?;
        if board.left == 0 || level == Level::Singles {
            return Ok(());
        }
        if locked::run(board, cx)? {
            continue;
        }
        if level == Level::Locked || !subsets::run(board, cx)? {
            return Ok(());
        }
    }
}

fn dead_end<T: Trace>(cx: &mut Ctx<T>, reason: Contradiction) {
    cx.queue.clear();
    cx.tally.backtracks += 1;
    if T::ENABLED {
        cx.trace.event(TraceEvent::Contradiction {
            depth: cx.depth,
            reason,
        });
    }
}

/// Explores below `boards[depth]`, which is propagated and consistent; `boards` is a pool of one
/// board per depth that only grows, so a solve allocates once per depth reached. Returns `true` to
/// stop.
fn search<T: Trace>(boards: &mut Vec<Board>, depth: usize, cx: &mut Ctx<T>, level: Level) -> bool {
    let board = &boards[depth];
    if board.left == 0 {
        let stop = cx.tally.solution(|| board.values());
        if T::ENABLED {
            let grid = board.grid(cx.geo);
            cx.trace.event(TraceEvent::Solution {
                depth,
                index: cx.tally.solutions,
                grid,
            });
        }
        return stop;
    }
    let (cell, choices) = branch_cell(board);
    let branching = choices.count_ones() >= 2;
    let mut cands = choices;
    if boards.len() == depth + 1 {
        boards.push(board.clone());
    }
    while cands != 0 {
        let bit = cands & cands.wrapping_neg();
        cands ^= bit;
        if !cx.tally.enter_node() {
            if T::ENABLED {
                cx.trace.event(TraceEvent::Limit { depth });
            }
            return true;
        }
        if branching {
            cx.tally.guesses += 1;
        }
        if T::ENABLED {
            cx.trace.event(TraceEvent::Trial {
                depth,
                cell,
                digit: bit.trailing_zeros() as u8 + 1,
                choices,
            });
        }
        let (parent, child) = boards.split_at_mut(depth + 1);
        let child = &mut child[0];
        child.clone_from(&parent[depth]);
        cx.depth = depth + 1;
        let result = child
            .assign(cx.geo, cell, bit, &mut cx.queue)
            .and_then(|()| propagate(child, cx, level));
        match result {
            Err(reason) => dead_end(cx, reason),
            Ok(()) => {
                if search(boards, depth + 1, cx, level) {
                    return true;
                }
            }
        }
    }
    if T::ENABLED {
        cx.trace.event(TraceEvent::Backtrack {
            depth,
            cell,
            choices,
        });
    }
    false
}

/// The first empty cell with fewest candidates, and its candidates.
fn branch_cell(board: &Board) -> (usize, u32) {
    let mut best = (usize::MAX, 0u32);
    let mut best_count = u32::MAX;
    for (cell, &c) in board.cand.iter().enumerate() {
        if c != 0 {
            let count = c.count_ones();
            if count < best_count {
                best = (cell, c);
                best_count = count;
                if count <= 2 {
                    break;
                }
            }
        }
    }
    best
}
