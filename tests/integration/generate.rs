//! Generation, minimisation and canonical forms (issue 6). Uniqueness of generated puzzles is
//! checked with the `dlx` solver, which the generator never uses (it checks with `fast`).

use std::process::{Command, Output};

use dlxlab::generate::minimize::{minimize, MinimizeError};
use dlxlab::generate::puzzle_rng;
use dlxlab::generate::spec::{generate, generate_many, Band, NodeBand, Spec};
use dlxlab::generate::symmetry::{Symmetry, SYMMETRY_NAMES};
use dlxlab::rating::technique::technique_rating;
use dlxlab::solvers::{by_name, SolveLimits, Status};
use dlxlab::sudoku::canon::{canonical, CanonError, Transform};
use dlxlab::sudoku::{check_solution, Grid, Shape};
use proptest::prelude::*;
use rand_pcg::Pcg64;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn dlx_status(puzzle: &Grid) -> Status {
    by_name("dlx")
        .unwrap()
        .solve(puzzle, &SolveLimits::default())
        .status
}

/// Unique by `dlx`, with the generator's solution, and minimal when asked (by `dlx` too).
fn check(puzzle: &Grid, solution: &Grid, minimal: bool) {
    check_solution(puzzle, solution).unwrap();
    let outcome = by_name("dlx")
        .unwrap()
        .solve(puzzle, &SolveLimits::default());
    assert_eq!(outcome.status, Status::Unique, "{puzzle}");
    assert_eq!(outcome.solution.as_ref(), Some(solution));
    if minimal {
        for cell in 0..81 {
            if puzzle.get(cell) != 0 {
                let mut less = puzzle.clone();
                less.set(cell, 0);
                assert_eq!(dlx_status(&less), Status::Multiple, "{puzzle} cell {cell}");
            }
        }
    }
}

fn dlxlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(args)
        .output()
        .expect("run dlxlab")
}

mod generation {
    use super::*;

    #[test]
    fn default_puzzles_are_unique_and_minimal() {
        let spec = Spec::new(Shape::CLASSIC);
        for index in 0..20 {
            let g = generate(&spec, 42, index).unwrap();
            check(&g.puzzle, &g.solution, true);
        }
    }

    #[test]
    fn symmetric_puzzles_have_their_symmetry() {
        for name in SYMMETRY_NAMES {
            let symmetry: Symmetry = name.parse().unwrap();
            for minimal in [false, true] {
                let spec = Spec {
                    symmetry,
                    minimal,
                    ..Spec::new(Shape::CLASSIC)
                };
                for index in 0..4 {
                    let g = generate(&spec, 5, index).unwrap();
                    assert!(symmetry.holds(&g.puzzle), "{name}: {}", g.puzzle);
                    check(&g.puzzle, &g.solution, minimal);
                }
            }
        }
        // The check can fail: a random unique puzzle is almost never rot90-symmetric.
        let plain = generate(&Spec::new(Shape::CLASSIC), 5, 0).unwrap().puzzle;
        assert!(!Symmetry::Rot90.holds(&plain));
    }

    #[test]
    fn clue_targets_are_met() {
        for (clues, minimal) in [(30, false), (26, false), (24, true)] {
            let spec = Spec {
                clues: Some(clues),
                minimal,
                ..Spec::new(Shape::CLASSIC)
            };
            for index in 0..3 {
                let g = generate(&spec, 9, index).unwrap();
                assert_eq!(g.puzzle.givens(), clues);
                check(&g.puzzle, &g.solution, minimal);
            }
        }
    }

