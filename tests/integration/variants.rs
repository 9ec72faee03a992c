//! Sudoku variants as exact covers: known solutions, multiple and no solutions, malformed input,
//! every solution checked by the rule checker (which does not use the encoder's unit lists).

use dlxlab::puzzles::variants::{
    cage_sets, check_solution, solve, Encoding, Variant, VariantError, VariantPuzzle,
    VariantRuleError,
};
use dlxlab::solvers::{SolveLimits, Status};
use dlxlab::sudoku::Shape;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64;

/// A jigsaw layout: the classic boxes with one cell traded across each of five box borders.
const REGIONS: &str = "AAAABBCCC\
AAABBBCCC\
AABBBBCCF\
DDDDEECFF\
DDDEEEFFF\
DDEEEEFFF\
GGGGHHIII\
GGGHHHIII\
GGHHHHIII";

fn dots(n: usize) -> String {
    ".".repeat(n)
}

fn text(givens: &str, extra: &[&str]) -> String {
    let mut t = givens.to_string();
    for e in extra {
        t.push(' ');
        t.push_str(e);
    }
    t
}

fn line(grid: &[u8]) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { Shape::digit_char(d) })
        .collect()
}

const TWO: SolveLimits = SolveLimits {
    max_solutions: 2,
    budget: dlxlab::budget::Limits::NONE,
};

/// A solution of the empty puzzle (DLX's first), checked by the rule checker.
fn some_solution(p: &VariantPuzzle) -> Vec<u8> {
    let out = solve(p, &TWO);
    let s = out.solution.expect("the empty variant grid has a solution");
    check_solution(p, &s).unwrap();
    s
}

/// Removes givens from a full grid in a seeded random order while the puzzle stays unique, up to
/// `max_removed` removals.
fn carve(p: &VariantPuzzle, solution: &[u8], seed: u64, max_removed: usize) -> VariantPuzzle {
    let mut puzzle = p.clone();
    puzzle.givens = solution.to_vec();
    let mut order: Vec<usize> = (0..solution.len()).collect();
    order.shuffle(&mut Pcg64::seed_from_u64(seed));
    let mut removed = 0;
    for c in order {
        if removed == max_removed {
            break;
        }
        let d = puzzle.givens[c];
        puzzle.givens[c] = 0;
        if solve(&puzzle, &TWO).status == Status::Unique {
            removed += 1;
        } else {
            puzzle.givens[c] = d;
        }
    }
    puzzle
}

/// The whole cycle for one variant: the empty grid has several solutions, a carved puzzle has
/// exactly the grid it was carved from, and that grid obeys the rules.
fn known_solution_cycle(empty: &VariantPuzzle, seed: u64, max_removed: usize) -> VariantPuzzle {
    assert_eq!(solve(empty, &TWO).status, Status::Multiple);
    let grid = some_solution(empty);
    let puzzle = carve(empty, &grid, seed, max_removed);
    assert!(puzzle.givens.iter().filter(|&&d| d == 0).count() > 0);
    let out = solve(&puzzle, &TWO);
    assert_eq!(out.status, Status::Unique, "{}", line(&puzzle.givens));
    assert_eq!(out.solution.as_deref(), Some(&grid[..]));
    // Round trip through the text format.
    let again = VariantPuzzle::parse(empty.variant, &reprint(&puzzle)).unwrap();
    assert_eq!(again, puzzle);
    puzzle
}

fn reprint(p: &VariantPuzzle) -> String {
    let mut t = line(&p.givens);
    if p.variant == Variant::Jigsaw {
        t = text(&t, &[REGIONS]);
    }
    if p.variant == Variant::Killer {
        let mut map = vec!['.'; 81];
        for cage in &p.cages {
            for &c in &cage.cells {
                map[c] = cage.label;
            }
        }
        let map: String = map.into_iter().collect();
        let sums: Vec<String> = p
            .cages
            .iter()
            .map(|c| format!("{}={}", c.label, c.sum))
            .collect();
        t = text(&t, &[&map, &sums.join(",")]);
    }
    t
}

