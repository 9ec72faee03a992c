//! Never silently wrong, second round (issue 38), on the command line: one reader and one rating
//! rule in every command, sizes a solver does not support, empty ratings for refused puzzles, a
//! missing data directory, counts that are lower bounds, outputs that would destroy their input,
//! generation that keeps what it made, one exit-status table, and errors that name the file.

use std::path::Path;
use std::process::Output;

use super::support::{dlxlab, run_ok};

/// Puzzles `from..from + n` of the embedded corpus (unique, minimal 9x9).
fn puzzles(from: usize, n: usize) -> Vec<&'static str> {
    dlxlab::corpus::DEFAULT_CORPUS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .skip(from)
        .take(n)
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The rows of a CSV text, header included.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// The values of `column` in a CSV text with a header.
fn column(text: &str, column: &str) -> Vec<String> {
    let rows = csv_rows(text);
    let k = rows[0].iter().position(|c| c == column).unwrap();
    rows[1..].iter().map(|r| r[k].clone()).collect()
}

/// A valid 16x16 puzzle (one given; many solutions), which fast and band do not support.
fn sixteen() -> String {
    format!("1{}", ".".repeat(255))
}

/// Item 6: one rule for the external rating after a puzzle — the first field that is a number or
/// an `se=` field — in `rate`, in `study`'s ratings.csv, and for what `generate --rating` writes.
#[test]
fn one_rule_for_the_external_rating_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzles(0, 1)[0];
    let corpus = dir.path().join("rated.txt");
    std::fs::write(
        &corpus,
        format!("{p} 7.2 src=12\n{p} 7.2 8.3\n{p} se=7.2\n{p} src=12 3.0\n{p} x\n"),
    )
    .unwrap();
    let rate = run_ok(
        dlxlab(dir.path())
            .args(["rate", "--quiet", "--no-decision-tree", "--corpus"])
            .arg(&corpus),
    );
    let rated = text(&rate.stdout);
    assert_eq!(
        column(&rated, "external_rating"),
        ["7.2", "7.2", "7.2", "3", ""],
        "{rated}"
    );
    let out = dir.path().join("study");
    run_ok(
        dlxlab(dir.path())
            .args(["study", "--quiet", "--no-plots", "--solvers", "dlx"])
            .arg("--corpus")
            .arg(&corpus)
            .arg("--out")
            .arg(&out),
    );
    let studied = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    assert_eq!(
        column(&studied, "external_rating"),
        column(&rated, "external_rating")
    );

    // What `generate --rating` writes (`se=X.Y`) is read back as the external rating: the
    // generator's own technique rating, so the two columns agree.
    let generated =
        run_ok(dlxlab(dir.path()).args(["generate", "--count", "2", "--rating", "1.0..3.0"]));
    let made = dir.path().join("made.txt");
    std::fs::write(&made, &generated.stdout).unwrap();
    assert!(text(&generated.stdout).contains(" se="));
    let rate = run_ok(
        dlxlab(dir.path())
            .args(["rate", "--quiet", "--no-decision-tree", "--corpus"])
            .arg(&made),
    );
    let rated = text(&rate.stdout);
    let external = column(&rated, "external_rating");
    assert_eq!(external.len(), 2);
    assert!(external.iter().all(|e| !e.is_empty()), "{rated}");
    let technique: Vec<f64> = column(&rated, "technique_rating")
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let external: Vec<f64> = external.iter().map(|e| e.parse().unwrap()).collect();
    assert_eq!(external, technique, "{rated}");
}

/// Item 7: a UTF-8 byte-order mark before line 1 is read the same way by every command.
#[test]
fn a_byte_order_mark_is_accepted_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzles(0, 1)[0];
    let corpus = dir.path().join("bom.txt");
    std::fs::write(&corpus, format!("\u{feff}{p}\r\n")).unwrap();
    for command in [
        &["solve"][..],
        &["rate", "--quiet", "--no-decision-tree"],
        &["explain"],
        &["check", "--solvers", "dlx,fast"],
        &["canon"],
        &["minimize"],
        &["count", "--quiet"],
    ] {
        let out = dlxlab(dir.path())
            .args(command)
            .arg("--corpus")
            .arg(&corpus)
            .output()
            .unwrap();
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{command:?}: {stderr}");
        for bad in [
            "invalid:",
            ",invalid,",
            " 1 invalid",
            "82 cells",
            "# line 1",
        ] {
            assert!(!stdout.contains(bad), "{command:?}: {stdout}");
        }
    }
}

