//! The method of Xiao, Yang and Huang (2014), "Equation model for honeycomb sudoku based on
//! regional sequence enumeration method" (Computer Engineering and Applications 50(23)), as a
//! second solver to compare with the exact cover.
//!
//! Only the paper's abstract was available to us; it names the ingredients — candidate ranges
//! per line, a candidate *deletion* property, a *contradiction* property, a *unique determination*
//! property, the *invariance of enumeration* and enumeration of the sequences of a region (line).
//! What follows is our reading of them; where we had to choose, the choice is said.
//!
//! # State
//!
//! A candidate bitmask per cell (bit `d` for digit `d`, bits 1..=9); a cell with one candidate is
//! filled. A line of length `L` has *windows* `[s, s + L − 1]`, `s ∈ 1..=10 − L`.
//!
//! # Propagation, to a fixpoint
//!
//! 1. *Deletion*: a filled digit is deleted from the other cells of its three lines; a window is
//!    admissible only if it contains every filled digit of the line, meets every cell's candidates
//!    and every one of its digits is still a candidate somewhere on the line; candidates outside the
//!    union of admissible windows (the line's candidate range) are deleted.
//! 2. *Determination*: the digits in every admissible window (the intersection) must appear on the
//!    line; one with a single place is filled there. A cell with one candidate is filled.
//! 3. *Contradiction*: an empty cell, no admissible window, a required digit with no place, or a
//!    digit filled twice on a line ends the branch.
//! 4. *Single-line sequence enumeration* (when 1–2 change nothing): for every line and admissible
//!    window, all sequences — assignments of the window's digits to the line's cells, one per cell,
//!    each a candidate — are enumerated (by a dynamic programme over (cell, used digits), so the
//!    cost is `L·2^L` per window rather than `L!`); each cell keeps only the digits some sequence
//!    puts there. This is the strongest deduction one line allows.
//!
//! *Two-line enumeration* — joint sequences of two lines — is not run separately: two lines share
//! at most one cell, and for two constraints sharing one variable, the per-line enumeration at its
//! fixpoint already leaves exactly the values that extend to a joint sequence of both lines. We
//! assumed the paper's two-line step is this pairwise consistency; if it meant more, this solver
//! is weaker than the paper's by that much.
//!
//! # Search
//!
//! When propagation stalls, the search branches on an unfilled cell with the fewest candidates
//! (first in cell order on ties), trying its digits in increasing order — the "invariance of
//! enumeration": every solution is found under exactly one branch. (The paper may branch on whole
//! sequences of a line; we branch on cells, like the Sudoku propagation solvers of this crate.)
//!
//! # Counters (the crate's shared definitions)
//!
//! A **node** is a state entered by the search — the root and each state reached by a trial
//! digit — counted after its propagation. A **guess** is each child entered at a cell with two or
//! more candidates (every branch point has at least two: a single candidate is filled by
//! propagation). A **backtrack** is a node whose propagation met a contradiction.

use std::time::Instant;

use super::{geometry, HoneyGrid, HoneyOutcome, CELLS};
use crate::budget::Budget;
use crate::solvers::{SolveLimits, Stats, Status};

/// Sequence enumeration runs on lines with at most this many unfilled cells (see the module doc).
pub const MAX_OPEN: usize = 5;

const ALL: u16 = 0b11_1111_1110;

type Cands = [u16; CELLS];

/// The paper's solver. Stateless; kept as a type so both honeycomb solvers are used alike.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeqSolver;

struct Search {
    budget: Budget,
    stats: Stats,
    found: u64,
    first: Option<HoneyGrid>,
    max: u64,
    halted: bool,
}

impl SeqSolver {
    /// Solves a puzzle, counting solutions up to `limits.max_solutions`.
    pub fn solve(&self, puzzle: &HoneyGrid, limits: &SolveLimits) -> HoneyOutcome {
        let start = Instant::now();
        let mut cands = [ALL; CELLS];
        for (c, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                cands[c] = 1 << d;
            }
        }
        let mut s = Search {
            budget: Budget::start(&limits.budget),
            stats: Stats::default(),
            found: 0,
            first: None,
            max: limits.max_solutions,
            halted: false,
        };
        s.node(cands);
        let completed = !(s.halted || s.max != 0 && s.found >= s.max);
        let mut stats = s.stats;
        stats.time_ns = start.elapsed().as_nanos() as u64;
        HoneyOutcome {
            status: Status::from_search(s.found, completed, s.max),
            solutions: s.found,
            solution: s.first,
            stats,
        }
    }
}

