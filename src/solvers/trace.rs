//! A readable trace of a search: every deduction, trial, contradiction and solution, in order.
//!
//! The propagation solvers (`mrv`, `singles`, `locked`, `subsets`) are generic over a [`Trace`] sink.
//! [`NoTrace`] sets [`Trace::ENABLED`] to `false`, so the solvers skip building events altogether and
//! the traced code path costs nothing in a normal solve. Any `FnMut(TraceEvent)` closure is a sink,
//! which is how `dlxlab solve --trace` prints events as they happen.
//!
//! Each event carries the search depth (0 at the root, one more below every trial value), so that a
//! printer can indent the trace the way a person follows it:
//!
//! ```text
//! r1c3 = 4  (naked single)
//! r5c2 = 9  (hidden single in box 4)
//! guess r2c2 = 1 of {1,7}
//!   r2c5 = 7  (naked single)
//!   contradiction: r7c2 has no candidate left
//! guess r2c2 = 7 of {1,7}
//!   ...
//! back up: all of {1,7} tried at r2c2
//! ```
//!
//! Printing one event per forced cell is also the "comparison elimination" procedure of the
//! literature: each step fills one cell whose value the others force, and shows why.

use std::fmt;

use crate::sudoku::{Grid, Shape, Unit};

// Kept at their old paths: they dispatch to the solvers, so they live above them, in `traced`.
pub use super::traced::{solve_traced, TRACEABLE};

/// A sink for trace events.
pub trait Trace {
    /// `false` for sinks that drop every event: solvers then skip building them.
    const ENABLED: bool = true;

    /// Receives one event.
    fn event(&mut self, event: TraceEvent);
}

/// The sink that drops everything, at no cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ENABLED: bool = false;

    #[inline]
    fn event(&mut self, _event: TraceEvent) {}
}

impl<F: FnMut(TraceEvent)> Trace for F {
    fn event(&mut self, event: TraceEvent) {
        self(event)
    }
}

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// A value or an elimination forced by a technique.
    Deduction {
        /// Search depth.
        depth: usize,
        /// What was deduced.
        step: Step,
    },
    /// A trial value placed at a cell: a guess when the cell had two or more candidates.
    Trial {
        /// Depth of the node the trial leaves (the new node is one deeper).
        depth: usize,
        /// The cell (0-based, row by row).
        cell: usize,
        /// The digit tried.
        digit: u8,
        /// The cell's candidates when the branch was made (bit `d - 1` for digit `d`).
        choices: u32,
    },
    /// The state is impossible; the search returns to the last trial.
    Contradiction {
        /// Search depth.
        depth: usize,
        /// Why.
        reason: Contradiction,
    },
    /// A solution.
    Solution {
        /// Search depth.
        depth: usize,
        /// 1 for the first solution found, and so on.
        index: u64,
        /// The solved grid.
        grid: Grid,
    },
    /// Every candidate of a branch cell has been tried: the search goes back to the trial above.
    Backtrack {
        /// Depth of the node that branched on the cell.
        depth: usize,
        /// The cell.
        cell: usize,
        /// Its candidates, all tried.
        choices: u32,
    },
    /// A node or time budget stopped the search.
    Limit {
        /// Search depth.
        depth: usize,
    },
}

impl TraceEvent {
    /// The search depth of the event.
    pub fn depth(&self) -> usize {
        match self {
            TraceEvent::Deduction { depth, .. }
            | TraceEvent::Trial { depth, .. }
            | TraceEvent::Contradiction { depth, .. }
            | TraceEvent::Solution { depth, .. }
            | TraceEvent::Backtrack { depth, .. }
            | TraceEvent::Limit { depth } => *depth,
        }
    }
}