/// Item 8: a size a solver does not support is `unsupported`, never `0 0 0 0` with "all
/// solvers agree" and never a count of nothing with exit status 0.
#[test]
fn sizes_a_solver_does_not_support_are_a_status_not_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let big = sixteen();
    // Named solvers must check every puzzle.
    let out = dlxlab(dir.path())
        .args(["check", "--solvers", "fast,band,dlx", &big])
        .output()
        .unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(!report.contains("all solvers agree"), "{report}");
    assert!(report.contains("unsupported"), "{report}");
    let fast = report.lines().find(|l| l.starts_with("fast ")).unwrap();
    let fields: Vec<&str> = fast.split_whitespace().collect();
    assert_eq!(&fields[1..6], ["0", "0", "0", "0", "1"], "{report}");
    assert!(
        report.contains("fast (given) does not support 16x16 grids"),
        "{report}"
    );
    // The default set skips them, and says so.
    let out = dlxlab(dir.path()).args(["check", &big]).output().unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(!report.contains("all solvers agree;"), "{report}");
    assert!(report.contains("unsupported: fast 1, band 1"), "{report}");

    let out = dlxlab(dir.path())
        .args(["count", "--solver", "fast", &big])
        .output()
        .unwrap();
    let (csv, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(column(&csv, "status"), ["unsupported"], "{csv}");
    assert!(
        column(&csv, "error")[0].contains("no solver given (fast) supports 16x16"),
        "{csv}"
    );
    assert!(!stderr.contains("no solver supports"), "{stderr}");
    assert!(stderr.contains("unsupported 1"), "{stderr}");
    assert!(
        stderr.contains("solvers that do:") && stderr.contains("dlx"),
        "{stderr}"
    );
}

/// Item 12: a puzzle `rate` refuses (several solutions, none) has every rating column empty, the
/// decision-tree index included.
#[test]
fn refused_puzzles_have_no_decision_tree() {
    let dir = tempfile::tempdir().unwrap();
    let p = puzzles(0, 1)[0];
    let several = ".".repeat(81);
    // Two givens that leave a cell without candidates (no solution).
    let none = format!("12345678.........9{}", ".".repeat(63));
    let out = run_ok(dlxlab(dir.path()).args(["rate", "--quiet", p, &several, &none]));
    let csv = text(&out.stdout);
    let trees = column(&csv, "decision_tree");
    let errors = column(&csv, "error");
    assert!(!trees[0].is_empty(), "{csv}");
    assert_eq!(errors[1], "multiple solutions", "{csv}");
    assert!(errors[2].starts_with("no solution"), "{csv}");
    assert_eq!(&trees[1..], ["", ""], "{csv}");
}

