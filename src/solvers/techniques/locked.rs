//! Locked candidates: pointing and claiming: the technique that the [`crate::solvers::locked`] solver runs at every node of the
//! shared propagation search (the module documentation of the solver describes it).

use super::Ctx;
use crate::solvers::board::Board;
use crate::solvers::geometry::MAX_SIDE;
use crate::solvers::trace::{bits, Contradiction, Step, Trace, TraceEvent};
use crate::sudoku::Unit;

/// The digits of `segs` that occur in exactly one segment.
#[inline]
fn confined(segs: &[u32]) -> u32 {
    let (mut once, mut twice) = (0u32, 0u32);
    for &s in segs {
        twice |= once & s;
        once |= s;
    }
    once & !twice
}

/// One pass of pointing and claiming over every box and line. Returns whether any candidate was
/// removed.
pub(crate) fn run<T: Trace>(board: &mut Board, cx: &mut Ctx<T>) -> Result<bool, Contradiction> {
    let geo = cx.geo;
    let shape = geo.shape;
    let (n, br, bc) = (geo.side, shape.box_rows(), shape.box_cols());
    let mut removed_any = false;
    let mut segs = [0u32; MAX_SIDE];

    // Pointing: box b, its row segments, then its column segments.
    for b in 0..n {
        let cells = geo.unit(2 * n + b);
        let (top, left) = ((b / br) * br, (b % br) * bc);
        for (i, seg) in segs[..br].iter_mut().enumerate() {
            *seg = cells[i * bc..(i + 1) * bc]
                .iter()
                .fold(0, |m, &c| m | board.cand[c as usize]);
        }
        let only = confined(&segs[..br]);
        for (i, &seg) in segs[..br].iter().enumerate() {
            let digits = seg & only;
            if digits != 0 {
                let line = top + i;
                let targets = (0..n).filter(|c| c / bc != left / bc).map(|c| line * n + c);
                removed_any |=
                    eliminate(board, cx, digits, targets, |digit, cells| Step::Pointing {
                        digit,
                        box_index: b,
                        line: Unit::Row(line),
                        cells,
                    })?;
            }
        }
        for (j, seg) in segs[..bc].iter_mut().enumerate() {
            *seg = (0..br).fold(0, |m, i| m | board.cand[cells[i * bc + j] as usize]);
        }
        let only = confined(&segs[..bc]);
        for (j, &seg) in segs[..bc].iter().enumerate() {
            let digits = seg & only;
            if digits != 0 {
                let line = left + j;
                let targets = (0..n).filter(|r| r / br != top / br).map(|r| r * n + line);
                removed_any |=
                    eliminate(board, cx, digits, targets, |digit, cells| Step::Pointing {
                        digit,
                        box_index: b,
                        line: Unit::Col(line),
                        cells,
                    })?;
            }
        }
    }

    // Claiming: row r splits into n / bc box segments, column c into n / br.
    for r in 0..n {
        let cells = geo.unit(r);
        let count = n / bc;
        for (k, seg) in segs[..count].iter_mut().enumerate() {
            *seg = cells[k * bc..(k + 1) * bc]
                .iter()
                .fold(0, |m, &c| m | board.cand[c as usize]);
        }
        let only = confined(&segs[..count]);
        for (k, &seg) in segs[..count].iter().enumerate() {
            let digits = seg & only;
            if digits != 0 {
                let b = (r / br) * br + k;
                let targets = geo
                    .unit(2 * n + b)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| c / n != r);
                removed_any |=
                    eliminate(board, cx, digits, targets, |digit, cells| Step::Claiming {
                        digit,
                        line: Unit::Row(r),
                        box_index: b,
                        cells,
                    })?;
            }
        }
    }
    for c in 0..n {
        let cells = geo.unit(n + c);
        let count = n / br;
        for (k, seg) in segs[..count].iter_mut().enumerate() {
            *seg = cells[k * br..(k + 1) * br]
                .iter()
                .fold(0, |m, &c| m | board.cand[c as usize]);
        }
        let only = confined(&segs[..count]);
        for (k, &seg) in segs[..count].iter().enumerate() {
            let digits = seg & only;
            if digits != 0 {
                let b = k * br + c / bc;
                let targets = geo
                    .unit(2 * n + b)
                    .iter()
                    .map(|&cell| cell as usize)
                    .filter(|&cell| cell % n != c);
                removed_any |=
                    eliminate(board, cx, digits, targets, |digit, cells| Step::Claiming {
                        digit,
                        line: Unit::Col(c),
                        box_index: b,
                        cells,
                    })?;
            }
        }
    }
    Ok(removed_any)
}

