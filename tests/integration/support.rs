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
