//! `--permute SEED` (issue 34, the field's method): every puzzle solved under the random symmetry
//! of its seed and line, every answer mapped back and checked against the puzzle as given, the
//! same permutation for every solver, thread count and chunking, and a study of another seed
//! refused where studies are joined or continued.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use dlxlab::harness::{select_solvers, study, Row, SolverRun, StudyConfig};
use dlxlab::solvers::{Descriptor, Outcome, SolveLimits, Solver, Stats, Status};
use dlxlab::sudoku::{Grid, Shape};

use super::support::{dlxlab, run_ok, untimed};

/// The first `n` puzzles of the embedded corpus, one per line after a comment.
fn corpus(dir: &Path, n: usize) -> PathBuf {
    let mut text = String::from("# permute test corpus\n");
    for line in dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
    {
        text.push_str(line);
        text.push('\n');
    }
    let path = dir.join("c.txt");
    std::fs::write(&path, text).unwrap();
    path
}

fn config(
    corpus: &Path,
    out: PathBuf,
    threads: usize,
    chunk: usize,
    seed: Option<u64>,
) -> StudyConfig {
    StudyConfig {
        source: dlxlab::corpus::Source::Path(corpus.to_path_buf()),
        out_dir: out,
        solvers: select_solvers(&[], SolveLimits::default()).unwrap(),
        shard: dlxlab::corpus::Shard::ALL,
        threads,
        serial_timing: false,
        resume: false,
        force: false,
        chunk_lines: chunk,
        permute: seed,
    }
}

fn rows(dir: &Path) -> Vec<Row> {
    dlxlab::harness::read_rows(&dir.join("runs.csv")).unwrap()
}

/// The same seed and line give the same permuted puzzle whatever the thread count and the chunk
/// size: the rows (times apart) are identical; statuses, counts and solutions are those of the
/// study without `--permute`, while the counters are the permuted searches' (some differ).
#[test]
fn rows_do_not_depend_on_threads_or_chunks_and_answers_not_on_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 30);
    let mut runs = Vec::new();
    for (threads, chunk) in [(1, 4096), (2, 3), (3, 1)] {
        let out = dir.path().join(format!("p-{threads}-{chunk}"));
        let report = study(
            &config(&corpus, out.clone(), threads, chunk, Some(7)),
            &AtomicBool::new(false),
            &|_| (),
        )
        .unwrap();
        assert!(report.passed());
        assert_eq!(report.meta.unwrap().seed, Some(7));
        runs.push(untimed(rows(&out)));
    }
    for other in &runs[1..] {
        assert_eq!(&runs[0], other);
    }
    let plain_dir = dir.path().join("plain");
    study(
        &config(&corpus, plain_dir.clone(), 2, 4096, None),
        &AtomicBool::new(false),
        &|_| (),
    )
    .unwrap();
    let other_seed = dir.path().join("seed-8");
    study(
        &config(&corpus, other_seed.clone(), 2, 4096, Some(8)),
        &AtomicBool::new(false),
        &|_| (),
    )
    .unwrap();
    // Statuses, counts, solutions and puzzles, but backtrack's: it runs under a node budget, so
    // where it stops depends on the search (its rows are compared across threads above).
    let answers = |rows: &[Row]| -> Vec<(u64, String, Status, u64, String, String)> {
        rows.iter()
            .filter(|r| r.solver != "backtrack")
            .map(|r| {
                (
                    r.line,
                    r.solver.clone(),
                    r.status,
                    r.solutions,
                    r.solution.clone(),
                    r.puzzle.clone(),
                )
            })
            .collect()
    };
    let plain = rows(&plain_dir);
    assert_eq!(answers(&plain), answers(&runs[0]));
    assert_eq!(answers(&plain), answers(&rows(&other_seed)));
    assert!(
        plain
            .iter()
            .zip(&runs[0])
            .any(|(a, b)| a.solver == "dlx" && a.nodes != b.nodes),
        "the permuted searches are other searches"
    );
}

/// A solver that knows the original puzzles' solutions and answers them whatever it is given:
/// right without `--permute`, a forgery under it.
struct Forger(Vec<(Grid, Grid)>);

impl Solver for Forger {
    fn name(&self) -> &'static str {
        "forger"
    }
    fn descriptor(&self) -> Descriptor {
        Descriptor {
            representation: "none",
            propagation: "none",
            heuristic: "none",
        }
    }
    fn supports(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
    }
    fn solve(&self, grid: &Grid, _: &SolveLimits) -> Outcome {
        // The solution of the original puzzle with the most clues in common with the grid given.
        let common = |p: &Grid| {
            (0..81)
                .filter(|&c| p.get(c) != 0 && p.get(c) == grid.get(c))
                .count()
        };
        let (_, solution) = self.0.iter().max_by_key(|(p, _)| common(p)).unwrap();
        Outcome {
            status: Status::Unique,
            solutions: 1,
            solution: Some(solution.clone()),
            stats: Stats::default(),
        }
    }
}