#[test]
fn x_sudoku() {
    let empty = VariantPuzzle::parse(Variant::X, &dots(81)).unwrap();
    known_solution_cycle(&empty, 1, 81);
    // Two 5s on the main diagonal, in different rows, columns and boxes: refused as input.
    let mut g = dots(81);
    g.replace_range(0..1, "5");
    g.replace_range(40..41, "5");
    assert!(matches!(
        VariantPuzzle::parse(Variant::X, &g),
        Err(VariantError::Clash { cells: (0, 40), .. })
    ));
    // The checker catches a grid that changes a given.
    let classic = VariantPuzzle::parse(Variant::Classic, &dots(81)).unwrap();
    let grid = some_solution(&classic);
    let mut g = dots(81);
    g.replace_range(0..1, &(grid[0] % 9 + 1).to_string());
    let p = VariantPuzzle::parse(Variant::X, &g).unwrap();
    assert!(matches!(
        check_solution(&p, &grid),
        Err(VariantRuleError::GivenChanged(..))
    ));
    // The pattern grid (3r + r/3 + c) mod 9 is a classic solution with 5 twice on the diagonal.
    let pattern: Vec<u8> = (0..81)
        .map(|k| ((3 * (k / 9) + k / 27 + k % 9) % 9 + 1) as u8)
        .collect();
    check_solution(&classic, &pattern).unwrap();
    let xp = VariantPuzzle::parse(Variant::X, &dots(81)).unwrap();
    assert_eq!(
        check_solution(&xp, &pattern),
        Err(VariantRuleError::Repeated {
            what: "the main diagonal".into(),
            digit: 5
        })
    );
}

#[test]
fn windoku() {
    let empty = VariantPuzzle::parse(Variant::Windoku, &dots(81)).unwrap();
    known_solution_cycle(&empty, 2, 81);
    // Same digit at r2c2 and r4c4: both in window 1, in different rows, columns and boxes:
    // refused as input.
    let mut g = dots(81);
    g.replace_range(10..11, "7");
    g.replace_range(30..31, "7");
    assert!(matches!(
        VariantPuzzle::parse(Variant::Windoku, &g),
        Err(VariantError::Clash {
            cells: (10, 30),
            ..
        })
    ));
    // The same givens are fine without windows.
    let c = VariantPuzzle::parse(Variant::Classic, &g).unwrap();
    assert_eq!(solve(&c, &TWO).status, Status::Multiple);
    assert_eq!(Variant::by_name("hyper").unwrap(), Variant::Windoku);
}

#[test]
fn jigsaw() {
    let empty = VariantPuzzle::parse(Variant::Jigsaw, &text(&dots(81), &[REGIONS])).unwrap();
    let puzzle = known_solution_cycle(&empty, 3, 81);
    let sol = solve(&puzzle, &TWO).solution.unwrap();
    // The jigsaw solution obeys its regions; a classic box check would fail on the traded cells
    // for most grids, so the regions really replace the boxes.
    check_solution(&puzzle, &sol).unwrap();
    // Same digit at r1c1 and r3c2: both in region A, different rows and columns: refused.
    let mut g = dots(81);
    g.replace_range(0..1, "4");
    g.replace_range(19..20, "4");
    assert!(matches!(
        VariantPuzzle::parse(Variant::Jigsaw, &text(&g, &[REGIONS])),
        Err(VariantError::Clash { cells: (0, 19), .. })
    ));
}

