//! The UVWXYZ-wing (6.6) and TUVWXYZ-wing (7.5) of `logic::wings_large` (issue 12): drawn
//! positions with their exact eliminations, where they must not fire, their place in the finder
//! list, and puzzles on which `serate` (Sukaku Explainer, default techniques with nested chains
//! off) takes the same wing step and gives the same ratings.

use dlxlab::logic::{
    solve_path_with, wings_large, PathOptions, State, Step, Technique, FINDERS, UVWXYZ_WINGS,
};
use dlxlab::rating::technique;
use dlxlab::sudoku::Grid;

use crate::logic_techniques::{cell, empty, keep};

/// Row 1 from column 1 holds the chain {1,2}, {2,3}, ... of `n` cells: an almost locked set of
/// `n` cells with the digits 1..=n+1, each digit but the ends in two neighbouring cells.
fn chain_in_row_1(n: usize) -> State {
    let mut state = empty();
    for i in 1..=n {
        keep(&mut state, cell(1, i), &[i as u8, i as u8 + 1]);
    }
    state
}

fn sorted(step: &Step) -> Vec<(u8, u8)> {
    let mut e = step.eliminations.clone();
    e.sort_unstable();
    e
}

#[test]
fn uvwxyz_wing_with_one_restricted_digit() {
    let mut state = chain_in_row_1(5);
    let mut far = state.clone();
    // r5c1 sees the set's only 1 (r1c1) but not its only 6 (r1c5): 6 is in r5c1 or r1c5.
    keep(&mut state, cell(5, 1), &[1, 6]);
    let step = wings_large::uvwxyz_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::UVWXYZWing);
    assert_eq!(step.score_tenths, 66);
    assert_eq!(step.technique.name(), "UVWXYZ-Wing");
    assert_eq!(sorted(&step), vec![(cell(5, 5) as u8, 6)]);
    // A bivalue cell that sees neither end restricts nothing.
    keep(&mut far, cell(5, 9), &[1, 6]);
    assert!(wings_large::uvwxyz_wing(&far).is_none());
    // Four cells are the VWXYZ-wing's set, not this one's.
    let mut four = chain_in_row_1(4);
    keep(&mut four, cell(5, 1), &[1, 5]);
    assert!(wings_large::uvwxyz_wing(&four).is_none());
}

#[test]
fn uvwxyz_wing_doubly_linked() {
    let mut state = chain_in_row_1(5);
    // r1c6 sees every cell of the set: 1 and 6 are both restricted, so 2..5 are locked in the
    // set and 1 and 6 in the set and r1c6 together.
    keep(&mut state, cell(1, 6), &[1, 6]);
    let step = wings_large::uvwxyz_wing(&state).unwrap();
    let rest_of_row: Vec<usize> = (7..=9).map(|c| cell(1, c)).collect();
    let box_below = |b: usize| -> Vec<usize> {
        (2..=3)
            .flat_map(|r| (3 * b - 2..=3 * b).map(move |c| cell(r, c)))
            .collect()
    };
    let mut expected: Vec<(u8, u8)> = Vec::new();
    // Digit and where it goes: 2 and 3 lie in box 1, 5 and 6 in box 2, 1 and 4 only in row 1.
    for (d, boxed) in [
        (1, None),
        (2, Some(1)),
        (3, Some(1)),
        (4, None),
        (5, Some(2)),
    ] {
        for &c in rest_of_row
            .iter()
            .chain(boxed.map(box_below).iter().flatten())
        {
            expected.push((c as u8, d));
        }
    }
    for &c in rest_of_row.iter().chain(box_below(2).iter()) {
        expected.push((c as u8, 6));
    }
    expected.sort_unstable();
    assert_eq!(expected.len(), 42);
    assert_eq!(sorted(&step), expected);
}

#[test]
fn tuvwxyz_wing_and_where_it_must_not_fire() {
    let mut state = chain_in_row_1(6);
    let mut far = state.clone();
    keep(&mut state, cell(5, 1), &[1, 7]);
    let step = wings_large::tuvwxyz_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::TUVWXYZWing);
    assert_eq!(step.score_tenths, 75);
    assert_eq!(step.technique.name(), "TUVWXYZ-Wing");
    assert_eq!(sorted(&step), vec![(cell(5, 6) as u8, 7)]);
    // The five-cell wing does not take six cells.
    assert!(wings_large::uvwxyz_wing(&state).is_none());
    keep(&mut far, cell(5, 9), &[1, 7]);
    assert!(wings_large::tuvwxyz_wing(&far).is_none());
    // A pincer with a digit outside the set is no pincer.
    let mut outside = chain_in_row_1(6);
    keep(&mut outside, cell(5, 1), &[1, 8]);
    assert!(wings_large::tuvwxyz_wing(&outside).is_none());
}

