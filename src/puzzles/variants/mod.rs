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
//! Givens are forced on the matrix; clashing givens make the puzzle unsolvable (status `none`).
//! [`check_solution`] checks a grid against the rules directly, without the unit lists.

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

/// Why a puzzle text is not a puzzle of its variant. Columns are 1-based character positions in
/// the field; fields are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A variant name we do not know.
    #[error("unknown variant `{0}` (classic, x, windoku, jigsaw, killer)")]
    UnknownVariant(String),
    /// Wrong number of whitespace-separated fields.
    #[error("{variant} puzzle needs {expected} field(s) separated by white space, found {found}")]
    Fields {
        /// The variant's name.
        variant: &'static str,
        /// Fields needed.
        expected: usize,
        /// Fields found.
        found: usize,
    },
    /// A grid field of the wrong length.
    #[error("field {field} has {len} characters; expected {expected}")]
    Length {
        /// 1-based field number.
        field: usize,
        /// Characters found.
        len: usize,
        /// Characters needed.
        expected: usize,
    },
    /// A bad character in a grid field.
    #[error("field {field}: bad character {ch:?} at column {col}")]
    Char {
        /// 1-based field number.
        field: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        ch: char,
    },
    /// Jigsaw regions: not exactly 9 labels.
    #[error("regions: found {found} distinct labels; a jigsaw needs 9")]
    RegionCount {
        /// Labels found.
        found: usize,
    },
    /// A jigsaw region without 9 cells.
    #[error("region `{label}` has {size} cells; every region needs 9")]
    RegionSize {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
    },
    /// A jigsaw region whose cells are not connected (orthogonal neighbours).
    #[error("region `{label}` is not connected (cells must touch edge to edge)")]
    RegionDisconnected {
        /// The label.
        label: char,
    },
    /// A malformed `label=sum` entry.
    #[error("sums: bad entry `{0}` (expected LABEL=SUM, e.g. A=17)")]
    BadSum(String),
    /// A cage with no sum.
    #[error("cage `{0}` has no sum")]
    MissingSum(char),
    /// A sum for a label that marks no cell, or a label given two sums.
    #[error("sum given for `{0}`, which is not a cage or already has a sum")]
    StraySum(char),
    /// A cage with more than 9 cells.
    #[error("cage `{label}` has {size} cells; at most 9")]
    CageTooLarge {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
    },
    /// No set of distinct digits has the cage's size and sum.
    #[error("cage `{label}`: no {size} distinct digits sum to {sum}")]
    CageImpossible {
        /// The label.
        label: char,
        /// Its cell count.
        size: usize,
        /// The sum.
        sum: u32,
    },
}

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The label in the cage map.
    pub label: char,
    /// The sum.
    pub sum: u32,
    /// The cells, increasing.
    pub cells: Vec<usize>,
}

/// A parsed variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The variant.
    pub variant: Variant,
    /// The grid shape (9x9 for everything but classic).
    pub shape: Shape,
    /// Givens, `0` empty, row by row.
    pub givens: Vec<u8>,
    /// Jigsaw: the region (0..9, in order of first appearance) of each cell.
    pub regions: Option<Vec<u8>>,
    /// Killer: the cages, in order of first appearance in the map.
    pub cages: Vec<Cage>,
}

fn grid_field(field: usize, text: &str, shape: Shape) -> Result<Vec<u8>, VariantError> {
    let len = text.chars().count();
    if len != shape.cells() {
        return Err(VariantError::Length {
            field,
            len,
            expected: shape.cells(),
        });
    }
    text.chars()
        .enumerate()
        .map(|(k, ch)| {
            shape.parse_char(ch).ok_or(VariantError::Char {
                field,
                col: k + 1,
                ch,
            })
        })
        .collect()
}

fn label_field(field: usize, text: &str, allow_dot: bool) -> Result<Vec<char>, VariantError> {
    let labels: Vec<char> = text.chars().collect();
    if labels.len() != 81 {
        return Err(VariantError::Length {
            field,
            len: labels.len(),
            expected: 81,
        });
    }
    if let Some(k) = labels
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || (allow_dot && c == '.')))
    {
        return Err(VariantError::Char {
            field,
            col: k + 1,
            ch: labels[k],
        });
    }
    Ok(labels)
}

/// Labels in order of first appearance, with their cells.
fn groups(labels: &[char]) -> Vec<(char, Vec<usize>)> {
    let mut out: Vec<(char, Vec<usize>)> = Vec::new();
    for (cell, &l) in labels.iter().enumerate() {
        if l == '.' {
            continue;
        }
        match out.iter_mut().find(|(x, _)| *x == l) {
            Some((_, cells)) => cells.push(cell),
            None => out.push((l, vec![cell])),
        }
    }
    out
}

