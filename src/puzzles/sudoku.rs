//! Sudoku as exact cover, for boxes of `r` x `c` cells (side `n = r·c`).
//!
//! Four kinds of primary items, `4n²` in all, declared in this order (indices 0-based, digits
//! `1..=n` as in the grid):
//!
//! | item      | meaning                        |
//! |-----------|--------------------------------|
//! | `p{r},{c}`| cell (r, c) holds a digit      |
//! | `r{r},{d}`| row r holds digit d            |
//! | `c{c},{d}`| column c holds digit d         |
//! | `b{b},{d}`| box b (row by row) holds d     |
//!
//! The comma keeps names unambiguous for sides above 9 (`p1,23` is not `p12,3`). There is one
//! option per (cell, digit), cell-major: option `cell·n + d − 1` is `p{r},{c} r{r},{d} c{c},{d}
//! b{b},{d}`. Every option has exactly four items, which the Sudoku fast path relies on.
//!
//! Givens: [`SudokuXc`] is the full matrix of the empty grid, meant to be built once and have the
//! givens *forced* ([`SudokuXc::option_of`]); [`encode_puzzle`] instead writes the *reduced*
//! problem a puzzle leaves — only the items not yet covered by a given, and only the options that
//! agree with every given — which is exactly the matrix the forced search sees. So Knuth's dlx1 run
//! on `encode_puzzle`'s output counts the same nodes and updates as dlxlab's `dlx` solver.

use crate::sudoku::{Grid, GridError, Shape};
use crate::xc::{OptionId, Problem};

/// The exact-cover matrix of an empty grid of one shape.
#[derive(Clone, Debug)]
pub struct SudokuXc {
    shape: Shape,
    problem: Problem,
}

/// Why a set of options does not decode to a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// An option id outside the matrix.
    #[error("option {} is not an option of a {side}x{side} Sudoku", .option + 1)]
    UnknownOption {
        /// The 0-based option id.
        option: u32,
        /// The side of the grid.
        side: usize,
    },
    /// Two options fill the same cell.
    #[error("cell r{}c{} is filled twice", .row + 1, .col + 1)]
    CellTwice {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// The filled cells break a rule.
    #[error("{0}")]
    Rule(#[from] GridError),
}

/// The item ids of cell `cell` holding digit `d` (1-based): (cell, row-digit, column-digit,
/// box-digit), as indices in the item order of the module doc.
fn option_items(shape: Shape, cell: usize, d: usize) -> [usize; 4] {
    let n = shape.side();
    let n2 = n * n;
    [
        cell,
        n2 + shape.row(cell) * n + d - 1,
        2 * n2 + shape.col(cell) * n + d - 1,
        3 * n2 + shape.box_of(cell) * n + d - 1,
    ]
}

fn item_names(shape: Shape) -> Vec<String> {
    let n = shape.side();
    let mut names = Vec::with_capacity(4 * n * n);
    for r in 0..n {
        for c in 0..n {
            names.push(format!("p{r},{c}"));
        }
    }
    for kind in ["r", "c", "b"] {
        for u in 0..n {
            for d in 1..=n {
                names.push(format!("{kind}{u},{d}"));
            }
        }
    }
    names
}

/// The full matrix of an empty grid of this shape.
pub fn encode(shape: Shape) -> SudokuXc {
    let n = shape.side();
    let mut b = Problem::builder();
    let ids: Vec<_> = item_names(shape)
        .into_iter()
        .map(|name| {
            b.primary(name)
                .expect("generated names are distinct and valid")
        })
        .collect();
    for cell in 0..shape.cells() {
        for d in 1..=n {
            let items = option_items(shape, cell, d).map(|i| ids[i]);
            b.option(&items).expect("four distinct declared items");
        }
    }
    let problem = b.build().expect("a Sudoku matrix is never empty");
    SudokuXc { shape, problem }
}

impl SudokuXc {
    /// The grid shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option "cell holds digit" (`digit` in `1..=side`).
    pub fn option_of(&self, cell: usize, digit: u8) -> OptionId {
        debug_assert!(
            cell < self.shape.cells() && (1..=self.shape.side()).contains(&(digit as usize))
        );
        OptionId((cell * self.shape.side() + digit as usize - 1) as u32)
    }

    /// The (cell, digit) of an option; `None` for an id outside the matrix.
    pub fn cell_digit(&self, option: OptionId) -> Option<(usize, u8)> {
        let n = self.shape.side();
        let o = option.0 as usize;
        (o < self.shape.cells() * n).then(|| (o / n, (o % n + 1) as u8))
    }

    /// The grid filled by a set of options (a solution, or any partial filling).
    pub fn decode(&self, options: &[OptionId]) -> Result<Grid, DecodeError> {
        let mut cells = vec![0u8; self.shape.cells()];
        for &o in options {
            let (cell, d) = self.cell_digit(o).ok_or(DecodeError::UnknownOption {
                option: o.0,
                side: self.shape.side(),
            })?;
            if cells[cell] != 0 {
                return Err(DecodeError::CellTwice {
                    row: self.shape.row(cell),
                    col: self.shape.col(cell),
                });
            }
            cells[cell] = d;
        }
        Ok(Grid::from_cells(self.shape, cells)?)
    }
}

/// The reduced problem of a puzzle (see the module doc): items and options not settled by the
/// givens, with the names of the full matrix. When givens clash, the problem gets one extra
/// primary item `clash` that no option covers, so it has no solution — as the puzzle has none.
/// A complete grid without clashes settles every item; since a problem needs an item, it gets the
/// item `solved` with the one option `solved`, so that it has exactly one solution, as the grid.
pub fn encode_puzzle(grid: &Grid) -> Problem {
    let shape = grid.shape();
    let n = shape.side();
    let names = item_names(shape);
    let mut covered = vec![false; names.len()];
    let mut clash = false;
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d != 0 {
            for i in option_items(shape, cell, d as usize) {
                clash |= covered[i];
                covered[i] = true;
            }
        }
    }
    let mut b = Problem::builder();
    let mut ids = vec![None; names.len()];
    for (i, name) in names.into_iter().enumerate() {
        if !covered[i] {
            ids[i] = Some(
                b.primary(name)
                    .expect("generated names are distinct and valid"),
            );
        }
    }
    if clash {
        b.primary("clash").expect("`clash` is not a generated name");
    }
    let solved = (!clash && covered.iter().all(|&c| c)).then(|| {
        b.primary("solved")
            .expect("`solved` is not a generated name")
    });
    for cell in 0..shape.cells() {
        for d in 1..=n {
            let items = option_items(shape, cell, d);
            if items.iter().all(|&i| !covered[i]) {
                let items = items.map(|i| ids[i].expect("uncovered items are declared"));
                b.option(&items).expect("four distinct declared items");
            }
        }
    }
    if let Some(item) = solved {
        b.option(&[item]).expect("one declared item");
    }
    b.build().expect("a Sudoku problem has at least one item")
}

