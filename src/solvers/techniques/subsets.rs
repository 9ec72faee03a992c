//! Naked and hidden pairs and triples: the technique that the [`crate::solvers::subsets`] solver runs at every node of the
//! shared propagation search (the module documentation of the solver describes it).

use super::Ctx;
use crate::solvers::board::Board;
use crate::solvers::geometry::MAX_SIDE;
use crate::solvers::trace::{Contradiction, Step, Trace, TraceEvent};

/// Pairs on every unit, then (if pairs removed nothing) triples. Returns whether any candidate
/// was removed.
pub(crate) fn run<T: Trace>(board: &mut Board, cx: &mut Ctx<T>) -> Result<bool, Contradiction> {
    for k in 2..=3 {
        let mut removed = false;
        for u in 0..cx.geo.unit_count() {
            removed |= naked(board, cx, u, k)?;
            removed |= hidden(board, cx, u, k)?;
        }
        if removed {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Calls `f` with every `k`-combination (k = 2 or 3) of `items`, stopping at the first error.
fn combinations<E>(
    items: &[usize],
    k: usize,
    mut f: impl FnMut(&[usize]) -> Result<(), E>,
) -> Result<(), E> {
    let m = items.len();
    for a in 0..m {
        for b in a + 1..m {
            if k == 2 {
                f(&[items[a], items[b]])?;
                continue;
            }
            for c in b + 1..m {
                f(&[items[a], items[b], items[c]])?;
            }
        }
    }
    Ok(())
}

/// Naked subsets of size `k` in unit `u`.
fn naked<T: Trace>(
    board: &mut Board,
    cx: &mut Ctx<T>,
    u: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    let geo = cx.geo;
    let unit = geo.unit(u);
    let mut members = [0usize; MAX_SIDE];
    let mut m = 0;
    for (i, &c) in unit.iter().enumerate() {
        let count = board.cand[c as usize].count_ones() as usize;
        if (2..=k).contains(&count) {
            members[m] = i;
            m += 1;
        }
    }
    if m < k {
        return Ok(false);
    }
    let mut removed_any = false;
    combinations(&members[..m], k, |combo| {
        let digits = combo
            .iter()
            .fold(0, |acc, &i| acc | board.cand[unit[i] as usize]);
        if digits.count_ones() as usize != k {
            return Ok(());
        }
        let mut removed = Vec::new();
        for (i, &c) in unit.iter().enumerate() {
            if combo.contains(&i) {
                continue;
            }
            let gone = board.remove(c as usize, digits, &mut cx.queue)?;
            if gone != 0 {
                cx.tally.deductions.subset_eliminations += gone.count_ones() as u64;
                removed_any = true;
                if T::ENABLED {
                    removed.push((c as usize, gone));
                }
            }
        }
        if T::ENABLED && !removed.is_empty() {
            cx.trace.event(TraceEvent::Deduction {
                depth: cx.depth,
                step: Step::NakedSubset {
                    unit: geo.unit_name(u),
                    cells: combo.iter().map(|&i| unit[i] as usize).collect(),
                    digits,
                    removed,
                },
            });
        }
        Ok(())
    })?;
    Ok(removed_any)
}

/// Hidden subsets of size `k` in unit `u`.
fn hidden<T: Trace>(
    board: &mut Board,
    cx: &mut Ctx<T>,
    u: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    let geo = cx.geo;
    let unit = geo.unit(u);
    // places[d]: bit i set when digit d + 1 is a candidate of the unit's i-th cell.
    let mut places = [0u32; MAX_SIDE];
    for (i, &c) in unit.iter().enumerate() {
        let mut m = board.cand[c as usize];
        while m != 0 {
            places[m.trailing_zeros() as usize] |= 1 << i;
            m &= m - 1;
        }
    }
    let mut members = [0usize; MAX_SIDE];
    let mut m = 0;
    for (d, &p) in places[..geo.side].iter().enumerate() {
        if (2..=k).contains(&(p.count_ones() as usize)) {
            members[m] = d;
            m += 1;
        }
    }
    if m < k {
        return Ok(false);
    }
    let mut removed_any = false;
    combinations(&members[..m], k, |combo| {
        let spots = combo.iter().fold(0u32, |acc, &d| acc | places[d]);
        if spots.count_ones() as usize != k {
            return Ok(());
        }
        let digits = combo.iter().fold(0u32, |acc, &d| acc | 1 << d);
        let mut removed = Vec::new();
        let mut rest = spots;
        while rest != 0 {
            let c = unit[rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
            let gone = board.remove(c, !digits, &mut cx.queue)?;
            if gone != 0 {
                cx.tally.deductions.subset_eliminations += gone.count_ones() as u64;
                removed_any = true;
                if T::ENABLED {
                    removed.push((c, gone));
                }
            }
        }
        if T::ENABLED && !removed.is_empty() {
            let mut cells = Vec::new();
            let mut rest = spots;
            while rest != 0 {
                cells.push(unit[rest.trailing_zeros() as usize] as usize);
                rest &= rest - 1;
            }
            cx.trace.event(TraceEvent::Deduction {
                depth: cx.depth,
                step: Step::HiddenSubset {
                    unit: geo.unit_name(u),
                    digits,
                    cells,
                    removed,
                },
            });
        }
        Ok(())
    })?;
    Ok(removed_any)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::geometry::Geometry;
    use crate::solvers::tally::Tally;
    use crate::solvers::SolveLimits;
    use crate::sudoku::Unit;
    use crate::sudoku::{Grid, Shape};

    /// A 9x9 board with every cell holding all candidates, then `set` applied.
    fn board_with(set: &[(usize, u32)]) -> Board {
        let geo = Geometry::of(Shape::CLASSIC);
        let mut board =
            Board::from_grid(geo, &Grid::empty(Shape::CLASSIC), &mut Vec::new()).unwrap();
        for &(cell, mask) in set {
            board.cand[cell] = mask;
        }
        board
    }

    fn run_on(board: &mut Board, u: usize, k: usize, hidden_too: bool) -> (bool, Vec<TraceEvent>) {
        let mut events = Vec::new();
        let mut sink = |e| events.push(e);
        let mut cx = Ctx {
            geo: Geometry::of(Shape::CLASSIC),
            queue: Vec::new(),
            tally: Tally::new(&SolveLimits::default()),
            trace: &mut sink,
            depth: 0,
        };
        let mut removed = naked(board, &mut cx, u, k).unwrap();
        if hidden_too {
            removed |= hidden(board, &mut cx, u, k).unwrap();
        }
        (removed, events)
    }

    #[test]
    fn naked_pair_clears_the_row() {
        let mut board = board_with(&[(0, 0b11), (4, 0b11)]);
        let (removed, events) = run_on(&mut board, 0, 2, false);
        assert!(removed);
        for c in [1, 2, 3, 5, 6, 7, 8] {
            assert_eq!(board.cand[c], 0x1ff & !0b11);
        }
        assert_eq!(board.cand[0], 0b11);
        assert_eq!(
            events[0],
            TraceEvent::Deduction {
                depth: 0,
                step: Step::NakedSubset {
                    unit: Unit::Row(0),
                    cells: vec![0, 4],
                    digits: 0b11,
                    removed: [1, 2, 3, 5, 6, 7, 8].iter().map(|&c| (c, 0b11)).collect(),
                }
            }
        );
    }

    #[test]
    fn naked_triple_need_not_have_three_digits_per_cell() {
        // {1,2}, {2,3}, {1,3}: a triple although no cell holds all three.
        let mut board = board_with(&[(0, 0b011), (1, 0b110), (2, 0b101)]);
        let (removed, _) = run_on(&mut board, 0, 3, false);
        assert!(removed);
        assert_eq!(board.cand[8], 0x1ff & !0b111);
    }

    #[test]
    fn no_naked_pair_when_the_digits_differ() {
        let mut board = board_with(&[(0, 0b11), (4, 0b110)]);
        let (removed, events) = run_on(&mut board, 0, 2, false);
        assert!(!removed);
        assert!(events.is_empty());
    }

    #[test]
    fn hidden_pair_strips_its_cells() {
        // Digits 8 and 9 fit only r1c1 and r1c2 of row 1.
        let others: Vec<(usize, u32)> = (2..9).map(|c| (c, 0x1ff & !0b1_1000_0000)).collect();
        let mut board = board_with(&others);
        let (removed, events) = run_on(&mut board, 0, 2, true);
        assert!(removed);
        assert_eq!(board.cand[0], 0b1_1000_0000);
        assert_eq!(board.cand[1], 0b1_1000_0000);
        assert!(events.iter().any(|e| matches!(
            e,
            TraceEvent::Deduction {
                step: Step::HiddenSubset {
                    digits: 0b1_1000_0000,
                    ..
                },
                ..
            }
        )));
    }

    #[test]
    fn no_hidden_pair_on_an_open_row() {
        let mut board = board_with(&[]);
        let (removed, _) = run_on(&mut board, 0, 3, true);
        assert!(!removed);
    }
}
