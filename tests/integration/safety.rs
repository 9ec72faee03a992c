//! Never silently wrong (issue 26): a resume refuses any other run and touches nothing, every
//! input is read once (pipes, FIFOs, process substitution give the file's results), the main job
//! leaves a clone's `git status` clean, and exit statuses mean the same in every command.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use dlxlab::corpus::{Shard, Source};
use dlxlab::harness::{select_solvers, study, StudyConfig};
use dlxlab::solvers::SolveLimits;

use super::support::{dlxlab, run_ok, untimed, BIN};

/// Puzzles `from..from + n` of the embedded corpus (81 characters each, so that two slices of
/// the same length make corpora of the same shape and size).
fn puzzles(from: usize, n: usize) -> Vec<&'static str> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .skip(from)
        .take(n)
        .collect()
}

/// A corpus of puzzles `from..from + n`, with a comment, a blank line and a bad line.
fn corpus_text(from: usize, n: usize) -> String {
    let mut text = String::from("# test corpus\n\n");
    for (k, p) in puzzles(from, n).into_iter().enumerate() {
        text.push_str(p);
        text.push('\n');
        if k == 2 {
            text.push_str("not-a-puzzle\n");
        }
    }
    text
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    files
}

mod resume {
    use super::*;

    const SOLVERS: [&str; 2] = ["singles", "dlx"];

    fn config(corpus: &Path, out: &Path) -> StudyConfig {
        let names: Vec<String> = SOLVERS.iter().map(|s| s.to_string()).collect();
        StudyConfig {
            source: Source::Path(corpus.to_path_buf()),
            out_dir: out.to_path_buf(),
            solvers: select_solvers(&names, SolveLimits::default()).unwrap(),
            shard: Shard::ALL,
            threads: 1,
            serial_timing: false,
            resume: false,
            force: false,
            chunk_lines: 4,
            permute: None,
        }
    }

    /// A run of `corpus` into `out` stopped after about 10 puzzles, as Ctrl-C stops it.
    fn interrupted(corpus: &Path, out: &Path) {
        let stop = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let report = study(&config(corpus, out), &stop, &|n| {
            if done.fetch_add(n, Ordering::SeqCst) + n >= 10 {
                stop.store(true, Ordering::SeqCst);
            }
        })
        .unwrap();
        assert!(report.tally.interrupted);
        assert!(out.join("runs.csv.partial").exists());
    }

    /// The command `dlxlab study --quiet --no-plots FLAGS --corpus CORPUS --out OUT`.
    fn study_cmd(cwd: &Path, corpus: &Path, out: &Path, flags: &[&str]) -> Command {
        let mut cmd = dlxlab(cwd);
        cmd.args(["study", "--quiet", "--no-plots"])
            .args(flags)
            .arg("--corpus")
            .arg(corpus)
            .arg("--out")
            .arg(out);
        cmd
    }

    /// `dlxlab study` of `corpus` into `out` with [`SOLVERS`], no ratings and `extra` flags.
    fn cli_study(cwd: &Path, corpus: &Path, out: &Path, extra: &[&str]) -> Output {
        let solvers = SOLVERS.join(",");
        let mut flags = vec!["--ratings", "none", "--solvers", &solvers];
        flags.extend_from_slice(extra);
        study_cmd(cwd, corpus, out, &flags).output().unwrap()
    }

