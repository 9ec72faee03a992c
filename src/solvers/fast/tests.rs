//! Tests of `fast`.

use super::state::{filled_cells, lone_cells};
use super::tables::{BAND_ALL, BAND_PEERS, PERM, SEGMENTS, SHRINK};
use super::*;
use crate::budget::Limits;
use crate::sudoku::check_solution;

/// A 17-clue puzzle (the first of the Royle collection).
const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
const SEVENTEEN_SOLUTION: &str =
    "953168742862734951417952836746893125281645397395271468138529674574386219629417583";
/// A solution grid used to build puzzles with a known number of solutions.
const FULL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn solve(line: &str, max_solutions: u64) -> Outcome {
    let grid = Grid::parse(line).unwrap();
    let limits = SolveLimits {
        max_solutions,
        ..SolveLimits::default()
    };
    let outcome = Fast.solve(&grid, &limits);
    if let Some(sol) = &outcome.solution {
        check_solution(&grid, sol).unwrap();
    }
    outcome
}

/// Solutions of the `sudoku` crate (a port of JCZSolve), counted up to `limit`.
fn peer_count(line: &str, limit: usize) -> usize {
    sudoku::Sudoku::from_str_line(line)
        .unwrap()
        .solutions_count_up_to(limit)
}

/// `FULL` with the cells of `blank` emptied.
fn blanked(blank: impl IntoIterator<Item = usize>) -> String {
    let mut cells: Vec<char> = FULL.chars().collect();
    for cell in blank {
        cells[cell] = '.';
    }
    cells.into_iter().collect()
}

#[test]
fn unique_17_clue() {
    let out = solve(SEVENTEEN, 2);
    assert_eq!(out.status, Status::Unique);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.solution.unwrap().to_line(), SEVENTEEN_SOLUTION);
    assert!(out.stats.nodes >= 1);
    assert!(out.stats.nodes <= 1 + out.stats.guesses);
}

#[test]
fn full_grid_is_one_root_node() {
    let out = solve(FULL, 2);
    assert_eq!(out.status, Status::Unique);
    assert_eq!(out.solution.unwrap().to_line(), FULL);
    assert_eq!((out.stats.nodes, out.stats.guesses), (1, 0));
}

#[test]
fn solved_by_propagation_alone() {
    // One missing cell per row is a naked single each: no guess.
    let out = solve(&blanked((0..9).map(|r| 9 * r + (r * 4) % 9)), 2);
    assert_eq!(out.status, Status::Unique);
    assert_eq!((out.stats.nodes, out.stats.guesses), (1, 0));
}

#[test]
fn empty_grid_stops_at_the_limit() {
    let empty = ".".repeat(81);
    let out = solve(&empty, 2);
    assert_eq!(out.status, Status::Multiple);
    assert_eq!(out.solutions, 2);
    let out = solve(&empty, 1);
    assert_eq!(out.status, Status::Limit);
    assert_eq!(out.solutions, 1);
    let out = solve(&empty, 25);
    assert_eq!(out.solutions, 25);
}

#[test]
fn counts_all_solutions_like_the_peer() {
    // Blank bands, columns and blocks of a solution grid: 144, 4, 1, 1, 1224, 4 and 10 solutions,
    // counted independently by the peer.
    let cases = [
        blanked(0..27),
        blanked((0..9).flat_map(|r| [9 * r, 9 * r + 1])),
        blanked((0..81).filter(|c| c % 9 < 3 && c / 9 < 6)),
        blanked((0..81).filter(|c| (c / 9 + c % 9) % 3 == 0)),
        blanked(0..36),
        blanked((0..81).filter(|c| c % 3 == 0)),
        blanked((0..81).filter(|c| c % 9 < 4 && c / 9 < 6)),
    ];
    for line in &cases {
        let expected = peer_count(line, 100_000);
        let out = solve(line, 0);
        assert_eq!(out.solutions as usize, expected, "{line}");
        let status = if expected == 1 {
            Status::Unique
        } else {
            Status::Multiple
        };
        assert_eq!(out.status, status, "{line}");
        if expected >= 2 {
            let out = solve(line, 2);
            assert_eq!((out.status, out.solutions), (Status::Multiple, 2));
        }
    }
}

