//! Honeycomb Sudoku as an exact cover.
//!
//! # Items (all primary), in this order
//!
//! - `p{c}` for each cell `c` (61): the cell holds a digit.
//! - `l{ℓ},{d}` for each line `ℓ` and digit `d` in 1..=9 (27 · 9 = 243): digit `d` is *accounted
//!   for* on line `ℓ` — either placed in one of its cells, or excluded by the line's window.
//!
//! # Options, in this order
//!
//! - Placement `(c, d)`, option `9c + d − 1`: `p{c}` and `l{ℓ},{d}` for the three lines through `c`.
//! - Window `(ℓ, s)` for each line of length `L < 9` and start `s ∈ 1..=10 − L` (line-major, `s`
//!   ascending): the items `l{ℓ},{d}` for the `9 − L` digits `d` **outside** `[s, s + L − 1]`.
//!   Lines of length 9 get no window option (their one window excludes nothing).
//!
//! # Why the solutions are exactly the honeycomb grids
//!
//! Take an exact cover. The `p` items put exactly one digit in each cell, so exactly `L`
//! placements touch line `ℓ`, and they cover `L` distinct items `l{ℓ},·`: the line's digits are
//! distinct. Each window option covers `9 − L` items of the line and the line has 9 items, so the
//! number `k` of its chosen windows satisfies `L + k(9 − L) = 9`, i.e. `k = 1` when `L < 9` (and
//! there are no windows when `L = 9`). The one window's excluded digits and the placed digits
//! partition 1..=9, so the placed digits are exactly the window `[s, s + L − 1]`: a run of `L`
//! consecutive digits. Conversely, a valid grid gives its 61 placements plus, on each short line,
//! the window equal to its digit set — and that window is the only one whose complement is
//! disjoint from the placed digits, so each grid gives exactly one cover. Counts of covers and of
//! grids therefore agree.
//!
//! There is deliberately no item "line ℓ has chosen a window": the counting argument already
//! makes the window unique, and such an item invites MRV to branch on windows early, which on
//! 50 puzzles of the hard set cost 23 times the nodes (48.3 M against 2.07 M in all).
//!
//! Givens are applied by forcing their placement options on a matrix built once
//! ([`XcSolver`]); a given that clashes with another makes the puzzle unsolvable with 0 nodes.

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::{geometry, HoneyGrid, HoneyOutcome, CELLS, LINES};
use crate::solvers::{SolveLimits, Stats, Status};
use crate::xc::dlx::Dlx;
use crate::xc::engine::Engine;
use crate::xc::{Control, ItemId, Limits, OptionId, Problem, SearchEnd};

/// Number of placement options (61 · 9); window options follow them.
pub const PLACEMENTS: usize = CELLS * 9;

/// What an option of the encoding means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// Cell holds digit (1..=9).
    Place {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// Line `line` holds the digits `start..start + len`.
    Window {
        /// The line.
        line: usize,
        /// The smallest digit of the window.
        start: u8,
    },
}

/// The options of the encoding in the module doc's order, each as item indices, with meanings.
fn options() -> Vec<(Meaning, Vec<usize>)> {
    let g = geometry();
    let item = |line: usize, d: usize| CELLS + line * 9 + d - 1;
    let mut out = Vec::new();
    for cell in 0..CELLS {
        for d in 1..=9 {
            let mut items = vec![cell];
            items.extend(g.cell_lines[cell].iter().map(|&l| item(l, d)));
            out.push((
                Meaning::Place {
                    cell,
                    digit: d as u8,
                },
                items,
            ));
        }
    }
    for (line, cells) in g.lines.iter().enumerate() {
        let len = cells.len();
        if len == 9 {
            continue;
        }
        for s in 1..=10 - len {
            let items = (1..=9)
                .filter(|&d| d < s || d >= s + len)
                .map(|d| item(line, d))
                .collect();
            out.push((
                Meaning::Window {
                    line,
                    start: s as u8,
                },
                items,
            ));
        }
    }
    out
}

fn build(opts: &[(Meaning, Vec<usize>)]) -> Problem {
    let mut b = Problem::builder();
    let mut ids: Vec<ItemId> = Vec::with_capacity(CELLS + LINES * 9);
    for c in 0..CELLS {
        ids.push(b.primary(format!("p{c}")).expect("distinct valid names"));
    }
    for l in 0..LINES {
        for d in 1..=9 {
            ids.push(
                b.primary(format!("l{l},{d}"))
                    .expect("distinct valid names"),
            );
        }
    }
    for (_, items) in opts {
        let items: Vec<ItemId> = items.iter().map(|&i| ids[i]).collect();
        b.option(&items).expect("distinct declared items");
    }
    b.build().expect("items exist")
}

/// The exact-cover matrix of the empty honeycomb board, with option meanings.
#[derive(Clone, Debug)]
pub struct HoneycombXc {
    problem: Problem,
    meanings: Vec<Meaning>,
}

/// The matrix of the empty board in the documented order.
pub fn encode() -> HoneycombXc {
    let opts = options();
    HoneycombXc {
        problem: build(&opts),
        meanings: opts.into_iter().map(|(m, _)| m).collect(),
    }
}

