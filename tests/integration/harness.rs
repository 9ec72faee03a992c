//! Integration tests of the corpus harness (issue 4): `dlxlab study`, `merge`, `count`, `bench` on
//! temporary directories, and the library API where a test needs to stop a run or plant a faulty
//! solver.

use std::path::{Path, PathBuf};

use dlxlab::harness::Row;

use super::support::{dlxlab, run_ok, untimed, BIN};

/// The embedded default corpus, whose first puzzles serve as valid inputs.
fn default_puzzles(n: usize) -> Vec<&'static str> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .collect()
}

fn rows(dir: &Path) -> Vec<Row> {
    dlxlab::harness::read_rows(&dir.join("runs.csv")).expect("runs.csv reads")
}

fn write_corpus(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A corpus of `n` valid puzzles with a comment, a blank line and two bad lines among them.
fn mixed_corpus(n: usize) -> String {
    let mut text = String::from("# mixed test corpus\n");
    for (k, p) in default_puzzles(n).into_iter().enumerate() {
        text.push_str(p);
        text.push('\n');
        if k == 3 {
            text.push_str("\nnot-a-puzzle\n");
        }
        if k == 7 {
            text.push_str("1.........\n");
        }
    }
    text
}

mod nothing_lost {
    use super::*;
    use dlxlab::solvers::Status;

    fn malformed_corpus() -> (Vec<u8>, Vec<(u64, &'static str)>) {
        let p = default_puzzles(3);
        let mut bad_char = p[0].to_string();
        bad_char.replace_range(9..10, "x");
        let mut lines: Vec<Vec<u8>> = Vec::new();
        let mut expect = Vec::new();
        let mut push = |bytes: Vec<u8>, status: Option<&'static str>| {
            lines.push(bytes);
            if let Some(s) = status {
                expect.push((lines.len() as u64, s));
            }
        };
        push(format!("\u{feff}{}", p[0]).into_bytes(), Some("unique")); // BOM
        push(b"# a comment".to_vec(), None);
        push(Vec::new(), None); // empty line
        push(format!("{}\r", p[1]).into_bytes(), Some("unique")); // CRLF
        push(b"123".to_vec(), Some("invalid")); // short
        push(format!("{}5", p[0]).into_bytes(), Some("invalid")); // long
        push(bad_char.into_bytes(), Some("invalid")); // bad character
        push(
            format!("11{}", ".".repeat(79)).into_bytes(),
            Some("invalid"),
        ); // duplicate givens
           // Unsolvable: r1c9 needs a 9, which column 9 already holds.
        push(
            format!("12345678.........9{}", ".".repeat(63)).into_bytes(),
            Some("none"),
        );
        push(
            format!("1{}", ".".repeat(80)).into_bytes(),
            Some("multiple"),
        ); // several solutions
        push([b"\xff".to_vec(), vec![b'.'; 80]].concat(), Some("invalid")); // not UTF-8
        push(format!("{}   ", p[2]).into_bytes(), Some("unique")); // trailing spaces
        push(
            format!("{} 7.2 src=test", p[0]).into_bytes(),
            Some("unique"),
        ); // fields
        push(b"   ".to_vec(), None); // blank
        let mut bytes = lines.join(&b"\n"[..]);
        bytes.push(b'\n');
        (bytes, expect)
    }

    #[test]
    fn every_line_accounted_for_with_the_right_status() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, expect) = malformed_corpus();
        let corpus = write_corpus(dir.path(), "bad.txt", &bytes);
        let out = dir.path().join("out");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&out),
        );
        let names = dlxlab::solvers::names();
        let rows = rows(&out);
        assert_eq!(rows.len(), expect.len() * names.len());
        for (k, (line, status)) in expect.iter().enumerate() {
            for (j, name) in names.iter().enumerate() {
                let row = &rows[k * names.len() + j];
                assert_eq!((row.line, row.solver.as_str()), (*line, *name));
                // Naive backtracking may run out of its node budget on a real puzzle.
                let ok = row.status.as_str() == *status
                    || (*name == "backtrack" && *status == "unique" && row.status == Status::Limit);
                assert!(ok, "line {line} {name}: {row:?}, expected {status}");
                if row.status == Status::Invalid {
                    assert!(row.error.starts_with(&format!("line {line}: ")), "{row:?}");
                    assert_eq!((row.nodes, row.solution.as_str()), (Some(0), ""));
                } else {
                    assert!(row.error.is_empty(), "{row:?}");
                }
                if row.status == Status::Unique {
                    let puzzle = dlxlab::sudoku::Grid::parse(&row.puzzle).unwrap();
                    let solution = dlxlab::sudoku::Grid::parse(&row.solution).unwrap();
                    dlxlab::sudoku::check_solution(&puzzle, &solution).unwrap();
                }
            }
        }
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(summary.contains("- reconciled: yes"), "{summary}");
        assert!(
            summary.contains("- lines where solvers disagree: 0"),
            "{summary}"
        );
        let meta = dlxlab::harness::read_meta(&out).unwrap();
        assert_eq!(meta.counts.input_lines, 14);
        assert_eq!(meta.counts.comment_lines, 1);
        assert_eq!(meta.counts.blank_lines, 2);
        assert_eq!(meta.counts.puzzle_lines, 11);
        assert_eq!(meta.counts.invalid_lines, 5);
        assert!(meta.reconciled);
        assert_eq!(meta.corpus.bytes, bytes.len() as u64);
        assert_eq!(meta.solvers.len(), names.len());
    }

    /// A solver that answers with a wrong solution must fail the study and be named in its row.
    #[test]
    fn a_wrong_solution_is_an_error_row_and_fails_the_study() {
        use dlxlab::harness::{study, SolverRun, StudyConfig};
        use dlxlab::solvers::{Descriptor, Outcome, SolveLimits, Solver, Stats};
        use dlxlab::sudoku::{Grid, Shape};

        struct Liar;
        impl Solver for Liar {
            fn name(&self) -> &'static str {
                "liar"
            }
            fn descriptor(&self) -> Descriptor {
                Descriptor {
                    representation: "none",
                    propagation: "none",
                    heuristic: "none",
                }
            }
            fn supports(&self, _: Shape) -> bool {
                true
            }
            fn solve(&self, grid: &Grid, _: &SolveLimits) -> Outcome {
                Outcome {
                    status: Status::Unique,
                    solutions: 1,
                    solution: Some(grid.clone()),
                    stats: Stats::default(),
                }
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(3).as_bytes());
        let config = StudyConfig {
            source: dlxlab::corpus::Source::Path(corpus),
            out_dir: dir.path().join("out"),
            solvers: vec![SolverRun {
                solver: Box::new(Liar),
                limits: SolveLimits::default(),
            }],
            shard: dlxlab::corpus::Shard::ALL,
            threads: 2,
            serial_timing: false,
            resume: false,
            force: false,
            chunk_lines: 2,
            permute: None,
        };
        let report = study(&config, &Default::default(), &|_| {}).unwrap();
        assert!(!report.passed());
        let summary = report.summary.unwrap();
        assert_eq!(summary.solver_errors(), 3);
        assert!(summary.reconciled());
        let rows = rows(&config.out_dir);
        let wrong: Vec<&Row> = rows.iter().filter(|r| r.is_solver_error()).collect();
        assert_eq!(wrong.len(), 3);
        assert!(
            wrong[0].error.contains("invalid solution: cell r1c"),
            "{:?}",
            wrong[0]
        );
    }
}