    #[test]
    fn rating_and_node_bands_are_met() {
        let spec = Spec {
            rating_tenths: Some(Band { lo: 20, hi: 39 }),
            ..Spec::new(Shape::CLASSIC)
        };
        for index in 0..3 {
            let g = generate(&spec, 3, index).unwrap();
            let r = technique_rating(&g.puzzle).unwrap();
            assert!(!r.beyond && (20..=39).contains(&r.score_tenths), "{r:?}");
            assert_eq!(g.rating_tenths, Some(r.score_tenths));
            check(&g.puzzle, &g.solution, true);
        }
        let spec = Spec {
            nodes: Some(NodeBand {
                solver: "backtrack".into(),
                nodes: Band { lo: 1000, hi: 5000 },
            }),
            ..Spec::new(Shape::CLASSIC)
        };
        for index in 0..3 {
            let g = generate(&spec, 3, index).unwrap();
            let n = by_name("backtrack")
                .unwrap()
                .solve(&g.puzzle, &SolveLimits::default())
                .stats
                .nodes;
            assert!((1000..=5000).contains(&n) && g.nodes == Some(n), "{n}");
            check(&g.puzzle, &g.solution, true);
        }
    }

    #[test]
    fn impossible_specs_are_refused_or_exhausted() {
        let spec = Spec {
            clues: Some(82),
            ..Spec::new(Shape::CLASSIC)
        };
        assert!(generate(&spec, 1, 0).is_err());
        // No 9x9 puzzle has fewer than 17 clues.
        let spec = Spec {
            clues: Some(10),
            max_attempts: 3,
            ..Spec::new(Shape::CLASSIC)
        };
        assert!(generate(&spec, 1, 0).is_err());
    }

    #[test]
    fn other_shapes_use_the_generic_counter() {
        let spec = Spec {
            minimal: true,
            ..Spec::new(Shape::new(2, 3).unwrap())
        };
        let g = generate(&spec, 1, 0).unwrap();
        check_solution(&g.puzzle, &g.solution).unwrap();
        assert_eq!(dlx_status(&g.puzzle), Status::Unique);
    }

    #[test]
    fn same_output_for_one_and_two_threads() {
        let spec = Spec {
            symmetry: Symmetry::Rot180,
            ..Spec::new(Shape::CLASSIC)
        };
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| generate_many(&spec, 11, 12))
        };
        assert_eq!(run(1), run(2));
        assert_ne!(
            generate(&spec, 11, 0).unwrap().puzzle,
            generate(&spec, 12, 0).unwrap().puzzle
        );
    }

    #[test]
    fn cli_output_is_reproducible_and_headed() {
        let dir = tempfile::tempdir().unwrap();
        let mut files = Vec::new();
        for threads in ["1", "2"] {
            let path = dir.path().join(format!("t{threads}.txt"));
            let out = dlxlab(&[
                "generate",
                "--count",
                "30",
                "--seed",
                "7",
                "--minimal",
                "--symmetry",
                "mirror",
                "--threads",
                threads,
                "--out",
                path.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{out:?}");
            files.push(std::fs::read_to_string(path).unwrap());
        }
        assert_eq!(files[0], files[1]);
        let lines: Vec<&str> = files[0].lines().collect();
        assert!(lines[0]
            .starts_with("# dlxlab generate --count 30 --seed 7 --symmetry mirror --minimal"));
        assert_eq!(lines.iter().filter(|l| !l.starts_with('#')).count(), 30);
        for line in lines.iter().filter(|l| !l.starts_with('#')) {
            let p = Grid::parse(line).unwrap();
            assert_eq!(dlx_status(&p), Status::Unique);
            assert!(Symmetry::Mirror.holds(&p));
        }
        // Killer puzzles have no givens, so clue options are refused (issue 6).
        let out = dlxlab(&[
            "generate",
            "--count",
            "1",
            "--variant",
            "killer",
            "--clues",
            "20",
        ]);
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("killer"));
        let out = dlxlab(&["generate", "--count", "1", "--rating", "3..x"]);
        assert!(!out.status.success());
    }
}

mod minimizing {
    use super::*;