/// Item 13: a `DLXLAB_DATA` that is set but missing is an error naming it, even with --quiet.
#[test]
fn a_missing_data_directory_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-data");
    for command in [
        &["study", "--quiet", "--no-plots", "--solvers", "dlx"][..],
        &["count", "--quiet"],
    ] {
        let out = dlxlab(dir.path())
            .env("DLXLAB_DATA", &missing)
            .args(command)
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {stderr}");
        assert!(stderr.contains("no-such-data"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    assert!(!dir.path().join("results").exists());
}

/// Item 14: `solve --count` says when its count is a lower bound.
#[test]
fn cut_counts_are_lower_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ".".repeat(81);
    let p = puzzles(0, 1)[0];
    let out = run_ok(dlxlab(dir.path()).args([
        "solve",
        "--count",
        "--limit-nodes",
        "50",
        "--solver",
        "dlx",
        &empty,
    ]));
    let line = text(&out.stdout);
    assert!(line.starts_with("limit: at least "), "{line}");
    let out = run_ok(dlxlab(dir.path()).args(["solve", "--count", "--max", "5", &empty, p]));
    assert_eq!(text(&out.stdout), "at least 5\n1\n");
}

/// Runs `dlxlab ARGS` in `cwd`.
fn output(cwd: &Path, args: &[&str]) -> Output {
    dlxlab(cwd).args(args).output().unwrap()
}

/// Item 15: an output that is the input (by any spelling, or redirected into standard input) is
/// refused, and the input is left as it was.
#[test]
fn an_output_that_is_the_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path();
    let corpus: String = puzzles(0, 3).iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(cwd.join("x.txt"), &corpus).unwrap();
    for args in [
        &["rate", "--quiet", "--corpus", "x.txt", "--out", "x.txt"][..],
        &["count", "--quiet", "--corpus", "x.txt", "--out", "./x.txt"],
        &["canon", "--corpus", "x.txt", "--out", "x.txt"],
        &["minimize", "--corpus", "x.txt", "--out", "x.txt"],
        &[
            "derive",
            "remove-one",
            "--corpus",
            "x.txt",
            "--out",
            "x.txt",
        ],
    ] {
        let out = output(cwd, args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("is the input"), "{stderr}");
        assert_eq!(std::fs::read_to_string(cwd.join("x.txt")).unwrap(), corpus);
    }
    // Standard input redirected from the output file.
    let out = dlxlab(cwd)
        .args(["count", "--quiet", "--out", "x.txt"])
        .stdin(std::fs::File::open(cwd.join("x.txt")).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(cwd.join("x.txt")).unwrap(), corpus);

    let problem = "a b\na\nb\n";
    std::fs::write(cwd.join("p.dlx"), problem).unwrap();
    let out = output(
        cwd,
        &[
            "xc", "p.dlx", "--engine", "memo", "--count", "--zdd", "p.dlx",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(cwd.join("p.dlx")).unwrap(), problem);

    for shard in ["s1", "s2"] {
        std::fs::create_dir(cwd.join(shard)).unwrap();
        std::fs::write(cwd.join(shard).join("keep"), "kept").unwrap();
    }
    let out = output(cwd, &["merge", "s1", "s2", "--out", "s1/."]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("is the input s1"));
    assert_eq!(
        std::fs::read_dir(cwd.join("s1")).unwrap().count(),
        1,
        "nothing written into the shard"
    );
}

/// Item 19: `generate` keeps the puzzles it made when some cannot be made, and names the others.
#[test]
fn generate_keeps_what_it_made() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "generate",
        "--count",
        "6",
        "--symmetry",
        "rot90",
        "--minimal",
        "--max-attempts",
        "100",
        "--out",
        "made.txt",
    ];
    let out = output(dir.path(), &args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("5 of 6 puzzles could not be made"),
        "{stderr}"
    );
    let made = std::fs::read_to_string(dir.path().join("made.txt")).unwrap();
    let puzzles: Vec<&str> = made.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(puzzles.len(), 1, "{made}");
    assert_eq!(made.matches("\n# puzzle ").count(), 5, "{made}");
    assert!(made.contains("1 of 6 puzzles"), "{made}");
    // Reproducible: the same command writes the same bytes.
    output(dir.path(), &args);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made.txt")).unwrap(),
        made
    );
}

/// Item 25: one exit-status table, at the end of every command's help; a count of 0 is an
/// answer in `xc` as in `solve`.
#[test]
fn one_exit_status_table_for_every_command() {
    let cwd = Path::new(".");
    let top = text(&run_ok(dlxlab(cwd).arg("--help")).stdout);
    let table_start = top.find("Exit status (the same in every command)").unwrap();
    let table = top[table_start..].trim_end();
    let commands: Vec<String> = top
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        // A command's line is indented by two spaces (a wrapped description, by more).
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(commands.len() > 20, "{commands:?}");
    for command in &commands {
        for flag in ["-h", "--help"] {
            let help = text(&run_ok(dlxlab(cwd).args([command.as_str(), flag])).stdout);
            assert!(
                help.trim_end().ends_with(table),
                "{command} {flag}:\n{help}"
            );
        }
    }
    assert!(table.contains("  3    xc:"), "{table}");

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("none.dlx"), "a b\na\n").unwrap();
    let counted = output(dir.path(), &["xc", "none.dlx", "--count"]);
    assert_eq!(
        (counted.status.code(), text(&counted.stdout)),
        (Some(0), "0\n".to_string())
    );
    // Printing solutions, none found is still status 1 (old scripts keep working).
    assert_eq!(
        output(dir.path(), &["xc", "none.dlx"]).status.code(),
        Some(1)
    );
}

