//! Tests of `wings.rs` on HoDoKu's own path (a file of their own: they use `reference` and this
//! module's `play`, which import the finders, so inside `wings.rs` they would close an import cycle).

use super::board::Board;
use super::reference::{parse_log, replay, Finding};
use super::wings::*;
use super::{nine_by_nine, play};
use crate::sudoku::Grid;

/// HoDoKu 2.2's batch output (`/c default /bs FILE /vp`) for one puzzle whose path holds an
/// XYZ-Wing, an XY-Wing and a W-Wing.
const LOG: &str = "\
.5.6..2....28....37...15.9...6....17..5...9..32....4...4.92...61....65....7..8.4. #1 Hard (1052)
   Hidden Single: r3c4=2
   Hidden Single: r9c1=2
   Hidden Single: r2c8=5
   Hidden Single: r7c1=5
   Hidden Single: r6c9=5
   Hidden Single: r5c2=7
   Hidden Single: r4c6=2
   Hidden Single: r9c2=6
   Hidden Single: r2c1=6
   Hidden Single: r2c2=1
   Naked Single: r2c7=7
   Naked Single: r1c8=8
   Naked Single: r3c7=6
   Naked Single: r3c9=4
   Full House: r1c9=1
   Naked Single: r6c8=6
   Naked Single: r9c9=9
   Hidden Single: r6c3=1
   Naked Single: r6c4=7
   Naked Single: r6c6=9
   Full House: r6c5=8
   Naked Single: r2c6=4
   Full House: r2c5=9
   Hidden Single: r1c3=4
   Naked Single: r1c1=9
   Hidden Single: r5c5=6
   Hidden Single: r8c3=9
   Hidden Single: r4c2=9
   XYZ-Wing: 1/3/4 in r5c46,r8c4 => r4c4<>3
   XY-Wing: 3/4/5 in r48c4,r9c5 => r4c5,r9c4<>5
   Hidden Single: r4c4=5
   Hidden Single: r9c5=5
   Skyscraper: 3 in r4c5,r9c4 (connected by r49c7) => r5c4,r8c5<>3
   Locked Candidates Type 2 (Claiming): 3 in c4 => r7c6<>3
   W-Wing: 7/3 in r1c6,r7c8 connected by 3 in r5c68 => r7c6<>7
   Naked Single: r7c6=1
   Naked Single: r5c6=3
   Full House: r1c6=7
   Full House: r1c5=3
   Naked Single: r9c4=3
   Full House: r9c7=1
   Naked Single: r4c5=4
   Full House: r5c4=1
   Full House: r8c4=4
   Full House: r8c5=7
   Naked Single: r5c8=2
   Naked Single: r4c1=8
   Full House: r4c7=3
   Full House: r5c9=8
   Full House: r5c1=4
   Full House: r7c7=8
   Full House: r8c9=2
   Naked Single: r8c8=3
   Full House: r7c8=7
   Full House: r7c3=3
   Full House: r8c2=8
   Full House: r3c3=8
   Full House: r3c2=3
";

/// The board of HoDoKu's path just before its first step named `name`, and that step's
/// effect.
fn before(name: &str) -> (Board, Vec<(usize, u8)>) {
    let reference = parse_log(LOG).remove(0);
    let grid = Grid::parse(&reference.puzzle).unwrap();
    let mut b = Board::new(&nine_by_nine(&grid).unwrap());
    for step in &reference.steps {
        let effect = step.effect.clone().unwrap();
        if step.name == name {
            return (b, effect.eliminations);
        }
        play(&mut b, &effect.placements, &effect.eliminations);
    }
    panic!("no {name} in the log");
}

#[test]
fn the_wings_of_hodokus_path_are_matched_and_nothing_is_wrong() {
    let reference = parse_log(LOG).remove(0);
    let findings = replay(&reference).unwrap();
    assert!(
        !findings.iter().any(|f| matches!(f, Finding::Wrong { .. })),
        "{findings:?}"
    );
    for entry in ["W-Wing", "XY-Wing", "XYZ-Wing"] {
        assert!(findings.contains(&Finding::Matched { entry }), "{entry}");
    }
}

#[test]
fn each_finder_finds_hodokus_wing_on_its_position() {
    let (b, theirs) = before("W-Wing");
    // 7/3 in r1c6,r7c8 joined by 3 in r5c68: r7c6 loses 7.
    assert_eq!(theirs, [(59, 7)]);
    assert_eq!(w_wing(&b).unwrap().eliminations, theirs);

    let (b, theirs) = before("XY-Wing");
    assert_eq!(xy_wing(&b).unwrap().eliminations, [(31, 5), (75, 5)]);
    assert_eq!(theirs, [(31, 5), (75, 5)]);

    let (b, theirs) = before("XYZ-Wing");
    assert_eq!(xyz_wing(&b).unwrap().eliminations, theirs);
    assert_eq!(xy_wing(&b), None);
    assert_eq!(w_wing(&b), None);
}
