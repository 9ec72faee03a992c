//! `band`: `fast`'s bitboards and propagation, searched by branching on where a digit goes in a
//! band or a stack (tdoku's idea) instead of on a cell.
//!
//! # Configurations
//!
//! Take one digit and one band (three grid rows). The digit sits once in each row and once in
//! each box of the band, so the boxes it takes row by row form a permutation of the three boxes:
//! one of six *configurations*. `fast`'s band analysis already keeps only the segments (row x box
//! cells) that some configuration still allows. The same holds for a stack (three boxes one above
//! the other): the digit takes one column of the stack in each band, a different one in each, so
//! the (band, column) pairs also form one of six configurations. With the segment matrix of a
//! (digit, band) word, or the column matrix of a (digit, stack), the table `CONFIGS` gives the
//! set of configurations still open (bit `p` for the permutation `PERMS[p]`):
//!
//! ```text
//!   segment matrix of a digit in a band     configurations (box taken in rows 0, 1, 2)
//!            box 0  box 1  box 2            (0,1,2) (0,2,1) (1,0,2) (1,2,0) (2,0,1) (2,1,0)
//!   row 0      x      .      x                no      no      no      no      no     yes
//!   row 1      .      x      x              (row 2 has box 0 only, row 1 lacks box 0)
//!   row 2      x      .      .
//! ```
//!
//! so the digit has one configuration left in that band: the band is *fixed* for it. When every
//! digit is fixed in every band and every stack, each digit's box row and box column are known in
//! every box, which places it.
//!
//! # Triads
//!
//! The three cells of a segment (a *triad*: a row or a column inside a box) hold three different
//! digits. Branching on configurations decides which triads a digit takes without deciding cells,
//! and two such decisions can crowd four digits into one triad long before any cell runs out of
//! candidates (on a grid with few givens the search then wanders through huge dead subtrees). So
//! after each branch, in the band or stack just branched on, a digit *must* be in a triad when its
//! row or column of the 3x3 matrix has only that triad left; four digits that must be in one triad
//! are a contradiction, and three leave no room for the others, which are removed from its cells
//! (tdoku's triad clauses, in their cheapest form). The rule and `fast`'s propagation alternate
//! until neither changes anything. Measured with callgrind (whole process; 200 puzzles of
//! `datasets/hard-search.txt`, 300 of `hard.txt`, 3,000 17-clue): without the rule `band` takes
//! up to 6% fewer instructions on these corpora but does not finish counting 25 solutions of the
//! empty grid in 20 s; applying it in every band and stack at every node costs 45-60% more
//! instructions for a few fewer guesses; its other half, "three digits can be in a triad, so
//! they must", changed no guess count on the three samples and cost 2-6% more, so it is not done.
//! Measured again on the field's hard lists (issue 34; callgrind, whole process, first 198 of
//! forum_hardest_1106, 598 of top1465, 4,996 17-clue): the rule in every band and stack at every
//! node cut the guesses by 7%, 22% and 14% (forum_hardest_1106 243.9 to 226.7 a puzzle, top1465
//! 23.1 to 18.0) for 18%, 5% and 16% more instructions; with the other half as well, 10%, 23% and
//! 21% fewer guesses for 25%, 14% and 21% more instructions; in every unit at the root only,
//! -2.5% to +14%. None is done. The per-digit test (triads alone in their row or column of the
//! matrix) is one look-up in `MUST`; a stack pass gathers each digit's stack matrices once.
//!
//! # Search
//!
//! At each node that propagation did not solve, `band` looks at the six bands and stacks, takes the
//! one with the fewest open configurations summed over the nine digits among those not fixed
//! (tdoku's rule: finish a band, and its unfixed digits, before opening another), and in it the
//! digit with the fewest open configurations (two or more). Each open configuration is a child:
//! the digit's words are cut down to that configuration's segments (band) or columns (stack) and
//! the state is propagated with `fast`'s propagation and the triad rule in that band or stack. Splitting a band on a digit's configuration
//! decides three placements' rows or columns at once where a cell branch decides one cell: on
//! puzzles that need search it takes far fewer guesses (see docs/solvers.md for the numbers).
//!
//! Children but the last get a copy of the state (31 words), as in `fast`. The configuration
//! sets are not gathered afresh at each node: a child updates its parent's, gathering again only
//! the words that changed and the stacks of their digits (`choice`: the same sets, so the same
//! branch). Issue 34, callgrind, whole process, identical outputs and counters: 3.8% fewer
//! instructions on the first 598 puzzles of top1465, 4.1% on 198 of forum_hardest_1106, 4.6% on
//! 1,998 of serg, 6.4% on `datasets/field-several-solutions.txt`, 0.6% on 4,996 17-clue.
//!
//! # Many givens
//!
//! A puzzle with at least `BY_CELL_GIVENS` (32) givens is searched on cells as `fast` searches it,
//! with no triad rule: its subtrees are small, and the configuration choice and the triad pass
//! cost more at each node than they save in nodes (serg, first 1,998: `fast` 8.7 nodes a puzzle at
//! about 2,500 instructions a node, `band` 9.3 at about 3,400). The sets measured split cleanly:
//! every puzzle of serg and of the several-solutions stand-in has 34 givens or more, none of
//! top1465, forum_hardest_1106, the 17-clue list, `hard.txt` or `hard-search.txt` more than 29.
//! The count of givens, not of open cells after the root's propagation: a rule on the latter (at
//! most 46 open) caught serg too but also many puzzles of `hard-search.txt` (made to maximise `fast`'s
//! guesses: 14.9 guesses a puzzle became 53.4, its instructions doubled), and a rule per node
//! (cells once at most N cells are open, N = 20 to 45) cut serg by 5-24% but cost
//! forum_hardest_1106 up to 15%. Measured numbers: reports/arena/band-vs-tdoku.md.
//!
//! # Digit order
//!
//! `fast`'s propagation takes the dirty digits lowest word index first, and the order matters to
//! the work, not to the result (the propagation's fixpoint is the same in any order): on the
//! 17-clue list, whose digits are labelled by first appearance, taking the highest first costs 20%
//! more instructions. So each solve puts the digits with fewer candidates first once the givens
//! are placed (ties by the lower digit, `Order`): the root's words are permuted once, and the
//! solution is written through the permutation. The search's decisions stay in the puzzle's own
//! digits — a branch digit's ties go to the lower puzzle digit, a cell branch's children come in
//! the puzzle's digit order — so status, solutions, every counter and the first solution found
//! are those of the identity order (a test compares both; `dlxlab study --solvers band,fast`
//! identical, per puzzle, on all 49,158 17-clue puzzles, `hard.txt`, `hard-search.txt` and 3,001
//! puzzles with many solutions). Callgrind, first 5,000 17-clue puzzles, `band`'s solve: 74.5 M
//! instructions in the puzzle's order, 72.2 M with the most givens first, 70.8 M with the fewest
//! candidates first.
//!
//! # Compiled paths
//!
//! The whole search — `fast`'s propagation, the triad rule, the branch choice — is one generic
//! body compiled once per path of [`super::paths`] (portable; x86-64-v3 with its AVX2, BMI1/2
//! and POPCNT) and taken, once per process, for the path `fast` uses (`DLXLAB_FAST_PATH`
//! forces one). The x86-64-v3 copy gathers segment and stack matrices with BMI2's `pext`/`pdep`
//! (`fast::gather`) and counts configurations with `popcnt`; the portable copy uses tables.
//! Compiling only the propagation for the path, as `fast` does, left the search around it on
//! the baseline target behind an indirect call: compiling the search too took 4% fewer
//! instructions on 200 puzzles of `datasets/hard-search.txt`, and the BMI2 gathers 14% fewer
//! again (callgrind, whole process: 15.86 M, 15.16 M, 13.10 M; the same solutions and counts).
//!
//! # Counters
//!
//! The shared definitions of [`crate::solvers`]: a node is the root or a state reached by cutting
//! a digit to one configuration (on a puzzle with many givens, by placing a digit in a cell),
//! counted after propagation; each child of a branch point is a
//! guess (a branch point has two or more open configurations), so `nodes = 1 + guesses`; a
//! backtrack is a node whose propagation ended in a contradiction. A guess of `band` fixes a
//! digit's rows (or columns) in three boxes, a guess of `fast` one cell: both are one branch
//! choice, which is what the counter counts. [`Stats::deductions`] stays zero, as for `fast`.

