//! Human solving techniques for 9x9 Sudoku, each with its Sudoku Explainer (SE) score and a step
//! explanation a person can follow.
//!
//! The model is Sukaku Explainer's (the maintained SE fork): a [`State`] holds the placed digits
//! and the candidates of the empty cells; a technique looks at the state and either finds one
//! [`Step`] (a placement, or candidate eliminations) or nothing. [`next_step`] asks the techniques
//! in SE's order — which is by increasing score, with the "direct" techniques, that place a digit
//! without writing candidates, ahead of the candidate techniques — and returns the first step
//! found. [`solve_path`] repeats that until the grid is full or nothing applies; the rating of
//! [`crate::rating::technique`] is the highest score on that path.
//!
//! ## Bit layout
//! ```text
//! candidates of a cell   u16, bit d-1 set when digit d (1..=9) is still possible; 0 when placed
//! positions in a unit    u16, bit i set when the unit's i-th cell holds the candidate
//! a set of cells         u128, bit c set for cell c = 9*row + col (0..81)
//! ```
//! Units are numbered as in SE's region tables: 0..9 boxes, 9..18 rows, 18..27 columns; the
//! i-th cell of a box is row by row inside it, of a row left to right, of a column top down.
//!
//! One file per technique family: [`singles`], [`intersections`], [`subsets`], [`fish`],
//! [`single_digit`] (skyscraper, kite, turbot fish, empty rectangle, three-strong-link chains),
//! [`wings`] (XY, XYZ, WXYZ, VWXYZ), [`uniqueness`] (unique rectangles and loops, BUG) and
//! [`chains`] (cycles, forcing, Nishio, multiple and dynamic forcing chains). [`FINDERS`] lists
//! them in SE's order; `docs/rating.md` has the table of scores and the agreement with published
//! SE ratings.

// Unit, cell and position numbers are the natural loop variables here: they index several tables
// at once and appear in the explanations, so iterator chains would only hide them.
#![allow(clippy::needless_range_loop)]

use std::fmt;

use crate::sudoku::Grid;

pub mod chains;
pub mod exclusion;
pub mod fish;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

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

