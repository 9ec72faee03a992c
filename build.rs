//! Tells the tests whether the public data sets are there: with `DLXLAB_DATA` set when the crate
//! is built, the cfg `dlxlab_data` is on and the tests that need the data run; without it they
//! are marked ignored (`#[cfg_attr(not(dlxlab_data), ignore = "...")]`), so that `cargo test`
//! reports them as ignored, with their count, instead of passing them without checking anything.
//! Cargo rebuilds when `DLXLAB_DATA` changes.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(dlxlab_data)");
    println!("cargo::rerun-if-env-changed=DLXLAB_DATA");
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("DLXLAB_DATA").is_some_and(|d| !d.is_empty()) {
        println!("cargo::rustc-cfg=dlxlab_data");
    }
}
