//! `dlxlab solve`, `dlxlab solvers` and `dlxlab check` run as a user runs them (issue 3).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const HARD_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const TWO: &str =
    "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";

fn dlxlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(args)
        .output()
        .expect("run dlxlab")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn solves_a_puzzle_with_each_of_my_solvers() {
    for solver in ["mrv", "singles", "locked", "subsets"] {
        let out = dlxlab(&["solve", "--solver", solver, HARD]);
        assert!(out.status.success(), "{solver}");
        assert_eq!(stdout(&out), format!("{HARD_SOLUTION}\n"), "{solver}");
    }
}

#[test]
fn counts_solutions() {
    let out = dlxlab(&["solve", "--count", "--max", "0", &".".repeat(16)]);
    assert_eq!(stdout(&out), "288\n");
    let out = dlxlab(&["solve", "--solver", "singles", "--count", TWO]);
    assert_eq!(stdout(&out), "2\n");
}

#[test]
fn corpus_lines_come_back_in_order_with_status_words() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "# a comment\n\n{HARD} trailing fields are ignored").unwrap();
    writeln!(file, "{TWO}").unwrap();
    writeln!(file, "11{}", ".".repeat(79)).unwrap();
    writeln!(
        file,
        "12345678.{}........9{}",
        ".".repeat(27),
        ".".repeat(36)
    )
    .unwrap();
    let path = file.path().to_str().unwrap();
    let out = dlxlab(&["solve", "--solver", "locked", "--corpus", path]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], HARD_SOLUTION);
    assert_eq!(lines[1], "multiple");
    assert_eq!(
        lines[2],
        "invalid: digit 1 given twice in row 1 (r1c1 and r1c2)"
    );
    assert_eq!(lines[3], "none");
}

#[test]
fn a_wrong_solution_is_an_error_line_and_exit_status_1() {
    // Issue 23: every solution `solve` prints is checked against the puzzle and the rules. This
    // program answers HARD's solution to every puzzle: right for HARD, a changed given for TWO.
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "{HARD}\n{TWO}").unwrap();
    let liar = format!("liar=sh -c 'while read -r l; do echo {HARD_SOLUTION}; done'");
    let path = file.path().to_str().unwrap();
    for threads in ["1", "2"] {
        let out = dlxlab(&[
            "solve",
            "--external",
            &liar,
            "--threads",
            threads,
            "--corpus",
            path,
        ]);
        assert_eq!(out.status.code(), Some(1), "{threads} threads");
        assert_eq!(
            stdout(&out),
            format!(
                "{HARD_SOLUTION}\nerror: solver liar gave a wrong solution: given at r1c1 changed\n"
            )
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("1 of 2 puzzles got no answer or a wrong one from solver liar"),
            "{err}"
        );
    }
}

#[test]
fn corpus_from_stdin() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(["solve", "--solver", "mrv", "--corpus", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{HARD}\n{HARD}").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(stdout(&out), format!("{HARD_SOLUTION}\n{HARD_SOLUTION}\n"));
}

#[test]
fn node_limit_gives_limit() {
    let out = dlxlab(&["solve", "--solver", "mrv", "--limit-nodes", "5", HARD]);
    assert_eq!(stdout(&out), "limit\n");
}

#[test]
fn trace_shows_deductions_guesses_and_the_solution() {
    let out = dlxlab(&["solve", "--trace", "--solver", "singles", HARD]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("r6c2 = 4  (hidden single in column 2)"),
        "{text}"
    );
    assert!(text.contains("guess r7c2 = 8 of {8,9}"), "{text}");
    assert!(text.contains("  guess r7c1 = 2 of {2,9}"), "{text}");
    assert!(text.contains("contradiction: "), "{text}");
    assert!(
        text.contains("back up: all of {8,9} tried at r7c2"),
        "{text}"
    );
    assert!(
        text.contains(&format!("solution 1: {HARD_SOLUTION}")),
        "{text}"
    );
    assert!(text.ends_with(&format!("{HARD_SOLUTION}\n")), "{text}");
}

#[test]
fn unknown_solver_is_an_error() {
    let out = dlxlab(&["solve", "--solver", "nope", HARD]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no solver `nope`"));
}

#[test]
fn solvers_lists_descriptors() {
    let text = stdout(&dlxlab(&["solvers"]));
    for name in ["backtrack", "mrv", "singles", "locked", "subsets"] {
        assert!(text.lines().any(|l| l == name), "{name} missing:\n{text}");
    }
    assert!(text.contains("propagation:    naked + hidden singles"));
    assert!(text.contains("sizes:          4x4 6x6 9x9 16x16 25x25"));
}

/// Issue 23: `solvers` names the compiled path `fast` uses, and `DLXLAB_FAST_PATH=portable`
/// picks the portable one (which every CPU has); an unknown name leaves the automatic choice.
#[test]
fn solvers_names_fast_s_compiled_path() {
    let with = |path: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
            .arg("solvers")
            .env("DLXLAB_FAST_PATH", path)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("  compiled path:  "))
            .map(|l| l.split(' ').next().unwrap().to_string())
            .unwrap_or_else(|| panic!("no compiled path line:\n{text}"))
    };
    assert_eq!(with("portable"), "portable");
    let automatic = with("no-such-path");
    assert!(["portable", "x86-64-v3"].contains(&automatic.as_str()));
    assert_eq!(with(&automatic), automatic);
}

#[test]
fn check_passes_on_the_fixture_puzzles() {
    let fixtures = include_str!("../fixtures/sudoku.txt");
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for line in fixtures.lines() {
        writeln!(file, "{}", line.split(':').next().unwrap()).unwrap();
    }
    let path = file.path().to_str().unwrap();
    let out = dlxlab(&[
        "check",
        "--corpus",
        path,
        "--solvers",
        "mrv,singles,locked,subsets",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("all solvers agree"), "{text}");
    assert!(text.contains("4 invalid input lines"), "{text}");
}

#[test]
fn check_rejects_an_unknown_solver() {
    let out = dlxlab(&["check", "--corpus", "-", "--solvers", "mrv,nope"]);
    assert!(!out.status.success());
}
