//! `dlxlab grids` (issue 36): totals and essentially different grids of small shapes, the class
//! table written, bad input refused. (2x4 and 3x3 take minutes in the test profile: `.ci/run`
//! checks them on the release build.)

use std::fs;

use super::support::{dlxlab, run_ok};

fn first_line(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn totals_of_small_shapes() {
    let dir = tempfile::tempdir().unwrap();
    for (shape, want) in [("2x2", "288"), ("2x3", "28200960"), ("3x2", "28200960")] {
        let out = run_ok(dlxlab(dir.path()).args(["grids", "--box", shape, "--threads", "2"]));
        assert_eq!(first_line(&out.stdout), want, "box {shape}");
    }
}

#[test]
fn essentially_different_small_shapes() {
    let dir = tempfile::tempdir().unwrap();
    for (shape, want) in [("2x2", "2"), ("2x3", "49")] {
        let out = run_ok(dlxlab(dir.path()).args([
            "grids",
            "--box",
            shape,
            "--essentially-different",
            "--quiet",
        ]));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            want,
            "box {shape}"
        );
    }
}

#[test]
fn class_table_sums_to_s_and_second_route_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("classes.csv");
    let out = run_ok(dlxlab(dir.path()).args([
        "grids",
        "--box",
        "2x3",
        "--route",
        "columns",
        "--check",
        "0",
        "--out",
        table.to_str().unwrap(),
    ]));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("second route (exact-cover engines): agrees"),
        "{text}"
    );
    let csv = fs::read_to_string(&table).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("class,size,column_class,structure_class,completions,band")
    );
    // S = Σ size·completions, and grids = 6!·M1·M2·S with M1 = 3!, M2 = 2!²·2! = 8.
    let s: u128 = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            f[1].parse::<u128>().unwrap() * f[4].parse::<u128>().unwrap()
        })
        .sum();
    assert_eq!(s * 720 * 6 * 8, 28_200_960);
}

#[test]
fn bad_box_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for bad in ["3", "0x3", "axb", "8x8", "5x5"] {
        let out = dlxlab(dir.path())
            .args(["grids", "--box", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "box {bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("box"),
            "box {bad}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn two_band_route_agrees_with_the_band_route_and_writes_its_table() {
    let dir = tempfile::tempdir().unwrap();
    for (shape, want) in [("2x2", "288"), ("2x3", "28200960"), ("3x2", "28200960")] {
        for route in ["two-band", "structure"] {
            let out = run_ok(
                dlxlab(dir.path()).args(["grids", "--box", shape, "--route", route, "--quiet"]),
            );
            assert_eq!(first_line(&out.stdout), want, "box {shape}, route {route}");
        }
    }
    let table = dir.path().join("two-band.csv");
    let out = run_ok(dlxlab(dir.path()).args([
        "grids",
        "--box",
        "2x3",
        "--check",
        "0",
        "--out",
        table.to_str().unwrap(),
    ]));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("by two bands"), "the default for 2x3: {text}");
    assert!(
        text.contains("second route (exact-cover memo engine): agrees: total 28200960"),
        "{text}"
    );
    let csv = fs::read_to_string(&table).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("class,weight,arrangements,first_columns")
    );
    // grids = Σ weight·E², over C(6,3)^3 = 8000 tuples.
    let (mut tuples, mut grids) = (0u128, 0u128);
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        let (w, e) = (f[1].parse::<u128>().unwrap(), f[2].parse::<u128>().unwrap());
        tuples += w;
        grids += w * e * e;
    }
    assert_eq!((tuples, grids), (8000, 28_200_960));
}

#[test]
fn two_band_route_refuses_boxes_without_a_side_of_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dlxlab(dir.path())
        .args(["grids", "--box", "3x3", "--route", "two-band"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("two-band route needs a box with a side of 2"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
