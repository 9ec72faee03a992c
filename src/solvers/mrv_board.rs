//! The 9x9 path of `mrv`: the same search tree as the general [`super::mrv`] search — the same cell
//! at every node, digits ascending, the same nodes, guesses, backtracks and solutions — with the
//! candidate count of every cell kept up to date as digits are placed, so that FindCandidate is a
//! few word operations instead of one Check per empty cell.
//!
//! Bit layout: a 128-bit word ([`Cells`]: an SSE2 register on x86-64, a `u128` elsewhere) holds one
//! bit per cell, bit `c` for cell `c = 9·row + col` (bits 81..127 unused). Only the bits of *empty* cells mean anything; filled cells keep stale bits that every
//! reader masks off with `empty`.
//!
//! ```text
//!   empty                      the empty cells
//!   allowed[0] … allowed[8]    bit c of allowed[d]: digit d + 1 is a candidate of empty cell c
//!   count[0] … count[3]        the candidate count of cell c (0..=9) in binary, bit c of each plane:
//!                              count(c) = Σ_i 2^i · bit c of count[i]
//!   used[0..9]   rows          bit d of used[u]: digit d + 1 is placed in unit u
//!   used[9..18]  columns       (Check: the candidates of a cell are the digits missing from
//!   used[18..27] boxes          its row, column and box, as in the general search)
//! ```
//!
//! Placing digit `d + 1` in `cell` takes the cell out of `empty` and the digit out of `allowed[d]` on
//! the cell's empty peers that still had it; those peers' counts go down by one, a bit-sliced
//! subtraction of the peer mask from the four planes (a borrow rippling through them). The
//! FindCandidate of the general search takes the first empty cell, in reading order, with fewest
//! candidates; its scan stops at the first cell without candidates, which is the same cell (no count
//! is below 0). So the choice is: the first cell of count 0 if there is one, else the first of count
//! 1, else the first of the smallest count k ≥ 2 that some cell has — the first two from one mask,
//! `empty & (count < 2)`, and the last plane by plane from the highest (keep the cells with a 0
//! there whenever some cell has one).
//!
//! Most nodes are forced (their cell has one candidate, so the node has one child) and the search
//! needs their state only once: a forced child updates the state in place. A node with two or more
//! candidates pushes a copy of its state (under 300 bytes) with the candidates still to try; a dead
//! end or a solution goes back to the deepest such frame and starts its next child from the copy.
//! The recursion of the general search becomes this loop over an explicit stack, and the work of a
//! node no longer grows with the number of empty cells. (Measured with callgrind, `dlxlab solve
//! --solver mrv` on the first 200 17-clue puzzles: 128 instructions per node for the whole process,
//! 458 with nine boards summed at every node and a copy per child. Keeping the states in one array
//! and letting the last child work on its parent's state, one copy fewer per branch node, cost 3%
//! more: the indexing outweighed the copy.)
//!
//! Three further steps took the 9x9 path from 128 to 114 instructions a node and, more, from one
//! chain of dependent loads to four (`dlxlab solve --solver mrv`, first 2,000 17-clue puzzles,
//! one thread: 4.1 s of CPU before, 2.8 s after, measured back to back):
//! - **A child that fails at once is counted, not built.** Its parent is a forced node whose digit
//!   takes the last candidate of a peer (see [`Lane::step`]); the node and the dead end are
//!   counted exactly as the general search counts them.
//! - **States are copied as eighteen 16-byte words** ([`State::copy_from`]) instead of through
//!   `memcpy`, which the compiler called for a struct of this size (17% of the instructions).
//! - **Four lanes walk the tree in lockstep.** One walk is a chain of dependent steps (the cell
//!   from the counts, its row, column and box from a table, its digit from the used masks, the
//!   peers that lose it, the counts again), so the processor mostly waits. [`LANES`] walks of
//!   disjoint subtrees, one node each in turn, give it independent work: an idle lane takes the
//!   next child of the frame nearest the root of a busy one. Every node is entered by exactly one
//!   lane, so a whole tree's counts are the one-lane walk's; where the order would matter — a
//!   solution limit of one, a second solution, a node budget reached — the search is (re)done by
//!   one lane in the general search's order ([`solve`]). Time budgets stop either walk alike.
//!
//! Check calls are not counted here: the decision tree, which reports them, is recorded by the
//! general search.

