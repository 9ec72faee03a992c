//! `band`'s branch choice (see "Search" in the module documentation) on configuration sets kept
//! up to date from node to node: a child gathers again only the (digit, band) words that changed
//! since its parent chose its branch, and the stacks of those digits, instead of all 54 sets.
//!
//! The sets are a function of the candidate words alone, so the sets updated this way are the
//! sets gathered afresh (a test walks searches comparing both) and the branch chosen is the same:
//! outcomes and every counter are those of a full gather at every node. Issue 34: on puzzles with
//! several solutions (tdoku's serg set) the full gather was a fixed cost of every node.

use super::super::gather::{segments, stack_matrices};
use super::super::State;
use super::configs::{CONFIGS, OPEN};

/// A branch: digit index `digit` in band (`vertical == false`) or stack `unit`, with the open
/// configurations `configs` (two or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Branch {
    pub(super) vertical: bool,
    pub(super) unit: usize,
    pub(super) digit: usize,
    pub(super) configs: u8,
}

/// The open configurations of every digit index in every band and stack, and the words they were
/// gathered from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Configs {
    /// The candidate words (`State::cand`) the sets describe.
    words: [u32; 27],
    /// `sets[u][d]`: the open configurations of digit index `d` in band `u` (`u < 3`) or stack
    /// `u - 3`; bytes 9 to 15 stay zero, so that the first eight are counted as one word.
    sets: [[u8; 16]; 6],
}

/// The configurations of band word `x`.
#[inline(always)]
fn band_set<const V3: bool>(x: u32) -> u8 {
    CONFIGS[segments::<V3>(x) & 0x1ff]
}

/// The number of configurations in the set `c`.
#[inline(always)]
fn open<const V3: bool>(c: u8) -> u32 {
    if V3 {
        c.count_ones()
    } else {
        // The baseline x86-64 target has no population-count instruction.
        OPEN[c as usize & 63] as u32
    }
}

impl Configs {
    /// Every set of `state`, gathered afresh.
    #[inline(always)]
    pub(super) fn of<const V3: bool>(state: &State) -> Configs {
        let mut sets = [[0u8; 16]; 6];
        for d in 0..9 {
            for (b, unit) in sets[..3].iter_mut().enumerate() {
                unit[d] = band_set::<V3>(state.cand[9 * b + d]);
            }
            for (j, m) in stack_matrices::<V3>(state.columns(d))
                .into_iter()
                .enumerate()
            {
                sets[3 + j][d] = CONFIGS[m as usize & 0x1ff];
            }
        }
        Configs {
            words: state.cand,
            sets,
        }
    }

    /// The sets of `state`, a descendant of the state these were gathered from: only the band
    /// sets of the words that changed, and the stack sets of their digits, are gathered again.
    #[inline(always)]
    pub(super) fn update<const V3: bool>(&self, state: &State) -> Configs {
        let mut out = *self;
        let mut changed = 0u32;
        for (i, (new, old)) in state.cand.iter().zip(&self.words).enumerate() {
            changed |= ((new != old) as u32) << i;
        }
        if changed == 0 {
            return out;
        }
        out.words = state.cand;
        for (b, unit) in out.sets[..3].iter_mut().enumerate() {
            let mut digits = (changed >> (9 * b)) & 0x1ff;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                unit[d] = band_set::<V3>(state.cand[9 * b + d]);
            }
        }
        let mut digits = (changed | changed >> 9 | changed >> 18) & 0x1ff;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            for (j, m) in stack_matrices::<V3>(state.columns(d))
                .into_iter()
                .enumerate()
            {
                out.sets[3 + j][d] = CONFIGS[m as usize & 0x1ff];
            }
        }
        out
    }

    /// The open configurations of the nine digits of unit `u`, summed.
    #[inline(always)]
    fn total<const V3: bool>(&self, u: usize) -> u32 {
        let set = &self.sets[u];
        let low = u64::from_le_bytes([
            set[0], set[1], set[2], set[3], set[4], set[5], set[6], set[7],
        ]);
        low.count_ones() + open::<V3>(set[8])
    }

    /// The branch of the module documentation: the band or stack with the fewest open
    /// configurations among those not fixed, and in it the digit with the fewest (two or more),
    /// ties going to the lowest digit of the puzzle (`label`: the digit index each word index
    /// stands for, see "Digit order"). `None` when every band and stack is fixed.
    #[inline(always)]
    pub(super) fn choose<const V3: bool>(&self, label: &[u8; 9]) -> Option<Branch> {
        let mut best: Option<(u32, usize)> = None;
        for u in 0..6 {
            let total = self.total::<V3>(u);
            if total > 9 && best.is_none_or(|(t, _)| total < t) {
                best = Some((total, u));
            }
        }
        let (_, u) = best?;
        // Keyed by the count, then the puzzle's digit: the same digit whatever the word order.
        let mut pick: Option<(u32, usize)> = None;
        for (d, &c) in self.sets[u][..9].iter().enumerate() {
            let n = open::<V3>(c);
            let key = 16 * n + label[d] as u32;
            if n >= 2 && pick.is_none_or(|(k, _)| key < k) {
                pick = Some((key, d));
            }
        }
        let (_, d) = pick?;
        Some(Branch {
            vertical: u >= 3,
            unit: u % 3,
            digit: d,
            configs: self.sets[u][d],
        })
    }
}
