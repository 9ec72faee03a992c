//! Ctrl-C on the command line (issue 38, items 16 and 23): one SIGINT stops the search in
//! progress, a burst of them is one request and cannot cut the flush short, external programs'
//! process groups die with dlxlab, and a rating in progress stops.

use std::path::Path;
use std::time::Duration;

use super::support::{dlxlab, interrupted};

/// The empty 9x9 grid: counting its solutions takes far longer than any test.
fn empty_grid() -> String {
    ".".repeat(81)
}

/// Whether process `pid` still runs (a zombie waiting for its new parent counts as gone).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[test]
fn one_ctrl_c_stops_a_count_in_progress() {
    let dir = tempfile::tempdir().unwrap();
    for solver in ["memo", "dlx"] {
        let run = interrupted(
            dlxlab(dir.path()).args(["count", "--quiet", "--solver", solver, &empty_grid()]),
            || {
                std::thread::sleep(Duration::from_millis(300));
                true
            },
            1,
            Duration::ZERO,
            Duration::from_secs(5),
        );
        assert_eq!(run.code, Some(130), "{solver}: {}", run.stderr);
        assert!(run.after_signal < Duration::from_secs(3), "{solver}");
        assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
    }
}

#[test]
fn a_burst_of_sigints_keeps_the_finished_rows() {
    let dir = tempfile::tempdir().unwrap();
    // Many quick puzzles, then one that no solver finishes before the signals come.
    let mut corpus = String::new();
    for line in dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(200)
    {
        corpus.push_str(line.split_whitespace().next().unwrap());
        corpus.push('\n');
    }
    corpus.push_str(&empty_grid());
    corpus.push('\n');
    std::fs::write(dir.path().join("c.txt"), &corpus).unwrap();
    let out = dir.path().join("out");
    let partial = out.join("runs.csv.partial");
    // `--max-solutions 0` counts every solution: the empty grid never ends.
    let run = interrupted(
        dlxlab(dir.path())
            .args(["study", "--quiet", "--no-plots", "--ratings", "none"])
            .args(["--solvers", "dlx", "--max-solutions", "0", "--threads", "1"])
            .args(["--corpus", "c.txt", "--out"])
            .arg(&out),
        || {
            std::thread::sleep(Duration::from_millis(1500));
            true
        },
        2,
        Duration::from_millis(20),
        Duration::from_secs(5),
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(run.stderr.contains("--resume"), "{}", run.stderr);
    let rows = std::fs::read_to_string(&partial).unwrap_or_default();
    // The header and the 200 quick puzzles; not the empty grid, whose search was cut short.
    assert_eq!(rows.lines().count(), 201, "{rows}");
    assert!(!rows.contains(&empty_grid()));
}

#[test]
fn ctrl_c_kills_a_hanging_external_solver_and_its_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("sleeper.pid");
    // The program starts a child in the background, then never answers.
    let hang = format!(
        "hang=sh -c 'sleep 300 & echo $! > {}; wait'",
        pid_file.display()
    );
    let puzzle = dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let ready = || std::fs::read_to_string(&pid_file).is_ok_and(|t| t.ends_with('\n'));
    let run = interrupted(
        dlxlab(dir.path()).args(["solve", "--external", &hang, &puzzle]),
        ready,
        1,
        Duration::ZERO,
        Duration::from_secs(5),
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(run.after_signal < Duration::from_secs(2));
    // No answer line: the wait was interrupted, not answered.
    assert_eq!(run.stdout, "");
    let sleeper: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let survived = alive(sleeper);
    if survived {
        // SAFETY: kill(2) on the test's own stray grandchild.
        unsafe {
            libc::kill(sleeper, libc::SIGKILL);
        }
    }
    assert!(!survived, "the external program's child {sleeper} survived");
}

/// The Golden Nugget: its SE rating takes seconds even in a release build.
const GOLDEN_NUGGET: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

#[test]
fn ctrl_c_stops_the_puzzle_being_rated() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ratings.csv");
    let run = interrupted(
        dlxlab(dir.path())
            .args([
                "rate",
                "--quiet",
                "--no-decision-tree",
                "--limit-ms",
                "60000",
            ])
            .arg("--out")
            .arg(&out)
            .arg(GOLDEN_NUGGET),
        || {
            std::thread::sleep(Duration::from_millis(500));
            true
        },
        1,
        Duration::ZERO,
        Duration::from_secs(5),
    );
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(run.after_signal < Duration::from_secs(3));
    // No row for the puzzle: its rating was cut short, not timed out.
    let partial = Path::new(&out).with_extension("csv.partial");
    let text = std::fs::read_to_string(&partial).unwrap_or_default();
    assert!(!text.contains(GOLDEN_NUGGET), "{text}");
}