#[test]
fn no_solution() {
    // r1c1 sees 1-8 in its row and 9 in its column: no candidate, but no clash of givens.
    let line = format!(".12345678{}9{}", ".".repeat(27), ".".repeat(44));
    let out = solve(&line, 2);
    assert_eq!((out.status, out.solutions), (Status::None, 0));
    assert_eq!(out.stats.nodes, 1);
    assert!(out.solution.is_none());
    // The 17-clue puzzle with an extra clue that is wrong but clashes with no given: only search
    // can refute it.
    let wrong: Vec<char> = SEVENTEEN.chars().collect();
    let cell = wrong.iter().position(|&c| c == '.').unwrap();
    let right = SEVENTEEN_SOLUTION.as_bytes()[cell];
    let grid_ok = |ch: char| {
        let mut w = wrong.clone();
        w[cell] = ch;
        let line: String = w.into_iter().collect();
        Grid::parse(&line).ok().map(|_| line)
    };
    let line = ('1'..='9')
        .filter(|&ch| ch as u8 != right)
        .find_map(grid_ok)
        .unwrap();
    assert_eq!(peer_count(&line, 2), 0);
    let out = solve(&line, 2);
    assert_eq!((out.status, out.solutions), (Status::None, 0));
    assert!(out.stats.guesses > 0 || out.stats.backtracks == 1);
}

#[test]
fn node_budget_gives_limit() {
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    let limits = SolveLimits {
        max_solutions: 0,
        budget: Limits::nodes(10),
    };
    let out = Fast.solve(&grid, &limits);
    assert_eq!(out.status, Status::Limit);
    assert_eq!(out.stats.nodes, 10);
}

#[test]
fn time_budget_stops_the_search() {
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    let limits = SolveLimits {
        max_solutions: 0,
        budget: Limits {
            max_nodes: None,
            max_time: Some(std::time::Duration::ZERO),
        },
    };
    let out = Fast.solve(&grid, &limits);
    // Counting every grid would never end; the clock, read every `CLOCK_STRIDE` nodes, stops
    // it at the first reading. Two solutions or more were found by then, but a count the
    // budget cut short is a lower bound: `limit` (`Status::from_search`).
    assert!(out.stats.nodes <= crate::budget::CLOCK_STRIDE);
    assert!(out.solutions >= 2);
    assert_eq!(out.status, Status::Limit);
}

#[test]
fn only_the_classic_shape() {
    assert!(Fast.supports(Shape::CLASSIC));
    assert!(!Fast.supports(Shape::square(2).unwrap()));
    assert!(!Fast.supports(Shape::square(4).unwrap()));
    let grid = Grid::parse(&".".repeat(16)).unwrap();
    assert_eq!(
        Fast.solve(&grid, &SolveLimits::default()).status,
        Status::Invalid
    );
}

#[test]
fn tables_match_their_definitions() {
    // A full band allows every segment; a diagonal of segments is itself a permutation.
    assert_eq!(PERM[0x1ff], 0x1ff);
    assert_eq!(PERM[0b100_010_001], 0b100_010_001);
    // Two rows confined to the same box: no permutation.
    assert_eq!(PERM[0b111_001_001], 0);
    // Row 0 only in box 0: box 0 is taken from rows 1 and 2 (claiming/pointing).
    assert_eq!(PERM[0b111_111_001], 0b110_110_001);
    assert_eq!(SEGMENTS[0x1ff], BAND_ALL);
    assert_eq!(SHRINK[0b100_000_010], 0b101);
    assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
}

