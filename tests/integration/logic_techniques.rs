//! Each technique on a hand-built position where it applies, and where it must not (issue 5).
//!
//! Positions start from the empty grid (every candidate everywhere) and remove candidates until
//! the pattern is there; the finder is then called directly.

use dlxlab::logic::{
    exclusion, fish, intersections, single_digit, singles, subsets, uniqueness, wings, State, Step,
    Technique, FINDERS,
};
use dlxlab::sudoku::{Grid, Shape};

pub(crate) fn empty() -> State {
    State::new(&Grid::empty(Shape::square(3).unwrap())).unwrap()
}

pub(crate) fn cell(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

/// Leaves `cell` with exactly the digits of `digits`.
pub(crate) fn keep(state: &mut State, cell: usize, digits: &[u8]) {
    for d in 1..=9 {
        if !digits.contains(&d) {
            state.eliminate(cell, d);
        }
    }
}

/// Removes digit `d` from every cell of `cells`.
fn remove(state: &mut State, d: u8, cells: impl IntoIterator<Item = usize>) {
    for c in cells {
        state.eliminate(c, d);
    }
}

fn row(r: usize) -> impl Iterator<Item = usize> {
    (1..=9).map(move |c| cell(r, c))
}

fn col(c: usize) -> impl Iterator<Item = usize> {
    (1..=9).map(move |r| cell(r, c))
}

fn eliminates(step: &Step, c: usize, d: u8) -> bool {
    step.eliminations.contains(&(c as u8, d))
}

#[test]
fn no_technique_applies_to_the_empty_grid() {
    let state = empty();
    // Not the nested forcing chains of level 4: on the empty grid they would run a whole dynamic
    // forcing chain search inside each of 1,458 dynamic chains, three times over (hours, as in
    // SE). They run only where level 3 found nothing, on puzzles `rate` has checked are unique.
    for (name, find) in FINDERS
        .iter()
        .filter(|(name, _)| *name != "nested dynamic forcing chains")
    {
        assert!(
            find(&state).is_none(),
            "{name} found a step in the empty grid"
        );
    }
}

#[test]
fn full_house_comes_before_hidden_singles() {
    let grid = Grid::parse(&format!("12345678.{}", ".".repeat(72))).unwrap();
    let state = State::new(&grid).unwrap();
    let step = singles::hidden_single(&state).unwrap();
    assert_eq!(step.technique, Technique::FullHouse);
    assert_eq!(step.placement, Some((cell(1, 9) as u8, 9)));
    assert_eq!(step.score_tenths, 10);
}

#[test]
fn hidden_single_in_a_box_and_in_a_line() {
    let mut state = empty();
    remove(&mut state, 1, [1, 2, 9, 10, 11, 18, 19, 20]);
    let step = singles::hidden_single(&state).unwrap();
    assert_eq!(step.technique, Technique::HiddenSingleBox);
    assert_eq!(step.placement, Some((0, 1)));

    let mut state = empty();
    remove(&mut state, 1, row(5).filter(|&c| c != cell(5, 5)));
    let step = singles::hidden_single(&state).unwrap();
    assert_eq!(step.technique, Technique::HiddenSingleLine);
    assert_eq!(step.placement, Some((cell(5, 5) as u8, 1)));
    assert_eq!(step.score_tenths, 15);
}

#[test]
fn naked_single() {
    let mut state = empty();
    assert!(singles::naked_single(&state).is_none());
    keep(&mut state, cell(3, 3), &[7]);
    let step = singles::naked_single(&state).unwrap();
    assert_eq!(step.placement, Some((cell(3, 3) as u8, 7)));
    assert_eq!(step.score_tenths, 23);
}

#[test]
fn pointing_and_where_it_has_nothing_to_remove() {
    let mut state = empty();
    remove(
        &mut state,
        4,
        (2..=3).flat_map(|r| (1..=3).map(move |c| cell(r, c))),
    );
    let step = intersections::locking(&state).unwrap();
    assert_eq!(step.technique, Technique::Pointing);
    assert!(eliminates(&step, cell(1, 9), 4));
    assert!(!eliminates(&step, cell(2, 9), 4));

    remove(&mut state, 4, (4..=9).map(|c| cell(1, c)));
    assert!(intersections::locking(&state).is_none());
}

#[test]
fn claiming() {
    let mut state = empty();
    // The 4s of row 1 all in box 1; box 1 still has 4s in rows 2 and 3.
    remove(&mut state, 4, (4..=9).map(|c| cell(1, c)));
    let step = intersections::locking(&state).unwrap();
    assert_eq!(step.technique, Technique::Claiming);
    assert_eq!(step.score_tenths, 28);
    assert!(eliminates(&step, cell(2, 2), 4));
}

#[test]
fn direct_pointing_places_the_hidden_single_it_leaves() {
    let mut state = empty();
    // Box 1: 5 only in row 1. Box 2: 5 in row 1 and in r2c5 only.
    remove(
        &mut state,
        5,
        (2..=3).flat_map(|r| (1..=3).map(move |c| cell(r, c))),
    );
    remove(
        &mut state,
        5,
        [cell(2, 4), cell(2, 6), cell(3, 4), cell(3, 5), cell(3, 6)],
    );
    let step = intersections::direct_locking(&state).unwrap();
    assert_eq!(step.technique, Technique::DirectPointing);
    assert_eq!(step.placement, Some((cell(2, 5) as u8, 5)));
    assert!(step.eliminations.is_empty());

    // Without the pointing's help box 2 keeps two places: nothing direct.
    let mut state = empty();
    remove(
        &mut state,
        5,
        (2..=3).flat_map(|r| (1..=3).map(move |c| cell(r, c))),
    );
    assert!(intersections::direct_locking(&state).is_none());
}

#[test]
fn naked_pair_and_triplet() {
    let mut state = empty();
    keep(&mut state, cell(1, 1), &[1, 2]);
    keep(&mut state, cell(1, 2), &[1, 2]);
    let step = subsets::naked_pair(&state).unwrap();
    assert_eq!(step.technique, Technique::NakedPair);
    assert!(eliminates(&step, cell(2, 2), 1));
    assert!(subsets::naked_triplet(&state).is_none());

    let mut state = empty();
    keep(&mut state, cell(5, 1), &[3, 4]);
    keep(&mut state, cell(5, 5), &[4, 6]);
    keep(&mut state, cell(5, 9), &[3, 6]);
    let step = subsets::naked_triplet(&state).unwrap();
    assert_eq!(step.technique, Technique::NakedTriplet);
    assert!(eliminates(&step, cell(5, 2), 6));
    assert!(subsets::naked_pair(&state).is_none());
}

#[test]
fn hidden_pair_and_direct_hidden_pair() {
    let mut state = empty();
    // In row 7, digits 8 and 9 only in r7c2 and r7c6.
    for d in [8, 9] {
        remove(
            &mut state,
            d,
            row(7).filter(|&c| c != cell(7, 2) && c != cell(7, 6)),
        );
    }
    let step = subsets::hidden_pair(&state).unwrap();
    assert_eq!(step.technique, Technique::HiddenPair);
    assert!(eliminates(&step, cell(7, 2), 1));
    assert!(subsets::direct_hidden_pair(&state).is_none());

    // Digit 1 only in r7c2, r7c6 and r7c9 too: the pair leaves r7c9 as its only place.
    remove(
        &mut state,
        1,
        row(7).filter(|&c| ![cell(7, 2), cell(7, 6), cell(7, 9)].contains(&c)),
    );
    let step = subsets::direct_hidden_pair(&state).unwrap();
    assert_eq!(step.technique, Technique::DirectHiddenPair);
    assert_eq!(step.placement, Some((cell(7, 9) as u8, 1)));
}

#[test]
fn x_wing_and_swordfish() {
    let mut state = empty();
    for c in [1, 5] {
        remove(
            &mut state,
            3,
            col(c).filter(|&x| x != cell(2, c) && x != cell(8, c)),
        );
    }
    let step = fish::x_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::XWing);
    assert!(eliminates(&step, cell(2, 3), 3));
    assert!(eliminates(&step, cell(8, 9), 3));
    assert!(!eliminates(&step, cell(2, 5), 3));
    // A third 3 in column 5 breaks it.
    let mut broken = empty();
    remove(
        &mut broken,
        3,
        col(1).filter(|&x| x != cell(2, 1) && x != cell(8, 1)),
    );
    remove(
        &mut broken,
        3,
        col(5).filter(|&x| ![cell(2, 5), cell(8, 5), cell(5, 5)].contains(&x)),
    );
    assert!(fish::x_wing(&broken).is_none());

    let mut state = empty();
    let rows = [1, 5, 9];
    for (c, keep_rows) in [(1, [1, 5]), (4, [5, 9]), (7, [1, 9])] {
        remove(
            &mut state,
            2,
            col(c).filter(|&x| !keep_rows.contains(&(x / 9 + 1))),
        );
    }
    assert!(fish::x_wing(&state).is_none());
    let step = fish::swordfish(&state).unwrap();
    assert_eq!(step.technique, Technique::Swordfish);
    for r in rows {
        assert!(eliminates(&step, cell(r, 2), 2));
    }
}

