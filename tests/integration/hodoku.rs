//! HoDoKu 2.2's rating (issue 35): the committed reference ratings that HoDoKu itself made, one
//! puzzle per step where the step fires, the step table, and `rate --hodoku`.

use std::path::Path;
use std::process::Command;

use dlxlab::rating::hodoku::{self, Kind, Level, STEPS};
use dlxlab::sudoku::Grid;

use crate::support;

/// (puzzle, HoDoKu 2.2's level and score, a step on its path): puzzles of the SE-rated sample
/// whose whole HoDoKu path uses steps this module plays, chosen so that every step but the
/// quadruples and Jellyfish (none of the sampled paths has one) fires at least once.
const FIRES: &[(&str, Level, u32, Kind)] = &[
    (
        ".1...8..3..4...2686.....1...2...4..6.9.6.5.3.3..8...9...9.....7865...3..7..5...4.",
        Level::Medium,
        402,
        Kind::LockedPair,
    ),
    (
        "...5.8...3.......4.1..4..6.....9....7.9.5.6.1.5.6.4.2..4.....9.5.7.8.4.6.914.328.",
        Level::Medium,
        364,
        Kind::LockedCandidates1,
    ),
    (
        "..6...1..15.....864.......7.7..9..2.3..6.8..1.1.2.7.3.93..2..15..45.98...........",
        Level::Medium,
        402,
        Kind::LockedCandidates2,
    ),
    (
        "...5.8...3.......4.1..4..6.....9....7.9.5.6.1.5.6.4.2..4.....9.5.7.8.4.6.914.328.",
        Level::Medium,
        364,
        Kind::LockedTriple,
    ),
    (
        "9..16.2.......95.8..1.5.9.6...687..2....2....2..391...5.6.7.8..8.95.......7.18..4",
        Level::Medium,
        480,
        Kind::NakedPair,
    ),
    (
        "2..9.....8..5.3....547.6..2..8.....9.97...42.1.....3..3..1.589....8.2..3.....7..5",
        Level::Hard,
        652,
        Kind::NakedTriple,
    ),
    (
        "27..6..389..4.3..6..41.79....95.16......4......3...8...1.....9...7...5.....736...",
        Level::Medium,
        506,
        Kind::HiddenPair,
    ),
    (
        ".8.3..5....74896............3..1.7.52.5...1.87.9.5..3............26914....4..2.5.",
        Level::Medium,
        392,
        Kind::HiddenTriple,
    ),
    (
        ".6...49...4.26..177..9.....6...4.35..9.3.2.7..53.8...1.....1..551..26.3...65...8.",
        Level::Hard,
        976,
        Kind::XWing,
    ),
    (
        ".94.1.83.1..3....53.87..1.2......94.4...8...1.19......5.6..93.49....6..8.73.4.65.",
        Level::Hard,
        482,
        Kind::Swordfish,
    ),
    (
        ".4........861...34..15..26....3.584.....4.....589.2....95..83..16...945........1.",
        Level::Hard,
        478,
        Kind::Skyscraper,
    ),
    (
        ".6...49...4.26..177..9.....6...4.35..9.3.2.7..53.8...1.....1..551..26.3...65...8.",
        Level::Hard,
        976,
        Kind::TwoStringKite,
    ),
];

#[test]
fn each_step_fires_on_a_puzzle_and_the_rating_is_hodokus() {
    for &(puzzle, level, score, kind) in FIRES {
        let r = hodoku::rate(&Grid::parse(puzzle).unwrap()).unwrap();
        assert!(
            r.complete,
            "{puzzle}: stopped after {} steps",
            r.steps.len()
        );
        assert!(
            r.steps.iter().any(|s| s.kind == kind),
            "{puzzle}: no {kind:?} on the path"
        );
        assert_eq!((r.level, r.score), (Some(level), score), "{puzzle}");
    }
}

/// The reference file: HoDoKu 2.2's own ratings of 400 17-clue puzzles (its header says how they
/// were made), each named by its line in the public 17-clue list. Every puzzle rated completely
/// must match in level and score, and every one must be rated completely: a changed step score,
/// order or scan order breaks the first, a step that stops firing the second.
#[test]
#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
fn ratings_equal_hodoku_22_on_the_reference_sample() {
    let list = support::data_text("17-clue.txt");
    let list: Vec<&str> = list.lines().collect();
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hodoku-17clue-reference.csv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(rows.next(), Some("line,level,score"));
    let (mut total, mut rated) = (0, 0);
    for row in rows {
        let f: Vec<&str> = row.split(',').collect();
        let line: usize = f[0].parse().unwrap();
        let puzzle = &list[line - 1][..81];
        let r = hodoku::rate(&Grid::parse(puzzle).unwrap()).unwrap();
        total += 1;
        if r.complete {
            rated += 1;
            let level = r.level.unwrap().name();
            assert_eq!(
                (level, r.score.to_string().as_str()),
                (f[1], f[2]),
                "line {line}: {puzzle}"
            );
        }
    }
    assert_eq!(total, 400);
    assert_eq!(rated, 400, "only {rated} of 400 rated completely");
}

