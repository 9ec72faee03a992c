//! Issue 34: the shared driver of the historical peers (scripts/peers/peer_driver.c) around a tiny
//! dlxlab-written C solver (tests/peers/tiny_solver.c), through the three protocols `bench` speaks;
//! and the guesses column in tdoku's convention.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::support::{dlxlab, run_ok};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Compiles the driver as program `mode` (1 whole, 2 external, 3 loop) around the tiny solver,
/// which hands back its solution when `solution`; the C compiler is `$CC` or `cc` (the one Rust
/// links with).
fn driver(dir: &Path, mode: u8, solution: bool) -> PathBuf {
    let exe = dir.join(format!(
        "tiny{}_{mode}",
        if solution { "" } else { "_nosol" }
    ));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let out = Command::new(&cc)
        .args(["-O1", "-std=c11"])
        .arg(format!("-DPEER_PROGRAM={mode}"))
        .arg("-DPEER_SOLVER=TinySolver")
        .arg(format!("-DPEER_SOLUTION={}", u8::from(solution)))
        .arg(Path::new(ROOT).join("scripts/peers/peer_driver.c"))
        .arg(Path::new(ROOT).join("tests/peers/tiny_solver.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("the C compiler `{cc}` (CC) runs: {e}"));
    assert!(
        out.status.success(),
        "compiling the driver: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn corpus() -> PathBuf {
    Path::new(ROOT).join("datasets/hard.txt")
}

/// The loop program (with and without solutions) as an in-process peer, the whole job as a
/// whole-process peer: every answer checked by `bench`, none wrong, `unique` accepted.
#[test]
fn the_driver_speaks_the_loop_and_whole_job_protocols() {
    let dir = tempfile::tempdir().unwrap();
    let with = driver(dir.path(), 3, true);
    let without = driver(dir.path(), 3, false);
    let whole = driver(dir.path(), 1, true);
    let out = run_ok(
        dlxlab(dir.path())
            .arg("bench")
            .arg("--corpus")
            .arg(corpus())
            .args(["--puzzles", "8", "--warmup", "2", "--solvers", "fast"])
            .arg("--in-process-peer")
            .arg(&with)
            .arg("--in-process-peer")
            .arg(&without)
            .args(["--whole-process", "--rounds", "1", "--peer"])
            .arg(&whole),
    );
    let table = String::from_utf8(out.stdout).unwrap();
    for name in ["tiny_3", "tiny_nosol_3"] {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| {name} | 8 |")));
        // No budget hit, nothing failed.
        assert!(row.is_some_and(|l| l.contains("| 0 | 0 |")), "{table}");
    }
    let whole_row = table.lines().find(|l| l.starts_with("| tiny_1 | 8 |"));
    assert!(whole_row.is_some_and(|l| l.ends_with("| ok |")), "{table}");
}

/// The external program answers a line per puzzle with the solver's own guess count, `limit`
/// for a line that is not a puzzle; the whole job skips comments and marks bad lines.
#[test]
fn the_driver_answers_lines_with_its_own_guesses() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let clash = format!("11{}", &puzzle[2..]);
    let input = format!("{puzzle}\n{}\nnot a puzzle\n{clash}\n", ".".repeat(81));
    let mut child = Command::new(driver(dir.path(), 2, true))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with(&format!("{solution} peer_guesses=")),
        "{text}"
    );
    assert!(lines[1].starts_with("multiple peer_guesses="), "{text}");
    assert_eq!(lines[2], "limit");
    assert_eq!(lines[3], "none peer_guesses=0");
    let file = dir.path().join("c.txt");
    std::fs::write(&file, format!("# a comment\n\n{puzzle} rated 1.2\nxyz\n")).unwrap();
    let out = Command::new(driver(dir.path(), 1, false))
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "unique\ninvalid\n");
}

/// `bench` prints guesses in tdoku's convention too (`backtracks + solutions − 1` a puzzle): for a
/// search whose every branch point has two or more children it is at most dlxlab's count and at
/// least half of it, and 0 where no guess was made.
#[test]
fn bench_prints_guesses_in_tdokus_convention() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_ok(
        dlxlab(dir.path())
            .arg("bench")
            .arg("--corpus")
            .arg(corpus())
            .args(["--puzzles", "40", "--warmup", "0"])
            .args(["--solvers", "singles,locked,subsets,fast,band,dlx,dc"]),
    );
    let table = String::from_utf8(out.stdout).unwrap();
    let head: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("| solver |"))
        .expect("a table")
        .split('|')
        .map(str::trim)
        .collect();
    let col = |name: &str| head.iter().position(|h| *h == name).expect(name);
    let (g, t) = (col("guesses/puzzle"), col("guesses_tdoku/puzzle"));
    assert_eq!(t, head.len() - 2, "the new column comes last: {table}");
    let mut rows = 0;
    for line in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| solver"))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (ours, tdoku): (f64, f64) = (cells[g].parse().unwrap(), cells[t].parse().unwrap());
        // Printed to one and two decimals.
        assert!(tdoku <= ours + 0.05 && tdoku >= ours / 2.0 - 0.05, "{line}");
        assert!(tdoku > 0.0, "hard puzzles need guesses: {line}");
        rows += 1;
    }
    assert_eq!(rows, 7, "{table}");
}