#[test]
fn place_in_the_finder_list_and_the_opt_in() {
    let at = |name: &str| FINDERS.iter().position(|(n, _)| *n == name).unwrap();
    assert_eq!(at(UVWXYZ_WINGS), at("aligned pair exclusion") + 1);
    assert_eq!(at("forcing chains & cycles"), at(UVWXYZ_WINGS) + 1);
    assert_eq!(at("tuvwxyz-wings"), at("forcing chains & cycles") + 1);
    assert_eq!(at("aligned triplet exclusion"), at("tuvwxyz-wings") + 1);
    assert!(!PathOptions::default().runs(UVWXYZ_WINGS));
    assert!(PathOptions::default().runs("tuvwxyz-wings"));
    assert!(PathOptions {
        uvwxyz_wing: true,
        ..Default::default()
    }
    .runs(UVWXYZ_WINGS));
}

/// Puzzle, ER/EP/ED of `serate` with the default techniques (nested chains off), the ER without
/// the UVWXYZ-wing, and the eliminations of the first wing step, which serate's path takes too
/// (read from its pencilmarks before and after the step).
const SERATE: &[(&str, &str, &str, &str)] = &[
    // 17-clue line 21561: a doubly linked TUVWXYZ-wing is the hardest step.
    (
        "..............1..2..3..4.5......3....16...7..7.......8....6.3......9.4..2..7.....",
        "7.5/1.2/1.2",
        "7.5",
        "r1c9<>1, r1c9<>6, r1c9<>9, r4c8<>4, r5c1<>3, r6c8<>3, r6c8<>4",
    ),
    // 17-clue line 41916: a TUVWXYZ-wing on the way to dynamic forcing chains.
    (
        "........1.......23..4..5........65...2........3...1.......3...7..64..8..5..9.....",
        "8.8/1.2/1.2",
        "8.8",
        "r4c8<>4",
    ),
    // 17-clue line 742.
    (
        ".................1..2..3.4......5....3....6..7...1...8.....625..8..9....1......3.",
        "6.6/1.2/1.2",
        "7.1",
        "r1c3<>5, r1c3<>6, r2c3<>5, r2c3<>6, r4c3<>6, r8c1<>4, r9c2<>7, r9c2<>9",
    ),
    // 17-clue line 3681.
    (
        "................12..3..4...........3.2.56....7.....4.8....2..5....19......8...3..",
        "6.6/1.2/1.2",
        "8.3",
        "r1c6<>8, r2c6<>3, r2c6<>8, r4c6<>8, r6c6<>3, r7c4<>4, r7c4<>6, r7c4<>7, r9c2<>4, r9c8<>4",
    ),
    // SE sample lines 674 and 1177: published 7.1 and 8.2, the ratings without the UVWXYZ-wing.
    (
        "..61....2.8..2.....348.5...3.7....4..6.....9..4....1.3...6.193.....3..5.5....82..",
        "6.6/1.2/1.2",
        "7.1",
        "r5c7<>8, r5c9<>8",
    ),
    (
        "..49.75..39.....275...2...6.3.4.2.8............57.93....6...4...7.3.6.9..........",
        "6.6/1.2/1.2",
        "8.2",
        "r4c3<>9, r5c9<>9",
    ),
];

#[test]
fn the_wings_match_serate() {
    for &(puzzle, serate, without, elims) in SERATE {
        let grid = Grid::parse(puzzle).unwrap();
        let on = PathOptions {
            uvwxyz_wing: true,
            ..Default::default()
        };
        let path = solve_path_with(&grid, None, on).unwrap();
        let r = technique::rate_path(&path);
        let got = crate::logic_rating::er_ep_ed(&r);
        assert_eq!(got, serate, "{puzzle}");
        let wing = path
            .steps
            .iter()
            .find(|s| matches!(s.technique, Technique::UVWXYZWing | Technique::TUVWXYZWing))
            .unwrap();
        assert_eq!(wing.eliminations_text(), elims, "{puzzle}");
        let off = technique::technique_rating(&grid).unwrap();
        assert_eq!(off.rating_text(), without, "{puzzle}");
    }
}

/// No step of any path removes a true candidate with both wings on: the SE sample and the first
/// 5,000 puzzles of the 17-clue corpus (seconds in release; run with `DLXLAB_DATA=...
/// cargo test --release --test integration logic_wings:: -- --ignored`).
#[test]
#[ignore]
fn every_step_with_both_wings_is_sound() {
    let mut checked = 0;
    for (file, limit) in [("se-rated-sample.txt", usize::MAX), ("17-clue.txt", 5_000)] {
        let text = super::support::data_text(file);
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(limit)
        {
            let puzzle = line.split_whitespace().next().unwrap();
            let grid = Grid::parse(puzzle).unwrap();
            let path = solve_path_with(
                &grid,
                None,
                PathOptions {
                    uvwxyz_wing: true,
                    ..Default::default()
                },
            )
            .unwrap();
            assert!(path.solved, "{puzzle}");
            crate::logic_rating::assert_sound(puzzle, &grid, &path);
            checked += 1;
        }
    }
    assert!(checked == 0 || checked == 6_280, "{checked}");
}
