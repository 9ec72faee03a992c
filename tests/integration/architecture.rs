//! The shape of the source tree (issue 37): no file under `src/` imports a file that imports it
//! back, directly or through others (the layers are drawn in docs/architecture.md).

use std::fs;
use std::path::Path;

use crate::import_graph::{cycles, describe, Cycle, Tree};

/// The cycles not untied yet, each a group of files: untie one by moving what they share into a
/// file below them, then delete its line here; the test fails until the list is exactly what
/// remains. Empty since issue 37 was closed: keep it so.
const NOT_UNTIED_YET: &[&[&str]] = &[];

#[test]
fn no_import_cycles_between_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let tree = Tree::read(&src).expect("src/ reads");
    assert!(
        tree.files().count() > 100,
        "the module tree was not followed"
    );
    let found = cycles(&tree.edges());
    let listed = |c: &Cycle| {
        NOT_UNTIED_YET.iter().any(|k| {
            k.len() == c.group.len() && k.iter().zip(&c.group).all(|(a, b)| Path::new(a) == b)
        })
    };
    let new: Vec<Cycle> = found.iter().filter(|c| !listed(c)).cloned().collect();
    assert!(
        new.is_empty(),
        "import cycles between files under src/:\n{}",
        describe(&new)
    );
    assert_eq!(
        found.len(),
        NOT_UNTIED_YET.len(),
        "a cycle of NOT_UNTIED_YET is untied: delete its line (cycles left:\n{})",
        describe(&found)
    );
}

/// Writes `files` (path, text) under a fresh directory and returns the cycles found there.
fn cycles_in(files: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    let tree = Tree::read(dir.path()).unwrap();
    describe(&cycles(&tree.edges()))
}

#[test]
fn the_checker_finds_a_cycle_through_super_and_crate_paths() {
    let found = cycles_in(&[
        ("lib.rs", "pub mod a;\n"),
        ("a/mod.rs", "mod x;\nmod y;\npub struct Shared;\n"),
        ("a/x.rs", "use super::y::Why;\npub struct Ex;\n"),
        (
            "a/y.rs",
            "pub struct Why;\nfn f() { let _ = crate::a::x::Ex; }\n",
        ),
    ]);
    assert!(found.contains("a/x.rs:1 -> a/y.rs"), "{found}");
    assert!(found.contains("a/y.rs:2 -> a/x.rs"), "{found}");
}

#[test]
fn the_checker_follows_nested_groups_and_foo_rs_beside_foo_dir() {
    let found = cycles_in(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "mod inner;\npub use inner::In;\n"),
        (
            "a/inner.rs",
            "use crate::{b::{Bee as B, self}};\npub struct In;\n",
        ),
        (
            "b.rs",
            "// use crate::a::In; in a comment is no import\nuse crate::a::In;\npub struct Bee;\n",
        ),
    ]);
    // b uses a::In, which a.rs only re-exports: the edge goes to a/inner.rs, which uses b.
    assert!(found.contains("b.rs:2 -> a/inner.rs"), "{found}");
    assert!(found.contains("a/inner.rs:1 -> b.rs"), "{found}");
}

#[test]
fn a_facade_reexport_and_a_test_module_are_no_cycle() {
    let found = cycles_in(&[
        ("lib.rs", "pub mod s;\n"),
        ("s/mod.rs", "mod reg;\npub use reg::all;\npub trait Solver {}\n#[cfg(test)]\nmod tests { use super::*; }\n"),
        ("s/reg.rs", "use super::Solver;\npub fn all() -> Vec<Box<dyn Solver>> { Vec::new() }\n"),
        ("main.rs", "mod cli;\n"),
        ("cli.rs", "use dlxlab::s::all;\nconst T: &str = \"crate::cli\";\n"),
    ]);
    assert_eq!(found, "");
}

/// No file under `src/` is over 600 lines unless its top says why (issue 37,
/// docs/architecture.md "Files over 600 lines").
#[test]
fn long_files_say_why() {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                let lines = text.lines().count();
                let head: String = text.lines().take(40).collect::<Vec<_>>().join("\n");
                if lines > 600 && !head.contains("**Why this file is long**") {
                    out.push(format!("{} ({lines} lines)", path.display()));
                }
            }
        }
    }
    let mut long = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut long,
    );
    assert!(
        long.is_empty(),
        "files over 600 lines without a `**Why this file is long**` paragraph at the top: {long:?}"
    );
}