/// Reads a solution of [`encode_puzzle`]'s problem back into a grid: the givens plus the cell and
/// digit named by each option's `p` and `r` items.
pub fn decode_puzzle(
    grid: &Grid,
    problem: &Problem,
    options: &[OptionId],
) -> Result<Grid, DecodeError> {
    let shape = grid.shape();
    let n = shape.side();
    let mut cells = grid.cells().to_vec();
    for &o in options {
        let unknown = DecodeError::UnknownOption {
            option: o.0,
            side: n,
        };
        if o.0 as usize >= problem.n_options() {
            return Err(unknown);
        }
        let mut cell = None;
        let mut digit = None;
        for e in problem.option(o) {
            let name = &problem.item(e.item).name;
            let mut parts = name[1..].split(',').map(|s| s.parse::<usize>().ok());
            let (Some(Some(a)), Some(Some(z))) = (parts.next(), parts.next()) else {
                continue;
            };
            match name.as_bytes()[0] {
                b'p' if a < n && z < n => cell = Some(a * n + z),
                b'r' if (1..=n).contains(&z) => digit = Some(z as u8),
                _ => {}
            }
        }
        let (Some(cell), Some(d)) = (cell, digit) else {
            if problem.option_to_string(o) == "solved" {
                continue; // the one option of a complete grid's problem
            }
            return Err(unknown);
        };
        if cells[cell] != 0 {
            return Err(DecodeError::CellTwice {
                row: shape.row(cell),
                col: shape.col(cell),
            });
        }
        cells[cell] = d;
    }
    Ok(Grid::from_cells(shape, cells)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::count::count;
    use crate::xc::dlx::Dlx;
    use crate::xc::Limits;

    #[test]
    fn a_complete_grid_has_one_solution() {
        let full = Grid::parse("1234341221434321").unwrap();
        let p = encode_puzzle(&full);
        let mut dlx = Dlx::new(&p).unwrap();
        let mut found = Vec::new();
        let r = crate::xc::engine::Engine::search_dyn(&mut dlx, &Limits::NONE, &mut |s| {
            found.push(s.to_vec());
            crate::xc::Control::Continue
        });
        assert_eq!(r.stats.solutions, 1);
        assert_eq!(decode_puzzle(&full, &p, &found[0]), Ok(full.clone()));
    }

    #[test]
    fn all_4x4_grids() {
        let xc = encode(Shape::square(2).unwrap());
        let mut dlx = Dlx::new(xc.problem()).unwrap();
        assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, 288);
    }

    #[test]
    fn sizes_and_names() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4), (6, 6)] {
            let shape = Shape::new(r, c).unwrap();
            let xc = encode(shape);
            let n = shape.side();
            assert_eq!(xc.problem().n_items(), 4 * n * n);
            assert_eq!(xc.problem().n_options(), n * n * n);
            let o = xc.option_of(n + 1, 2);
            assert_eq!(xc.cell_digit(o), Some((n + 1, 2)));
            assert_eq!(
                xc.problem().option_to_string(o),
                format!("p1,1 r1,2 c1,2 b{},2", shape.box_of(n + 1))
            );
        }
    }

    #[test]
    fn reduced_problem_solves_the_puzzle() {
        let grid = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let p = encode_puzzle(&grid);
        let mut dlx = Dlx::new(&p).unwrap();
        let mut sols = Vec::new();
        let r = dlx.search(&Limits::NONE, |s| {
            sols.push(decode_puzzle(&grid, &p, s).unwrap());
            crate::xc::Control::Continue
        });
        assert_eq!(r.stats.solutions, 1);
        crate::sudoku::check_solution(&grid, &sols[0]).unwrap();
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut grid = Grid::empty(Shape::square(2).unwrap());
        grid.set(0, 1);
        grid.set(1, 1);
        let p = encode_puzzle(&grid);
        let mut dlx = Dlx::new(&p).unwrap();
        assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, 0);
    }

    #[test]
    fn decode_rejects_bad_sets() {
        let xc = encode(Shape::square(2).unwrap());
        assert!(matches!(
            xc.decode(&[OptionId(64)]),
            Err(DecodeError::UnknownOption { .. })
        ));
        assert!(matches!(
            xc.decode(&[OptionId(0), OptionId(1)]),
            Err(DecodeError::CellTwice { .. })
        ));
        assert!(matches!(
            xc.decode(&[OptionId(0), xc.option_of(1, 1)]),
            Err(DecodeError::Rule(_))
        ));
    }
}
