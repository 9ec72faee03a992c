//! [`Cells`]: the values of a grid's cells, held in the grid itself up to 81 cells.
//!
//! A corpus run parses a puzzle and builds a solution for every line: with the cells on the heap
//! that is two allocations and two frees a puzzle, about 400 instructions of the 3,000 that
//! `dlxlab solve` spends outside the solver on a 17-clue puzzle (callgrind). Grids of up to 81
//! cells (4x4, 6x6, 9x9) keep them inline; larger ones on the heap. Which storage a grid uses
//! follows from its cell count alone, and equality and hashing are those of the slice.

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// The most cells held inline: a 9x9 grid.
const INLINE: usize = 81;

/// One byte per cell, inline when there are at most [`INLINE`].
#[derive(Clone, Debug)]
pub(super) enum Cells {
    /// `len` <= [`INLINE`] cells: the first `len` bytes.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// More than [`INLINE`] cells.
    Heap(Vec<u8>),
}

impl Cells {
    /// `n` empty cells.
    pub(super) fn zeros(n: usize) -> Cells {
        if n <= INLINE {
            Cells::Inline {
                len: n as u8,
                bytes: [0; INLINE],
            }
        } else {
            Cells::Heap(vec![0; n])
        }
    }

    /// The 81 cells of a 9x9 grid.
    pub(super) fn classic(bytes: [u8; INLINE]) -> Cells {
        Cells::Inline {
            len: INLINE as u8,
            bytes,
        }
    }
}

impl From<Vec<u8>> for Cells {
    fn from(cells: Vec<u8>) -> Cells {
        if cells.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..cells.len()].copy_from_slice(&cells);
            Cells::Inline {
                len: cells.len() as u8,
                bytes,
            }
        } else {
            Cells::Heap(cells)
        }
    }
}

impl Deref for Cells {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Cells::Inline { len, bytes } => &bytes[..usize::from(*len).min(INLINE)],
            Cells::Heap(v) => v,
        }
    }
}

impl DerefMut for Cells {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Cells::Inline { len, bytes } => &mut bytes[..usize::from(*len).min(INLINE)],
            Cells::Heap(v) => v,
        }
    }
}

impl PartialEq for Cells {
    fn eq(&self, other: &Cells) -> bool {
        **self == **other
    }
}

impl Eq for Cells {}

impl Hash for Cells {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // As a `Vec<u8>` hashes: the slice.
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn hash_of<T: Hash + ?Sized>(x: &T) -> u64 {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    }

    #[test]
    fn inline_and_heap_cells_read_as_the_vector_they_came_from() {
        for n in [0, 1, 16, 36, 80, 81, 82, 256] {
            let v: Vec<u8> = (0..n).map(|i| (i % 7) as u8).collect();
            let cells = Cells::from(v.clone());
            assert_eq!(&*cells, v.as_slice());
            assert_eq!(matches!(cells, Cells::Inline { .. }), n <= INLINE);
            assert_eq!(hash_of(&cells), hash_of(&v));
            assert_eq!(&*Cells::zeros(n), vec![0u8; n].as_slice());
            let mut changed = cells.clone();
            if n > 0 {
                changed[n - 1] ^= 1;
                assert!(changed != cells);
            }
        }
        assert_eq!(Cells::classic([3; 81]), Cells::from(vec![3; 81]));
    }
}