    #[test]
    fn minimize_keeps_the_solution_and_is_minimal() {
        let g = generate(&Spec::new(Shape::CLASSIC), 1, 0).unwrap();
        // Start from the puzzle plus ten extra givens from the solution.
        let mut fuller = g.puzzle.clone();
        for cell in (0..81).filter(|&c| g.puzzle.get(c) == 0).take(10) {
            fuller.set(cell, g.solution.get(cell));
        }
        let det = minimize::<Pcg64>(&fuller, None).unwrap();
        let mut rng = puzzle_rng(3, 0);
        let shuffled = minimize(&fuller, Some(&mut rng)).unwrap();
        for m in [&det, &shuffled] {
            check(m, &g.solution, true);
            assert!((0..81).all(|c| m.get(c) == 0 || m.get(c) == fuller.get(c)));
        }
        assert_eq!(minimize::<Pcg64>(&fuller, None).unwrap(), det);
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(
            minimize::<Pcg64>(&empty, None),
            Err(MinimizeError::NotUnique)
        );
    }

    #[test]
    fn minimize_cli_reports_bad_lines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.txt");
        std::fs::write(
            &path,
            format!("# corpus\n{HARD}\n{}\nnot-a-puzzle\n", ".".repeat(81)),
        )
        .unwrap();
        let out = dlxlab(&["minimize", "--corpus", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], HARD, "the hard 17 is already minimal");
        assert!(lines[1].starts_with("# line 3:") && lines[1].contains("unique"));
        assert!(lines[2].starts_with("# line 4:"));
    }
}

mod canon {
    use super::*;

    /// Distinct digit sets of mini-rows plus those of mini-columns: invariant under the group.
    fn triple_sets(g: &Grid) -> usize {
        let mut sets = std::collections::HashSet::new();
        for a in 0..9 {
            for b in 0..3 {
                let row: u16 = (0..3).map(|k| 1 << g.get(a * 9 + b * 3 + k)).sum();
                let col: u16 = (0..3).map(|k| 1 << g.get((b * 3 + k) * 9 + a)).sum();
                sets.insert(row);
                sets.insert(col);
            }
        }
        sets.len()
    }

