//! Honeycomb Sudoku: geometry, the exact-cover encoding, the two solvers, the hard data set.

use std::collections::BTreeSet;

use dlxlab::puzzles::honeycomb::compare::{compare, Summary};
use dlxlab::puzzles::honeycomb::seq::SeqSolver;
use dlxlab::puzzles::honeycomb::xc::{self, XcSolver};
use dlxlab::puzzles::honeycomb::{
    check_solution, geometry, HoneyGrid, HoneycombError, RuleError, CELLS, ROW_LENGTHS,
};
use dlxlab::solvers::{SolveLimits, Status};
use rand::SeedableRng;
use rand_pcg::Pcg64;

/// The lines built a second way, from (row, position) offsets and neighbour steps, to check the
/// axial construction of the library.
fn lines_by_steps() -> Vec<BTreeSet<usize>> {
    let mut index = vec![];
    let mut k = 0;
    for &len in &ROW_LENGTHS {
        index.push((k..k + len).collect::<Vec<_>>());
        k += len;
    }
    let at = |i: isize, j: isize| -> Option<usize> {
        if !(0..9).contains(&i) || j < 0 || j as usize >= ROW_LENGTHS[i as usize] {
            None
        } else {
            Some(index[i as usize][j as usize])
        }
    };
    // Stepping one row down: in the upper half rows widen, so down-left keeps j and down-right
    // adds one; in the lower half down-left subtracts one and down-right keeps j.
    let step = |i: isize, j: isize, right: bool| -> (isize, isize) {
        match (i < 4, right) {
            (true, false) => (i + 1, j),
            (true, true) => (i + 1, j + 1),
            (false, false) => (i + 1, j - 1),
            (false, true) => (i + 1, j),
        }
    };
    let mut lines: Vec<BTreeSet<usize>> =
        index.iter().map(|r| r.iter().copied().collect()).collect();
    for right in [false, true] {
        let mut starts = BTreeSet::new();
        for i in 0..9isize {
            for j in 0..ROW_LENGTHS[i as usize] as isize {
                // A chain starts at a cell with no predecessor in this direction.
                let has_pred = (0..9isize).any(|pi| {
                    (0..ROW_LENGTHS[pi as usize] as isize)
                        .any(|pj| pi + 1 == i && step(pi, pj, right) == (i, j))
                });
                if !has_pred {
                    starts.insert((i, j));
                }
            }
        }
        for (mut i, mut j) in starts {
            let mut line = BTreeSet::new();
            while let Some(c) = at(i, j) {
                line.insert(c);
                (i, j) = step(i, j, right);
            }
            lines.push(line);
        }
    }
    lines
}

#[test]
fn geometry_has_27_lines_and_3_per_cell() {
    let g = geometry();
    assert_eq!(g.lines.len(), 27);
    let mut lengths: Vec<usize> = g.lines.iter().map(Vec::len).collect();
    lengths.sort();
    let mut expected: Vec<usize> = ROW_LENGTHS.iter().flat_map(|&l| [l, l, l]).collect();
    expected.sort();
    assert_eq!(lengths, expected);
    for c in 0..CELLS {
        assert_eq!(g.lines.iter().filter(|l| l.contains(&c)).count(), 3);
    }
    let ours: BTreeSet<BTreeSet<usize>> = g
        .lines
        .iter()
        .map(|l| l.iter().copied().collect())
        .collect();
    let theirs: BTreeSet<BTreeSet<usize>> = lines_by_steps().into_iter().collect();
    assert_eq!(ours, theirs);
}

#[test]
fn encoding_sizes() {
    let m = xc::encode();
    assert_eq!(m.problem().n_primary(), 61 + 27 * 9);
    // 549 placements; six lines each of lengths 5, 6, 7, 8 with 5, 4, 3, 2 windows.
    assert_eq!(m.problem().n_options(), 549 + 6 * (5 + 4 + 3 + 2));
}

