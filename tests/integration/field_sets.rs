//! The field's sets made by `dlxlab generate --mode` (issue 34): reproducible for any thread
//! count, every line of the stated kind by the `dlx` solver (the generator decides statuses with
//! `fast`), and the committed copies in datasets/ match the manifest and their commands.

use std::path::Path;
use std::process::{Command, Output};

use dlxlab::generate::field::{
    generate_field_many, random_clues, several_solutions, unbiased_minimal, Mode,
};
use dlxlab::solvers::{by_name, SolveLimits, Status};
use dlxlab::sudoku::Grid;

fn dlx_status(puzzle: &Grid) -> Status {
    by_name("dlx")
        .unwrap()
        .solve(puzzle, &SolveLimits::default())
        .status
}

fn dlxlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(args)
        .output()
        .expect("run dlxlab")
}

fn committed(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("datasets")
            .join(name),
    )
    .unwrap()
}

fn puzzles(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| Grid::parse(l).unwrap())
        .collect()
}

/// Unique by `dlx` and minimal: every given's removal gives two solutions or more.
fn assert_minimal_unique(p: &Grid) {
    assert_eq!(dlx_status(p), Status::Unique, "{p}");
    for cell in 0..81 {
        if p.get(cell) != 0 {
            let mut less = p.clone();
            less.set(cell, 0);
            assert_eq!(dlx_status(&less), Status::Multiple, "{p} cell {cell}");
        }
    }
}

#[test]
fn same_puzzles_for_one_and_two_threads() {
    for (mode, count) in [
        (Mode::UnbiasedMinimal, 2),
        (Mode::RandomClues, 40),
        (Mode::SeveralSolutions, 40),
    ] {
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| generate_field_many(mode, None, 5, count, 100_000_000).unwrap())
        };
        assert_eq!(run(1), run(2), "{mode}");
    }
    assert!(generate_field_many(Mode::Unique, None, 5, 1, 10).is_err());
}

#[test]
fn unbiased_puzzles_are_minimal_and_unique_and_reproduce_the_committed_file() {
    let text = committed("field-unbiased-minimal.txt");
    assert!(text.starts_with(
        "# dlxlab generate --count 600 --seed 34 --mode unbiased-minimal --max-attempts 100000000\n"
    ));
    let file = puzzles(&text);
    assert_eq!(file.len(), 600);
    for p in file.iter().take(40) {
        assert_minimal_unique(p);
    }
    let made = unbiased_minimal(34, 0, None, 100_000_000).unwrap();
    assert_eq!(made.puzzle, file[0]);
    assert_eq!(made.status, Status::Unique);
    // A clue filter keeps the method and only the puzzles with that many clues.
    let k = unbiased_minimal(9, 0, Some(26), 100_000_000)
        .unwrap()
        .puzzle;
    assert_eq!(k.givens(), 26);
    assert_minimal_unique(&k);
}

#[test]
fn random_clue_sets_report_their_status_mix() {
    let text = committed("field-random-clues.txt");
    let file = puzzles(&text);
    assert_eq!(file.len(), 2000);
    let mut counts = [0; 3];
    for p in &file {
        assert_eq!(p.givens(), 30);
        match dlx_status(p) {
            Status::Unique => counts[0] += 1,
            Status::Multiple => counts[1] += 1,
            Status::None => counts[2] += 1,
            other => panic!("{p}: {other}"),
        }
    }
    let header = format!(
        "# statuses (fast solver, up to 2 solutions): unique {}, multiple {}, none {}",
        counts[0], counts[1], counts[2]
    );
    assert!(text.lines().any(|l| l == header), "{header}");
    // Mostly without a solution, as tdoku's gen_puzzles.
    assert!(counts[2] * 10 > file.len() * 9, "{counts:?}");
    for (i, p) in file.iter().enumerate().take(50) {
        assert_eq!(&random_clues(34, i as u64, 30, 10_000).unwrap().puzzle, p);
    }
}

#[test]
fn several_solution_puzzles_have_two_solutions_or_more() {
    let file = puzzles(&committed("field-several-solutions.txt"));
    assert_eq!(file.len(), 2000);
    for p in &file {
        assert_eq!(dlx_status(p), Status::Multiple, "{p}");
        assert!((34..=35).contains(&p.givens()), "{p}");
    }
    for (i, p) in file.iter().enumerate().take(50) {
        assert_eq!(&several_solutions(34, i as u64, 10_000).unwrap().puzzle, p);
    }
}

#[test]
fn cli_output_is_reproducible_headed_and_refuses_what_a_mode_does_not_take() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for threads in ["1", "2"] {
        let path = dir.path().join(format!("t{threads}.txt"));
        let out = dlxlab(&[
            "generate",
            "--count",
            "30",
            "--seed",
            "34",
            "--mode",
            "several-solutions",
            "--threads",
            threads,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
        files.push(std::fs::read_to_string(path).unwrap());
    }
    assert_eq!(files[0], files[1]);
    let committed = committed("field-several-solutions.txt");
    let body = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect()
    };
    assert_eq!(body(&files[0])[..], body(&committed)[..30]);
    assert!(files[0].starts_with(
        "# dlxlab generate --count 30 --seed 34 --mode several-solutions --max-attempts 10000\n"
    ));
    for bad in [
        &["--mode", "several-solutions", "--clues", "30"][..],
        &["--mode", "unbiased-minimal", "--clues", "40"],
        &["--mode", "random-clues", "--symmetry", "rot180"],
        &["--mode", "random-clues", "--minimal"],
        &["--mode", "unbiased"],
    ] {
        let mut args = vec!["generate", "--count", "1"];
        args.extend_from_slice(bad);
        let out = dlxlab(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {out:?}");
    }
}

/// Every corpus the manifest marks `committed` is in datasets/ with its checksum, size and count.
#[test]
fn manifest_matches_committed_files() {
    use sha2::{Digest, Sha256};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("datasets/manifest")).unwrap();
    let mut checked = 0;
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 5, "{line}");
        if f[4] != "committed" {
            continue;
        }
        let bytes = std::fs::read(root.join("datasets").join(f[0])).unwrap();
        assert_eq!(
            dlxlab::corpus::hex(&Sha256::digest(&bytes)),
            f[1],
            "{}",
            f[0]
        );
        assert_eq!(bytes.len().to_string(), f[2], "{}", f[0]);
        let text = String::from_utf8(bytes).unwrap();
        let lines = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        assert_eq!(lines.to_string(), f[3], "{}", f[0]);
        checked += 1;
    }
    assert_eq!(
        checked, 6,
        "default, hard, hard-search and the three field sets"
    );
}
