//! The examples really run (issue 2): each is included as a module and its entry point called.

#[allow(dead_code)]
#[path = "../examples/queens.rs"]
mod queens;

#[allow(dead_code)]
#[path = "../examples/pentomino.rs"]
mod pentomino;

#[allow(dead_code)]
#[path = "../examples/knuth_format.rs"]
mod knuth_format;

#[test]
fn queens_example() {
    let (stats, first) = queens::solve(8);
    assert_eq!(stats.solutions, 92);
    let board = first.unwrap();
    assert_eq!(board.lines().count(), 8);
    assert_eq!(board.matches('Q').count(), 8);
}

#[test]
fn pentomino_example() {
    let (reduced, all, first) = pentomino::solve(3, 20);
    assert_eq!((reduced, all), (2, 8));
    let picture = first.unwrap();
    assert_eq!(picture.lines().count(), 3);
    assert!(picture.lines().all(|l| l.len() == 20));
}

#[test]
fn knuth_format_example() {
    let solutions = knuth_format::solve_text(knuth_format::DLX3_EXAMPLE).unwrap();
    assert_eq!(solutions.len(), 1);
    let mut s = solutions[0].clone();
    s.sort();
    assert_eq!(s, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    assert!(knuth_format::solve_text("a\nb\n").is_err());
}
