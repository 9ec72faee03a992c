//! `dlxlab metrics` (issue 35): every rating of a study beside each solver's effort, and
//! `--check`, which fails when a number of the committed report.md is not what the code gives.

use std::fs;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_dlxlab");

fn dlxlab(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("DLXLAB_DATA")
        .output()
        .expect("dlxlab runs")
}

fn ok(args: &[&str]) -> String {
    let out = dlxlab(args);
    assert!(
        out.status.success(),
        "dlxlab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn metrics_report_is_written_and_checked() {
    let tmp = tempfile::tempdir().unwrap();
    let text =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/default.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(30)
        .collect();
    let corpus = tmp.path().join("corpus.txt");
    fs::write(&corpus, lines.join("\n") + "\n").unwrap();
    let study = tmp.path().join("study");
    ok(&[
        "study",
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        study.to_str().unwrap(),
        "--quiet",
        "--no-plots",
        "--solvers",
        "singles,locked,dlx",
        "--ratings",
        "all",
    ]);
    // A second ratings file joined by puzzle: an eta column on two puzzles (hand-made here).
    let ratings = fs::read_to_string(study.join("ratings.csv")).unwrap();
    let puzzles: Vec<&str> = ratings
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    let extra = tmp.path().join("eta.csv");
    fs::write(
        &extra,
        format!(
            "line,puzzle,eta\n1,{},1.5\n2,{},2.5\n3,{},0.5\n",
            puzzles[0], puzzles[1], puzzles[2]
        ),
    )
    .unwrap();
    let out = tmp.path().join("metrics");
    let spec = format!("forty={}+{}", study.display(), extra.display());
    let args = |check: bool| {
        let mut a = vec![
            "metrics".to_string(),
            "--out".into(),
            out.display().to_string(),
            "--study".into(),
            spec.clone(),
            "--bootstrap".into(),
            "40".into(),
        ];
        if check {
            a.push("--check".into());
        }
        a
    };
    let run = |check: bool| {
        let a = args(check);
        dlxlab(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    assert!(run(false).status.success());
    let report = fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## forty"), "{report}");
    assert!(report.contains("η (chaos) (3)"), "{report}");
    assert!(report.contains("| dlx |"), "{report}");
    assert!(report.contains("Puzzles the ratings disagree on most"));
    assert!(out.join("forty-technique-rating-vs-nodes.svg").exists());
    assert!(out.join("forty-eta-vs-er.png").exists());
    assert!(run(true).status.success());
    // A hand edit of one coefficient fails the check, naming the line.
    let edited = report.replacen("| 1 |", "| 0.99 |", 1);
    assert_ne!(edited, report);
    fs::write(out.join("report.md"), edited).unwrap();
    let failed = run(true);
    assert_eq!(failed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&failed.stderr).contains("differs from today's code"));
    // A malformed --study is a clear error.
    let bad = dlxlab(&["metrics", "--out", "x", "--study", "no-equals-sign"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("NAME=DIR"));
}
