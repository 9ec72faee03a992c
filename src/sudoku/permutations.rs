//! [`PERMS3`]: the six permutations of three things, the one table that every rearrangement of
//! bands, stacks, rows in a band and columns in a stack is built from (the canonical form's 1296
//! column arrangements, the band solver's box configurations, the tests of both).

/// The six permutations of `0, 1, 2` in lexicographic order: `PERMS3[p][i]` is what permutation
/// `p` puts in place `i` (for the band solver, the box of a band taken in row `i`, or the column
/// of a stack taken in band `i`; for the canonical form, the stack or column taken `i`-th). The
/// order is part of the contract: the canonical form tries arrangements in this order, and the
/// band solver numbers its configurations by it.
pub const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

#[cfg(test)]
mod tests {
    use super::PERMS3;

    #[test]
    fn all_six_permutations_in_lexicographic_order() {
        for p in PERMS3 {
            let mut sorted = p;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2], "{p:?} is a permutation");
        }
        assert!(
            PERMS3.windows(2).all(|w| w[0] < w[1]),
            "strictly increasing"
        );
    }
}