    fn refused(out: &Output, words: &str) {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(words), "{stderr}");
        assert!(stderr.contains("nothing was changed"), "{stderr}");
    }

    #[test]
    fn another_corpus_of_the_same_shape_is_refused_and_the_directory_left_byte_identical() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        let b = dir.path().join("b.txt");
        std::fs::write(&a, corpus_text(0, 24)).unwrap();
        std::fs::write(&b, corpus_text(24, 24)).unwrap();
        assert_eq!(
            std::fs::metadata(&a).unwrap().len(),
            std::fs::metadata(&b).unwrap().len()
        );
        let out = dir.path().join("o");
        interrupted(&a, &out);
        let before = snapshot(&out);
        refused(
            &cli_study(dir.path(), &b, &out, &["--resume"]),
            "another corpus",
        );
        assert_eq!(snapshot(&out), before);
        // Other limits, or another shard: refused the same way.
        refused(
            &cli_study(dir.path(), &a, &out, &["--resume", "--limit-nodes", "5"]),
            "other solvers or limits",
        );
        refused(
            &cli_study(dir.path(), &a, &out, &["--resume", "--shard", "1/2"]),
            "another shard",
        );
        assert_eq!(snapshot(&out), before);

        // The same bytes under another name are the same corpus: the resume finishes the run,
        // and it equals an uninterrupted one.
        let copy = dir.path().join("copy-of-a.txt");
        std::fs::copy(&a, &copy).unwrap();
        let res = cli_study(dir.path(), &copy, &out, &["--resume"]);
        assert!(
            res.status.success(),
            "{}",
            String::from_utf8_lossy(&res.stderr)
        );
        let whole = dir.path().join("whole");
        run_ok(&mut study_cmd(
            dir.path(),
            &a,
            &whole,
            &["--ratings", "none", "--solvers", "singles,dlx"],
        ));
        let rows = |d: &Path| untimed(dlxlab::harness::read_rows(&d.join("runs.csv")).unwrap());
        assert_eq!(rows(&out), rows(&whole));
        assert!(!out.join("runs.csv.partial").exists());
        assert!(!out.join("provenance.json.partial").exists());
    }

    #[test]
    fn a_finished_study_survives_a_refused_resume() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        let b = dir.path().join("b.txt");
        std::fs::write(&a, corpus_text(0, 12)).unwrap();
        std::fs::write(&b, corpus_text(12, 12)).unwrap();
        let out = dir.path().join("o");
        run_ok(&mut study_cmd(
            dir.path(),
            &a,
            &out,
            &["--solvers", "singles,dlx"],
        ));
        let before = snapshot(&out);
        assert!(before.contains_key(Path::new("runs.csv")));
        assert!(before.contains_key(Path::new("ratings.csv")));
        refused(
            &cli_study(dir.path(), &b, &out, &["--resume"]),
            "another corpus",
        );
        refused(
            &study_cmd(dir.path(), &a, &out, &["--resume", "--solvers", "dlx"])
                .output()
                .unwrap(),
            "other solvers",
        );
        assert_eq!(snapshot(&out), before);
        // The study is still whole: `report` reads it.
        run_ok(dlxlab(dir.path()).arg("report").arg(&out));
    }

    #[test]
    fn a_new_run_into_an_interrupted_one_is_refused_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        std::fs::write(&a, corpus_text(0, 24)).unwrap();
        let out = dir.path().join("o");
        interrupted(&a, &out);
        let before = snapshot(&out);
        let res = cli_study(dir.path(), &a, &out, &[]);
        assert_eq!(res.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&res.stderr);
        assert!(
            stderr.contains("interrupted run") && stderr.contains("--force"),
            "{stderr}"
        );
        assert_eq!(snapshot(&out), before);
        run_ok(&mut study_cmd(
            dir.path(),
            &a,
            &out,
            &["--ratings", "none", "--solvers", "singles,dlx", "--force"],
        ));
        assert!(out.join("runs.csv").exists());
        assert!(!out.join("runs.csv.partial").exists());
    }

    #[test]
    fn a_partial_run_that_records_nothing_is_not_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        std::fs::write(&a, corpus_text(0, 24)).unwrap();
        let out = dir.path().join("o");
        interrupted(&a, &out);
        // As an interrupted run of an older dlxlab leaves it.
        std::fs::remove_file(out.join("provenance.json.partial")).unwrap();
        let before = snapshot(&out);
        refused(
            &cli_study(dir.path(), &a, &out, &["--resume"]),
            "no readable record",
        );
        assert_eq!(snapshot(&out), before);
    }
}

