//! The differential test (issue 3): every registered solver over every fixture it supports must
//! agree with the fixture — status, solution count and solution — and every solution must pass
//! `check_solution`. `backtrack` runs under a node budget and may answer `limit`, nothing else.

use dlxlab::budget::Limits;
use dlxlab::solvers::trace::{self, TraceEvent, TRACEABLE};
use dlxlab::solvers::{all_solvers, counting_solvers, names, Outcome, SolveLimits, Solver, Status};
use dlxlab::sudoku::{check_solution, Grid};

const FIXTURES: &str = include_str!("../fixtures/sudoku.txt");

/// Counts up to this are counted exactly by every solver; larger ones are checked as `multiple`.
const COUNT_ALL_UP_TO: u64 = 300;

/// The node budget of `backtrack`, which has no propagation and may take very long otherwise.
const BACKTRACK_NODES: u64 = 200_000;

enum Expect {
    Invalid,
    Count(u64, Option<String>),
}

struct Fixture {
    line: usize,
    puzzle: String,
    expect: Expect,
}

fn fixtures() -> Vec<Fixture> {
    FIXTURES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let mut fields = l.split(':');
            let puzzle = fields.next().unwrap().to_string();
            let count = fields.next().expect("count field");
            let expect = if count == "invalid" {
                Expect::Invalid
            } else {
                let n: u64 = count.parse().expect("numeric count");
                Expect::Count(n, fields.next().map(str::to_string))
            };
            Fixture {
                line: i + 1,
                puzzle,
                expect,
            }
        })
        .collect()
}

fn limits_for(solver: &dyn Solver, count: u64) -> SolveLimits {
    SolveLimits {
        max_solutions: if count <= COUNT_ALL_UP_TO { 0 } else { 2 },
        budget: if solver.name() == "backtrack" {
            Limits::nodes(BACKTRACK_NODES)
        } else {
            Limits::NONE
        },
    }
}

/// Everything wrong with one answer, as messages.
fn judge(
    solver: &dyn Solver,
    f: &Fixture,
    grid: &Grid,
    count: u64,
    expected: Option<&str>,
    out: &Outcome,
) -> Vec<String> {
    let mut errors = Vec::new();
    let at = format!("{} on fixture line {}", solver.name(), f.line);
    if let Some(sol) = &out.solution {
        if let Err(e) = check_solution(grid, sol) {
            errors.push(format!("{at}: invalid solution {sol}: {e}"));
        }
    }
    let s = &out.stats;
    if s.nodes < 1 || s.guesses > s.nodes {
        errors.push(format!("{at}: stats out of range: {s:?}"));
    }
    if solver.name() == "backtrack" && s.nodes == BACKTRACK_NODES {
        // The budget ran out: `limit`, or `multiple` with a partial count when two solutions
        // were found before it did.
        let partial = out.status == Status::Multiple && count >= out.solutions;
        if out.status != Status::Limit && !partial {
            errors.push(format!("{at}: out of budget but answered {}", out.status));
        }
        return errors;
    }
    let status = match count {
        0 => Status::None,
        1 => Status::Unique,
        _ => Status::Multiple,
    };
    let solutions = if count <= COUNT_ALL_UP_TO { count } else { 2 };
    if out.status != status || out.solutions != solutions {
        errors.push(format!(
            "{at}: got {} with {} solutions, expected {status} with {solutions}",
            out.status, out.solutions
        ));
    }
    if let Some(want) = expected {
        let got = out.solution.as_ref().map(Grid::to_line);
        if got.as_deref() != Some(want) {
            errors.push(format!("{at}: solution {got:?}, expected {want}"));
        }
    }
    if status != Status::None && out.solution.is_none() {
        errors.push(format!("{at}: no solution returned"));
    }
    errors
}