#[test]
fn skyscraper_and_two_string_kite() {
    let mut state = empty();
    remove(
        &mut state,
        6,
        row(1).filter(|&x| x != cell(1, 1) && x != cell(1, 5)),
    );
    remove(
        &mut state,
        6,
        row(4).filter(|&x| x != cell(4, 1) && x != cell(4, 6)),
    );
    let step = single_digit::turbot_fish(&state).unwrap();
    assert_eq!(step.technique, Technique::Skyscraper);
    assert_eq!(step.score_tenths, 40);
    assert!(eliminates(&step, cell(5, 5), 6));
    assert!(eliminates(&step, cell(2, 6), 6));

    let mut state = empty();
    remove(
        &mut state,
        7,
        row(2).filter(|&x| x != cell(2, 1) && x != cell(2, 7)),
    );
    remove(
        &mut state,
        7,
        col(3).filter(|&x| x != cell(1, 3) && x != cell(7, 3)),
    );
    let step = single_digit::turbot_fish(&state).unwrap();
    assert_eq!(step.technique, Technique::TwoStringKite);
    assert_eq!(step.score_tenths, 41);
    assert!(eliminates(&step, cell(7, 7), 7));
}

#[test]
fn xy_wing_and_xyz_wing() {
    let mut state = empty();
    keep(&mut state, cell(1, 1), &[1, 2]);
    keep(&mut state, cell(1, 5), &[1, 3]);
    keep(&mut state, cell(5, 1), &[2, 3]);
    let step = wings::xy_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::XYWing);
    assert_eq!(step.eliminations, vec![(cell(5, 5) as u8, 3)]);
    assert!(wings::xyz_wing(&state).is_none());

    let mut state = empty();
    keep(&mut state, cell(1, 1), &[1, 2, 3]);
    keep(&mut state, cell(1, 2), &[1, 3]);
    keep(&mut state, cell(4, 1), &[2, 3]);
    let step = wings::xyz_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::XYZWing);
    assert!(eliminates(&step, cell(2, 1), 3));
    assert!(eliminates(&step, cell(3, 1), 3));
    assert_eq!(step.eliminations.len(), 2);
}

