//! Tiling a rectangle with polyominoes, each piece used exactly once, in any rotation or reflection.
//!
//! Items, in this order: the piece names (in the order of the piece list), then the cells
//! `r{row}c{col}` row by row (`r0c0 r0c1 …`). Options go piece by piece, orientation by orientation
//! (the distinct images of the piece under the 8 rotations and reflections, in the order identity,
//! 90°, 180°, 270°, then the mirror image and its rotations), and for each orientation by the
//! position of its bounding box, row-major. An option reads the piece name, then its cells in
//! row-major order: `X r0c1 r1c0 r1c1 r1c2 r2c1`.
//!
//! # Symmetry breaking
//!
//! Boards are given as `height x width` (rows, then columns). A rectangle has 4 symmetries (8 when it is square). With [`Tiling::new`]'s `break_symmetry`,
//! one piece is restricted to one placement per orbit of the board's symmetry group, so each tiling
//! is counted once up to symmetry. This is exact when no placement of that piece is mapped to itself
//! by a non-trivial symmetry: then every tiling has exactly `|G|` distinct images and exactly one of
//! them uses the kept placement. The restricted piece is the one, among those with that property,
//! with the fewest placements (for 6x10 it is the X, kept in one quarter of the board as in Knuth's
//! treatment; for 3x20 the X lies on the middle row, which a flip maps to itself, so another piece
//! is chosen). Then the number of all tilings is the count times [`Tiling::symmetry_factor`].

use std::collections::HashSet;
use std::fmt;

use super::DecodeError;
use crate::xc::{ItemId, OptionId, Problem, XcError};

/// A piece: a name and its cells `(row, column)`, in any position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The item name of the piece (its first character labels it in pictures).
    pub name: String,
    /// The cells.
    pub cells: Vec<(i32, i32)>,
}

impl Piece {
    /// A piece drawn as text: one line per row, `#` for a cell, anything else for none.
    pub fn from_picture(name: &str, picture: &str) -> Piece {
        let mut cells = Vec::new();
        for (r, line) in picture.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '#' {
                    cells.push((r as i32, c as i32));
                }
            }
        }
        Piece {
            name: name.to_string(),
            cells,
        }
    }

    /// The distinct orientations, each normalised to start at `(0, 0)` and sorted, in the order
    /// given in the module documentation.
    pub fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
        for mirror in [false, true] {
            for turns in 0..4 {
                let shape: Vec<(i32, i32)> = self
                    .cells
                    .iter()
                    .map(|&(r, c)| {
                        let (mut r, mut c) = if mirror { (r, -c) } else { (r, c) };
                        for _ in 0..turns {
                            (r, c) = (c, -r);
                        }
                        (r, c)
                    })
                    .collect();
                let shape = normalise(shape);
                if !out.contains(&shape) {
                    out.push(shape);
                }
            }
        }
        out
    }
}

fn normalise(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - r0, cell.1 - c0);
    }
    cells.sort_unstable();
    cells
}

/// The 12 pentominoes with Conway's letters, in the order F I L N P T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    [
        ("F", ".##\n##.\n.#."),
        ("I", "#####"),
        ("L", "####\n#..."),
        ("N", "###.\n..##"),
        ("P", "##\n##\n#."),
        ("T", "###\n.#.\n.#."),
        ("U", "#.#\n###"),
        ("V", "#..\n#..\n###"),
        ("W", "#..\n##.\n.##"),
        ("X", ".#.\n###\n.#."),
        ("Y", "####\n.#.."),
        ("Z", "##.\n.#.\n.##"),
    ]
    .iter()
    .map(|(name, picture)| Piece::from_picture(name, picture))
    .collect()
}

/// Why a tiling problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolyominoError {
    /// Width or height zero.
    #[error("the board must have at least one row and one column")]
    EmptyBoard,
    /// A piece with no cells.
    #[error("piece `{0}` has no cells")]
    EmptyPiece(String),
    /// A piece listing a cell twice.
    #[error("piece `{0}` lists a cell twice")]
    RepeatedCell(String),
    /// The pieces cannot fill the board.
    #[error("the pieces cover {pieces} cells but the {height}x{width} board has {cells}")]
    Area {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// Cells of the board.
        cells: usize,
        /// Cells of all pieces together.
        pieces: usize,
    },
    /// No piece can break the board's symmetry (every piece has a placement fixed by a symmetry).
    #[error("no piece can break the board's symmetry exactly")]
    NoSymmetryBreaker,
    /// The problem builder refused the names.
    #[error(transparent)]
    Xc(#[from] XcError),
}

/// One placement of a piece: the option's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece in the piece list.
    pub piece: usize,
    /// Cells `(row, column)` on the board, row-major.
    pub cells: Vec<(usize, usize)>,
}

