//! Helpers shared by the topics that run the `dlxlab` binary.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use dlxlab::harness::Row;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_dlxlab");

/// `dlxlab` run in `cwd`, with no data directory and standard input closed (a test that feeds
/// standard input sets its own).
pub fn dlxlab(cwd: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(cwd)
        .env_remove("DLXLAB_DATA")
        .stdin(Stdio::null());
    cmd
}

/// Runs `cmd` and asserts that it succeeded, showing its standard error if not.
pub fn run_ok(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("dlxlab runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Rows with `time_ns` zeroed, for comparisons across runs.
pub fn untimed(rows: Vec<Row>) -> Vec<Row> {
    rows.into_iter().map(|r| Row { time_ns: 0, ..r }).collect()
}

/// `$DLXLAB_DATA/name`, which a test that needs the data reads. Such a test carries
/// `#[cfg_attr(not(dlxlab_data), ignore = "needs DLXLAB_DATA")]`: built without `DLXLAB_DATA` it
/// is ignored, and `cargo test` counts it (see `build.rs`). Panics (the test fails, it does
/// not pass) when `DLXLAB_DATA` is unset or the file is not there.
pub fn data_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::var_os("DLXLAB_DATA")
        .unwrap_or_else(|| panic!("DLXLAB_DATA is not set: this test needs the public data sets"));
    let path = std::path::Path::new(&dir).join(name);
    assert!(
        path.is_file(),
        "{} is not there: this test needs it",
        path.display()
    );
    path
}

/// The text of [`data_file`].
pub fn data_text(name: &str) -> String {
    let path = data_file(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
