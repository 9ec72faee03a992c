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
