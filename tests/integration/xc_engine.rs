//! Integration tests of the dancing-links engine (issue 2): counts, counters, colours, budgets,
//! forcing and releasing, and random problems against brute force.

use dlxlab::xc::count::{count, first_solution};
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::engine::{Engine, ForceError};
use dlxlab::xc::{ChoicePolicy, Control, Halt, Limits, OptionId, Problem, SearchEnd};

/// N-queens as in the issue: rows and columns primary, diagonals `a{i+j}` and `b{i-j+n-1}`
/// secondary, options row-major.
fn queens(n: usize) -> Problem {
    dlxlab::puzzles::queens::Queens::new(n)
        .unwrap()
        .problem()
        .clone()
}

#[test]
fn queens_counts() {
    let expected = [1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (k, &want) in expected.iter().enumerate() {
        let n = k + 1;
        let mut dlx = Dlx::new(&queens(n)).unwrap();
        let r = count(&mut dlx, 0, &Limits::NONE);
        assert_eq!(r.end, SearchEnd::Exhausted);
        assert_eq!(r.stats.solutions, want, "{n}-queens");
        dlx.check_invariants().unwrap();
    }
}

#[test]
fn queens12_counters_match_knuth() {
    let mut dlx = Dlx::new(&queens(12)).unwrap();
    let r = count(&mut dlx, 0, &Limits::NONE);
    assert_eq!(r.stats.solutions, 14200);
    // Knuth's dlx1/dlx2 on the same input: 327,813 nodes, 6.29 million updates.
    assert_eq!(r.stats.nodes, 327_813);
    assert_eq!(r.stats.updates, 6_285_452);
    assert_eq!(r.stats.profile.iter().sum::<u64>(), r.stats.nodes);
}

#[test]
fn first_policy_counts_the_same() {
    let mut dlx = Dlx::new(&queens(8)).unwrap();
    dlx.set_policy(ChoicePolicy::First);
    let r = count(&mut dlx, 0, &Limits::NONE);
    assert_eq!(r.stats.solutions, 92);
    dlx.check_invariants().unwrap();
}

#[test]
fn node_budget_gives_limit_and_restores_matrix() {
    let mut dlx = Dlx::new(&queens(12)).unwrap();
    let r = count(&mut dlx, 0, &Limits::nodes(1000));
    assert_eq!(r.end, SearchEnd::Limit(Halt::Nodes));
    assert!(r.stats.nodes <= 1000);
    assert!(r.stats.solutions < 14200);
    dlx.check_invariants().unwrap();
    // The matrix is reusable after a halted search.
    assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, 14200);
}

#[test]
fn time_budget_gives_limit() {
    let mut dlx = Dlx::new(&queens(12)).unwrap();
    let limits = Limits {
        max_nodes: None,
        max_time: Some(std::time::Duration::ZERO),
    };
    let r = count(&mut dlx, 0, &limits);
    assert_eq!(r.end, SearchEnd::Limit(Halt::Time));
    dlx.check_invariants().unwrap();
}

#[test]
fn stop_and_first_solution() {
    let mut dlx = Dlx::new(&queens(8)).unwrap();
    let r = count(&mut dlx, 5, &Limits::NONE);
    assert_eq!((r.stats.solutions, r.end), (5, SearchEnd::Stopped));
    dlx.check_invariants().unwrap();
    let (sol, r) = first_solution(&mut dlx, &Limits::NONE);
    assert_eq!(r.end, SearchEnd::Stopped);
    let sol = sol.unwrap();
    assert_eq!(sol.len(), 8);
    dlx.check_invariants().unwrap();
}

