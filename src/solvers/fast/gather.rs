//! The bit gathers of the band and stack analyses of [`fast`](super), in two twins: the portable
//! one (table look-ups and shifts, any target) and, on the x86-64-v3 path, BMI2's `pext`/`pdep`
//! (one instruction per gather). `V3` is true only inside code compiled for that path
//! ([`super::paths`]), which runs only on a CPU that has BMI2. Both twins compute the same
//! values (`fast::tests` checks them against each other on every word shape that matters, and
//! the path tests compare whole solves).
//!
//! `pext` and `pdep` are one fast instruction on Intel since Haswell and AMD since Zen 3; on Zen 1
//! and 2 they are microcoded and slow, which this code does not detect (such a CPU would be better
//! served by the portable twin: `DLXLAB_FAST_PATH=portable`).

use super::tables::SHRINK;

/// The first cell of each of the nine segments of a band word (bits 0, 3, 6, ..., 24).
#[cfg(target_arch = "x86_64")]
const SEGMENT_FIRST: u32 = 0o111_111_111;

/// `STACK[j]`: the columns of stack `j` in three 9-bit column sets laid side by side (band `r`
/// at bits `9r..9r+9`).
#[cfg(target_arch = "x86_64")]
const STACK: [u32; 3] = [0o007_007_007, 0o070_070_070, 0o700_700_700];

/// The segment matrix of a band word: bit `3·i + j` set when row `i` has a candidate in box `j`.
#[inline(always)]
pub(super) fn segments<const V3: bool>(x: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: `V3` is true only in code compiled for, and run on, a CPU with BMI2 (above).
        return unsafe { std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, SEGMENT_FIRST) }
            as usize;
    }
    // The masks only tell the compiler the indices are in range (no bounds checks).
    SHRINK[(x & 0x1ff) as usize] as usize
        | (SHRINK[((x >> 9) & 0x1ff) as usize] as usize) << 3
        | (SHRINK[((x >> 18) & 0x1ff) as usize] as usize) << 6
}

/// The (band, column) matrices of one digit's three stacks from its column sets `c[r]` in band
/// `r` (9 bits each): element `j` has bit `3·r + k` when band `r` has the digit in column `3j + k`.
#[inline(always)]
pub(super) fn stack_matrices<const V3: bool>(c: [u32; 3]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        let w = c[0] | c[1] << 9 | c[2] << 18;
        // SAFETY: as in `segments`.
        return STACK.map(|m| unsafe { std::arch::x86_64::_pext_u32(w, m) });
    }
    std::array::from_fn(|j| {
        (c[0] >> (3 * j)) & 7 | ((c[1] >> (3 * j)) & 7) << 3 | ((c[2] >> (3 * j)) & 7) << 6
    })
}

/// The inverse of [`stack_matrices`]: the column sets of the three bands from the three stack
/// matrices.
#[inline(always)]
pub(super) fn stack_columns<const V3: bool>(m: [u32; 3]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        // SAFETY: as in `segments`.
        let w = unsafe {
            use std::arch::x86_64::_pdep_u32;
            _pdep_u32(m[0], STACK[0]) | _pdep_u32(m[1], STACK[1]) | _pdep_u32(m[2], STACK[2])
        };
        return [w & 0x1ff, (w >> 9) & 0x1ff, w >> 18];
    }
    let mut out = [0u32; 3];
    for (j, p) in m.into_iter().enumerate() {
        out[0] |= (p & 7) << (3 * j);
        out[1] |= ((p >> 3) & 7) << (3 * j);
        out[2] |= ((p >> 6) & 7) << (3 * j);
    }
    out
}