fn connected(cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut k = 0;
    while k < seen.len() {
        let c = seen[k];
        k += 1;
        for &x in cells {
            let (dr, dc) = ((c / 9).abs_diff(x / 9), (c % 9).abs_diff(x % 9));
            if dr + dc == 1 && !seen.contains(&x) {
                seen.push(x);
            }
        }
    }
    seen.len() == cells.len()
}

/// The digit sets (bit `d` for digit `d`) of `size` distinct digits 1..=9 summing to `sum`.
pub fn cage_sets(size: usize, sum: u32) -> Vec<u16> {
    (0u16..512)
        .map(|m| m << 1)
        .filter(|&m| {
            m.count_ones() as usize == size
                && (1..=9).filter(|d| m >> d & 1 != 0).sum::<u32>() == sum
        })
        .collect()
}

impl VariantPuzzle {
    /// Parses a puzzle of `variant` from its whitespace-separated fields.
    pub fn parse(variant: Variant, text: &str) -> Result<Self, VariantError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != variant.fields() {
            return Err(VariantError::Fields {
                variant: variant.name(),
                expected: variant.fields(),
                found: fields.len(),
            });
        }
        let shape = if variant == Variant::Classic {
            let len = fields[0].chars().count();
            Shape::from_cell_count(len).ok_or(VariantError::Length {
                field: 1,
                len,
                expected: 81,
            })?
        } else {
            Shape::CLASSIC
        };
        let givens = grid_field(1, fields[0], shape)?;
        let mut puzzle = VariantPuzzle {
            variant,
            shape,
            givens,
            regions: None,
            cages: Vec::new(),
        };
        match variant {
            Variant::Jigsaw => {
                let labels = label_field(2, fields[1], false)?;
                let regions = groups(&labels);
                if regions.len() != 9 {
                    return Err(VariantError::RegionCount {
                        found: regions.len(),
                    });
                }
                let mut map = vec![0u8; 81];
                for (k, (label, cells)) in regions.iter().enumerate() {
                    if cells.len() != 9 {
                        return Err(VariantError::RegionSize {
                            label: *label,
                            size: cells.len(),
                        });
                    }
                    if !connected(cells) {
                        return Err(VariantError::RegionDisconnected { label: *label });
                    }
                    for &c in cells {
                        map[c] = k as u8;
                    }
                }
                puzzle.regions = Some(map);
            }
            Variant::Killer => {
                let labels = label_field(2, fields[1], true)?;
                let mut sums: Vec<(char, u32)> = Vec::new();
                for entry in fields[2].split(',').filter(|e| !e.is_empty()) {
                    let bad = || VariantError::BadSum(entry.to_string());
                    let (l, s) = entry.split_once('=').ok_or_else(bad)?;
                    let mut lc = l.chars();
                    let (Some(label), None) = (lc.next(), lc.next()) else {
                        return Err(bad());
                    };
                    let sum: u32 = s.parse().map_err(|_| bad())?;
                    if sums.iter().any(|&(x, _)| x == label) || !labels.contains(&label) {
                        return Err(VariantError::StraySum(label));
                    }
                    sums.push((label, sum));
                }
                for (label, cells) in groups(&labels) {
                    let sum = sums
                        .iter()
                        .find(|&&(x, _)| x == label)
                        .ok_or(VariantError::MissingSum(label))?
                        .1;
                    if cells.len() > 9 {
                        return Err(VariantError::CageTooLarge {
                            label,
                            size: cells.len(),
                        });
                    }
                    if cage_sets(cells.len(), sum).is_empty() {
                        return Err(VariantError::CageImpossible {
                            label,
                            size: cells.len(),
                            sum,
                        });
                    }
                    puzzle.cages.push(Cage { label, sum, cells });
                }
            }
            _ => {}
        }
        Ok(puzzle)
    }

    /// The puzzle as one line in the input format, fields separated by one space: the givens
    /// (`.` empty), then for jigsaw the region map (region `k` written as the `k`-th letter from
    /// `A`) and for killer the cage map (each cage's label, `.` outside cages) and the sums
    /// (`A=10,B=17`, in cage order). [`VariantPuzzle::parse`] reads it back to an equal puzzle when
    /// regions and cages are numbered in order of first appearance, as the parser numbers them.
    pub fn to_line(&self) -> String {
        let mut line: String = self
            .givens
            .iter()
            .map(|&d| if d == 0 { '.' } else { Shape::digit_char(d) })
            .collect();
        if let Some(map) = &self.regions {
            line.push(' ');
            line.extend(map.iter().map(|&k| (b'A' + k) as char));
        }
        if self.variant == Variant::Killer {
            let mut labels = vec!['.'; self.givens.len()];
            for cage in &self.cages {
                for &c in &cage.cells {
                    labels[c] = cage.label;
                }
            }
            line.push(' ');
            line.extend(labels);
            line.push(' ');
            let sums: Vec<String> = self
                .cages
                .iter()
                .map(|cage| format!("{}={}", cage.label, cage.sum))
                .collect();
            line.push_str(&sums.join(","));
        }
        line
    }

    /// The units (cell lists that must hold every digit once) of the encoding, in item order.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let s = self.shape;
        let n = s.side();
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| s.row_cells(r).collect()).collect();
        units.extend((0..n).map(|c| s.col_cells(c).collect()));
        match &self.regions {
            Some(map) => {
                units.extend((0..9u8).map(|k| (0..81).filter(|&c| map[c] == k).collect::<Vec<_>>()))
            }
            None => units.extend((0..n).map(|b| s.box_cells(b).collect())),
        }
        match self.variant {
            Variant::X => {
                units.push((0..9).map(|i| i * 9 + i).collect());
                units.push((0..9).map(|i| i * 9 + 8 - i).collect());
            }
            Variant::Windoku => {
                for top in [1, 5] {
                    for left in [1, 5] {
                        units.push((0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect());
                    }
                }
            }
            _ => {}
        }
        units
    }
}