#[test]
fn force_and_release() {
    let p = queens(8);
    let mut dlx = Dlx::new(&p).unwrap();
    // Queen at row 0, column 0 (option 0): 4 of the 92 solutions.
    dlx.force(OptionId(0)).unwrap();
    dlx.check_invariants().unwrap();
    let mut seen = Vec::new();
    let r = dlx.search(&Limits::NONE, |sol| {
        seen.push(sol.to_vec());
        Control::Continue
    });
    assert_eq!(r.stats.solutions, 4);
    assert!(seen.iter().all(|s| s[0] == OptionId(0) && s.len() == 8));
    // Same row: clash on r0.
    match dlx.force(OptionId(1)) {
        Err(ForceError::ItemCovered { name, .. }) => assert_eq!(name, "r0"),
        other => panic!("expected a clash, got {other:?}"),
    }
    // Same diagonal a2 (row 1, column 1 shares b7 with row 0, column 0).
    assert!(dlx.force(OptionId(9)).is_err());
    dlx.force(OptionId(10)).unwrap(); // row 1, column 2
    dlx.check_invariants().unwrap();
    dlx.release();
    dlx.check_invariants().unwrap();
    assert_eq!(dlx.n_forced(), 0);
    assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, 92);
    assert!(matches!(
        dlx.force(OptionId(64)),
        Err(ForceError::UnknownOption { .. })
    ));
}

/// Brute force: counts subsets of options that cover every primary item exactly once and use every
/// secondary item either once without colour or any number of times with one colour.
fn brute_force(p: &Problem, forced: &[OptionId]) -> u64 {
    let n = p.n_options();
    assert!(n <= 16);
    let mut total = 0;
    'subsets: for mask in 0u32..(1 << n) {
        if forced.iter().any(|o| mask & (1 << o.0) == 0) {
            continue;
        }
        let options: Vec<OptionId> = (0..n as u32)
            .filter(|o| mask & (1 << o) != 0)
            .map(OptionId)
            .collect();
        if compatible(p, &options) && covers_primary(p, &options) {
            total += 1;
            continue 'subsets;
        }
    }
    total
}

fn covers_primary(p: &Problem, options: &[OptionId]) -> bool {
    let mut used = vec![0; p.n_items()];
    for &o in options {
        for e in p.option(o) {
            used[e.item.0 as usize] += 1;
        }
    }
    used[..p.n_primary()].iter().all(|&u| u == 1)
}

/// No primary item twice, and every secondary item used consistently.
fn compatible(p: &Problem, options: &[OptionId]) -> bool {
    let mut uses: Vec<Vec<Option<u32>>> = vec![Vec::new(); p.n_items()];
    for &o in options {
        for e in p.option(o) {
            uses[e.item.0 as usize].push(e.color.map(|c| c.0));
        }
    }
    uses.iter().enumerate().all(|(i, u)| {
        if i < p.n_primary() {
            u.len() <= 1
        } else {
            u.len() <= 1 || (u[0].is_some() && u.iter().all(|c| *c == u[0]))
        }
    })
}

#[test]
fn colours_small_known_answer() {
    // Two options may share x when they agree on its colour; an uncoloured use excludes all others.
    let mut b = Problem::builder();
    for name in ["a", "b", "c"] {
        b.primary(name).unwrap();
    }
    b.secondary("x").unwrap();
    b.secondary("y").unwrap();
    b.option_named(&["a", "x:R"]).unwrap();
    b.option_named(&["b", "x:R", "y:G"]).unwrap();
    b.option_named(&["b", "x:B"]).unwrap();
    b.option_named(&["c", "y:G"]).unwrap();
    b.option_named(&["c", "x"]).unwrap();
    b.option_named(&["a", "b", "y"]).unwrap();
    b.option_named(&["c"]).unwrap();
    let p = b.build().unwrap();
    // {0,1,3}, {0,1,6}, {4,5}, {5,6}: the others clash on x's colour, on x used without colour
    // beside a coloured use, or on y.
    assert_eq!(brute_force(&p, &[]), 4);
    let mut dlx = Dlx::new(&p).unwrap();
    let mut sols = Vec::new();
    let r = dlx.search(&Limits::NONE, |s| {
        let mut s = s.to_vec();
        s.sort();
        sols.push(s);
        Control::Continue
    });
    assert_eq!(r.stats.solutions, 4);
    sols.sort();
    let o = |v: &[u32]| v.iter().map(|&k| OptionId(k)).collect::<Vec<_>>();
    assert_eq!(
        sols,
        vec![o(&[0, 1, 3]), o(&[0, 1, 6]), o(&[4, 5]), o(&[5, 6])]
    );
    dlx.check_invariants().unwrap();
    // Forcing option 2 (x:B) makes option 0 (x:R) clash by colour.
    dlx.force(OptionId(2)).unwrap();
    assert!(matches!(
        dlx.force(OptionId(0)),
        Err(ForceError::ColorConflict { .. })
    ));
    dlx.release();
    dlx.force(OptionId(0)).unwrap();
    dlx.force(OptionId(1)).unwrap(); // agrees on x:R
    assert!(matches!(
        dlx.force(OptionId(4)),
        Err(ForceError::ColorConflict { .. })
    ));
    assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, 2);
    dlx.release();
    dlx.check_invariants().unwrap();
}

