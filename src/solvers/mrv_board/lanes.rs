//! The walks of the 9x9 `mrv` path over [`State`]s: one lane in the general search's order, or
//! [`LANES`] lanes in lockstep (see the parent module's documentation).

use super::{State, Tally};
use crate::budget::Halt;

/// A node with two or more candidates whose children are not all explored.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// The node's state, to start each further child from.
    state: State,
    /// The node's cell.
    cell: u8,
    /// Candidates not tried yet (bit `d - 1` for digit `d`).
    rest: u16,
}

/// What a [`Lane`] did with its node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    /// It entered (and counted) the next node.
    Go,
    /// Its node is a solution: the caller records it, then calls [`Lane::backtrack`].
    Solution,
    /// Its part of the tree is explored: no frame is left.
    Done,
    /// The budget stopped the search.
    Halt,
}

/// Where a [`Lane`] counts what it does: the search's [`Tally`] (the one-lane walk, which asks the
/// budget at every node), or the lane's own [`LaneCounts`] (the lanes walk, which adds them up
/// between rounds: four independent counters instead of one that every node waits on).
trait Counter {
    /// Counts a node about to be entered; `false` when the budget stops the search.
    fn enter_node(&mut self) -> bool;
    /// Counts a child entered at a node with two or more candidates.
    fn guess(&mut self);
    /// Counts a dead end.
    fn dead_end(&mut self);
}

impl Counter for Tally {
    #[inline(always)]
    fn enter_node(&mut self) -> bool {
        Tally::enter_node(self)
    }
    #[inline(always)]
    fn guess(&mut self) {
        self.guesses += 1;
    }
    #[inline(always)]
    fn dead_end(&mut self) {
        self.backtracks += 1;
    }
}

/// One lane's counts in the lanes walk.
#[derive(Clone, Copy, Default)]
struct LaneCounts {
    nodes: u64,
    guesses: u64,
    backtracks: u64,
}

impl Counter for LaneCounts {
    #[inline(always)]
    fn enter_node(&mut self) -> bool {
        self.nodes += 1;
        true
    }
    #[inline(always)]
    fn guess(&mut self) {
        self.guesses += 1;
    }
    #[inline(always)]
    fn dead_end(&mut self) {
        self.backtracks += 1;
    }
}

/// One depth-first walk: the state of the node it stands on, the frames of the branch nodes
/// above it whose children are not all started, and the digits placed on its path. The frames
/// from `bottom` up are live; a second lane takes children from the bottom one ([`Lane::steal`]).
pub(super) struct Lane {
    state: State,
    values: [u8; 81],
    /// Room for the deepest stack ([`MAX_FRAMES`]); `frames[bottom..top]` are live. Taken from
    /// and given back to the thread's [`FRAME_POOL`], so that a puzzle does not allocate them.
    frames: Box<[Frame]>,
    bottom: usize,
    top: usize,
}

/// The most frames a lane holds at once: one per cell on its path.
const MAX_FRAMES: usize = 81;