/// Removes `digits` from every cell of `targets`, counts the removals, and traces one step per
/// digit that lost at least one candidate.
fn eliminate<T: Trace>(
    board: &mut Board,
    cx: &mut Ctx<T>,
    digits: u32,
    targets: impl Iterator<Item = usize> + Clone,
    step: impl Fn(u8, Vec<usize>) -> Step,
) -> Result<bool, Contradiction> {
    if T::ENABLED {
        // One traced step per digit, naming the cells that lose it; the removals below happen in
        // the same order whether or not the search is traced, so the counters agree.
        for digit in bits(digits) {
            let bit = 1u32 << (digit - 1);
            let cells: Vec<usize> = targets
                .clone()
                .filter(|&c| board.cand[c] & bit != 0)
                .collect();
            if !cells.is_empty() {
                cx.trace.event(TraceEvent::Deduction {
                    depth: cx.depth,
                    step: step(digit, cells),
                });
            }
        }
    }
    let mut removed = false;
    for cell in targets {
        let gone = board.remove(cell, digits, &mut cx.queue)?;
        cx.tally.deductions.locked_eliminations += gone.count_ones() as u64;
        removed |= gone != 0;
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::geometry::Geometry;
    use crate::solvers::tally::Tally;
    use crate::solvers::SolveLimits;
    use crate::sudoku::Grid;

    fn locked_on(line: &str) -> (Result<bool, Contradiction>, Vec<TraceEvent>, Board) {
        let grid = Grid::parse(line).unwrap();
        let geo = Geometry::of(grid.shape());
        let mut events = Vec::new();
        let mut sink = |e| events.push(e);
        let mut cx = Ctx {
            geo,
            queue: Vec::new(),
            tally: Tally::new(&SolveLimits::default()),
            trace: &mut sink,
            depth: 0,
        };
        let mut board = Board::from_grid(geo, &grid, &mut cx.queue).unwrap();
        let result = run(&mut board, &mut cx);
        (result, events, board)
    }

    fn grid_with(givens: &[(usize, usize, char)]) -> String {
        let mut cells = vec!['.'; 81];
        for &(r, c, ch) in givens {
            cells[(r - 1) * 9 + c - 1] = ch;
        }
        cells.into_iter().collect()
    }

    #[test]
    fn pointing_clears_the_rest_of_the_row() {
        // Rows 2 and 3 of box 1 are full, so 1, 8 and 9 of box 1 lie on row 1.
        let line = grid_with(&[
            (2, 1, '2'),
            (2, 2, '3'),
            (2, 3, '4'),
            (3, 1, '5'),
            (3, 2, '6'),
            (3, 3, '7'),
        ]);
        let (result, events, board) = locked_on(&line);
        assert_eq!(result, Ok(true));
        for c in 3..9 {
            assert_eq!(
                board.cand[c] & 0b1_1000_0001,
                0,
                "r1c{} keeps 1, 8 or 9",
                c + 1
            );
        }
        assert_eq!(board.cand[0], 0b1_1000_0001);
        assert!(events.contains(&TraceEvent::Deduction {
            depth: 0,
            step: Step::Pointing {
                digit: 1,
                box_index: 0,
                line: Unit::Row(0),
                cells: vec![3, 4, 5, 6, 7, 8],
            }
        }));
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        // r1c4..r1c9 are full, so 1, 8 and 9 of row 1 lie in box 1: its rows 2 and 3 lose them.
        let line = grid_with(&[
            (1, 4, '2'),
            (1, 5, '3'),
            (1, 6, '4'),
            (1, 7, '5'),
            (1, 8, '6'),
            (1, 9, '7'),
        ]);
        let (result, events, board) = locked_on(&line);
        assert_eq!(result, Ok(true));
        for cell in [9, 10, 11, 18, 19, 20] {
            assert_eq!(board.cand[cell] & 0b1_1000_0001, 0);
        }
        assert_ne!(board.cand[0] & 1, 0);
        assert!(events.contains(&TraceEvent::Deduction {
            depth: 0,
            step: Step::Claiming {
                digit: 9,
                line: Unit::Row(0),
                box_index: 0,
                cells: vec![9, 10, 11, 18, 19, 20],
            }
        }));
    }

    #[test]
    fn nothing_locked_on_an_empty_grid() {
        let (result, events, _) = locked_on(&".".repeat(81));
        assert_eq!(result, Ok(false));
        assert!(events.is_empty());
    }
}