mod random {
    use super::*;
    use proptest::prelude::*;

    /// A random small problem: items, then options as (item, colour) lists.
    fn problem() -> impl Strategy<Value = Problem> {
        (1usize..5, 0usize..4).prop_flat_map(|(np, ns)| {
            let n = np + ns;
            let entry = (0..n, 0u32..3);
            let option = proptest::collection::vec(entry, 1..4);
            proptest::collection::vec(option, 1..12).prop_map(move |opts| {
                let mut b = Problem::builder();
                for i in 0..np {
                    b.primary(format!("p{i}")).unwrap();
                }
                for i in 0..ns {
                    b.secondary(format!("s{i}")).unwrap();
                }
                let colors = [b.color("R").unwrap(), b.color("G").unwrap()];
                for opt in opts {
                    let mut entries: Vec<dlxlab::xc::Entry> = Vec::new();
                    for (item, c) in opt {
                        if entries.iter().any(|e| e.item.0 as usize == item) {
                            continue;
                        }
                        let color = (item >= np && c > 0).then(|| colors[c as usize - 1]);
                        entries.push(dlxlab::xc::Entry {
                            item: dlxlab::xc::ItemId(item as u32),
                            color,
                        });
                    }
                    b.option_entries(&entries).unwrap();
                }
                b.build().unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn count_equals_brute_force(p in problem(), force in proptest::collection::vec(0usize..16, 0..3), first in any::<bool>()) {
            let mut dlx = Dlx::new(&p).unwrap();
            if first {
                dlx.set_policy(ChoicePolicy::First);
            }
            let r = count(&mut dlx, 0, &Limits::NONE);
            prop_assert_eq!(r.stats.solutions, brute_force(&p, &[]));
            prop_assert_eq!(r.stats.profile.iter().sum::<u64>(), r.stats.nodes);
            dlx.check_invariants().map_err(TestCaseError::fail)?;
            let mut forced = Vec::new();
            for f in force {
                if p.n_options() == 0 { break; }
                let o = OptionId((f % p.n_options()) as u32);
                let mut with = forced.clone();
                with.push(o);
                let ok = !forced.contains(&o) && compatible(&p, &with);
                prop_assert_eq!(dlx.force(o).is_ok(), ok);
                if ok {
                    forced.push(o);
                }
                dlx.check_invariants().map_err(TestCaseError::fail)?;
            }
            let mut valid = true;
            let r = dlx.search(&Limits::NONE, |s| {
                valid &= s.starts_with(&forced) && compatible(&p, s) && covers_primary(&p, s);
                Control::Continue
            });
            prop_assert!(valid);
            prop_assert_eq!(r.stats.solutions, brute_force(&p, &forced));
            dlx.release();
            dlx.check_invariants().map_err(TestCaseError::fail)?;
            prop_assert_eq!(count(&mut dlx, 0, &Limits::NONE).stats.solutions, brute_force(&p, &[]));
        }
    }
}

mod sudoku_dlx {
    use dlxlab::puzzles::sudoku::encode;
    use dlxlab::solvers::{by_name, SolveLimits, Status};
    use dlxlab::sudoku::{check_solution, Grid, Shape};
    use dlxlab::xc::dlx::Dlx;
    use dlxlab::xc::engine::Engine;
    use dlxlab::xc::Limits;

    const HARD17: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn solve(line: &str, max: u64) -> dlxlab::solvers::Outcome {
        let solver = by_name("dlx").expect("dlx is registered");
        let grid = Grid::parse(line).unwrap();
        let limits = SolveLimits {
            max_solutions: max,
            budget: Limits::NONE,
        };
        let out = solver.solve(&grid, &limits);
        if let Some(sol) = &out.solution {
            check_solution(&grid, sol).unwrap();
        }
        out
    }

    #[test]
    fn unique_multiple_none() {
        let out = solve(HARD17, 2);
        assert_eq!(out.status, Status::Unique);
        assert!(out.stats.nodes > 0 && out.stats.guesses > 0);
        // The cached matrix was restored: the same puzzle costs the same again.
        assert_eq!(solve(HARD17, 2).stats, out.stats);
        assert_eq!(solve(&".".repeat(81), 2).status, Status::Multiple);
        // Row 1 misses only 9, which column 9 already has: no solution, no clashing givens.
        let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert_eq!(solve(&none, 2).status, Status::None);
    }

    #[test]
    fn other_shapes() {
        assert_eq!(solve(&".".repeat(16), 0).solutions, 288);
        assert_eq!(solve(&".".repeat(36), 1).status, Status::Limit);
        let out = solve(&".".repeat(256), 1);
        assert!(out.solution.is_some());
        // 36x36 needs 32-bit node indices; a node budget keeps the test short.
        let solver = by_name("dlx").unwrap();
        let grid = Grid::parse(&".".repeat(1296)).unwrap();
        let limits = SolveLimits {
            max_solutions: 1,
            budget: Limits::nodes(3000),
        };
        let out = solver.solve(&grid, &limits);
        assert_eq!(out.status, Status::Limit);
        assert!(out.stats.nodes <= 3000);
        if let Some(sol) = &out.solution {
            check_solution(&grid, sol).unwrap();
        }
    }

    #[test]
    fn forcing_givens_restores_the_matrix() {
        let grid = Grid::parse(HARD17).unwrap();
        let xc = encode(Shape::CLASSIC);
        let mut dlx = Dlx::new(xc.problem()).unwrap();
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                dlx.force(xc.option_of(cell, d)).unwrap();
            }
        }
        assert!(dlx.force(xc.option_of(0, 4)).is_err());
        let (sol, _) = dlxlab::xc::count::first_solution(&mut dlx, &Limits::NONE);
        let sol = xc.decode(&sol.unwrap()).unwrap();
        check_solution(&grid, &sol).unwrap();
        dlx.release();
        dlx.check_invariants().unwrap();
    }

    /// The first 300 puzzles of the 17-clue corpus, when `$DLXLAB_DATA` points at it.
    #[test]
    #[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
    fn corpus_17_clue() {
        let text = crate::support::data_text("17-clue.txt");
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(300)
        {
            let line = line.split_whitespace().next().unwrap();
            assert_eq!(solve(line, 2).status, Status::Unique, "{line}");
        }
    }
}

/// The uniform fast path must count exactly what the general engine counts.
mod uniform {
    use dlxlab::puzzles::sudoku::encode;
    use dlxlab::sudoku::{Grid, Shape};
    use dlxlab::xc::dlx::{Dlx, UniformDlx};
    use dlxlab::xc::engine::Engine;
    use dlxlab::xc::{ChoicePolicy, Control, Limits, OptionId, Problem, SearchResult};
    use proptest::prelude::*;

    fn run<E: Engine + ?Sized>(e: &mut E, limits: &Limits) -> (SearchResult, Vec<Vec<OptionId>>) {
        let mut sols = Vec::new();
        let r = e.search_dyn(limits, &mut |s| {
            sols.push(s.to_vec());
            Control::Continue
        });
        e.check_invariants().unwrap();
        (r, sols)
    }

    fn same_on(p: &Problem, forced: &[OptionId], policy: ChoicePolicy, limits: &Limits) {
        let mut d = Dlx::new(p).unwrap();
        let mut u = UniformDlx::<4>::new(p).unwrap();
        let mut w = UniformDlx::<4, u16>::new(p).unwrap();
        d.set_policy(policy);
        u.set_policy(policy);
        w.set_policy(policy);
        for &o in forced {
            let ok = d.force(o).is_ok();
            assert_eq!(ok, u.force(o).is_ok());
            assert_eq!(ok, w.force(o).is_ok());
        }
        let (rd, sd) = run(&mut d, limits);
        let (ru, su) = run(&mut u, limits);
        let (rw, sw) = run(&mut w, limits);
        // A second search on the same forced matrix sees exactly the same tree.
        assert_eq!(run(&mut w, limits), (rw.clone(), sw.clone()));
        assert_eq!(rd, ru);
        assert_eq!(sd, su);
        assert_eq!((&rd, &sd), (&rw, &sw));
        assert_eq!(d.branch_counts(), u.branch_counts());
        assert_eq!(d.branch_counts(), w.branch_counts());
        d.release();
        u.release();
        w.release();
        d.check_invariants().unwrap();
        u.check_invariants().unwrap();
        w.check_invariants().unwrap();
        // search_and_release: the same counters and solutions, and the matrix as built after it,
        // also when the search stops mid-tree.
        for stop_after in [1usize, usize::MAX] {
            for &o in forced {
                let _ = w.force(o);
            }
            let mut sols = Vec::new();
            let r = w.search_and_release(limits, |s| {
                sols.push(s.to_vec());
                if sols.len() >= stop_after {
                    Control::Stop
                } else {
                    Control::Continue
                }
            });
            w.check_invariants().unwrap();
            if stop_after == usize::MAX {
                assert_eq!((&r, &sols), (&rw, &sw));
            } else {
                assert_eq!(sols.first(), sw.first());
            }
        }
    }

    #[test]
    fn sudoku_puzzles() {
        let xc = encode(Shape::CLASSIC);
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
        ] {
            let g = Grid::parse(line).unwrap();
            let forced: Vec<_> = (0..81)
                .filter(|&c| g.get(c) != 0)
                .map(|c| xc.option_of(c, g.get(c)))
                .collect();
            same_on(xc.problem(), &forced, ChoicePolicy::Mrv, &Limits::NONE);
            same_on(
                xc.problem(),
                &forced,
                ChoicePolicy::First,
                &Limits::nodes(5000),
            );
        }
        let small = encode(Shape::new(2, 3).unwrap());
        same_on(
            small.problem(),
            &[],
            ChoicePolicy::Mrv,
            &Limits::nodes(20_000),
        );
    }

    #[test]
    fn rejects_non_uniform() {
        let mut b = Problem::builder();
        let a = b.primary("a").unwrap();
        b.option(&[a]).unwrap();
        assert!(UniformDlx::<4>::new(&b.build().unwrap()).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_uniform(n in 4usize..9, opts in proptest::collection::vec(proptest::sample::subsequence((0..8).collect::<Vec<u32>>(), 4), 1..14), force in proptest::collection::vec(0usize..14, 0..3)) {
            let mut b = Problem::builder();
            let ids: Vec<_> = (0..n).map(|i| b.primary(format!("i{i}")).unwrap()).collect();
            for o in &opts {
                if o.iter().all(|&i| (i as usize) < n) {
                    let items: Vec<_> = o.iter().map(|&i| ids[i as usize]).collect();
                    b.option(&items).unwrap();
                }
            }
            let p = b.build().unwrap();
            let forced: Vec<_> = force.iter().filter(|_| p.n_options() > 0).map(|&f| OptionId((f % p.n_options().max(1)) as u32)).collect();
            same_on(&p, &forced, ChoicePolicy::Mrv, &Limits::NONE);
        }
    }
}

/// `choose::for_problem` (what `dlxlab xc` and the split counts use) takes the uniform fast path
/// whenever it applies, and that changes nothing but the speed (issue 7).
mod selection {
    use dlxlab::puzzles::langford::Langford;
    use dlxlab::puzzles::polyomino::Tiling;
    use dlxlab::xc::choose::{exact, for_problem_kind, EngineKind};
    use dlxlab::xc::dlx::Dlx;
    use dlxlab::xc::engine::Engine;
    use dlxlab::xc::{ChoicePolicy, Control, Limits, OptionId, Problem, SearchResult};
    use proptest::prelude::*;

    fn run(e: &mut dyn Engine, limits: &Limits) -> (SearchResult, Vec<Vec<OptionId>>) {
        let mut sols = Vec::new();
        let r = e.search_dyn(limits, &mut |s| {
            sols.push(s.to_vec());
            Control::Continue
        });
        e.check_invariants().unwrap();
        (r, sols)
    }

    /// The chosen engine and `Dlx` agree on solutions (in order) and every counter, after the
    /// same forced options; a clash must be refused by both.
    fn same_as_dlx(p: &Problem, forced: &[OptionId], policy: ChoicePolicy, limits: &Limits) {
        let mut d = Dlx::new(p).unwrap();
        let (mut e, _) = exact(p).unwrap();
        d.set_policy(policy);
        e.set_policy(policy);
        for &o in forced {
            assert_eq!(d.force(o).is_ok(), e.force(o).is_ok());
        }
        assert_eq!(run(&mut d, limits), run(e.as_mut(), limits));
        d.release();
        e.release();
        e.check_invariants().unwrap();
        assert_eq!(run(&mut d, limits), run(e.as_mut(), limits));
    }

    fn sudoku_grids(br: usize, bc: usize) -> Problem {
        let n = br * bc;
        let mut b = Problem::builder();
        let ids: Vec<_> = (0..4 * n * n)
            .map(|k| b.primary(format!("i{k}")).unwrap())
            .collect();
        for row in 0..n {
            for col in 0..n {
                let bx = (row / br) * br + col / bc;
                for d in 0..n {
                    b.option(&[
                        ids[row * n + col],
                        ids[n * n + row * n + d],
                        ids[2 * n * n + col * n + d],
                        ids[3 * n * n + bx * n + d],
                    ])
                    .unwrap();
                }
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn kinds() {
        let kind = |p: &Problem| for_problem_kind(p).1;
        assert_eq!(
            kind(Langford::new(7).unwrap().problem()),
            EngineKind::Uniform { width: 3 }
        );
        assert_eq!(kind(&sudoku_grids(2, 2)), EngineKind::Uniform { width: 4 });
        // Secondary items (the diagonals).
        assert_eq!(kind(&super::queens(6)), EngineKind::Dlx);
        // Uniform widths (6), but the piece items have more options than the fast path holds.
        let pento = Tiling::pentominoes(10, 6, false).unwrap();
        assert_eq!(kind(pento.problem()), EngineKind::Dlx);
        let mut b = Problem::builder();
        let a = b.primary_with_bounds("a", 1, 2).unwrap();
        b.option(&[a]).unwrap();
        assert_eq!(kind(&b.build().unwrap()), EngineKind::Mcc);
    }

    #[test]
    fn langford_and_grids_as_dlx() {
        for p in [
            Langford::new(7).unwrap().problem().clone(),
            Langford::new(8).unwrap().problem().clone(),
            sudoku_grids(2, 2),
        ] {
            same_as_dlx(&p, &[], ChoicePolicy::Mrv, &Limits::NONE);
            same_as_dlx(&p, &[], ChoicePolicy::First, &Limits::NONE);
            same_as_dlx(&p, &[OptionId(0)], ChoicePolicy::Mrv, &Limits::nodes(50));
        }
        let six = sudoku_grids(2, 3);
        let (r, _) = run(exact(&six).unwrap().0.as_mut(), &Limits::nodes(20_000));
        let mut d = Dlx::new(&six).unwrap();
        assert_eq!(r, run(&mut d, &Limits::nodes(20_000)).0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Every compiled width, items in any order within an option (the order decides which
        /// items a choice covers first).
        #[test]
        fn random_uniform_any_width(
            width in 2usize..=8,
            n in 8usize..14,
            opts in proptest::collection::vec(
                proptest::sample::subsequence((0..14).collect::<Vec<usize>>(), 8).prop_shuffle(),
                1..24,
            ),
            force in proptest::collection::vec(0usize..24, 0..3),
            first in any::<bool>(),
        ) {
            let mut b = Problem::builder();
            let ids: Vec<_> = (0..n).map(|i| b.primary(format!("i{i}")).unwrap()).collect();
            for o in &opts {
                let items: Vec<_> = o.iter().filter(|&&i| i < n).take(width).map(|&i| ids[i]).collect();
                if items.len() == width {
                    b.option(&items).unwrap();
                }
            }
            let p = b.build().unwrap();
            if p.n_options() > 0 {
                prop_assert_eq!(for_problem_kind(&p).1, EngineKind::Uniform { width });
            }
            let forced: Vec<_> = force
                .iter()
                .filter(|_| p.n_options() > 0)
                .map(|&f| OptionId((f % p.n_options()) as u32))
                .collect();
            let policy = if first { ChoicePolicy::First } else { ChoicePolicy::Mrv };
            same_as_dlx(&p, &forced, policy, &Limits::NONE);
        }
    }
}
