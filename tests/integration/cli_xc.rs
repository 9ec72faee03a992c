//! The `xc` and `gen-xc` commands (issue 2), run as a user runs them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`, writing `stdin` to it. Shared with the other `xc` topics.
pub(crate) fn dlxlab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `gen-xc ARGS | xc - XC_ARGS`.
fn pipe(gen: &[&str], xc: &[&str]) -> Output {
    let generated = dlxlab(gen, "");
    assert!(generated.status.success(), "{}", text(&generated.stderr));
    let mut args = vec!["xc", "-"];
    args.extend_from_slice(xc);
    dlxlab(&args, &text(&generated.stdout))
}

#[test]
fn counts_generated_problems() {
    for (gen, want) in [
        (&["gen-xc", "queens", "8"][..], "92\n"),
        (&["gen-xc", "langford", "7"][..], "52\n"),
        (&["gen-xc", "pentomino", "3x20"][..], "8\n"),
        (&["gen-xc", "pentomino", "3x20", "--symmetry"][..], "2\n"),
        (&["gen-xc", "sudoku", "1.3.3..2.1.34..1"][..], "1\n"),
        (&["gen-xc", "sudoku", "................"][..], "288\n"),
    ] {
        let out = pipe(gen, &["--count"]);
        assert_eq!(text(&out.stdout), want, "{gen:?}");
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn prints_solutions_as_written_with_blank_lines_between() {
    let problem = "| two ways\na b x\n  a   x\nb\nb   x\na\n";
    let out = dlxlab(&["xc", "-", "--max", "0"], problem);
    assert_eq!(out.status.code(), Some(0));
    let printed = text(&out.stdout);
    let mut blocks: Vec<Vec<&str>> = printed
        .split("\n\n")
        .map(|b| {
            let mut v: Vec<&str> = b.lines().collect();
            v.sort();
            v
        })
        .collect();
    blocks.sort();
    assert_eq!(blocks, [vec!["a", "b   x"], vec!["a   x", "b"]]);
    // The default is one solution.
    let one = dlxlab(&["xc", "-"], problem);
    assert_eq!(text(&one.stdout).lines().count(), 2);
}

#[test]
fn file_input_and_multiplicities() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dlx3.dlx");
    std::fs::write(
        &path,
        "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
    )
    .unwrap();
    let out = dlxlab(&["xc", path.to_str().unwrap(), "--stats"], "");
    assert_eq!(out.status.code(), Some(0));
    let mut lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
    let err = text(&out.stderr);
    assert!(err.contains("Algorithm M"), "{err}");
    assert!(err.contains("nodes: ") && err.contains("updates: ") && err.contains("time: "));
}

#[test]
fn stats_policy_and_node_limits() {
    let out = pipe(&["gen-xc", "queens", "8"], &["--count", "--stats"]);
    let err = text(&out.stderr);
    assert!(err.contains("nodes: 1199\n"), "{err}");
    let first = pipe(
        &["gen-xc", "queens", "8"],
        &["--count", "--policy", "first"],
    );
    assert_eq!(text(&first.stdout), "92\n");
    let limited = pipe(
        &["gen-xc", "queens", "8"],
        &["--count", "--limit-nodes", "100"],
    );
    assert_eq!(limited.status.code(), Some(3));
    let stdout = text(&limited.stdout);
    assert!(stdout.starts_with("at least "), "{stdout}");
    assert!(text(&limited.stderr).contains("node limit of 100 reached"));
}

/// A node limit bounds the whole search whatever `--threads` says: the same lower bound, the
/// same exit status and the same number of nodes as one thread.
#[test]
fn node_limit_is_the_same_on_every_thread_count() {
    let one = pipe(
        &["gen-xc", "queens", "8"],
        &[
            "--count",
            "--limit-nodes",
            "1000",
            "--threads",
            "1",
            "--stats",
        ],
    );
    let two = pipe(
        &["gen-xc", "queens", "8"],
        &[
            "--count",
            "--limit-nodes",
            "1000",
            "--threads",
            "2",
            "--stats",
        ],
    );
    assert_eq!(one.status.code(), Some(3));
    assert_eq!(two.status.code(), Some(3));
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert!(text(&two.stdout).starts_with("at least "));
    assert!(
        text(&two.stderr).contains("nodes: 1000\n"),
        "{}",
        text(&two.stderr)
    );
}

/// Issue 7: `xc --count` takes the uniform fast path where it applies, names it, and counts as
/// the general engine does (Knuth's dlx1: Langford pairs 7 → 52 solutions); split counts agree.
#[test]
fn stats_name_the_engine() {
    let queens = pipe(&["gen-xc", "queens", "8"], &["--count", "--stats"]);
    let err = text(&queens.stderr);
    assert!(
        err.contains("engine: dlx (Algorithm X/C, counted as dlx1/dlx2)\n"),
        "{err}"
    );
    let serial = pipe(&["gen-xc", "langford", "7"], &["--count", "--stats"]);
    let err = text(&serial.stderr);
    assert!(
        err.contains("uniform fast path, 3 items per option"),
        "{err}"
    );
    let split = pipe(
        &["gen-xc", "langford", "7"],
        &["--count", "--stats", "--threads", "2", "--split-depth", "2"],
    );
    let counters = |e: &str| -> Vec<String> {
        e.lines()
            .filter(|l| {
                ["solutions:", "nodes:", "updates:"]
                    .iter()
                    .any(|k| l.starts_with(k))
            })
            .map(String::from)
            .collect()
    };
    assert_eq!(counters(&err).len(), 3, "{err}");
    assert_eq!(counters(&err), counters(&text(&split.stderr)));
    assert_eq!(text(&serial.stdout), "52\n");
}

#[test]
fn max_stops_early_and_says_so() {
    let out = pipe(&["gen-xc", "queens", "8"], &["--count", "--max", "2"]);
    assert_eq!(text(&out.stdout), "2\n");
    assert!(text(&out.stderr).contains("stopped at --max 2"));
}

#[test]
fn no_solution_exits_1() {
    let out = pipe(&["gen-xc", "queens", "3"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).is_empty());
    // A count of 0 is an answer, as in `solve --count` (issue 38).
    let counted = pipe(&["gen-xc", "queens", "3"], &["--count"]);
    assert_eq!(
        (text(&counted.stdout).as_str(), counted.status.code()),
        ("0\n", Some(0))
    );
}

#[test]
fn errors_and_warnings_name_the_line() {
    let out = dlxlab(&["xc", "-"], "a b\na c\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 2, column 3: unknown item `c`"));
    let out = dlxlab(&["xc", "-"], "a | x\nx\na x\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("line 2: option has no primary item"));
    let out = dlxlab(&["gen-xc", "pentomino", "7x9"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("63"));
    let out = dlxlab(&["gen-xc", "pentomino", "6by10"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn gen_xc_writes_knuths_format() {
    let out = dlxlab(&["gen-xc", "queens", "4"], "");
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(
        lines[0],
        "r0 r1 r2 r3 c0 c1 c2 c3 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6"
    );
    assert_eq!(lines[1], "r0 c0 a0 b3");
    assert_eq!(lines.len(), 17);
    let six = dlxlab(
        &[
            "gen-xc",
            "sudoku",
            "--box",
            "2x3",
            "1.....2.....3.....4.....5.....6.....",
        ],
        "",
    );
    assert!(six.status.success(), "{}", text(&six.stderr));
}
