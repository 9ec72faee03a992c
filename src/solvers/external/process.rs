//! One running external program: its stdin, and a thread that reads its stdout line by line so
//! that an answer can be waited for with a time limit.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::protocol::MAX_LINE;

/// What the reader thread sends: a line, or why there will be no more.
type Reply = Result<String, String>;

/// A started program.
pub struct Process {
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    replies: Receiver<Reply>,
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
        })
    }

    /// Writes `puzzle` and waits up to `max_wait` for one answer line.
    pub fn ask(&mut self, puzzle: &str, max_wait: Duration) -> Result<String, String> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err("its input is closed".to_string());
        };
        let written = writeln!(stdin, "{puzzle}").and_then(|()| stdin.flush());
        if written.is_err() {
            return Err(self.exit_reason());
        }
        match self.replies.recv_timeout(max_wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(reason)) => Err(reason),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "no answer within {} ms (killed; the next puzzle starts it again)",
                max_wait.as_millis()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(self.exit_reason()),
        }
    }

    /// Why the program stopped answering: its exit status when it has exited.
    fn exit_reason(&mut self) -> String {
        // Give a crashing program a moment to be reaped, so the status can be named.
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("exited ({status}) without answering");
            }
            thread::sleep(Duration::from_millis(2));
        }
        "stopped answering (its output is closed)".to_string()
    }

    /// Kills the program and everything in its process group, and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads
            // (it was started with process_group(0)); it touches no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes its input (a well-behaved program then exits), waits briefly, then kills it.
    pub fn close(&mut self) {
        self.stdin = None;
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
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
