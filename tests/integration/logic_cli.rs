//! `dlxlab rate` and `dlxlab explain` run as a user runs them (issue 5).

use std::io::Write;
use std::process::{Command, Output};

const EASY: &str =
    "6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4";
const KITE: &str =
    ".24...65.1.......7..8.1.9...........26..9..83.8.5.1.7.6..9.3..8..28547......7....";

/// SE sample line 1198: ER 7.3, but the first step is a pointing (ED 2.6) and the first placement
/// comes after a two-string kite (EP 4.1).
const PEARL_4_1: &str =
    ".97..3.2.4...7.6..6..2..5..2....4....4.....8....7....5..1..7..2..4.8...1.3.5..96.";
/// `EASY` without its first given: two solutions or more.
const TWO_SOLUTIONS: &str =
    "....5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4";
/// A given changed so that no digit clashes but no completion exists.
const NO_SOLUTION: &str =
    "4.....1.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
        "line,puzzle,decision_tree,technique_rating,hardest_technique,steps,external_rating,error,\
         pearl_rating,diamond_rating,se_profile,inference_level"
    );
    assert_eq!(lines.len(), 4);
    let kite: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(kite[0], "2");
    assert_eq!(kite[1], KITE);
    assert!(kite[2].parse::<f64>().is_ok(), "decision tree: {}", kite[2]);
    assert_eq!(&kite[3..7], ["4.1", "Two-string Kite", kite[5], "4.1"]);
    assert!(kite[5].parse::<usize>().unwrap() > 0);
    assert_eq!(kite[7], "");
    // Issue 12: EP and ED appended; this path starts with a hidden single.
    assert_eq!(&kite[8..10], ["1.2", "1.2"]);
    // Issue 26: which Sudoku Explainer the rating reproduces (the default profile).
    assert_eq!(kite[10], "sample");
    // Issue 34: the weakest level of the inference ladder that solves it with no guess.
    assert!(
        ["4", "5", "none"].contains(&kite[11]),
        "inference level: {}",
        kite[11]
    );
    // Issue 35: no chaos columns without --chaos.
    assert_eq!(kite.len(), 12);
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

/// Issue 12: the first step is marked `[ED]`, the first placement `[EP]`, and the three ratings
/// are printed together.
#[test]
fn explain_marks_where_pearl_and_diamond_are_reached() {
    let run = dlxlab(&["explain", PEARL_4_1]);
    assert!(run.status.success());
    let text = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("  1. 2.6  Pointing") && lines[1].ends_with("  [ED]"));
    assert!(lines[6].starts_with("  6. 2.3  Naked Single") && lines[6].ends_with("  [EP]"));
    assert_eq!(text.matches("[EP]").count(), 1, "{text}");
    assert!(text.contains("ER/EP/ED  7.3/4.1/2.6"), "{text}");
    let several = dlxlab(&["explain", TWO_SOLUTIONS]);
    assert!(!several.status.success());
    assert!(String::from_utf8_lossy(&several.stderr).contains("multiple solutions"));
}

/// Issue 12: every puzzle SE would not rate gets its own row and status — several solutions, no
/// solution, an invalid line, a time limit — and the run goes on.
#[test]
fn rate_gives_unratable_puzzles_a_status_row() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    std::fs::write(
        &corpus,
        format!("{TWO_SOLUTIONS}\n{NO_SOLUTION}\n{}\n{KITE}\n", &KITE[1..]),
    )
    .unwrap();
    let run = dlxlab(&[
        "rate",
        "--corpus",
        corpus.to_str().unwrap(),
        "--no-decision-tree",
    ]);
    assert!(run.status.success());
    let text = String::from_utf8(run.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 4, "{text}");
    let (rating, error) = (3, 7);
    assert_eq!(
        (&rows[0][rating], &rows[0][error]),
        ("", "multiple solutions")
    );
    assert_eq!(&rows[1][rating], "");
    assert!(rows[1][error].starts_with("no solution"), "{text}");
    assert_eq!(&rows[2][rating], "");
    assert!(rows[2][error].contains("80 cells"), "{text}");
    assert_eq!((&rows[3][rating], &rows[3][error]), ("4.1", ""));
    let err = String::from_utf8(run.stderr).unwrap();
    for kind in ["multiple solutions: 1", "no solution: 1", "invalid line: 1"] {
        assert!(err.contains(kind), "{err}");
    }

    // A limit far shorter than one chain step: the row says so instead of a rating.
    let limited = dlxlab(&[
        "rate",
        "--quiet",
        "--no-decision-tree",
        "--max-seconds",
        "0.000001",
        PEARL_4_1,
    ]);
    assert!(limited.status.success());
    let text = String::from_utf8(limited.stdout).unwrap();
    let row: Vec<&str> = text.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((row[3], row[7], row[8]), ("", "time limit", ""), "{text}");
    let refused = dlxlab(&["rate", "--max-seconds", "0", PEARL_4_1]);
    assert!(!refused.status.success());
}