#[test]
fn jigsaw_region_errors() {
    let parse = |regions: &str| VariantPuzzle::parse(Variant::Jigsaw, &text(&dots(81), &[regions]));
    let mut eight = REGIONS.replace('I', "H");
    assert_eq!(parse(&eight), Err(VariantError::RegionCount { found: 8 }));
    eight = REGIONS.to_string();
    eight.replace_range(0..1, "B");
    assert_eq!(
        parse(&eight),
        Err(VariantError::RegionSize {
            label: 'B',
            size: 10
        })
    );
    // Trade r1c1 (A) with r1c9 (C): right sizes, but A's new cell is far from the rest.
    let mut far = REGIONS.to_string();
    far.replace_range(0..1, "C");
    far.replace_range(8..9, "A");
    assert_eq!(
        parse(&far),
        Err(VariantError::RegionDisconnected { label: 'C' })
    );
    assert_eq!(
        parse(&REGIONS.replace('A', "-")),
        Err(VariantError::Char {
            field: 2,
            col: 1,
            ch: '-'
        })
    );
    assert_eq!(
        VariantPuzzle::parse(Variant::Jigsaw, &dots(81)),
        Err(VariantError::Fields {
            variant: "jigsaw",
            expected: 2,
            found: 1
        })
    );
}

/// Cages: horizontal dominoes in columns 1-8 of each row and vertical dominoes down column 9
/// (the last cell alone), sums taken from `grid`.
fn killer_text(grid: &[u8], givens: &str) -> String {
    let labels: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    let mut map = vec!['.'; 81];
    let mut sums = Vec::new();
    let mut next = 0;
    let mut cage = |cells: &[usize], map: &mut Vec<char>| {
        let l = labels[next];
        next += 1;
        for &c in cells {
            map[c] = l;
        }
        let s: u32 = cells.iter().map(|&c| grid[c] as u32).sum();
        sums.push(format!("{l}={s}"));
    };
    for r in 0..9 {
        for k in 0..4 {
            cage(&[r * 9 + 2 * k, r * 9 + 2 * k + 1], &mut map);
        }
    }
    for k in 0..4 {
        cage(&[(2 * k) * 9 + 8, (2 * k + 1) * 9 + 8], &mut map);
    }
    cage(&[80], &mut map);
    let map: String = map.into_iter().collect();
    format!("{givens} {map} {}", sums.join(","))
}

#[test]
fn killer() {
    let classic = VariantPuzzle::parse(Variant::Classic, &dots(81)).unwrap();
    let grid = some_solution(&classic);
    let empty = VariantPuzzle::parse(Variant::Killer, &killer_text(&grid, &dots(81))).unwrap();
    assert_eq!(empty.cages.len(), 41);
    let out = solve(&empty, &TWO);
    for s in out.solution.iter() {
        check_solution(&empty, s).unwrap();
    }
    // Carve from the full grid with the cages kept: the unique answer is the grid.
    let puzzle = carve(&empty, &grid, 4, 81);
    let out = solve(&puzzle, &TWO);
    assert_eq!(out.status, Status::Unique);
    assert_eq!(out.solution.as_deref(), Some(&grid[..]));
    let again = VariantPuzzle::parse(Variant::Killer, &reprint(&puzzle)).unwrap();
    assert_eq!(again, puzzle);
    // A wrong sum is caught by the checker.
    let mut wrong = puzzle.clone();
    wrong.cages[0].sum += 1;
    assert!(matches!(
        check_solution(&wrong, &grid),
        Err(VariantRuleError::CageSum { .. })
    ));
    // A given outside its cage's only set: cage A = {1, 2}, given 5 in it.
    let map = format!("AA{}", dots(79));
    let p = VariantPuzzle::parse(Variant::Killer, &format!("5{} {map} A=3", dots(80))).unwrap();
    assert_eq!(solve(&p, &TWO).status, Status::None);
    // Without givens the lone cage leaves many grids; every one found obeys it.
    let p = VariantPuzzle::parse(Variant::Killer, &format!("{} {map} A=3", dots(81))).unwrap();
    let out = solve(
        &p,
        &SolveLimits {
            max_solutions: 20,
            ..TWO
        },
    );
    assert_eq!(out.solutions, 20);
    let s = out.solution.unwrap();
    assert_eq!(s[0] + s[1], 3);
}

