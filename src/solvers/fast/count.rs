//! `memo`: counting every solution of a 9x9 puzzle with `fast`'s propagation and search, and a table
//! of subtree counts so that a subtree met twice is searched once.
//!
//! Plain enumeration costs at least one search node per solution: a 16-clue puzzle with five
//! million solutions takes ten million nodes with `fast`. But the rest of a search depends only on
//! the unsolved cells and their candidates: after propagation, the missing digits of every unit are
//! exactly the union of the candidates of its unsolved cells (placed digits are gone from their
//! peers, and a missing digit without a candidate cell is a contradiction), so the number of
//! completions of a state is a function of its candidate words masked to the unsolved cells (108
//! bytes): the *key*. Different partial fillings often leave the same key (two digits swapped
//! between placed cells, say). The count of every finished subtree is stored under its key, and a
//! state whose key is stored is not searched again.
//!
//! The table is direct-mapped, as a chess engine's transposition table: `2^18` slots, slot = hash
//! of the key; the whole key is stored and compared (no fingerprints: a hit is never wrong), and a
//! new entry replaces the slot's old one when that belongs to another puzzle or cost fewer nodes.
//! One table per thread, reused from puzzle to puzzle with a stamp per slot, so that a puzzle never
//! sees another puzzle's entries: the counters of a puzzle do not depend on what else its thread
//! counted, and results are identical for any thread count.
//!
//! Measured (2026-11-21, 500 puzzles spread evenly over the 835,686 "sixteen from seventeen"
//! puzzles, machine under load): 40.1 M nodes instead of `fast`'s 132.9 M, 21.4 s instead of
//! 32.7 s. On an idle machine, one thread, 150 of them: 4.25 s against `fast`'s 6.00 s (1.41x;
//! `dlxlab count --max 0 --threads 1` with and without `--solver fast`), with the slot prefetched
//! while the branch cell is chosen (4% of that); `2^20` slots took 4.4 s. Splitting the unsolved cells into independent components (cells that share no unit-digit
//! pair) and multiplying their counts, as model counters do, was tried as well: on these puzzles it
//! saved no nodes beyond the table's and cost time, so it is not done.
//!
//! # Counters
//!
//! Nodes, guesses and dead ends follow the shared definitions of [`crate::solvers`] for the states
//! this search actually enters: the root, and each state reached by placing a trial value. A
//! subtree answered from the table is not entered, so the node count is much smaller than `fast`'s
//! on the same puzzle — that is the point — and is not comparable with other solvers' node counts
//! (the descriptor and `dlxlab solvers` say so). Counting with a solution limit (`max_solutions > 0`)
//! is exactly `fast`'s search, with `fast`'s counters.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};

use crate::budget::Budget;
use crate::sudoku::{Grid, Shape};

use super::super::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use super::{Fast, State};

/// The table has `2^TABLE_BITS` slots of 128 bytes (32 MiB per thread). Measured on 150 derived
/// 16-clue puzzles: 2^12 slots cut nodes by 10%, 2^16 by 38%, 2^18 by 59%, 2^20 by 71%; beyond
/// 2^18 the time hardly improves (the table no longer fits any cache).
const TABLE_BITS: u32 = 18;

/// A state's candidates masked to its unsolved cells: what its number of completions depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key([u32; 27]);

impl Key {
    fn of(state: &State) -> Key {
        let mut key = state.cand;
        for (i, w) in key.iter_mut().enumerate() {
            *w &= state.unsolved[i / 9];
        }
        Key(key)
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for pair in self.0.chunks(2) {
            let hi = pair.get(1).copied().unwrap_or(0) as u64;
            h.write_u64(pair[0] as u64 | hi << 32);
        }
    }
}

/// A multiply-rotate hasher over whole words (keys are plain data; no denial-of-service concern).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        h ^ (h >> 29) ^ (h >> 47)
    }
}

