//! [`Cells`]: a set of the 81 cells of a 9x9 grid, bit `c` for cell `c` of one 128-bit word (bits
//! 81..127 unused), with the few operations the `mrv` board path needs.
//!
//! On x86-64 the word lives in an SSE2 register: one `pand`/`por`/`pxor`/`pandn` per operation
//! instead of two on 64-bit halves, and with the bit-sliced counts and the empty cells in registers
//! the state of a node fits the sixteen of them. Elsewhere it is a `u128`. Both forms are compiled
//! on x86-64 and a test holds them to the same results.

/// The portable form: a `u128`.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(super) mod portable {
    /// A set of cells.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Cells(u128);

    impl Cells {
        /// The set whose bit `c` is bit `c` of `bits`.
        #[inline(always)]
        pub fn load(bits: &u128) -> Cells {
            Cells(*bits)
        }

        /// The bits of the set (the x86-64 test compares both forms by them).
        #[cfg(all(test, target_arch = "x86_64"))]
        pub fn bits(self) -> u128 {
            self.0
        }

        /// `self ∩ other`.
        #[inline(always)]
        pub fn and(self, other: Cells) -> Cells {
            Cells(self.0 & other.0)
        }

        /// `self ∪ other`.
        #[inline(always)]
        pub fn or(self, other: Cells) -> Cells {
            Cells(self.0 | other.0)
        }

        /// The symmetric difference.
        #[inline(always)]
        pub fn xor(self, other: Cells) -> Cells {
            Cells(self.0 ^ other.0)
        }

        /// `self \ other`.
        #[inline(always)]
        pub fn and_not(self, other: Cells) -> Cells {
            Cells(self.0 & !other.0)
        }

        /// Whether the set has a cell.
        #[inline(always)]
        pub fn any(self) -> bool {
            self.0 != 0
        }

        /// The lowest cell of a set that has one.
        #[inline(always)]
        pub fn first(self) -> usize {
            debug_assert!(self.0 != 0);
            self.0.trailing_zeros() as usize
        }
    }
}

/// The SSE2 form: an `__m128i`.
#[cfg(target_arch = "x86_64")]
pub(super) mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64,
        _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_setzero_si128, _mm_unpackhi_epi64,
        _mm_xor_si128,
    };

    /// A set of cells.
    #[derive(Clone, Copy, Debug)]
    #[repr(transparent)]
    pub struct Cells(__m128i);

    // SAFETY (every `unsafe` block below): SSE2 is part of the x86-64 baseline, so these
    // instructions always exist; the one load reads the 16 bytes of a `u128` through a reference,
    // and `loadu` has no alignment requirement.
    impl Cells {
        /// The set whose bit `c` is bit `c` of `bits`.
        #[inline(always)]
        pub fn load(bits: &u128) -> Cells {
            Cells(unsafe { _mm_loadu_si128((bits as *const u128).cast::<__m128i>()) })
        }

        /// The bits of the set (for the test against the portable form).
        #[cfg_attr(not(test), allow(dead_code))]
        #[inline(always)]
        pub fn bits(self) -> u128 {
            let (lo, hi) = unsafe {
                (
                    _mm_cvtsi128_si64(self.0) as u64,
                    _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64,
                )
            };
            u128::from(hi) << 64 | u128::from(lo)
        }

        /// `self ∩ other`.
        #[inline(always)]
        pub fn and(self, other: Cells) -> Cells {
            Cells(unsafe { _mm_and_si128(self.0, other.0) })
        }

        /// `self ∪ other`.
        #[inline(always)]
        pub fn or(self, other: Cells) -> Cells {
            Cells(unsafe { _mm_or_si128(self.0, other.0) })
        }

        /// The symmetric difference.
        #[inline(always)]
        pub fn xor(self, other: Cells) -> Cells {
            Cells(unsafe { _mm_xor_si128(self.0, other.0) })
        }

        /// `self \ other`.
        #[inline(always)]
        pub fn and_not(self, other: Cells) -> Cells {
            // `_mm_andnot_si128(a, b)` is `!a & b`.
            Cells(unsafe { _mm_andnot_si128(other.0, self.0) })
        }

        /// Whether the set has a cell: one compare of the sixteen bytes with zero.
        #[inline(always)]
        pub fn any(self) -> bool {
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) != 0xffff }
        }

        /// The lowest cell of a set that has one: the low half when it has a cell, else the high.
        #[inline(always)]
        pub fn first(self) -> usize {
            let lo = unsafe { _mm_cvtsi128_si64(self.0) } as u64;
            if lo != 0 {
                lo.trailing_zeros() as usize
            } else {
                let hi = unsafe { _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) } as u64;
                debug_assert!(hi != 0);
                64 + hi.trailing_zeros() as usize
            }
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) use portable::Cells;
#[cfg(target_arch = "x86_64")]
pub(super) use sse2::Cells;

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::{portable, sse2};

    /// The SSE2 form computes what the portable form computes, on words that cover both halves.
    #[test]
    fn sse2_matches_portable() {
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
        let mut words = vec![
            0u128,
            u128::MAX,
            1,
            1 << 63,
            1 << 64,
            1 << 80,
            (1 << 81) - 1,
        ];
        for _ in 0..200 {
            // xorshift128 steps: a spread of words without a dependency.
            x ^= x << 23;
            x ^= x >> 17;
            x ^= x << 26;
            words.push(x);
        }
        for (i, a) in words.iter().enumerate() {
            let (sa, pa) = (sse2::Cells::load(a), portable::Cells::load(a));
            assert_eq!(sa.bits(), *a);
            assert_eq!(sa.any(), pa.any());
            if *a != 0 {
                assert_eq!(sa.first(), pa.first(), "{a:x}");
            }
            for b in words.iter().skip(i % 7).step_by(7) {
                let (sb, pb) = (sse2::Cells::load(b), portable::Cells::load(b));
                assert_eq!(sa.and(sb).bits(), pa.and(pb).bits(), "{a:x} & {b:x}");
                assert_eq!(sa.or(sb).bits(), pa.or(pb).bits(), "{a:x} | {b:x}");
                assert_eq!(sa.xor(sb).bits(), pa.xor(pb).bits(), "{a:x} ^ {b:x}");
                assert_eq!(
                    sa.and_not(sb).bits(),
                    pa.and_not(pb).bits(),
                    "{a:x} &! {b:x}"
                );
            }
        }
    }
}
