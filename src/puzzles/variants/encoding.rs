//! The exact cover of a variant puzzle ([`Encoding`]): items, placement options and cage-set
//! options, as described in the module documentation of `variants`.

use super::*;

/// What an option of an [`Encoding`] means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// Cell holds digit.
    Place {
        /// The cell.
        cell: usize,
        /// The digit (1-based).
        digit: u8,
    },
    /// Killer cage `cage` uses the digit set `set` (bit `d` for digit `d`).
    CageSet {
        /// Index into the puzzle's cages.
        cage: usize,
        /// The digit set.
        set: u16,
    },
}

/// The exact-cover problem of a variant puzzle's empty grid (givens are forced by [`solve`]).
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    meanings: Vec<Meaning>,
    side: usize,
}

impl Encoding {
    /// Builds the matrix described in the module doc.
    pub fn new(puzzle: &VariantPuzzle) -> Encoding {
        let n = puzzle.shape.side();
        let cells = puzzle.shape.cells();
        let units = puzzle.units();
        let mut b = Problem::builder();
        let mut p_ids = Vec::with_capacity(cells);
        for c in 0..cells {
            p_ids.push(b.primary(format!("p{c}")).expect("distinct names"));
        }
        let mut unit_ids: Vec<Vec<ItemId>> = Vec::new();
        for k in 0..units.len() {
            unit_ids.push(
                (1..=n)
                    .map(|d| b.primary(format!("u{k},{d}")).expect("distinct names"))
                    .collect(),
            );
        }
        let mut cage_ids: Vec<Vec<ItemId>> = Vec::new();
        for j in 0..puzzle.cages.len() {
            cage_ids.push(
                (1..=9)
                    .map(|d| b.primary(format!("k{j},{d}")).expect("distinct names"))
                    .collect(),
            );
        }
        let mut units_of = vec![Vec::new(); cells];
        for (k, u) in units.iter().enumerate() {
            for &c in u {
                units_of[c].push(k);
            }
        }
        let mut cage_of = vec![None; cells];
        for (j, cage) in puzzle.cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = Some(j);
            }
        }
        let mut meanings = Vec::new();
        for c in 0..cells {
            for d in 1..=n {
                let mut items = vec![p_ids[c]];
                items.extend(units_of[c].iter().map(|&k| unit_ids[k][d - 1]));
                if let Some(j) = cage_of[c] {
                    items.push(cage_ids[j][d - 1]);
                }
                b.option(&items).expect("distinct declared items");
                meanings.push(Meaning::Place {
                    cell: c,
                    digit: d as u8,
                });
            }
        }
        for (j, cage) in puzzle.cages.iter().enumerate() {
            if cage.cells.len() == 9 {
                continue;
            }
            for set in cage_sets(cage.cells.len(), cage.sum) {
                let items: Vec<ItemId> = (1..=9)
                    .filter(|d| set >> d & 1 == 0)
                    .map(|d| cage_ids[j][d - 1])
                    .collect();
                b.option(&items).expect("distinct declared items");
                meanings.push(Meaning::CageSet { cage: j, set });
            }
        }
        Encoding {
            problem: b.build().expect("items exist"),
            meanings,
            side: n,
        }
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// What an option means; `None` outside the problem.
    pub fn meaning(&self, o: OptionId) -> Option<Meaning> {
        self.meanings.get(o.0 as usize).copied()
    }

    /// The placement option of (cell, digit).
    pub fn option_of(&self, cell: usize, digit: u8) -> OptionId {
        OptionId((cell * self.side + digit as usize - 1) as u32)
    }

    /// The grid (row by row, `0` empty) filled by a set of options.
    pub fn decode(&self, options: &[OptionId]) -> Vec<u8> {
        let mut grid = vec![0u8; self.side * self.side];
        for &o in options {
            if let Some(Meaning::Place { cell, digit }) = self.meaning(o) {
                grid[cell] = digit;
            }
        }
        grid
    }
}
