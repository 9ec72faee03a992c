//! Corpora derived from a corpus: `dlxlab derive remove-one` writes every puzzle with one given
//! removed, each line naming its source line and the removed cell.

use std::io::{self, Write};

use crate::sudoku::Grid;

/// Writes the puzzles derived from `grid` (the puzzle of corpus line `src`) by emptying each of its
/// givens in turn, in cell order, one line each: the puzzle, then `src=LINE` and `cell=rRcC` (the
/// given that was removed, 1-based row and column). Returns the number of lines written.
pub fn write_remove_one(grid: &Grid, src: u64, out: &mut impl Write) -> io::Result<u64> {
    let side = grid.shape().side();
    let mut n = 0;
    for cell in 0..grid.cells().len() {
        if grid.get(cell) == 0 {
            continue;
        }
        let mut g = grid.clone();
        g.set(cell, 0);
        let (r, c) = (cell / side + 1, cell % side + 1);
        writeln!(out, "{} src={src} cell=r{r}c{c}", g.to_line())?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_each_given_once_in_cell_order() {
        let g = Grid::parse(&format!("12{}", ".".repeat(79))).unwrap();
        let mut out = Vec::new();
        assert_eq!(write_remove_one(&g, 7, &mut out).unwrap(), 2);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!(".2{} src=7 cell=r1c1", ".".repeat(79)));
        assert_eq!(lines[1], format!("1.{} src=7 cell=r1c2", ".".repeat(79)));
        assert_eq!(lines.len(), 2);
    }
}
