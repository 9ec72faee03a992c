//! Byte scans over the `LEN | COVERED` array: the minimum (step X3's MRV choice) and the first
//! position of a value, with SSE2 on x86-64 and a portable form elsewhere.

/// A packed `LEN` with the covered flag in its top bit.
pub(super) type LenX = u8;

/// `lenx` is scanned in blocks of this many items (four SSE2 registers, so the loops run a quarter
/// as often) and padded to a multiple of it.
pub(super) const BLOCK: usize = 64;

/// The minimum of `bytes` (whose length is a multiple of [`BLOCK`]): on x86-64, four 16-byte
/// accumulators take one `pminub` per 16 bytes, then are folded into one byte. No early exit:
/// testing for a zero costs more than it saves (dead ends are 4% of the nodes on 17-clue Sudoku).
/// (The portable form, [`min_byte_portable`], vectorises with one accumulator per 16 bytes but
/// with a 64-byte block LLVM keeps the accumulators on the stack.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn min_byte(bytes: &[LenX]) -> LenX {
    use std::arch::x86_64::{
        __m128i, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_min_epu8, _mm_set1_epi8, _mm_srli_si128,
    };
    // SAFETY: SSE2 is part of the x86-64 baseline, so these instructions always exist; every
    // load reads 16 bytes inside `block`, and `loadu` has no alignment requirement.
    unsafe {
        let mut acc = [_mm_set1_epi8(-1); 4];
        for block in bytes.chunks_exact(BLOCK) {
            for (a, v) in acc.iter_mut().zip(block.chunks_exact(16)) {
                *a = _mm_min_epu8(*a, _mm_loadu_si128(v.as_ptr().cast::<__m128i>()));
            }
        }
        let mut m = _mm_min_epu8(_mm_min_epu8(acc[0], acc[1]), _mm_min_epu8(acc[2], acc[3]));
        m = _mm_min_epu8(m, _mm_srli_si128::<8>(m));
        m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
        m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
        m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
        _mm_cvtsi128_si32(m) as LenX
    }
}

/// [`min_byte`] elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn min_byte(bytes: &[LenX]) -> LenX {
    min_byte_portable(bytes)
}

/// The portable [`min_byte`]: a lane-wise minimum over 16-byte vectors, then across the lanes.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
pub(super) fn min_byte_portable(bytes: &[LenX]) -> LenX {
    let mut acc = [LenX::MAX; 16];
    for v in bytes.chunks_exact(16) {
        for (a, &b) in acc.iter_mut().zip(v) {
            *a = (*a).min(b);
        }
    }
    acc.into_iter().fold(LenX::MAX, LenX::min)
}

/// The index of the first byte of `bytes` (whose length is a multiple of [`BLOCK`]) equal to
/// `value`, which must occur: on x86-64, per block four SSE2 comparisons and bit masks
/// (`pcmpeqb`, `pmovmskb`) joined into one 64-bit mask, until one block matches. (LLVM does not
/// find this form in portable code; written portably it cost ten times the instructions.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn first_byte_equal(bytes: &[LenX], value: LenX) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of the x86-64 baseline, so these instructions always exist.
    let pattern = unsafe { _mm_set1_epi8(value as i8) };
    for (b, block) in bytes.chunks_exact(BLOCK).enumerate() {
        let mut mask = 0u64;
        for (k, v) in block.chunks_exact(16).enumerate() {
            // SAFETY: SSE2 as above; `v` is 16 readable bytes and `loadu` has no alignment
            // requirement.
            let m = unsafe {
                let v = _mm_loadu_si128(v.as_ptr().cast::<__m128i>());
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, pattern)) as u16
            };
            mask |= u64::from(m) << (16 * k);
        }
        if mask != 0 {
            return b * BLOCK + mask.trailing_zeros() as usize;
        }
    }
    unreachable!("the bytes hold the value")
}

/// [`first_byte_equal`] elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn first_byte_equal(bytes: &[LenX], value: LenX) -> usize {
    first_byte_equal_swar(bytes, value)
}

/// The portable [`first_byte_equal`], eight bytes at a time: XOR makes the matching bytes zero,
/// and `(v - 0x01..) & !v & 0x80..` flags the lowest zero byte exactly (a borrow can only raise
/// false flags above a true zero, never below it).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
pub(super) fn first_byte_equal_swar(bytes: &[LenX], value: LenX) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let pattern = ONES * value as u64;
    for (w, word) in bytes.chunks_exact(8).enumerate() {
        let v = u64::from_le_bytes(word.try_into().expect("chunks of 8")) ^ pattern;
        let zero = v.wrapping_sub(ONES) & !v & HIGHS;
        if zero != 0 {
            return w * 8 + (zero.trailing_zeros() / 8) as usize;
        }
    }
    unreachable!("the bytes hold the value")
}