#[test]
fn unique_rectangle_type_1() {
    let mut state = empty();
    for c in [cell(1, 1), cell(1, 4), cell(2, 1)] {
        keep(&mut state, c, &[5, 9]);
    }
    keep(&mut state, cell(2, 4), &[2, 5, 9]);
    let step = uniqueness::unique_rectangle(&state).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle1);
    assert_eq!(
        step.eliminations,
        vec![(cell(2, 4) as u8, 5), (cell(2, 4) as u8, 9)]
    );
    // Four boxes: not a deadly pattern this technique may use.
    let mut state = empty();
    for c in [cell(1, 1), cell(1, 5), cell(5, 1)] {
        keep(&mut state, c, &[5, 9]);
    }
    keep(&mut state, cell(5, 5), &[2, 5, 9]);
    assert!(uniqueness::unique_rectangle(&state).is_none());
}

#[test]
fn wxyz_wing_and_where_the_pincer_sees_nothing() {
    let mut state = empty();
    keep(&mut state, cell(1, 1), &[1, 2]);
    keep(&mut state, cell(1, 2), &[2, 3]);
    keep(&mut state, cell(1, 3), &[3, 4]);
    let mut far = state.clone();
    keep(&mut state, cell(5, 1), &[1, 4]);
    let step = wings::wxyz_wing(&state).unwrap();
    assert_eq!(step.technique, Technique::WXYZWing);
    assert_eq!(step.score_tenths, 55);
    let mut elims = step.eliminations.clone();
    elims.sort_unstable();
    assert_eq!(
        elims,
        // Every cell that sees the pincer r5c1 and the set's only 4, r1c3.
        vec![
            (cell(2, 1) as u8, 4),
            (cell(3, 1) as u8, 4),
            (cell(4, 3) as u8, 4),
            (cell(5, 3) as u8, 4),
            (cell(6, 3) as u8, 4)
        ]
    );
    keep(&mut far, cell(5, 5), &[1, 4]);
    assert!(wings::wxyz_wing(&far).is_none());
}