/// One slot of the table, 32 words (128 bytes): the key (27), the stamp of the puzzle it belongs to,
/// the work (nodes) its count cost, which decides replacement, and the count (two words). Plain
/// words so that a new table is zeroed memory, which the system hands out lazily (stamp 0 is never
/// a puzzle's).
type Slot = [u32; 32];
const STAMP: usize = 27;
const WORK: usize = 28;
const COUNT: usize = 29;

/// A direct-mapped table of counts (as a chess engine's transposition table): slot `hash mod size`;
/// a new entry replaces the old one when the old belongs to another puzzle or cost less work.
/// Entries of other puzzles are told apart by their stamp, so nothing is cleared between puzzles.
struct Table {
    slots: Vec<Slot>,
    stamp: u32,
}

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            slots: vec![[0; 32]; 1 << bits],
            stamp: 0,
        }
    }

    fn index(&self, key: &Key) -> usize {
        let mut h = WordHasher::default();
        key.hash(&mut h);
        (h.finish() as usize) & (self.slots.len() - 1)
    }

    /// Hints the processor to load slot `i` (no effect on results).
    #[inline]
    fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `_mm_prefetch` only hints the cache; the pointer is to an element of `slots`
        // (`i` comes from `index`, which masks it below the length) and is never dereferenced.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.slots.as_ptr().add(i) as *const i8;
            _mm_prefetch(p, _MM_HINT_T0);
            _mm_prefetch(p.add(64), _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    fn get_at(&self, i: usize, key: &Key) -> Option<u64> {
        let slot = &self.slots[i];
        (slot[STAMP] == self.stamp && slot[..27] == key.0)
            .then(|| slot[COUNT] as u64 | (slot[COUNT + 1] as u64) << 32)
    }

    /// Starts a new puzzle: every entry becomes stale.
    fn next_puzzle(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 puzzles: stamps would repeat, so forget everything once.
            for slot in &mut self.slots {
                slot[STAMP] = 0;
            }
            self.stamp = 1;
        }
    }

    fn insert(&mut self, key: Key, count: u64, work: u64) {
        let stamp = self.stamp;
        let i = self.index(&key);
        let slot = &mut self.slots[i];
        let work = work.min(u32::MAX as u64) as u32;
        if slot[STAMP] != stamp || slot[WORK] <= work {
            slot[..27].copy_from_slice(&key.0);
            slot[STAMP] = stamp;
            slot[WORK] = work;
            slot[COUNT] = count as u32;
            slot[COUNT + 1] = (count >> 32) as u32;
        }
    }
}

/// What a counting search did, beyond the shared [`Stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountStats {
    /// States answered from the table.
    pub table_hits: u64,
}

/// The result of [`count_all`].
#[derive(Clone, Debug)]
pub struct Count {
    /// Solutions (all of them when `completed`, else a lower bound).
    pub solutions: u64,
    /// False when the budget stopped the search.
    pub completed: bool,
    /// A solution, when there is one and it was reached.
    pub solution: Option<Grid>,
    /// Nodes, guesses, dead ends.
    pub stats: Stats,
    /// Table and split counters.
    pub count_stats: CountStats,
}

/// One counting run: the table, counters and budget.
struct Counter<'t> {
    table: &'t mut Table,
    stats: Stats,
    count_stats: CountStats,
    budget: Budget,
    halted: bool,
    first: Option<State>,
}

