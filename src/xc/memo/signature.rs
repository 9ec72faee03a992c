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
//! entry `e` keeps its signature in `keys[e * width..]` and its result (a ZDD node, or a count
//! when only the count is wanted; 0 when the subproblem has no solution) in `values[e]`. Each slot
//! also keeps a 32-bit *tag*, the high half of the signature's hash, beside the entry number, so a
//! probe that meets another signature almost always moves on without reading its key: most
//! lookups on a big cache are misses, and comparing their keys was 15% of Langford 12's
//! instructions. It takes at most `budget` bytes: when the next entry would not fit, or the
//! allocator refuses it, new subproblems are simply not stored (`Cache::refused` counts them) —
//! they are solved again when met again, so the count stays exact and only the time grows.
//!
//! `SharedCache` is the same table cut into shards behind locks, for counting on several
//! threads: a thread looks a subproblem up when it enters it and stores its count only when it
//! has finished it, so no thread ever reads an entry still being computed.

use std::sync::Mutex;

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

/// What [`Memo::lookup`] found.
pub(super) enum Lookup<V> {
    /// The subproblem was solved before: its result.
    Hit(V),
    /// A new subproblem, to be recorded by [`Memo::set`] with this entry once solved.
    Stored(u32),
    /// A new subproblem that the budget left out.
    Refused,
}

/// A cache of subproblem results as the search uses it: look a subproblem up when entering it,
/// record its result when leaving it (entries are recorded in the reverse order of their lookups).
pub(super) trait Memo<V> {
    /// Looks `sig` (with hash `h`) up; a new subproblem gets an entry when the budget allows.
    fn lookup(&mut self, sig: &[u64], h: u64) -> Lookup<V>;
    /// Records the result of entry `e` (from the last [`Lookup::Stored`] not yet recorded).
    fn set(&mut self, e: u32, v: V);
    /// Leaves `elsewhere` bytes of the budget to what the search holds beside the cache (its
    /// links and the solution diagram, which grows): new entries are refused once the cache
    /// would take more than the rest. A cache shared by threads ignores it.
    fn leave(&mut self, _elsewhere: usize) {}
}

/// The memo cache: signatures to results, within a byte budget.
#[derive(Debug)]
pub(super) struct Cache<V> {
    width: usize,
    /// `tag << 32 | (entry + 1)`; 0 is an empty slot.
    slots: Vec<u64>,
    keys: Vec<u64>,
    values: Vec<V>,
    max_entries: usize,
    /// The budget, in bytes.
    budget: usize,
    /// New subproblems not stored because the budget was spent.
    pub refused: u64,
}

/// The tag of a hash: its high half (the low bits choose the slot).
#[inline]
fn tag(h: u64) -> u64 {
    h >> 32
}

impl<V: Copy + Default> Cache<V> {
    /// An empty cache for signatures of `width` words that takes at most `budget` bytes.
    pub fn new(width: usize, budget: usize) -> Cache<V> {
        Cache {
            width,
            slots: Vec::new(),
            keys: Vec::new(),
            values: Vec::new(),
            max_entries: budget / Self::entry_bytes(width),
            budget,
            refused: 0,
        }
    }

    /// The bytes one entry costs at most: its key and its result, twice (a growing vector may
    /// hold twice what it uses), and four slots (the table is at most half full, and at most a
    /// quarter full right after it doubles).
    fn entry_bytes(width: usize) -> usize {
        2 * (8 * width + std::mem::size_of::<V>()) + 4 * 8
    }

    /// Entries stored.
    pub fn entries(&self) -> usize {
        self.values.len()
    }

    /// Bytes allocated now.
    pub fn bytes(&self) -> usize {
        self.slots.capacity() * 8
            + self.keys.capacity() * 8
            + self.values.capacity() * std::mem::size_of::<V>()
    }

