use super::*;
use crate::solvers::by_name;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn answers(
    solver: &str,
    count: bool,
    puzzles: &[&str],
    pool: Option<&rayon::ThreadPool>,
) -> String {
    let solver = by_name(solver).unwrap();
    let answering = Answering {
        solver: solver.as_ref(),
        limits: SolveLimits::default(),
        count,
        external: false,
        reference: None,
        permute: None,
    };
    let mut out = Vec::new();
    answering
        .answer_all((1..).zip(puzzles.iter().copied()), pool, &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn one_line_per_puzzle_as_to_line_writes_it() {
    let empty = ".".repeat(81);
    let dup = format!("44{}", &PUZZLE[2..]);
    let small = format!("1{}", ".".repeat(15));
    let puzzles = [PUZZLE, &empty, &dup, "123", &small];
    let text = answers("fast", false, &puzzles, None);
    let lines: Vec<&str> = text.lines().collect();
    let solution = by_name("fast")
        .unwrap()
        .solve(&Grid::parse(PUZZLE).unwrap(), &SolveLimits::default())
        .solution
        .unwrap()
        .to_line();
    assert_eq!(lines[0], solution);
    assert_eq!(lines[1], "multiple");
    assert_eq!(
        lines[2],
        "invalid: digit 4 given twice in row 1 (r1c1 and r1c2)"
    );
    assert!(
        lines[3].starts_with("invalid: line has 3 cells"),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "invalid: solver fast does not handle 4x4 grids");
    assert_eq!(lines.len(), puzzles.len());
    // The default limits stop at two solutions: a count of two is a lower bound (issue 38).
    let counts = answers("fast", true, &puzzles[..2], None);
    assert_eq!(counts, "1\nat least 2\n");
}

/// Issue 38: a count that `--max` or a budget cut short says so, with its lower bound.
#[test]
fn a_cut_count_is_a_lower_bound() {
    let outcome = |status, solutions| Outcome {
        status,
        solutions,
        solution: None,
        stats: Default::default(),
    };
    let line = |o: &Outcome, count| {
        let mut out = Vec::new();
        push_result(o, count, &mut out);
        String::from_utf8(out).unwrap()
    };
    assert_eq!(line(&outcome(Status::Multiple, 5), Some(5)), "at least 5\n");
    assert_eq!(line(&outcome(Status::Multiple, 5), Some(0)), "5\n");
    assert_eq!(line(&outcome(Status::Multiple, 4), Some(5)), "4\n");
    assert_eq!(
        line(&outcome(Status::Limit, 3), Some(0)),
        "limit: at least 3\n"
    );
    assert_eq!(line(&outcome(Status::Limit, 1), Some(1)), "at least 1\n");
    assert_eq!(line(&outcome(Status::Limit, 3), None), "limit\n");
}

#[test]
fn parallel_answers_keep_the_input_order() {
    // More lines than a chunk, so that several tasks answer them.
    let other = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let puzzles: Vec<&str> = (0..CHUNK * 3 + 7)
        .map(|i| if i % 3 == 0 { other } else { PUZZLE })
        .collect();
    let serial = answers("fast", false, &puzzles, None);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let parallel = answers("fast", false, &puzzles, Some(&pool));
    assert_eq!(serial, parallel);
    assert_eq!(parallel.lines().count(), puzzles.len());
    assert_ne!(serial.lines().next(), serial.lines().nth(1));
}

/// `write_traced` of `PUZZLE` by a search that reports `found` as its solution, once in
/// the trace and once as the outcome.
fn traced_with(found: Grid, count: bool) -> (String, Option<TracedAnswer>) {
    let mut out = Vec::new();
    let answer = write_traced(&mut out, "liar", PUZZLE, count.then_some(0), |_, sink| {
        sink(TraceEvent::Solution {
            depth: 0,
            index: 1,
            grid: found.clone(),
        });
        Some(Outcome {
            status: Status::Unique,
            solutions: 1,
            solution: Some(found),
            stats: Default::default(),
        })
    })
    .unwrap();
    (String::from_utf8(out).unwrap(), answer)
}

fn solution() -> Grid {
    by_name("fast")
        .unwrap()
        .solve(&Grid::parse(PUZZLE).unwrap(), &SolveLimits::default())
        .solution
        .unwrap()
}

#[test]
fn a_traced_right_solution_is_printed_in_the_trace_and_as_the_answer() {
    let right = solution();
    let (text, answer) = traced_with(right.clone(), false);
    assert_eq!(answer, Some(TracedAnswer::Answered));
    assert!(text.starts_with(&format!("# liar on {PUZZLE}\n")), "{text}");
    assert!(text.contains(&format!("solution 1: {}\n", right.to_line())));
    assert!(
        text.ends_with(&format!("\n{}\n", right.to_line())),
        "{text}"
    );

    // A real traced solver, through the function the CLI passes.
    let mut out = Vec::new();
    let answer = write_traced(&mut out, "singles", PUZZLE, None, |grid, sink| {
        crate::solvers::trace::solve_traced("singles", grid, &SolveLimits::default(), sink)
    })
    .unwrap();
    assert_eq!(answer, Some(TracedAnswer::Answered));
    let text = String::from_utf8(out).unwrap();
    assert!(text.ends_with(&format!("{}\n", right.to_line())), "{text}");
    let mut out = Vec::new();
    let none = write_traced(&mut out, "fast", PUZZLE, None, |grid, sink| {
        crate::solvers::trace::solve_traced("fast", grid, &SolveLimits::default(), sink)
    })
    .unwrap();
    assert_eq!(none, None, "fast cannot trace");
}

#[test]
fn a_traced_wrong_solution_is_never_printed_but_named_as_an_error() {
    let right = solution();
    // Two cells of the first row swapped where neither is a given (PUZZLE's r1c2 and r1c3
    // are empty): every row and box still holds each digit once, two columns do not.
    let mut swapped = right.clone();
    swapped.set(1, right.get(2));
    swapped.set(2, right.get(1));
    // A given changed (r1c1 is the given 4).
    let mut changed = right.clone();
    changed.set(
        0,
        if right.get(0) == 9 {
            1
        } else {
            right.get(0) + 1
        },
    );
    for (wrong, reason) in [(swapped, "column"), (changed, "given at r1c1 changed")] {
        for count in [false, true] {
            let (text, answer) = traced_with(wrong.clone(), count);
            assert_eq!(answer, Some(TracedAnswer::Wrong), "{text}");
            assert!(!text.contains(&wrong.to_line()), "printed: {text}");
            let errors: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with("error: solver liar gave a wrong solution: "))
                .collect();
            assert_eq!(errors.len(), 2, "in the trace and as the answer: {text}");
            assert!(errors[1].contains(reason), "{text}");
            assert!(
                text.ends_with(&format!("{}\n", errors[1])),
                "the answer line"
            );
        }
    }
}

#[test]
fn a_traced_line_that_is_not_a_puzzle_is_invalid_and_nothing_runs() {
    let mut out = Vec::new();
    let answer = write_traced(&mut out, "liar", "123", None, |_, _| {
        panic!("nothing to solve")
    })
    .unwrap();
    assert_eq!(answer, Some(TracedAnswer::Answered));
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("invalid: line has 3 cells"), "{text}");
}