impl Counter<'_> {
    /// The number of completions of a propagated, consistent state (a lower bound if halted).
    fn count(&mut self, state: &mut State) -> u64 {
        if state.solved() {
            if self.first.is_none() {
                self.first = Some(*state);
            }
            return 1;
        }
        let key = Key::of(state);
        // Start loading the key's slot, choose the branch cell meanwhile (needed on a miss,
        // the common case), then look.
        let slot = self.table.index(&key);
        self.table.prefetch(slot);
        let (b, bit, mut digits) = state.branch_cell();
        if let Some(n) = self.table.get_at(slot, &key) {
            self.count_stats.table_hits += 1;
            return n;
        }
        let before = self.stats.nodes;
        let mut total = 0u64;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if self.budget.check(self.stats.nodes + 1).is_some() {
                self.halted = true;
                return total;
            }
            self.stats.nodes += 1;
            self.stats.guesses += 1;
            let mut copy;
            let child = if digits == 0 {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            if child
                .place(d, b, bit)
                .and_then(|()| child.propagate())
                .is_err()
            {
                self.stats.backtracks += 1;
                continue;
            }
            total += self.count(child);
            if self.halted {
                return total;
            }
        }
        self.table.insert(key, total, self.stats.nodes - before);
        total
    }
}

/// Counts every solution of a 9x9 puzzle by the method of the module documentation, within a node
/// or time budget.
pub fn count_all(grid: &Grid, budget: &crate::budget::Limits) -> Count {
    thread_local! {
        static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
    }
    TABLE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let table = slot.get_or_insert_with(|| Table::new(TABLE_BITS));
        table.next_puzzle();
        count_with(grid, budget, table)
    })
}

fn count_with(grid: &Grid, budget: &crate::budget::Limits, table: &mut Table) -> Count {
    let mut counter = Counter {
        table,
        stats: Stats::default(),
        count_stats: CountStats::default(),
        budget: Budget::start(budget),
        halted: false,
        first: None,
    };
    counter.stats.nodes = 1;
    let mut root = State::new();
    let solutions = if grid.shape() != Shape::CLASSIC {
        0
    } else if root
        .give(grid.cells())
        .and_then(|()| root.propagate())
        .is_err()
    {
        counter.stats.backtracks += 1;
        0
    } else {
        counter.count(&mut root)
    };
    let solution = counter.first.map(|state| {
        let mut g = grid.clone();
        state.write_into(&mut g);
        g
    });
    Count {
        solutions,
        completed: !counter.halted && grid.shape() == Shape::CLASSIC,
        solution,
        stats: counter.stats,
        count_stats: counter.count_stats,
    }
}

/// `fast`'s propagation and search, counting with a table of remembered subtree counts; see the
/// module documentation. Registered for counting
/// ([`crate::solvers::counting_solvers`]), not in the default study set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memo;

