//! `dlxlab rate` and `dlxlab explain` run as a user runs them (issue 5).

use std::io::Write;
use std::process::{Command, Output};

const EASY: &str =
    "6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4";
const KITE: &str =
    ".24...65.1.......7..8.1.9...........26..9..83.8.5.1.7.6..9.3..8..28547......7....";

fn dlxlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(args)
        .output()
        .expect("run dlxlab")
}

#[test]
fn rate_writes_one_row_per_puzzle_line_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    let out = dir.path().join("ratings.csv");
    let mut f = std::fs::File::create(&corpus).unwrap();
    writeln!(f, "# a comment").unwrap();
    writeln!(f, "{KITE} 4.1").unwrap();
    writeln!(f, "12345").unwrap();
    writeln!(f).unwrap();
    writeln!(f, "{EASY}").unwrap();
    drop(f);
    let run = dlxlab(&[
        "rate",
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "2",
        "--quiet",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "line,puzzle,decision_tree,technique_rating,hardest_technique,steps,external_rating,error"
    );
    assert_eq!(lines.len(), 4);
    let kite: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(kite[0], "2");
    assert_eq!(kite[1], KITE);
    assert!(kite[2].parse::<f64>().is_ok(), "decision tree: {}", kite[2]);
    assert_eq!(&kite[3..7], ["4.1", "Two-string Kite", kite[5], "4.1"]);
    assert!(kite[5].parse::<usize>().unwrap() > 0);
    assert_eq!(kite[7], "");
    let bad: Vec<&str> = lines[2].split(',').collect();
    assert_eq!(bad[0], "3");
    assert_eq!(bad[3], "");
    assert!(bad[7].contains("5 cells"), "{}", lines[2]);
    let easy: Vec<&str> = lines[3].split(',').collect();
    assert_eq!((easy[0], easy[3], easy[6]), ("5", "2.6", ""));
}

#[test]
fn rate_summarises_agreement_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    std::fs::write(&corpus, format!("{KITE} 4.1\n{EASY} 2.8\n")).unwrap();
    let run = dlxlab(&["rate", "--corpus", corpus.to_str().unwrap()]);
    assert!(run.status.success());
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains("rated <= 4.4: 1/2 exact"), "{err}");
}

#[test]
fn explain_prints_the_path_and_the_rating() {
    let run = dlxlab(&["explain", KITE]);
    assert!(run.status.success());
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("4.1  Two-string Kite:"), "{text}");
    assert!(text.contains("rating  4.1 (Two-string Kite)"), "{text}");
    let bad = dlxlab(&["explain", "123"]);
    assert!(!bad.status.success());
}

#[test]
fn rate_keeps_a_row_for_a_line_that_is_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    let mut bytes = format!("{EASY}\n").into_bytes();
    bytes.extend_from_slice(&[0xff, 0xfe, b'\n']);
    bytes.extend_from_slice(format!("{KITE}\r\n").as_bytes());
    std::fs::write(&corpus, bytes).unwrap();
    let run = dlxlab(&[
        "rate",
        "--corpus",
        corpus.to_str().unwrap(),
        "--quiet",
        "--no-decision-tree",
    ]);
    assert!(run.status.success());
    let text = String::from_utf8(run.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(rows[2].starts_with("2,"), "{}", rows[2]);
    assert!(rows[2].contains("line has 2 cells"), "{}", rows[2]);
    assert!(
        rows[3].starts_with(&format!("3,{KITE},,4.1,")),
        "{}",
        rows[3]
    );
}