    /// The entry holding `sig` (with hash `h`), if any.
    #[inline]
    fn find(&self, sig: &[u64], h: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let t = tag(h);
        let mut i = h as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                return None;
            }
            if s >> 32 == t {
                let e = (s as u32 - 1) as usize;
                if &self.keys[e * self.width..(e + 1) * self.width] == sig {
                    return Some(e);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `sig` (not yet present) with result `v`; `None` when the budget or the allocator
    /// refuses.
    fn insert(&mut self, sig: &[u64], h: u64, v: V) -> Option<u32> {
        let e = self.values.len();
        if e >= self.max_entries || e >= u32::MAX as usize - 1 {
            return None;
        }
        if 2 * (e + 1) > self.slots.len() && !self.grow() {
            return None;
        }
        if self.keys.try_reserve(self.width).is_err() || self.values.try_reserve(1).is_err() {
            return None;
        }
        self.keys.extend_from_slice(sig);
        self.values.push(v);
        self.place(e as u32, h);
        Some(e as u32)
    }

    fn place(&mut self, e: u32, h: u64) {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = tag(h) << 32 | u64::from(e + 1);
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
        for e in 0..self.values.len() {
            let h = hash(&self.keys[e * self.width..(e + 1) * self.width]);
            self.place(e as u32, h);
        }
        true
    }
}

impl<V: Copy + Default> Memo<V> for Cache<V> {
    fn leave(&mut self, elsewhere: usize) {
        self.max_entries = self.budget.saturating_sub(elsewhere) / Self::entry_bytes(self.width);
    }

    fn lookup(&mut self, sig: &[u64], h: u64) -> Lookup<V> {
        if let Some(e) = self.find(sig, h) {
            return Lookup::Hit(self.values[e]);
        }
        match self.insert(sig, h, V::default()) {
            Some(e) => Lookup::Stored(e),
            None => {
                self.refused += 1;
                Lookup::Refused
            }
        }
    }

    fn set(&mut self, e: u32, v: V) {
        self.values[e as usize] = v;
    }
}

/// One cache for all threads: [`Cache`]s behind locks, a signature's shard chosen by its hash.
#[derive(Debug)]
pub(super) struct SharedCache<V> {
    width: usize,
    shards: Vec<Mutex<Cache<V>>>,
}

/// Shards of a [`SharedCache`]: enough that two threads rarely want the same lock at once.
const SHARDS: usize = 256;

impl<V: Copy + Default> SharedCache<V> {
    /// An empty shared cache of at most `budget` bytes in all.
    pub fn new(width: usize, budget: usize) -> SharedCache<V> {
        SharedCache {
            width,
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Cache::new(width, budget / SHARDS)))
                .collect(),
        }
    }

    fn shard(&self, h: u64) -> std::sync::MutexGuard<'_, Cache<V>> {
        // Bits 24..32 of the hash: below the tag, above the slot index of any shard under 2^24
        // slots.
        self.shards[(h >> 24) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The sum over the shards of `f`.
    pub fn total(&self, f: impl Fn(&Cache<V>) -> u64) -> u64 {
        self.shards
            .iter()
            .map(|s| f(&s.lock().unwrap_or_else(|e| e.into_inner())))
            .sum()
    }

    /// A thread's view of the cache.
    pub fn handle(&self) -> SharedHandle<'_, V> {
        SharedHandle {
            cache: self,
            pending: Vec::new(),
            hashes: Vec::new(),
            refused: 0,
        }
    }
}

/// A thread's view of a [`SharedCache`]: the signatures it is solving, stored when solved.
pub(super) struct SharedHandle<'c, V> {
    cache: &'c SharedCache<V>,
    /// The signatures looked up and not yet recorded, one after the other, and their hashes.
    pending: Vec<u64>,
    hashes: Vec<u64>,
    /// New subproblems that the budget left out (counted when their result came).
    pub refused: u64,
}

impl<V: Copy + Default> Memo<V> for SharedHandle<'_, V> {
    fn lookup(&mut self, sig: &[u64], h: u64) -> Lookup<V> {
        let shard = self.cache.shard(h);
        if let Some(e) = shard.find(sig, h) {
            return Lookup::Hit(shard.values[e]);
        }
        drop(shard);
        self.pending.extend_from_slice(sig);
        self.hashes.push(h);
        Lookup::Stored(self.hashes.len() as u32 - 1)
    }

    fn set(&mut self, e: u32, v: V) {
        debug_assert_eq!(e as usize + 1, self.hashes.len());
        let h = self.hashes.pop().expect("set follows its lookup");
        let from = self.pending.len() - self.cache.width;
        let sig = &self.pending[from..];
        let mut shard = self.cache.shard(h);
        // Another thread may have solved the same subproblem meanwhile.
        if shard.find(sig, h).is_none() && shard.insert(sig, h, v).is_none() {
            self.refused += 1;
        }
        drop(shard);
        self.pending.truncate(from);
    }
}