/// Every input read once: the same results from the file, a pipe, a FIFO and process
/// substitution.
mod streams {
    use super::*;

    /// Runs `script` with bash in `cwd`, `$DLXLAB` naming the binary and `$F` the corpus.
    fn bash(cwd: &Path, corpus: &Path, script: &str) -> Output {
        run_ok(
            Command::new("bash")
                .arg("-c")
                .arg(script)
                .current_dir(cwd)
                .env("DLXLAB", BIN)
                .env("F", corpus)
                .env_remove("DLXLAB_DATA")
                .stdin(Stdio::null()),
        )
    }

    /// The four ways to give the corpus `$F` to `dlxlab COMMAND --corpus ... TAIL`, as bash
    /// command lines: the file, a pipe, a FIFO written by `cat`, and process substitution.
    fn ways(dir: &Path, command: &str, tail: &str) -> Vec<(&'static str, String)> {
        let fifo = dir.join("fifo");
        let fifo = fifo.display();
        let run = |corpus: &str| format!("\"$DLXLAB\" {command} --corpus {corpus} {tail}");
        vec![
            ("file", run("\"$F\"")),
            ("pipe", format!("cat \"$F\" | {}", run("-"))),
            (
                "fifo",
                format!(
                    "rm -f {fifo}; mkfifo {fifo}; cat \"$F\" > {fifo} & {}; s=$?; wait; rm -f {fifo}; exit $s",
                    run(&fifo.to_string())
                ),
            ),
            ("process substitution", run("<(cat \"$F\")")),
        ]
    }

    /// The count CSV without its time column.
    fn untimed_csv(text: &str) -> Vec<String> {
        text.lines()
            .map(|line| {
                let mut fields: Vec<&str> = line.split(',').collect();
                fields.remove(6);
                fields.join(",")
            })
            .collect()
    }

    #[test]
    fn count_over_a_pipe_a_fifo_and_process_substitution_equals_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("c.txt");
        std::fs::write(&corpus, corpus_text(0, 10)).unwrap();
        let mut first: Option<Vec<String>> = None;
        for (way, script) in ways(dir.path(), "count --max 2", "") {
            let out = bash(dir.path(), &corpus, &script);
            let csv = untimed_csv(&String::from_utf8_lossy(&out.stdout));
            // 10 puzzles and the bad line, under the header.
            assert_eq!(csv.len(), 12, "{way}: {csv:?}");
            match &first {
                None => first = Some(csv),
                Some(file) => assert_eq!(&csv, file, "{way}"),
            }
        }
    }

    #[test]
    fn study_over_a_pipe_a_fifo_and_process_substitution_equals_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("c.txt");
        std::fs::write(&corpus, corpus_text(0, 6)).unwrap();
        let mut first = None;
        for k in 0..4 {
            let out = dir.path().join(format!("o{k}"));
            let tail = format!("--out {}", out.display());
            let (way, script) = ways(
                dir.path(),
                "study --quiet --no-plots --solvers singles,dlx",
                &tail,
            )
            .swap_remove(k);
            bash(dir.path(), &corpus, &script);
            let meta = dlxlab::harness::read_meta(&out).unwrap();
            let rows = untimed(dlxlab::harness::read_rows(&out.join("runs.csv")).unwrap());
            let ratings = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
            let got = (meta.corpus.sha256, meta.corpus.bytes, rows, ratings);
            assert_eq!(got.2.len(), 7 * 2, "{way}");
            match &first {
                None => first = Some(got),
                Some(file) => assert_eq!(&got, file, "{way}"),
            }
        }
    }
}

/// The main job does not touch tracked files.
mod main_job {
    use super::*;