#[test]
fn parse_errors_name_the_column() {
    assert_eq!(
        HoneyGrid::parse("123"),
        Err(HoneycombError::Length { len: 3 })
    );
    let mut line = ".".repeat(61);
    line.replace_range(9..10, "x");
    assert_eq!(
        HoneyGrid::parse(&line),
        Err(HoneycombError::Char { col: 10, ch: 'x' })
    );
}

fn grid(seed: u64) -> HoneyGrid {
    xc::random_grid(&mut Pcg64::seed_from_u64(seed))
}

#[test]
fn random_grids_follow_the_rules() {
    for seed in 0..20 {
        let g = grid(seed);
        check_solution(&g, &g).unwrap();
    }
}

#[test]
fn checker_rejects_broken_grids() {
    let g = grid(1);
    let mut bad = g;
    let line = &geometry().lines[0];
    let (a, b) = (line[0], line[1]);
    bad.set(a, g.cells()[b]);
    assert!(matches!(
        check_solution(&HoneyGrid::empty(), &bad),
        Err(RuleError::Repeated { .. }) | Err(RuleError::NotConsecutive { .. })
    ));
    let mut empty = g;
    empty.set(7, 0);
    assert_eq!(
        check_solution(&HoneyGrid::empty(), &empty),
        Err(RuleError::Empty(7))
    );
}

/// Counts the completions of `puzzle` by trying every digit in every empty cell and keeping the
/// fillings the rule checker accepts: an oracle that does not use the encoding.
fn brute_force(puzzle: &HoneyGrid) -> u64 {
    let empty: Vec<usize> = (0..CELLS).filter(|&c| puzzle.cells()[c] == 0).collect();
    let total = 9u64.pow(empty.len() as u32);
    let mut n = 0;
    for mut code in 0..total {
        let mut g = *puzzle;
        for &c in &empty {
            g.set(c, (code % 9) as u8 + 1);
            code /= 9;
        }
        n += check_solution(puzzle, &g).is_ok() as u64;
    }
    n
}

#[test]
fn exact_cover_counts_agree_with_brute_force() {
    let mut solver = XcSolver::new();
    let all = SolveLimits {
        max_solutions: 0,
        ..SolveLimits::default()
    };
    let mut none = 0;
    for seed in 0..12u64 {
        let g = grid(seed);
        // Empty four cells of one line and one elsewhere; for odd seeds also change a given of
        // that line, which usually leaves no completion.
        let mut p = g;
        let line = &geometry().lines[(seed as usize * 5) % 27];
        let mut holes: Vec<usize> = line.iter().copied().take(3).collect();
        holes.push(line[line.len() - 1]);
        holes.push((seed as usize * 13) % CELLS);
        for &c in &holes {
            p.set(c, 0);
        }
        if seed % 2 == 1 {
            let c = line[3];
            p.set(c, p.cells()[c] % 9 + 1);
        }
        let want = brute_force(&p);
        let got = solver.solve(&p, &all);
        assert_eq!(got.solutions, want, "seed {seed} puzzle {p}");
        let seq = SeqSolver.solve(&p, &all);
        assert_eq!(seq.solutions, want, "seq, seed {seed} puzzle {p}");
        assert_eq!(seq.solution, got.solution);
        none += (want == 0) as u32;
        if let Some(s) = got.solution {
            check_solution(&p, &s).unwrap();
        }
    }
    assert!(none > 0, "no hand-made instance without a completion");
}

#[test]
fn two_grids_agreeing_cells_have_every_solution_checked() {
    let mut solver = XcSolver::new();
    let (a, b) = (grid(11), grid(12));
    let mut p = HoneyGrid::empty();
    for c in 0..CELLS {
        if a.cells()[c] == b.cells()[c] {
            p.set(c, a.cells()[c]);
        }
    }
    let out = solver.solve(
        &p,
        &SolveLimits {
            max_solutions: 0,
            ..SolveLimits::default()
        },
    );
    assert!(out.solutions >= 2, "{p} has both grids as solutions");
    let seq = SeqSolver.solve(
        &p,
        &SolveLimits {
            max_solutions: 0,
            ..SolveLimits::default()
        },
    );
    assert_eq!(seq.solutions, out.solutions);
    assert_eq!(out.status, Status::Multiple);
    check_solution(&p, &out.solution.unwrap()).unwrap();
}