#[test]
fn killer_cage_sets_and_errors() {
    assert_eq!(cage_sets(2, 3), vec![0b110]);
    assert_eq!(cage_sets(3, 24), vec![0b11_1000_0000]);
    assert_eq!(cage_sets(9, 45).len(), 1);
    assert_eq!(cage_sets(2, 18), Vec::<u16>::new());
    let map = format!("AA{}", dots(79));
    let parse = |t: &str| VariantPuzzle::parse(Variant::Killer, t);
    assert_eq!(
        parse(&format!("{} {map} A=18", dots(81))),
        Err(VariantError::CageImpossible {
            label: 'A',
            size: 2,
            sum: 18
        })
    );
    assert_eq!(
        parse(&format!("{} {map} B=3", dots(81))),
        Err(VariantError::StraySum('B'))
    );
    assert_eq!(
        parse(&format!("{} {map} A=3,A=4", dots(81))),
        Err(VariantError::StraySum('A'))
    );
    assert_eq!(
        parse(&format!("{} {map} A3", dots(81))),
        Err(VariantError::BadSum("A3".into()))
    );
    assert_eq!(
        parse(&format!("{} {map}A A=3", dots(81))),
        Err(VariantError::Length {
            field: 2,
            len: 82,
            expected: 81
        })
    );
    let two = format!("AB{}", dots(79));
    assert_eq!(
        parse(&format!("{} {two} A=3", dots(81))),
        Err(VariantError::MissingSum('B'))
    );
    let big = format!("{}{}", "A".repeat(10), dots(71));
    assert_eq!(
        parse(&format!("{} {big} A=45", dots(81))),
        Err(VariantError::CageTooLarge {
            label: 'A',
            size: 10
        })
    );
    // A 9-cell cage summing to 45 has no set option; a whole row as a cage changes nothing.
    let row = format!("{}{}", "A".repeat(9), dots(72));
    let p = parse(&format!("{} {row} A=45", dots(81))).unwrap();
    let enc = Encoding::new(&p);
    assert_eq!(enc.problem().n_options(), 729);
    assert_eq!(solve(&p, &TWO).status, Status::Multiple);
}

#[test]
fn classic_16x16_and_25x25() {
    for (n, removed) in [(256, 120), (625, 60)] {
        let empty = VariantPuzzle::parse(Variant::Classic, &dots(n)).unwrap();
        let puzzle = known_solution_cycle(&empty, 5, removed);
        assert_eq!(puzzle.givens.iter().filter(|&&d| d == 0).count(), removed);
    }
}

#[test]
fn malformed_inputs() {
    assert_eq!(
        Variant::by_name("sudoku-x"),
        Err(VariantError::UnknownVariant("sudoku-x".into()))
    );
    assert_eq!(
        VariantPuzzle::parse(Variant::X, &dots(80)),
        Err(VariantError::Length {
            field: 1,
            len: 80,
            expected: 81
        })
    );
    assert_eq!(
        VariantPuzzle::parse(Variant::Windoku, &format!("{}x", dots(80))),
        Err(VariantError::Char {
            field: 1,
            col: 81,
            ch: 'x'
        })
    );
    assert_eq!(
        VariantPuzzle::parse(Variant::X, &format!("{} extra", dots(81))),
        Err(VariantError::Fields {
            variant: "x",
            expected: 1,
            found: 2
        })
    );
    // A 16-cell classic grid is fine; a 16-cell X puzzle is not.
    assert!(VariantPuzzle::parse(Variant::Classic, &dots(16)).is_ok());
    assert!(VariantPuzzle::parse(Variant::X, &dots(16)).is_err());
}

proptest! {
    #[test]
    fn parsers_never_panic(s in "[ .0-9A-Za-z=,\\-]{0,200}") {
        for v in Variant::ALL {
            let _ = VariantPuzzle::parse(v, &s);
        }
        let _ = dlxlab::puzzles::honeycomb::HoneyGrid::parse(&s);
    }
}

