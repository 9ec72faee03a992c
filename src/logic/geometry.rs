//! The 9x9 grid's geometry as the techniques use it: cell sets as `u128` bit sets, the 27 units in
//! SE's numbering (boxes, rows, columns), peers, and the names used in explanations.

/// A set of cells of the 9x9 grid, bit `c` for cell `c`.
pub type CellSet = u128;

/// Number of cells.
pub const CELLS: usize = 81;

/// The kind of a unit, in the order SE scans them where the order matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A 3x3 box (SE's "block").
    Box,
    /// A row.
    Row,
    /// A column.
    Col,
}

/// The 27 units: `UNITS[u][i]` is the i-th cell of unit `u` (0..9 boxes, 9..18 rows, 18..27
/// columns).
pub const UNITS: [[u8; 9]; 27] = build_units();

pub(super) const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut i = 0;
        while i < 9 {
            let (br, bc) = ((k / 3) * 3, (k % 3) * 3);
            units[k][i] = ((br + i / 3) * 9 + bc + i % 3) as u8;
            units[9 + k][i] = (k * 9 + i) as u8;
            units[18 + k][i] = (i * 9 + k) as u8;
            i += 1;
        }
        k += 1;
    }
    units
}

/// The cells of each unit as a [`CellSet`].
pub const UNIT_SETS: [CellSet; 27] = build_unit_sets();

pub(super) const fn build_unit_sets() -> [CellSet; 27] {
    let mut sets = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            sets[u] |= 1u128 << UNITS[u][i];
            i += 1;
        }
        u += 1;
    }
    sets
}

/// The 20 peers of each cell (same row, column or box), as a [`CellSet`].
pub const PEERS: [CellSet; CELLS] = build_peers();

pub(super) const fn build_peers() -> [CellSet; CELLS] {
    let mut peers = [0u128; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        peers[c] = (UNIT_SETS[b] | UNIT_SETS[9 + r] | UNIT_SETS[18 + col]) & !(1u128 << c);
        c += 1;
    }
    peers
}

/// The box, row and column unit of a cell.
pub fn units_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [(r / 3) * 3 + c / 3, 9 + r, 18 + c]
}

/// The kind of unit `u`.
pub fn unit_kind(u: usize) -> UnitKind {
    match u {
        0..=8 => UnitKind::Box,
        9..=17 => UnitKind::Row,
        _ => UnitKind::Col,
    }
}

/// The unit's name as SE and most players write it: "box 5", "row 3", "column 7".
pub fn unit_name(u: usize) -> String {
    match unit_kind(u) {
        UnitKind::Box => format!("box {}", u + 1),
        UnitKind::Row => format!("row {}", u - 8),
        UnitKind::Col => format!("column {}", u - 17),
    }
}

/// A cell as `r1c2`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Cells as `r1c2, r4c5`.
pub fn cells_name(cells: impl IntoIterator<Item = usize>) -> String {
    cells
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cells of a [`CellSet`], in increasing order.
pub fn cells_of(set: CellSet) -> impl Iterator<Item = usize> {
    let mut s = set;
    std::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            Some(c)
        }
    })
}

/// The digits of a candidate mask, as `1`, `2`, ... in increasing order.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & (1 << (d - 1)) != 0)
}

/// Digits of a mask written together, as `27` or `3/5/8` when `sep` is `/`.
pub fn digits_name(mask: u16, sep: &str) -> String {
    digits_of(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The k-element subsets of `0..n` as bitmasks, in increasing numeric order (Gosper's hack) —
/// the order in which SE enumerates tuples of values, cells and lines.
pub fn combinations(n: u32, k: u32) -> impl Iterator<Item = u16> {
    let limit = 1u32 << n;
    let mut next = if k == 0 || k > n {
        limit
    } else {
        (1u32 << k) - 1
    };
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let v = next;
        let low = v & v.wrapping_neg();
        let ripple = v + low;
        next = ripple | (((v ^ ripple) >> 2) / low);
        Some(v as u16)
    })
}