#[test]
fn every_solver_agrees_with_the_fixtures() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 35, "fixture file too small");
    let mut errors = Vec::new();
    for solver in all_solvers().into_iter().chain(counting_solvers()) {
        let mut tried = 0;
        for f in &fixtures {
            let (count, expected) = match &f.expect {
                Expect::Invalid => {
                    if Grid::parse(&f.puzzle).is_ok() {
                        errors.push(format!(
                            "fixture line {} parses but is marked invalid",
                            f.line
                        ));
                    }
                    continue;
                }
                Expect::Count(n, sol) => (*n, sol.as_deref()),
            };
            let grid =
                Grid::parse(&f.puzzle).unwrap_or_else(|e| panic!("fixture line {}: {e}", f.line));
            if !solver.supports(grid.shape()) {
                continue;
            }
            tried += 1;
            let out = solver.run(&grid, &limits_for(solver.as_ref(), count));
            errors.extend(judge(solver.as_ref(), f, &grid, count, expected, &out));
        }
        assert!(
            tried >= 20,
            "{} supports only {tried} fixtures",
            solver.name()
        );
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn tracing_does_not_change_the_search() {
    for f in fixtures() {
        let Expect::Count(count, _) = f.expect else {
            continue;
        };
        let grid = Grid::parse(&f.puzzle).unwrap();
        if grid.shape().side() > 9 || count > 10 {
            continue;
        }
        for name in TRACEABLE {
            let solver = dlxlab::solvers::by_name(name).unwrap();
            let limits = limits_for(solver.as_ref(), count);
            let plain = solver.solve(&grid, &limits);
            let mut events = 0u64;
            let mut trials = 0u64;
            let traced = trace::solve_traced(name, &grid, &limits, |e: TraceEvent| {
                events += 1;
                trials += matches!(e, TraceEvent::Trial { .. }) as u64;
            })
            .unwrap();
            assert_eq!(plain, traced, "{name} on fixture line {}", f.line);
            // Every node but the root is entered by one trial.
            if traced.status != Status::Limit {
                assert_eq!(trials + 1, traced.stats.nodes, "{name} line {}", f.line);
            }
            assert!(
                events >= 1 || count == 1,
                "{name} line {} traced nothing",
                f.line
            );
        }
    }
}

#[test]
fn registry_order() {
    let names = names();
    let mine = ["backtrack", "mrv", "singles", "locked", "subsets"];
    let positions: Vec<usize> = mine
        .iter()
        .map(|m| names.iter().position(|n| n == m).expect("registered"))
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{names:?}");
}

/// With `$DLXLAB_DATA` set, the first 100 17-clue puzzles through every solver but `backtrack`.
#[test]
#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
fn first_17_clue_puzzles_agree() {
    let text = super::support::data_text("17-clue.txt");
    let solvers: Vec<_> = all_solvers()
        .into_iter()
        .filter(|s| s.name() != "backtrack")
        .collect();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(100) {
        let grid = Grid::parse(line.split_whitespace().next().unwrap()).unwrap();
        let answers: Vec<Outcome> = solvers
            .iter()
            .map(|s| s.solve(&grid, &SolveLimits::default()))
            .collect();
        for (s, out) in solvers.iter().zip(&answers) {
            assert_eq!(out.status, Status::Unique, "{} on {line}", s.name());
            check_solution(&grid, out.solution.as_ref().unwrap()).unwrap();
            assert_eq!(out.solution, answers[0].solution, "{} on {line}", s.name());
        }
    }
}

mod random_small_grids {
    use super::*;
    use dlxlab::sudoku::Shape;
    use proptest::prelude::*;

    /// A grid of `shape` with the givens that do not clash among `tries` (cell, digit) pairs.
    fn grid_from(shape: Shape, tries: &[(usize, u8)]) -> Grid {
        let mut grid = Grid::empty(shape);
        for &(cell, d) in tries {
            let cell = cell % shape.cells();
            let d = d % shape.side() as u8 + 1;
            if grid.get(cell) == 0 && grid.candidates(cell) & (1 << (d - 1)) != 0 {
                grid.set(cell, d);
            }
        }
        grid
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every solver that handles the size counts the solutions of random 4x4 and 6x6 puzzles
        /// (up to 50: an empty 6x6 has 28 million) the same way, and each first solution is valid.
        #[test]
        fn all_solvers_count_alike(
            tries in proptest::collection::vec((0usize..36, 0u8..6), 0..14),
            six in any::<bool>(),
        ) {
            let shape = if six { Shape::new(2, 3).unwrap() } else { Shape::square(2).unwrap() };
            let grid = grid_from(shape, &tries);
            let limits = SolveLimits { max_solutions: 50, budget: Limits::NONE };
            let mut first: Option<(String, Status, u64)> = None;
            for solver in all_solvers().into_iter().filter(|s| s.supports(shape)) {
                let out = solver.solve(&grid, &limits);
                if let Some(sol) = &out.solution {
                    prop_assert!(check_solution(&grid, sol).is_ok(), "{} on {grid}", solver.name());
                }
                match &first {
                    None => first = Some((solver.name().to_string(), out.status, out.solutions)),
                    Some((name, status, count)) => prop_assert_eq!(
                        (out.status, out.solutions),
                        (*status, *count),
                        "{} vs {} on {}", solver.name(), name, grid
                    ),
                }
            }
        }
    }
}

/// Calling a solver directly on a size it does not support answers `invalid` instead of panicking
/// (callers normally check `supports` first).
#[test]
fn unsupported_sizes_answer_invalid() {
    use dlxlab::sudoku::Shape;
    for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6)] {
        let shape = Shape::new(r, c).unwrap();
        let grid = Grid::empty(shape);
        for solver in all_solvers().into_iter().chain(counting_solvers()) {
            if solver.supports(shape) {
                continue;
            }
            let out = solver.solve(&grid, &SolveLimits::default());
            assert_eq!(
                (out.status, out.solutions, out.solution.is_none()),
                (Status::Invalid, 0, true),
                "{} on an empty {}x{}",
                solver.name(),
                shape.side(),
                shape.side()
            );
        }
    }
}