use std::sync::OnceLock;

use crate::budget::Budget;
use crate::sudoku::{Grid, Shape};

use super::super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use super::gather::{segments, stack_matrices};
use super::tables::{PERMS, SEGMENTS};
use super::{paths, Contradiction, State};

mod choice;
mod configs;
mod order;

use choice::{Branch, Configs};

use configs::{stack_cells, triad_rule, PERM_SEGMENTS};
#[cfg(test)]
use configs::{CONFIGS, MUST};
use order::Order;

/// [`segments`] of the path `C` (a constant generic cannot be computed from `C`).
#[inline(always)]
fn segments_of<C: Compiled>(x: u32) -> usize {
    if C::V3 {
        segments::<true>(x)
    } else {
        segments::<false>(x)
    }
}

/// [`stack_matrices`] of the path `C`.
#[inline(always)]
fn stack_matrices_of<C: Compiled>(c: [u32; 3]) -> [u32; 3] {
    if C::V3 {
        stack_matrices::<true>(c)
    } else {
        stack_matrices::<false>(c)
    }
}

impl State {
    /// The triad rule (see the module documentation) in the bands and stacks of `units` (bits
    /// 0-2 bands, 3-5 stacks): `Ok(true)` when a word changed (and is marked dirty), `Err` when
    /// some triad cannot be filled.
    #[inline(always)]
    fn triads<C: Compiled>(&mut self, units: u32) -> Result<bool, Contradiction> {
        let mut dirty = 0;
        for b in 0..3 {
            if units & (1 << b) == 0 {
                continue;
            }
            let mut m = [0u32; 9];
            for (d, x) in m.iter_mut().enumerate() {
                *x = segments_of::<C>(self.cand[9 * b + d]) as u32;
            }
            let keep = triad_rule(&m)?;
            for (d, k) in keep.into_iter().enumerate() {
                let idx = 9 * b + d;
                let old = self.cand[idx];
                self.cand[idx] = old & SEGMENTS[k as usize & 0x1ff];
                dirty |= ((old != self.cand[idx]) as u32) << idx;
            }
        }
        if units & 0b11_1000 == 0 {
            self.dirty |= dirty;
            return Ok(dirty != 0);
        }
        // Each digit's three stack matrices at once.
        let stacks: [[u32; 3]; 9] =
            std::array::from_fn(|d| stack_matrices_of::<C>(self.columns(d)));
        for (j, m) in (0..3).map(|j| stacks.map(|s| s[j])).enumerate() {
            if units & (8 << j) == 0 {
                continue;
            }
            let keep = triad_rule(&m)?;
            for (d, k) in keep.into_iter().enumerate() {
                for r in 0..3 {
                    let cols = (k >> (3 * r)) & 7;
                    let open = (cols * super::tables::COLUMN0) << (3 * j);
                    let idx = 9 * r + d;
                    let old = self.cand[idx];
                    self.cand[idx] = old & (!stack_cells(j) | open);
                    dirty |= ((old != self.cand[idx]) as u32) << idx;
                }
            }
        }
        self.dirty |= dirty;
        Ok(dirty != 0)
    }

