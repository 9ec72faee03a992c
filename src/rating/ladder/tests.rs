//! The ladder on puzzles that need exactly each level, its monotonicity, the soundness of what
//! each level decides, and its agreement with the `singles` and `locked` solvers.

use super::*;
use crate::solvers::locked::Locked;
use crate::solvers::singles::Singles;

/// A valid complete grid: row r is the digits shifted by 3r + r/3.
fn pattern_grid() -> Vec<u8> {
    (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9) as u8 + 1
        })
        .collect()
}

/// The pattern grid with the diagonal emptied: each empty cell is alone in its row, so naked
/// singles fill it.
fn naked_puzzle() -> Grid {
    let mut cells = pattern_grid();
    for r in 0..9 {
        cells[r * 10] = 0;
    }
    Grid::from_cells(Shape::CLASSIC, cells).unwrap()
}

/// Puzzles of the 17-clue list (lines 6, 27, 24, 68, 5 and 786 of `17-clue.txt`) whose weakest
/// solving level is the one given; `None`: beyond the top level.
const NEEDS: [(&str, Option<Rung>); 6] = [
    (
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        Some(Rung::HiddenSingles),
    ),
    (
        ".................1.....2.34....1.56...2.......78..4......6..8...6..3....4.......2",
        Some(Rung::LockedRows),
    ),
    (
        ".................1.....2.34.....5.....1...6....7..38......6.7...4..1....35.4.....",
        Some(Rung::LockedCandidates),
    ),
    (
        ".................1....23.4......4.5...1....2..67.........1....75....8...9.....8.6",
        Some(Rung::Triads),
    ),
    (
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        Some(Rung::Scc),
    ),
    (
        ".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2..",
        None,
    ),
];

fn puzzles() -> Vec<(Grid, Option<Rung>)> {
    let mut all = vec![(naked_puzzle(), Some(Rung::NakedSingles))];
    all.extend(NEEDS.iter().map(|&(p, l)| (Grid::parse(p).unwrap(), l)));
    all
}

fn transpose(g: &Grid) -> Grid {
    let cells = (0..81).map(|i| g.get((i % 9) * 9 + i / 9)).collect();
    Grid::from_cells(Shape::CLASSIC, cells).unwrap()
}

fn solution(g: &Grid) -> Grid {
    Fast.solve(g, &SolveLimits::default()).solution.unwrap()
}

#[test]
fn each_level_has_a_puzzle_that_needs_exactly_it() {
    for (grid, level) in puzzles() {
        assert_eq!(inference_level(&grid), Ok(level), "{}", grid.to_line());
        for rung in Rung::ALL {
            let solved = matches!(probe(&grid, rung).unwrap(), Probe::Solved(_));
            assert_eq!(
                solved,
                level.is_some_and(|l| l <= rung),
                "{rung} on {}",
                grid.to_line()
            );
        }
    }
}

/// What any level decides is the puzzle's solution (checked against `fast`), and a higher level
/// decides every cell a lower one does.
#[test]
fn levels_are_sound_and_monotone() {
    for (grid, _) in puzzles() {
        let answer = solution(&grid);
        let mut before = grid.clone();
        for rung in Rung::ALL {
            let now = match probe(&grid, rung).unwrap() {
                Probe::Solved(g) => {
                    assert_eq!(g, answer, "{rung} on {}", grid.to_line());
                    g
                }
                Probe::Stuck(g) => g,
                Probe::Contradiction => panic!("{rung} refuted {}", grid.to_line()),
            };
            for cell in 0..81 {
                if now.get(cell) != 0 {
                    assert_eq!(now.get(cell), answer.get(cell), "{rung}, cell {cell}");
                }
                if before.get(cell) != 0 {
                    assert_eq!(now.get(cell), before.get(cell), "{rung} lost cell {cell}");
                }
            }
            before = now;
        }
    }
}

/// Level 1 is what the `singles` solver's propagation does, level 3 what `locked`'s does: each
/// solves a puzzle with no guess exactly when the ladder puts it at or below that level.
#[test]
fn levels_agree_with_the_singles_and_locked_solvers() {
    let limits = SolveLimits::default();
    for (grid, level) in puzzles() {
        let singles = Singles.solve(&grid, &limits).stats.guesses == 0;
        let locked = Locked.solve(&grid, &limits).stats.guesses == 0;
        assert_eq!(singles, level.is_some_and(|l| l <= Rung::HiddenSingles));
        assert_eq!(locked, level.is_some_and(|l| l <= Rung::LockedCandidates));
    }
}