/// An encoded tiling problem.
#[derive(Clone, Debug)]
pub struct Tiling {
    width: usize,
    height: usize,
    pieces: Vec<Piece>,
    placements: Vec<Placement>,
    problem: Problem,
    symmetry_factor: usize,
    restricted: Option<usize>,
}

/// The symmetries of a board of `height` rows and `width` columns: 4, or 8 when it is square.
/// Symmetry 0 is the identity.
#[derive(Clone, Copy, Debug)]
struct BoardSymmetry {
    height: usize,
    width: usize,
}

impl BoardSymmetry {
    fn count(self) -> usize {
        if self.width == self.height {
            8
        } else {
            4
        }
    }

    /// The image of cell `(r, c)` under symmetry `k`.
    fn apply(self, k: usize, (r, c): (usize, usize)) -> (usize, usize) {
        let (h, w) = (self.height - 1, self.width - 1);
        match k {
            0 => (r, c),
            1 => (h - r, c),
            2 => (r, w - c),
            3 => (h - r, w - c),
            // Square boards only (h == w): the transpositions and quarter turns.
            4 => (c, r),
            5 => (w - c, h - r),
            6 => (c, h - r),
            _ => (w - c, r),
        }
    }

    /// The image of a placement, sorted.
    fn image(self, k: usize, cells: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let mut v: Vec<_> = cells.iter().map(|&x| self.apply(k, x)).collect();
        v.sort_unstable();
        v
    }
}

impl Tiling {
    /// Encodes the tiling of a `height x width` rectangle (`height` rows of `width` cells, as in
    /// "the 6x10 rectangle") by `pieces`, each used once; with `break_symmetry`, each tiling is
    /// counted once up to the board's symmetries (see the module documentation).
    pub fn new(
        pieces: Vec<Piece>,
        height: usize,
        width: usize,
        break_symmetry: bool,
    ) -> Result<Tiling, PolyominoError> {
        if width == 0 || height == 0 {
            return Err(PolyominoError::EmptyBoard);
        }
        for p in &pieces {
            if p.cells.is_empty() {
                return Err(PolyominoError::EmptyPiece(p.name.clone()));
            }
            let distinct: HashSet<_> = p.cells.iter().collect();
            if distinct.len() != p.cells.len() {
                return Err(PolyominoError::RepeatedCell(p.name.clone()));
            }
        }
        let area: usize = pieces.iter().map(|p| p.cells.len()).sum();
        if area != width * height {
            return Err(PolyominoError::Area {
                width,
                height,
                cells: width * height,
                pieces: area,
            });
        }
        let mut per_piece: Vec<Vec<Vec<(usize, usize)>>> = Vec::new();
        for p in &pieces {
            let mut list = Vec::new();
            for shape in p.orientations() {
                let rows = shape.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
                let cols = shape.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
                if rows > height || cols > width {
                    continue;
                }
                for r in 0..=height - rows {
                    for c in 0..=width - cols {
                        list.push(
                            shape
                                .iter()
                                .map(|&(dr, dc)| (r + dr as usize, c + dc as usize))
                                .collect(),
                        );
                    }
                }
            }
            per_piece.push(list);
        }
        let mut symmetry_factor = 1;
        let mut restricted = None;
        if break_symmetry {
            let g = BoardSymmetry { height, width };
            let breaker = (0..pieces.len())
                .filter(|&k| {
                    per_piece[k]
                        .iter()
                        .all(|pl| (1..g.count()).all(|s| g.image(s, pl) != *pl))
                })
                .min_by_key(|&k| per_piece[k].len())
                .ok_or(PolyominoError::NoSymmetryBreaker)?;
            let mut seen = HashSet::new();
            per_piece[breaker].retain(|pl| {
                if seen.contains(pl) {
                    return false;
                }
                for s in 0..g.count() {
                    seen.insert(g.image(s, pl));
                }
                true
            });
            symmetry_factor = g.count();
            restricted = Some(breaker);
        }
        let mut b = Problem::builder();
        let piece_items: Vec<ItemId> = pieces
            .iter()
            .map(|p| b.primary(p.name.clone()))
            .collect::<Result<_, _>>()?;
        let mut cell_items = Vec::with_capacity(width * height);
        for r in 0..height {
            for c in 0..width {
                cell_items.push(b.primary(format!("r{r}c{c}"))?);
            }
        }
        let mut placements = Vec::new();
        let mut items = Vec::new();
        for (k, list) in per_piece.into_iter().enumerate() {
            for cells in list {
                items.clear();
                items.push(piece_items[k]);
                items.extend(cells.iter().map(|&(r, c)| cell_items[r * width + c]));
                b.option(&items)?;
                placements.push(Placement { piece: k, cells });
            }
        }
        Ok(Tiling {
            width,
            height,
            pieces,
            placements,
            problem: b.build()?,
            symmetry_factor,
            restricted,
        })
    }