    /// The candidates of each digit index, over the three bands.
    #[inline(always)]
    fn candidates(&self) -> [u32; 9] {
        std::array::from_fn(|d| {
            self.cand[d].count_ones()
                + self.cand[9 + d].count_ones()
                + self.cand[18 + d].count_ones()
        })
    }

    /// The state with the words of digit index `d` moved to index `to[d]` in every band (the
    /// queue and the unsolved cells do not depend on the digits).
    #[inline(always)]
    fn relabel(&self, to: &[u8; 9]) -> State {
        let mut out = *self;
        for b in 0..3 {
            for (d, &i) in to.iter().enumerate() {
                out.cand[9 * b + (i as usize).min(8)] = self.cand[9 * b + d];
            }
        }
        out
    }

    /// Cuts the branch's digit down to configuration `p` and marks the words that changed.
    #[inline(always)]
    fn restrict(&mut self, branch: &Branch, p: usize) {
        let d = branch.digit;
        let mut dirty = 0;
        if branch.vertical {
            let j = branch.unit;
            for (r, &c) in PERMS[p].iter().enumerate() {
                let idx = 9 * r + d;
                let keep = !stack_cells(j) | super::tables::COLUMN0 << (3 * j + c);
                let old = self.cand[idx];
                self.cand[idx] = old & keep;
                dirty |= ((old != self.cand[idx]) as u32) << idx;
            }
        } else {
            let idx = 9 * branch.unit + d;
            let old = self.cand[idx];
            self.cand[idx] = old & SEGMENTS[PERM_SEGMENTS[p] as usize];
            dirty |= ((old != self.cand[idx]) as u32) << idx;
        }
        self.dirty |= dirty;
    }
}