    #[test]
    fn known_inequivalent_pair() {
        // The pattern grid repeats its mini-row sets; a random grid does not.
        let cells: Vec<u8> = (0..81)
            .map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8)
            .collect();
        let pattern = Grid::from_cells(Shape::CLASSIC, cells).unwrap();
        let random = generate(&Spec::new(Shape::CLASSIC), 1, 0).unwrap().solution;
        assert_ne!(triple_sets(&pattern), triple_sets(&random));
        assert_ne!(canonical(&pattern).unwrap(), canonical(&random).unwrap());
        // The first two entries of the 17-clue list (which holds pairwise inequivalent puzzles).
        let a = Grid::parse(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        )
        .unwrap();
        let b = Grid::parse(
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        )
        .unwrap();
        assert_ne!(canonical(&a).unwrap(), canonical(&b).unwrap());
    }

    /// The 1296 arrangements of 9 lines that keep bands (or stacks) together.
    fn arrangements() -> Vec<[usize; 9]> {
        let p3 = dlxlab::sudoku::PERMS3;
        let mut all = Vec::new();
        for outer in p3 {
            for a in p3 {
                for b in p3 {
                    for c in p3 {
                        let mut perm = [0; 9];
                        for (k, inner) in [a, b, c].iter().enumerate() {
                            for m in 0..3 {
                                perm[k * 3 + m] = outer[k] * 3 + inner[m];
                            }
                        }
                        all.push(perm);
                    }
                }
            }
        }
        all
    }

    /// The definition itself (about 6 s per grid in the test profile): the minimum over all
    /// 3,359,232 cell maps of the image relabelled in
    /// order of first appearance.
    fn brute_force(grid: &Grid) -> Vec<u8> {
        let perms = arrangements();
        let mut best = vec![u8::MAX; 81];
        for transpose in [false, true] {
            for rows in &perms {
                for cols in &perms {
                    let mut map = [0u8; 10];
                    let mut next = 1;
                    let mut image = [0u8; 81];
                    for i in 0..9 {
                        for j in 0..9 {
                            let (r, c) = if transpose {
                                (cols[j], rows[i])
                            } else {
                                (rows[i], cols[j])
                            };
                            let d = grid.get(r * 9 + c) as usize;
                            if d != 0 && map[d] == 0 {
                                map[d] = next;
                                next += 1;
                            }
                            image[i * 9 + j] = map[d];
                        }
                    }
                    if image[..] < best[..] {
                        best = image.to_vec();
                    }
                }
            }
        }
        best
    }

    #[test]
    fn agrees_with_the_definition_by_brute_force() {
        let sparse = Grid::parse(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        )
        .unwrap();
        let g = generate(&Spec::new(Shape::CLASSIC), 2, 0).unwrap();
        for grid in [&sparse, &g.solution] {
            assert_eq!(
                canonical(grid).unwrap().cells(),
                &brute_force(grid)[..],
                "{grid}"
            );
        }
    }

    #[test]
    fn other_shapes_are_refused() {
        let g = Grid::empty(Shape::square(2).unwrap());
        assert_eq!(canonical(&g), Err(CanonError::Shape { side: 4 }));
    }

    #[test]
    fn cli_canon_matches_library() {
        let out = dlxlab(&["canon", HARD]);
        assert!(out.status.success());
        let expect = canonical(&Grid::parse(HARD).unwrap()).unwrap().to_line();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("{expect}\n")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn equal_under_random_symmetries(index in 0u64..1000, seed in any::<u64>()) {
            let g = generate(&Spec::new(Shape::CLASSIC), 77, index).unwrap();
            let mut rng = puzzle_rng(seed, 0);
            for grid in [&g.puzzle, &g.solution] {
                let c = canonical(grid).unwrap();
                let image = Transform::random(Shape::CLASSIC, &mut rng).apply(grid);
                prop_assert_eq!(&canonical(&image).unwrap(), &c);
                // Idempotent, and still the same puzzle up to symmetry (same clue count).
                prop_assert_eq!(&canonical(&c).unwrap(), &c);
                prop_assert_eq!(c.givens(), grid.givens());
            }
        }

        /// Arbitrary consistent givens (no solution, many solutions, sparse) are canonicalised
        /// without panicking, invariantly and idempotently.
        #[test]
        fn any_consistent_givens(picks in proptest::collection::vec((0usize..81, 1u8..=9), 4..30), seed in any::<u64>()) {
            let mut grid = Grid::empty(Shape::CLASSIC);
            for (cell, d) in picks {
                if grid.get(cell) == 0 && grid.candidates(cell) >> (d - 1) & 1 == 1 {
                    grid.set(cell, d);
                }
            }
            let c = canonical(&grid).unwrap();
            let mut rng = puzzle_rng(seed, 1);
            let image = Transform::random(Shape::CLASSIC, &mut rng).apply(&grid);
            prop_assert_eq!(&canonical(&image).unwrap(), &c);
            prop_assert_eq!(&canonical(&c).unwrap(), &c);
        }
    }
}

mod variants {
    use super::*;
    use dlxlab::generate::variant::{count_unit_solutions, generate_variant};
    use dlxlab::puzzles::variants::{check_solution as check_variant, Variant, VariantPuzzle};

