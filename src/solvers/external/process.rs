//! One running external program: its stdin, and a thread that reads its stdout line by line so
//! that an answer can be waited for with a time limit.
//!
//! Every program runs in a process group of its own (so that killing it kills what it started),
//! and the group of every running program is listed in [`LIVE`], so that [`kill_all`] can end
//! them all when dlxlab must exit at once: a group outlives its parent otherwise, adopted by
//! process 1.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::MAX_LINE;

/// What the reader thread sends: a line, or why there will be no more.
type Reply = Result<String, String>;

/// How often a wait for an answer looks at [`crate::budget::interrupted`].
pub const POLL: Duration = Duration::from_millis(20);

/// The process groups of the programs running now.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kills the process group of every external program running now (for a process about to exit
/// without running destructors).
pub fn kill_all() {
    let groups = LIVE.lock().map(|g| g.clone()).unwrap_or_default();
    for pgid in groups {
        kill_group(pgid);
    }
}

/// Sends SIGKILL to process group `pgid`.
fn kill_group(pgid: i32) {
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals the process group `pgid` leads (each program
    // is started with process_group(0), and its group is signalled only while its leader is
    // unreaped, so the id names no other group); it touches no memory of ours.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

/// Why a round trip gave no answer line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer within the time limit (the program was killed).
    Timeout(Duration),
    /// The host asked every search to stop ([`crate::budget::interrupt`]) while it waited.
    Interrupted,
    /// A line came that no puzzle asked for: the program's output is out of step with its
    /// input (a banner, an answer written twice), and every later answer would be one puzzle
    /// late. The line is given.
    OutOfStep(String),
    /// The program exited, closed its output or wrote something unreadable.
    Broken(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(limit) => write!(
                f,
                "no answer within {} ms (killed; the next puzzle starts it again)",
                limit.as_millis()
            ),
            Failure::Interrupted => write!(f, "interrupted while waiting for its answer (killed)"),
            Failure::OutOfStep(line) => write!(
                f,
                "out of step: it wrote `{}`, a line no puzzle asked for (a banner or an answer \
                 written twice), so its answers no longer match their puzzles (killed; the next \
                 puzzle starts it again)",
                super::protocol::clip(line)
            ),
            Failure::Broken(reason) => f.write_str(reason),
        }
    }
}

/// A started program.
pub struct Process {
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    replies: Receiver<Reply>,
    /// Whether `child` was reaped (its group must then not be signalled: the id may be reused).
    reaped: bool,
    /// Its exit status, once reaped.
    status: Option<std::process::ExitStatus>,
}

impl Process {
    /// Starts `sh -c 'exec COMMAND'`.
    pub fn start(command: &str) -> io::Result<Process> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group, so that killing it also kills what it started (a shell
        // script's children would otherwise hold the pipes open).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn()?;
        if let (Ok(pgid), Ok(mut live)) = (i32::try_from(child.id()), LIVE.lock()) {
            live.push(pgid);
        }
        let stdin = child.stdin.take().map(BufWriter::new);
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, replies) = mpsc::channel();
        thread::Builder::new()
            .name("dlxlab-external".to_string())
            .spawn(move || read_lines(stdout, tx))?;
        Ok(Process {
            child,
            stdin,
            replies,
            reaped: false,
            status: None,
        })
    }

    /// Writes `puzzle` and waits up to `max_wait` for one answer line, looking every [`POLL`]
    /// at [`crate::budget::interrupted`]. A line waiting before the puzzle is written is output
    /// nobody asked for: [`Failure::OutOfStep`].
    pub fn ask(&mut self, puzzle: &str, max_wait: Duration) -> Result<String, Failure> {
        if crate::budget::interrupted() {
            return Err(Failure::Interrupted);
        }
        match self.replies.try_recv() {
            Ok(Ok(extra)) => return Err(Failure::OutOfStep(extra)),
            Ok(Err(reason)) => return Err(Failure::Broken(reason)),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => return Err(Failure::Broken(self.exit_reason())),
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Failure::Broken("its input is closed".to_string()));
        };
        let written = writeln!(stdin, "{puzzle}").and_then(|()| stdin.flush());
        if written.is_err() {
            return Err(Failure::Broken(self.exit_reason()));
        }
        let deadline = Instant::now() + max_wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Failure::Timeout(max_wait));
            }
            match self.replies.recv_timeout(left.min(POLL)) {
                Ok(Ok(line)) => return Ok(line),
                Ok(Err(reason)) => return Err(Failure::Broken(reason)),
                Err(RecvTimeoutError::Timeout) => {
                    if crate::budget::interrupted() {
                        return Err(Failure::Interrupted);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Broken(self.exit_reason()))
                }
            }
        }
    }

    /// A line the program wrote that nobody has asked for yet, if one has come (a doubled
    /// answer is usually already here when its first copy is read).
    pub fn extra_line(&mut self) -> Option<String> {
        match self.replies.try_recv() {
            Ok(Ok(line)) => Some(line),
            _ => None,
        }
    }

    /// Why the program stopped answering: its exit status when it has exited.
    fn exit_reason(&mut self) -> String {
        // Give a crashing program a moment to be reaped, so the status can be named.
        for _ in 0..50 {
            if self.exited() {
                self.kill();
                if let Some(status) = self.status {
                    return format!("exited ({status}) without answering");
                }
            }
            thread::sleep(Duration::from_millis(2));
        }
        "stopped answering (its output is closed)".to_string()
    }

    /// Kills the program and everything in its process group, and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        if self.reaped {
            return;
        }
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // The leader is not reaped yet (only `wait` below reaps it), so the group id is
            // still its own.
            kill_group(pid);
            if let Ok(mut live) = LIVE.lock() {
                live.retain(|&g| g != pid);
            }
        }
        let _ = self.child.kill();
        self.status = self.child.wait().ok();
        self.reaped = true;
    }

    /// Closes its input (a well-behaved program then exits), waits briefly, then kills its
    /// process group — also when the program itself has exited, so that nothing it started in
    /// the background outlives it.
    pub fn close(&mut self) {
        self.stdin = None;
        for _ in 0..50 {
            if self.exited() {
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }

    /// Whether the program has exited, without reaping it (its group id stays reserved).
    fn exited(&self) -> bool {
        #[cfg(unix)]
        {
            let pid: libc::id_t = self.child.id();
            // SAFETY: waitid(2) writes only into `info`, a zeroed siginfo_t of ours; WNOWAIT
            // leaves the child unreaped, WNOHANG returns at once.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            let rc = unsafe {
                libc::waitid(
                    libc::P_PID,
                    pid,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
                )
            };
            // SAFETY: si_pid is set by waitid when a child changed state (and 0 otherwise).
            rc == 0 && unsafe { info.si_pid() } != 0
        }
        #[cfg(not(unix))]
        false
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Sends every line of `stdout` (without its line end) until end of file, a read error, bytes
/// that are not UTF-8 or a line longer than [`MAX_LINE`].
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Reply>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        let reply = match read {
            Ok(0) => return,
            Err(e) => Err(format!("reading its output: {e}")),
            Ok(_) if buf.len() > MAX_LINE => Err(format!(
                "answered garbage: a line longer than {MAX_LINE} bytes"
            )),
            Ok(_) => match std::str::from_utf8(&buf) {
                Ok(text) => Ok(text.trim_end_matches(['\n', '\r']).to_string()),
                Err(_) => Err("answered garbage: bytes that are not UTF-8".to_string()),
            },
        };
        let stop = reply.is_err();
        if tx.send(reply).is_err() || stop {
            return;
        }
    }
}