mod determinism {
    use super::*;

    /// Issue 25: chunks overlap on the pool (two in flight, blocks of pairs in cost order), so
    /// several chunks and thread counts must still give the same rows, in the same order.
    #[test]
    fn overlapping_chunks_give_the_same_rows_whatever_the_threads() {
        use dlxlab::harness::{select_solvers, study, StudyConfig};
        use std::sync::atomic::AtomicBool;
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(40).as_bytes());
        let mut results = Vec::new();
        for (threads, chunk_lines) in [(1, 4096), (1, 5), (2, 5), (3, 7), (4, 1)] {
            let out = dir.path().join(format!("t{threads}-c{chunk_lines}"));
            let config = StudyConfig {
                source: dlxlab::corpus::Source::Path(corpus.clone()),
                out_dir: out.clone(),
                solvers: select_solvers(&[], dlxlab::solvers::SolveLimits::default()).unwrap(),
                shard: dlxlab::corpus::Shard::ALL,
                threads,
                serial_timing: false,
                resume: false,
                force: false,
                chunk_lines,
                permute: None,
            };
            let report = study(&config, &AtomicBool::new(false), &|_| ()).unwrap();
            assert!(report.passed());
            let phases: Vec<String> = report
                .meta
                .unwrap()
                .timings
                .unwrap()
                .phases
                .into_iter()
                .map(|p| p.name)
                .collect();
            assert_eq!(phases, ["read", "solve", "write_runs", "rate", "summary"]);
            results.push(untimed(rows(&out)));
        }
        assert_eq!(results[0].len(), 42 * dlxlab::solvers::names().len());
        for other in &results[1..] {
            assert_eq!(&results[0], other);
        }
    }

    /// runs.csv (times apart), ratings.csv and the report's statistics do not depend on the
    /// thread count (issue 25), and meta.json says where the time went, phase by phase.
    #[test]
    fn rows_ratings_report_and_phase_timings_on_one_and_two_threads() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(60).as_bytes());
        let mut outputs = Vec::new();
        for threads in ["1", "2"] {
            let out = dir.path().join(format!("t{threads}"));
            run_ok(
                dlxlab(dir.path())
                    .args(["study", "--quiet", "--threads", threads, "--corpus"])
                    .arg(&corpus)
                    .arg("--out")
                    .arg(&out),
            );
            let ratings = std::fs::read(out.join("ratings.csv")).unwrap();
            let report = std::fs::read_to_string(out.join("report.md")).unwrap();
            let correlations = report
                .split_once("## Rank correlations")
                .expect("the report has its correlations")
                .1
                .to_string();
            let timings = dlxlab::harness::read_meta(&out).unwrap().timings.unwrap();
            let names: Vec<&str> = timings.phases.iter().map(|p| p.name.as_str()).collect();
            assert_eq!(
                names,
                [
                    "read",
                    "solve",
                    "write_runs",
                    "rate",
                    "summary",
                    "write_ratings",
                    "report"
                ]
            );
            assert!(timings.cpu_s > 0.0 && timings.wall_s > 0.0, "{timings:?}");
            let solve = &timings.phases[1];
            assert!(
                solve.cpu_s > 0.0 && solve.wall_s <= timings.wall_s,
                "{timings:?}"
            );
            outputs.push((untimed(rows(&out)), ratings, correlations));
        }
        assert_eq!(outputs[0].0.len(), 62 * dlxlab::solvers::names().len());
        assert_eq!(outputs[0], outputs[1]);
    }

    #[test]
    fn serial_timing_changes_only_times() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(20).as_bytes());
        let mut results = Vec::new();
        for timing in ["parallel", "serial"] {
            let out = dir.path().join(timing);
            run_ok(
                dlxlab(dir.path())
                    .args(["study", "--quiet", "--timing", timing, "--corpus"])
                    .arg(&corpus)
                    .arg("--out")
                    .arg(&out),
            );
            let meta = dlxlab::harness::read_meta(&out).unwrap();
            assert_eq!(meta.timing, timing);
            // The serial pass is a phase of its own, and only with --timing serial.
            let timings = meta.timings.unwrap();
            let serial = timings.phases.iter().find(|p| p.name == "serial_timing");
            assert_eq!(serial.is_some(), timing == "serial", "{timings:?}");
            results.push(untimed(rows(&out)));
        }
        assert_eq!(results[0], results[1]);
    }

    #[test]
    fn two_shards_merged_equal_the_whole_run() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(40).as_bytes());
        let study = |extra: &[&str], out: &Path| {
            run_ok(
                dlxlab(dir.path())
                    .args(["study", "--quiet", "--corpus"])
                    .arg(&corpus)
                    .arg("--out")
                    .arg(out)
                    .args(extra),
            );
        };
        let (whole, s1, s2, merged) = (
            dir.path().join("whole"),
            dir.path().join("s1"),
            dir.path().join("s2"),
            dir.path().join("merged"),
        );
        study(&[], &whole);
        study(&["--shard", "1/2"], &s1);
        study(&["--shard", "2/2", "--threads", "1"], &s2);
        assert!(rows(&s1).iter().all(|r| r.line % 2 == 1));
        // Shards in either order.
        run_ok(
            dlxlab(dir.path())
                .args(["merge", "--quiet"])
                .arg(&s2)
                .arg(&s1)
                .arg("--out")
                .arg(&merged),
        );
        assert_eq!(untimed(rows(&merged)), untimed(rows(&whole)));
        // The shards' ratings are joined too: byte for byte those of the whole run.
        let ratings = |d: &Path| std::fs::read(d.join("ratings.csv")).unwrap();
        assert_eq!(ratings(&merged), ratings(&whole));
        let (a, b) = (
            dlxlab::harness::read_meta(&merged).unwrap(),
            dlxlab::harness::read_meta(&whole).unwrap(),
        );
        assert_eq!(a.counts, b.counts);
        assert_eq!(a.corpus.sha256, b.corpus.sha256);
        assert!(a.reconciled);

        // A missing shard, or one given twice, is refused.
        let out = dlxlab(dir.path())
            .args(["merge", "--quiet"])
            .arg(&s1)
            .arg("--out")
            .arg(dir.path().join("m2"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/2 is missing"));
        let out = dlxlab(dir.path())
            .args(["merge", "--quiet"])
            .arg(&s1)
            .arg(&s1)
            .arg("--out")
            .arg(dir.path().join("m3"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("shard 1/2 given twice"));

        // Several missing shards are all named, so that every lost array task can be rerun.
        let t1 = dir.path().join("t1");
        study(&["--shard", "1/3", "--ratings", "none"], &t1);
        let out = dlxlab(dir.path())
            .args(["merge", "--quiet"])
            .arg(&t1)
            .arg("--out")
            .arg(dir.path().join("m4"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("2 of 3 shards are missing: 2/3, 3/3"),
            "{stderr}"
        );

        // Shards rated and unrated do not make one study's ratings.
        let unrated = dir.path().join("s2-unrated");
        study(&["--shard", "2/2", "--ratings", "none"], &unrated);
        let out = dlxlab(dir.path())
            .args(["merge", "--quiet"])
            .arg(&s1)
            .arg(&unrated)
            .arg("--out")
            .arg(dir.path().join("m5"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("s2-unrated has no ratings.csv"), "{stderr}");
        // Unrated shards merge without ratings.
        let unrated1 = dir.path().join("s1-unrated");
        study(&["--shard", "1/2", "--ratings", "none"], &unrated1);
        run_ok(
            dlxlab(dir.path())
                .args(["merge", "--quiet"])
                .arg(&unrated1)
                .arg(&unrated)
                .arg("--out")
                .arg(&merged),
        );
        assert_eq!(untimed(rows(&merged)), untimed(rows(&whole)));
        assert!(!merged.join("ratings.csv").exists());
    }
}

mod resume {
    use super::*;
    use dlxlab::harness::{select_solvers, study, StudyConfig};
    use dlxlab::solvers::SolveLimits;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    fn config(corpus: &Path, out: PathBuf, resume: bool) -> StudyConfig {
        StudyConfig {
            source: dlxlab::corpus::Source::Path(corpus.to_path_buf()),
            out_dir: out,
            solvers: select_solvers(&[], SolveLimits::default()).unwrap(),
            shard: dlxlab::corpus::Shard::ALL,
            threads: 2,
            serial_timing: false,
            resume,
            force: false,
            chunk_lines: 16,
            permute: None,
        }
    }

    #[test]
    fn a_stopped_run_resumed_equals_an_uninterrupted_one() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(80).as_bytes());
        let whole = dir.path().join("whole");
        study(
            &config(&corpus, whole.clone(), false),
            &AtomicBool::new(false),
            &|_| {},
        )
        .unwrap();

        // Stop after about 30 puzzles.
        let out = dir.path().join("stopped");
        let stop = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let report = study(&config(&corpus, out.clone(), false), &stop, &|n| {
            if done.fetch_add(n, Ordering::SeqCst) + n >= 30 {
                stop.store(true, Ordering::SeqCst);
            }
        })
        .unwrap();
        assert!(report.tally.interrupted);
        assert!(report.summary.is_none());
        // Atomic outputs: nothing under a final name, whole puzzles in the partial file.
        assert!(!out.join("runs.csv").exists());
        assert!(!out.join("summary.md").exists());
        let partial = dlxlab::harness::read_rows(&out.join("runs.csv.partial")).unwrap();
        let k = dlxlab::solvers::names().len();
        assert_eq!(partial.len() % k, 0);
        assert!(
            partial.len() >= 30 * k && partial.len() < 82 * k,
            "{}",
            partial.len()
        );

        let report = study(
            &config(&corpus, out.clone(), true),
            &AtomicBool::new(false),
            &|_| {},
        )
        .unwrap();
        assert_eq!(report.resumed_rows as usize, partial.len());
        assert!(report.passed());
        assert_eq!(untimed(rows(&out)), untimed(rows(&whole)));
        assert!(!out.join("runs.csv.partial").exists());
        assert!(std::fs::read_to_string(out.join("summary.md"))
            .unwrap()
            .contains("reconciled: yes"));
    }

    #[test]
    fn a_truncated_runs_csv_resumed_equals_the_whole_run() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(50).as_bytes());
        let whole = dir.path().join("whole");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&whole),
        );
        let bytes = std::fs::read(whole.join("runs.csv")).unwrap();
        for cut in [bytes.len() / 2 + 7, 40, 0] {
            let out = dir.path().join(format!("cut{cut}"));
            std::fs::create_dir_all(&out).unwrap();
            // Cut mid-row, as a crash would; meta.json says what it is a run of.
            std::fs::write(out.join("runs.csv"), &bytes[..cut]).unwrap();
            std::fs::copy(whole.join("meta.json"), out.join("meta.json")).unwrap();
            run_ok(
                dlxlab(dir.path())
                    .args(["study", "--quiet", "--resume", "--corpus"])
                    .arg(&corpus)
                    .arg("--out")
                    .arg(&out),
            );
            assert_eq!(untimed(rows(&out)), untimed(rows(&whole)), "cut at {cut}");
        }
    }

    #[test]
    fn resume_with_other_solvers_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "c.txt", mixed_corpus(10).as_bytes());
        let out = dir.path().join("o");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--solvers", "mrv", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&out),
        );
        let names = dlxlab::solvers::names();
        let other = names
            .iter()
            .find(|&&n| n != "mrv")
            .expect("a second solver");
        let res = dlxlab(dir.path())
            .args([
                "study",
                "--quiet",
                "--resume",
                "--solvers",
                other,
                "--corpus",
            ])
            .arg(&corpus)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(!res.status.success());
        assert!(String::from_utf8_lossy(&res.stderr).contains("cannot resume"));
    }
}

