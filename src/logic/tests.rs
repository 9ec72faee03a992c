//! Tests of `logic`.

use super::*;

#[test]
fn units_and_peers_have_the_right_sizes() {
    for set in UNIT_SETS {
        assert_eq!(set.count_ones(), 9);
    }
    for p in PEERS {
        assert_eq!(p.count_ones(), 20);
    }
    assert_eq!(UNITS[4][0], 30);
    assert_eq!(UNITS[18 + 2][3], 29);
}

#[test]
fn combinations_come_in_gosper_order() {
    let v: Vec<u16> = combinations(4, 2).collect();
    assert_eq!(v, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(9, 3).count(), 84);
    assert_eq!(combinations(9, 0).count(), 0);
}