/// Two equal givens in a unit or a cage are refused, naming the digit, the unit and the cells,
/// in every variant, as the classic solvers refuse them.
#[test]
fn clashing_givens_are_invalid_in_every_variant() {
    let with = |cells: &[(usize, char)]| {
        let mut g = vec!['.'; 81];
        for &(c, d) in cells {
            g[c] = d;
        }
        g.into_iter().collect::<String>()
    };
    let cases: Vec<(Variant, String, &str)> = vec![
        (
            Variant::Classic,
            with(&[(0, '1'), (1, '1')]),
            "digit 1 given twice in row 1 (r1c1 and r1c2)",
        ),
        (
            Variant::Classic,
            with(&[(4, '7'), (76, '7')]),
            "digit 7 given twice in column 5 (r1c5 and r9c5)",
        ),
        (
            Variant::X,
            with(&[(0, '3'), (80, '3')]),
            "digit 3 given twice in diagonal 1 (r1c1 and r9c9)",
        ),
        (
            Variant::X,
            with(&[(8, '3'), (72, '3')]),
            "digit 3 given twice in diagonal 2 (r1c9 and r9c1)",
        ),
        (
            Variant::Windoku,
            with(&[(10, '5'), (30, '5')]),
            "digit 5 given twice in window 1 (r2c2 and r4c4)",
        ),
        (
            Variant::Jigsaw,
            with(&[(3, '2'), (9, '2')]) + " " + REGIONS,
            "digit 2 given twice in region 1",
        ),
    ];
    for (variant, line, message) in cases {
        let err = VariantPuzzle::parse(variant, &line).unwrap_err();
        assert!(
            matches!(err, VariantError::Clash { .. }),
            "{variant:?}: {err}"
        );
        assert!(err.to_string().contains(message), "{variant:?}: {err}");
    }
    // A killer cage: r1c1 and r2c4 share no row, column or box, only cage A.
    let mut labels = vec!['.'; 81];
    labels[0] = 'A';
    labels[12] = 'A';
    let labels: String = labels.into_iter().collect();
    let killer = format!("{} {labels} A=8", with(&[(0, '4'), (12, '4')]));
    let err = VariantPuzzle::parse(Variant::Killer, &killer).unwrap_err();
    assert!(
        err.to_string()
            .contains("digit 4 given twice in cage A (r1c1 and r2c4)"),
        "{err}"
    );
    // Without the clash the same cage parses.
    let killer = format!("{} {labels} A=8", with(&[(0, '4'), (12, '2')]));
    assert!(VariantPuzzle::parse(Variant::Killer, &killer).is_ok());
}

/// What `solve --variant` and `variant solve` check before printing a solution: a right one
/// passes, a doctored one (a given changed, or a unit broken) is refused with the reason.
#[test]
fn outcome_check_refuses_a_doctored_solution() {
    let p = VariantPuzzle::parse(Variant::X, &dots(81)).unwrap();
    let lim = SolveLimits {
        max_solutions: 1,
        ..SolveLimits::default()
    };
    let o = solve(&p, &lim);
    assert_eq!(o.check(&p), Ok(()));
    let s = o.solution.clone().expect("the empty X grid has solutions");
    // A puzzle whose one given differs from the solution's first cell: the solution breaks it.
    let mut givens = vec![0u8; 81];
    givens[0] = s[0] % 9 + 1;
    let puzzle = VariantPuzzle::parse(Variant::X, &line(&givens)).unwrap();
    assert!(o.check(&puzzle).is_err());
    // The first two cells of the first column swapped: the first two rows break.
    let mut broken = o.clone();
    broken.solution.as_mut().unwrap().swap(0, 9);
    assert!(broken.check(&p).is_err());
    // No solution, nothing to check.
    let none = dlxlab::puzzles::variants::VariantOutcome {
        solution: None,
        ..o
    };
    assert_eq!(none.check(&p), Ok(()));
}

mod cli {
    use std::process::Command;