mod data {
    use super::*;

    #[test]
    fn lookup_order_env_then_datasets_then_embedded() {
        let dir = tempfile::tempdir().unwrap();
        let p = default_puzzles(2);
        // No data anywhere: the embedded corpus, reported under results/default/.
        // (No ratings and no plots: only where the corpus came from is checked here.)
        let out = run_ok(dlxlab(dir.path()).args([
            "study",
            "--solvers",
            "singles",
            "--threads",
            "1",
            "--ratings",
            "none",
            "--no-plots",
        ]));
        let meta = dlxlab::harness::read_meta(&dir.path().join("results/default")).unwrap();
        assert_eq!(meta.corpus.path, "embedded:default");
        assert!(meta.counts.puzzle_lines >= 2000);
        assert!(String::from_utf8_lossy(&out.stderr).contains("reconciled: yes"));

        // datasets/17-clue.txt in the working directory.
        std::fs::create_dir_all(dir.path().join("datasets")).unwrap();
        write_corpus(
            &dir.path().join("datasets"),
            "17-clue.txt",
            format!("{}\n", p[0]).as_bytes(),
        );
        run_ok(dlxlab(dir.path()).args(["study", "--quiet", "--solvers", "singles"]));
        let meta = dlxlab::harness::read_meta(&dir.path().join("results/17-clue")).unwrap();
        assert_eq!(meta.corpus.path, "datasets/17-clue.txt");

        // $DLXLAB_DATA/17-clue.txt comes first. It is another corpus of the same name, so its
        // default directory, which holds the study above, is refused unless --force (issue 38).
        let data = dir.path().join("data");
        std::fs::create_dir_all(&data).unwrap();
        write_corpus(
            &data,
            "17-clue.txt",
            format!("{}\n{}\n", p[0], p[1]).as_bytes(),
        );
        let refused = dlxlab(dir.path())
            .env("DLXLAB_DATA", &data)
            .args(["study", "--quiet", "--solvers", "singles"])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        run_ok(dlxlab(dir.path()).env("DLXLAB_DATA", &data).args([
            "study",
            "--quiet",
            "--solvers",
            "singles",
            "--force",
        ]));
        let meta = dlxlab::harness::read_meta(&dir.path().join("results/17-clue")).unwrap();
        assert_eq!(meta.counts.puzzle_lines, 2);
    }