#[test]
fn the_step_table_is_hodokus_default_list() {
    assert!(STEPS.windows(2).all(|w| w[0].index < w[1].index));
    let score = |name: &str| STEPS.iter().find(|s| s.name == name).unwrap().score;
    assert_eq!(
        [
            score("Full House"),
            score("Naked Single"),
            score("Hidden Single")
        ],
        [4, 4, 14]
    );
    assert_eq!(score("Brute Force"), 10_000);
    let bounds: Vec<u32> = Level::ALL.iter().map(|l| l.max_score()).collect();
    assert_eq!(bounds, [800, 1000, 1600, 1800, u32::MAX]);
}

#[test]
fn a_puzzle_that_needs_forcing_nets_gets_hodokus_rating() {
    // The first puzzle of datasets/hard.txt: HoDoKu 2.2 rates it Extreme (10350) with Forcing
    // Nets (it used to stop there, before Forcing Net was reproduced).
    let net = "..64.15..3..5.9..1....3....2.5...7.3.38.4..2.67.....58.6.9.7.8.....5......23..9..";
    let r = hodoku::rate(&Grid::parse(net).unwrap()).unwrap();
    assert!(r.complete);
    assert_eq!((r.level, r.score), (Some(Level::Extreme), 10350));
    assert!(r.steps.iter().any(|s| s.kind == Kind::ForcingNet));
    let four = Grid::parse("1...............").unwrap();
    assert!(hodoku::rate(&four).is_err());
}

#[test]
fn a_puzzle_once_out_of_reach_now_gets_hodokus_rating() {
    // A 17-clue puzzle HoDoKu 2.2 rates Unfair (1246); it used to stop at steps not reproduced
    // then (colors, grouped loops, ALS chains).
    let hard = "..............1..2..3.4..5..............6.37.28....6.....2..4.8..7......1...9....";
    let r = hodoku::rate(&Grid::parse(hard).unwrap()).unwrap();
    assert!(r.complete);
    assert_eq!((r.level, r.score), (Some(Level::Unfair), 1246));
}

#[test]
fn rate_hodoku_fills_the_two_columns() {
    let (puzzle, level, score, _) = FIRES[0];
    let run = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(["rate", "--hodoku", "--no-decision-tree", "--quiet", puzzle])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].ends_with(",hodoku_level,hodoku_score"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with(&format!(",{level},{score}")),
        "{}",
        lines[1]
    );
    // Without --hodoku the file keeps the header of every other ratings.csv.
    let run = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(["rate", "--no-decision-tree", "--quiet", puzzle])
        .output()
        .unwrap();
    let text = String::from_utf8(run.stdout).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        dlxlab::rating::table::COLUMNS.join(","),
        "{text}"
    );
    // With --hodoku and --chaos, HoDoKu's columns come first, then the chaos hardness's.
    let run = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args([
            "rate",
            "--hodoku",
            "--chaos",
            "--chaos-trajectories",
            "2",
            "--chaos-cap",
            "1",
            "--no-decision-tree",
            "--quiet",
            puzzle,
        ])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let both = dlxlab::rating::table::columns_of(dlxlab::rating::table::Optional {
        hodoku: true,
        chaos: true,
    });
    assert_eq!(text.lines().next().unwrap(), both.join(","), "{text}");
    assert_eq!(
        text.lines().nth(1).unwrap().split(',').count(),
        both.len(),
        "{text}"
    );
}

#[test]
fn explain_hodoku_prints_the_path_and_the_rating() {
    let (puzzle, level, score, _) = FIRES[0];
    let run = Command::new(env!("CARGO_BIN_EXE_dlxlab"))
        .args(["explain", "--hodoku", puzzle])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("hodoku path (HoDoKu 2.2):"), "{text}");
    assert!(text.contains("] Locked Pair: "), "{text}");
    assert!(
        text.contains(&format!("hodoku  {level} ({score})")),
        "{text}"
    );
}