    #[test]
    fn the_main_job_in_a_clone_leaves_git_status_clean() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path();
        let git = |args: &[&str]| {
            run_ok(
                Command::new("git")
                    .args(["-c", "user.name=t", "-c", "user.email=t@t"])
                    .args(args)
                    .current_dir(repo),
            )
        };
        git(&["init", "-q"]);
        // The repository's own ignore rules, and a committed report where the old default wrote.
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(".gitignore"),
            repo.join(".gitignore"),
        )
        .unwrap();
        std::fs::create_dir_all(repo.join("reports/17-clue")).unwrap();
        std::fs::write(repo.join("reports/17-clue/summary.md"), "committed\n").unwrap();
        git(&["add", "-A"]);
        git(&["commit", "-q", "-m", "clone"]);
        // The dataset as scripts/fetch-datasets.sh puts it, then the README's main job.
        std::fs::create_dir_all(repo.join("datasets")).unwrap();
        std::fs::write(repo.join("datasets/17-clue.txt"), corpus_text(0, 4)).unwrap();
        run_ok(dlxlab(repo).args(["study", "--quiet", "--solvers", "singles,dlx"]));
        // And on the embedded corpus.
        std::fs::remove_file(repo.join("datasets/17-clue.txt")).unwrap();
        run_ok(dlxlab(repo).args([
            "study",
            "--quiet",
            "--no-plots",
            "--ratings",
            "none",
            "--solvers",
            "singles",
        ]));
        assert!(repo.join("results/17-clue/runs.csv").exists());
        assert!(repo.join("results/default/meta.json").exists());
        let status = git(&["status", "--porcelain", "--untracked-files=all"]);
        assert_eq!(String::from_utf8_lossy(&status.stdout), "");
        assert_eq!(
            std::fs::read_to_string(repo.join("reports/17-clue/summary.md")).unwrap(),
            "committed\n"
        );
        let ignored = git(&["check-ignore", "reports/default/summary.md"]);
        assert!(ignored.status.success());
    }
}

/// The exit-status table of the README and `--help`, walked command by command.
mod exit_statuses {
    use super::*;

    /// Every command that takes Sudoku puzzles, with the flags it needs; `study` takes a corpus
    /// only.
    const COMMANDS: [&[&str]; 8] = [
        &["solve"],
        &["rate", "--quiet", "--no-decision-tree"],
        &["count", "--max", "2", "--quiet"],
        &["check", "--solvers", "dlx,fast"],
        &["canon"],
        &["explain"],
        &["minimize"],
        &["study", "--quiet", "--no-plots", "--solvers", "dlx"],
    ];

