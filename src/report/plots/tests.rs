//! Tests of `plots`.

use super::axis::{si, trim_number, Axis};
use super::cloud::{colour_bar_ticks, Cloud};
use super::ecdf::{coinciding, ecdf_steps};
use super::nodes_vs_rating::binned_medians;

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

#[test]
fn curves_coincide_exactly_when_their_values_are_the_same_multiset() {
    let a = vec![1.0, 5.0, 3.0];
    let b = vec![3.0, 1.0, 5.0]; // a, puzzle by puzzle in another order: the same ECDF
    let c = vec![1.0, 5.0, 4.0];
    let d = vec![1.0, 5.0]; // a prefix is not the same distribution
    let e = vec![5.0, 3.0, 1.0];
    assert_eq!(
        coinciding(&[a, b, c, d, e, vec![], vec![]]),
        [None, Some(0), None, None, Some(0), None, None],
        "a later curve names the first one it equals; empty series equal nothing"
    );
}

#[test]
fn colour_bar_ticks_are_decades_and_the_maximum() {
    assert_eq!(colour_bar_ticks(1), [1]);
    assert_eq!(colour_bar_ticks(2), [1, 2]);
    assert_eq!(colour_bar_ticks(157), [1, 10, 100, 157]);
    // 1,000 lies within 7% of the bar of 1,100: left out so the labels do not overlap.
    assert_eq!(colour_bar_ticks(1100), [1, 10, 100, 1100]);
    assert_eq!(colour_bar_ticks(5000), [1, 10, 100, 1000, 5000]);
}

#[test]
fn stopped_runs_at_one_budget_are_one_mark_per_level() {
    let x = Axis::linear(1.0, 9.0, "r");
    let y = Axis::log(1.0, 1e5, "n");
    let budget = y.t(20000.0);
    let mut points = vec![(2.0, budget); 1000];
    points.extend(vec![(3.0, budget); 500]);
    points.push((2.0, y.t(10.0)));
    let cloud = Cloud {
        points,
        density: true,
        x_cell: Some(0.1),
        jitter: 0.0,
    };
    assert_eq!(
        cloud.marks(&x, &y),
        [(2.0, y.t(10.0)), (2.0, budget), (3.0, budget)]
    );
}

#[test]
fn binned_medians_are_medians_of_the_raw_values() {
    // Two points per bin: the median of 10 and 1000 is 505 (as in every table), not 100 (the
    // median of their logarithms).
    let m = binned_medians(&[(1.0, 10.0), (2.0, 1000.0), (3.0, 1.0), (4.0, 3.0)], 2);
    assert_eq!(m, [(1.5, 505.0), (3.5, 2.0)]);
}

/// Issue 38: every series of a figure has its own colour (backtrack and dc, the first and the
/// ninth solver, shared one when the palette had eight), however many series there are.
#[test]
fn no_two_series_share_a_colour() {
    let colours: Vec<_> = (0..40).map(super::frame::series_colour).collect();
    for (k, c) in colours.iter().enumerate() {
        assert!(
            !colours[..k].contains(c),
            "series {k} has the colour of an earlier one: {c:?}"
        );
    }
}
