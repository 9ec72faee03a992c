//! Naked and hidden singles: the technique that the [`crate::solvers::singles`] solver runs at every node of the
//! shared propagation search (the module documentation of the solver describes it).

use super::Ctx;
use crate::solvers::board::Board;
use crate::solvers::trace::{Contradiction, Step, Trace, TraceEvent};

/// Applies naked and hidden singles until neither applies (or the grid is full).
pub(crate) fn run<T: Trace>(board: &mut Board, cx: &mut Ctx<T>) -> Result<(), Contradiction> {
    let geo = cx.geo;
    loop {
        while let Some(cell) = cx.queue.pop() {
            let cell = cell as usize;
            let bit = board.cand[cell];
            // Zero: filled since it was queued (by a hidden single). Candidates only shrink and an
            // empty mask is reported when it happens, so a non-zero mask still has one bit.
            if bit == 0 {
                continue;
            }
            cx.tally.deductions.naked_singles += 1;
            if T::ENABLED {
                cx.trace.event(TraceEvent::Deduction {
                    depth: cx.depth,
                    step: Step::NakedSingle {
                        cell,
                        digit: bit.trailing_zeros() as u8 + 1,
                    },
                });
            }
            board.assign(geo, cell, bit, &mut cx.queue)?;
        }
        if board.left == 0 {
            return Ok(());
        }
        let mut found = false;
        for u in 0..geo.unit_count() {
            let unit = geo.unit(u);
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &c in unit {
                let m = board.cand[c as usize];
                twice |= once & m;
                once |= m;
                placed |= board.fixed[c as usize];
            }
            let missing = geo.full & !(once | placed);
            if missing != 0 {
                return Err(Contradiction::NoPlace {
                    digit: missing.trailing_zeros() as u8 + 1,
                    unit: geo.unit_name(u),
                });
            }
            let hidden = once & !twice;
            if hidden == 0 {
                continue;
            }
            for &c in unit {
                let c = c as usize;
                let m = board.cand[c] & hidden;
                if m == 0 {
                    continue;
                }
                if m & (m - 1) != 0 {
                    return Err(Contradiction::SharedPlace {
                        cell: c,
                        unit: geo.unit_name(u),
                    });
                }
                cx.tally.deductions.hidden_singles += 1;
                if T::ENABLED {
                    cx.trace.event(TraceEvent::Deduction {
                        depth: cx.depth,
                        step: Step::HiddenSingle {
                            cell: c,
                            digit: m.trailing_zeros() as u8 + 1,
                            unit: geo.unit_name(u),
                        },
                    });
                }
                board.assign(geo, c, m, &mut cx.queue)?;
                found = true;
            }
        }
        if !found && cx.queue.is_empty() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::geometry::Geometry;
    use crate::solvers::tally::Tally;
    use crate::solvers::SolveLimits;
    use crate::sudoku::Grid;
    use crate::sudoku::Unit;

    /// Runs singles once on a puzzle and returns the events and the board.
    fn singles_on(line: &str) -> (Result<(), Contradiction>, Vec<TraceEvent>, Board) {
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

    #[test]
    fn naked_single_fills_the_last_cell_of_a_row() {
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(72));
        let (result, events, board) = singles_on(&line);
        assert_eq!(result, Ok(()));
        assert_eq!(board.value(8), 9);
        assert_eq!(
            events[0],
            TraceEvent::Deduction {
                depth: 0,
                step: Step::NakedSingle { cell: 8, digit: 9 }
            }
        );
    }

    #[test]
    fn hidden_single_that_is_not_naked() {
        // 1s in rows 2 and 3 and in columns 2 and 3 leave r1c1 as the only place for 1 in box 1 (and
        // in row 1, which the scan meets first); r1c1 keeps other candidates, so it is not naked.
        let mut cells = vec!['.'; 81];
        cells[9 + 4] = '1'; // r2c5
        cells[18 + 7] = '1'; // r3c8
        cells[27 + 1] = '1'; // r4c2
        cells[63 + 2] = '1'; // r8c3
        let line: String = cells.into_iter().collect();
        let (result, events, board) = singles_on(&line);
        assert_eq!(result, Ok(()));
        assert_eq!(board.value(0), 1);
        assert!(events.contains(&TraceEvent::Deduction {
            depth: 0,
            step: Step::HiddenSingle {
                cell: 0,
                digit: 1,
                unit: Unit::Row(0),
            }
        }));
        assert!(!events.iter().any(|e| matches!(
            e,
            TraceEvent::Deduction {
                step: Step::NakedSingle { .. },
                ..
            }
        )));
    }

    #[test]
    fn nothing_to_do_on_an_empty_grid() {
        let (result, events, board) = singles_on(&".".repeat(81));
        assert_eq!(result, Ok(()));
        assert!(events.is_empty());
        assert_eq!(board.left, 81);
    }

    #[test]
    fn digit_without_a_place_is_a_contradiction() {
        // Row 1 has 1-7 given and r1c8, r1c9 both lose 8 to column givens: 8 has no place in row 1.
        let mut cells = vec!['.'; 81];
        for (k, ch) in "1234567".chars().enumerate() {
            cells[k] = ch;
        }
        cells[9 * 4 + 7] = '8'; // r5c8
        cells[9 * 7 + 8] = '8'; // r8c9
        let line: String = cells.into_iter().collect();
        let (result, _, _) = singles_on(&line);
        // r1c8 and r1c9 are left with {9} each: the naked single fills one and empties the other,
        // or the row scan finds 8 without a place — either way a contradiction.
        assert!(result.is_err());
    }
}