/// The twins of `gather` against their definitions, and the BMI2 twins (when this CPU takes the
/// x86-64-v3 path) against the portable ones, on every 9-bit row in each row of a band word
/// (the other rows full, empty or a fixed pattern) and on every stack matrix in each stack.
#[test]
fn gather_twins_agree() {
    let v3 = paths::Path::X86V3.available();
    for r in 0..512u32 {
        for other in [0, 0x1ff, 0b101_010_001] {
            for i in 0..3 {
                let x = (0..3).fold(0, |w, k| w | if k == i { r } else { other } << (9 * k));
                let want: usize = (0..9)
                    .filter(|&s| x >> (9 * (s / 3) + 3 * (s % 3)) & 7 != 0)
                    .map(|s| 1 << s)
                    .sum();
                assert_eq!(gather::segments::<false>(x), want, "{x:#o}");
                if v3 {
                    assert_eq!(gather::segments::<true>(x), want, "{x:#o}");
                }
                let mut m = [other & 0x1ff; 3];
                m[i] = r;
                let c = gather::stack_columns::<false>(m);
                assert_eq!(gather::stack_matrices::<false>(c), m);
                for (band, &cols) in c.iter().enumerate() {
                    for (j, &mj) in m.iter().enumerate() {
                        assert_eq!((cols >> (3 * j)) & 7, (mj >> (3 * band)) & 7);
                    }
                }
                if v3 {
                    assert_eq!(gather::stack_columns::<true>(m), c);
                    assert_eq!(gather::stack_matrices::<true>(c), m);
                }
            }
        }
    }
}

