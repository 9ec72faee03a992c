//! `fast`'s search state (see "Bit layout" in the module documentation): the candidate words of
//! each digit and band, placing, the band and stack analyses, the propagation body every
//! compiled path inlines, the branch cell, and writing the solution back.

use crate::sudoku::Grid;

use super::gather;
use super::tables::{
    BAND_ALL, BAND_PEERS, COLUMN0, COLUMN_OF, PERM, PERM_CELLS, ROW_HIGH, ROW_LOW8,
};

/// The search state: candidates per (digit, band), unsolved cells per band, and which words changed
/// since they were last examined.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[9·b + d]`: cells of band `b` where digit `d + 1` is a candidate (placed cells keep
    /// their own digit).
    pub(super) cand: [u32; 27],
    /// Cells of each band not yet placed.
    pub(super) unsolved: [u32; 3],
    /// Bit `9·b + d` set when `cand[9·b + d]` changed since its band analysis.
    pub(super) dirty: u32,
}

/// The propagation found a cell or a unit with no possible digit.
pub(super) struct Contradiction;

impl State {
    /// The empty grid: every digit a candidate everywhere, nothing to examine yet.
    pub(super) fn new() -> State {
        State {
            cand: [BAND_ALL; 27],
            unsolved: [BAND_ALL; 3],
            dirty: 0,
        }
    }

