//! The position the techniques look at ([`State`]: placed digits and candidates), how a step is
//! applied to it, and its consistency check.

use std::fmt;

use crate::sudoku::Grid;

use super::geometry::*;
use super::step::Step;

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
    /// The puzzle has more than one solution: SE rates only puzzles with exactly one, and the
    /// uniqueness techniques would be unsound on the others.
    #[error("multiple solutions")]
    MultipleSolutions,
    /// The time limit of [`super::solve_path_within`] passed before the path was complete.
    #[error("time limit")]
    TimeLimit,
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

    /// A position given cell by cell, for tests of patterns that are easier to draw than to
    /// reach from givens: a cell with candidates is empty, a cell without holds `values[c]` (or
    /// 1 when that is 0). No consistency check, so a test can draw any candidate pattern.
    #[cfg(test)]
    pub(crate) fn from_candidates(cands: [u16; CELLS]) -> State {
        State {
            values: std::array::from_fn(|c| if cands[c] == 0 { 1 } else { 0 }),
            cands,
        }
    }

    /// The same placed digits with other candidates: the grid an assumption of a chain leaves,
    /// on which nested forcing chains run their inner searches.
    pub(crate) fn with_candidates(&self, cands: [u16; CELLS]) -> State {
        State {
            values: self.values,
            cands,
        }
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
        unit_positions(&self.cands, u, d)
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

/// Eliminations of digit `d` from every cell of `targets` that still has it.
pub fn eliminations_of(state: &State, targets: CellSet, d: u8) -> Vec<(u8, u8)> {
    cells_of(targets)
        .filter(|&c| state.has(c, d))
        .map(|c| (c as u8, d))
        .collect()
}

/// Positions (bit i for the unit's i-th cell) where digit `d` is a candidate in unit `u` of the
/// candidate grid `cands`: [`State::positions`], for grids that are not a whole `State`.
pub(crate) fn unit_positions(cands: &[u16; 81], u: usize, d: u8) -> u16 {
    let bit = 1u16 << (d - 1);
    let mut mask = 0;
    for (i, &c) in UNITS[u].iter().enumerate() {
        if cands[c as usize] & bit != 0 {
            mask |= 1 << i;
        }
    }
    mask
}