impl Search {
    /// Enters a node; returns false when the search must stop (solution limit or budget).
    fn node(&mut self, mut cands: Cands) -> bool {
        self.stats.nodes += 1;
        if self.budget.check(self.stats.nodes).is_some() {
            self.halted = true;
            return false;
        }
        if !propagate(&mut cands) {
            self.stats.backtracks += 1;
            return true;
        }
        let branch = (0..CELLS)
            .filter(|&c| cands[c].count_ones() > 1)
            .min_by_key(|&c| cands[c].count_ones());
        let Some(cell) = branch else {
            self.found += 1;
            if self.first.is_none() {
                let mut g = HoneyGrid::empty();
                for (c, &m) in cands.iter().enumerate() {
                    g.set(c, m.trailing_zeros() as u8);
                }
                self.first = Some(g);
            }
            return !(self.max != 0 && self.found >= self.max);
        };
        let mut rest = cands[cell];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut child = cands;
            child[cell] = bit;
            self.stats.guesses += 1;
            if !self.node(child) {
                return false;
            }
        }
        true
    }
}

/// Runs steps 1–4 of the module doc to a fixpoint; false on a contradiction.
fn propagate(cands: &mut Cands) -> bool {
    // A line whose cells are unchanged since its last enumeration cannot gain from another one.
    let mut seen: Option<Cands> = None;
    loop {
        let mut changed = false;
        for line in 0..geometry().lines.len() {
            match cheap_line(cands, line) {
                None => return false,
                Some(c) => changed |= c,
            }
        }
        if changed {
            continue;
        }
        let before = *cands;
        for line in 0..geometry().lines.len() {
            if let Some(prev) = &seen {
                if geometry().lines[line].iter().all(|&c| prev[c] == before[c]) {
                    continue;
                }
            }
            match enumerate_line(cands, line) {
                None => return false,
                Some(c) => changed |= c,
            }
        }
        if !changed {
            return true;
        }
        seen = Some(before);
    }
}

fn window(start: usize, len: usize) -> u16 {
    (((1u32 << len) - 1) << start) as u16
}

/// Deletion, determination and contradiction on one line; `Some(changed)` or `None`.
fn cheap_line(cands: &mut Cands, line: usize) -> Option<bool> {
    let cells = &geometry().lines[line];
    let len = cells.len();
    let mut filled = 0u16;
    for &c in cells {
        let m = cands[c];
        if m == 0 {
            return None;
        }
        if m.count_ones() == 1 {
            if filled & m != 0 {
                return None;
            }
            filled |= m;
        }
    }
    let mut any = 0u16;
    for &c in cells {
        if cands[c].count_ones() > 1 {
            any |= cands[c] & !filled;
        }
    }
    any |= filled;
    let (mut union, mut inter) = (0u16, ALL);
    for s in 1..=10 - len {
        let w = window(s, len);
        if filled & !w == 0 && w & !any == 0 && cells.iter().all(|&c| cands[c] & w != 0) {
            union |= w;
            inter &= w;
        }
    }
    if union == 0 {
        return None;
    }
    let mut changed = false;
    for &c in cells {
        let m = cands[c];
        let keep = if m.count_ones() == 1 {
            m
        } else {
            m & !filled & union
        };
        if keep == 0 {
            return None;
        }
        if keep != m {
            cands[c] = keep;
            changed = true;
        }
    }
    let mut required = inter & !filled;
    while required != 0 {
        let bit = required & required.wrapping_neg();
        required &= required - 1;
        let mut places = cells.iter().filter(|&&c| cands[c] & bit != 0);
        match (places.next(), places.next()) {
            (None, _) => return None,
            (Some(&c), None) if cands[c] != bit => {
                cands[c] = bit;
                changed = true;
            }
            _ => {}
        }
    }
    Some(changed)
}

