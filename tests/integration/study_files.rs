//! The files of a study directory are of one study (issue 38): `report` joins ratings.csv to
//! runs.csv on line and puzzle and holds both against meta.json; a re-run replaces every file of
//! the study it supersedes; default output directories of different corpora never collide;
//! `merge` and `study --resume` refuse rows of another corpus or other rating settings.

use std::path::Path;
use std::process::{Command, Output};

use super::support::{dlxlab, run_ok};

/// Puzzles `from..from + n` of the embedded corpus.
fn puzzles(from: usize, n: usize) -> Vec<&'static str> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .skip(from)
        .take(n)
        .collect()
}

/// A corpus file of puzzles `from..from + n` after a comment line.
fn corpus(dir: &Path, name: &str, from: usize, n: usize) -> std::path::PathBuf {
    let mut text = String::from("# test corpus\n");
    for p in puzzles(from, n) {
        text.push_str(p);
        text.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `dlxlab study --quiet --solvers dlx,fast --corpus CORPUS` with `flags`.
fn study(cwd: &Path, corpus: &Path, flags: &[&str]) -> Command {
    let mut cmd = dlxlab(cwd);
    cmd.args(["study", "--quiet", "--solvers", "dlx,fast", "--corpus"])
        .arg(corpus)
        .args(flags);
    cmd
}

/// Asserts exit status 2 with `words` in standard error.
fn refused(out: &Output, words: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(words), "{stderr}");
}

fn report(cwd: &Path, dir: &str) -> Output {
    dlxlab(cwd)
        .args(["report", "--bootstrap", "0", dir])
        .output()
        .unwrap()
}

mod report_join {
    use super::*;

    /// Issue 38 item 1: a ratings.csv of another corpus of the same size is refused, not
    /// correlated pair by pair with the wrong puzzles.
    #[test]
    fn ratings_of_another_corpus_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 12);
        let b = corpus(tmp.path(), "b.txt", 12, 12);
        run_ok(&mut study(tmp.path(), &a, &["--no-plots", "--out", "A"]));
        run_ok(&mut study(tmp.path(), &b, &["--no-plots", "--out", "B"]));
        run_ok(dlxlab(tmp.path()).args(["report", "--bootstrap", "0", "A"]));
        std::fs::copy(
            tmp.path().join("B/ratings.csv"),
            tmp.path().join("A/ratings.csv"),
        )
        .unwrap();
        let _ = std::fs::remove_file(tmp.path().join("A/report.md"));
        let out = report(tmp.path(), "A");
        refused(&out, "rate another puzzle than runs.csv has on their line");
        assert!(!tmp.path().join("A/report.md").exists(), "nothing is drawn");
    }

    /// Issue 38 item 1: a runs.csv of another corpus behind this study's meta.json is refused.
    #[test]
    fn runs_of_another_corpus_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 12);
        let b = corpus(tmp.path(), "b.txt", 12, 12);
        let flags = ["--no-plots", "--ratings", "none", "--out"];
        run_ok(&mut study(tmp.path(), &a, &[&flags[..], &["A"]].concat()));
        run_ok(&mut study(tmp.path(), &b, &[&flags[..], &["B"]].concat()));
        std::fs::copy(tmp.path().join("B/runs.csv"), tmp.path().join("A/runs.csv")).unwrap();
        refused(&report(tmp.path(), "A"), "a runs.csv of another corpus");
    }

    /// Issue 38 item 27: a runs.csv cut at a line boundary, or missing a solver's rows, is not
    /// reported as a smaller study.
    #[test]
    fn rows_missing_against_meta_json_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 12);
        run_ok(&mut study(
            tmp.path(),
            &a,
            &["--no-plots", "--ratings", "none", "--out", "A"],
        ));
        let runs = tmp.path().join("A/runs.csv");
        let text = std::fs::read_to_string(&runs).unwrap();
        let cut: String = text.lines().take(15).map(|l| format!("{l}\n")).collect();
        std::fs::write(&runs, cut).unwrap();
        refused(&report(tmp.path(), "A"), "a runs.csv cut short");
        let no_fast: String = text
            .lines()
            .filter(|l| !l.contains(",fast,"))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&runs, no_fast).unwrap();
        refused(&report(tmp.path(), "A"), "0 rows of solver fast");
        std::fs::write(&runs, &text).unwrap();
        run_ok(dlxlab(tmp.path()).args(["report", "--bootstrap", "0", "A"]));
    }
}