/// What an option of an [`Encoding`] means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// Cell holds digit.
    Place {
        /// The cell.
        cell: usize,
        /// The digit (1-based).
        digit: u8,
    },
    /// Killer cage `cage` uses the digit set `set` (bit `d` for digit `d`).
    CageSet {
        /// Index into the puzzle's cages.
        cage: usize,
        /// The digit set.
        set: u16,
    },
}

/// The exact-cover problem of a variant puzzle's empty grid (givens are forced by [`solve`]).
#[derive(Clone, Debug)]
pub struct Encoding {
    problem: Problem,
    meanings: Vec<Meaning>,
    side: usize,
}

impl Encoding {
    /// Builds the matrix described in the module doc.
    pub fn new(puzzle: &VariantPuzzle) -> Encoding {
        let n = puzzle.shape.side();
        let cells = puzzle.shape.cells();
        let units = puzzle.units();
        let mut b = Problem::builder();
        let mut p_ids = Vec::with_capacity(cells);
        for c in 0..cells {
            p_ids.push(b.primary(format!("p{c}")).expect("distinct names"));
        }
        let mut unit_ids: Vec<Vec<ItemId>> = Vec::new();
        for k in 0..units.len() {
            unit_ids.push(
                (1..=n)
                    .map(|d| b.primary(format!("u{k},{d}")).expect("distinct names"))
                    .collect(),
            );
        }
        let mut cage_ids: Vec<Vec<ItemId>> = Vec::new();
        for j in 0..puzzle.cages.len() {
            cage_ids.push(
                (1..=9)
                    .map(|d| b.primary(format!("k{j},{d}")).expect("distinct names"))
                    .collect(),
            );
        }
        let mut units_of = vec![Vec::new(); cells];
        for (k, u) in units.iter().enumerate() {
            for &c in u {
                units_of[c].push(k);
            }
        }
        let mut cage_of = vec![None; cells];
        for (j, cage) in puzzle.cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = Some(j);
            }
        }
        let mut meanings = Vec::new();
        for c in 0..cells {
            for d in 1..=n {
                let mut items = vec![p_ids[c]];
                items.extend(units_of[c].iter().map(|&k| unit_ids[k][d - 1]));
                if let Some(j) = cage_of[c] {
                    items.push(cage_ids[j][d - 1]);
                }
                b.option(&items).expect("distinct declared items");
                meanings.push(Meaning::Place {
                    cell: c,
                    digit: d as u8,
                });
            }
        }
        for (j, cage) in puzzle.cages.iter().enumerate() {
            if cage.cells.len() == 9 {
                continue;
            }
            for set in cage_sets(cage.cells.len(), cage.sum) {
                let items: Vec<ItemId> = (1..=9)
                    .filter(|d| set >> d & 1 == 0)
                    .map(|d| cage_ids[j][d - 1])
                    .collect();
                b.option(&items).expect("distinct declared items");
                meanings.push(Meaning::CageSet { cage: j, set });
            }
        }
        Encoding {
            problem: b.build().expect("items exist"),
            meanings,
            side: n,
        }
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// What an option means; `None` outside the problem.
    pub fn meaning(&self, o: OptionId) -> Option<Meaning> {
        self.meanings.get(o.0 as usize).copied()
    }

    /// The placement option of (cell, digit).
    pub fn option_of(&self, cell: usize, digit: u8) -> OptionId {
        OptionId((cell * self.side + digit as usize - 1) as u32)
    }

    /// The grid (row by row, `0` empty) filled by a set of options.
    pub fn decode(&self, options: &[OptionId]) -> Vec<u8> {
        let mut grid = vec![0u8; self.side * self.side];
        for &o in options {
            if let Some(Meaning::Place { cell, digit }) = self.meaning(o) {
                grid[cell] = digit;
            }
        }
        grid
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

/// Why a grid is not a solution of a variant puzzle (cells and units 1-based in messages).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantRuleError {
    /// Wrong number of cells.
    #[error("the solution has {0} cells")]
    Size(usize),
    /// A cell empty or out of range.
    #[error("cell r{}c{} holds no digit of the grid", .0 + 1, .1 + 1)]
    Empty(usize, usize),
    /// A given changed.
    #[error("given at r{}c{} changed", .0 + 1, .1 + 1)]
    GivenChanged(usize, usize),
    /// A digit twice in a group of cells that must differ.
    #[error("digit {digit} twice in {what}")]
    Repeated {
        /// The group: "row 3", "anti-diagonal", "window 2", "region `B`", "cage `C`".
        what: String,
        /// The digit.
        digit: u8,
    },
    /// A cage with the wrong sum.
    #[error("cage `{label}` sums to {found}, not {sum}")]
    CageSum {
        /// The label.
        label: char,
        /// Its sum.
        sum: u32,
        /// The grid's sum.
        found: u32,
    },
}

