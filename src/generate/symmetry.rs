//! Symmetric clue patterns: the cells of a grid fall into orbits under a geometric symmetry, and a
//! symmetric puzzle gives or leaves empty whole orbits.

use std::fmt;
use std::str::FromStr;

use crate::sudoku::{Grid, Shape};

/// A symmetry of the clue pattern (which cells hold givens, not which digits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint: every cell is its own orbit.
    #[default]
    None,
    /// Half-turn: `(r, c)` with `(n-1-r, n-1-c)`.
    Rot180,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
    /// Left-right reflection: `(r, c)` with `(r, n-1-c)`.
    Mirror,
    /// Quarter-turn: `(r, c)`, `(c, n-1-r)`, `(n-1-r, n-1-c)`, `(n-1-c, r)`.
    Rot90,
}

/// The names accepted on the command line, in [`Symmetry`] order.
pub const SYMMETRY_NAMES: [&str; 5] = ["none", "rot180", "diagonal", "mirror", "rot90"];

/// A symmetry name that is not one of [`SYMMETRY_NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}` (expected one of: none, rot180, diagonal, mirror, rot90)")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        match s {
            "none" => Ok(Symmetry::None),
            "rot180" => Ok(Symmetry::Rot180),
            "diagonal" => Ok(Symmetry::Diagonal),
            "mirror" => Ok(Symmetry::Mirror),
            "rot90" => Ok(Symmetry::Rot90),
            _ => Err(UnknownSymmetry(s.to_string())),
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(SYMMETRY_NAMES[*self as usize])
    }
}

impl Symmetry {
    /// The image of `cell` under the generating map of this symmetry.
    fn image(self, shape: Shape, cell: usize) -> usize {
        let n = shape.side();
        let (r, c) = (cell / n, cell % n);
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (n - 1 - r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Rot90 => (c, n - 1 - r),
        };
        r2 * n + c2
    }

    /// The orbits of the cells of `shape`, each listed from its smallest cell, in order of their
    /// smallest cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cells()];
        let mut orbits = Vec::new();
        for start in 0..shape.cells() {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut cell = self.image(shape, start);
            while cell != start {
                seen[cell] = true;
                orbit.push(cell);
                cell = self.image(shape, cell);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `grid` has this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let shape = grid.shape();
        (0..shape.cells())
            .all(|cell| (grid.get(cell) == 0) == (grid.get(self.image(shape, cell)) == 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_sizes_on_9x9() {
        let s = Shape::CLASSIC;
        let sizes = |sym: Symmetry| {
            let mut count = [0usize; 5];
            for o in sym.orbits(s) {
                count[o.len()] += 1;
            }
            count
        };
        assert_eq!(sizes(Symmetry::None), [0, 81, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot180), [0, 1, 40, 0, 0]);
        assert_eq!(sizes(Symmetry::Diagonal), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Mirror), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot90), [0, 1, 0, 0, 20]);
        for name in SYMMETRY_NAMES {
            assert_eq!(name.parse::<Symmetry>().unwrap().to_string(), name);
        }
        assert!("rot45".parse::<Symmetry>().is_err());
    }
}
