//! `dlxlab report --check` (issue 26): a committed report is compared with a fresh study of the
//! same corpus; a hand edit of any deterministic number fails the check, an edit of a measured
//! one (a time) does not.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_dlxlab");

fn dlxlab(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("DLXLAB_DATA")
        .output()
        .expect("dlxlab runs")
}

fn ok(args: &[&str]) {
    let out = dlxlab(args);
    assert!(
        out.status.success(),
        "dlxlab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Forty puzzles of the embedded corpus, in `dir/corpus.txt`.
fn corpus(dir: &Path) -> String {
    let text =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/default.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(40)
        .collect();
    let path = dir.join("corpus.txt");
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

fn study(corpus: &str, out: &Path) {
    ok(&[
        "study",
        "--corpus",
        corpus,
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--no-plots",
        "--solvers",
        "singles,locked,dlx,dc",
    ]);
}

/// A committed report (`committed/`) and a fresh rerun (`fresh/`) of the same study.
fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = corpus(tmp.path());
    let (committed, fresh) = (tmp.path().join("committed"), tmp.path().join("fresh"));
    study(&corpus, &committed);
    fs::write(committed.join("discussion.md"), "Hand-written.\n").unwrap();
    ok(&[
        "report",
        committed.to_str().unwrap(),
        "--title",
        "forty",
        "--bootstrap",
        "50",
    ]);
    study(&corpus, &fresh);
    (tmp, committed, fresh)
}

fn check(committed: &Path, fresh: &Path) -> Output {
    dlxlab(&[
        "report",
        "--check",
        committed.to_str().unwrap(),
        "--against",
        fresh.to_str().unwrap(),
    ])
}

/// Replaces the first occurrence of `from` by `to` in `path`, which must contain it.
fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} lacks {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn a_committed_report_passes_its_check_and_fails_when_edited_by_hand() {
    let (_tmp, committed, fresh) = setup();
    for file in [
        "deterministic.json",
        "report.md",
        "summary.md",
        "nodes-ecdf.png",
    ] {
        assert!(committed.join(file).exists(), "{file} written");
    }
    let out = check(&committed, &fresh);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // A measured number (a time) may differ: it is not compared.
    let report = committed.join("report.md");
    let original = fs::read_to_string(&report).unwrap();
    let time_row = original
        .lines()
        .find(|l| l.starts_with("| dlx | ") && l.matches('|').count() == 3)
        .expect("the measured time table has a dlx row")
        .to_string();
    edit(&report, &time_row, "| dlx | 123456 |");
    assert!(check(&committed, &fresh).status.success());
    // So may the two figures drawn from times (time-ecdf, time-vs-nodes), and nothing else.
    for stem in ["time-ecdf", "time-vs-nodes"] {
        let svg = committed.join(format!("{stem}.svg"));
        let text = fs::read_to_string(&svg).unwrap();
        fs::write(&svg, text.replacen("µs", "ms", 1)).unwrap();
    }
    assert!(check(&committed, &fresh).status.success());

    // A deterministic one may not: the runs table of report.md ...
    fs::write(&report, &original).unwrap();
    let runs_row = original
        .lines()
        .find(|l| l.starts_with("| singles | 40 | "))
        .expect("the runs table has a singles row")
        .to_string();
    edit(
        &report,
        &runs_row,
        &runs_row.replacen("| 40 |", "| 41 |", 1),
    );
    let out = check(&committed, &fresh);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("report.md"), "{err}");
    fs::write(&report, &original).unwrap();

    // ... the study's summary ...
    let summary = committed.join("summary.md");
    let before = fs::read_to_string(&summary).unwrap();
    edit(&summary, "| dc | 40 | 40 |", "| dc | 40 | 39 |");
    let out = check(&committed, &fresh);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("summary.md"));
    fs::write(&summary, &before).unwrap();

    // ... the fingerprint of the CSVs ...
    let json = committed.join("deterministic.json");
    let text = fs::read_to_string(&json).unwrap();
    fs::write(&json, text.replacen("\"rows\": 160", "\"rows\": 161", 1)).unwrap();
    let out = check(&committed, &fresh);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("deterministic.json."));
    fs::write(&json, &text).unwrap();

    // ... and a figure.
    let png = committed.join("nodes-ecdf.png");
    let mut bytes = fs::read(&png).unwrap();
    let last = bytes.len() - 20;
    bytes[last] ^= 1;
    fs::write(&png, bytes).unwrap();
    let out = check(&committed, &fresh);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nodes-ecdf.png"));
}

#[test]
fn a_rerun_with_other_results_fails_the_check() {
    let (tmp, committed, fresh) = setup();
    // The same corpus with one puzzle replaced: the runs differ.
    let corpus = tmp.path().join("corpus.txt");
    let text = fs::read_to_string(&corpus).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let other =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/default.txt")).unwrap();
    let replacement = other.lines().nth(200).unwrap().to_string();
    let last = lines.len() - 1;
    lines[last] = &replacement;
    fs::write(&corpus, lines.join("\n") + "\n").unwrap();
    fs::remove_dir_all(&fresh).unwrap();
    study(corpus.to_str().unwrap(), &fresh);
    let out = check(&committed, &fresh);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("runs_csv.sha256"), "{err}");
    assert!(err.contains("corpus.sha256"), "{err}");
}