    #[test]
    fn stdin_corpus() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("o");
        let mut child = dlxlab(dir.path())
            .args([
                "study",
                "--quiet",
                "--solvers",
                "singles",
                "--corpus",
                "-",
                "--out",
            ])
            .arg(&out)
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(mixed_corpus(5).as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success());
        assert_eq!(rows(&out).len(), 6);
        assert_eq!(dlxlab::harness::read_meta(&out).unwrap().corpus.path, "-");
    }

    /// Every puzzle of the embedded corpus has exactly one solution, checked by solvers that did not
    /// make it: the `sudoku` crate and every registered solver; and its first puzzles are what the
    /// generator makes from the seed in its header.
    #[test]
    fn embedded_corpus_is_unique_and_reproducible() {
        let text = dlxlab::corpus::DEFAULT_CORPUS;
        let seed: u64 = text
            .lines()
            .find_map(|l| l.strip_prefix("# seed: "))
            .expect("seed in header")
            .trim()
            .parse()
            .unwrap();
        let puzzles = default_puzzles(usize::MAX);
        assert!(puzzles.len() >= 2000);
        for p in &puzzles {
            let s = sudoku::Sudoku::from_str_line(p).unwrap();
            assert_eq!(s.solutions_count_up_to(2), 1, "{p}");
        }
        let solvers = dlxlab::harness::select_solvers(&[], Default::default()).unwrap();
        for p in puzzles.iter().step_by(25) {
            let grid = dlxlab::sudoku::Grid::parse(p).unwrap();
            for run in solvers.iter().filter(|r| r.solver.name() != "backtrack") {
                let out = run.solver.run(&grid, &run.limits);
                assert_eq!(
                    out.status,
                    dlxlab::solvers::Status::Unique,
                    "{} {p}",
                    run.solver.name()
                );
            }
        }
        for (i, p) in puzzles.iter().take(3).enumerate() {
            let (made, _) =
                dlxlab::generate::unique_puzzle(dlxlab::sudoku::Shape::CLASSIC, seed, i as u64);
            assert_eq!(made.to_line(), *p);
        }
    }

    /// The manifest's checksums match the shared data files (ignored when built without DLXLAB_DATA).
    #[test]
    #[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
    fn manifest_matches_shared_data() {
        use sha2::{Digest, Sha256};
        let data = crate::support::data_file("17-clue.txt")
            .parent()
            .expect("a data file has a directory")
            .to_path_buf();
        let manifest = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/manifest"),
        )
        .unwrap();
        let mut checked = 0;
        for line in manifest
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (name, sha) = (fields[0], fields[1]);
            if sha == "-" {
                // A corpus without a pinned checksum (fetched from upstream as it is).
                continue;
            }
            let path = Path::new(&data).join(name);
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            assert_eq!(dlxlab::corpus::hex(&Sha256::digest(&bytes)), sha, "{name}");
            checked += 1;
        }
        assert!(checked > 0, "no manifest file found in DLXLAB_DATA");
    }
}

