//! The tables of `band`'s configurations (see "Configurations" and "Triads" in the module
//! documentation): the segment matrix of each permutation, the configurations a 3x3 matrix still
//! allows and their number, and the triad rule on one band or stack.

use super::super::tables::PERMS;
use super::super::Contradiction;

/// `PERM_SEGMENTS[p]`: the 9-bit segment matrix of permutation `p` (bit `3·i + PERMS[p][i]`).
pub(super) const PERM_SEGMENTS: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut i = 0;
        while i < 3 {
            t[p] |= 1 << (3 * i + PERMS[p][i]);
            i += 1;
        }
        p += 1;
    }
    t
};

/// `CONFIGS[m]`: the configurations (bit `p` for `PERMS[p]`) contained in the 3x3 matrix `m`
/// (bit `3·i + j`: row `i`, box `j` of a band, or band `i`, column `j` of a stack).
pub(super) const CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if PERM_SEGMENTS[p] & m as u32 == PERM_SEGMENTS[p] {
                t[m] |= 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// `OPEN[c]`: the number of configurations in the set `c` (a table: the baseline x86-64 target
/// has no population-count instruction, and the branch choice counts 54 sets at every node).
pub(super) const OPEN: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut c = 0;
    while c < 64 {
        t[c] = (c as u32).count_ones() as u8;
        c += 1;
    }
    t
};

/// The columns of stack `j` in a band word (bits `3j..3j+3` of each row).
pub(super) const fn stack_cells(j: usize) -> u32 {
    (7 | 7 << 9 | 7 << 18) << (3 * j)
}

/// Row `i` of a 3x3 matrix (bit `3·i + j`).
pub(super) const MATRIX_ROW: [u32; 3] = [0b111, 0b111 << 3, 0b111 << 6];

/// Column `j` of a 3x3 matrix.
pub(super) const MATRIX_COLUMN: [u32; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];

/// The triad rule on the nine digits' 3x3 matrices of one band (triad = row x box) or one stack
/// (triad = band x column): the digits' matrices cut down to what the rule leaves, or a
/// contradiction. A digit *must* be in a triad when its row or its column of the matrix has only
/// that triad left; a triad's three cells hold three different digits, so more than three digits
/// that must be in it is a contradiction, and three leave no room for the others.
#[inline(always)]
pub(super) fn triad_rule(m: &[u32; 9]) -> Result<[u32; 9], Contradiction> {
    let mut must = [0u32; 9];
    let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
    for (d, &x) in m.iter().enumerate() {
        let s = MUST[x as usize & 0x1ff] as u32;
        must[d] = s;
        four |= three & s;
        three |= two & s;
        two |= one & s;
        one |= s;
    }
    if four != 0 {
        return Err(Contradiction);
    }
    // Triads that three digits must take.
    let full = three;
    Ok(std::array::from_fn(|d| m[d] & !(full & !must[d])))
}

/// `MUST[x]`: the triads of the 3x3 matrix `x` alone in their row or in their column.
pub(super) const MUST: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let row = x as u32 & MATRIX_ROW[k];
            let col = x as u32 & MATRIX_COLUMN[k];
            if row.count_ones() == 1 {
                t[x] |= row as u16;
            }
            if col.count_ones() == 1 {
                t[x] |= col as u16;
            }
            k += 1;
        }
        x += 1;
    }
    t
};