    fn dlxlab(args: &[&str]) -> (bool, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
            .args(args)
            .output()
            .expect("the binary runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Clashing givens: the same exit status and message with and without `--variant classic`.
    #[test]
    fn clashing_givens_exit_1_with_and_without_variant() {
        let p = format!("11{}", ".".repeat(79));
        let (ok, out, err) = dlxlab(&["solve", &p]);
        assert!(!ok, "{out}");
        assert!(
            err.contains("digit 1 given twice in row 1 (r1c1 and r1c2)"),
            "{err}"
        );
        let (ok, out, err2) = dlxlab(&["solve", "--variant", "classic", &p]);
        assert!(!ok, "{out}");
        assert!(
            err2.contains("digit 1 given twice in row 1 (r1c1 and r1c2)"),
            "{err2}"
        );
    }

    #[test]
    fn variant_solve_and_errors() {
        let (ok, out, _) = dlxlab(&["variant", "solve", "x", &".".repeat(81)]);
        assert!(ok);
        assert!(out.starts_with("status multiple solutions 2 "), "{out}");
        let (ok, out, _) = dlxlab(&[
            "variant",
            "solve",
            "windoku",
            &".".repeat(81),
            "--count",
            "--max",
            "5",
        ]);
        assert!(ok);
        assert!(out.starts_with("status multiple solutions 5 "), "{out}");
        let (ok, _, err) = dlxlab(&["variant", "solve", "jigsaw", &".".repeat(81)]);
        assert!(!ok);
        assert!(
            err.contains("jigsaw puzzle needs 2 field(s) separated by white space, found 1"),
            "{err}"
        );
        let (ok, _, err) = dlxlab(&["variant", "solve", "nonsense", "x"]);
        assert!(!ok);
        assert!(err.contains("unknown variant `nonsense`"), "{err}");
    }

    /// `dlxlab solve --variant NAME` answers as `solve` does: the solution when unique, else the
    /// status word, `invalid: reason` for a malformed puzzle.
    #[test]
    fn solve_variant_flag() {
        let (ok, gen, err) = dlxlab(&["generate", "--variant", "x", "--count", "1", "--seed", "7"]);
        assert!(ok, "{err}");
        let puzzle = gen
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .expect("one puzzle")
            .split_whitespace()
            .next()
            .unwrap()
            .to_string();
        let (ok, out, err) = dlxlab(&["solve", "--variant", "x", &puzzle]);
        assert!(ok, "{err}");
        let (ok, reference, _) = dlxlab(&["variant", "solve", "x", &puzzle]);
        assert!(ok);
        let solution = reference.lines().nth(1).expect("a solution line");
        assert!(reference.starts_with("status unique"), "{reference}");
        assert_eq!(out.trim(), solution);
        let (ok, out, _) = dlxlab(&[
            "solve",
            "--variant",
            "x",
            "--count",
            "--max",
            "3",
            &".".repeat(81),
        ]);
        assert!(ok);
        assert_eq!(out.trim(), "3");
        // An invalid puzzle on the command line is exit status 1 with the reason on stderr.
        let (ok, out, err) = dlxlab(&["solve", "--variant", "jigsaw", &".".repeat(81)]);
        assert!(!ok);
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("argument 1"), "{err}");
    }

    #[test]
    fn honeycomb_commands() {
        let (ok, out, _) = dlxlab(&["honeycomb", "generate", "--count", "2", "--seed", "3"]);
        assert!(ok);
        let puzzles: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(puzzles.len(), 2);
        for solver in ["xc", "seq"] {
            let (ok, out, _) = dlxlab(&["honeycomb", "solve", "--solver", solver, puzzles[0]]);
            assert!(ok);
            assert!(out.starts_with("status unique solutions 1 "), "{out}");
        }
        let (ok, out, _) = dlxlab(&["honeycomb", "count", puzzles[1]]);
        assert!(ok && out.contains("solutions 1 (unique)"), "{out}");
        let (ok, _, err) = dlxlab(&["honeycomb", "solve", "12x"]);
        assert!(!ok);
        assert!(
            err.contains("line has 3 cells; a honeycomb puzzle has 61"),
            "{err}"
        );
        let (ok, out, _) = dlxlab(&["honeycomb", "compare", "--generate", "3", "--seed", "2"]);
        assert!(ok);
        assert!(
            out.contains("Disagreements (status or solution): 0"),
            "{out}"
        );
        assert!(out.contains("| xc (DLX) | 3 | 0 | 0 | 0 | 0 |"), "{out}");
    }
}
