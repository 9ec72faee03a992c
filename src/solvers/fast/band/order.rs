//! The digit order of one `band` solve (see "Digit order" in the module documentation): the
//! digits with fewer candidates first, ranked with AVX2 on the x86-64-v3 path.

/// Which word index holds which digit in one solve (see "Digit order" in the module
/// documentation): a permutation of the nine digit indices and its inverse.
#[derive(Clone, Copy)]
pub(super) struct Order {
    /// `label[i]`: the puzzle's digit index (value - 1) whose words sit at index `i`.
    pub(super) label: [u8; 9],
    /// `index[d]`: the word index of the puzzle's digit index `d` (the inverse of `label`).
    pub(super) index: [u8; 9],
}

impl Order {
    /// Every digit at its own index.
    pub(super) const IDENTITY: Order = Order {
        label: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        index: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    };

    /// The digits with fewer candidates first, ties by the lower digit. `candidates[d]`: the
    /// candidates of digit index `d` (at most 81). `V3`: compare with AVX2 (as in `band`'s compiled paths).
    #[inline(always)]
    pub(super) fn fewest_candidates_first<const V3: bool>(candidates: [u32; 9]) -> Order {
        // Distinct keys, smaller first: the count, then the digit; a digit's word index is the
        // number of smaller keys. Sixteen lanes, the padding larger than every key.
        let mut key = [i16::MAX; 16];
        for (k, (d, &n)) in key.iter_mut().zip(candidates.iter().enumerate()) {
            *k = (n.min(255) as i16) << 4 | d as i16;
        }
        let mut rank = [0i16; 16];
        #[cfg(target_arch = "x86_64")]
        if V3 {
            use std::arch::x86_64::*;
            // SAFETY: `V3` is true only in code compiled for, and run on, a CPU with AVX2; the
            // loads and the store are of the two 32-byte arrays.
            unsafe {
                let keys = _mm256_loadu_si256(key.as_ptr() as *const __m256i);
                let mut smaller = _mm256_setzero_si256();
                for &k in &key[..9] {
                    // Lanes whose key is above `k` (all ones, that is -1) count one more.
                    let above = _mm256_cmpgt_epi16(keys, _mm256_set1_epi16(k));
                    smaller = _mm256_sub_epi16(smaller, above);
                }
                _mm256_storeu_si256(rank.as_mut_ptr() as *mut __m256i, smaller);
            }
        }
        if !V3 || cfg!(not(target_arch = "x86_64")) {
            for &k in &key[..9] {
                for (r, &other) in rank.iter_mut().zip(&key) {
                    *r += (k < other) as i16;
                }
            }
        }
        let index: [u8; 9] = std::array::from_fn(|d| rank[d] as u8);
        let mut label = [0u8; 9];
        for (d, &i) in index.iter().enumerate() {
            label[(i as usize).min(8)] = d as u8;
        }
        Order { label, index }
    }
}
