//! Compares dlxlab's HoDoKu rating with HoDoKu's own paths, step by step, over a whole batch file.
//!
//! Make the reference with HoDoKu itself (docs/rating.md, "HoDoKu"):
//! `java -Djava.awt.headless=true -jar hodoku.jar /bs puzzles.txt /vp` writes
//! `puzzles.txt.out.txt`; then
//! `cargo run --release --example hodoku_check -- puzzles.txt.out.txt [--show N]`
//! prints how many puzzles agree, how many stop at a step not reproduced (counted by that step),
//! and every disagreement (the first `N`, default 20, in full). It exits 1 when any puzzle
//! disagrees.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use dlxlab::rating::hodoku::reference::{compare, parse_log, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: hodoku_check HODOKU_BATCH_OUTPUT [--show N]");
        return ExitCode::from(2);
    };
    let show: usize = match args.iter().position(|a| a == "--show") {
        Some(i) => match args.get(i + 1).and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("--show needs a number");
                return ExitCode::from(2);
            }
        },
        None => 20,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let puzzles = parse_log(&text);
    // The report is gathered and written at the end, so a closed pipe (`| head`) is no panic.
    let mut out = String::new();
    let (mut agree, mut disagree, mut unreadable) = (0, 0, 0);
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    for p in &puzzles {
        match compare(p) {
            Verdict::Agree => agree += 1,
            Verdict::Incomplete { missing: m, .. } => *missing.entry(m).or_default() += 1,
            Verdict::Disagree { at, ours, theirs } => {
                disagree += 1;
                if disagree <= show {
                    let _ = writeln!(
                        out,
                        "DISAGREE line {} step {}: {}\n  ours:   {ours}\n  hodoku: {theirs}",
                        p.line,
                        at + 1,
                        p.puzzle
                    );
                }
            }
            Verdict::Unreadable(why) => {
                unreadable += 1;
                let _ = writeln!(out, "UNREADABLE line {}: {why}", p.line);
            }
        }
    }
    let incomplete: usize = missing.values().sum();
    let _ = writeln!(
        out,
        "{path}: {} puzzles: {agree} agree, {incomplete} stop at a step not reproduced, {disagree} disagree, {unreadable} unreadable",
        puzzles.len()
    );
    let mut by_count: Vec<_> = missing.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (name, n) in by_count {
        let _ = writeln!(out, "  {n:>5}  {name}");
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if disagree > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