/// What the search does after a node.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

/// One compiled copy of the whole search (see "Compiled paths" in the module documentation): the
/// search below is generic over it, inlined whole into `solve` and recursing through `explore`.
trait Compiled {
    /// Whether this is the x86-64-v3 path: `count_ones` is one instruction (else the table
    /// `OPEN` is cheaper), and [`super::gather`] may use BMI2.
    const V3: bool;
    /// `fast`'s propagation, inlined.
    fn propagate(state: &mut State) -> Result<(), Contradiction>;
    /// [`Search::explore`] compiled for this path (the recursion goes through it).
    fn explore(search: &mut Search, state: &mut State, parent: Option<&Configs>) -> Flow;
    /// [`solve_body`] compiled for this path.
    fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome;
}

/// The portable path: the baseline target's instructions.
struct Portable;

impl Compiled for Portable {
    const V3: bool = false;

    #[inline(always)]
    fn propagate(state: &mut State) -> Result<(), Contradiction> {
        state.propagate_body::<false>()
    }

    fn explore(search: &mut Search, state: &mut State, parent: Option<&Configs>) -> Flow {
        search.explore::<Portable>(state, parent)
    }

    fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
        solve_body::<Portable>(grid, limits, true)
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{
        solve_body, Compiled, Configs, Contradiction, Flow, Grid, Outcome, Search, SolveLimits,
        State,
    };

    /// The x86-64-v3 path: the same code compiled for AVX2, BMI1/2, POPCNT, LZCNT, FMA, MOVBE
    /// (the features of `fast`'s x86-64-v3 path, detected once by [`super::paths`]).
    pub(super) struct V3;

    impl Compiled for V3 {
        const V3: bool = true;

        #[inline(always)]
        fn propagate(state: &mut State) -> Result<(), Contradiction> {
            state.propagate_body::<true>()
        }

        fn explore(search: &mut Search, state: &mut State, parent: Option<&Configs>) -> Flow {
            // SAFETY: `V3` is used only through `compiled`, which hands it out only when
            // `Path::X86V3.available()` saw every feature below on this CPU.
            unsafe { explore(search, state, parent) }
        }

        fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
            // SAFETY: as in `explore`.
            unsafe { solve(grid, limits) }
        }
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,fma,movbe")]
    fn explore(search: &mut Search, state: &mut State, parent: Option<&Configs>) -> Flow {
        search.explore::<V3>(state, parent)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,fma,movbe")]
    fn solve(grid: &Grid, limits: &SolveLimits) -> Outcome {
        solve_body::<V3>(grid, limits, true)
    }
}

/// The mutable context of one solve: counters, budget, results and the digit order.
struct Search {
    /// Whether this solve branches on cells ([`BY_CELL_GIVENS`]).
    by_cell: bool,
    order: Order,
    stats: Stats,
    budget: Budget,
    max_solutions: u64,
    found: u64,
    first: Option<State>,
}

impl Search {
    /// Explores the subtree of a propagated, consistent state (the last child is built in place);
    /// `parent`: the configuration sets its parent chose its branch on, when it has one.
    #[inline(always)]
    fn explore<C: Compiled>(&mut self, state: &mut State, parent: Option<&Configs>) -> Flow {
        if state.solved() {
            if self.found == 0 {
                self.first = Some(*state);
            }
            self.found += 1;
            return if self.max_solutions != 0 && self.found >= self.max_solutions {
                Flow::Stop
            } else {
                Flow::Continue
            };
        }
        if self.by_cell {
            return self.explore_cell::<C>(state, 0);
        }
        let configs = configurations::<C>(state, parent);
        let choice = if C::V3 {
            configs.choose::<true>(&self.order.label)
        } else {
            configs.choose::<false>(&self.order.label)
        };
        let Some(branch) = choice else {
            // Every band and stack fixed after a consistent propagation places every digit, so
            // the state was solved above; a cell branch keeps the search complete regardless.
            return self.explore_cell::<C>(state, 0b11_1111);
        };
        let mut open = branch.configs as u32;
        while open != 0 {
            let p = open.trailing_zeros() as usize;
            open &= open - 1;
            let mut copy;
            let child = if open == 0 {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            child.restrict(&branch, p);
            let unit = 1 << (branch.unit + 3 * branch.vertical as usize);
            if self.enter::<C>(child, unit, Some(&configs)) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    /// Branches on `fast`'s branch cell, each child propagated with the triad rule in `units`:
    /// the whole search of a solve that branches on cells ([`BY_CELL_GIVENS`], no triad rule, `fast`'s
    /// search), and a safety net when every band and stack is fixed (see [`Search::explore`]).
    #[inline(always)]
    fn explore_cell<C: Compiled>(&mut self, state: &mut State, units: u32) -> Flow {
        let (b, bit, digits) = state.branch_cell();
        // The puzzle's digits in their own order, as `fast` takes them.
        for i in self.order.index {
            let d = (i as usize).min(8);
            if digits & (1 << d) == 0 {
                continue;
            }
            let mut child = *state;
            if child.place(d, b, bit).is_err() {
                // Counted as a node and a dead end, as a propagation that fails.
                if self.count_node() == Flow::Stop {
                    return Flow::Stop;
                }
                self.stats.backtracks += 1;
                continue;
            }
            if self.enter::<C>(&mut child, units, None) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    /// Counts a child node (a guess), unless the budget is spent.
    #[inline(always)]
    fn count_node(&mut self) -> Flow {
        if self.budget.check(self.stats.nodes + 1).is_some() {
            return Flow::Stop;
        }
        self.stats.nodes += 1;
        self.stats.guesses += 1;
        Flow::Continue
    }

    /// Enters a child whose trial choice is made: counts it, propagates, explores (`parent`: the
    /// sets its parent chose on, if any).
    #[inline(always)]
    fn enter<C: Compiled>(
        &mut self,
        child: &mut State,
        units: u32,
        parent: Option<&Configs>,
    ) -> Flow {
        if self.count_node() == Flow::Stop {
            return Flow::Stop;
        }
        if settle::<C>(child, units).is_err() {
            self.stats.backtracks += 1;
            return Flow::Continue;
        }
        C::explore(self, child, parent)
    }
}

/// The configuration sets of `state` ([`choice`]): updated from its parent's when it has one,
/// else gathered afresh.
#[inline(always)]
fn configurations<C: Compiled>(state: &State, parent: Option<&Configs>) -> Configs {
    match (parent, C::V3) {
        (Some(p), true) => p.update::<true>(state),
        (Some(p), false) => p.update::<false>(state),
        (None, true) => Configs::of::<true>(state),
        (None, false) => Configs::of::<false>(state),
    }
}

/// `fast`'s propagation and the triad rule in `units` (bits 0-2 bands, 3-5 stacks), alternated
/// until neither changes anything.
#[inline(always)]
fn settle<C: Compiled>(state: &mut State, units: u32) -> Result<(), Contradiction> {
    loop {
        C::propagate(state)?;
        if !state.triads::<C>(units)? {
            return Ok(());
        }
    }
}

/// The band-branching solver; see the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Band;

impl Solver for Band {
    fn name(&self) -> &'static str {
        "band"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "fast's bitboards: one 27-bit word per digit and band",
            propagation: "as fast (band and stack permutation tables, naked singles), and triads in the band or stack branched on",
            heuristic: "a digit's configuration in the band or stack with the fewest open configurations; fast's cell on a puzzle with 32 givens or more",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        static CHOSEN: OnceLock<SolveFn> = OnceLock::new();
        let solve = CHOSEN.get_or_init(|| compiled(paths::current()).unwrap_or(Portable::solve));
        solve(grid, limits)
    }
}

/// A compiled copy of the whole solve.
type SolveFn = fn(&Grid, &SolveLimits) -> Outcome;

/// The search compiled for `path`, `None` when this CPU cannot run it.
fn compiled(path: paths::Path) -> Option<SolveFn> {
    match path {
        paths::Path::Portable => Some(Portable::solve),
        #[cfg(target_arch = "x86_64")]
        paths::Path::X86V3 if path.available() => Some(x86::V3::solve),
        _ => None,
    }
}

/// A puzzle with at least this many givens is searched on cells as `fast` searches it, with no
/// triad rule; see "Many givens" in the module documentation.
const BY_CELL_GIVENS: u32 = 32;

/// [`Band::solve`], compiled once per path ([`Compiled`]); `reorder` false keeps every digit
/// at its own word index (the tests compare both orders).
#[inline(always)]
fn solve_body<C: Compiled>(grid: &Grid, limits: &SolveLimits, reorder: bool) -> Outcome {
    if grid.shape() != Shape::CLASSIC {
        // Not a puzzle this solver can read; callers check `supports` first.
        return Outcome::unsupported();
    }
    let mut search = Search {
        by_cell: false,
        order: Order::IDENTITY,
        stats: Stats::default(),
        budget: Budget::start(&limits.budget),
        max_solutions: limits.max_solutions,
        found: 0,
        first: None,
    };
    // The root counts as a node even when the budget is zero nodes: it is always entered.
    search.stats.nodes = 1;
    let mut root = State::new();
    let completed = match root.give(grid.cells()).and_then(|()| {
        // The givens are the cells `give` left solved.
        let open: u32 = root.unsolved.iter().map(|u| u.count_ones()).sum();
        search.by_cell = 81 - open >= BY_CELL_GIVENS;
        if reorder {
            let candidates = root.candidates();
            search.order = if C::V3 {
                Order::fewest_candidates_first::<true>(candidates)
            } else {
                Order::fewest_candidates_first::<false>(candidates)
            };
            root = root.relabel(&search.order.index);
        }
        settle::<C>(&mut root, 0)
    }) {
        Err(Contradiction) => {
            search.stats.backtracks += 1;
            true
        }
        Ok(()) => C::explore(&mut search, &mut root, None) == Flow::Continue,
    };
    let solution = search.first.map(|state| {
        let mut g = grid.clone();
        let values = search.order.label.map(|d| d + 1);
        if C::V3 {
            state.write_labelled::<true>(&mut g, &values);
        } else {
            state.write_labelled::<false>(&mut g, &values);
        }
        g
    });
    Outcome {
        status: Status::from_search(search.found, completed, limits.max_solutions),
        solutions: search.found,
        solution,
        stats: search.stats,
    }
}

#[cfg(test)]
mod tests;