mod count {
    use super::*;

    #[test]
    fn counts_with_the_nothing_lost_rules() {
        let dir = tempfile::tempdir().unwrap();
        let text = format!(
            "# c\n{}\n1{}\nbad\n12345678.........9{}\n",
            default_puzzles(1)[0],
            ".".repeat(15),
            ".".repeat(63)
        );
        let corpus = write_corpus(dir.path(), "c.txt", text.as_bytes());
        let out = dir.path().join("counts.csv");
        run_ok(
            dlxlab(dir.path())
                .args(["count", "--quiet", "--max", "0", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&out),
        );
        let csv = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "line,puzzle,clues,status,solutions,nodes,time_ns,error"
        );
        assert_eq!(lines.len(), 5);
        let field = |k: usize, col: usize| lines[k].split(',').nth(col).unwrap().to_string();
        assert_eq!(
            (field(1, 0), field(1, 3), field(1, 4)),
            ("2".into(), "unique".into(), "1".into())
        );
        // "1..............." is a 4x4 grid with one given: 288 / 4 = 72 solutions.
        assert_eq!((field(2, 3), field(2, 4)), ("multiple".into(), "72".into()));
        assert_eq!(field(3, 3), "invalid");
        assert_eq!((field(4, 3), field(4, 4)), ("none".into(), "0".into()));

        // --max 2 stops at two.
        let stdout = run_ok(
            dlxlab(dir.path())
                .args([
                    "count", "--quiet", "--max", "2", "--solver", "mrv", "--corpus",
                ])
                .arg(&corpus),
        )
        .stdout;
        let csv = String::from_utf8(stdout).unwrap();
        assert!(
            csv.lines().nth(2).unwrap().contains(",multiple,2,"),
            "{csv}"
        );
    }
}

mod bench {
    use super::*;