    /// Places digit index `d` (0-based) at cell bit `bit` of band `b`: removes the other digits from
    /// the cell and the digit from the cell's peers, marking every word that changed.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: u32) -> Result<(), Contradiction> {
        if self.cand[9 * b + d] & bit == 0 {
            return Err(Contradiction);
        }
        let k = bit.trailing_zeros() as usize;
        self.unsolved[b] &= !bit;
        let mut dirty = 0;
        for e in 0..9 {
            let idx = 9 * b + e;
            let old = self.cand[idx];
            let new = if e == d {
                old & !BAND_PEERS[k]
            } else {
                old & !bit
            };
            self.cand[idx] = new;
            dirty |= ((old != new) as u32) << idx;
        }
        let column = COLUMN_OF[k];
        for other in [(b + 1) % 3, (b + 2) % 3] {
            let idx = 9 * other + d;
            let old = self.cand[idx];
            let new = old & !column;
            self.cand[idx] = new;
            dirty |= ((old != new) as u32) << idx;
        }
        self.dirty |= dirty;
        Ok(())
    }

    /// Places the givens (`cells`: 81 values, `0` empty) in the empty grid and marks every word for
    /// analysis. Cheaper than one [`State::place`] each: the other digits leave all given cells in
    /// one pass at the end. Inlined, so that each compiled path has its own copy.
    #[inline(always)]
    pub(super) fn give(&mut self, cells: &[u8]) -> Result<(), Contradiction> {
        let mut given = [0u32; 3];
        let mut own = [0u32; 27];
        for (b, band) in cells.chunks_exact(27).take(3).enumerate() {
            // A branch-free pass finds the filled cells (a branch per cell would mispredict on
            // about every given); only those are visited.
            let mut filled = filled_cells(band);
            given[b] = filled;
            while filled != 0 {
                let k = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let d = (band[k] as usize - 1).min(8);
                let column = COLUMN_OF[k];
                for other in 0..3 {
                    self.cand[9 * other + d] &= if other == b { !BAND_PEERS[k] } else { !column };
                }
                own[9 * b + d] |= 1 << k;
            }
        }
        // A given missing from its own word was removed by an equal given among its peers. A
        // fold, not an early return: one pass over the 27 words without a branch per word.
        let mut missing = 0;
        for (b, words) in self.cand.chunks_exact_mut(9).enumerate() {
            for (x, own) in words.iter_mut().zip(&own[9 * b..9 * b + 9]) {
                missing |= own & !*x;
                *x &= !given[b] | own;
            }
        }
        if missing != 0 {
            return Err(Contradiction);
        }
        for (unsolved, given) in self.unsolved.iter_mut().zip(given) {
            *unsolved &= !given;
        }
        self.dirty = BAND_ALL;
        Ok(())
    }

    /// Removes `cells`, just placed with digit index `d`, from the other digits' words of band `b`;
    /// returns the words changed, as dirty bits.
    #[inline(always)]
    pub(super) fn take_from_others(&mut self, d: usize, b: usize, cells: u32) -> u32 {
        let own = self.cand[9 * b + d];
        // Digit `e`'s word changes when it had one of the cells: bit `e` of `changed`, shifted to
        // the band's dirty bits once at the end.
        let mut changed = 0;
        for (e, x) in self.cand[9 * b..9 * b + 9].iter_mut().enumerate() {
            changed |= ((*x & cells != 0) as u32) << e;
            *x &= !cells;
        }
        self.cand[9 * b + d] = own;
        (changed & !(1 << d)) << (9 * b)
    }

    /// Band analysis of one (digit, band) word: keeps only the segments some placement of the digit
    /// in the band can use, then places the digit in every row left with a single unsolved cell.
    /// Returns the cells placed, which the caller still has to mark solved and take from the other
    /// digits of the band.
    #[inline(always)]
    pub(super) fn update<const V3: bool>(&mut self, idx: usize) -> Result<u32, Contradiction> {
        let x = self.cand[idx];
        let shrink = gather::segments::<V3>(x);
        let possible = PERM_CELLS[shrink & 0x1ff];
        if possible == 0 {
            return Err(Contradiction);
        }
        let x = x & possible;
        let b = idx / 9;
        // Every row of `x` keeps a cell: each open permutation takes a non-empty segment in every
        // row.
        let singles = lone_cells(x);
        // A row down to one cell places the digit there. The table already cleared the rest of the
        // cell's box in this band; the stack analysis closes its column in the other bands (it is
        // the digit's lone column in that box), and the caller takes the cell from the other digits
        // and from the unsolved cells once this digit has settled (one pass for all its
        // placements, and no branch here). Until then a cell placed in an earlier round comes
        // back here each round, which the caller's union of the rounds absorbs.
        self.cand[idx] = x;
        Ok(singles & self.unsolved[b])
    }

    /// Stack analysis of one digit: in each stack (box column) the digit takes one column per band,
    /// a different one in each band, so the (band, column) matrix of a stack is filtered by the same
    /// permutation table as a band's (row, box) matrix; the columns left out are closed. Returns the
    /// words it changed, as dirty bits.
    #[inline(always)]
    pub(super) fn stacks<const V3: bool>(&mut self, d: usize) -> Result<u32, Contradiction> {
        let matrices = gather::stack_matrices::<V3>(self.columns(d));
        // The mask only tells the compiler the index is in range.
        let kept = matrices.map(|m| PERM[m as usize & 0x1ff] as u32);
        if kept.contains(&0) {
            return Err(Contradiction);
        }
        let open = gather::stack_columns::<V3>(kept);
        let mut dirty = 0;
        for (b, o) in open.into_iter().enumerate() {
            let idx = 9 * b + d;
            let old = self.cand[idx];
            // `o` has 9 bits: the product is the three shifted copies side by side.
            let new = old & (o * COLUMN0);
            self.cand[idx] = new;
            dirty |= ((old != new) as u32) << idx;
        }
        Ok(dirty)
    }

    /// The columns where digit index `d` is a candidate, in each band (9 bits each).
    #[inline(always)]
    pub(super) fn columns(&self, d: usize) -> [u32; 3] {
        [self.cand[d], self.cand[9 + d], self.cand[18 + d]].map(|x| (x | x >> 9 | x >> 18) & 0x1ff)
    }

    /// The propagation itself (see the module documentation for the schedule), inlined into each
    /// compiled path of [`super::paths`].
    ///
    /// `V3` is true in the x86-64-v3 path only: it selects the BMI2 twins of [`super::gather`].
    #[inline(always)]
    pub(super) fn propagate_body<const V3: bool>(&mut self) -> Result<(), Contradiction> {
        loop {
            // The queue lives in a local so that it stays in a register.
            let mut dirty = std::mem::take(&mut self.dirty);
            while dirty != 0 {
                // One digit at a time, to a fixpoint, while the words of other digits it touches
                // wait in the queue.
                let digits = (dirty | dirty >> 9 | dirty >> 18) & 0x1ff;
                let d = (digits.trailing_zeros() as usize).min(8);
                let mine = (1 | 1 << 9 | 1 << 18) << d;
                dirty &= !mine;
                let mut placed = [0u32; 3];
                // All three bands each time, dirty or not: an analysis of a settled word changes
                // nothing, and straight-line code lets the three run side by side without a
                // mispredicted loop exit. (Analysing only the words that changed took 9% fewer
                // instructions on `band`'s hard-search sample but 70% more mispredicted branches
                // in cachegrind's model, and `band` ran 7% slower.) The stack analysis depends only
                // on the three words: after the first round it has to run again only if a band
                // analysis changed a word it left.
                let mut first = true;
                loop {
                    let before = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
                    placed[0] |= self.update::<V3>(d)?;
                    placed[1] |= self.update::<V3>(9 + d)?;
                    placed[2] |= self.update::<V3>(18 + d)?;
                    let after = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
                    if !first && before == after {
                        break;
                    }
                    first = false;
                    if self.stacks::<V3>(d)? == 0 {
                        break;
                    }
                }
                for (b, cells) in placed.into_iter().enumerate() {
                    if cells != 0 {
                        self.unsolved[b] &= !cells;
                        dirty |= self.take_from_others(d, b, cells);
                    }
                }
            }
            for b in 0..3 {
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[9 * b + d];
                    two |= one & x;
                    one |= x;
                }
                let unsolved = self.unsolved[b];
                if unsolved & !one != 0 {
                    return Err(Contradiction);
                }
                let mut naked = unsolved & !two;
                while naked != 0 {
                    let bit = naked & naked.wrapping_neg();
                    naked &= naked - 1;
                    // An earlier placement in this loop may have emptied the cell: no digit is found
                    // and the contradiction surfaces in `place`.
                    let d = (self.digits_at(b, bit).trailing_zeros() as usize).min(8);
                    self.place(d, b, bit)?;
                }
            }
            if self.dirty == 0 {
                return Ok(());
            }
        }
    }

    /// True when every cell is placed.
    pub(super) fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The cell to branch on, as (band, cell bit, digit-index mask): the first cell with exactly two
    /// candidates, else the first cell with the fewest. Only called on a propagated, unsolved state,
    /// where every unsolved cell has at least two candidates.
    pub(super) fn branch_cell(&self) -> (usize, u32, u32) {
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[9 * b + d];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let pairs = self.unsolved[b] & two & !three;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return (b, bit, self.digits_at(b, bit));
            }
        }
        let mut best = (0, 0, 0);
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let mut cells = self.unsolved[b];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let digits = self.digits_at(b, bit);
                if digits.count_ones() < best_count {
                    best_count = digits.count_ones();
                    best = (b, bit, digits);
                }
            }
        }
        best
    }

    /// The candidates of one cell, bit `d` for digit index `d`.
    pub(super) fn digits_at(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[9 * b + d] & bit != 0) as u32) << d;
        }
        digits
    }

    /// Writes the placed digits into `grid` (every cell is placed, in one digit's word only), in
    /// one [`Grid::fill`], without a loop over each digit's cells: the four bits of a cell's value
    /// are four bit planes of its band (plane `i`: the union of the words of the digits whose
    /// value has bit `i`), and [`SPREAD`] turns eight cells of a plane into eight bytes.
    pub(super) fn write_into(&self, grid: &mut Grid) {
        // The digit indices (value - 1) whose value has bit 0, 1, 2, 3 set.
        const PLANES: [u32; 4] = [0b1_0101_0101, 0b0_0110_0110, 0b0_0111_1000, 0b1_1000_0000];
        // A band's 27 cells padded to 32: four 8-byte chunks.
        let mut bands = [[0u8; 32]; 3];
        for (b, out) in bands.iter_mut().enumerate() {
            let words = &self.cand[9 * b..9 * b + 9];
            let planes = PLANES.map(|digits| {
                (0..9).fold(0, |p, d| {
                    p | if digits >> d & 1 != 0 { words[d] } else { 0 }
                })
            });
            for (i, chunk) in out.chunks_exact_mut(8).enumerate() {
                let spread = |plane: u32| SPREAD[(plane >> (8 * i)) as usize & 0xff];
                let values = spread(planes[0])
                    | spread(planes[1]) << 1
                    | spread(planes[2]) << 2
                    | spread(planes[3]) << 3;
                chunk.copy_from_slice(&values.to_le_bytes());
            }
        }
        let mut cells = [0u8; 81];
        for (chunk, band) in cells.chunks_exact_mut(27).zip(&bands) {
            chunk.copy_from_slice(&band[..27]);
        }
        grid.fill(&cells);
    }

    /// [`State::write_into`] for a state whose word index `i` holds the digit of value
    /// `values[i]` (see `band`'s digit order). `V3`: with AVX2, each word's 27 bits become 27
    /// bytes (0xff where set) in a few vector instructions and take their value there; the
    /// portable twin moves the words back and writes as `write_into` does.
    #[inline(always)]
    pub(super) fn write_labelled<const V3: bool>(&self, grid: &mut Grid, values: &[u8; 9]) {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            use std::arch::x86_64::*;
            let mut bands = [[0u8; 32]; 3];
            // SAFETY: `V3` is true only in code compiled for, and run on, a CPU with AVX2; the
            // store is of one 32-byte array.
            unsafe {
                // Byte `k` of a band's vector looks at byte `k / 8` of the word, bit `k % 8`.
                let spread = _mm256_setr_epi8(
                    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
                    3, 3, 3, 3, 3, 3,
                );
                let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
                for (b, out) in bands.iter_mut().enumerate() {
                    let mut cells = _mm256_setzero_si256();
                    for (i, &value) in values.iter().enumerate() {
                        let word = _mm256_set1_epi32(self.cand[9 * b + i] as i32);
                        let set = _mm256_and_si256(_mm256_shuffle_epi8(word, spread), bits);
                        let mine = _mm256_cmpeq_epi8(set, bits);
                        let digit = _mm256_set1_epi8(value as i8);
                        cells = _mm256_or_si256(cells, _mm256_and_si256(mine, digit));
                    }
                    _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, cells);
                }
            }
            let mut cells = [0u8; 81];
            for (chunk, band) in cells.chunks_exact_mut(27).zip(&bands) {
                chunk.copy_from_slice(&band[..27]);
            }
            grid.fill(&cells);
            return;
        }
        let mut plain = *self;
        for b in 0..3 {
            for (i, &value) in values.iter().enumerate() {
                plain.cand[9 * b + (value as usize).clamp(1, 9) - 1] = self.cand[9 * b + i];
            }
        }
        plain.write_into(grid);
    }
}

