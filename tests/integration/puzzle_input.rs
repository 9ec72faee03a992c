//! One way to give puzzles (issue 16): every puzzle-taking command gives the same answer for
//! positional puzzles, `--corpus FILE`, `--corpus -`, a positional `-` and piped standard input,
//! and an invalid puzzle on the command line is exit status 1 with a message naming it.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_dlxlab");

/// Two valid puzzles of the embedded corpus.
fn two_puzzles() -> Vec<String> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(2)
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `dlxlab ARGS`, with `stdin` piped in when given (else standard input is /dev/null).
fn run(args: &[&str], stdin: Option<&str>) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("DLXLAB_DATA")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd.spawn().expect("dlxlab starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        // A command that rejects its arguments exits without reading: a broken pipe is its
        // answer, not a test failure (the status and messages below are checked).
        if let Err(e) = pipe.write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Checks one command: `prefix` are its arguments before the puzzles, `normalise` strips what
/// may differ between runs (timings).
fn check_command(prefix: &[&str], puzzles: &[String], normalise: fn(&str) -> String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("corpus.txt");
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(&file, &text).unwrap();
    let file = file.to_str().unwrap();
    let with = |extra: &[&str]| -> Vec<String> {
        prefix
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    };
    let positional: Vec<&str> = puzzles.iter().map(String::as_str).collect();
    let ok = |args: Vec<String>, stdin: Option<&str>, how: &str| -> String {
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&argv, stdin);
        assert_eq!(r.code, 0, "{prefix:?} {how}: exit {}\n{}", r.code, r.stderr);
        assert!(!r.stdout.trim().is_empty(), "{prefix:?} {how}: no output");
        normalise(&r.stdout)
    };
    let expected = ok(with(&positional), None, "positional");
    let cases = [
        (with(&["--corpus", file]), None, "--corpus FILE"),
        (with(&["--corpus", "-"]), Some(text.as_str()), "--corpus -"),
        (with(&["-"]), Some(text.as_str()), "positional -"),
        (with(&[]), Some(text.as_str()), "piped"),
    ];
    for (args, stdin, how) in cases {
        assert_eq!(ok(args, stdin, how), expected, "{prefix:?}: {how} differs");
    }
    // An invalid puzzle on the command line: exit 1, the message names the argument and why.
    let bad = run(
        &with(&[positional[0], "12345"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        None,
    );
    assert_eq!(bad.code, 1, "{prefix:?} with a bad puzzle: {}", bad.stderr);
    assert!(
        bad.stderr.contains("argument 2") && bad.stderr.contains("12345"),
        "{prefix:?}: {}",
        bad.stderr
    );
    // Nothing at all (standard input not piped): a usage error that says what to give — except
    // for `count`, which then counts the default corpus, as `study` does.
    if prefix[0] != "count" {
        let none = run(prefix, None);
        assert_eq!(none.code, 2, "{prefix:?} with no puzzles: {}", none.stderr);
        assert!(none.stderr.contains("no puzzles"), "{}", none.stderr);
    }
}

fn same(s: &str) -> String {
    s.to_string()
}

/// Drops the CSV column named `column` (timings).
fn drop_column(s: &str, column: &str) -> String {
    let mut lines = s.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let k = header.iter().position(|h| *h == column);
    std::iter::once(header.join(","))
        .chain(lines.map(|l| {
            l.split(',')
                .enumerate()
                .filter(|(i, _)| Some(*i) != k)
                .map(|(_, f)| f)
                .collect::<Vec<_>>()
                .join(",")
        }))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn solve() {
    check_command(&["solve"], &two_puzzles(), same);
    check_command(
        &["solve", "--solver", "mrv", "--count"],
        &two_puzzles(),
        same,
    );
}

#[test]
fn rate() {
    check_command(
        &["rate", "--quiet", "--no-decision-tree"],
        &two_puzzles(),
        same,
    );
}

#[test]
fn explain() {
    check_command(&["explain"], &two_puzzles(), same);
}

#[test]
fn check() {
    // The table's timing columns differ from run to run: keep the verdict lines.
    check_command(&["check", "--solvers", "dlx,fast"], &two_puzzles(), |s| {
        s.lines()
            .filter(|l| l.starts_with("checked") || l.starts_with("all solvers"))
            .collect::<Vec<_>>()
            .join("\n")
    });
}

#[test]
fn count() {
    check_command(&["count", "--max", "2", "--quiet"], &two_puzzles(), |s| {
        drop_column(s, "time_ns")
    });
}

#[test]
fn canon_and_minimize() {
    check_command(&["canon"], &two_puzzles(), same);
    check_command(&["minimize", "--seed", "3"], &two_puzzles(), same);
}

#[test]
fn variant_solve() {
    check_command(&["variant", "solve", "classic"], &two_puzzles(), |s| {
        // time_ns differs: keep everything before it.
        s.lines()
            .map(|l| l.split(" time_ns").next().unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n")
    });
}

#[test]
fn honeycomb_solve_and_count() {
    let generated = run(
        &["honeycomb", "generate", "--count", "2", "--seed", "5"],
        None,
    );
    assert_eq!(generated.code, 0, "{}", generated.stderr);
    let puzzles: Vec<String> = generated
        .stdout
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(puzzles.len(), 2);
    let untimed = |s: &str| {
        s.lines()
            .map(|l| l.split(" time_ns").next().unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n")
    };
    check_command(&["honeycomb", "solve"], &puzzles, untimed);
    check_command(&["honeycomb", "count"], &puzzles, untimed);
}

#[test]
fn corpus_lines_still_give_one_record_each() {
    // A bad line inside a corpus is a record, not a stop: solve writes `invalid: ...` in its place.
    let p = two_puzzles();
    let text = format!("{}\nnot a puzzle\n{}\n", p[0], p[1]);
    let r = run(&["solve"], Some(&text));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(lines[1].starts_with("invalid"), "{}", lines[1]);
}

#[test]
fn standard_input_is_read_once() {
    let r = run(&["solve", "-", "--corpus", "-"], Some("x\n"));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("standard input"), "{}", r.stderr);
}