    #[test]
    fn prints_a_row_per_solver() {
        let dir = tempfile::tempdir().unwrap();
        let out = run_ok(dlxlab(dir.path()).args(["bench", "--puzzles", "20", "--warmup", "5"]));
        let table = String::from_utf8(out.stdout).unwrap();
        for name in dlxlab::solvers::names() {
            assert!(table.contains(&format!("| {name} | 20 |")), "{table}");
        }
    }

    /// Issue 23: `--passes` times every solver that many times, alternating, and says so; zero
    /// passes is a usage error, not an empty table.
    #[test]
    fn passes_alternate_and_zero_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let args = [
            "bench",
            "--puzzles",
            "10",
            "--warmup",
            "2",
            "--solvers",
            "fast,band",
        ];
        let out = run_ok(dlxlab(dir.path()).args(args).args(["--passes", "3"]));
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(
            table.contains("3 timed pass(es) each, alternating"),
            "{table}"
        );
        for row in ["| fast | 10 |", "| band | 10 |"] {
            assert!(table.contains(row), "{table}");
        }
        let out = dlxlab(dir.path())
            .args(args)
            .args(["--passes", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
    }

    /// A stand-in for the `sudoku_whole` example (which tests do not build): a script that does
    /// the same whole job with `dlxlab solve`, or, with `lines` false, prints nothing.
    fn fake_peer(dir: &Path, lines: bool) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(if lines { "peer.sh" } else { "silent.sh" });
        let body = if lines {
            format!("#!/bin/sh\nexec '{BIN}' solve --solver fast --corpus \"$1\"\n")
        } else {
            "#!/bin/sh\nexit 0\n".to_string()
        };
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// Issue 13: `bench --whole-process` times `dlxlab solve` per solver against the peer program
    /// and checks that each prints one line per puzzle. Issue 23: the peer's row and ratio columns
    /// carry the peer program's name (here `peer`), not "sudoku crate".
    #[test]
    fn whole_process_rows_for_every_solver_and_the_peer() {
        let dir = tempfile::tempdir().unwrap();
        let peer = fake_peer(dir.path(), true);
        let args = [
            "bench",
            "--puzzles",
            "12",
            "--warmup",
            "2",
            "--solvers",
            "fast,dlx",
            "--whole-process",
            "--rounds",
            "1",
            "--peer",
        ];
        let out = run_ok(dlxlab(dir.path()).args(args).arg(&peer));
        let stdout = String::from_utf8(out.stdout).unwrap();
        let (_, table) = stdout.split_once("whole process:").expect("a second table");
        assert!(!table.contains("sudoku crate"), "{table}");
        assert!(table.contains("| vs peer | vs peer (CPU) |"), "{table}");
        for row in ["| peer | 12 |", "| fast | 12 |", "| dlx | 12 |"] {
            let line = table.lines().find(|l| l.starts_with(row));
            assert!(
                line.is_some_and(|l| l.ends_with("| ok |")),
                "{row}: {table}"
            );
        }
        assert!(table.contains("| 1.00x | 1.00x | ok |"), "{table}");
    }

    #[test]
    fn whole_process_reports_a_peer_that_prints_the_wrong_number_of_lines() {
        let dir = tempfile::tempdir().unwrap();
        let peer = fake_peer(dir.path(), false);
        let out = dlxlab(dir.path())
            .args([
                "bench",
                "--puzzles",
                "5",
                "--warmup",
                "1",
                "--solvers",
                "fast",
            ])
            .args(["--whole-process", "--rounds", "1", "--peer"])
            .arg(&peer)
            .output()
            .unwrap();
        let table = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "{table}");
        assert!(
            table.contains("printed 0 lines for 5 puzzle lines"),
            "{table}"
        );
    }

    /// A loop-protocol peer (`bench --in-process-peer`) made of a shell script: `fast` through
    /// `dlxlab loop-peer`, or, with `answer` given, a liar that reports a pass time and writes
    /// `answer` for every puzzle.
    fn loop_peer(dir: &Path, name: &str, answer: Option<&str>) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        let body = match answer {
            None => format!("#!/bin/sh\nexec '{BIN}' loop-peer --solver fast \"$@\"\n"),
            Some(a) => format!(
                "#!/bin/sh\ni=0; while [ $i -lt \"$2\" ]; do echo 0.001; i=$((i+1)); done\n\
                 [ -n \"$4\" ] && sed 's/.*/{a}/' \"$1\" > \"$4\"\nexit 0\n"
            ),
        };
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    const LOOP_ARGS: [&str; 7] = [
        "bench",
        "--puzzles",
        "12",
        "--warmup",
        "2",
        "--solvers",
        "band,fast",
    ];

    /// Issue 23: an in-process peer is a row of its own, labelled by its file name, with a `vs
    /// NAME` column; `loop-peer` around `fast` is such a peer and its answers pass the check.
    #[test]
    fn in_process_peer_is_a_row_and_a_column() {
        let dir = tempfile::tempdir().unwrap();
        let peer = loop_peer(dir.path(), "fastloop", None);
        let out = run_ok(
            dlxlab(dir.path())
                .args(LOOP_ARGS)
                .args(["--passes", "3", "--in-process-peer"])
                .arg(&peer),
        );
        let table = String::from_utf8(out.stdout).unwrap();
        assert!(table.contains("| vs crate | vs fastloop |"), "{table}");
        let row = table.lines().find(|l| l.starts_with("| fastloop | 12 |"));
        // Nodes and guesses are not the peer's to say; no failure; 1.00x against itself.
        assert!(
            row.is_some_and(|l| l.contains("| — | — | 0 | 0 |") && l.ends_with("| 1.00x | — | — |")),
            "{table}"
        );
        for solver in ["band", "fast"] {
            assert!(table.contains(&format!("| {solver} | 12 |")), "{table}");
        }
    }