mod rerun {
    use super::*;

    /// Issue 38 item 2: a re-run into the same directory leaves nothing of the study it replaces:
    /// no ratings.csv with `--ratings none`, no report with `--no-plots`, no figure of a solver
    /// no longer studied.
    #[test]
    fn a_rerun_replaces_every_file_of_the_study_it_supersedes() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 12);
        let mut first = dlxlab(tmp.path());
        first
            .args(["study", "--quiet", "--solvers", "dlx,singles", "--corpus"])
            .arg(&a)
            .args(["--out", "A"]);
        run_ok(&mut first);
        let dir = tmp.path().join("A");
        for file in [
            "ratings.csv",
            "report.md",
            "dlx-vs-singles.png",
            "nodes-ecdf.svg",
        ] {
            assert!(dir.join(file).exists(), "{file}");
        }
        std::fs::write(dir.join("discussion.md"), "written by hand\n").unwrap();
        // Drawn again without singles: its figure goes.
        run_ok(&mut study(
            tmp.path(),
            &a,
            &["--ratings", "none", "--out", "A"],
        ));
        assert!(!dir.join("ratings.csv").exists());
        assert!(!dir.join("dlx-vs-singles.png").exists());
        assert!(!dir.join("dlx-vs-singles.svg").exists());
        assert!(dir.join("nodes-ecdf.png").exists());
        let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
        assert!(!report.contains("ratings.csv` ("), "{report}");
        // Not drawn: no report of the earlier runs.csv stays.
        run_ok(&mut study(
            tmp.path(),
            &a,
            &["--ratings", "none", "--no-plots", "--out", "A"],
        ));
        let left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| {
                !["runs.csv", "meta.json", "summary.md", "discussion.md"].contains(&n.as_str())
            })
            .collect();
        assert!(left.is_empty(), "{left:?}");
        assert_eq!(
            std::fs::read_to_string(dir.join("discussion.md")).unwrap(),
            "written by hand\n"
        );
    }
}

mod default_dirs {
    use super::*;

    fn bash(cwd: &Path, script: &str) -> Output {
        Command::new("bash")
            .arg("-c")
            .arg(script)
            .current_dir(cwd)
            .env("DLXLAB", super::super::support::BIN)
            .env_remove("DLXLAB_DATA")
            .output()
            .unwrap()
    }