/// `filled_cells` against the byte-by-byte definition: one non-zero byte of every value that
/// matters for the carry argument (1, 9, 0x7f, 0x80, 0xff) at each of the 27 places, and dense
/// patterns of all those values.
#[test]
fn filled_cells_marks_exactly_the_non_zero_bytes() {
    let naive = |band: &[u8; 27]| (0..27).fold(0u32, |m, k| m | ((band[k] != 0) as u32) << k);
    let values = [1u8, 9, 0x7f, 0x80, 0xff];
    for k in 0..27 {
        for v in values {
            let mut band = [0u8; 27];
            band[k] = v;
            assert_eq!(filled_cells(&band), 1 << k);
            let mut dense = [0u8; 27];
            for (j, x) in dense.iter_mut().enumerate() {
                *x = if (j * 7 + k) % 3 == 0 {
                    0
                } else {
                    values[(j + k) % values.len()]
                };
            }
            dense[k] = 0;
            assert_eq!(filled_cells(&dense), naive(&dense), "{dense:?}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Random puzzles cut from a solution grid (20% to 60% of the cells kept), sometimes with one
    /// clue changed (which may leave no solution): the count up to 30 agrees with the peer's,
    /// the status with the count.
    #[test]
    fn counts_agree_with_the_peer(
        draw in proptest::collection::vec(0.0f64..1.0, 81),
        density in 0.2f64..0.6,
        change in proptest::option::of((0usize..81, 1u8..10)),
    ) {
        let mut cells: Vec<u8> = FULL.bytes().map(|c| c - b'0').collect();
        for (cell, &x) in draw.iter().enumerate() {
            if x >= density {
                cells[cell] = 0;
            }
        }
        if let Some((cell, digit)) = change {
            cells[cell] = digit;
        }
        let line: String = cells.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }).collect();
        if let Ok(grid) = Grid::parse(&line) {
            let expected = peer_count(&line, 30) as u64;
            let limits = SolveLimits { max_solutions: 30, ..SolveLimits::default() };
            let out = Fast.solve(&grid, &limits);
            proptest::prop_assert_eq!(out.solutions, expected, "{}", line);
            let status = match expected {
                0 => Status::None,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            proptest::prop_assert_eq!(out.status, status);
            if let Some(sol) = &out.solution {
                proptest::prop_assert!(check_solution(&grid, sol).is_ok());
            }
            proptest::prop_assert_eq!(out.solution.is_some(), expected > 0);
            proptest::prop_assert!(out.stats.nodes == 1 + out.stats.guesses);
        }
    }
}

/// The 17-clue corpus (`$DLXLAB_DATA/17-clue.txt`) without its comment lines. Panics when it is
/// not there: the tests that call it are ignored when the crate is built without `DLXLAB_DATA`
/// (see `build.rs`), so that they are counted as ignored instead of passing unchecked.
fn seventeen_clue_corpus() -> Vec<String> {
    let dir = std::env::var_os("DLXLAB_DATA").expect("DLXLAB_DATA is set: this test needs it");
    let path = std::path::Path::new(&dir).join("17-clue.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Solves `lines` and checks each against the `sudoku` crate: unique, the same solution, and
/// every node but the root a guess.
fn agree_with_peer(lines: &[String]) {
    for line in lines {
        let peer = sudoku::Sudoku::from_str_line(line).unwrap();
        let expected = peer.solution().unwrap().to_str_line().to_string();
        let out = solve(line, 2);
        assert_eq!(out.status, Status::Unique, "{line}");
        assert_eq!(out.solution.unwrap().to_line(), expected, "{line}");
        assert_eq!(out.stats.nodes, out.stats.guesses + 1, "{line}");
    }
}

/// The first 500 puzzles of the 17-clue corpus against the `sudoku` crate (ignored when built
/// without `$DLXLAB_DATA`).
#[test]
#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
fn first_500_of_17_clue_corpus() {
    let lines = seventeen_clue_corpus();
    assert!(lines.len() >= 500);
    agree_with_peer(&lines[..500]);
}

/// All 49,158 puzzles (a few seconds): `cargo test --lib fast -- --ignored`.
#[test]
#[ignore]
fn whole_17_clue_corpus() {
    agree_with_peer(&seventeen_clue_corpus());
}

/// The 17-clue sample of the path tests (here and in `band`): the first `n` puzzles of
/// `$DLXLAB_DATA/17-clue.txt` when it is there (as CI runs it), else the 500 puzzles of the
/// embedded default corpus, each also with one given removed (puzzles with several solutions).
pub(super) fn sample(n: usize) -> Vec<String> {
    let text = std::env::var_os("DLXLAB_DATA")
        .map(|dir| std::path::PathBuf::from(dir).join("17-clue.txt"))
        .and_then(|path| std::fs::read_to_string(path).ok());
    match &text {
        Some(text) => text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(n)
            .map(str::to_string)
            .collect(),
        None => crate::corpus::DEFAULT_CORPUS
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(500)
            .flat_map(|l| {
                let p = l.split_whitespace().next().unwrap().to_string();
                let k = p.find(|c: char| c != '.').unwrap();
                let mut fewer = p.clone().into_bytes();
                fewer[k] = b'.';
                [p, String::from_utf8(fewer).unwrap()]
            })
            .collect(),
    }
}

/// Issue 23, for `fast` and `band`: `solve(path, grid, limits)` (`None` when the CPU lacks the
/// path) gives exactly the portable path's outcome — status, solution and every counter — on
/// every puzzle of `sample(2000)`, for every path this CPU has.
pub(super) fn every_path_agrees(
    solve: impl Fn(paths::Path, &Grid, &SolveLimits) -> Option<Outcome>,
) {
    let lines = sample(2000);
    assert!(lines.len() >= 1000);
    let limits = SolveLimits::default();
    let mut compared = 0;
    for path in paths::Path::ALL {
        let first = Grid::parse(&lines[0]).unwrap();
        if solve(path, &first, &limits).is_none() {
            eprintln!("path {}: not on this CPU, not compared", path.name());
            continue;
        }
        for line in &lines {
            let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
            let want = solve(paths::Path::Portable, &grid, &limits).unwrap();
            assert_eq!(
                solve(path, &grid, &limits).unwrap(),
                want,
                "{} {line}",
                path.name()
            );
            assert_ne!(want.status, Status::Limit);
        }
        compared += 1;
    }
    assert!(compared >= 1);
    assert!(paths::current().available());
}

/// Issue 23: every compiled path of the propagation agrees with the portable one.
#[test]
fn every_path_agrees_with_the_portable_one() {
    every_path_agrees(|path, grid, limits| Some(solve_with(path.kernel()?, grid, limits)));
}

/// `lone_cells` against the row-by-row definition, on every shape of each row with the other two
/// rows taken from shapes with one, two and nine cells and the borders of the row.
#[test]
fn lone_cells_finds_exactly_the_rows_with_one_cell() {
    let naive = |x: u32| {
        (0..3).fold(0u32, |singles, i| {
            let row = x & (0x1ff << (9 * i));
            if row.count_ones() == 1 {
                singles | row
            } else {
                singles
            }
        })
    };
    let others = [1u32, 0x100, 0b101, 0x1ff, 0x180, 0b11];
    for i in 0..3 {
        for row in 1..0x200u32 {
            for &a in &others {
                for &c in &others {
                    let mut rows = [a, c, a];
                    rows[i] = row;
                    let x = rows[0] | rows[1] << 9 | rows[2] << 18;
                    assert_eq!(lone_cells(x), naive(x), "{x:#029b}");
                }
            }
        }
    }
}