#[test]
fn unique_rectangle_types_2_and_4() {
    let mut state = empty();
    for c in [cell(1, 1), cell(1, 4)] {
        keep(&mut state, c, &[5, 9]);
    }
    for c in [cell(2, 1), cell(2, 4)] {
        keep(&mut state, c, &[3, 5, 9]);
    }
    let step = uniqueness::unique_rectangle(&state).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle2);
    assert!(eliminates(&step, cell(2, 9), 3));
    assert!(!eliminates(&step, cell(3, 9), 3));

    let mut state = empty();
    for c in [cell(1, 1), cell(1, 4)] {
        keep(&mut state, c, &[5, 9]);
    }
    keep(&mut state, cell(2, 1), &[1, 5, 9]);
    keep(&mut state, cell(2, 4), &[2, 5, 9]);
    remove(
        &mut state,
        5,
        row(2).filter(|&c| c != cell(2, 1) && c != cell(2, 4)),
    );
    let step = uniqueness::unique_rectangle(&state).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle4);
    assert_eq!(
        step.eliminations,
        vec![(cell(2, 1) as u8, 9), (cell(2, 4) as u8, 9)]
    );
}

/// Issue 12: r1c2 and r1c3 hold 2 and 3 between them, so r1c1=1 would leave r1c4 (123) empty;
/// r1c5 (56) is the second excluding cell SE requires. r1c1 loses 1, nothing else goes.
#[test]
fn aligned_triplet_exclusion() {
    let mut s = empty();
    keep(&mut s, cell(1, 1), &[1, 4]);
    keep(&mut s, cell(1, 2), &[2, 3]);
    keep(&mut s, cell(1, 3), &[2, 3]);
    keep(&mut s, cell(1, 4), &[1, 2, 3]);
    keep(&mut s, cell(1, 5), &[5, 6]);
    let step = exclusion::aligned_triplet_exclusion(&s).unwrap();
    assert_eq!(step.technique, Technique::AlignedTripletExclusion);
    assert_eq!(step.score_tenths, 75);
    assert_eq!(step.eliminations, vec![(cell(1, 1) as u8, 1)]);
    assert!(
        step.explanation.contains("r1c1, r1c2 and r1c3"),
        "{}",
        step.explanation
    );
    // Without cells of two or three candidates there is nothing to exclude with.
    assert_eq!(exclusion::aligned_triplet_exclusion(&empty()), None);
}
