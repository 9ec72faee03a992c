//! Tests of `uniform`.

use super::scan::{first_byte_equal_swar, min_byte_portable};
use super::*;
use crate::xc::Problem;

#[test]
fn first_byte_equal_finds_the_first_match() {
    let mut bytes = [9u8; 64];
    for find in [first_byte_equal, first_byte_equal_swar] {
        for at in [0, 7, 8, 33, 63] {
            bytes[at] = 3;
            bytes[63] = 3;
            assert_eq!(find(&bytes, 3), at);
            bytes[at] = 9;
        }
        let mut two = [9u8; 128];
        two[127] = 3;
        assert_eq!(find(&two, 3), 127);
        two[70] = 3;
        assert_eq!(find(&two, 3), 70);
        // A zero byte right before a match must not hide it (SWAR borrows only run upwards).
        let mut b = [5u8; 64];
        b[2] = 0;
        b[3] = 1;
        assert_eq!(find(&b, 1), 3);
        assert_eq!(find(&b, 0), 2);
        b[1] = 0x81;
        assert_eq!(find(&b, 0x81), 1);
    }
}

#[test]
fn min_byte_sees_every_lane() {
    for min in [min_byte, min_byte_portable] {
        for at in [0, 5, 15, 16, 31, 47, 63, 64, 100, 127] {
            let mut bytes = [200u8; 128];
            bytes[at] = 7;
            bytes[127 - at] = bytes[127 - at].min(9);
            assert_eq!(min(&bytes), 7);
            // Bytes above 127 compare unsigned.
            bytes[at] = 0x81;
            assert_eq!(min(&bytes), 0x81.min(bytes[127 - at]));
        }
        assert_eq!(min(&[LenX::MAX; 64]), LenX::MAX);
    }
}

#[test]
fn choose_picks_the_first_minimum() {
    let mut b = Problem::builder();
    let items: Vec<_> = (0..70)
        .map(|i| b.primary(format!("i{i}")).unwrap())
        .collect();
    // Items 67..70 have no option: the first minimum lies in the second 64-item block.
    for k in 0..4 {
        b.option(&[items[0], items[1], items[2], items[3 + k]])
            .unwrap();
    }
    for k in 0..60 {
        b.option(&[
            items[4 + k % 60],
            items[5 + k % 60],
            items[6 + k % 60],
            items[66],
        ])
        .unwrap();
    }
    let p = b.build().unwrap();
    let dlx = UniformDlx::<4, u16>::new(&p).unwrap();
    let lens: Vec<u8> = dlx.lenx[..70].to_vec();
    let min = *lens.iter().min().unwrap();
    let first = lens.iter().position(|&l| l == min).unwrap();
    assert_eq!((first, min), (67, 0));
    assert_eq!(dlx.choose(), (first as u32, min));
    // Covering item 0 leaves items 1 and 2 with LEN 0 in the first block.
    let mut dlx = dlx;
    dlx.cover(0);
    assert_eq!(dlx.choose(), (1, 0));
    dlx.uncover(0);
    dlx.check_invariants().unwrap();
}
