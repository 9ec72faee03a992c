//! The constant tables of [`fast`](super), computed at compile time: the band masks, and the
//! segment and permutation look-ups of the band and stack analyses described in the module doc of
//! [`fast`](super) (the bit layout is drawn there).

/// All 27 cells of a band.
pub(super) const BAND_ALL: u32 = (1 << 27) - 1;

/// Bits `c`, `c + 9`, `c + 18`: column `c` of a band.
pub(super) const COLUMN0: u32 = 1 | 1 << 9 | 1 << 18;

/// The low eight bits of each row of a band word.
pub(super) const ROW_LOW8: u32 = 0xff * COLUMN0;

/// The ninth bit of each row of a band word.
pub(super) const ROW_HIGH: u32 = 0x100 * COLUMN0;

/// `COLUMN_OF[k]`: the column of cell bit `k` in a band word, `COLUMN0 << (k % 9)` (a look-up
/// instead of a division where givens and singles are placed).
pub(super) const COLUMN_OF: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        t[k] = COLUMN0 << (k % 9);
        k += 1;
    }
    t
};

/// `SHRINK[row]` for the 9 bits of one band row: bit `j` set when box `j` of the row has a candidate.
pub(super) const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut j = 0;
        while j < 3 {
            if (r >> (3 * j)) & 7 != 0 {
                t[r] |= 1 << j;
            }
            j += 1;
        }
        r += 1;
    }
    t
};

/// `SEGMENTS[s]`: the 27 cell bits of the segments in the 9-bit segment set `s`.
pub(super) const SEGMENTS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut k = 0;
        while k < 9 {
            if (s >> k) & 1 != 0 {
                let (i, j) = (k / 3, k % 3);
                t[s] |= 7 << (9 * i + 3 * j);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// The six permutations of three things (the one table, [`crate::sudoku::PERMS3`]): `PERMS[p][i]`
/// is the box (of a band) taken in row `i`, or the column (of a stack) taken in band `i`.
pub(super) use crate::sudoku::PERMS3 as PERMS;

/// `PERM[s]`: the union of the 3x3 permutation matrices (one segment per row and per box) contained
/// in the segment set `s`; zero when there is none.
pub(super) const PERM: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let m = (1u16 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if m & s as u16 == m {
                t[s] |= m;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// `PERM_CELLS[s]`: the cells of the segments in `PERM[s]` (the two look-ups fused, as the band
/// analysis always wants cells).
pub(super) const PERM_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = SEGMENTS[PERM[s] as usize];
        s += 1;
    }
    t
};

/// `BAND_PEERS[k]`: the cells of the band that share a row or a box with cell bit `k` (not `k`
/// itself); together with the column in the other bands these are all its peers.
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        let (i, c) = (k / 9, k % 9);
        let row = 0x1ff << (9 * i);
        let bx = (7 | 7 << 9 | 7 << 18) << (3 * (c / 3));
        t[k] = (row | bx) & !(1 << k);
        k += 1;
    }
    t
};
