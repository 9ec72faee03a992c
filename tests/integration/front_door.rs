//! The README is a front door that stays true (issue 37): short, its set-up commands the ones CI
//! runs, every number it quotes checked against the binary or the files it names, every link
//! alive; and the commands leave `git status` clean unless told where to write.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::support::{dlxlab, run_ok};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).unwrap()
}

/// The number a README phrase starts with, written as a word or in digits ("nine", "2,500").
fn number(text: &str) -> usize {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    let word = text.split_whitespace().next().unwrap_or("");
    WORDS
        .iter()
        .position(|w| *w == word)
        .or_else(|| word.replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("no number at {text:?}"))
}

/// The text of `readme` right after `before`.
fn after<'a>(readme: &'a str, before: &str) -> &'a str {
    let i = readme
        .find(before)
        .unwrap_or_else(|| panic!("README lacks {before:?}"));
    &readme[i + before.len()..]
}

#[test]
fn the_readme_is_short_and_its_set_up_is_what_ci_runs() {
    let text = readme();
    let lines = text.lines().count();
    assert!(lines <= 150, "README.md has {lines} lines (at most 150)");
    let setup = after(&text, "## Set-up\n\n```sh\n");
    let commands: Vec<&str> = setup
        .lines()
        .take_while(|l| !l.starts_with("```"))
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(commands, ["cargo run --release -- study", "cargo test"]);
    let ci = std::fs::read_to_string(repo().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == "cargo test"),
        ".ci/run no longer runs the README's test command"
    );
}

#[test]
fn the_solver_count_the_readme_quotes_is_the_registry_s() {
    let text = readme();
    let quoted = number(after(&text, "compares it with — "));
    let out = run_ok(dlxlab(&repo()).arg("solvers"));
    let listing = String::from_utf8(out.stdout).unwrap();
    // Top-level lines name the solvers; one marked "not in the default study set" is for counting.
    let studied = listing
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .filter(|l| !l.contains("not in the default study set"))
        .count();
    assert_eq!(
        quoted, studied,
        "README: {quoted} solvers; `dlxlab solvers`:\n{listing}"
    );
}

#[test]
fn the_corpus_sizes_the_readme_quotes_are_the_files() {
    let text = readme();
    let embedded = number(after(&text, "embedded corpus of\n"));
    let default = std::fs::read_to_string(repo().join("datasets/default.txt")).unwrap();
    let puzzles = default
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(
        embedded, puzzles,
        "README's embedded corpus against datasets/default.txt"
    );
    let study = number(after(&text, "the main study: "));
    let summary = std::fs::read_to_string(repo().join("reports/17-clue/summary.md")).unwrap();
    assert!(
        summary.contains(&format!("| {study} |")),
        "reports/17-clue has not {study} puzzles"
    );
    let sample = number(after(&text, "published\n  SE rating of "));
    let summary = std::fs::read_to_string(repo().join("reports/se-sample/summary.md")).unwrap();
    assert!(
        summary.contains(&format!("| {sample} |")),
        "reports/se-sample has not {sample} puzzles"
    );
}

#[test]
fn the_count_the_readme_quotes_is_the_binary_s() {
    let text = readme();
    let line = text
        .lines()
        .find(|l| l.starts_with("dlxlab gen-xc queens 12 | dlxlab xc - --count"))
        .expect("README's counting example");
    let want = line.rsplit('#').next().unwrap().trim();
    let gen = run_ok(dlxlab(&repo()).args(["gen-xc", "queens", "12"]));
    let mut xc = dlxlab(&repo());
    xc.args(["xc", "-", "--count", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut child = xc.spawn().unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &gen.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), want);
}

#[test]
fn every_relative_link_of_the_readme_and_docs_exists() {
    let mut pages = vec![repo().join("README.md")];
    for e in std::fs::read_dir(repo().join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            pages.push(p);
        }
    }
    let mut dead = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (i, _) in text.match_indices("](") {
            let target = text[i + 2..].split(')').next().unwrap();
            let path = target.split('#').next().unwrap();
            if path.is_empty()
                || path.contains("://")
                || path.starts_with("mailto:")
                || path.contains(' ')
            {
                continue;
            }
            if !page.parent().unwrap().join(path).exists() {
                dead.push(format!(
                    "{}: {target}",
                    page.strip_prefix(repo()).unwrap().display()
                ));
            }
        }
    }
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}

#[test]
fn engines_writes_under_results_unless_told_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("puzzles.txt");
    std::fs::write(
        &corpus,
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...\n",
    )
    .unwrap();
    run_ok(dlxlab(dir.path()).args([
        "engines",
        "--quick",
        "--repeats",
        "1",
        "--quiet",
        "--corpus",
        corpus.to_str().unwrap(),
    ]));
    assert!(dir.path().join("results/engines/engines.csv").is_file());
    assert!(
        !Path::new(&dir.path().join("reports")).exists(),
        "engines wrote into reports/"
    );
}