/// A deduction, with what it rests on and what it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A cell with one candidate left gets it.
    NakedSingle {
        /// The cell.
        cell: usize,
        /// Its digit.
        digit: u8,
    },
    /// A digit with one place left in a unit goes there.
    HiddenSingle {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
        /// The unit where the digit had one place.
        unit: Unit,
    },
    /// Pointing: in a box, a digit's candidates lie on one line, so the rest of the line loses it.
    Pointing {
        /// The digit.
        digit: u8,
        /// The box (0-based).
        box_index: usize,
        /// The row or column.
        line: Unit,
        /// Cells that lost the digit.
        cells: Vec<usize>,
    },
    /// Claiming (box-line reduction): on a line, a digit's candidates lie in one box, so the rest of
    /// the box loses it.
    Claiming {
        /// The digit.
        digit: u8,
        /// The row or column.
        line: Unit,
        /// The box (0-based).
        box_index: usize,
        /// Cells that lost the digit.
        cells: Vec<usize>,
    },
    /// Naked pair/triple: `k` cells of a unit hold only `k` digits between them, so the other cells
    /// of the unit lose those digits.
    NakedSubset {
        /// The unit.
        unit: Unit,
        /// The `k` cells.
        cells: Vec<usize>,
        /// The `k` digits (mask).
        digits: u32,
        /// Cells that lost candidates, with the candidates they lost.
        removed: Vec<(usize, u32)>,
    },
    /// Hidden pair/triple: `k` digits of a unit fit only in `k` cells, so those cells lose every
    /// other candidate.
    HiddenSubset {
        /// The unit.
        unit: Unit,
        /// The `k` digits (mask).
        digits: u32,
        /// The `k` cells.
        cells: Vec<usize>,
        /// Cells that lost candidates, with the candidates they lost.
        removed: Vec<(usize, u32)>,
    },
}

/// Why a state is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    NoCandidate {
        /// The cell.
        cell: usize,
    },
    /// A digit has no place left in a unit.
    NoPlace {
        /// The digit.
        digit: u8,
        /// The unit.
        unit: Unit,
    },
    /// Two digits each have only the same cell left in a unit.
    SharedPlace {
        /// The cell.
        cell: usize,
        /// The unit.
        unit: Unit,
    },
}

/// Writes a cell as `r1c2` (1-based), the notation of the trace.
pub fn cell_name(shape: Shape, cell: usize) -> String {
    format!("r{}c{}", shape.row(cell) + 1, shape.col(cell) + 1)
}

/// Writes a candidate mask as `{1,5,9}`.
pub fn digits_name(mask: u32) -> String {
    let digits: Vec<String> = bits(mask)
        .map(|d| Shape::digit_char(d).to_string())
        .collect();
    format!("{{{}}}", digits.join(","))
}

/// The digits of a mask, ascending.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

fn cells_name(shape: Shape, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(shape, c)).collect();
    names.join(",")
}

fn removed_name(shape: Shape, removed: &[(usize, u32)]) -> String {
    let names: Vec<String> = removed
        .iter()
        .map(|&(c, m)| format!("{} from {}", digits_name(m), cell_name(shape, c)))
        .collect();
    names.join("; ")
}

/// Formats an event for a grid of a given shape (cell names need the side), without indentation.
pub struct Display<'a> {
    event: &'a TraceEvent,
    shape: Shape,
}

