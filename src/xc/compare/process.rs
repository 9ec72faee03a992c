//! Whole programs timed from start to exit on a problem file in Knuth's format: Knuth's own
//! dlx1, dlx2, SSXC1 and SSXCC (built by the user; `dlxlab` ships none of their code), and
//! `dlxlab xc` itself, so that like is compared with like — a process against a process.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use super::{median_ns, Measurement};

/// What a program reports of a complete count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Solutions.
    pub solutions: u64,
    /// Search nodes.
    pub nodes: u64,
    /// Updates.
    pub updates: u64,
    /// Search mems (Knuth's programs only).
    pub mems: Option<u64>,
}

/// Reads the last line Knuth's programs write on standard error, e.g.
/// `Altogether 92 solutions, 11172+305205 mems, 21375 updates, 6656 bytes, 1199 nodes, ccost 5%.`
/// The mems are the search's (the number after `+`); dlx2 also prints `-L`, the mems it would
/// not spend without secondary-item lengths, and counts `mems - L` as its cost, which is what is
/// returned for it. `None` when no such line is found.
pub fn parse_knuth_summary(stderr: &str) -> Option<Summary> {
    let line = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with("Altogether "))?;
    let mut s = Summary::default();
    for part in line.trim_start_matches("Altogether ").split(", ") {
        let (value, what) = part.split_once(' ')?;
        let what = what.trim_end_matches('.');
        let num = |v: &str| v.parse::<u64>().ok();
        match what {
            "solution" | "solutions" => s.solutions = num(value)?,
            "nodes" | "node" => s.nodes = num(value)?,
            "updates" | "update" => s.updates = num(value)?,
            "mems" => {
                let (_, search) = value.split_once('+')?;
                s.mems = Some(match search.split_once('-') {
                    Some((m, l)) => num(m)?.checked_sub(num(l)?)?,
                    None => num(search)?,
                });
            }
            _ => {}
        }
    }
    Some(s)
}

/// Reads what `dlxlab xc FILE --count --stats` writes: the count on standard output, and
/// `nodes: N`, `updates: N` and (for dc) `mems: N` lines on standard error.
pub fn parse_dlxlab_stats(stdout: &str, stderr: &str) -> Option<Summary> {
    let field = |name: &str| {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse::<u64>().ok())
    };
    Some(Summary {
        solutions: stdout.trim().parse().ok()?,
        nodes: field("nodes:")?,
        updates: field("updates:")?,
        mems: field("mems:"),
    })
}

/// A program to time: how to run it on a problem file and how to read its report.
#[derive(Clone, Debug)]
pub struct Program {
    /// The name in the CSV (`knuth-dlx1`, `dlxlab-xc-dc`, …).
    pub name: String,
    /// What it is, for the `implementation` column.
    pub implementation: String,
    /// The executable.
    pub exe: PathBuf,
    /// Its arguments; the problem file is appended (`dlxlab xc`) or given on standard input
    /// (Knuth's programs, when `stdin` is set).
    pub args: Vec<String>,
    /// Whether the problem goes to standard input instead of the end of the arguments.
    pub stdin: bool,
    /// Knuth's report format, else `dlxlab xc --stats`'s.
    pub knuth: bool,
}

impl Program {
    /// Runs the program `repeats` times on `file` and returns its measurement (the median wall
    /// time of the whole process). Fails if it cannot start, exits with an error, reports
    /// nothing readable, or reports differently in two runs.
    pub fn measure(&self, case: &str, file: &Path, repeats: usize) -> Result<Measurement, String> {
        let mut times = Vec::new();
        let mut seen: Option<Summary> = None;
        for _ in 0..repeats.max(1) {
            let mut cmd = Command::new(&self.exe);
            cmd.args(&self.args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            if self.stdin {
                let f =
                    std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
                cmd.stdin(f);
            } else {
                cmd.arg(file).stdin(Stdio::null());
            }
            let start = Instant::now();
            let out = cmd
                .output()
                .map_err(|e| format!("{}: cannot run {}: {e}", self.name, self.exe.display()))?;
            times.push(start.elapsed().as_nanos() as u64);
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            // Knuth's programs exit with 0; `dlxlab xc` with 0 (found) or 1 (none).
            if !matches!(out.status.code(), Some(0 | 1)) {
                return Err(format!(
                    "{} on {case}: {}: {}",
                    self.name,
                    out.status,
                    stderr.trim()
                ));
            }
            let summary = if self.knuth {
                parse_knuth_summary(&stderr)
            } else {
                parse_dlxlab_stats(&stdout, &stderr)
            }
            .ok_or_else(|| format!("{} on {case}: no summary in its output", self.name))?;
            match seen {
                Some(s) if s != summary => {
                    return Err(format!("{} on {case}: {s:?} then {summary:?}", self.name))
                }
                _ => seen = Some(summary),
            }
        }
        let s = seen.expect("at least one run");
        Ok(Measurement {
            case: case.to_string(),
            engine: self.name.clone(),
            implementation: self.implementation.clone(),
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            mems: s.mems,
            time_ns: median_ns(&times),
            times_ns: times,
            scope: "whole-process",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_knuths_summaries() {
        let dlx1 = "(64 options, 16+30 items, 320 entries successfully read)\n\
                    Altogether 92 solutions, 11172+305205 mems, 21375 updates, 6656 bytes, 1199 nodes, ccost 5%.\n";
        assert_eq!(
            parse_knuth_summary(dlx1),
            Some(Summary {
                solutions: 92,
                nodes: 1199,
                updates: 21375,
                mems: Some(305205)
            })
        );
        let ssxc1 =
            "Altogether 92 solutions, 13023+274959 mems, 18412 updates, 6552 bytes, 890 nodes.";
        assert_eq!(parse_knuth_summary(ssxc1).unwrap().nodes, 890);
        let dlx2 = "Altogether 1 solution, 10+100-30 mems, 5 updates, 0 cleansings, 9 bytes, 3 nodes, ccost 1%.";
        assert_eq!(
            parse_knuth_summary(dlx2),
            Some(Summary {
                solutions: 1,
                nodes: 3,
                updates: 5,
                mems: Some(70)
            })
        );
        assert_eq!(parse_knuth_summary("TIMEOUT!\n"), None);
        assert_eq!(
            parse_knuth_summary("Altogether x solutions, 3 nodes."),
            None
        );
    }

    #[test]
    fn reads_dlxlab_stats() {
        let err = "engine: dc\nnodes: 890\nupdates: 18412\nmems: 274959\n";
        assert_eq!(
            parse_dlxlab_stats("92\n", err),
            Some(Summary {
                solutions: 92,
                nodes: 890,
                updates: 18412,
                mems: Some(274959)
            })
        );
        assert_eq!(parse_dlxlab_stats("at least 3\n", err), None);
    }
}