#[test]
fn study_rates_with_a_time_limit() {
    // The study's ratings.csv takes `--max-seconds` as `rate` does: a puzzle that reaches it gets
    // a `time limit` row instead of holding the study up, and the solvers' rows are unaffected.
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    std::fs::write(&corpus, format!("{PEARL_4_1}\n")).unwrap();
    let out = dir.path().join("study");
    let run = dlxlab(&[
        "study",
        "--quiet",
        "--no-plots",
        "--solvers",
        "fast",
        "--max-seconds",
        "0.000001",
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{run:?}");
    let text = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    let row: Vec<&str> = text.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((row[3], row[7]), ("", "time limit"), "{text}");
    let runs = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    assert!(runs.lines().nth(1).unwrap().contains(",unique,"), "{runs}");
    let refused = dlxlab(&["study", "--max-seconds", "0", "--no-plots"]);
    assert!(!refused.status.success());
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

#[test]
fn explain_has_a_time_limit() {
    // The Golden Nugget: its path takes seconds; 200 ms stops it (issue 38).
    let nugget =
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";
    let dir = tempfile::tempdir().unwrap();
    let start = std::time::Instant::now();
    let out = super::support::dlxlab(dir.path())
        .args(["explain", "--limit-ms", "200", nugget])
        .output()
        .unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("time limit"), "{stderr}");
}

/// A solved grid with every third of its first 81 cells emptied: 27 blanks, solved fast by the
/// chaos dynamics even in a debug build.
const NEARLY_SOLVED: &str =
    ".12.53.49.43.82.75.75.91.83.54.37.96.69.45.21.87.69.34.21.74.68.38.26.17.96.18.52";

/// Issue 35: `rate --chaos` fills the chaos columns; its flags need it and refuse bad values.
#[test]
fn rate_chaos_fills_the_eta_columns() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus.txt");
    std::fs::write(&corpus, format!("{NEARLY_SOLVED}\n12345\n")).unwrap();
    let run = dlxlab(&[
        "rate",
        "--quiet",
        "--no-decision-tree",
        "--chaos",
        "--chaos-trajectories",
        "24",
        "--chaos-seed",
        "7",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    let expected: Vec<&str> = dlxlab::rating::table::columns(true);
    assert!(header.iter().eq(expected.iter().copied()));
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let col = |row: &csv::StringRecord, name: &str| {
        row[header.iter().position(|h| h == name).unwrap()].to_string()
    };
    let eta: f64 = col(&rows[0], "eta").parse().unwrap();
    let low: f64 = col(&rows[0], "eta_low").parse().unwrap();
    let high: f64 = col(&rows[0], "eta_high").parse().unwrap();
    assert!(
        low < eta && eta < high && eta < 1.0,
        "{eta} [{low}, {high}]"
    );
    assert!(col(&rows[0], "eta_r2").parse::<f64>().is_ok());
    assert_eq!(col(&rows[0], "eta_trajectories"), "24");
    assert_eq!(col(&rows[0], "eta_escaped"), "24");
    assert_eq!(col(&rows[0], "eta_status"), "ok");
    // A line that is not a puzzle has no chaos rating; its error says why.
    assert_eq!(col(&rows[1], "eta"), "");
    assert_eq!(col(&rows[1], "eta_status"), "");
    assert!(!col(&rows[1], "error").is_empty());
    for bad in [
        vec!["rate", "--chaos-seed", "3", NEARLY_SOLVED],
        vec!["rate", "--chaos", "--chaos-tolerance", "0", NEARLY_SOLVED],
        vec![
            "rate",
            "--chaos",
            "--chaos-trajectories",
            "1",
            NEARLY_SOLVED,
        ],
        vec!["rate", "--chaos", "--chaos-cap", "nan", NEARLY_SOLVED],
        vec![
            "rate",
            "--chaos",
            "--chaos-integrator",
            "euler",
            NEARLY_SOLVED,
        ],
        vec!["rate", "--chaos", "--chaos-tail", "0", NEARLY_SOLVED],
        vec!["rate", "--chaos", "--chaos-tail", "1.5", NEARLY_SOLVED],
        vec!["rate", "--chaos", "--chaos-min-escapes", "1", NEARLY_SOLVED],
        vec!["rate", "--chaos-integrator", "rosenbrock", NEARLY_SOLVED],
    ] {
        let run = dlxlab(&bad);
        assert_eq!(run.status.code(), Some(2), "{bad:?}");
    }
}

/// `--chaos-integrator rosenbrock` (the stiff integrator) and the fit's flags: the same columns,
/// every trajectory escapes the easy puzzle, η on the easy end.
#[test]
fn rate_chaos_with_the_stiff_integrator() {
    let run = dlxlab(&[
        "rate",
        "--quiet",
        "--no-decision-tree",
        "--chaos",
        "--chaos-trajectories",
        "24",
        "--chaos-integrator",
        "rosenbrock",
        "--chaos-tail",
        "1",
        "--chaos-min-escapes",
        "5",
        NEARLY_SOLVED,
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    let row = rows.records().next().unwrap().unwrap();
    let col = |name: &str| row[header.iter().position(|h| h == name).unwrap()].to_string();
    assert_eq!(col("eta_escaped"), "24");
    assert_eq!(col("eta_status"), "ok");
    let eta: f64 = col("eta").parse().unwrap();
    assert!(eta < 1.0, "{eta}");
}