/// A forged answer (the solution of the original, handed in for the permuted puzzle) is caught
/// once mapped back: every row a solver error, the study failed; the same answers without
/// `--permute` pass.
#[test]
fn a_forged_answer_mapped_back_is_a_solver_error() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 6);
    let text = std::fs::read_to_string(&corpus).unwrap();
    let known: Vec<(Grid, Grid)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let p = Grid::parse(l.split_whitespace().next().unwrap()).unwrap();
            let s = dlxlab::generate::count_solutions(&p, 1).first.unwrap();
            (p, s)
        })
        .collect();
    for (seed, errors) in [(None, 0), (Some(3), 6)] {
        let mut cfg = config(&corpus, dir.path().join(format!("{seed:?}")), 2, 4, seed);
        cfg.solvers = vec![SolverRun {
            solver: Box::new(Forger(known.clone())),
            limits: SolveLimits::default(),
        }];
        let report = study(&cfg, &AtomicBool::new(false), &|_| ()).unwrap();
        let summary = report.summary.unwrap();
        assert_eq!(summary.solver_errors(), errors, "seed {seed:?}");
        assert_eq!(errors == 0, report.meta.unwrap().solver_errors == 0);
        for row in rows(&cfg.out_dir).iter().filter(|r| r.is_solver_error()) {
            assert!(row.error.contains("invalid solution"), "{}", row.error);
        }
    }
}

/// `dlxlab solve --permute` prints what it prints without (solutions of the puzzles as given),
/// for any seed and thread count; with --trace it is refused.
#[test]
fn solve_prints_the_answers_of_the_puzzles_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 40);
    let solve = |extra: &[&str]| {
        let out = run_ok(
            dlxlab(dir.path())
                .args(["solve", "--solver", "band", "--corpus"])
                .arg(&corpus)
                .args(extra),
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let plain = solve(&[]);
    assert_eq!(plain.lines().count(), 40);
    for extra in [
        &["--permute", "1"][..],
        &["--permute", "2", "--threads", "2"],
        &["--permute", "18446744073709551615", "--threads", "1"],
    ] {
        assert_eq!(solve(extra), plain, "{extra:?}");
    }
    let out = dlxlab(dir.path())
        .args(["solve", "--trace", "--permute", "1"])
        .arg(
            dlxlab::corpus::DEFAULT_CORPUS
                .lines()
                .find(|l| !l.starts_with('#'))
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `--resume` of a study with another seed (or none) is refused, naming the seed, and `merge`
/// refuses shards of different seeds; meta.json records the seed.
#[test]
fn another_seed_is_another_study() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 8);
    let study_cli = |extra: &[&str]| {
        dlxlab(dir.path())
            .args([
                "study",
                "--quiet",
                "--no-plots",
                "--ratings",
                "none",
                "--solvers",
                "fast,dlx",
                "--corpus",
            ])
            .arg(&corpus)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = study_cli(&["--out", "a", "--permute", "5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta = dlxlab::harness::read_meta(&dir.path().join("a")).unwrap();
    assert_eq!(meta.seed, Some(5));
    for other in [&["--permute", "6"][..], &[]] {
        let mut args = vec!["--out", "a", "--resume"];
        args.extend_from_slice(other);
        let out = study_cli(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{other:?}: {err}");
        assert!(err.contains("permutation seed"), "{other:?}: {err}");
    }
    let a = study_cli(&["--out", "s1", "--shard", "1/2", "--permute", "5"]);
    let b = study_cli(&["--out", "s2", "--shard", "2/2", "--permute", "6"]);
    assert!(a.status.success() && b.status.success());
    let out = dlxlab(dir.path())
        .args(["merge", "--out", "m", "s1", "s2"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("--permute 6") && err.contains("--permute 5"),
        "{err}"
    );
    let b = study_cli(&["--out", "s3", "--shard", "2/2", "--permute", "5"]);
    assert!(b.status.success());
    run_ok(dlxlab(dir.path()).args(["merge", "--out", "m", "s1", "s3"]));
    assert_eq!(
        dlxlab::harness::read_meta(&dir.path().join("m"))
            .unwrap()
            .seed,
        Some(5)
    );
}

/// `bench --permute`: the solvers and an in-process peer get the permuted puzzles and pass the
/// check; a peer that answers the puzzles as given (ignoring the permutation it was handed) fails
/// it once its answers are mapped back.
#[test]
fn bench_checks_mapped_back_answers_of_solvers_and_peers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let corpus = corpus(dir.path(), 12);
    let script = |name: &str, body: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let bin = super::support::BIN;
    let honest = script(
        "honest",
        format!("#!/bin/sh\nexec '{bin}' loop-peer --solver fast \"$@\"\n"),
    );
    // Solves the original corpus (not the file it is given) for its answers.
    let forger = script(
        "forger",
        format!(
            "#!/bin/sh\ngrep -v '^#' '{}' > \"$1.orig\"\nexec '{bin}' loop-peer --solver fast \"$1.orig\" \"$2\" \"$3\" $4\n",
            corpus.display()
        ),
    );
    let bench = |peer: &Path| {
        dlxlab(dir.path())
            .args([
                "bench",
                "--warmup",
                "0",
                "--solvers",
                "fast,dlx",
                "--permute",
                "9",
                "--corpus",
            ])
            .arg(&corpus)
            .arg("--in-process-peer")
            .arg(peer)
            .output()
            .unwrap()
    };
    let out = bench(&honest);
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{table}");
    assert!(table.contains("seed 9"), "{table}");
    for row in ["| fast | 12 |", "| dlx | 12 |", "| honest | 12 |"] {
        let line = table.lines().find(|l| l.starts_with(row)).unwrap();
        assert!(line.contains("| 0 | 0 |"), "no limit, no failure: {table}");
    }
    let out = bench(&forger);
    let table = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{table}");
    let line = table
        .lines()
        .find(|l| l.starts_with("| forger | 12 |"))
        .unwrap();
    assert!(!line.contains("| 0 | 0 |"), "{table}");
}
