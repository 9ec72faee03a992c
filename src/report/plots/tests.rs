//! Tests of `plots`.

use super::axis::{si, trim_number, Axis};
use super::ecdf::ecdf_steps;

#[test]
fn numbers_are_short() {
    assert_eq!(si(1.0), "1");
    assert_eq!(si(1000.0), "1k");
    assert_eq!(si(20000.0), "20k");
    assert_eq!(si(1_500_000.0), "1.5M");
    assert_eq!(si(0.01), "0.01");
    assert_eq!(trim_number(2.5), "2.5");
    assert_eq!(trim_number(-0.0), "0");
}

#[test]
fn ecdf_steps_end_at_one() {
    let path = ecdf_steps(&[3.0, 1.0, 1.0, 2.0]);
    assert_eq!(
        path,
        vec![
            (1.0, 0.0),
            (1.0, 0.5),
            (2.0, 0.5),
            (2.0, 0.75),
            (3.0, 0.75),
            (3.0, 1.0)
        ]
    );
}

#[test]
fn log_axis_ticks_are_decades() {
    let a = Axis::log(1.0, 1e5, "n");
    assert!(a.ticks.contains(&0.0) && a.ticks.contains(&5.0));
    assert_eq!(a.fmt(3.0), "1k");
}