mod cells;

use cells::Cells;

use super::tally::Tally;
use super::{Outcome, SolveLimits};
use crate::budget::Halt;
use crate::sudoku::{Grid, Shape};

/// For each cell, the bits of its peers and of itself.
const PEERS: [u128; 81] = {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            if r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3) {
                table[cell] |= 1u128 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// For each cell, its own bit.
const CELL_BITS: [u128; 81] = {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = 1 << cell;
        cell += 1;
    }
    table
};

/// For each cell, the indices in [`State::used`] of its row, column and box (and a 0 that makes
/// an entry four bytes).
const UNITS: [[u8; 4]; 81] = {
    let mut table = [[0u8; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        table[cell] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8, 0];
        cell += 1;
    }
    table
};

/// All nine digits, bit `d - 1` for digit `d`.
const FULL: u16 = 0x1ff;

/// Bitwise full adder: the sum and carry bits of three one-bit inputs, lane by lane.
#[inline]
fn full_add(a: u128, b: u128, c: u128) -> (u128, u128) {
    let u = a ^ b;
    (u ^ c, (a & b) | (u & c))
}

/// One state of the grid; see the module documentation for the layout (`used` has five spare
/// entries, so that the state is eighteen whole 16-byte words: [`State::copy_from`]).
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    allowed: [Cells; 9],
    count: [Cells; 4],
    empty: Cells,
    used: [u16; 32],
}

/// The number of 16-byte words in a [`State`].
const STATE_WORDS: usize = std::mem::size_of::<State>() / 16;
const _: () = assert!(std::mem::size_of::<State>() == 16 * STATE_WORDS);

