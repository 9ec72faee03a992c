//! The signature of a subproblem and the cache that maps signatures to ZDD nodes.
//!
//! A subproblem is fixed by which primary items are still uncovered and, for each secondary item
//! that some remaining option still uses, whether it is purified and to which colour (DLX6's
//! "covering-and-purification status"). The signature packs this into `width` 64-bit words: one
//! bit per primary item (set while it is uncovered), and for each secondary item a field wide
//! enough for the codes `1` (active, not purified) and `1 + c` (purified to its colour number
//! `c`); 0 means the item no longer matters. A field never straddles two words.
//!
//! The cache is an open-addressing table (linear probing, at most half full) of entry numbers;
//! entry `e` keeps its signature in `keys[e * width..]` and its result, a ZDD node (0 when the
//! subproblem has no solution), in `zdd[e]`. It takes at most `budget` bytes: when the next entry
//! would not fit, or the allocator refuses it, new subproblems are simply not stored
//! (`Cache::refused` counts them) — they are solved again when met again, so the count stays
//! exact and only the time grows.

use super::links::{Links, ROOT};

/// Where each item's field lies in the signature.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// For item `k` (1-based, as in [`Links`]): the word and the shift of its field.
    word: Vec<u32>,
    shift: Vec<u32>,
    /// Words per signature.
    pub width: usize,
}

impl Layout {
    /// The layout for `links`: primary items one bit each, then secondary items.
    pub fn new(links: &Links) -> Layout {
        let n = links.last as usize;
        let mut word = vec![0; n];
        let mut shift = vec![0; n];
        let (mut w, mut r) = (0u32, 0u32);
        for k in 1..n {
            let bits = if (k as u32) < links.second {
                1
            } else {
                // Codes 1..=colours+1.
                32 - (links.colors[k] + 1).leading_zeros()
            };
            if r + bits > 64 {
                w += 1;
                r = 0;
            }
            word[k] = w;
            shift[k] = r;
            r += bits;
        }
        Layout {
            word,
            shift,
            width: w as usize + 1,
        }
    }

    /// Writes the signature of the subproblem `links` describes into `sig` (`width` words), by
    /// walking the active lists as DLX6 does; returns its hash.
    pub fn compute(&self, links: &Links, sig: &mut [u64]) -> u64 {
        sig.fill(0);
        let mut k = links.cl[ROOT as usize].next;
        while k != ROOT {
            sig[self.word[k as usize] as usize] |= 1 << self.shift[k as usize];
            k = links.cl[k as usize].next;
        }
        let last = links.last;
        let mut k = links.cl[last as usize].next;
        while k != last {
            let code = 1 + links.nd[k as usize].color as u64;
            sig[self.word[k as usize] as usize] |= code << self.shift[k as usize];
            k = links.cl[k as usize].next;
        }
        hash(sig)
    }
}

/// A hash of a signature (a multiply-rotate mix of its words).
fn hash(sig: &[u64]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for &w in sig {
        h = (h.rotate_left(23) ^ w).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    h ^ (h >> 29)
}

/// What [`Cache::lookup`] found.
pub(super) enum Lookup {
    /// The subproblem was solved before: its ZDD node.
    Hit(u32),
    /// A new subproblem, stored as this entry (its result set by [`Cache::set`]).
    Stored(u32),
    /// A new subproblem that the budget left out.
    Refused,
}

/// The memo cache: signatures to ZDD nodes, within a byte budget.
#[derive(Debug)]
pub(super) struct Cache {
    width: usize,
    slots: Vec<u32>,
    keys: Vec<u64>,
    zdd: Vec<u32>,
    max_entries: usize,
    /// New subproblems not stored because the budget was spent.
    pub refused: u64,
}

impl Cache {
    /// An empty cache for signatures of `width` words that takes at most `budget` bytes.
    pub fn new(width: usize, budget: usize) -> Cache {
        Cache {
            width,
            slots: Vec::new(),
            keys: Vec::new(),
            zdd: Vec::new(),
            max_entries: budget / Self::entry_bytes(width),
            refused: 0,
        }
    }

    /// The bytes one entry costs at most: its key and its result, twice (a growing vector may
    /// hold twice what it uses), and four slots (the table is at most half full, and at most a
    /// quarter full right after it doubles).
    fn entry_bytes(width: usize) -> usize {
        2 * (8 * width + 4) + 4 * 4
    }

    /// Entries stored.
    pub fn entries(&self) -> usize {
        self.zdd.len()
    }

    /// Bytes allocated now.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * 4 + self.keys.capacity() * 8 + self.zdd.capacity() * 4
    }

    /// Looks `sig` (with hash `h`) up; stores it when it is new and the budget allows.
    pub fn lookup(&mut self, sig: &[u64], h: u64) -> Lookup {
        if !self.slots.is_empty() {
            let mask = self.slots.len() - 1;
            let mut i = h as usize & mask;
            loop {
                let s = self.slots[i];
                if s == 0 {
                    break;
                }
                let e = (s - 1) as usize;
                if &self.keys[e * self.width..(e + 1) * self.width] == sig {
                    return Lookup::Hit(self.zdd[e]);
                }
                i = (i + 1) & mask;
            }
        }
        match self.insert(sig, h) {
            Some(e) => Lookup::Stored(e),
            None => {
                self.refused += 1;
                Lookup::Refused
            }
        }
    }

    /// Records the ZDD node of entry `e`.
    pub fn set(&mut self, e: u32, z: u32) {
        self.zdd[e as usize] = z;
    }

    fn insert(&mut self, sig: &[u64], h: u64) -> Option<u32> {
        let e = self.zdd.len();
        if e >= self.max_entries || e >= u32::MAX as usize - 1 {
            return None;
        }
        if 2 * (e + 1) > self.slots.len() && !self.grow() {
            return None;
        }
        if self.keys.try_reserve(self.width).is_err() || self.zdd.try_reserve(1).is_err() {
            return None;
        }
        self.keys.extend_from_slice(sig);
        self.zdd.push(0);
        self.place(e as u32, h);
        Some(e as u32)
    }

    fn place(&mut self, e: u32, h: u64) {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = e + 1;
    }

    /// Doubles the slot table; `false` when the allocator refuses.
    fn grow(&mut self) -> bool {
        let size = (self.slots.len() * 2).max(16);
        let mut slots = Vec::new();
        if slots.try_reserve_exact(size).is_err() {
            return false;
        }
        slots.resize(size, 0);
        self.slots = slots;
        for e in 0..self.zdd.len() {
            let h = hash(&self.keys[e * self.width..(e + 1) * self.width]);
            self.place(e as u32, h);
        }
        true
    }
}
