//! Tests of the protocol parser and of the process handling, with `sh` programs that answer,
//! crash, hang and babble.

use super::protocol::{parse_answer, MAX_LINE};
use super::*;

const PUZZLE: &str =
    "..2.739.....94.......2...58....54...1.4..6...693.....7........1......635..9.3.8..";

fn grid() -> Grid {
    Grid::parse(PUZZLE).unwrap()
}

fn solution() -> String {
    crate::solvers::by_name("dlx")
        .unwrap()
        .run(&grid(), &SolveLimits::default())
        .solution
        .unwrap()
        .to_line()
}

#[test]
fn answers_parse() {
    let nine = Shape::CLASSIC;
    let sol = solution();
    let a = parse_answer(&format!("{sol} nodes=12 guesses=3 time_ns=99 note=x"), nine).unwrap();
    assert_eq!(a.status, Status::Unique);
    assert_eq!(a.solution.unwrap().to_line(), sol);
    assert_eq!(
        (a.nodes, a.guesses, a.time_ns),
        (Some(12), Some(3), Some(99))
    );
    assert_eq!(parse_answer("none", nine).unwrap().status, Status::None);
    assert_eq!(parse_answer("limit nodes=5", nine).unwrap().nodes, Some(5));
    let m = parse_answer("multiple", nine).unwrap();
    assert_eq!((m.status, m.solution), (Status::Multiple, None));
    let m = parse_answer(&format!("multiple {sol} nodes=1"), nine).unwrap();
    assert!(m.solution.is_some() && m.nodes == Some(1));
    for bad in [
        "",
        "hello",
        PUZZLE,
        "none nodes=-1",
        "none nodes",
        "1234",
        &"1".repeat(81),
    ] {
        assert!(parse_answer(bad, nine).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn names_are_checked() {
    assert!(ExternalSolver::parse("mine=cat", 100).is_ok());
    assert!(matches!(
        ExternalSolver::parse("dlx=cat", 100),
        Err(ExternalError::NameTaken(_))
    ));
    for bad in ["nocommand", "=cat", "a b=cat", "x="] {
        assert!(ExternalSolver::parse(bad, 100).is_err(), "{bad}");
    }
}

/// A solver whose program prints `answer` to every line.
fn echoing(answer: &str, max_ms: u64) -> ExternalSolver {
    let cmd = format!("sh -c 'while read -r l; do echo \"{answer}\"; done'");
    ExternalSolver::new("echoing", &cmd, max_ms).unwrap()
}

#[test]
fn a_good_program_answers_and_is_reused() {
    let s = echoing(&format!("{} nodes=7", solution()), 5000);
    for _ in 0..3 {
        let out = s.run_checked(&grid(), &SolveLimits::default()).unwrap();
        assert_eq!(out.status, Status::Unique);
        assert_eq!(out.stats.nodes, 7);
        assert!(out.stats.time_ns > 0);
    }
    assert_eq!(s.idle.lock().unwrap().len(), 1, "one process, kept");
}

#[test]
fn crash_hang_and_garbage_each_cost_one_answer() {
    let limits = SolveLimits::default();
    // Exits at once: an error naming the exit, and the next call starts it again.
    let crash = ExternalSolver::new("crash", "sh -c 'read -r l; exit 3'", 5000).unwrap();
    for _ in 0..2 {
        let err = crash.run_checked(&grid(), &limits).unwrap_err();
        assert!(err.contains("crash") && err.contains("exit"), "{err}");
    }
    // Never answers: killed after the limit, with status `timeout` (no claim, no error, nothing
    // counted), and started again for the next puzzle.
    let hang = ExternalSolver::new("hang", "sleep 30", 200).unwrap();
    let start = Instant::now();
    let out = hang.run_checked(&grid(), &limits).unwrap();
    assert_eq!(
        (out.status, out.solutions, out.solution),
        (Status::Timeout, 0, None)
    );
    assert!(out.stats.unreported.nodes && out.stats.unreported.guesses);
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(
        hang.idle.lock().unwrap().is_empty(),
        "the hung process is gone"
    );
    // Garbage, then a long line: refused with the reason.
    let babble = echoing("hello world", 5000);
    let err = babble.run_checked(&grid(), &limits).unwrap_err();
    assert!(err.contains("garbage"), "{err}");
    assert!(
        babble.idle.lock().unwrap().is_empty(),
        "the babbling process is gone"
    );
    let long = format!(
        "sh -c 'read -r l; head -c {} /dev/zero | tr \"\\0\" x; echo'",
        MAX_LINE + 10
    );
    let long = ExternalSolver::new("long", &long, 5000).unwrap();
    let err = long.run_checked(&grid(), &limits).unwrap_err();
    assert!(err.contains("longer than"), "{err}");
    // `solve` of a failing program: status limit, nothing claimed.
    assert_eq!(crash.solve(&grid(), &limits).status, Status::Limit);
}

#[test]
fn the_null_server_answers_limit_to_every_line() {
    let mut out = Vec::new();
    let n = serve_null(&b"a\nb\n\nc\n"[..], &mut out).unwrap();
    assert_eq!(n, 4);
    assert_eq!(out, b"limit\nlimit\nlimit\nlimit\n");
}

#[test]
fn counters_not_reported_are_unknown_not_zero() {
    let s = echoing(&solution(), 5000);
    let out = s.run_checked(&grid(), &SolveLimits::default()).unwrap();
    assert_eq!(out.status, Status::Unique);
    assert!(out.stats.unreported.nodes && out.stats.unreported.guesses);
    let s = echoing(&format!("{} guesses=0", solution()), 5000);
    let out = s.run_checked(&grid(), &SolveLimits::default()).unwrap();
    assert!(out.stats.unreported.nodes && !out.stats.unreported.guesses);
}
