//! Sudoku variants as exact covers: classic (any r x c boxes), X (both diagonals), windoku (four
//! extra boxes), jigsaw (irregular regions) and killer (cages with sums).
//!
//! # Input (one puzzle = whitespace-separated fields; see `docs/variants.md`)
//!
//! | variant   | fields                                                                   |
//! |-----------|--------------------------------------------------------------------------|
//! | `classic` | givens (16, 36, 81, 256, 625 … characters, `.`/`0` empty)                 |
//! | `x`       | givens (81)                                                              |
//! | `windoku` | givens (81)                                                              |
//! | `jigsaw`  | givens (81), regions (81 labels: 9 labels, 9 cells each, connected)      |
//! | `killer`  | givens (81), cages (81 labels, `.` = no cage), sums `A=10,B=17,…`         |
//!
//! # Encoding ([`Encoding`], built per puzzle)
//!
//! Primary items, in order: `p{c}` (cell `c` holds a digit), `u{k},{d}` (unit `k` holds digit
//! `d`) for every unit — rows, columns, boxes or jigsaw regions, then the X diagonals or the
//! windoku windows — and, for killer, `k{j},{d}` for every cage `j` and digit `d` in 1..=9.
//! Options: placement `(c, d)` (option `c·n + d − 1`) covers `p{c}`, `u{k},{d}` for each unit
//! through `c`, and `k{j},{d}` when `c` lies in cage `j`. Then, per cage of size `s < 9`, one
//! *set option* per admissible digit set `S` (`|S| = s`, distinct digits, sum as given) covering
//! `k{j},{d}` for the `9 − s` digits `d ∉ S`.
//!
//! Why this is exact: the `s` placements in cage `j` cover `s` distinct items `k{j},·` (so the
//! cage's digits are distinct); a set option covers `9 − s` of its 9 items, so exactly one set
//! option is chosen (`s + k(9 − s) = 9` forces `k = 1`), and the cage's digits are exactly that set,
//! whose sum is right. A cage of 9 cells has one admissible set (1..=9, sum 45) that excludes
//! nothing, so it gets no set option; the placements alone cover its 9 items. Conversely each
//! valid grid gives one cover (the set of each cage is its digit set). A cage whose sum no set
//! reaches is a parse error ([`VariantError::CageImpossible`]).
//!
//! Givens are forced on the matrix. Two equal givens in a unit or a killer cage are refused by
//! the parser ([`VariantError::Clash`]), as the classic solvers refuse them: such a line is
//! invalid input, not a puzzle without a solution.
//! [`check_solution`] checks a grid against the rules directly, without the unit lists.

mod encoding;
mod parse;
mod rules;

pub use encoding::{Encoding, Meaning};
pub use parse::{cage_sets, Cage, VariantError, VariantPuzzle};
pub use rules::{check_solution, VariantRuleError};

use std::time::Instant;

use crate::solvers::{SolveLimits, Stats, Status};
use crate::sudoku::Shape;
use crate::xc::dlx::Dlx;
use crate::xc::engine::Engine;
use crate::xc::{Control, ItemId, OptionId, Problem, SearchEnd};

/// The variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes; any r x c box shape.
    Classic,
    /// 9x9 with both main diagonals holding 1..=9.
    X,
    /// 9x9 with four extra boxes at rows/columns 2-4 and 6-8.
    Windoku,
    /// 9x9 with irregular regions instead of boxes.
    Jigsaw,
    /// 9x9 with cages: distinct digits with a given sum.
    Killer,
}

impl Variant {
    /// Every variant, in CLI order.
    pub const ALL: [Variant; 5] = [
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::Killer,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
            Variant::Killer => "killer",
        }
    }

    /// Looks a name up (`hyper` is accepted for windoku, `diagonal` for x).
    pub fn by_name(name: &str) -> Result<Variant, VariantError> {
        match name.to_ascii_lowercase().as_str() {
            "hyper" => Ok(Variant::Windoku),
            "diagonal" => Ok(Variant::X),
            n => Variant::ALL
                .into_iter()
                .find(|v| v.name() == n)
                .ok_or_else(|| VariantError::UnknownVariant(name.to_string())),
        }
    }

    fn fields(self) -> usize {
        match self {
            Variant::Jigsaw => 2,
            Variant::Killer => 3,
            _ => 1,
        }
    }
}

/// What a variant solve established. Counters as in [`crate::solvers`] (DLX nodes, Knuth's count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOutcome {
    /// Unique, multiple, none or limit.
    pub status: Status,
    /// Solutions counted (up to the limit).
    pub solutions: u64,
    /// The first solution, row by row.
    pub solution: Option<Vec<u8>>,
    /// Nodes, guesses, backtracks, time (matrix building included).
    pub stats: Stats,
}

impl VariantOutcome {
    /// Checks the solution, when there is one, against the puzzle's rules and givens
    /// ([`check_solution`]): what `dlxlab solve --variant` and `variant solve` do before printing it.
    pub fn check(&self, puzzle: &VariantPuzzle) -> Result<(), VariantRuleError> {
        match &self.solution {
            Some(s) => check_solution(puzzle, s),
            None => Ok(()),
        }
    }
}

/// Solves a variant puzzle with DLX: builds its [`Encoding`], forces the givens, searches up to
/// `limits.max_solutions` solutions. This is the function `dlxlab solve --variant` calls.
pub fn solve(puzzle: &VariantPuzzle, limits: &SolveLimits) -> VariantOutcome {
    let start = Instant::now();
    let enc = Encoding::new(puzzle);
    let mut dlx = Dlx::new(enc.problem()).expect("no multiplicities");
    let mut outcome = VariantOutcome {
        status: Status::None,
        solutions: 0,
        solution: None,
        stats: Stats::default(),
    };
    for (cell, &d) in puzzle.givens.iter().enumerate() {
        if d != 0 && dlx.force(enc.option_of(cell, d)).is_err() {
            outcome.stats.time_ns = start.elapsed().as_nanos() as u64;
            return outcome;
        }
    }
    let max = limits.max_solutions;
    let mut found = 0;
    let mut first = None;
    let result = dlx.search(&limits.budget, |sol| {
        found += 1;
        if first.is_none() {
            first = Some(enc.decode(sol));
        }
        if max != 0 && found >= max {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    let branch = dlx.branch_counts();
    outcome.status = Status::from_search(found, result.end == SearchEnd::Exhausted, max);
    outcome.solutions = found;
    outcome.solution = first;
    outcome.stats = Stats {
        nodes: result.stats.nodes,
        guesses: branch.guesses,
        backtracks: branch.dead_ends,
        time_ns: start.elapsed().as_nanos() as u64,
        ..Stats::default()
    };
    outcome
}