    /// X and windoku puzzles are generated with DLX over the variant encoding and checked here
    /// with the independent unit search, on the variant's rules.
    #[test]
    fn x_and_windoku_puzzles_are_unique_minimal_and_symmetric() {
        for variant in [Variant::X, Variant::Windoku] {
            for (symmetry, minimal) in [(Symmetry::None, true), (Symmetry::Rot180, false)] {
                let spec = Spec {
                    symmetry,
                    minimal,
                    ..Spec::new(Shape::CLASSIC)
                };
                for index in 0..2 {
                    let g = generate_variant(variant, &spec, 4, index).unwrap();
                    check_variant(&g.puzzle, &g.solution).unwrap();
                    assert_eq!(count_unit_solutions(&g.puzzle, 0), 1, "{variant:?}");
                    let grid = Grid::from_cells(Shape::CLASSIC, g.puzzle.givens.clone()).unwrap();
                    assert!(symmetry.holds(&grid));
                    if minimal {
                        for c in (0..81).filter(|&c| g.puzzle.givens[c] != 0) {
                            let mut less = g.puzzle.clone();
                            less.givens[c] = 0;
                            assert!(count_unit_solutions(&less, 2) >= 2);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn unit_counter_knows_the_rules() {
        let empty4 = VariantPuzzle {
            variant: Variant::Classic,
            shape: Shape::CLASSIC,
            givens: vec![0; 81],
            regions: None,
            cages: Vec::new(),
        };
        let g = generate(&Spec::new(Shape::CLASSIC), 1, 0).unwrap();
        let classic = VariantPuzzle {
            givens: g.puzzle.cells().to_vec(),
            ..empty4.clone()
        };
        assert_eq!(count_unit_solutions(&classic, 0), 1);
        // A classic grid almost never satisfies the diagonals: as an X puzzle it has no solution.
        let x = VariantPuzzle {
            variant: Variant::X,
            givens: g.solution.cells().to_vec(),
            ..empty4.clone()
        };
        let diagonal_ok = (0..9)
            .map(|i| g.solution.get(i * 10))
            .collect::<std::collections::HashSet<_>>()
            .len()
            == 9
            && (0..9)
                .map(|i| g.solution.get(i * 9 + 8 - i))
                .collect::<std::collections::HashSet<_>>()
                .len()
                == 9;
        assert_eq!(count_unit_solutions(&x, 0), u64::from(diagonal_ok));
        let symmetric = Spec {
            symmetry: Symmetry::Rot180,
            ..Spec::new(Shape::CLASSIC)
        };
        assert!(generate_variant(Variant::Killer, &symmetric, 1, 0).is_err());
        let banded = Spec {
            rating_tenths: Some(Band { lo: 10, hi: 20 }),
            ..Spec::new(Shape::CLASSIC)
        };
        assert!(generate_variant(Variant::X, &banded, 1, 0).is_err());
    }

    /// Cells of `cells` connected edge to edge — written here, apart from the generator's check.
    fn connected(cells: &[usize]) -> bool {
        let mut reached = vec![cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let c = reached[k];
            k += 1;
            for &x in cells {
                let near = (c / 9).abs_diff(x / 9) + (c % 9).abs_diff(x % 9) == 1;
                if near && !reached.contains(&x) {
                    reached.push(x);
                }
            }
        }
        reached.len() == cells.len()
    }

    /// Jigsaw puzzles are generated with DLX over the jigsaw encoding and checked with the unit
    /// search; their layouts are read back by the parser and checked for size and connectivity.
    #[test]
    fn jigsaw_puzzles_are_unique_connected_and_minimal() {
        let boxes: Vec<u8> = (0..81)
            .map(|c| ((c / 27) * 3 + (c % 9) / 3) as u8)
            .collect();
        for (symmetry, minimal) in [(Symmetry::None, true), (Symmetry::Rot180, false)] {
            let spec = Spec {
                symmetry,
                minimal,
                ..Spec::new(Shape::CLASSIC)
            };
            for index in 0..3 {
                let g = generate_variant(Variant::Jigsaw, &spec, 9, index).unwrap();
                let again = VariantPuzzle::parse(Variant::Jigsaw, &g.puzzle.to_line()).unwrap();
                assert_eq!(again, g.puzzle);
                let map = g.puzzle.regions.as_ref().unwrap();
                assert_ne!(map, &boxes);
                for k in 0..9u8 {
                    let cells: Vec<usize> = (0..81).filter(|&c| map[c] == k).collect();
                    assert_eq!(cells.len(), 9);
                    assert!(connected(&cells), "region {k} of {}", g.puzzle.to_line());
                }
                check_variant(&g.puzzle, &g.solution).unwrap();
                assert_eq!(count_unit_solutions(&g.puzzle, 0), 1);
                // The givens need not be a classic grid, so the orbits are checked directly.
                for orbit in symmetry.orbits(Shape::CLASSIC) {
                    let given = orbit.iter().filter(|&&c| g.puzzle.givens[c] != 0).count();
                    assert!(given == 0 || given == orbit.len());
                }
                if minimal {
                    for c in (0..81).filter(|&c| g.puzzle.givens[c] != 0) {
                        let mut less = g.puzzle.clone();
                        less.givens[c] = 0;
                        assert!(count_unit_solutions(&less, 2) >= 2);
                    }
                }
            }
        }
    }

    /// Killer solutions counted from the rules alone: a minimum-candidates search over cells with
    /// row, column, box and cage masks and the cage sums (bounds of what the open cells can add).
    struct KillerCount {
        cells: [u8; 81],
        cage_of: [usize; 81],
        units: [u16; 27],
        cage_used: Vec<u16>,
        cage_left: Vec<(u32, usize)>,
    }

    impl KillerCount {
        fn new(puzzle: &VariantPuzzle) -> KillerCount {
            let mut cage_of = [usize::MAX; 81];
            for (j, cage) in puzzle.cages.iter().enumerate() {
                for &c in &cage.cells {
                    cage_of[c] = j;
                }
            }
            KillerCount {
                cells: [0; 81],
                cage_of,
                units: [0; 27],
                cage_used: vec![0; puzzle.cages.len()],
                cage_left: puzzle
                    .cages
                    .iter()
                    .map(|k| (k.sum, k.cells.len()))
                    .collect(),
            }
        }

        fn units(c: usize) -> [usize; 3] {
            [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3]
        }

        fn candidates(&self, c: usize) -> u16 {
            let [a, b, x] = Self::units(c);
            let mut cand = 0x3fe & !(self.units[a] | self.units[b] | self.units[x]);
            let j = self.cage_of[c];
            if j != usize::MAX {
                cand &= !self.cage_used[j];
                let (sum, open) = self.cage_left[j];
                for d in 1..=9u32 {
                    if cand >> d & 1 == 0 {
                        continue;
                    }
                    let free: Vec<u32> = (1..=9)
                        .filter(|&e| e != d && self.cage_used[j] >> e & 1 == 0)
                        .collect();
                    let rest = open - 1;
                    let ok = d <= sum
                        && free.len() >= rest
                        && free[..rest].iter().sum::<u32>() <= sum - d
                        && free[free.len() - rest..].iter().sum::<u32>() >= sum - d;
                    if !ok {
                        cand &= !(1 << d);
                    }
                }
            }
            cand
        }

        fn set(&mut self, c: usize, d: u8, on: bool) {
            let bit = 1u16 << d;
            for u in Self::units(c) {
                self.units[u] ^= bit;
            }
            self.cells[c] = if on { d } else { 0 };
            let j = self.cage_of[c];
            if j != usize::MAX {
                self.cage_used[j] ^= bit;
                let (sum, open) = &mut self.cage_left[j];
                if on {
                    *sum -= u32::from(d);
                    *open -= 1;
                } else {
                    *sum += u32::from(d);
                    *open += 1;
                }
            }
        }

        fn unit_cells(u: usize) -> [usize; 9] {
            std::array::from_fn(|k| match u {
                0..=8 => u * 9 + k,
                9..=17 => k * 9 + (u - 9),
                _ => ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3,
            })
        }

        /// Branches on the empty cell with fewest candidates, or on a (unit, digit) with fewer
        /// places (hidden singles), whichever has fewer choices.
        fn count(&mut self, max: u64, found: &mut u64) {
            let mut cand = [0u16; 81];
            let mut best: Option<(usize, u16)> = None;
            for c in (0..81).filter(|&c| self.cells[c] == 0) {
                cand[c] = self.candidates(c);
                if best.is_none_or(|(_, b)| cand[c].count_ones() < b.count_ones()) {
                    best = Some((c, cand[c]));
                }
            }
            let Some((cell, digits)) = best else {
                *found += 1;
                return;
            };
            let mut moves: Vec<(usize, u8)> = (1..=9u8)
                .filter(|&d| digits >> d & 1 != 0)
                .map(|d| (cell, d))
                .collect();
            for u in 0..27 {
                for d in (1..=9u8).filter(|&d| self.units[u] >> d & 1 == 0) {
                    let places: Vec<(usize, u8)> = Self::unit_cells(u)
                        .into_iter()
                        .filter(|&c| self.cells[c] == 0 && cand[c] >> d & 1 != 0)
                        .map(|c| (c, d))
                        .collect();
                    if places.len() < moves.len() {
                        moves = places;
                    }
                }
            }
            for (c, d) in moves {
                if *found >= max {
                    return;
                }
                self.set(c, d, true);
                self.count(max, found);
                self.set(c, d, false);
            }
        }
    }

    fn count_killer(puzzle: &VariantPuzzle, max: u64) -> u64 {
        let mut search = KillerCount::new(puzzle);
        let mut found = 0;
        search.count(max, &mut found);
        found
    }

    /// Killer puzzles are generated with DLX over the killer encoding; here they are counted by
    /// Algorithm M (`Mcc`) on the same encoding and by a search on the rules alone.
    #[test]
    fn killer_puzzles_are_unique_without_givens() {
        use dlxlab::puzzles::variants::Encoding;
        use dlxlab::xc::count::{count, is_exact};
        use dlxlab::xc::mcc::Mcc;
        let spec = Spec::new(Shape::CLASSIC);
        for index in 0..4 {
            let g = generate_variant(Variant::Killer, &spec, 2, index).unwrap();
            assert!(g.puzzle.givens.iter().all(|&d| d == 0));
            let again = VariantPuzzle::parse(Variant::Killer, &g.puzzle.to_line()).unwrap();
            assert_eq!(again, g.puzzle);
            let mut covered = [0; 81];
            for cage in &g.puzzle.cages {
                assert!((1..=5).contains(&cage.cells.len()));
                assert!(connected(&cage.cells));
                for &c in &cage.cells {
                    covered[c] += 1;
                }
            }
            assert!(covered.iter().all(|&k| k == 1));
            check_variant(&g.puzzle, &g.solution).unwrap();
            assert_eq!(count_killer(&g.puzzle, 2), 1, "{}", g.puzzle.to_line());
            let enc = Encoding::new(&g.puzzle);
            let mut mcc = Mcc::new(enc.problem());
            let result = count(&mut mcc, 0, &dlxlab::xc::Limits::NONE);
            assert!(is_exact(&result));
            assert_eq!(result.stats.solutions, 1);
            // The rule counter can fail: without its cages but one the puzzle is far from unique.
            let mut loose = g.puzzle.clone();
            loose.cages.truncate(1);
            assert_eq!(count_killer(&loose, 2), 2);
        }
    }

    /// The jigsaw and killer corpora are the same for 1 and 2 threads and parse back.
    #[test]
    fn jigsaw_and_killer_cli_output_is_reproducible() {
        let dir = tempfile::tempdir().unwrap();
        for variant in ["jigsaw", "killer"] {
            let mut files = Vec::new();
            for threads in ["1", "2"] {
                let path = dir.path().join(format!("{variant}{threads}.txt"));
                let out = dlxlab(&[
                    "generate",
                    "--count",
                    "4",
                    "--seed",
                    "3",
                    "--variant",
                    variant,
                    "--threads",
                    threads,
                    "--out",
                    path.to_str().unwrap(),
                ]);
                assert!(out.status.success(), "{out:?}");
                files.push(std::fs::read_to_string(path).unwrap());
            }
            assert_eq!(files[0], files[1]);
            let v = Variant::by_name(variant).unwrap();
            let lines: Vec<&str> = files[0].lines().filter(|l| !l.starts_with('#')).collect();
            assert_eq!(lines.len(), 4);
            for line in lines {
                let p = VariantPuzzle::parse(v, line).unwrap();
                let status = dlxlab::puzzles::variants::solve(&p, &SolveLimits::default()).status;
                assert_eq!(status, Status::Unique);
            }
        }
    }
}
