//! Tests of `tabling/` on HoDoKu's own path (a file of their own: `reference` imports the finders,
//! so inside `tabling/` they would close an import cycle).

use super::reference::{parse_log, replay, Finding};

/// HoDoKu 2.2's batch output (`/c default /bs one.txt /vp`) for one puzzle, cut after the
/// AIC: every step up to it is replayed at HoDoKu's own positions.
const LOG: &str = "\
2...6.9.8..74.....8.1.2354...2....8.6.8.5.1.4.7....6...8631.4.9.....98..1.9.4...3 #1 Unfair (1262)
   Naked Single: r8c5=7
   Hidden Single: r4c2=1
   Hidden Single: r7c1=7
   2-String Kite: 3 in r2c7,r5c2 (connected by r4c7,r5c8) => r2c2<>3
   Empty Rectangle: 2 in b6 (r7c68) => r6c6<>2
   XYZ-Wing: 2/7/9 in r35c4,r5c6 => r4c4<>7
   XY-Chain: 2 2- r2c7 -3- r4c7 -7- r4c9 -5- r6c9 -2 => r2c9<>2
   AIC: 9 9- r3c4 -7- r3c9 =7= r4c9 -7- r4c7 -3- r4c5 -9 => r2c5,r456c4<>9
";

#[test]
fn hodokus_aic_is_reproduced_at_its_position() {
    let reference = parse_log(LOG).remove(0);
    let findings = replay(&reference).expect("the log reads");
    assert_eq!(findings.len(), 8);
    assert!(
        matches!(
            findings[7],
            Finding::Matched {
                entry: "Nice Loop/AIC"
            }
        ),
        "{findings:?}"
    );
    assert!(
        !findings.iter().any(|f| matches!(f, Finding::Wrong { .. })),
        "{findings:?}"
    );
}
