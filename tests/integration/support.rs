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

/// What a child run by [`interrupted`] did.
pub struct Interrupted {
    /// Its exit code (`None`: killed by a signal, or still running at the deadline and killed).
    pub code: Option<i32>,
    /// How long it ran after the first SIGINT.
    pub after_signal: std::time::Duration,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Starts `cmd`, waits until `ready` says so (polled every 10 ms, at most 20 s), sends it
/// `signals` SIGINTs `gap` apart, and waits up to `deadline` for it to exit (then kills it).
pub fn interrupted(
    cmd: &mut Command,
    ready: impl Fn() -> bool,
    signals: usize,
    gap: std::time::Duration,
    deadline: std::time::Duration,
) -> Interrupted {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlxlab starts");
    let waited = Instant::now();
    while !ready() && waited.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = child.id() as i32;
    let first = Instant::now();
    for k in 0..signals {
        if k > 0 {
            std::thread::sleep(gap);
        }
        // SAFETY: kill(2) on our own child's pid; no memory is touched.
        unsafe {
            libc::kill(pid, libc::SIGINT);
        }
    }
    let mut code = None;
    let mut exited = false;
    while first.elapsed() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            code = status.code();
            exited = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let after_signal = first.elapsed();
    if !exited {
        let _ = child.kill();
    }
    let _ = child.wait();
    let (mut stdout, mut stderr) = (String::new(), String::new());
    let _ = child.stdout.take().unwrap().read_to_string(&mut stdout);
    let _ = child.stderr.take().unwrap().read_to_string(&mut stderr);
    Interrupted {
        code,
        after_signal,
        stdout,
        stderr,
    }
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