    /// A peer whose answers are wrong is counted as failed and the run exits 1; one that breaks
    /// the protocol is an error naming it; threads other than one are refused before any timing.
    #[test]
    fn in_process_peer_wrong_answers_fail_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let bench = |extra: &[&str], peer: &Path| {
            dlxlab(dir.path())
                .args(LOOP_ARGS)
                .args(extra)
                .arg("--in-process-peer")
                .arg(peer)
                .output()
                .unwrap()
        };
        for (name, answer) in [("liar", "none"), ("garbler", "123")] {
            let out = bench(&[], &loop_peer(dir.path(), name, Some(answer)));
            let table = String::from_utf8(out.stdout).unwrap();
            assert_eq!(out.status.code(), Some(1), "{table}");
            assert!(
                table.contains(&format!("| {name} | 12 |")) && table.contains("| 0 | 12 |"),
                "{table}"
            );
        }
        let silent = fake_peer(dir.path(), false);
        let out = bench(&[], &silent);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("silent.sh") && err.contains("answer line"),
            "{err}"
        );
        let out = bench(&["--threads", "2"], &silent);
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
    }

    /// `loop-peer` speaks the protocol: one time per pass on stdout, one answer per puzzle in the
    /// solutions file, the same as `solve` prints.
    #[test]
    fn loop_peer_prints_pass_times_and_answers() {
        let dir = tempfile::tempdir().unwrap();
        let puzzles = [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            ".................................................................................",
        ];
        let file = dir.path().join("p.txt");
        std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
        let answers = dir.path().join("a.txt");
        let out = run_ok(
            dlxlab(dir.path())
                .args(["loop-peer", "--solver", "band"])
                .arg(&file)
                .args(["2", "1"])
                .arg(&answers),
        );
        let times = String::from_utf8(out.stdout).unwrap();
        assert_eq!(times.lines().count(), 2, "{times}");
        assert!(times.lines().all(|l| l.parse::<f64>().is_ok()), "{times}");
        let answers = std::fs::read_to_string(&answers).unwrap();
        assert_eq!(
            answers,
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382\nmultiple\n"
        );
        // A line that is not a 9x9 puzzle stops it with the line named.
        std::fs::write(&file, "12\n").unwrap();
        let out = dlxlab(dir.path())
            .args(["loop-peer", "--solver", "band"])
            .arg(&file)
            .args(["1", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    }

    #[test]
    fn whole_process_with_a_missing_peer_says_how_to_build_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dlxlab(dir.path())
            .args(["bench", "--puzzles", "5", "--whole-process", "--peer"])
            .arg(dir.path().join("no-such-peer"))
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("no-such-peer"), "{err}");
        assert!(
            err.contains("cargo build --release --example sudoku_whole"),
            "{err}"
        );
        assert!(
            out.stdout.is_empty(),
            "no table is timed before the peer is found"
        );
    }
}

mod fuzz {
    use dlxlab::corpus::CorpusReader;
    use dlxlab::harness::{engine, select_solvers, Mode, Plan, Row};
    use dlxlab::solvers::Status;
    use proptest::prelude::*;
    use std::sync::atomic::AtomicBool;

    fn line() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..100),
            "[1-9.]{81}".prop_map(String::into_bytes),
            "[1-4.]{16}\r?".prop_map(String::into_bytes),
            "#[ -~]{0,20}".prop_map(String::into_bytes),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever the bytes, the engine gives one row per solver per puzzle line, in line order,
        /// and an invalid row always says why.
        #[test]
        fn any_bytes_give_reconciled_rows(lines in proptest::collection::vec(line(), 0..30)) {
            let bytes = lines.join(&b"\n"[..]);
            let solvers = select_solvers(&["singles".to_string(), "mrv".to_string()], Default::default()).unwrap();
            let plan = Plan {
                solvers: &solvers,
                mode: Mode::EverySolver,
                shard: dlxlab::corpus::Shard::ALL,
                chunk_lines: 7,
                serial_timing: false,
                skip_through: 0,
                csv_rows: true,
                permute: None,
            };
            let mut rows: Vec<Row> = Vec::new();
            let mut csv: Vec<u8> = Vec::new();
            let mut reader = CorpusReader::new(&bytes[..]);
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let tally = engine::run(&mut reader, &plan, &pool, &AtomicBool::new(false), &|_| {}, &mut |r, bytes| {
                rows.extend_from_slice(r);
                csv.extend_from_slice(bytes);
                Ok(())
            })
            .unwrap();
            // The lines the workers formatted are the rows, in order.
            prop_assert_eq!(csv, engine::format_rows(&rows).unwrap());
            prop_assert!(tally.counts.consistent());
            prop_assert_eq!(rows.len() as u64, tally.counts.puzzle_lines * 2);
            prop_assert!(rows.windows(2).all(|w| w[0].line <= w[1].line));
            for row in &rows {
                prop_assert!(!row.is_solver_error(), "{:?}", row);
                prop_assert_eq!(row.status == Status::Invalid, !row.error.is_empty());
            }
        }
    }
}