#[test]
fn hand_made_instances() {
    let mut solver = XcSolver::new();
    let lim = SolveLimits::default();
    // A full grid: unique, no search beyond the root and the solution.
    let g = grid(3);
    let out = solver.solve(&g, &lim);
    assert_eq!(out.status, Status::Unique);
    assert_eq!(out.solution, Some(g));
    // The empty board has many completions.
    assert_eq!(
        solver.solve(&HoneyGrid::empty(), &lim).status,
        Status::Multiple
    );
    // Two equal digits on a row: none.
    let mut p = HoneyGrid::empty();
    p.set(0, 5);
    p.set(1, 5);
    assert_eq!(solver.solve(&p, &lim).status, Status::None);
    // 1 and 9 on a row of five cells: no window holds both.
    let mut p = HoneyGrid::empty();
    p.set(0, 1);
    p.set(4, 9);
    let out = solver.solve(&p, &lim);
    assert_eq!(out.status, Status::None);
    // 1 and 5 on the top row force it to 1..5.
    let mut p = HoneyGrid::empty();
    p.set(0, 1);
    p.set(4, 5);
    let out = solver.solve(&p, &lim);
    let s = out.solution.expect("solvable");
    let mut top: Vec<u8> = s.cells()[..5].to_vec();
    top.sort();
    assert_eq!(top, vec![1, 2, 3, 4, 5]);
}

/// What `honeycomb solve` checks before printing a solution: a right one passes, one with a
/// given changed is refused.
#[test]
fn outcome_check_refuses_a_doctored_solution() {
    let g = grid(3);
    let out = XcSolver::new().solve(&g, &SolveLimits::default());
    assert_eq!(out.check(&g), Ok(()));
    let mut other = g;
    other.set(0, g.cells()[0] % 9 + 1);
    assert!(out.check(&other).is_err());
}

#[test]
fn seq_solver_hand_made_and_limits() {
    let lim = SolveLimits::default();
    let g = grid(4);
    let out = SeqSolver.solve(&g, &lim);
    assert_eq!((out.status, out.stats.nodes), (Status::Unique, 1));
    assert_eq!(
        SeqSolver.solve(&HoneyGrid::empty(), &lim).status,
        Status::Multiple
    );
    let mut p = HoneyGrid::empty();
    p.set(0, 1);
    p.set(4, 9);
    let out = SeqSolver.solve(&p, &lim);
    assert_eq!(
        (out.status, out.stats.nodes, out.stats.backtracks),
        (Status::None, 1, 1)
    );
    // A node budget of one stops the empty board at the root.
    let out = SeqSolver.solve(
        &HoneyGrid::empty(),
        &SolveLimits {
            max_solutions: 2,
            budget: dlxlab::budget::Limits::nodes(1),
        },
    );
    assert_eq!(out.status, Status::Limit);
}

#[test]
fn summary_statistics() {
    let s = Summary::of(&[5, 1, 4, 2, 3, 10, 9, 8, 7, 6]);
    // The report's definitions: the median of an even count is the mean of the two middle
    // values; p90 interpolates at position 0.9 * (n - 1) = 8.1 of the sorted 1..=10.
    assert_eq!(s.max, 10);
    assert!((s.median - 5.5).abs() < 1e-9, "{s:?}");
    assert!((s.p90 - 9.1).abs() < 1e-9, "{s:?}");
    assert_eq!(Summary::of(&[7, 3, 5]).median, 5.0);
    assert!((s.mean - 5.5).abs() < 1e-9);
    assert_eq!(Summary::of(&[]), Summary::default());
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    let a = xc::generate(7, 4);
    assert_eq!(a, xc::generate(7, 4));
    let mut solver = XcSolver::new();
    for (p, s) in &a {
        check_solution(p, s).unwrap();
        let out = solver.solve(p, &SolveLimits::default());
        assert_eq!(out.status, Status::Unique);
        assert_eq!(out.solution.as_ref(), Some(s));
        // Checked by the other solver too.
        let seq = SeqSolver.solve(p, &SolveLimits::default());
        assert_eq!(seq.status, Status::Unique);
        assert_eq!(seq.solution.as_ref(), Some(s));
        // Minimal: every given is needed.
        for c in 0..CELLS {
            if p.cells()[c] != 0 {
                let mut q = *p;
                q.set(c, 0);
                assert_eq!(
                    solver.solve(&q, &SolveLimits::default()).status,
                    Status::Multiple
                );
            }
        }
    }
}