/// Every level but `locked-rows` treats rows and columns alike; that one, transposed, is
/// locked candidates along columns only, which the level-2 puzzle here does not need.
#[test]
fn only_locked_rows_depends_on_the_orientation() {
    for (grid, _) in puzzles() {
        let t = transpose(&grid);
        for rung in Rung::ALL {
            if rung == Rung::LockedRows {
                continue;
            }
            let solved = |g: &Grid| matches!(probe(g, rung).unwrap(), Probe::Solved(_));
            assert_eq!(solved(&grid), solved(&t), "{rung} on {}", grid.to_line());
        }
    }
    let (rows_only, _) = NEEDS[1];
    let t = transpose(&Grid::parse(rows_only).unwrap());
    assert_eq!(inference_level(&t), Ok(Some(Rung::LockedCandidates)));
}

/// The band solvers' rules are a subset of rung 3's: what they solve, rung 3 solves, and with the
/// puzzle's solution.
#[test]
fn the_band_solvers_stay_within_locked_candidates() {
    for (grid, level) in puzzles() {
        match probe_band_solvers(&grid).unwrap() {
            Probe::Solved(g) => {
                assert_eq!(g, solution(&grid));
                assert!(level.is_some_and(|l| l <= Rung::LockedCandidates));
            }
            Probe::Stuck(_) => {}
            Probe::Contradiction => panic!("refuted {}", grid.to_line()),
        }
    }
    // Naked singles read the columns too: a row emptied entirely is filled from its columns.
    let mut cells = pattern_grid();
    cells[..9].fill(0);
    let row_gone = Grid::from_cells(Shape::CLASSIC, cells).unwrap();
    assert_eq!(inference_level(&row_gone), Ok(Some(Rung::NakedSingles)));
    assert!(matches!(
        probe_band_solvers(&row_gone),
        Ok(Probe::Solved(_))
    ));
}

#[test]
fn puzzles_without_one_solution_are_refused() {
    let empty = Grid::parse(&".".repeat(81)).unwrap();
    assert_eq!(inference_level(&empty), Err(LadderError::Multiple));
    // Givens that do not clash but have no completion (from the logic tests).
    let none = "4.....1.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let none = Grid::parse(none).unwrap();
    assert_eq!(inference_level(&none), Err(LadderError::NoSolution));
    assert!(!matches!(probe(&none, Rung::Scc), Ok(Probe::Solved(_))));
    let small = Grid::parse(&".".repeat(16)).unwrap();
    assert_eq!(inference_level(&small), Err(LadderError::Shape(4)));
    assert!(probe(&small, Rung::Scc).is_err());
    assert!(probe_band_solvers(&small).is_err());
}

#[test]
fn the_table_counts_each_puzzle_at_its_level_and_above() {
    let rows: Vec<table::LadderRow> = puzzles()
        .iter()
        .enumerate()
        .map(|(k, (g, _))| table::ladder_line(k as u64 + 1, &g.to_line()))
        .chain([
            table::ladder_line(99, "bad"),
            table::ladder_line(100, &".".repeat(81)),
        ])
        .collect();
    let t = table::LadderTable::of(&rows);
    assert_eq!(t.unique(), 7);
    assert_eq!(
        (t.beyond, t.invalid, t.multiple, t.no_solution),
        (1, 1, 1, 0)
    );
    let solved: Vec<u64> = t.levels().iter().map(|l| l.solved).collect();
    assert_eq!(solved, [1, 2, 3, 4, 5, 6]);
    let mut csv = Vec::new();
    t.write_csv(&mut csv).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(csv.lines().nth(2), Some("1,hidden-singles,2,7,28.57"));
    let mut w = csv::Writer::from_writer(Vec::new());
    table::write_row(&mut w, &rows[6]).unwrap();
    table::write_row(&mut w, &rows[8]).unwrap();
    let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
    assert!(text.starts_with("7,.................1..2..3.4"), "{text}");
    assert!(text.contains(",unique,none,,\n"), "{text}");
    assert!(text.ends_with(",multiple,,,multiple solutions\n"), "{text}");
}