/// Item 26: errors name the file and only choices that exist.
#[test]
fn errors_name_the_file_and_real_choices() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path();
    let corpus: String = puzzles(0, 40).iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(cwd.join("c.txt"), &corpus).unwrap();

    // A full disk under the output file (its partial file is /dev/full).
    #[cfg(target_os = "linux")]
    for (command, out) in [
        (&["count", "--quiet"][..], "count.csv"),
        (&["rate", "--quiet", "--no-decision-tree"], "rate.csv"),
    ] {
        let partial = format!("{out}.partial");
        std::os::unix::fs::symlink("/dev/full", cwd.join(&partial)).unwrap();
        let run = dlxlab(cwd)
            .args(command)
            .args(["--corpus", "c.txt", "--out", out])
            .args(if command[0] == "rate" {
                &["--force"][..]
            } else {
                &[]
            })
            .output()
            .unwrap();
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&partial), "{command:?}: {stderr}");
        std::fs::remove_file(cwd.join(&partial)).unwrap();
        // And standard output on a full disk is named as such.
        #[cfg(target_os = "linux")]
        {
            let run = dlxlab(cwd)
                .args(command)
                .args(["--corpus", "c.txt"])
                .stdout(std::fs::File::create("/dev/full").unwrap())
                .output()
                .unwrap();
            assert!(
                text(&run.stderr).contains("standard output"),
                "{}",
                text(&run.stderr)
            );
        }
    }

    // The multiplicity error names an engine that exists.
    std::fs::write(cwd.join("m.dlx"), "2:2|a\na\na\n").unwrap();
    let out = output(cwd, &["xc", "m.dlx", "--engine", "dc"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("--engine dlx") && !stderr.contains("mcc engine"),
        "{stderr}"
    );

    // A refused resume shows settings in words, not Rust's debug text.
    std::fs::write(cwd.join("r.csv.partial"), "").unwrap();
    std::fs::write(
        cwd.join("r.csv.provenance.partial"),
        r#"{"dlxlab_version":"0","inputs_sha256":"x","inputs":1,"decision_tree":null,"limit_ms":1,"options":"sample"}"#,
    )
    .unwrap();
    let out = output(
        cwd,
        &[
            "rate",
            "--corpus",
            "c.txt",
            "--out",
            "r.csv",
            "--resume",
            "--se-profile",
            "serate",
        ],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("sample there, serate here"), "{stderr}");
    assert!(!stderr.contains("PathOptions"), "{stderr}");

    // A figure that cannot be written says why in words; a bad CSV row of a shard names the file.
    let (s1, s2) = (cwd.join("s1"), cwd.join("s2"));
    for (k, shard) in [(1, &s1), (2, &s2)] {
        run_ok(
            dlxlab(cwd)
                .args(["study", "--quiet", "--no-plots", "--solvers", "dlx"])
                .args(["--corpus", "c.txt", "--shard", &format!("{k}/2"), "--out"])
                .arg(shard),
        );
    }
    std::fs::create_dir(s1.join("nodes-ecdf.png")).unwrap();
    let out = output(cwd, &["report", "s1"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("nodes-ecdf.png: Is a directory"),
        "{stderr}"
    );
    assert!(!stderr.contains("ImageError"), "{stderr}");
    let runs = std::fs::read_to_string(s2.join("runs.csv")).unwrap();
    let mut lines: Vec<String> = runs.lines().map(str::to_string).collect();
    lines[1].push_str(",extra");
    std::fs::write(s2.join("runs.csv"), lines.join("\n") + "\n").unwrap();
    let out = output(cwd, &["merge", "s1", "s2", "--out", "m"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("s2/runs.csv"), "{stderr}");
}
