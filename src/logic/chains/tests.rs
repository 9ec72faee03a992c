//! Tests of `chains`.

use super::length_bonus;

#[test]
fn length_bonus_follows_se_thresholds() {
    // len = nodes - 2; thresholds 4, 6, 8, 12, 16, 24.
    assert_eq!(length_bonus(6), 0);
    assert_eq!(length_bonus(7), 1);
    assert_eq!(length_bonus(8), 1);
    assert_eq!(length_bonus(9), 2);
    assert_eq!(length_bonus(10), 2);
    assert_eq!(length_bonus(11), 3);
    assert_eq!(length_bonus(14), 3);
    assert_eq!(length_bonus(15), 4);
    assert_eq!(length_bonus(19), 5);
}

#[test]
fn inner_pointing_takes_the_removed_candidates_as_parents() {
    // On an empty grid, a chain that removed 5 from rows 2 and 3 of box 1 leaves the box's 5s
    // in row 1: the pointing removes 5 from the rest of row 1, and its parents are the six
    // removed candidates (in the box, outside the row).
    let state =
        crate::logic::State::new(&crate::sudoku::Grid::parse(&".".repeat(81)).unwrap()).unwrap();
    let mut cands: [u16; 81] = std::array::from_fn(|c| state.cands(c));
    let removed = [9, 10, 11, 18, 19, 20];
    for c in removed {
        cands[c] &= !(1 << 4);
    }
    let found = super::advanced::deductions(&state, &cands);
    let targets: Vec<_> = found.iter().map(|(n, _)| *n).collect();
    let expected: Vec<_> = (3..9).map(|c| super::node(c, 5, false)).collect();
    assert_eq!(targets, expected);
    let mut parents = found[0].1.clone();
    parents.sort_unstable();
    let want: Vec<_> = removed.iter().map(|&c| super::node(c, 5, false)).collect();
    assert_eq!(parents, want);
}