    fn dirs(cwd: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(cwd.join("results"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Issue 38 item 3: two corpora given as streams (process substitution, standard input) get
    /// two directories, named by their content; the same stream again gets the same one.
    #[test]
    fn streams_of_different_corpora_get_different_directories() {
        let tmp = tempfile::tempdir().unwrap();
        corpus(tmp.path(), "a.txt", 0, 6);
        corpus(tmp.path(), "b.txt", 6, 6);
        let flags = "--quiet --no-plots --ratings none --solvers dlx";
        for script in [
            format!("\"$DLXLAB\" study {flags} --corpus <(cat a.txt)"),
            format!("\"$DLXLAB\" study {flags} --corpus <(cat b.txt)"),
            format!("cat a.txt | \"$DLXLAB\" study {flags} --corpus -"),
            format!("cat b.txt | \"$DLXLAB\" study {flags} --corpus -"),
            format!("\"$DLXLAB\" study {flags} --corpus <(cat a.txt)"),
        ] {
            let out = bash(tmp.path(), &script);
            assert!(
                out.status.success(),
                "{script}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let names = dirs(tmp.path());
        assert_eq!(names.len(), 4, "{names:?}");
        assert_eq!(names.iter().filter(|n| n.starts_with("stdin-")).count(), 2);
        assert_eq!(names.iter().filter(|n| n.starts_with("stream-")).count(), 2);
    }

    /// Issue 38 item 3: a default directory holding a study of another corpus of the same name is
    /// refused, untouched, unless --force.
    #[test]
    fn a_default_directory_of_another_corpus_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 6);
        std::fs::create_dir(tmp.path().join("x")).unwrap();
        let other = corpus(&tmp.path().join("x"), "a.txt", 6, 6);
        let flags = ["--no-plots", "--ratings", "none"];
        run_ok(&mut study(tmp.path(), &a, &flags));
        let meta = std::fs::read(tmp.path().join("results/a/meta.json")).unwrap();
        refused(
            &study(tmp.path(), &other, &flags).output().unwrap(),
            "holds a study of another corpus",
        );
        assert_eq!(
            std::fs::read(tmp.path().join("results/a/meta.json")).unwrap(),
            meta
        );
        run_ok(&mut study(
            tmp.path(),
            &other,
            &[&flags[..], &["--force"]].concat(),
        ));
        run_ok(&mut study(tmp.path(), &other, &flags));
    }
}

mod merge_ratings {
    use super::*;

    /// Two rated shards of `corpus` in `S1`, `S2`, the second with `second` flags.
    fn shards(cwd: &Path, corpus: &Path, second: &[&str]) {
        run_ok(&mut study(cwd, corpus, &["--shard", "1/2", "--out", "S1"]));
        run_ok(&mut study(
            cwd,
            corpus,
            &[&["--shard", "2/2", "--out", "S2"][..], second].concat(),
        ));
    }

    fn merge(cwd: &Path) -> Output {
        dlxlab(cwd)
            .args(["merge", "S1", "S2", "--out", "M"])
            .output()
            .unwrap()
    }

    /// Issue 38 item 4: shards rated alike merge with their rating settings in meta.json.
    #[test]
    fn shards_rated_alike_merge_with_their_settings() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 10);
        shards(tmp.path(), &a, &[]);
        run_ok(dlxlab(tmp.path()).args(["merge", "S1", "S2", "--out", "M"]));
        let meta: serde_json::Value =
            serde_json::from_slice(&std::fs::read(tmp.path().join("M/meta.json")).unwrap())
                .unwrap();
        assert_eq!(meta["ratings"]["se_profile"], "sample", "{meta}");
        run_ok(dlxlab(tmp.path()).args(["report", "--bootstrap", "0", "M"]));
    }

    /// Issue 38 item 4: shards rated with other settings are refused.
    #[test]
    fn shards_rated_with_other_settings_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 10);
        shards(tmp.path(), &a, &["--se-profile", "serate"]);
        refused(&merge(tmp.path()), "rated with other settings");
        assert!(!tmp.path().join("M/runs.csv").exists());
    }

    /// Issue 38 item 4: a shard's ratings cut short, or rows of another corpus behind a shard's
    /// meta.json, are refused, and nothing is left in the output directory.
    #[test]
    fn cut_or_foreign_shard_files_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 10);
        let b = corpus(tmp.path(), "b.txt", 10, 10);
        shards(tmp.path(), &a, &[]);
        let ratings = tmp.path().join("S2/ratings.csv");
        let whole = std::fs::read_to_string(&ratings).unwrap();
        let cut: String = whole.lines().take(3).map(|l| format!("{l}\n")).collect();
        std::fs::write(&ratings, cut).unwrap();
        refused(&merge(tmp.path()), "a ratings.csv cut short");
        std::fs::write(&ratings, whole).unwrap();
        run_ok(&mut study(
            tmp.path(),
            &b,
            &["--shard", "2/2", "--out", "B2"],
        ));
        std::fs::copy(
            tmp.path().join("B2/runs.csv"),
            tmp.path().join("S2/runs.csv"),
        )
        .unwrap();
        refused(
            &merge(tmp.path()),
            "not those of the corpus its meta.json records",
        );
        let left: Vec<_> = std::fs::read_dir(tmp.path().join("M"))
            .map(|d| d.map(|e| e.unwrap().file_name()).collect())
            .unwrap_or_default();
        assert!(left.is_empty(), "{left:?}");
    }
}

