//! The undo log of dancing cells ([`super::dc`]): old set sizes, recorded when they change.
//!
//! SSXC1 saves the size of *every* active item at every level (its `savestack`), so its memory
//! is depth x items: a problem of 300,000 items that dancing links solves in 89 MB needed more
//! than 24 GB (issue 38). Only the sizes that a level changes need saving, and each change
//! deletes one node from a set, so this log saves an item's old size the first time the item
//! shrinks in a level, and never more entries than nodes deleted along the current path: memory
//! linear in the problem.
//!
//! ```text
//! level 0 saved: a=3 b=2        (a and b shrank in level 0)
//! level 1 saved: b=1 c=4        (b shrank again: its size at level 1's start is saved again)
//! restore(0) writes c=4, b=1, b=2, a=3 — newest first, so each item ends at its oldest value
//! ```
//!
//! "The first time in a level" is a stamp per item: the generation of the segment it was last
//! saved in. A new segment (a save, or a restore that reopens a level) takes a new generation,
//! so no stamp needs clearing. The search's mems still count SSXC1's savestack (three per active
//! item saved, two per item restored), so that they stay comparable with Knuth's program.

/// The log: `(item handle, old size)` entries, level after level.
#[derive(Clone, Debug, Default)]
pub(super) struct Trail {
    /// The entries of every open level, oldest first.
    entries: Vec<(u32, u32)>,
    /// `starts[l]`: where level `l`'s entries begin.
    starts: Vec<usize>,
    /// `active[l]`: the number of active items when level `l` was saved.
    active: Vec<usize>,
    /// `stamp[x]`: the generation in which handle `x`'s size was last saved.
    stamp: Vec<u32>,
    /// The generation of the open segment.
    generation: u32,
}

impl Trail {
    /// An empty log for item handles below `handles`.
    pub(super) fn new(handles: usize) -> Trail {
        Trail {
            stamp: vec![0; handles],
            generation: 1,
            ..Trail::default()
        }
    }

    /// Forgets every level, before a search.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.starts.clear();
        self.active.clear();
        self.next_generation();
    }

    /// A new segment: every item may be saved again.
    fn next_generation(&mut self) {
        if self.generation == u32::MAX {
            self.stamp.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Opens level `level` with `active` active items (SSXC1's "Save the currently active
    /// sizes", done lazily): sizes changed from now on are undone by [`Trail::restore`].
    #[inline(always)]
    pub(super) fn save(&mut self, level: usize, active: usize) {
        if self.starts.len() <= level {
            self.starts.resize(level + 1, 0);
            self.active.resize(level + 1, 0);
        }
        self.starts[level] = self.entries.len();
        self.active[level] = active;
        self.next_generation();
    }

    /// Records that handle `x`'s size, now `size`, is about to change.
    #[inline(always)]
    pub(super) fn note(&mut self, x: u32, size: u32) {
        let stamp = &mut self.stamp[x as usize];
        if *stamp != self.generation {
            *stamp = self.generation;
            self.entries.push((x, size));
        }
    }

    /// Undoes every change since level `level` was saved, newest first, through `write(x,
    /// size)`; returns that level's number of active items. The level stays open.
    #[inline(always)]
    pub(super) fn restore(&mut self, level: usize, mut write: impl FnMut(u32, u32)) -> usize {
        let start = self.starts[level];
        for &(x, size) in self.entries[start..].iter().rev() {
            write(x, size);
        }
        self.entries.truncate(start);
        self.next_generation();
        self.active[level]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restore_brings_back_the_oldest_size_of_each_item_once_per_level() {
        let mut sizes = [5u32, 7, 9];
        let mut trail = Trail::new(3);
        trail.clear();
        trail.save(0, 3);
        for (x, new) in [(0, 4), (0, 3), (1, 6)] {
            trail.note(x, sizes[x as usize]);
            sizes[x as usize] = new;
        }
        // Item 0 changed twice in level 0 but is saved once.
        assert_eq!(trail.entries.len(), 2);
        trail.save(1, 2);
        for (x, new) in [(0, 2), (2, 8)] {
            trail.note(x, sizes[x as usize]);
            sizes[x as usize] = new;
        }
        assert_eq!(trail.restore(1, |x, s| sizes[x as usize] = s), 2);
        assert_eq!(sizes, [3, 6, 9]);
        // Level 1 reopened: a change is saved again.
        trail.note(2, 9);
        sizes[2] = 1;
        assert_eq!(trail.restore(0, |x, s| sizes[x as usize] = s), 3);
        assert_eq!(sizes, [5, 7, 9]);
        assert!(trail.entries.is_empty());
    }
}