thread_local! {
    /// Frame stacks of finished lanes, for the next puzzle on this thread.
    static FRAME_POOL: std::cell::RefCell<Vec<Box<[Frame]>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Lane {
    fn drop(&mut self) {
        let frames = std::mem::take(&mut self.frames);
        // A thread being torn down has no pool any more; the stack is then simply freed.
        let _ = FRAME_POOL.try_with(|pool| pool.borrow_mut().push(frames));
    }
}

impl Lane {
    pub(super) fn new(state: State, values: [u8; 81]) -> Lane {
        let frames = FRAME_POOL
            .try_with(|pool| pool.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_else(|| {
                let blank = Frame {
                    state,
                    cell: 0,
                    rest: 0,
                };
                vec![blank; MAX_FRAMES].into_boxed_slice()
            });
        Lane {
            state,
            values,
            frames,
            bottom: 0,
            top: 0,
        }
    }

    /// The node of `self.state` (already counted): FindCandidate, then into its first child, or
    /// back to the deepest frame with a child left.
    ///
    /// One shortcut keeps the general search's tree: a child that will fail at once is counted
    /// (a node and a dead end) without being built. A child fails at once when some empty cell is
    /// left without candidates; no cell is at zero in its parent (FindCandidate would have chosen
    /// it), so that happens exactly when a peer with one candidate loses it. A node with two or
    /// more candidates has no cell at one either (it would have been chosen), so only the child of
    /// a forced node can fail at once: when the digit's losers include a cell with one candidate.
    #[inline(always)]
    fn step(&mut self, tally: &mut impl Counter) -> Flow {
        let state = &mut self.state;
        // FindCandidate: the first cell of count 0, else of count 1 (both from one mask), else
        // of the smallest count.
        let [p0, p1, p2, p3] = state.count;
        let below_two = state.empty.and_not(p1.or(p2).or(p3));
        if below_two.any() {
            if below_two.and_not(p0).any() {
                // Failed: an empty cell without candidates.
                tally.dead_end();
                return self.backtrack(tally);
            }
            // A forced node: its cell's one candidate, one child.
            let cell = below_two.first();
            let d = state.check(cell).trailing_zeros() as usize;
            if !tally.enter_node() {
                return Flow::Halt;
            }
            let lose = state.losers(cell, d);
            if lose.and(below_two).any() {
                // The child fails at once (a peer at one candidate loses it).
                tally.dead_end();
                return self.backtrack(tally);
            }
            state.place(cell, d, lose);
            self.values[cell] = d as u8 + 1;
            Flow::Go
        } else if let Some(cell) = state.first_of_fewest_above_one() {
            // A branch node: two or more candidates, the first child now, the rest later.
            let cands = state.check(cell);
            debug_assert!(cands.count_ones() >= 2);
            let d = cands.trailing_zeros() as usize;
            if !tally.enter_node() {
                return Flow::Halt;
            }
            tally.guess();
            let frame = &mut self.frames[self.top];
            frame.state.copy_from(state);
            frame.cell = cell as u8;
            frame.rest = cands & (cands - 1);
            self.top += 1;
            let lose = state.losers(cell, d);
            state.place(cell, d, lose);
            self.values[cell] = d as u8 + 1;
            Flow::Go
        } else {
            Flow::Solution
        }
    }

    /// Back to the deepest frame with a candidate left (a frame leaves the stack when its last
    /// child starts), and into its next child — which cannot fail at once: its parent had no cell
    /// at one candidate.
    #[inline(always)]
    fn backtrack(&mut self, tally: &mut impl Counter) -> Flow {
        if self.top == self.bottom {
            return Flow::Done;
        }
        if !tally.enter_node() {
            return Flow::Halt;
        }
        tally.guess();
        let frame = &mut self.frames[self.top - 1];
        debug_assert!(frame.rest != 0);
        let d = frame.rest.trailing_zeros() as usize;
        frame.rest &= frame.rest.wrapping_sub(1);
        let cell = frame.cell as usize;
        self.state.copy_from(&frame.state);
        if frame.rest == 0 {
            self.top -= 1;
            if self.top == self.bottom {
                self.top = 0;
                self.bottom = 0;
            }
        }
        let lose = self.state.losers(cell, d);
        self.state.place(cell, d, lose);
        self.values[cell] = d as u8 + 1;
        Flow::Go
    }

    /// Whether the lane has a frame with a child left to give away.
    fn has_frame(&self) -> bool {
        self.top > self.bottom
    }

    /// Takes the next child of `other`'s bottom frame (the one nearest the root, whose subtrees
    /// are the largest; `other` must have a frame) and enters it, counting into `counts`.
    fn steal(&mut self, other: &mut Lane, counts: &mut LaneCounts) {
        debug_assert!(other.has_frame());
        counts.enter_node();
        counts.guess();
        let frame = &mut other.frames[other.bottom];
        let d = frame.rest.trailing_zeros() as usize;
        frame.rest &= frame.rest.wrapping_sub(1);
        let cell = frame.cell as usize;
        self.state.copy_from(&frame.state);
        if frame.rest == 0 {
            other.bottom += 1;
            if other.top == other.bottom {
                other.top = 0;
                other.bottom = 0;
            }
        }
        // The cells filled in the frame's state were filled before it and kept their values on
        // `other`'s path since; the cells still empty there are written before any solution.
        self.values = other.values;
        self.top = 0;
        self.bottom = 0;
        let lose = self.state.losers(cell, d);
        self.state.place(cell, d, lose);
        self.values[cell] = d as u8 + 1;
    }
}

/// The depth-first search of the general `mrv`, on one lane; returns `true` when the whole tree
/// was explored.
pub(super) fn walk(lane: &mut Lane, tally: &mut Tally) -> bool {
    if !tally.enter_node() {
        return false;
    }
    loop {
        match lane.step(tally) {
            Flow::Go => {}
            Flow::Solution => {
                let values = lane.values;
                if tally.solution(|| values.to_vec()) {
                    return false;
                }
                match lane.backtrack(tally) {
                    Flow::Go => {}
                    Flow::Done => return true,
                    _ => return false,
                }
            }
            Flow::Done => return true,
            Flow::Halt => return false,
        }
    }
}

/// How a two-lane walk ended.
pub(super) enum Lanes {
    /// The tree is explored, or a time budget stopped it: the tally is the outcome's.
    Finished(bool),
    /// The counts would depend on the order of the walk (a second solution, or the node budget
    /// reached): only the one-lane walk can give them.
    OrderMatters,
}

/// After `flow` on `lane` (which counts into `counts`): whether the lane goes on, or how the walk
/// ends. A lane's counter never stops it, so `flow` is never [`Flow::Halt`] here.
#[inline(always)]
fn settle(
    mut flow: Flow,
    lane: &mut Lane,
    counts: &mut LaneCounts,
    tally: &mut Tally,
) -> Result<bool, Lanes> {
    loop {
        match flow {
            Flow::Go => return Ok(true),
            Flow::Done | Flow::Halt => return Ok(false),
            Flow::Solution => {
                if tally.solutions > 0 {
                    return Err(Lanes::OrderMatters);
                }
                let values = lane.values;
                if tally.solution(|| values.to_vec()) {
                    return Err(Lanes::OrderMatters);
                }
                flow = lane.backtrack(counts);
            }
        }
    }
}

/// How many lanes walk one tree together.
pub(super) const LANES: usize = 4;

/// The same tree walked by [`LANES`] lanes in lockstep, one node each in turn: the walks have no
/// data in common, so the processor overlaps them, where one walk alone waits on each node's loads
/// and table look-ups. An idle lane takes the next child of another lane's frame nearest the root.
/// Every node is entered by exactly one lane and counted once, so the totals of a whole tree
/// (nodes, guesses, dead ends, solutions) are the one-lane walk's; what depends on the order —
/// where a solution limit or a node budget stops, and which of several solutions comes first —
/// is left to the one-lane walk: a second solution or more nodes than the node budget allows end
/// this walk with [`Lanes::OrderMatters`]. Each lane counts into its own [`LaneCounts`]; the
/// budget is asked between rounds (a round enters at most two nodes a lane), and the totals go
/// into `tally` at the end.
pub(super) fn walk_lanes(lanes: &mut [Lane; LANES], tally: &mut Tally) -> Lanes {
    let mut counts = [LaneCounts::default(); LANES];
    let end = match lanes_walk(lanes, &mut counts, tally) {
        Ok(()) => Lanes::Finished(true),
        Err(end) => end,
    };
    let total = |f: fn(&LaneCounts) -> u64| counts.iter().map(f).sum::<u64>();
    tally.nodes = total(|c| c.nodes);
    tally.guesses = total(|c| c.guesses);
    tally.backtracks = total(|c| c.backtracks);
    match end {
        Lanes::Finished(_) if !tally.allows(tally.nodes) => Lanes::OrderMatters,
        end => end,
    }
}

/// The rounds of [`walk_lanes`]: `Ok` when the whole tree is walked, else how the walk ended.
fn lanes_walk(
    lanes: &mut [Lane; LANES],
    counts: &mut [LaneCounts; LANES],
    tally: &mut Tally,
) -> Result<(), Lanes> {
    // The budget between rounds: the node limit passed (the one-lane walk must say where it
    // stops), or a time limit or an interruption (which stop either walk alike).
    let ask = |counts: &[LaneCounts; LANES], tally: &mut Tally| -> Result<(), Lanes> {
        let nodes: u64 = counts.iter().map(|c| c.nodes).sum();
        if nodes < tally.quiet_below() || tally.ask_budget(nodes) {
            return Ok(());
        }
        Err(match tally.halted {
            Some(Halt::Time | Halt::Interrupted) => Lanes::Finished(false),
            _ => Lanes::OrderMatters,
        })
    };
    counts[0].enter_node();
    let mut live = [false; LANES];
    live[0] = true;
    loop {
        if live.iter().all(|&l| l) {
            // The hot loop: every lane one node, until one of them stops going. (One loop with a
            // liveness test per lane for every round measured 6% slower.)
            loop {
                let mut all_live = true;
                for ((lane, live), count) in lanes.iter_mut().zip(&mut live).zip(counts.iter_mut())
                {
                    *live = advance(lane, count, tally)?;
                    all_live &= *live;
                }
                ask(counts, tally)?;
                if !all_live {
                    break;
                }
            }
        } else {
            // Some lane is idle: the live ones take a step each, to make frames to share.
            for ((lane, live), count) in lanes.iter_mut().zip(&mut live).zip(counts.iter_mut()) {
                if *live {
                    *live = advance(lane, count, tally)?;
                }
            }
            ask(counts, tally)?;
        }
        // Idle lanes take work from the live ones; the walk ends when no lane is live.
        for i in 0..LANES {
            if live[i] {
                continue;
            }
            if let Some(j) = (0..LANES).find(|&j| live[j] && lanes[j].has_frame()) {
                let (idle, busy) = two_mut(lanes, i, j);
                idle.steal(busy, &mut counts[i]);
                live[i] = true;
            }
        }
        if !live.contains(&true) {
            return Ok(());
        }
    }
}

/// One node of a live lane: whether it goes on, or how the walk ends.
#[inline(always)]
fn advance(lane: &mut Lane, counts: &mut LaneCounts, tally: &mut Tally) -> Result<bool, Lanes> {
    match lane.step(counts) {
        Flow::Go => Ok(true),
        flow => settle(flow, lane, counts, tally),
    }
}

/// Two distinct lanes of the array, mutably.
fn two_mut(lanes: &mut [Lane; LANES], i: usize, j: usize) -> (&mut Lane, &mut Lane) {
    debug_assert_ne!(i, j);
    if i < j {
        let (lo, hi) = lanes.split_at_mut(j);
        (&mut lo[i], &mut hi[0])
    } else {
        let (lo, hi) = lanes.split_at_mut(i);
        (&mut hi[0], &mut lo[j])
    }
}