    /// The 12 pentominoes on a board of `height` rows and `width` columns (`height * width` must
    /// be 60). `Tiling::pentominoes(6, 10, false)` is the classic 6x10 rectangle, encoded so that
    /// dlx1 needs 3,637,261 nodes to find its 9,356 tilings.
    pub fn pentominoes(
        height: usize,
        width: usize,
        break_symmetry: bool,
    ) -> Result<Tiling, PolyominoError> {
        Tiling::new(pentominoes(), height, width, break_symmetry)
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The placement of each option.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Board width (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many tilings each solution stands for: the number of board symmetries with symmetry
    /// breaking, else 1.
    pub fn symmetry_factor(&self) -> usize {
        self.symmetry_factor
    }

    /// The piece restricted to break symmetry, if any.
    pub fn restricted_piece(&self) -> Option<&Piece> {
        self.restricted.map(|k| &self.pieces[k])
    }

    /// The piece index on each cell (`grid[row][column]`), checking that the options tile the board.
    pub fn decode(&self, solution: &[OptionId]) -> Result<Vec<Vec<usize>>, DecodeError> {
        let mut grid = vec![vec![usize::MAX; self.width]; self.height];
        let mut used = vec![false; self.pieces.len()];
        for &o in solution {
            let pl = self
                .placements
                .get(o.0 as usize)
                .ok_or(DecodeError::UnknownOption(o))?;
            if std::mem::replace(&mut used[pl.piece], true) {
                return Err(DecodeError::NotASolution(format!(
                    "piece {} is used twice",
                    self.pieces[pl.piece].name
                )));
            }
            for &(r, c) in &pl.cells {
                if grid[r][c] != usize::MAX {
                    return Err(DecodeError::NotASolution(format!(
                        "cell r{r}c{c} is covered twice"
                    )));
                }
                grid[r][c] = pl.piece;
            }
        }
        for (r, row) in grid.iter().enumerate() {
            if let Some(c) = row.iter().position(|&k| k == usize::MAX) {
                return Err(DecodeError::NotASolution(format!(
                    "cell r{r}c{c} is not covered"
                )));
            }
        }
        Ok(grid)
    }

    /// The tiling as text: one line per row, each cell labelled by its piece's first character.
    pub fn picture(&self, solution: &[OptionId]) -> Result<String, DecodeError> {
        let grid = self.decode(solution)?;
        let mut s = String::new();
        for row in grid {
            for k in row {
                s.push(self.pieces[k].name.chars().next().unwrap_or('?'));
            }
            s.push('\n');
        }
        Ok(s)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "piece {} on", self.piece)?;
        for (r, c) in &self.cells {
            write!(f, " r{r}c{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentominoes_have_63_orientations() {
        let counts: Vec<usize> = pentominoes()
            .iter()
            .map(|p| p.orientations().len())
            .collect();
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        assert!(pentominoes().iter().all(|p| p.cells.len() == 5));
    }

    #[test]
    fn encodes_6x10() {
        let t = Tiling::pentominoes(6, 10, false).unwrap();
        let p = t.problem();
        assert_eq!((p.n_primary(), p.n_secondary()), (72, 0));
        assert_eq!(p.items()[12].name, "r0c0");
        assert_eq!(
            p.option_to_string(OptionId(0)),
            "F r0c1 r0c2 r1c0 r1c1 r2c1"
        );
        let s = Tiling::pentominoes(6, 10, true).unwrap();
        assert_eq!(s.symmetry_factor(), 4);
        assert_eq!(s.restricted_piece().unwrap().name, "X");
        let x = |t: &Tiling| t.placements().iter().filter(|pl| pl.piece == 9).count();
        assert_eq!((x(&t), x(&s)), (32, 8));
    }

    #[test]
    fn rejects_bad_boards() {
        assert!(matches!(
            Tiling::pentominoes(9, 7, false),
            Err(PolyominoError::Area {
                cells: 63,
                pieces: 60,
                ..
            })
        ));
        assert_eq!(
            Tiling::pentominoes(9, 0, false).unwrap_err(),
            PolyominoError::EmptyBoard
        );
        // A lone square cannot break the symmetry of a 1x1 board.
        let dot = vec![Piece::from_picture("o", "#")];
        assert_eq!(
            Tiling::new(dot, 1, 1, true).unwrap_err(),
            PolyominoError::NoSymmetryBreaker
        );
    }

    #[test]
    fn decodes_a_domino_tiling() {
        let pieces = vec![
            Piece::from_picture("a", "##"),
            Piece::from_picture("b", "##"),
        ];
        let t = Tiling::new(pieces, 2, 2, false).unwrap();
        // Options: a horizontal at rows 0 and 1, a vertical at columns 0 and 1, then the same for b.
        assert_eq!(t.problem().n_options(), 8);
        let sol = [OptionId(0), OptionId(5)];
        assert_eq!(t.picture(&sol).unwrap(), "aa\nbb\n");
        assert!(t.decode(&[OptionId(0), OptionId(1)]).is_err());
    }
}