const fn build_units() -> [[u8; 9]; 27] {
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

const fn build_unit_sets() -> [CellSet; 27] {
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

const fn build_peers() -> [CellSet; CELLS] {
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

/// Why a puzzle cannot be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// The techniques only rate 9x9 puzzles.
    #[error("only 9x9 puzzles can be rated by technique (got {side}x{side})")]
    Size {
        /// Side of the grid.
        side: usize,
    },
    /// The givens (or a deduction from them) leave a cell or a unit without candidates: the
    /// puzzle has no solution.
    #[error("no solution: {0}")]
    Contradiction(String),
}

/// Placed digits and remaining candidates: the position a technique looks at.
#[derive(Clone, PartialEq, Eq)]
pub struct State {
    values: [u8; CELLS],
    cands: [u16; CELLS],
}

impl State {
    /// The starting position of a 9x9 puzzle: the givens placed, every empty cell with the digits
    /// its peers do not hold.
    pub fn new(grid: &Grid) -> Result<State, LogicError> {
        let side = grid.shape().side();
        if side != 9 || grid.shape().box_rows() != 3 {
            return Err(LogicError::Size { side });
        }
        let mut state = State {
            values: [0; CELLS],
            cands: [0x1ff; CELLS],
        };
        for cell in 0..CELLS {
            let d = grid.get(cell);
            if d != 0 {
                state.place(cell, d);
            }
        }
        state.check()?;
        Ok(state)
    }

    /// The digit in a cell, 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidate mask of a cell (0 for a placed cell).
    pub fn cands(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// Whether digit `d` is a candidate of `cell`.
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & (1 << (d - 1)) != 0
    }

    /// Positions (bit i for the unit's i-th cell) where digit `d` is a candidate in unit `u`.
    pub fn positions(&self, u: usize, d: u8) -> u16 {
        let bit = 1u16 << (d - 1);
        let mut mask = 0;
        for (i, &c) in UNITS[u].iter().enumerate() {
            if self.cands[c as usize] & bit != 0 {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The cells of the grid where digit `d` is a candidate.
    pub fn digit_cells(&self, d: u8) -> CellSet {
        let bit = 1u16 << (d - 1);
        let mut set = 0;
        for c in 0..CELLS {
            if self.cands[c] & bit != 0 {
                set |= 1u128 << c;
            }
        }
        set
    }

    /// Number of empty cells in unit `u`.
    pub fn empty_count(&self, u: usize) -> u32 {
        UNITS[u]
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count() as u32
    }

    /// Number of cells holding digit `d`.
    pub fn occurrences(&self, d: u8) -> u32 {
        self.values.iter().filter(|&&v| v == d).count() as u32
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places digit `d` in `cell` and removes it from the candidates of the peers.
    pub fn place(&mut self, cell: usize, d: u8) {
        self.values[cell] = d;
        self.cands[cell] = 0;
        let bit = !(1u16 << (d - 1));
        for p in cells_of(PEERS[cell]) {
            self.cands[p] &= bit;
        }
    }

    /// Removes candidate `d` from `cell`.
    pub fn eliminate(&mut self, cell: usize, d: u8) {
        self.cands[cell] &= !(1u16 << (d - 1));
    }

    /// Applies a step: its eliminations, then its placement.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.eliminations {
            self.eliminate(cell as usize, d);
        }
        if let Some((cell, d)) = step.placement {
            self.place(cell as usize, d);
        }
    }

    /// Checks that no empty cell lost all its candidates and that every digit still has a place
    /// in every unit that lacks it.
    pub fn check(&self) -> Result<(), LogicError> {
        for c in 0..CELLS {
            if self.values[c] == 0 && self.cands[c] == 0 {
                return Err(LogicError::Contradiction(format!(
                    "{} has no candidate left",
                    cell_name(c)
                )));
            }
        }
        for u in 0..27 {
            let mut placed = 0u16;
            let mut possible = 0u16;
            for &c in &UNITS[u] {
                let c = c as usize;
                if self.values[c] != 0 {
                    placed |= 1 << (self.values[c] - 1);
                }
                possible |= self.cands[c];
            }
            let missing = 0x1ff & !(placed | possible);
            if missing != 0 {
                return Err(LogicError::Contradiction(format!(
                    "digit {} has no place left in {}",
                    digits_name(missing, ","),
                    unit_name(u)
                )));
            }
        }
        Ok(())
    }

    /// The grid of placed digits as one line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.values
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..9 {
            for c in 0..9 {
                let cell = r * 9 + c;
                if self.values[cell] != 0 {
                    write!(f, "{:<10}", self.values[cell])?;
                } else {
                    write!(f, "{:<10}", digits_name(self.cands[cell], ""))?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Every technique this module knows, with its SE name and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a unit (1.0).
    FullHouse,
    /// A digit with one place left in a box (1.2).
    HiddenSingleBox,
    /// A digit with one place left in a row or column (1.5).
    HiddenSingleLine,
    /// A pointing whose eliminations leave a hidden single in a box (1.7).
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single in a line (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its unit (2.0).
    DirectHiddenPair,
    /// A cell with one candidate (2.3).
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single in its unit (2.5).
    DirectHiddenTriplet,
    /// Box-line intersection: a digit confined to one line inside a box (2.6).
    Pointing,
    /// Line-box intersection: a digit confined to one box inside a line (2.8).
    Claiming,
    /// Two cells of a unit with the same two candidates (3.0).
    NakedPair,
    /// Basic fish of size 2 (3.2).
    XWing,
    /// Two digits confined to the same two cells of a unit (3.4).
    HiddenPair,
    /// Three cells of a unit with three candidates between them (3.6).
    NakedTriplet,
    /// Basic fish of size 3 (3.8).
    Swordfish,
    /// Three digits confined to the same three cells of a unit (4.0).
    HiddenTriplet,
    /// Two parallel conjugate lines joined by a weak link in a crossing line (4.0).
    Skyscraper,
    /// A conjugate row and a conjugate column joined in a box (4.1).
    TwoStringKite,
    /// Two conjugate pairs joined by a weak link, with a box as one link (4.2).
    TurbotFish,
    /// A conjugate pair and a box whose candidates lie on one row and one column (4.3).
    EmptyRectangle,
    /// Two strong links joined by a weak one, some nodes being groups of a box and a line (4.3).
    GroupedTurbotFish,
    /// Pivot xy with pincers xz and yz (4.2).
    XYWing,
    /// Pivot xyz with pincers xz and yz (4.4).
    XYZWing,
    /// Unique rectangle or loop type 1 (4.5 and up with the loop size).
    UniqueRectangle1,
    /// Unique rectangle or loop type 2 (4.5 and up).
    UniqueRectangle2,
    /// Unique rectangle or loop type 3, with a naked or hidden set (4.5 and up).
    UniqueRectangle3,
    /// Unique rectangle or loop type 4 (4.5 and up).
    UniqueRectangle4,
    /// Four cells of a unit with four candidates between them (5.0).
    NakedQuad,
    /// Basic fish of size 4 (5.2).
    Jellyfish,
    /// Four digits confined to the same four cells of a unit (5.4).
    HiddenQuad,
    /// Three strong links in rows only or columns only (5.4).
    ThreeSkyscrapers,
    /// Three strong links, one in a box, the lines all rows or all columns (5.5).
    ThreeTurbotFish,
    /// Three strong links in rows and columns (5.6).
    ThreeStringKite,
    /// Three strong links with a group node (5.7).
    ThreeStrongLinksGrouped,
    /// A three-cell almost locked set and a bivalue cell (5.5 or 5.6).
    WXYZWing,
    /// Bivalue universal grave type 1 (5.6).
    Bug1,
    /// Bivalue universal grave type 2 (5.7).
    Bug2,
    /// A four-cell almost locked set and a bivalue cell (6.2 to 6.4).
    VWXYZWing,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// Bidirectional X-cycle (6.5 plus a length bonus).
    XCycle,
    /// Bidirectional Y-cycle (6.5 plus a length bonus).
    YCycle,
    /// Forcing X-chain (6.6 plus a length bonus).
    ForcingXChain,
    /// Bidirectional cycle mixing X- and Y-links (7.0 plus a length bonus).
    Cycle,
    /// Forcing chain mixing X- and Y-links (7.0 plus a length bonus).
    ForcingChain,
    /// Nishio forcing chain: an assumption that leads to a contradiction along X-links, followed
    /// dynamically (7.5 plus a length bonus).
    NishioForcingChain,
    /// Cell forcing chains: every candidate of a cell implies the same (8.0 plus a length bonus).
    CellForcingChains,
    /// Region forcing chains: every place of a digit in a unit implies the same (8.0 plus).
    RegionForcingChains,
    /// Dynamic forcing chains: contradiction, double, cell or region forcing with chains followed
    /// dynamically (8.5 plus a length bonus).
    DynamicForcingChains,
}

impl Technique {
    /// The technique's name as SE prints it.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingleBox => "Hidden Single (box)",
            HiddenSingleLine => "Hidden Single (line)",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriplet => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriplet => "Naked Triplet",
            Swordfish => "Swordfish",
            HiddenTriplet => "Hidden Triplet",
            Skyscraper => "Skyscraper",
            TwoStringKite => "Two-string Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            GroupedTurbotFish => "Grouped Turbot Fish",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle1 => "Unique Rectangle type 1",
            UniqueRectangle2 => "Unique Rectangle type 2",
            UniqueRectangle3 => "Unique Rectangle type 3",
            UniqueRectangle4 => "Unique Rectangle type 4",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            ThreeSkyscrapers => "3 Skyscrapers",
            ThreeTurbotFish => "3-Turbot Fish",
            ThreeStringKite => "3-String Kite",
            ThreeStrongLinksGrouped => "3 Strong Links (grouped)",
            WXYZWing => "WXYZ-Wing",
            Bug1 => "Bivalue Universal Grave type 1",
            Bug2 => "Bivalue Universal Grave type 2",
            VWXYZWing => "VWXYZ-Wing",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            XCycle => "Bidirectional X-Cycle",
            YCycle => "Bidirectional Y-Cycle",
            ForcingXChain => "Forcing X-Chain",
            Cycle => "Bidirectional Cycle",
            ForcingChain => "Forcing Chain",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChains => "Cell Forcing Chains",
            RegionForcingChains => "Region Forcing Chains",
            DynamicForcingChains => "Dynamic Forcing Chains",
        }
    }

    /// The SE score in tenths (1.5 is 15): integers, so that maxima and comparisons are exact.
    /// For chains this is the base score; a step adds its length bonus.
    pub fn score_tenths(self) -> u16 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriplet => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriplet => 36,
            Swordfish => 38,
            HiddenTriplet => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            TurbotFish => 42,
            EmptyRectangle | GroupedTurbotFish => 43,
            XYWing => 42,
            XYZWing => 44,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            ThreeSkyscrapers => 54,
            ThreeTurbotFish => 55,
            ThreeStringKite => 56,
            ThreeStrongLinksGrouped => 57,
            WXYZWing => 55,
            Bug1 => 56,
            Bug2 => 57,
            VWXYZWing | AlignedPairExclusion => 62,
            XCycle | YCycle => 65,
            ForcingXChain => 66,
            Cycle | ForcingChain => 70,
            NishioForcingChain => 75,
            CellForcingChains | RegionForcingChains => 80,
            DynamicForcingChains => 85,
        }
    }

    /// The SE score, e.g. `2.6`.
    pub fn score(self) -> f32 {
        self.score_tenths() as f32 / 10.0
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: the technique, what it does to the grid and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The SE score of this step in tenths (usually the technique's; a few techniques score by
    /// size).
    pub score_tenths: u16,
    /// The digit placed, as `(cell, digit)`, if any.
    pub placement: Option<(u8, u8)>,
    /// The candidates removed, as `(cell, digit)`.
    pub eliminations: Vec<(u8, u8)>,
    /// What the technique saw, in words, with cells as `r1c2`.
    pub explanation: String,
}

impl Step {
    /// A step that places `d` in `cell`.
    pub fn placement(technique: Technique, cell: usize, d: u8, explanation: String) -> Step {
        Step {
            technique,
            score_tenths: technique.score_tenths(),
            placement: Some((cell as u8, d)),
            eliminations: Vec::new(),
            explanation,
        }
    }

    /// A step that removes candidates.
    pub fn eliminations(technique: Technique, elims: Vec<(u8, u8)>, explanation: String) -> Step {
        Step {
            technique,
            score_tenths: technique.score_tenths(),
            placement: None,
            eliminations: elims,
            explanation,
        }
    }

    /// The eliminations written as `r1c2<>5, r3c4<>5`.
    pub fn eliminations_text(&self) -> String {
        self.eliminations
            .iter()
            .map(|&(c, d)| format!("{}<>{}", cell_name(c as usize), d))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The whole step on one line: explanation and effect.
    pub fn describe(&self) -> String {
        match self.placement {
            Some((c, d)) => format!("{} => {}={}", self.explanation, cell_name(c as usize), d),
            None => format!("{} => {}", self.explanation, self.eliminations_text()),
        }
    }
}

/// Eliminations of digit `d` from every cell of `targets` that still has it.
pub fn eliminations_of(state: &State, targets: CellSet, d: u8) -> Vec<(u8, u8)> {
    cells_of(targets)
        .filter(|&c| state.has(c, d))
        .map(|c| (c as u8, d))
        .collect()
}

/// A technique finder: the first step it sees in SE's scan order, if any.
pub type Finder = fn(&State) -> Option<Step>;

/// The finders in SE's order of application (Sukaku Explainer's default, non-revised order).
pub const FINDERS: &[(&str, Finder)] = &[
    ("hidden singles", singles::hidden_single),
    ("direct intersections", intersections::direct_locking),
    ("direct hidden pairs", subsets::direct_hidden_pair),
    ("naked singles", singles::naked_single),
    ("direct hidden triplets", subsets::direct_hidden_triplet),
    ("intersections", intersections::locking),
    ("naked pairs", subsets::naked_pair),
    ("x-wings", fish::x_wing),
    ("hidden pairs", subsets::hidden_pair),
    ("naked triplets", subsets::naked_triplet),
    ("swordfishes", fish::swordfish),
    ("hidden triplets", subsets::hidden_triplet),
    ("turbot fishes", single_digit::turbot_fish),
    ("xy-wings", wings::xy_wing),
    ("xyz-wings", wings::xyz_wing),
    ("unique rectangles", uniqueness::unique_rectangle),
    ("naked quads", subsets::naked_quad),
    ("jellyfishes", fish::jellyfish),
    ("hidden quads", subsets::hidden_quad),
    ("3 strong-linked fishes", single_digit::three_strong_links),
    ("wxyz-wings", wings::wxyz_wing),
    ("bivalue universal graves", uniqueness::bug),
    ("vwxyz-wings", wings::vwxyz_wing),
    ("aligned pair exclusion", exclusion::aligned_pair_exclusion),
    ("forcing chains & cycles", chains::forcing_chains_and_cycles),
    ("nishio forcing chains", chains::nishio),
    ("multiple forcing chains", chains::multiple_forcing_chains),
    ("dynamic forcing chains", chains::dynamic_forcing_chains),
];

/// The next step SE would take: the first step of the first finder that has one.
pub fn next_step(state: &State) -> Option<Step> {
    FINDERS.iter().find_map(|(_, find)| find(state))
}

/// The logical solution path of a puzzle.
#[derive(Clone, Debug)]
pub struct SolvePath {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The position after the last step (solved, or where the techniques ran out).
    pub end: State,
    /// Whether the grid was filled.
    pub solved: bool,
}

/// Applies [`next_step`] until the grid is full or no technique applies.
pub fn solve_path(grid: &Grid) -> Result<SolvePath, LogicError> {
    let mut state = State::new(grid)?;
    let mut steps = Vec::new();
    while !state.is_solved() {
        let Some(step) = next_step(&state) else {
            break;
        };
        state.apply(&step);
        steps.push(step);
        state.check()?;
    }
    let solved = state.is_solved();
    Ok(SolvePath {
        steps,
        end: state,
        solved,
    })
}

#[cfg(test)]
mod tests;