impl State {
    /// The state of a puzzle's givens; `values` receives them.
    fn new(grid: &Grid, values: &mut [u8; 81]) -> State {
        let mut used = [0u16; 32];
        let mut empty = 0u128;
        for (cell, &d) in grid.cells().iter().enumerate() {
            values[cell] = d;
            if d == 0 {
                empty |= 1u128 << cell;
            } else {
                for &u in &UNITS[cell][..3] {
                    used[u as usize] |= 1 << (d - 1);
                }
            }
        }
        let mut a = [empty; 9];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                a[d as usize - 1] &= !PEERS[cell];
            }
        }
        // A carry-save adder tree: nine one-bit inputs per cell to a four-bit count.
        let (s1, c1) = full_add(a[0], a[1], a[2]);
        let (s2, c2) = full_add(a[3], a[4], a[5]);
        let (s3, c3) = full_add(a[6], a[7], a[8]);
        let (p0, c4) = full_add(s1, s2, s3);
        let (t, c5) = full_add(c1, c2, c3);
        let (p1, c6) = (t ^ c4, t & c4);
        let (p2, p3) = (c5 ^ c6, c5 & c6);
        State {
            allowed: a.map(|bits| Cells::load(&bits)),
            count: [p0, p1, p2, p3].map(|bits| Cells::load(&bits)),
            empty: Cells::load(&empty),
            used,
        }
    }

    /// `*self = *src` as eighteen 16-byte loads and stores. A plain assignment of a struct this
    /// size compiles to a call of `memcpy`, which took 64 instructions a copy and 17% of the
    /// search's (callgrind); volatile accesses keep the compiler from turning the loop back into
    /// that call.
    #[inline(always)]
    fn copy_from(&mut self, src: &State) {
        let from = (src as *const State).cast::<Cells>();
        let to = (self as *mut State).cast::<Cells>();
        for i in 0..STATE_WORDS {
            // SAFETY: `State` is `repr(C)`, 16-byte aligned and exactly `STATE_WORDS` words of
            // plain bits (`Cells` and `u16`, any bit pattern valid), so word `i` of each is in
            // bounds, aligned and a valid `Cells`; `self` and `src` are distinct references.
            unsafe { to.add(i).write_volatile(from.add(i).read_volatile()) };
        }
    }

    /// Check: the candidates of `cell`, bit `d - 1` for digit `d`.
    #[inline]
    fn check(&self, cell: usize) -> u16 {
        let [r, c, b, _] = UNITS[cell];
        FULL & !(self.used[r as usize] | self.used[c as usize] | self.used[b as usize])
    }

    /// FindCandidate when no empty cell has fewer than two candidates: the first cell of the
    /// smallest count, or `None` when there is no empty cell. The smallest count is found plane
    /// by plane from the highest: keep the cells whose bit is 0 in a plane when there are any.
    /// (The same on two 64-bit halves with masks instead of branches measured no faster.)
    #[inline]
    fn first_of_fewest_above_one(&self) -> Option<usize> {
        let mut fewest = self.empty;
        if !fewest.any() {
            return None;
        }
        for &plane in self.count.iter().rev() {
            let below = fewest.and_not(plane);
            if below.any() {
                fewest = below;
            }
        }
        Some(fewest.first())
    }

    /// The empty peers of `cell` (not `cell` itself) that still have digit `d + 1`: the cells
    /// that placing it takes a candidate from.
    #[inline]
    fn losers(&self, cell: usize, d: usize) -> Cells {
        self.allowed[d]
            .and(Cells::load(&PEERS[cell]))
            .and(self.empty)
            .and_not(Cells::load(&CELL_BITS[cell]))
    }

    /// Places digit `d + 1` in the empty `cell`, whose [`State::losers`] are `lose`.
    #[inline]
    fn place(&mut self, cell: usize, d: usize, lose: Cells) {
        let [r, c, b, _] = UNITS[cell];
        self.used[r as usize] |= 1 << d;
        self.used[c as usize] |= 1 << d;
        self.used[b as usize] |= 1 << d;
        self.empty = self.empty.and_not(Cells::load(&CELL_BITS[cell]));
        self.allowed[d] = self.allowed[d].xor(lose);
        // count -= 1 on every cell of `lose` (all of which count at least one).
        let mut borrow = lose;
        for plane in &mut self.count {
            let old = *plane;
            *plane = old.xor(borrow);
            borrow = borrow.and_not(old);
        }
    }
}

