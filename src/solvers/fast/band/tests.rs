//! Tests of `band`: known counts, the `sudoku` crate as a peer, budgets, shapes, and every compiled
//! path of the propagation against the portable one.

use super::super::tests::sample;
use super::*;
use crate::budget::Limits;
use crate::sudoku::check_solution;

/// A 17-clue puzzle (the first of the Royle collection) and its solution.
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
    let outcome = Band.solve(&grid, &limits);
    if let Some(sol) = &outcome.solution {
        check_solution(&grid, sol).unwrap();
    }
    assert_eq!(outcome.stats.nodes, 1 + outcome.stats.guesses, "{line}");
    outcome
}

/// Solutions of the `sudoku` crate (a port of JCZSolve), counted up to `limit`.
fn peer_count(line: &str, limit: usize) -> u64 {
    sudoku::Sudoku::from_str_line(line)
        .unwrap()
        .solutions_count_up_to(limit) as u64
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
fn configuration_table() {
    // A full matrix holds all six permutations; a permutation matrix holds itself only.
    assert_eq!(CONFIGS[0x1ff], 0b11_1111);
    for (p, &m) in PERM_SEGMENTS.iter().enumerate() {
        assert_eq!(CONFIGS[m as usize], 1 << p);
        assert_eq!(m.count_ones(), 3);
    }
    // Two rows confined to box 0: none. The example of the module documentation: one.
    assert_eq!(CONFIGS[0b111_001_001], 0);
    assert_eq!(CONFIGS[0b001_110_101], 1 << 5);
    assert_eq!(SEGMENTS[PERM_SEGMENTS[0] as usize].count_ones(), 9);
}

#[test]
fn unique_17_clue() {
    let out = solve(SEVENTEEN, 2);
    assert_eq!((out.status, out.solutions), (Status::Unique, 1));
    assert_eq!(out.solution.unwrap().to_line(), SEVENTEEN_SOLUTION);
}

#[test]
fn full_grid_and_singles_are_one_root_node() {
    let out = solve(FULL, 2);
    assert_eq!(out.solution.unwrap().to_line(), FULL);
    assert_eq!((out.stats.nodes, out.stats.guesses), (1, 0));
    let out = solve(&blanked((0..9).map(|r| 9 * r + (r * 4) % 9)), 2);
    assert_eq!(out.status, Status::Unique);
    assert_eq!((out.stats.nodes, out.stats.guesses), (1, 0));
}

#[test]
fn counts_all_solutions_like_the_peer() {
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
        assert_eq!(out.solutions, expected, "{line}");
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
    let empty = ".".repeat(81);
    assert_eq!(solve(&empty, 1).status, Status::Limit);
    assert_eq!(solve(&empty, 25).solutions, 25);
}

#[test]
fn no_solution() {
    // r1c1 sees 1-8 in its row and 9 in its column: no candidate, but no clash of givens.
    let line = format!(".12345678{}9{}", ".".repeat(27), ".".repeat(44));
    let out = solve(&line, 2);
    assert_eq!(
        (out.status, out.solutions, out.stats.nodes),
        (Status::None, 0, 1)
    );
    // The 17-clue puzzle with a wrong extra clue that clashes with no given: search refutes it.
    let cell = SEVENTEEN.find('.').unwrap();
    let right = SEVENTEEN_SOLUTION.as_bytes()[cell];
    let line = (b'1'..=b'9')
        .filter(|&ch| ch != right)
        .map(|ch| {
            let mut w = SEVENTEEN.as_bytes().to_vec();
            w[cell] = ch;
            String::from_utf8(w).unwrap()
        })
        .find(|l| Grid::parse(l).is_ok())
        .unwrap();
    assert_eq!(peer_count(&line, 2), 0);
    assert_eq!(solve(&line, 2).status, Status::None);
}

#[test]
fn budgets_give_limit() {
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    let limits = SolveLimits {
        max_solutions: 0,
        budget: Limits::nodes(10),
    };
    let out = Band.solve(&grid, &limits);
    assert_eq!((out.status, out.stats.nodes), (Status::Limit, 10));
    let limits = SolveLimits {
        max_solutions: 0,
        budget: Limits {
            max_nodes: None,
            max_time: Some(std::time::Duration::ZERO),
        },
    };
    let out = Band.solve(&grid, &limits);
    assert!(out.stats.nodes <= crate::budget::CLOCK_STRIDE);
    // Solutions were found, but the count is a lower bound: `limit`, not `multiple`.
    assert!(out.solutions >= 2);
    assert_eq!(out.status, Status::Limit);
}

#[test]
fn only_the_classic_shape() {
    assert!(Band.supports(Shape::CLASSIC));
    assert!(!Band.supports(Shape::square(2).unwrap()));
    assert!(!Band.supports(Shape::square(4).unwrap()));
    let grid = Grid::parse(&".".repeat(16)).unwrap();
    assert_eq!(
        Band.solve(&grid, &SolveLimits::default()).status,
        Status::Invalid
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Random puzzles cut from a solution grid, sometimes with one clue changed (which may leave
    /// no solution): the count up to 30 agrees with the peer's, the status with the count.
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
        if Grid::parse(&line).is_ok() {
            let expected = peer_count(&line, 30);
            let out = solve(&line, 30);
            proptest::prop_assert_eq!(out.solutions, expected, "{}", line);
            let status = match expected {
                0 => Status::None,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            proptest::prop_assert_eq!(out.status, status);
            proptest::prop_assert_eq!(out.solution.is_some(), expected > 0);
        }
    }
}

/// The 17-clue sample against `fast`: the same status and solutions, the same solution when it is
/// unique.
#[test]
fn agrees_with_fast_on_the_sample() {
    let limits = SolveLimits::default();
    for line in sample(500) {
        let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
        let want = super::super::Fast.solve(&grid, &limits);
        let got = Band.solve(&grid, &limits);
        assert_eq!(
            (got.status, got.solutions),
            (want.status, want.solutions),
            "{line}"
        );
        // With several solutions each search finds its own first one (the sample without
        // `$DLXLAB_DATA` has such puzzles): band's must be a solution, and the unique one the same.
        if got.status == Status::Unique {
            assert_eq!(got.solution, want.solution, "{line}");
        }
        if let Some(solution) = &got.solution {
            assert!(check_solution(&grid, solution).is_ok(), "{line}");
        }
    }
}

/// The digits ordered by their candidates (module documentation, "Digit order"): fewer first,
/// ties by the lower digit, `label` and `index` inverse to each other.
#[test]
fn digit_order_fewest_candidates_first() {
    let order = Order::fewest_candidates_first::<false>([40, 81, 20, 40, 81, 81, 50, 81, 10]);
    assert_eq!(order.label, [8, 2, 0, 3, 6, 1, 4, 5, 7]);
    for (i, &d) in order.label.iter().enumerate() {
        assert_eq!(order.index[d as usize] as usize, i);
    }
    let same = Order::fewest_candidates_first::<false>([81; 9]);
    assert_eq!(same.label, Order::IDENTITY.label);
    assert_eq!(same.index, Order::IDENTITY.index);
    // The AVX2 twin, where this CPU has it, on every count pattern of a few digits.
    #[cfg(target_arch = "x86_64")]
    if paths::Path::X86V3.available() {
        for seed in 0..2000u32 {
            let counts: [u32; 9] =
                std::array::from_fn(|d| (seed.wrapping_mul(2654435761) >> (3 * d)) % 5 * 20);
            let want = Order::fewest_candidates_first::<false>(counts);
            let got = Order::fewest_candidates_first::<true>(counts);
            assert_eq!(
                (got.label, got.index),
                (want.label, want.index),
                "{counts:?}"
            );
        }
    }
}

/// The digit order changes the work, not the search: with and without it the same outcome
/// (status, solutions, every counter, the first solution found) on the 17-clue sample, on
/// puzzles with many solutions made from it by emptying one given (up to 2 and 20 solutions),
/// and on the empty grid (50 solutions).
#[test]
fn digit_order_leaves_the_search_unchanged() {
    let mut puzzles: Vec<(String, u64)> = vec![(".".repeat(81), 50)];
    for line in sample(300) {
        let line = line.split_whitespace().next().unwrap().to_string();
        let mut cells: Vec<char> = line.chars().collect();
        puzzles.push((line, 2));
        if let Some(k) = cells.iter().position(|&c| c != '.' && c != '0') {
            cells[k] = '.';
            let fewer: String = cells.into_iter().collect();
            puzzles.push((fewer.clone(), 2));
            puzzles.push((fewer, 20));
        }
    }
    for (line, max_solutions) in puzzles {
        let grid = Grid::parse(&line).unwrap();
        let limits = SolveLimits {
            max_solutions,
            ..SolveLimits::default()
        };
        let ordered = solve_body::<Portable>(&grid, &limits, true);
        let plain = solve_body::<Portable>(&grid, &limits, false);
        assert_eq!(ordered, plain, "{line} --max {max_solutions}");
    }
}

/// Issue 23: every compiled copy of the search this CPU has gives exactly the portable one's
/// outcome — status, solution and every counter — on the 17-clue sample (the first 2,000
/// puzzles of `$DLXLAB_DATA/17-clue.txt` as CI runs it).
#[test]
fn every_path_agrees_with_the_portable_one() {
    super::super::tests::every_path_agrees(|path, grid, limits| {
        Some(compiled(path)?(grid, limits))
    });
}

/// `MUST` (issue 34: the triad rule's per-digit test as one table look-up) against its
/// definition: a triad alone in its row or its column of the 3x3 matrix, on every matrix.
#[test]
fn must_table_is_the_lone_triads_of_each_row_and_column() {
    for x in 0..512u32 {
        let mut want = 0;
        for lines in [configs::MATRIX_ROW, configs::MATRIX_COLUMN] {
            for line in lines {
                if (x & line).count_ones() == 1 {
                    want |= x & line;
                }
            }
        }
        assert_eq!(MUST[x as usize] as u32, want, "{x:#011b}");
    }
}

/// The triad rule: digits 1-3 confined to triad 0 (row 0 of each has it alone) fill it, so the
/// others leave it; a fourth digit confined there is a contradiction; with nobody confined,
/// nothing changes.
#[test]
fn triad_rule_evicts_the_others_from_a_triad_three_digits_must_take() {
    assert_eq!(triad_rule(&[0x1ff; 9]).ok(), Some([0x1ff; 9]));
    let mut m = [0x1ff_u32; 9];
    m[..3].fill(0b111_111_001);
    let keep = triad_rule(&m).ok().unwrap();
    assert_eq!(keep[..3], [0b111_111_001; 3]);
    assert_eq!(keep[3..], [0x1fe; 6]);
    m[3] = 0b111_111_001;
    assert!(triad_rule(&m).is_err());
}

/// Puzzles of the committed stand-ins for the field's hard lists (`datasets/hard.txt`,
/// `hard-search.txt`, `field-several-solutions.txt`), `n` of each, first field of each line.
fn stand_ins(n: usize) -> Vec<String> {
    [
        include_str!("../../../../datasets/hard.txt"),
        include_str!("../../../../datasets/hard-search.txt"),
        include_str!("../../../../datasets/field-several-solutions.txt"),
    ]
    .into_iter()
    .flat_map(|text| {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(n)
            .map(|l| l.split_whitespace().next().unwrap().to_string())
    })
    .collect()
}

/// Issue 34: `band` against `dlx` (dancing links, no shared code) on the hard stand-ins: the same
/// status and number of solutions, the same solution when it is unique; and every compiled path
/// of `band` gives the portable one's outcome, counters included.
#[test]
fn agrees_with_dlx_and_across_paths_on_the_hard_stand_ins() {
    let limits = SolveLimits::default();
    for line in stand_ins(400) {
        let grid = Grid::parse(&line).unwrap();
        let want = crate::solvers::dlx::DlxSolver.solve(&grid, &limits);
        let got = Band.solve(&grid, &limits);
        assert_eq!(
            (got.status, got.solutions),
            (want.status, want.solutions),
            "{line}"
        );
        if got.status == Status::Unique {
            assert_eq!(got.solution, want.solution, "{line}");
        }
        let portable = Portable::solve(&grid, &limits);
        for path in paths::Path::ALL {
            if let Some(solve) = compiled(path) {
                assert_eq!(solve(&grid, &limits), portable, "{} {line}", path.name());
            }
        }
    }
}

/// Issue 34: the configuration sets a child updates from its parent's (only the words that
/// changed gathered again) are the sets gathered afresh, at every node down a search that takes
/// each node's first consistent child, and every consistent sibling checked on the way, on the
/// hard stand-ins and the 17-clue sample; the x86-64-v3 gathers too where this CPU has them.
#[test]
fn updated_configuration_sets_are_the_sets_gathered_afresh() {
    let v3 = paths::Path::X86V3.available();
    let mut puzzles = stand_ins(100);
    puzzles.extend(
        sample(200)
            .iter()
            .map(|l| l.split_whitespace().next().unwrap().to_string()),
    );
    let mut compared = 0;
    for line in puzzles {
        let grid = Grid::parse(&line).unwrap();
        let mut state = State::new();
        if state
            .give(grid.cells())
            .and_then(|()| settle::<Portable>(&mut state, 0))
            .is_err()
        {
            continue;
        }
        let mut sets = Configs::of::<false>(&state);
        while let Some(branch) = sets.choose::<false>(&Order::IDENTITY.label) {
            let unit = 1 << (branch.unit + 3 * branch.vertical as usize);
            let mut next = None;
            let mut open = branch.configs as u32;
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let mut child = state;
                child.restrict(&branch, p);
                if settle::<Portable>(&mut child, unit).is_err() {
                    continue;
                }
                let fresh = Configs::of::<false>(&child);
                let updated = sets.update::<false>(&child);
                assert_eq!(updated, fresh, "{line}");
                if v3 {
                    assert_eq!(sets.update::<true>(&child), fresh, "{line}");
                    assert_eq!(Configs::of::<true>(&child), fresh, "{line}");
                }
                compared += 1;
                next.get_or_insert((child, updated));
            }
            let Some((child, updated)) = next else { break };
            (state, sets) = (child, updated);
        }
    }
    assert!(compared > 1000, "{compared}");
}

/// Issue 34: a puzzle with at least `BY_CELL_GIVENS` givens is searched as `fast` searches it
/// (cells, no triad rule): the same outcome, every counter and the first solution included, on
/// the several-solutions stand-in (tdoku's serg kind), both for two solutions and for all; the
/// hard stand-ins, with fewer givens, keep the configuration branch and `dlx`'s answers.
#[test]
fn many_givens_branch_on_cells_as_fast_does() {
    let (mut by_cell, mut by_band) = (0, 0);
    for line in stand_ins(150) {
        let grid = Grid::parse(&line).unwrap();
        let givens = line
            .chars()
            .filter(|c| c.is_ascii_digit() && *c != '0')
            .count();
        let many = givens as u32 >= BY_CELL_GIVENS;
        for max_solutions in [2, 0] {
            let limits = SolveLimits {
                max_solutions,
                ..SolveLimits::default()
            };
            let got = Band.solve(&grid, &limits);
            let want = super::super::Fast.solve(&grid, &limits);
            if many {
                assert_eq!(got, want, "{line} --max {max_solutions}");
            } else {
                assert_eq!(
                    got.solutions, want.solutions,
                    "{line} --max {max_solutions}"
                );
            }
        }
        if many {
            by_cell += 1;
        } else {
            by_band += 1;
        }
    }
    assert!(by_cell >= 100 && by_band >= 200, "{by_cell} {by_band}");
}