/// Checks `solution` against the variant's rules from the grid and the puzzle alone — written
/// without [`VariantPuzzle::units`], so it can check the encoder.
pub fn check_solution(puzzle: &VariantPuzzle, solution: &[u8]) -> Result<(), VariantRuleError> {
    let s = puzzle.shape;
    let n = s.side();
    if solution.len() != n * n {
        return Err(VariantRuleError::Size(solution.len()));
    }
    for (c, (&d, &given)) in solution.iter().zip(&puzzle.givens).enumerate() {
        let (r, col) = (c / n, c % n);
        if d == 0 || d as usize > n {
            return Err(VariantRuleError::Empty(r, col));
        }
        if given != 0 && given != d {
            return Err(VariantRuleError::GivenChanged(r, col));
        }
    }
    let distinct = |what: String, cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for c in cells {
            let d = solution[c];
            if seen >> d & 1 != 0 {
                return Err(VariantRuleError::Repeated { what, digit: d });
            }
            seen |= 1 << d;
        }
        Ok(())
    };
    for i in 0..n {
        distinct(format!("row {}", i + 1), &mut (0..n).map(|j| i * n + j))?;
        distinct(format!("column {}", i + 1), &mut (0..n).map(|j| j * n + i))?;
    }
    match &puzzle.regions {
        Some(map) => {
            for k in 0..9u8 {
                distinct(
                    format!("region {}", k + 1),
                    &mut (0..81).filter(|&c| map[c] == k),
                )?;
            }
        }
        None => {
            let (br, bc) = (s.box_rows(), s.box_cols());
            for c in 0..n * n {
                for c2 in c + 1..n * n {
                    let same_box = (c / n) / br == (c2 / n) / br && (c % n) / bc == (c2 % n) / bc;
                    if same_box && solution[c] == solution[c2] {
                        return Err(VariantRuleError::Repeated {
                            what: format!("the box of r{}c{}", c / n + 1, c % n + 1),
                            digit: solution[c],
                        });
                    }
                }
            }
        }
    }
    match puzzle.variant {
        Variant::X => {
            distinct("the main diagonal".into(), &mut (0..9).map(|i| i * 10))?;
            distinct("the anti-diagonal".into(), &mut (1..=9).map(|i| i * 8))?;
        }
        Variant::Windoku => {
            for (w, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                distinct(
                    format!("window {}", w + 1),
                    &mut (0..81).filter(|&c| {
                        (r0..r0 + 3).contains(&(c / 9)) && (c0..c0 + 3).contains(&(c % 9))
                    }),
                )?;
            }
        }
        _ => {}
    }
    for cage in &puzzle.cages {
        distinct(
            format!("cage `{}`", cage.label),
            &mut cage.cells.iter().copied(),
        )?;
        let found: u32 = cage.cells.iter().map(|&c| solution[c] as u32).sum();
        if found != cage.sum {
            return Err(VariantRuleError::CageSum {
                label: cage.label,
                sum: cage.sum,
                found,
            });
        }
    }
    Ok(())
}
