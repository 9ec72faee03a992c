//! The scaling report's figure (issue 25): `dlxlab report --scaling DIR` draws it from
//! `scaling.csv`, `scripts/scaling.sh` calls it after measuring, and `scaling.sh --replot DIR`
//! redraws a committed report without measuring.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use crate::support::{dlxlab, run_ok, BIN};

const CSV: &str = "\
job,threads,wall_s,cpu_s,speedup,efficiency,cpu_vs_1_thread
study,1,110.494,110.44,1.00,1.00,1.00
study,2,57.537,113.54,1.92,0.96,1.03
queens15-dc,1,6.131,6.13,1.00,1.00,1.00
queens15-dc,2,3.568,6.79,1.72,0.86,1.11
";

fn script() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/scaling.sh")
}

/// Size in bytes of `dir/name`, 0 when absent.
fn size(dir: &Path, name: &str) -> u64 {
    dir.join(name).metadata().map_or(0, |m| m.len())
}

#[test]
fn the_command_draws_png_and_svg_naming_the_machine() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("scaling.csv"), CSV).unwrap();
    let out = run_ok(
        dlxlab(dir.path())
            .args(["report", "--scaling", ".", "--cpu-model", "AMD EPYC"])
            .args(["--cpus", "2"]),
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("speedup.png"));
    assert!(size(dir.path(), "speedup.png") > 10_000);
    let svg = fs::read_to_string(dir.path().join("speedup.svg")).unwrap();
    assert!(svg.contains("Scaling with threads: AMD EPYC, 2 CPUs"));
    assert!(svg.contains("study (target ≥ 1.9x at 2 threads)"));
}

#[test]
fn a_bad_csv_is_exit_2_naming_file_and_line_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dlxlab(dir.path())
        .args(["report", "--scaling", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("scaling.csv"));

    fs::write(
        dir.path().join("scaling.csv"),
        CSV.replace("57.537", "soon"),
    )
    .unwrap();
    let out = dlxlab(dir.path())
        .args(["report", "--scaling", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("scaling.csv: line 3:"),
        "the file and line: {stderr}"
    );
    assert_eq!(
        size(dir.path(), "speedup.png") + size(dir.path(), "speedup.svg"),
        0
    );

    let out = dlxlab(dir.path())
        .args(["report", "--scaling", ".", "--check", "--against", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--scaling and --check conflict");
}

fn tools_present() -> bool {
    Command::new("bash")
        .args(["-c", "command -v awk && command -v sed"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn replot_redraws_a_committed_report_with_its_machine() {
    if !tools_present() {
        eprintln!("skipped: bash, awk or sed missing");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("scaling.csv"), CSV).unwrap();
    fs::write(
        dir.path().join("README.md"),
        "# Scaling with threads\n\n- machine: Intel(R) Xeon(R) Processor, 16 CPUs (`nproc`); runs pinned to T cores: yes\n",
    )
    .unwrap();
    let out = Command::new("bash")
        .arg(script())
        .arg("--replot")
        .arg(dir.path())
        .env("DLXLAB", BIN)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = fs::read_to_string(dir.path().join("speedup.svg")).unwrap();
    assert!(svg.contains("Intel(R) Xeon(R) Processor, 16 CPUs"));
    assert!(
        !svg.contains("target ≥ 1.9x"),
        "2 threads of a 16-CPU machine have no target"
    );
    assert!(size(dir.path(), "speedup.png") > 10_000);
    assert_eq!(
        fs::read_to_string(dir.path().join("scaling.csv")).unwrap(),
        CSV,
        "replotting leaves the CSV as it was"
    );
}

/// The whole script on a tiny corpus: it measures, checks, and writes the report with the
/// plotters figure.
#[test]
fn the_script_writes_the_report_and_its_figure() {
    if !tools_present() {
        eprintln!("skipped: bash, awk or sed missing");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = tempfile::NamedTempFile::new().unwrap();
    let first: String = fs::read_to_string(root.join("datasets/default.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(corpus.path(), first).unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let out = Command::new("bash")
        .arg(script())
        .arg("--corpus")
        .arg(corpus.path())
        .args(["--queens", "6", "--out"])
        .arg(out_dir.path())
        .args(["1", "2"])
        .env("DLXLAB", BIN)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "README.md",
        "scaling.csv",
        "phases.csv",
        "speedup.png",
        "speedup.svg",
    ] {
        assert!(size(out_dir.path(), f) > 0, "{f} written");
    }
    let readme = fs::read_to_string(out_dir.path().join("README.md")).unwrap();
    assert!(readme.contains("](speedup.png)") && readme.contains("(speedup.svg)"));
    let csv = fs::read_to_string(out_dir.path().join("scaling.csv")).unwrap();
    assert!(
        csv.lines().any(|l| l.starts_with("queens6-dlx,2,")),
        "{csv}"
    );
    let svg = fs::read_to_string(out_dir.path().join("speedup.svg")).unwrap();
    assert!(
        svg.contains("Scaling with threads: "),
        "the machine in the title"
    );
    assert!(svg.contains("study-no-plots"));
}

/// A binary without `report --scaling` (an older one carried to a lent machine) costs the figure,
/// not the measurements.
#[test]
fn the_script_keeps_the_tables_when_the_figure_cannot_be_drawn() {
    if !tools_present() {
        eprintln!("skipped: bash, awk or sed missing");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let old = tmp.path().join("old-dlxlab");
    fs::write(
        &old,
        format!(
            "#!/usr/bin/env bash\n[ \"$1\" = report ] && {{ echo 'unexpected argument --scaling' >&2; exit 2; }}\nexec '{BIN}' \"$@\"\n"
        ),
    )
    .unwrap();
    fs::set_permissions(&old, fs::Permissions::from_mode(0o755)).unwrap();
    let out_dir = tmp.path().join("out");
    let out = Command::new("bash")
        .arg(script())
        .arg("--corpus")
        .arg(root.join("datasets/default.txt"))
        .args(["--lines", "8", "--queens", "0", "--out"])
        .arg(&out_dir)
        .arg("1")
        .env("DLXLAB", &old)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("the figure was not drawn"), "{stderr}");
    assert!(stderr.contains("--replot"), "{stderr}");
    for f in ["README.md", "scaling.csv", "phases.csv"] {
        assert!(size(&out_dir, f) > 0, "{f} written");
    }
    assert_eq!(
        size(&out_dir, "speedup.png") + size(&out_dir, "speedup.svg"),
        0
    );
}
