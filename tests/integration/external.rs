//! External solvers (issue 13): `study`, `check`, `solve` and `bench` with the two reference
//! adapters (the `sudoku` crate in Rust, a Python script) and with broken programs that crash,
//! hang and answer garbage. Rows must reconcile; the broken solver gets one error row per puzzle,
//! with the reason, and every other solver's rows stay intact.

use std::path::{Path, PathBuf};

use dlxlab::harness::Row;
use dlxlab::solvers::Status;

use super::support::{dlxlab, BIN};

/// The Rust adapter, which `cargo test` builds next to the binary.
fn rust_adapter() -> PathBuf {
    let dir = Path::new(BIN).parent().unwrap();
    let exe = dir.join("examples").join("external_sudoku");
    assert!(
        exe.is_file(),
        "{} is missing: `cargo test` builds it (or `cargo build --example external_sudoku`)",
        exe.display()
    );
    exe
}

fn python_adapter() -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/external_solver.py");
    format!("python3 '{}'", script.display())
}

/// `n` puzzles of the embedded corpus, a bad line and a comment.
fn corpus(dir: &Path, n: usize) -> PathBuf {
    let mut text = String::from("# external solvers test\n");
    for (k, line) in dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .enumerate()
    {
        text.push_str(line.split_whitespace().next().unwrap());
        text.push('\n');
        if k == 2 {
            text.push_str("not-a-puzzle\n");
        }
    }
    let path = dir.join("corpus.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn study_with_good_and_broken_external_solvers() {
    let dir = tempfile::tempdir().unwrap();
    let n = 12;
    let corpus = corpus(dir.path(), n);
    let out = dir.path().join("out");
    // Counts the puzzles it is sent across restarts (in a file): crashes on the 3rd, hangs on
    // the 5th, babbles on the 7th, and answers `limit` (no claim) to the others.
    let script = dir.path().join("flaky.sh");
    std::fs::write(
        &script,
        "while read -r l; do\n\
         n=$(cat \"$0.count\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$0.count\"\n\
         case $n in 3) exit 7;; 5) sleep 30;; 7) echo garbage here;; *) echo limit;; esac\n\
         done\n",
    )
    .unwrap();
    let flaky = format!("sh '{}'", script.display());
    // 2 s, not less: the Python adapter's start-up alone took over 500 ms on a loaded 2-core machine.
    let status = dlxlab(dir.path())
        .args([
            "study",
            "--quiet",
            "--no-plots",
            "--ratings",
            "none",
            "--threads",
            "1",
        ])
        .args(["--solvers", "dlx,fast", "--max-ms", "2000", "--corpus"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .arg("--external")
        .arg(format!("crate={}", rust_adapter().display()))
        .arg("--external")
        .arg(format!("py={}", python_adapter()))
        .arg("--external")
        .arg(format!("flaky={flaky}"))
        .output()
        .unwrap();
    let rows: Vec<Row> = dlxlab::harness::read_rows(&out.join("runs.csv")).unwrap();
    // Every input line (puzzles and the bad line) yields one row per solver.
    assert_eq!(
        rows.len(),
        (n + 1) * 5,
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let of = |name: &str| rows.iter().filter(|r| r.solver == name).collect::<Vec<_>>();
    for good in ["dlx", "fast", "crate", "py"] {
        let mine = of(good);
        assert_eq!(mine.len(), n + 1);
        let unique = mine.iter().filter(|r| r.status == Status::Unique).count();
        assert_eq!(unique, n, "{good}: {mine:?}");
        assert!(mine
            .iter()
            .all(|r| r.status == Status::Invalid || !r.is_solver_error()));
    }
    // The Python adapter reports its own counters; the crate reports none: unknown, empty in
    // runs.csv, not 0 (issue 38), and the summary counts none of its rows as "unique without
    // guessing" nor in the node statistics.
    assert!(of("py")
        .iter()
        .any(|r| r.nodes.is_some_and(|n| n > 0) && r.guesses.is_some_and(|g| g > 0)));
    assert!(of("crate")
        .iter()
        .filter(|r| r.status != Status::Invalid)
        .all(|r| r.nodes.is_none() && r.guesses.is_none()));
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let crate_line = summary
        .lines()
        .find(|l| l.starts_with("| crate | 13 |"))
        .unwrap_or_else(|| panic!("no status row for crate:\n{summary}"));
    assert!(crate_line.ends_with("| unknown |"), "{crate_line}");
    assert!(
        summary.contains("| crate | unknown | unknown |"),
        "{summary}"
    );
    // Same solutions from every good solver.
    for r in of("crate").iter().chain(of("py").iter()) {
        let reference = of("dlx")
            .into_iter()
            .find(|d| d.line == r.line)
            .unwrap()
            .solution
            .clone();
        assert_eq!(r.solution, reference, "line {}", r.line);
    }
    let flaky_rows = of("flaky");
    let errors: Vec<&str> = flaky_rows
        .iter()
        .filter(|r| r.is_solver_error())
        .map(|r| r.error.as_str())
        .collect();
    assert!(errors.iter().any(|e| e.contains("exited")), "{errors:?}");
    // A program that does not answer in time is a `timeout` row, with no error and nothing
    // counted (issue 38): a slow program is not a wrong one.
    let timeouts: Vec<&&Row> = flaky_rows
        .iter()
        .filter(|r| r.status == Status::Timeout)
        .collect();
    assert_eq!(timeouts.len(), 1, "{flaky_rows:?}");
    assert!(timeouts[0].error.is_empty() && timeouts[0].nodes.is_none());
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(summary.contains(" + timeout 1 = "), "{summary}");
    assert!(errors.iter().any(|e| e.contains("garbage")), "{errors:?}");
    assert!(flaky_rows.iter().all(|r| r.status != Status::Unique));
    // A solver error fails the study, and it says so.
    assert!(!status.status.success());
}

#[test]
fn check_solve_and_bench_take_external_solvers() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 6);
    let crate_spec = format!("crate={}", rust_adapter().display());
    // `dlxlab ARGS --corpus CORPUS`, its exit code and standard output.
    let on_corpus = |args: &[&str]| {
        let out = dlxlab(dir.path())
            .args(args)
            .arg("--corpus")
            .arg(&corpus)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, text) = on_corpus(&["check", "--solvers", "dlx", "--external", &crate_spec]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("all solvers agree"), "{text}");
    // A lying program fails the check: it claims `none` for every puzzle.
    let liar = "liar=sh -c 'while read -r l; do echo none; done'";
    let (code, text) = on_corpus(&["check", "--solvers", "dlx", "--external", liar]);
    assert_eq!(code, Some(1));
    assert!(text.contains("disagree"), "{text}");

    let (code, solved) = on_corpus(&["solve", "--external", &crate_spec]);
    let (_, reference) = on_corpus(&["solve", "--solver", "dlx"]);
    assert_eq!(code, Some(0));
    assert_eq!(solved, reference);
    let (code, table) = on_corpus(&[
        "bench",
        "--solvers",
        "fast",
        "--warmup",
        "2",
        "--external",
        &crate_spec,
    ]);
    assert_eq!(code, Some(0), "{table}");
    for row in ["| fast |", "| crate |", "| external-null |"] {
        assert!(table.contains(row), "{row} missing:\n{table}");
    }
    // Issue 34: a program that reports its guesses but not its dead ends has no count in tdoku's
    // convention (`backtracks + solutions − 1` needs both): the last column says unknown.
    let counted = format!(
        "counted=sh -c '{} | sed -u \"s/$/ guesses=3/\"'",
        rust_adapter().display()
    );
    let (code, table) = on_corpus(&["bench", "--solvers", "fast", "--external", &counted]);
    assert_eq!(code, Some(0), "{table}");
    let row = table.lines().find(|l| l.starts_with("| counted |"));
    assert!(
        row.is_some_and(|l| l.contains("| 3.0 |") && l.ends_with("| — |")),
        "{table}"
    );
}

/// The first `n` puzzles of the embedded corpus.
fn puzzles(n: usize) -> Vec<String> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// `dlxlab solve` of `puzzles` with the external program `spec`: exit code and standard output.
fn solve_with(dir: &Path, spec: &str, puzzles: &[String]) -> (Option<i32>, String) {
    let out = dlxlab(dir)
        .args(["solve", "--external", spec])
        .args(puzzles)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn an_answer_written_twice_is_named_and_shifts_no_later_answer() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = puzzles(6);
    // The Python adapter, writing its answer to the second puzzle twice.
    let script = dir.path().join("doubled.py");
    std::fs::write(
        &script,
        format!(
            "import importlib.util, sys\n\
             spec = importlib.util.spec_from_file_location('ext', r'{}')\n\
             ext = importlib.util.module_from_spec(spec); spec.loader.exec_module(ext)\n\
             for line in sys.stdin:\n\
             \x20   a = ext.answer(line)\n\
             \x20   twice = line.strip() == '{}'\n\
             \x20   sys.stdout.write(a + '\\n' + (a + '\\n' if twice else ''))\n\
             \x20   sys.stdout.flush()\n",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("examples/external_solver.py")
                .display(),
            puzzles[1]
        ),
    )
    .unwrap();
    let spec = format!("doubled=python3 '{}'", script.display());
    let (code, text) = solve_with(dir.path(), &spec, &puzzles);
    let reference = dlxlab(dir.path())
        .args(["solve", "--solver", "dlx"])
        .args(&puzzles)
        .output()
        .unwrap();
    let reference = String::from_utf8_lossy(&reference.stdout).into_owned();
    let (got, want): (Vec<&str>, Vec<&str>) = (text.lines().collect(), reference.lines().collect());
    assert_eq!(got.len(), 6, "{text}");
    // The stray line is named where it is seen: right behind the second answer (the usual
    // case), or when the third puzzle is asked; it is never taken as an answer.
    let errors: Vec<usize> = (0..6).filter(|&k| got[k].starts_with("error:")).collect();
    assert!(errors == [1] || errors == [2], "{text}");
    // (When the stray line comes late, the third puzzle reads it as its answer: a solution that
    // changes its givens, a wrong solution, and the program is restarted all the same.)
    let named = got[errors[0]].contains("out of step")
        || (errors[0] == 2 && got[2].contains("wrong solution"));
    assert!(named, "{text}");
    // The program is restarted: every other puzzle gets its own answer.
    for k in (0..6).filter(|&k| k != errors[0]) {
        assert_eq!(got[k], want[k], "puzzle {k}:\n{text}");
    }
    assert_eq!(code, Some(1));
}

#[test]
fn solve_external_statuses_are_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    // A valid complete grid (row r is 1..9 shifted by 3r + r/3).
    let grid: String = (0..81)
        .map(|k| {
            let (r, c) = (k / 9, k % 9);
            char::from(b'1' + ((r * 3 + r / 3 + c) % 9) as u8)
        })
        .collect();
    // It claims this grid is the unique solution of every puzzle: true of no puzzle with
    // fewer than 17 givens, here the empty grid, which has many.
    let liar = format!("liar=sh -c 'while read -r l; do echo {grid}; done'");
    let (code, text) = solve_with(dir.path(), &liar, &[".".repeat(81)]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.starts_with("error: external solver liar claims `unique`, but fast finds `multiple`"),
        "{text}"
    );
    // `none` for a unique puzzle.
    let none = "none=sh -c 'while read -r l; do echo none; done'";
    let (code, text) = solve_with(dir.path(), none, &puzzles(1));
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("claims `none`, but fast finds `unique`"),
        "{text}"
    );
}

