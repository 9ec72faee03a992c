//! Tests that need the public data sets are counted, not passed unchecked (issue 38): each reads
//! the data through `support::data_file`, which fails without it, and carries
//! `#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]`, so that `cargo test` without
//! `DLXLAB_DATA` reports them as ignored with their count (see `build.rs`).

use std::path::Path;

/// No integration test looks `DLXLAB_DATA` up itself (and returns early, passing, without it).
#[test]
fn no_test_skips_by_returning_early() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".rs") || name == "support.rs" || name == "data_tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (k, line) in text.lines().enumerate() {
            if line.contains("var(\"DLXLAB_DATA\")") || line.contains("var_os(\"DLXLAB_DATA\")") {
                found.push(format!("{name}:{}: {}", k + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "read the data through support::data_file, and mark the test with \
         #[cfg_attr(not(dlxlab_data), ignore = \"needs DLXLAB_DATA\")]:\n{}",
        found.join("\n")
    );
}

/// A test built without the data is ignored; built with it, the data must be there.
#[test]
#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]
fn the_data_is_there_when_the_tests_were_built_with_it() {
    for name in ["17-clue.txt", "se-rated-sample.txt", "hanidoku-hard.txt"] {
        assert!(super::support::data_file(name).is_file());
    }
}