impl Solver for Memo {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "fast's bitboards; a table of subtree counts keyed by the unsolved cells' candidates",
            propagation: "as fast",
            heuristic: "as fast; counting all solutions, a subtree met again is answered from the table (nodes not comparable with other solvers); with a solution limit, exactly fast",
        }
    }

    fn supports(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
    }

    fn solve(&self, grid: &Grid, limits: &SolveLimits) -> Outcome {
        if limits.max_solutions != 0 || grid.shape() != Shape::CLASSIC {
            return Fast.solve(grid, limits);
        }
        let count = count_all(grid, &limits.budget);
        Outcome {
            status: Status::from_search(count.solutions, count.completed, 0),
            solutions: count.solutions,
            solution: count.solution,
            stats: count.stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use crate::sudoku::check_solution;
    use proptest::prelude::*;

    /// A solution grid: puzzles made from it have at least one solution.
    const FULL: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// A 16-clue puzzle (a 17-clue puzzle with one given removed) with 547 solutions.
    const SIXTEEN: &str =
        ".................1..2..3........4.....5.1......6....3....38..9..1.2......49.....5";

    fn all() -> SolveLimits {
        SolveLimits {
            max_solutions: 0,
            budget: Limits::NONE,
        }
    }

    fn fast_count(grid: &Grid) -> u64 {
        let out = Fast.solve(grid, &all());
        assert_ne!(out.status, Status::Limit);
        out.solutions
    }

    /// `FULL` with the cells whose bit is set in `keep` (one bit per cell, cycling) kept.
    fn puzzle(keep: &[bool]) -> Grid {
        let line: String = FULL
            .chars()
            .enumerate()
            .map(|(i, c)| if keep[i % keep.len()] { c } else { '.' })
            .collect();
        Grid::parse(&line).unwrap()
    }

    #[test]
    fn counts_like_plain_enumeration() {
        let grid = Grid::parse(SIXTEEN).unwrap();
        let out = Memo.solve(&grid, &all());
        assert_eq!(out.status, Status::Multiple);
        assert_eq!(out.solutions, 547);
        assert_eq!(out.solutions, fast_count(&grid));
        check_solution(&grid, out.solution.as_ref().unwrap()).unwrap();
        // The table must have been used, or this is plain enumeration.
        let count = count_all(&grid, &Limits::NONE);
        assert!(count.count_stats.table_hits > 0);
        assert!(count.stats.nodes < Fast.solve(&grid, &all()).stats.nodes);
    }

    #[test]
    fn unique_none_and_contradictory_puzzles() {
        let full = Grid::parse(FULL).unwrap();
        let out = Memo.solve(&full, &all());
        assert_eq!((out.status, out.solutions), (Status::Unique, 1));
        assert_eq!(out.solution.as_ref(), Some(&full));
        // Two givens in one row that leave a cell of that row with no digit: no solution.
        let none =
            "12345678.........9...............................................................";
        let out = Memo.solve(&Grid::parse(none).unwrap(), &all());
        assert_eq!(
            (out.status, out.solutions, out.solution),
            (Status::None, 0, None)
        );
    }

    #[test]
    fn a_puzzle_counts_the_same_whatever_was_counted_before() {
        let a = Grid::parse(SIXTEEN).unwrap();
        let b = puzzle(&[true, false, false, true, false]);
        let first = count_all(&a, &Limits::NONE);
        let _ = count_all(&b, &Limits::NONE);
        let again = count_all(&a, &Limits::NONE);
        assert_eq!(first.solutions, again.solutions);
        assert_eq!(first.stats, again.stats);
        assert_eq!(first.count_stats, again.count_stats);
        // And on another thread (a fresh table).
        let other = std::thread::spawn(move || count_all(&a, &Limits::NONE))
            .join()
            .unwrap();
        assert_eq!(first.stats, other.stats);
    }

    #[test]
    fn a_node_budget_gives_limit_and_a_lower_bound() {
        let grid = Grid::parse(SIXTEEN).unwrap();
        let limits = SolveLimits {
            max_solutions: 0,
            budget: Limits {
                max_nodes: Some(50),
                ..Limits::NONE
            },
        };
        let out = Memo.solve(&grid, &limits);
        // Two solutions may have been seen before the budget ran out: `multiple` is then true.
        assert!(matches!(out.status, Status::Limit | Status::Multiple));
        assert!(out.solutions < 547);
        assert!(out.stats.nodes <= 50);
        let count = count_all(&grid, &limits.budget);
        assert!(!count.completed);
        assert_eq!(count.solutions, out.solutions);
    }

    #[test]
    fn with_a_solution_limit_it_is_fast() {
        let grid = Grid::parse(SIXTEEN).unwrap();
        let limits = SolveLimits::default();
        assert_eq!(Memo.solve(&grid, &limits), Fast.solve(&grid, &limits));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Puzzles cut from a full grid (so at least one solution) count as plain enumeration
        /// counts them.
        #[test]
        fn random_puzzles_count_like_fast(keep in proptest::collection::vec(
            prop_oneof![3 => Just(false), 2 => Just(true)], 27..81)) {
            let grid = puzzle(&keep);
            let clues = grid.cells().iter().filter(|&&c| c != 0).count();
            prop_assume!(clues >= 24);
            let out = Memo.solve(&grid, &all());
            prop_assert_eq!(out.solutions, fast_count(&grid));
            prop_assert!(out.solutions >= 1);
            prop_assert!(check_solution(&grid, out.solution.as_ref().unwrap()).is_ok());
        }
    }
}