/// A node with two or more candidates whose children are not all explored.
#[derive(Clone, Copy)]
struct Frame {
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
struct Lane {
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
    fn new(state: State, values: [u8; 81]) -> Lane {
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

    /// Takes the next child of `other`'s bottom frame (the one nearest the root, whose subtrees
    /// are the largest) and enters it; `None` when `other` has no frame.
    fn steal(&mut self, other: &mut Lane, tally: &mut impl Counter) -> Option<Flow> {
        if other.top == other.bottom {
            return None;
        }
        if !tally.enter_node() {
            return Some(Flow::Halt);
        }
        tally.guess();
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
        Some(Flow::Go)
    }
}

/// The depth-first search of the general `mrv`, on one lane; returns `true` when the whole tree
/// was explored.
fn walk(lane: &mut Lane, tally: &mut Tally) -> bool {
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
enum Lanes {
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
const LANES: usize = 4;

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
fn walk_lanes(lanes: &mut [Lane; LANES], tally: &mut Tally) -> Lanes {
    let mut counts = [LaneCounts::default(); LANES];
    let end = lanes_walk(lanes, &mut counts, tally);
    let total = |f: fn(&LaneCounts) -> u64| counts.iter().map(f).sum::<u64>();
    tally.nodes = total(|c| c.nodes);
    tally.guesses = total(|c| c.guesses);
    tally.backtracks = total(|c| c.backtracks);
    match end {
        Lanes::Finished(_) if !tally.allows(tally.nodes) => Lanes::OrderMatters,
        end => end,
    }
}

/// The rounds of [`walk_lanes`].
fn lanes_walk(
    lanes: &mut [Lane; LANES],
    counts: &mut [LaneCounts; LANES],
    tally: &mut Tally,
) -> Lanes {
    // The budget between rounds: the node limit passed (the one-lane walk must say where it
    // stops), or a time limit (which stops either walk alike).
    let ask = |counts: &[LaneCounts; LANES], tally: &mut Tally| -> Result<(), Lanes> {
        let nodes: u64 = counts.iter().map(|c| c.nodes).sum();
        if nodes < tally.quiet_below() || tally.ask_budget(nodes) {
            return Ok(());
        }
        Err(match tally.halted {
            Some(Halt::Time) => Lanes::Finished(false),
            _ => Lanes::OrderMatters,
        })
    };
    counts[0].enter_node();
    let mut live = [false; LANES];
    live[0] = true;
    loop {
        if let Err(end) = ask(counts, tally) {
            return end;
        }
        if live.iter().all(|&l| l) {
            // The hot loop: every lane one node, until one of them stops going.
            loop {
                let mut all_go = true;
                for ((lane, live), count) in
                    lanes.iter_mut().zip(live.iter_mut()).zip(counts.iter_mut())
                {
                    let flow = lane.step(count);
                    if flow != Flow::Go {
                        *live = match settle(flow, lane, count, tally) {
                            Ok(going) => going,
                            Err(end) => return end,
                        };
                        all_go &= *live;
                    }
                }
                if let Err(end) = ask(counts, tally) {
                    return end;
                }
                if !all_go {
                    break;
                }
            }
        }
        // Idle lanes take work from the live ones; a live lane with nothing to give goes on.
        let mut any_live = false;
        for i in 0..LANES {
            if live[i] {
                any_live = true;
                continue;
            }
            let Some(j) = (0..LANES).find(|&j| live[j] && lanes[j].top > lanes[j].bottom) else {
                continue;
            };
            let (idle, busy) = two_mut(lanes, i, j);
            let flow = idle
                .steal(busy, &mut counts[i])
                .expect("the lane has a frame");
            live[i] = match settle(flow, idle, &mut counts[i], tally) {
                Ok(going) => going,
                Err(end) => return end,
            };
            any_live |= live[i];
        }
        if !any_live {
            return Lanes::Finished(true);
        }
        if !live.iter().all(|&l| l) {
            // Some lane stays idle: the live ones take a step each, to make frames to share.
            for ((lane, live), count) in
                lanes.iter_mut().zip(live.iter_mut()).zip(counts.iter_mut())
            {
                if *live {
                    let flow = lane.step(count);
                    if flow != Flow::Go {
                        *live = match settle(flow, lane, count, tally) {
                            Ok(going) => going,
                            Err(end) => return end,
                        };
                    }
                }
            }
        }
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

/// Solves a 9x9 grid exactly as the general `mrv` search does (the caller checks the shape):
/// with two lanes when the counts cannot depend on the order of the walk, else (or when they turn
/// out to) with one.
pub(super) fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
    debug_assert_eq!(grid.shape(), Shape::CLASSIC);
    let mut values = [0u8; 81];
    let state = State::new(grid, &mut values);
    if limits.max_solutions != 1 {
        let mut tally = Tally::new(limits);
        let mut lanes = [(); LANES].map(|()| Lane::new(state, values));
        if let Lanes::Finished(completed) = walk_lanes(&mut lanes, &mut tally) {
            return tally.finish(Shape::CLASSIC, completed);
        }
    }
    solve_one_lane(grid, limits)
}

/// Solves a 9x9 grid with the one-lane walk, the general search's order.
pub(super) fn solve_one_lane(grid: &Grid, limits: &SolveLimits) -> Outcome {
    let mut values = [0u8; 81];
    let state = State::new(grid, &mut values);
    let mut tally = Tally::new(limits);
    let mut lane = Lane::new(state, values);
    let completed = walk(&mut lane, &mut tally);
    tally.finish(Shape::CLASSIC, completed)
}