/// Single-line sequence enumeration (step 4); `Some(changed)` or `None`.
fn enumerate_line(cands: &mut Cands, line: usize) -> Option<bool> {
    let cells = &geometry().lines[line];
    let len = cells.len();
    let mut filled = 0u16;
    for &c in cells {
        if cands[c].count_ones() == 1 {
            filled |= cands[c];
        }
    }
    let open = len - filled.count_ones() as usize;
    if open == 0 || open > MAX_OPEN {
        return Some(false);
    }
    let mut keep = [0u16; 9];
    for s in 1..=10 - len {
        let w = window(s, len);
        if filled & !w != 0 {
            continue;
        }
        // reach[i]: bitset over 512 digit masks reachable after assigning cells 0..i.
        let mut reach = [[0u64; 16]; 10];
        set(&mut reach[0], 0);
        for (i, &c) in cells.iter().enumerate() {
            let m = cands[c] & w;
            let (head, tail) = reach.split_at_mut(i + 1);
            for used in iter(&head[i]) {
                let mut free = m & !(used as u16);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    set(&mut tail[0], used | bit as usize);
                }
            }
        }
        if !get(&reach[len], w as usize) {
            continue;
        }
        // Walk back from the full window: `alive` holds masks after cell i that complete to w.
        let mut alive = [0u64; 16];
        set(&mut alive, w as usize);
        for i in (0..len).rev() {
            let c = cells[i];
            let m = cands[c] & w;
            let mut prev = [0u64; 16];
            for after in iter(&alive) {
                let mut placed = m & after as u16;
                while placed != 0 {
                    let bit = placed & placed.wrapping_neg();
                    placed &= placed - 1;
                    let before = after & !(bit as usize);
                    if get(&reach[i], before) {
                        keep[i] |= bit;
                        set(&mut prev, before);
                    }
                }
            }
            alive = prev;
        }
    }
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        if keep[i] == 0 {
            return None;
        }
        if keep[i] != cands[c] {
            cands[c] = keep[i];
            changed = true;
        }
    }
    Some(changed)
}

fn set(bits: &mut [u64; 16], k: usize) {
    bits[k >> 6] |= 1 << (k & 63);
}

fn get(bits: &[u64; 16], k: usize) -> bool {
    bits[k >> 6] >> (k & 63) & 1 != 0
}

fn iter(bits: &[u64; 16]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut x = word;
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let k = x.trailing_zeros() as usize;
                x &= x - 1;
                w * 64 + k
            })
        })
    })
}

/// Knuth's random-path estimate of the number of solutions of `puzzle` (TAOCP 7.2.2, "estimating
/// the running time"): walk down the search tree of this solver, choosing a child uniformly at
/// random at each branch point; the product of the branching degrees along a path that ends in a
/// solution (0 for a dead end) is an unbiased estimate of the number of solutions. Returns the
/// mean over `samples` paths and its standard error.
pub fn estimate_solutions<R: rand::Rng>(
    puzzle: &HoneyGrid,
    samples: u32,
    rng: &mut R,
) -> (f64, f64) {
    let mut start = [ALL; CELLS];
    for (c, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 {
            start[c] = 1 << d;
        }
    }
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    for _ in 0..samples {
        let mut cands = start;
        let mut weight = 1f64;
        let value = loop {
            if !propagate(&mut cands) {
                break 0.0;
            }
            let branch = (0..CELLS)
                .filter(|&c| cands[c].count_ones() > 1)
                .min_by_key(|&c| cands[c].count_ones());
            let Some(cell) = branch else {
                break weight;
            };
            let k = cands[cell].count_ones();
            weight *= k as f64;
            let mut pick = rng.random_range(0..k);
            let mut m = cands[cell];
            while pick > 0 {
                m &= m - 1;
                pick -= 1;
            }
            cands[cell] = m & m.wrapping_neg();
        };
        sum += value;
        sum_sq += value * value;
    }
    let n = samples.max(1) as f64;
    let mean = sum / n;
    let var = (sum_sq / n - mean * mean).max(0.0);
    (mean, (var / n).sqrt())
}