/// Issue 5: `study` writes `ratings.csv` next to `runs.csv`, one row per puzzle line (bad lines
/// included, with their reason), carrying the corpus's external rating.
mod ratings_csv {
    use super::*;

    #[test]
    fn study_writes_ratings_next_to_runs() {
        let dir = tempfile::tempdir().unwrap();
        let p = default_puzzles(3);
        let text = format!(
            "# rated\n{} 2.6\n{}\nnot-a-puzzle\n{} 4.4\n",
            p[0], p[1], p[2]
        );
        let corpus = write_corpus(dir.path(), "rated.txt", text.as_bytes());
        let out = dir.path().join("out");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--solvers", "fast", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&out),
        );
        let csv = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], dlxlab::rating::table::COLUMNS.join(","));
        assert_eq!(lines.len(), 5, "{csv}");
        // external_rating and error are the 7th and 8th columns (pearl and diamond follow).
        let field = |l: &str, k: usize| l.split(',').nth(k).unwrap_or("").to_string();
        assert!(lines[1].starts_with(&format!("2,{},,", p[0])));
        assert_eq!(
            (field(lines[1], 6), field(lines[1], 7)),
            ("2.6".into(), "".into())
        );
        assert!(lines[2].starts_with("3,"), "{}", lines[2]);
        assert_eq!(
            (field(lines[2], 6), field(lines[2], 7)),
            ("".into(), "".into())
        );
        assert!(lines[3].starts_with("4,not-a-puzzle,,,,,,"), "{}", lines[3]);
        assert!(lines[4].starts_with("5,"), "{}", lines[4]);
        assert_eq!(
            (field(lines[4], 6), field(lines[4], 7)),
            ("4.4".into(), "".into())
        );

        let none = dir.path().join("none");
        run_ok(
            dlxlab(dir.path())
                .args([
                    "study",
                    "--quiet",
                    "--solvers",
                    "fast",
                    "--ratings",
                    "none",
                    "--corpus",
                ])
                .arg(&corpus)
                .arg("--out")
                .arg(&none),
        );
        assert!(!none.join("ratings.csv").exists());
    }
}

/// Issue 16: the main job draws its report, and reports carry no machine path.
mod first_hour {
    use super::*;

    #[test]
    fn study_draws_the_plots_unless_told_not_to() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = write_corpus(dir.path(), "small.txt", mixed_corpus(30).as_bytes());
        let out = dir.path().join("out");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&out),
        );
        for stem in ["nodes-vs-technique-rating", "nodes-ecdf", "time-ecdf"] {
            for ext in ["png", "svg"] {
                let f = out.join(format!("{stem}.{ext}"));
                assert!(
                    std::fs::metadata(&f)
                        .map(|m| m.len() > 1000)
                        .unwrap_or(false),
                    "{f:?}"
                );
            }
        }
        assert!(out.join("report.md").is_file());

        let bare = dir.path().join("bare");
        run_ok(
            dlxlab(dir.path())
                .args(["study", "--quiet", "--no-plots", "--corpus"])
                .arg(&corpus)
                .arg("--out")
                .arg(&bare),
        );
        assert!(bare.join("runs.csv").is_file());
        assert!(!bare.join("nodes-ecdf.png").exists());
        assert!(!bare.join("report.md").exists());
    }

    /// A quick study (no plots, no ratings) of `corpus` from `cwd` into `cwd/out`; its meta.json.
    fn quick_study(cwd: &Path, corpus: &Path, out: &str) -> dlxlab::harness::meta::Meta {
        let flags = [
            "study",
            "--quiet",
            "--no-plots",
            "--ratings",
            "none",
            "--out",
            out,
        ];
        run_ok(dlxlab(cwd).args(flags).arg("--corpus").arg(corpus));
        dlxlab::harness::read_meta(&cwd.join(out)).unwrap()
    }

    #[test]
    fn reports_name_the_corpus_without_a_machine_path() {
        // The corpus lies outside the working directory: only its file name is recorded.
        let data = tempfile::tempdir().unwrap();
        let corpus = write_corpus(data.path(), "far-away.txt", mixed_corpus(8).as_bytes());
        let cwd = tempfile::tempdir().unwrap();
        let meta = quick_study(cwd.path(), &corpus, "r");
        assert_eq!(meta.corpus.path, "far-away.txt");
        assert_eq!(meta.corpus.sha256.len(), 64);
        let data_dir = data.path().to_str().unwrap();
        for file in ["meta.json", "summary.md"] {
            let text = std::fs::read_to_string(cwd.path().join("r").join(file)).unwrap();
            assert!(!text.contains(data_dir), "{file} names {data_dir}");
        }
        // Inside the working tree (a directory with .git): the relative path.
        std::fs::create_dir_all(cwd.path().join(".git")).unwrap();
        let sub = cwd.path().join("sub");
        std::fs::create_dir_all(sub.join("datasets")).unwrap();
        let inside = write_corpus(&sub.join("datasets"), "in.txt", mixed_corpus(8).as_bytes());
        let meta = quick_study(&sub, &inside, "r2");
        assert_eq!(meta.corpus.path, "sub/datasets/in.txt");
    }
}