fn hard_set() -> Vec<HoneyGrid> {
    let text = super::support::data_text("hanidoku-hard.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| HoneyGrid::parse(l).expect("data set lines parse"))
        .collect()
}

/// Every 105th puzzle of the hard set (10 puzzles, a few seconds); the whole set runs in
/// `scripts/honeycomb-report.sh` and in the ignored test below.
#[test]
#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
fn hard_set_sample_solves_with_checked_solutions() {
    let puzzles = hard_set();
    assert_eq!(puzzles.len(), 1050);
    solve_and_check(puzzles.iter().step_by(105));
}

#[test]
#[ignore = "solves all 1,050 hard puzzles with both solvers (minutes in the test profile)"]
fn hard_set_all() {
    let puzzles = hard_set();
    solve_and_check(puzzles.iter());
}

fn solve_and_check<'a>(puzzles: impl Iterator<Item = &'a HoneyGrid>) {
    let puzzles: Vec<HoneyGrid> = puzzles.copied().collect();
    let c = compare(&puzzles, &SolveLimits::default());
    assert_eq!(c.xc.statuses, [puzzles.len(), 0, 0, 0]);
    assert_eq!(c.seq.statuses, [puzzles.len(), 0, 0, 0]);
    assert_eq!((c.xc.bad_solutions, c.seq.bad_solutions), (0, 0));
    assert!(c.disagreements.is_empty());
}

#[test]
fn random_path_estimate_on_trivial_trees() {
    use dlxlab::puzzles::honeycomb::seq::estimate_solutions;
    let mut rng = Pcg64::seed_from_u64(9);
    let g = grid(5);
    assert_eq!(estimate_solutions(&g, 10, &mut rng), (1.0, 0.0));
    let mut p = HoneyGrid::empty();
    p.set(0, 1);
    p.set(4, 9);
    assert_eq!(estimate_solutions(&p, 10, &mut rng), (0.0, 0.0));
}

/// `honeycomb sample` (issue 6): the split of the empty board's tree is exact, so the number of
/// subproblems at depth 20 is a fixed fact of the tree; the sample is reproducible from the seed,
/// and a node limit that cuts a subproblem short is an error, not a silent undercount.
#[test]
fn sample_estimate_cli() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_dlxlab"))
            .args(["honeycomb", "sample"])
            .args(args)
            .output()
            .unwrap()
    };
    let args = ["--depth", "20", "--samples", "300", "--seed", "2"];
    let out = run(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("depth 20 subproblems 622080 nodes_above 1204221 samples 300"));
    let estimate = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("estimate"))
            .unwrap()
            .to_string()
    };
    let again = String::from_utf8(run(&args).stdout).unwrap();
    assert_eq!(estimate(&text), estimate(&again));
    let limited = run(&["--depth", "2", "--samples", "3", "--max-nodes", "10"]);
    assert!(!limited.status.success());
    assert!(String::from_utf8_lossy(&limited.stderr).contains("node limit"));
}

/// The number of complete honeycomb grids (reports/honeycomb/summary.md): about 356 million DLX
/// nodes, a few minutes of one core, so it runs with `--ignored` only.
#[test]
#[ignore]
fn complete_grid_count() {
    let limits = SolveLimits {
        max_solutions: 0,
        ..SolveLimits::default()
    };
    let o = XcSolver::new().solve(&HoneyGrid::empty(), &limits);
    assert_eq!(o.solutions, 86_256);
    assert_eq!(o.stats.nodes, 355_778_397);
}