mod resume_puzzles {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use dlxlab::corpus::{Shard, Source};
    use dlxlab::harness::{select_solvers, study as run_study, StudyConfig, DEFAULT_CHUNK_LINES};
    use dlxlab::solvers::SolveLimits;

    fn config(corpus: &Path, out: &Path, chunk_lines: usize) -> StudyConfig {
        let names = ["dlx".to_string(), "fast".to_string()];
        StudyConfig {
            source: Source::Path(corpus.to_path_buf()),
            out_dir: out.to_path_buf(),
            solvers: select_solvers(&names, SolveLimits::default()).unwrap(),
            shard: Shard::ALL,
            threads: 1,
            serial_timing: false,
            resume: false,
            force: false,
            chunk_lines,
            permute: None,
        }
    }

    /// A study of `corpus` into `out` stopped after about 8 puzzles.
    fn interrupted(corpus: &Path, out: &Path) {
        let stop = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let report = run_study(&config(corpus, out, 4), &stop, &|n| {
            if done.fetch_add(n, Ordering::SeqCst) + n >= 8 {
                stop.store(true, Ordering::SeqCst);
            }
        })
        .unwrap();
        assert!(report.tally.interrupted);
    }

    /// Issue 38 item 5: rows of the same puzzles in another order, put behind this run's record,
    /// are refused: every kept row's puzzle is held against the corpus.
    #[test]
    fn kept_rows_of_another_order_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 20);
        let mut reversed = puzzles(0, 20);
        reversed.reverse();
        let r = tmp.path().join("r.txt");
        std::fs::write(&r, format!("# test corpus\n{}\n", reversed.join("\n"))).unwrap();
        interrupted(&a, &tmp.path().join("A"));
        interrupted(&r, &tmp.path().join("R"));
        std::fs::copy(
            tmp.path().join("R/runs.csv.partial"),
            tmp.path().join("A/runs.csv.partial"),
        )
        .unwrap();
        let before = std::fs::read(tmp.path().join("A/runs.csv.partial")).unwrap();
        let out = study(
            tmp.path(),
            &a,
            &["--no-plots", "--ratings", "none", "--resume", "--out", "A"],
        )
        .output()
        .unwrap();
        refused(&out, "rows of another corpus or another order");
        assert_eq!(
            std::fs::read(tmp.path().join("A/runs.csv.partial")).unwrap(),
            before
        );
    }

    /// Issue 38 item 17: finished puzzles reach runs.csv.partial within seconds, not only per
    /// chunk of 4,096 lines, so that a run killed early keeps them.
    #[test]
    fn finished_work_is_saved_within_seconds() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 400);
        let out = tmp.path().join("A");
        let partial = out.join("runs.csv.partial");
        let stop = AtomicBool::new(false);
        let seen = AtomicU64::new(0);
        let started = std::time::Instant::now();
        let on_disk = AtomicU64::new(0);
        // 10 ms per puzzle: 4 s in all; look at the file after 2.5 s.
        run_study(&config(&a, &out, DEFAULT_CHUNK_LINES), &stop, &|n| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            seen.fetch_add(n, Ordering::SeqCst);
            if started.elapsed().as_millis() >= 2500 && on_disk.load(Ordering::SeqCst) == 0 {
                let text = std::fs::read_to_string(&partial).unwrap_or_default();
                on_disk.store(text.lines().count() as u64 + 1, Ordering::SeqCst);
                stop.store(true, Ordering::SeqCst);
            }
        })
        .unwrap();
        let lines = on_disk.load(Ordering::SeqCst);
        assert!(lines > 0, "the run ended before 2.5 s");
        assert!(
            lines - 1 > 20,
            "after 2.5 s runs.csv.partial held {} lines ({} puzzles done)",
            lines - 1,
            seen.load(Ordering::SeqCst)
        );
    }
}

