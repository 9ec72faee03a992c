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

/// How one of Knuth's programs was built: a line of the `BUILD.txt` that
/// `scripts/peers/knuth.sh` writes beside the programs, so that a comparison can state it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerBuild {
    /// The program (`ssxc1`).
    pub program: String,
    /// Its CWEB source (`ssxc1.w`).
    pub source: String,
    /// SHA-256 of the source.
    pub source_sha256: String,
    /// SHA-256 of `gb_flip.w`, when the program includes it (`-` otherwise).
    pub gb_flip_sha256: String,
    /// The compiler's version line (`gcc (Debian 12.2.0-14) 12.2.0`).
    pub compiler: String,
    /// The compiler flags (`-O2`).
    pub flags: String,
    /// The `ctangle` version line.
    pub tangled_by: String,
}

/// Reads `BUILD.txt`: `#` comment lines, a header line, then one tab-separated line per program
/// (program, source, source SHA-256, gb_flip SHA-256, compiler, flags, ctangle, origin). Fails,
/// naming the line, on a line with fewer fields or a header that is not the expected one.
pub fn read_builds(text: &str) -> Result<Vec<PeerBuild>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    let header =
        "program\tsource\tsource_sha256\tgb_flip_sha256\tcompiler\tflags\ttangled_by\tfrom";
    match lines.next() {
        Some((_, l)) if l == header => {}
        Some((n, _)) => return Err(format!("line {}: not the header of BUILD.txt", n + 1)),
        None => return Err("no header line".into()),
    }
    lines
        .map(|(n, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            if f.len() < 8 {
                return Err(format!("line {}: {} fields, want 8", n + 1, f.len()));
            }
            Ok(PeerBuild {
                program: f[0].into(),
                source: f[1].into(),
                source_sha256: f[2].into(),
                gb_flip_sha256: f[3].into(),
                compiler: f[4].into(),
                flags: f[5].into(),
                tangled_by: f[6].into(),
            })
        })
        .collect()
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

/// One run of a program: its wall time, its CPU time and what it reported.
struct Run {
    wall_ns: u64,
    cpu_ns: u64,
    summary: Summary,
}

impl Program {
    /// Runs the program once on `file`. Fails if it cannot start, exits with an error or reports
    /// nothing readable.
    fn run(&self, case: &str, file: &Path) -> Result<Run, String> {
        let mut cmd = Command::new(&self.exe);
        cmd.args(&self.args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if self.stdin {
            let f = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
            cmd.stdin(f);
        } else {
            cmd.arg(file).stdin(Stdio::null());
        }
        let cpu_before = children_cpu_ns();
        let start = Instant::now();
        let out = cmd
            .output()
            .map_err(|e| format!("{}: cannot run {}: {e}", self.name, self.exe.display()))?;
        let wall_ns = start.elapsed().as_nanos() as u64;
        let cpu_ns = children_cpu_ns().saturating_sub(cpu_before);
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
        Ok(Run {
            wall_ns,
            cpu_ns,
            summary,
        })
    }
}

/// Times `programs` on `file` in `repeats` alternating rounds: each round runs every program
/// once, in the given order in even rounds and in reverse order in odd ones, so that a slow spell
/// of a shared machine hits them all alike and each program's `k`-th time is paired with the
/// others' `k`-th. Returns one measurement per program (median wall time, median CPU time,
/// every wall time in round order); `tick` is called after every run. Fails if a program cannot
/// run, exits with an error, reports nothing readable, or reports differently in two rounds.
pub fn measure_rounds(
    programs: &[Program],
    case: &str,
    file: &Path,
    repeats: usize,
    tick: &dyn Fn(),
) -> Result<Vec<Measurement>, String> {
    let mut walls = vec![Vec::new(); programs.len()];
    let mut cpus = vec![Vec::new(); programs.len()];
    let mut seen: Vec<Option<Summary>> = vec![None; programs.len()];
    for round in 0..repeats.max(1) {
        let order: Vec<usize> = if round % 2 == 0 {
            (0..programs.len()).collect()
        } else {
            (0..programs.len()).rev().collect()
        };
        for i in order {
            let p = &programs[i];
            let run = p.run(case, file)?;
            walls[i].push(run.wall_ns);
            cpus[i].push(run.cpu_ns);
            tick();
            match seen[i] {
                Some(s) if s != run.summary => {
                    return Err(format!(
                        "{} on {case}: {s:?} then {:?}",
                        p.name, run.summary
                    ))
                }
                _ => seen[i] = Some(run.summary),
            }
        }
    }
    Ok(programs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let s = seen[i].expect("at least one round");
            Measurement {
                case: case.to_string(),
                engine: p.name.clone(),
                implementation: p.implementation.clone(),
                solutions: s.solutions,
                nodes: s.nodes,
                updates: s.updates,
                mems: s.mems,
                time_ns: median_ns(&walls[i]),
                cpu_ns: Some(median_ns(&cpus[i])),
                times_ns: std::mem::take(&mut walls[i]),
                scope: "whole-process",
            }
        })
        .collect())
}

/// User plus system CPU time of the children this process has waited for, nanoseconds (the
/// difference around one child's run is that child's).
fn children_cpu_ns() -> u64 {
    // SAFETY: `getrusage` writes one `rusage` into the zeroed struct it is given and reads nothing
    // else; RUSAGE_CHILDREN is a valid `who`.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) != 0 {
            return 0;
        }
        usage
    };
    let ns = |t: libc::timeval| t.tv_sec as u64 * 1_000_000_000 + t.tv_usec as u64 * 1_000;
    ns(usage.ru_utime) + ns(usage.ru_stime)
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
    fn reads_build_records() {
        let text = "# comment\n\
            program\tsource\tsource_sha256\tgb_flip_sha256\tcompiler\tflags\ttangled_by\tfrom\n\
            ssxc1\tssxc1.w\t2542\t-\tgcc 12.2.0\t-O2\tCTANGLE 4.7\t/src/ssxc1.w\n";
        let b = read_builds(text).unwrap();
        assert_eq!(b.len(), 1);
        assert_eq!(
            (
                b[0].program.as_str(),
                b[0].compiler.as_str(),
                b[0].flags.as_str()
            ),
            ("ssxc1", "gcc 12.2.0", "-O2")
        );
        assert!(read_builds("program\tsource\n").is_err());
        let short = text.replace("\t/src/ssxc1.w", "");
        assert_eq!(read_builds(&short), Err("line 3: 7 fields, want 8".into()));
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