impl HoneycombXc {
    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option "cell holds digit" (`digit` in 1..=9); valid for the documented order only.
    pub fn option_of(&self, cell: usize, digit: u8) -> OptionId {
        debug_assert!(cell < CELLS && (1..=9).contains(&digit));
        OptionId((cell * 9 + digit as usize - 1) as u32)
    }

    /// What an option means; `None` outside the matrix.
    pub fn meaning(&self, o: OptionId) -> Option<Meaning> {
        self.meanings.get(o.0 as usize).copied()
    }

    /// The grid of a set of options (placements fill cells; windows are skipped).
    pub fn decode(&self, options: &[OptionId]) -> Result<HoneyGrid, crate::puzzles::DecodeError> {
        let mut grid = HoneyGrid::empty();
        for &o in options {
            match self.meaning(o) {
                None => return Err(crate::puzzles::DecodeError::UnknownOption(o)),
                Some(Meaning::Place { cell, digit }) => {
                    if grid.cells()[cell] != 0 {
                        return Err(crate::puzzles::DecodeError::NotASolution(format!(
                            "cell {} filled twice",
                            cell + 1
                        )));
                    }
                    grid.set(cell, digit);
                }
                Some(Meaning::Window { .. }) => {}
            }
        }
        Ok(grid)
    }
}

/// The exact-cover solver: [`Dlx`] on the matrix of [`encode`], built once, givens forced.
///
/// Nodes are Knuth's dlx1 nodes; guesses are children entered at items with two or more options;
/// backtracks are nodes whose chosen item had no option left.
#[derive(Clone, Debug)]
pub struct XcSolver {
    xc: HoneycombXc,
    dlx: Dlx,
}

impl Default for XcSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl XcSolver {
    /// Builds the matrix.
    pub fn new() -> Self {
        let xc = encode();
        let dlx = Dlx::new(xc.problem()).expect("no multiplicities");
        XcSolver { xc, dlx }
    }

    /// Solves a puzzle, counting solutions up to `limits.max_solutions`.
    pub fn solve(&mut self, puzzle: &HoneyGrid, limits: &SolveLimits) -> HoneyOutcome {
        let start = Instant::now();
        let mut out = self.solve_untimed(puzzle, limits);
        out.stats.time_ns = start.elapsed().as_nanos() as u64;
        out
    }

    fn solve_untimed(&mut self, puzzle: &HoneyGrid, limits: &SolveLimits) -> HoneyOutcome {
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && self.dlx.force(self.xc.option_of(cell, d)).is_err() {
                self.dlx.release();
                return HoneyOutcome {
                    status: Status::None,
                    solutions: 0,
                    solution: None,
                    stats: Stats::default(),
                };
            }
        }
        let max = limits.max_solutions;
        let mut found = 0u64;
        let mut first = None;
        let xc = &self.xc;
        let result = self.dlx.search(&limits.budget, |sol| {
            found += 1;
            if first.is_none() {
                first = Some(xc.decode(sol).expect("options of the matrix"));
            }
            if max != 0 && found >= max {
                Control::Stop
            } else {
                Control::Continue
            }
        });
        self.dlx.release();
        let branch = self.dlx.branch_counts();
        HoneyOutcome {
            status: Status::from_search(found, result.end == SearchEnd::Exhausted, max),
            solutions: found,
            solution: first,
            stats: Stats {
                nodes: result.stats.nodes,
                guesses: branch.guesses,
                backtracks: branch.dead_ends,
                ..Stats::default()
            },
        }
    }
}

/// A random complete grid: the exact cover with its option list shuffled by `rng`, solved by DLX
/// (MRV, ties to the first item), first solution taken. The distribution is not uniform over
/// grids (MRV and the first-found rule bias it); it is reproducible from the seed.
pub fn random_grid<R: Rng>(rng: &mut R) -> HoneyGrid {
    let mut opts = options();
    opts.shuffle(rng);
    let problem = build(&opts);
    let mut dlx = Dlx::new(&problem).expect("no multiplicities");
    let mut grid = HoneyGrid::empty();
    dlx.search(&Limits::NONE, |sol| {
        for &o in sol {
            if let Meaning::Place { cell, digit } = opts[o.0 as usize].0 {
                grid.set(cell, digit);
            }
        }
        Control::Stop
    });
    grid
}

/// A puzzle with a unique solution: a [`random_grid`], then givens removed one at a time in a
/// random order, each removal kept only if the puzzle stays unique (checked with `solver`). The
/// result is minimal: no single given can be removed.
pub fn random_puzzle<R: Rng>(rng: &mut R, solver: &mut XcSolver) -> (HoneyGrid, HoneyGrid) {
    let solution = random_grid(rng);
    let mut puzzle = solution;
    let mut order: Vec<usize> = (0..CELLS).collect();
    order.shuffle(rng);
    let limits = SolveLimits::default();
    for cell in order {
        let d = puzzle.cells()[cell];
        puzzle.set(cell, 0);
        if solver.solve(&puzzle, &limits).status != Status::Unique {
            puzzle.set(cell, d);
        }
    }
    (puzzle, solution)
}

/// `count` unique puzzles from `seed` (PCG64), each with its solution; the same seed gives the
/// same list.
pub fn generate(seed: u64, count: usize) -> Vec<(HoneyGrid, HoneyGrid)> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut solver = XcSolver::new();
    (0..count)
        .map(|_| random_puzzle(&mut rng, &mut solver))
        .collect()
}