    /// Runs `dlxlab COMMAND EXTRA` in `cwd` (a study writes to `cwd/out-N`, N counting runs).
    fn status(cwd: &Path, command: &[&str], extra: &[&str]) -> (i32, String) {
        let mut cmd = dlxlab(cwd);
        cmd.args(command).args(extra);
        if command[0] == "study" {
            static RUNS: AtomicU64 = AtomicU64::new(0);
            cmd.arg("--out")
                .arg(cwd.join(format!("out-{}", RUNS.fetch_add(1, Ordering::SeqCst))));
        }
        let out = cmd.output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    #[test]
    fn every_command_gives_the_same_status_and_message_for_the_same_input() {
        let dir = tempfile::tempdir().unwrap();
        let cwd = dir.path();
        let puzzle = puzzles(0, 1)[0];
        let mut binary: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
        binary.extend_from_slice(b"\n\0\x7fELF\n");
        std::fs::write(cwd.join("binary.dat"), &binary).unwrap();
        std::fs::write(cwd.join("text.txt"), "# no puzzle here\nhello\n12345\n").unwrap();
        std::fs::write(cwd.join("mixed.txt"), format!("{puzzle}\nnot-a-puzzle\n")).unwrap();
        let bad_9 = format!("11{}", &puzzle[2..]);
        let bad_16 = format!("11{}", ".".repeat(254));
        for command in COMMANDS {
            let name = command[0];
            if name != "study" {
                assert_eq!(status(cwd, command, &[puzzle]).0, 0, "{name} PUZZLE");
                for bad in [&bad_9, &bad_16] {
                    let (code, stderr) = status(cwd, command, &[puzzle, bad]);
                    assert_eq!(code, 1, "{name} with an invalid argument: {stderr}");
                    assert!(
                        stderr.contains("dlxlab: argument 2: puzzle `11"),
                        "{stderr}"
                    );
                }
            }
            assert_eq!(
                status(cwd, command, &["--corpus", "mixed.txt"]),
                (0, String::new()),
                "{name}: a bad line among puzzles is a record"
            );
            for file in ["binary.dat", "text.txt"] {
                assert_eq!(
                    status(cwd, command, &["--corpus", file]),
                    (
                        2,
                        format!("dlxlab: {file}: no valid puzzle (every line is blank, a comment or not a puzzle)\n")
                    ),
                    "{name} --corpus {file}"
                );
            }
            let (code, stderr) = status(cwd, command, &["--corpus", "missing.txt"]);
            assert_eq!(code, 2, "{name}: {stderr}");
            assert!(stderr.contains("missing.txt"), "{stderr}");
            assert_eq!(status(cwd, command, &["--no-such-flag"]).0, 2, "{name}");
        }
    }

    #[test]
    fn an_external_solver_that_fails_is_a_failure_in_solve_and_check() {
        let dir = tempfile::tempdir().unwrap();
        let cwd = dir.path();
        let puzzle = puzzles(0, 1)[0];
        let sixteen = format!("1{}", ".".repeat(255));
        for (command, p) in [
            (&["solve", "--external", "x=false"][..], puzzle),
            (&["solve", "--external", "x=echo garbage"][..], puzzle),
            (
                &["check", "--solvers", "dlx", "--external", "x=false"][..],
                puzzle,
            ),
            // The external protocol is 9x9: a 16x16 puzzle gets no answer, which is no success.
            (&["solve", "--external", "x=false"][..], &sixteen),
            (
                &["check", "--solvers", "fast", "--external", "x=false"][..],
                &sixteen,
            ),
        ] {
            let (code, stderr) = status(cwd, command, &[p]);
            assert_eq!(code, 1, "{command:?} {}: {stderr}", &p[..20]);
        }
    }

    #[test]
    fn the_table_is_in_every_help() {
        for command in COMMANDS {
            let out = run_ok(dlxlab(Path::new(".")).args([command[0], "--help"]));
            let help = String::from_utf8_lossy(&out.stdout);
            assert!(
                help.contains("Exit status (the same in every command)"),
                "{}",
                command[0]
            );
        }
        let out = run_ok(dlxlab(Path::new(".")).arg("--help"));
        assert!(String::from_utf8_lossy(&out.stdout).contains("130  interrupted"));
    }
}

/// One vocabulary of flags (docs/cli.md): the current names, and the old spellings as aliases.
mod flags {
    use super::*;

    fn stdout(args: &[&str]) -> String {
        String::from_utf8(run_ok(dlxlab(Path::new(".")).args(args)).stdout).unwrap()
    }

