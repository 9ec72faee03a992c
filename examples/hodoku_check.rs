//! Compares dlxlab's HoDoKu rating with HoDoKu's own paths, step by step, over a whole batch file.
//!
//! Make the reference with HoDoKu itself (docs/rating.md, "HoDoKu"):
//! `java -Djava.awt.headless=true -jar hodoku.jar /bs puzzles.txt /vp` writes
//! `puzzles.txt.out.txt`; then
//! `cargo run --release --example hodoku_check -- puzzles.txt.out.txt [--show N]`
//! prints how many puzzles agree, how many stop at a step not reproduced (counted by that step),
//! and every disagreement (the first `N`, default 20, in full). It exits 1 when any puzzle
//! disagrees.
//!
//! With `--replay` it follows HoDoKu's paths instead (`reference::replay`): at every position
//! each finder this module has must find nothing when HoDoKu played a later step of its list,
//! and HoDoKu's step when HoDoKu played its step; it prints, per step of the list, how often it
//! matched, was wrong, or was not reproduced, and every wrong finding (the first `N`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use dlxlab::rating::hodoku::reference::{compare, parse_log, replay, Finding, Verdict};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: hodoku_check HODOKU_BATCH_OUTPUT [--show N] [--replay]");
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
    if args.iter().any(|a| a == "--replay") {
        return replay_all(path, &puzzles, show);
    }
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

/// The `--replay` report: per list entry, matched / wrong / not reproduced.
fn replay_all(
    path: &str,
    puzzles: &[dlxlab::rating::hodoku::reference::ReferencePuzzle],
    show: usize,
) -> ExitCode {
    let mut out = String::new();
    let mut table: BTreeMap<&'static str, [usize; 3]> = BTreeMap::new();
    let (mut wrong, mut unreadable) = (0, 0);
    for p in puzzles {
        match replay(p) {
            Ok(findings) => {
                for f in findings {
                    match f {
                        Finding::Matched { entry } => table.entry(entry).or_default()[0] += 1,
                        Finding::NotReproduced { entry } => table.entry(entry).or_default()[2] += 1,
                        Finding::Wrong {
                            entry,
                            at,
                            ours,
                            theirs,
                        } => {
                            table.entry(entry).or_default()[1] += 1;
                            wrong += 1;
                            if wrong <= show {
                                let _ = writeln!(
                                    out,
                                    "WRONG {entry} at line {} step {}: {}\n  ours:   {ours}\n  hodoku: {theirs}",
                                    p.line,
                                    at + 1,
                                    p.puzzle
                                );
                            }
                        }
                    }
                }
            }
            Err(why) => {
                unreadable += 1;
                let _ = writeln!(out, "UNREADABLE puzzle at line {}: {why}", p.line);
            }
        }
    }
    let _ = writeln!(
        out,
        "{path}: {} puzzles replayed, {wrong} wrong findings, {unreadable} unreadable",
        puzzles.len()
    );
    let _ = writeln!(
        out,
        "  {:<40} {:>8} {:>6} {:>8}",
        "step", "matched", "wrong", "not-yet"
    );
    let mut rows: Vec<_> = table.into_iter().collect();
    rows.sort_by_key(|(name, _)| {
        dlxlab::rating::hodoku::STEPS
            .iter()
            .position(|s| s.name == *name)
            .unwrap_or(usize::MAX)
    });
    for (name, [m, w, n]) in rows {
        let _ = writeln!(out, "  {name:<40} {m:>8} {w:>6} {n:>8}");
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if wrong > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