#[test]
fn a_timeout_is_a_status_not_a_failed_study() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 4);
    let out = dir.path().join("out");
    // Hangs on its second puzzle, answers `limit` to the others.
    // (The count is kept in a file: the program is killed and restarted after its timeout.)
    let count = dir.path().join("count");
    let slow = format!(
        "slow=sh -c 'while read -r l; do n=$(cat {0} 2>/dev/null || echo 0); n=$((n+1)); \
         echo $n > {0}; if [ $n -eq 2 ]; then sleep 30; fi; echo limit; done'",
        count.display()
    );
    let status = dlxlab(dir.path())
        .args(["study", "--quiet", "--no-plots", "--ratings", "none"])
        .args([
            "--solvers",
            "dlx",
            "--threads",
            "1",
            "--external-limit-ms",
            "300",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .args(["--external", &slow])
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let rows: Vec<Row> = dlxlab::harness::read_rows(&out.join("runs.csv")).unwrap();
    let slow_rows: Vec<&Row> = rows.iter().filter(|r| r.solver == "slow").collect();
    let statuses: Vec<Status> = slow_rows.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        [
            Status::Limit,
            Status::Timeout,
            Status::Limit,
            Status::Invalid,
            Status::Limit
        ]
    );
    assert!(slow_rows.iter().all(|r| !r.is_solver_error()));
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("solver errors (invalid or inconsistent answers): 0"),
        "{summary}"
    );
    // `solve --count` prints `timeout`, never a count of 0, and exits 1 (a puzzle unanswered).
    let hang = "hang=sh -c 'while read -r l; do sleep 30; done'";
    let solved = dlxlab(dir.path())
        .args([
            "solve",
            "--count",
            "--external-limit-ms",
            "300",
            "--external",
            hang,
        ])
        .args(puzzles(1))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&solved.stdout), "timeout\n");
    assert_eq!(solved.status.code(), Some(1));
}
