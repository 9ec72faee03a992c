//! Tests of `strong_links`: drawn candidate patterns of one digit (every other cell filled), so
//! the chain, its eliminations and its score can be checked by hand.

use super::*;

/// A state whose only candidates are digit 1 in the given cells (`(row, column)` from 1).
fn ones(cells: &[(usize, usize)]) -> State {
    let mut cands = [0u16; 81];
    for &(r, c) in cells {
        cands[(r - 1) * 9 + c - 1] = 1;
    }
    State::from_candidates(cands)
}

fn cell(r: usize, c: usize) -> u8 {
    ((r - 1) * 9 + c - 1) as u8
}

#[test]
fn four_skyscrapers_eliminate_what_sees_both_ends() {
    // Rows 1, 3, 5, 8 are strong links: r1c1=r1c5 -c5- r3c5=r3c7 -c7- r5c7=r5c8 -c8- r8c8=r8c2.
    // One of r1c1 and r8c2 is 1, so r7c1 and r9c1 (column 1, box 7) are not. Their column and
    // box have three places, so they make no further plain link; the only chain at 5.8 is this
    // one (read either way).
    let state = ones(&[
        (1, 1),
        (1, 5),
        (3, 5),
        (3, 7),
        (5, 7),
        (5, 8),
        (8, 8),
        (8, 2),
        (7, 1),
        (9, 1),
    ]);
    let step = four_strong_links(&state).expect("a chain of four strong links");
    assert_eq!(step.technique, Technique::FourSkyscrapers);
    assert_eq!(step.score_tenths, 58);
    assert_eq!(step.eliminations, vec![(cell(7, 1), 1), (cell(9, 1), 1)]);
}

#[test]
fn a_closed_chain_is_an_x_loop_and_eliminates_along_every_weak_link() {
    // r1c1=r1c5 -c5- r3c5=r3c7 -c7- r5c7=r5c9 -c9- r8c9=r8c1, and r8c1 -c1- r1c1 closes the
    // loop: 1 leaves r6c1 (column 1), r2c5 (column 5) and r7c9 (column 9).
    let state = ones(&[
        (1, 1),
        (1, 5),
        (3, 5),
        (3, 7),
        (5, 7),
        (5, 9),
        (8, 9),
        (8, 1),
        (6, 1),
        (2, 5),
        (7, 9),
    ]);
    let step = four_strong_links(&state).expect("an X-loop of four strong links");
    assert_eq!(step.technique, Technique::FourSkyscrapers);
    assert_eq!(
        step.eliminations,
        vec![(cell(2, 5), 1), (cell(6, 1), 1), (cell(7, 9), 1)]
    );
    assert!(step.explanation.contains("X-loop"), "{}", step.explanation);
}

#[test]
fn no_chain_without_four_links() {
    // Three row links only: the three-link producer's pattern, not this one's.
    let state = ones(&[
        (1, 1),
        (1, 5),
        (3, 5),
        (3, 7),
        (5, 7),
        (5, 2),
        (7, 1),
        (9, 1),
    ]);
    assert!(four_strong_links(&state).is_none());
}

#[test]
fn scores_follow_the_link_kinds() {
    let (b, r, c) = (0, 9, 18);
    assert_eq!(
        technique_of(&[r, r + 2, r + 4, r + 7], false).score_tenths(),
        58
    );
    assert_eq!(
        technique_of(&[c, c + 1, c + 5, c + 8], false).score_tenths(),
        58
    );
    assert_eq!(
        technique_of(&[r, b, r + 3, r + 5], false).score_tenths(),
        59
    );
    assert_eq!(
        technique_of(&[r, c, r + 3, c + 5], false).score_tenths(),
        59
    );
    assert_eq!(technique_of(&[r, b, c, r + 5], false).score_tenths(), 60);
    assert_eq!(technique_of(&[r, b, c, r + 5], true).score_tenths(), 61);
}

#[test]
fn suffix_is_normalised_over_reversal_and_the_row_column_swap() {
    // box 0, row 1, column 2; the first digit counts the grouped links.
    assert_eq!(suffix(&[1, 0, 0, 0], 0), "00001");
    assert_eq!(suffix(&[2, 2, 2, 2], 0), "01111");
    assert_eq!(suffix(&[1, 2, 1, 2], 1), "11212");
    assert_eq!(suffix(&[2, 1, 0, 2], 0), "01021");
}

#[test]
fn a_box_pair_on_one_line_is_not_a_box_link() {
    let pair = Link {
        a: 1,
        b: 1 << 1,
        unit: 0,
    };
    assert!(is_line_pair_in_box(&pair));
    let diagonal = Link {
        a: 1,
        b: 1 << 10,
        unit: 0,
    };
    assert!(!is_line_pair_in_box(&diagonal));
}

#[test]
fn the_sample_puzzle_of_line_906_takes_serates_four_link_chain() {
    // SE sample (se-rated-sample.txt) line 906, ER 7.2. Sukaku Explainer's serate prints as its
    // 17th step "Grouped 4 Strong links 20120: Cell r1c4,r2c5,r2c7,r8c7,r9c8,r9c1,r4c1,r6c2 on
    // value 3"; the path here takes the same chain at the same step.
    let grid = crate::sudoku::Grid::parse(
        "..5..97..2....5.1....7145.2.87......5.......3......98.7.1483....4.2....1..65..4..",
    )
    .unwrap();
    let path = crate::logic::solve_path(&grid).unwrap();
    let (i, step) = path
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| s.score_tenths == 61)
        .expect("a four-strong-link step");
    assert_eq!(i + 1, 17);
    assert_eq!(step.technique, Technique::FourStrongLinksGrouped);
    assert_eq!(step.eliminations, vec![(cell(6, 4), 3)]);
}