/// `SPREAD[x]`: byte `i` is bit `i` of `x` (eight cells of a bit plane, a byte each).
pub(super) const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            t[x] |= ((x as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        x += 1;
    }
    t
};

/// The cells of band word `x` that are alone in their row, all three rows at once and without a
/// branch (a branch per row was mispredicted often enough to make this check a sixth of `band`'s
/// time on the 17-clue list). Every row of `x` must have a cell: then subtracting one from each row
/// borrows across no row, and `rest` is `x` less the lowest cell of each row. Adding `0xff` to the
/// low eight bits of a row carries into its ninth bit exactly when they are not all zero, and never
/// out of the row: `crowded` has bit 8 of each row with two cells or more, which the product
/// spreads over the row's nine bits.
#[inline(always)]
pub(super) fn lone_cells(x: u32) -> u32 {
    debug_assert!((0..3).all(|i| x & (0x1ff << (9 * i)) != 0));
    let rest = x & x.wrapping_sub(COLUMN0);
    let crowded = (((rest & ROW_LOW8) + ROW_LOW8) | rest) & ROW_HIGH;
    x & !((crowded >> 8) * 0x1ff)
}

/// The cells of a band (its 27 values) that hold a digit, bit `k` for cell `k`, eight cells at a
/// time: the high bit of each byte of a 64-bit word is set when the byte is not zero (no carry
/// crosses a byte: each byte's low seven bits plus `0x7f` stay below `0x100`), and one
/// multiplication gathers the eight high bits into one byte (the products land on distinct bits).
#[inline(always)]
pub(super) fn filled_cells(band: &[u8]) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut filled = 0u32;
    for (i, chunk) in band.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let w = u64::from_le_bytes(bytes);
        let high = (((w & LOW7) + LOW7) | w) & !LOW7;
        filled |= (((high >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * i);
    }
    filled
}