impl TraceEvent {
    /// A displayable form of the event for a grid of `shape`.
    pub fn display(&self, shape: Shape) -> Display<'_> {
        Display { event: self, shape }
    }
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.shape;
        let ch = Shape::digit_char;
        match self.event {
            TraceEvent::Deduction { step, .. } => match step {
                Step::NakedSingle { cell, digit } => {
                    write!(
                        f,
                        "{} = {}  (naked single)",
                        cell_name(s, *cell),
                        ch(*digit)
                    )
                }
                Step::HiddenSingle { cell, digit, unit } => write!(
                    f,
                    "{} = {}  (hidden single in {unit})",
                    cell_name(s, *cell),
                    ch(*digit)
                ),
                Step::Pointing {
                    digit,
                    box_index,
                    line,
                    cells,
                } => write!(
                    f,
                    "pointing: {} in box {} lies on {line}; remove {} from {}",
                    ch(*digit),
                    box_index + 1,
                    ch(*digit),
                    cells_name(s, cells)
                ),
                Step::Claiming {
                    digit,
                    line,
                    box_index,
                    cells,
                } => write!(
                    f,
                    "claiming: {} in {line} lies in box {}; remove {} from {}",
                    ch(*digit),
                    box_index + 1,
                    ch(*digit),
                    cells_name(s, cells)
                ),
                Step::NakedSubset {
                    unit,
                    cells,
                    digits,
                    removed,
                } => write!(
                    f,
                    "naked {} {} in {} ({unit}); remove {}",
                    subset_word(cells.len()),
                    digits_name(*digits),
                    cells_name(s, cells),
                    removed_name(s, removed)
                ),
                Step::HiddenSubset {
                    unit,
                    digits,
                    cells,
                    removed,
                } => write!(
                    f,
                    "hidden {} {} in {} ({unit}); remove {}",
                    subset_word(cells.len()),
                    digits_name(*digits),
                    cells_name(s, cells),
                    removed_name(s, removed)
                ),
            },
            TraceEvent::Trial {
                cell,
                digit,
                choices,
                ..
            } => {
                if choices.count_ones() >= 2 {
                    write!(
                        f,
                        "guess {} = {} of {}",
                        cell_name(s, *cell),
                        ch(*digit),
                        digits_name(*choices)
                    )
                } else {
                    write!(
                        f,
                        "place {} = {}  (only candidate)",
                        cell_name(s, *cell),
                        ch(*digit)
                    )
                }
            }
            TraceEvent::Contradiction { reason, .. } => match reason {
                Contradiction::NoCandidate { cell } => write!(
                    f,
                    "contradiction: {} has no candidate left",
                    cell_name(s, *cell)
                ),
                Contradiction::NoPlace { digit, unit } => {
                    write!(f, "contradiction: {} has no place in {unit}", ch(*digit))
                }
                Contradiction::SharedPlace { cell, unit } => write!(
                    f,
                    "contradiction: two digits of {unit} can only go in {}",
                    cell_name(s, *cell)
                ),
            },
            TraceEvent::Solution { index, grid, .. } => write!(f, "solution {index}: {grid}"),
            TraceEvent::Backtrack { cell, choices, .. } => write!(
                f,
                "back up: all of {} tried at {}",
                digits_name(*choices),
                cell_name(s, *cell)
            ),
            TraceEvent::Limit { .. } => f.write_str("limit reached: search stopped"),
        }
    }
}

fn subset_word(k: usize) -> &'static str {
    match k {
        2 => "pair",
        3 => "triple",
        _ => "subset",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_events() {
        let s = Shape::CLASSIC;
        let guess = TraceEvent::Trial {
            depth: 1,
            cell: 10,
            digit: 7,
            choices: (1 << 0) | (1 << 6),
        };
        assert_eq!(guess.display(s).to_string(), "guess r2c2 = 7 of {1,7}");
        let hidden = TraceEvent::Deduction {
            depth: 0,
            step: Step::HiddenSingle {
                cell: 80,
                digit: 9,
                unit: Unit::Box(8),
            },
        };
        assert_eq!(
            hidden.display(s).to_string(),
            "r9c9 = 9  (hidden single in box 9)"
        );
        let naked = TraceEvent::Deduction {
            depth: 0,
            step: Step::NakedSubset {
                unit: Unit::Row(0),
                cells: vec![0, 1],
                digits: 0b11,
                removed: vec![(5, 0b10)],
            },
        };
        assert_eq!(
            naked.display(s).to_string(),
            "naked pair {1,2} in r1c1,r1c2 (row 1); remove {2} from r1c6"
        );
    }

    #[test]
    fn closures_are_sinks() {
        let mut seen = Vec::new();
        let mut sink = |e: TraceEvent| seen.push(e.depth());
        sink.event(TraceEvent::Limit { depth: 3 });
        assert_eq!(seen, vec![3]);
    }
}