    #[test]
    fn old_spellings_give_what_the_new_names_give() {
        let p = puzzles(0, 1)[0];
        assert_eq!(
            stdout(&[
                "rate",
                "--quiet",
                "--variant",
                "nodes",
                "--max-seconds",
                "30",
                p
            ]),
            stdout(&[
                "rate",
                "--quiet",
                "--decision-tree",
                "nodes",
                "--limit-ms",
                "30000",
                p
            ])
        );
        // A puzzle with very many solutions.
        let many = format!("1{}9", ".".repeat(79));
        let two = many.as_str();
        assert_eq!(
            stdout(&["solve", "--count", "--max-solutions", "5", two]),
            stdout(&["solve", "--count", "--max", "5", two])
        );
        // A count cut at --max is a lower bound (issue 38).
        assert_eq!(
            stdout(&["solve", "--count", "--max", "5", two]),
            "at least 5\n"
        );
        assert_eq!(stdout(&["solve", two]), "multiple\n");
        // `count` needs no --max: all, as every command that counts.
        let counted = stdout(&["count", "--quiet", p]);
        assert!(
            counted.lines().nth(1).unwrap().contains(",unique,1,"),
            "{counted}"
        );
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("c.txt");
        std::fs::write(&corpus, corpus_text(0, 3)).unwrap();
        for (k, flags) in [
            ["--max-solutions", "2", "--max-seconds", "30"],
            ["--max", "2", "--rate-limit-ms", "30000"],
        ]
        .iter()
        .enumerate()
        {
            run_ok(
                dlxlab(dir.path())
                    .args(["study", "--quiet", "--no-plots", "--solvers", "dlx"])
                    .args(flags)
                    .arg("--corpus")
                    .arg(&corpus)
                    .arg("--out")
                    .arg(dir.path().join(format!("o{k}"))),
            );
        }
        let (a, b) = (dir.path().join("o0"), dir.path().join("o1"));
        assert_eq!(
            std::fs::read(a.join("ratings.csv")).unwrap(),
            std::fs::read(b.join("ratings.csv")).unwrap()
        );
        let out = dlxlab(Path::new("."))
            .args(["solve", "--max-ms", "2000", "--external", "x=false", p])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "the old --max-ms parses");
    }
}

/// `rate` over a corpus behaves like `study`: rows written as it goes, Ctrl-C keeps them, and
/// `--resume` finishes the same run (and refuses another).
mod rate_like_study {
    use super::*;

    #[test]
    fn an_interrupted_rating_resumed_equals_an_uninterrupted_one() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("c.txt");
        std::fs::write(&corpus, corpus_text(0, 600)).unwrap();
        let rate = |out: &str, extra: &[&str]| {
            let mut cmd = dlxlab(dir.path());
            cmd.args(["rate", "--quiet", "--no-decision-tree", "--threads", "1"])
                .args(["--corpus", "c.txt", "--out", out])
                .args(extra);
            cmd
        };
        run_ok(&mut rate("whole.csv", &[]));

        let mut child = rate("r.csv", &[]).spawn().unwrap();
        let partial = dir.path().join("r.csv.partial");
        // Ctrl-C once the first rows are on disk.
        let start = std::time::Instant::now();
        while std::fs::read_to_string(&partial).map_or(0, |t| t.lines().count()) < 3 {
            assert!(start.elapsed().as_secs() < 120, "no rows written");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        run_ok(Command::new("kill").args(["-INT", &child.id().to_string()]));
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130));
        assert!(!dir.path().join("r.csv").exists());
        let kept = std::fs::read_to_string(&partial).unwrap();
        let whole = std::fs::read_to_string(dir.path().join("whole.csv")).unwrap();
        assert!(
            whole.starts_with(&kept),
            "the kept rows are a prefix of the whole run"
        );
        assert!(kept.lines().count() < whole.lines().count());

        // Another run into it is refused, and so is a resume with other settings: nothing changes.
        let before = snapshot(dir.path());
        for extra in [&[][..], &["--resume", "--limit-ms", "5000"][..]] {
            let out = rate("r.csv", extra).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{extra:?}");
            assert!(String::from_utf8_lossy(&out.stderr).contains("nothing was changed"));
        }
        std::fs::write(dir.path().join("other.txt"), corpus_text(600, 600)).unwrap();
        let out = dlxlab(dir.path())
            .args(["rate", "--quiet", "--no-decision-tree", "--threads", "1"])
            .args(["--corpus", "other.txt", "--out", "r.csv", "--resume"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("other puzzles"));
        std::fs::remove_file(dir.path().join("other.txt")).unwrap();
        assert_eq!(snapshot(dir.path()), before);

        run_ok(&mut rate("r.csv", &["--resume"]));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("r.csv")).unwrap(),
            whole
        );
        assert!(!partial.exists());
        assert!(!dir.path().join("r.csv.provenance.partial").exists());
    }
}