mod atomic_files {
    use super::*;

    /// Issue 38 item 18: a report that fails for want of space (here a file-size limit) leaves no
    /// truncated figure or report under its final name, and no temporary file.
    #[test]
    fn a_report_that_runs_out_of_space_leaves_no_cut_file() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 12);
        run_ok(&mut study(
            tmp.path(),
            &a,
            &["--ratings", "none", "--no-plots", "--out", "A"],
        ));
        // 24 KiB per file: the PNG figures do not fit.
        let out = Command::new("bash")
            .arg("-c")
            .arg("trap '' XFSZ; ulimit -f 24; exec \"$DLXLAB\" report --bootstrap 0 A")
            .current_dir(tmp.path())
            .env("DLXLAB", super::super::support::BIN)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for entry in std::fs::read_dir(tmp.path().join("A")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                !name.contains(".partial") && !name.ends_with(".tmp"),
                "{name} left"
            );
            let bytes = std::fs::read(&path).unwrap();
            if name.ends_with(".png") {
                assert!(bytes.ends_with(&[0xAE, 0x42, 0x60, 0x82]), "{name} is cut");
            }
            if name.ends_with(".svg") {
                assert!(
                    String::from_utf8_lossy(&bytes)
                        .trim_end()
                        .ends_with("</svg>"),
                    "{name} is cut"
                );
            }
        }
    }
}

mod progress {
    use super::*;

    /// Issue 38 item 24: with stderr not a terminal, the main job says now and then how far it is.
    #[test]
    fn without_a_terminal_progress_lines_go_to_stderr() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 40);
        let out = run_ok(
            dlxlab(tmp.path())
                .env("DLXLAB_PROGRESS_INTERVAL_MS", "1")
                .args([
                    "study",
                    "--no-plots",
                    "--ratings",
                    "none",
                    "--solvers",
                    "dlx",
                    "--corpus",
                ])
                .arg(&a)
                .args(["--out", "A"]),
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("progress: "), "{stderr}");
        assert!(stderr.contains("/40 puzzles"), "{stderr}");
        let quiet = run_ok(
            dlxlab(tmp.path())
                .env("DLXLAB_PROGRESS_INTERVAL_MS", "1")
                .args([
                    "study",
                    "--quiet",
                    "--no-plots",
                    "--ratings",
                    "none",
                    "--solvers",
                    "dlx",
                ])
                .arg("--corpus")
                .arg(&a)
                .args(["--out", "A"]),
        );
        assert!(
            quiet.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&quiet.stderr)
        );
    }
}

mod colours {
    use super::*;

    /// Issue 38 item 27: every solver of a study of all nine registered solvers has its own colour
    /// in the distribution plots (backtrack and dc shared one).
    #[test]
    fn every_solver_has_its_own_colour() {
        let tmp = tempfile::tempdir().unwrap();
        let a = corpus(tmp.path(), "a.txt", 0, 6);
        run_ok(
            dlxlab(tmp.path())
                .args(["study", "--quiet", "--ratings", "none", "--corpus"])
                .arg(&a)
                .args(["--out", "A"]),
        );
        let svg = std::fs::read_to_string(tmp.path().join("A/nodes-ecdf.svg")).unwrap();
        let mut colours: Vec<&str> = svg
            .split("<polyline")
            .skip(1)
            .filter(|p| p.contains("stroke-width=\"2\""))
            .filter_map(|p| p.split("stroke=\"").nth(1)?.split('"').next())
            .collect();
        colours.sort();
        colours.dedup();
        // The nine curves; the black axis lines are drawn 1 px wide.
        assert_eq!(colours.len(), dlxlab::solvers::names().len(), "{colours:?}");
    }
}
