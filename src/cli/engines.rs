//! `dlxlab engines`: dancing links against dancing cells on the same problems, same run
//! (the library's [`dlxlab::xc::compare`] and [`dlxlab::report::engines`]).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;

use dlxlab::corpus::LineKind;
use dlxlab::report::engines;
use dlxlab::xc::compare::process::{measure_rounds, read_builds, PeerBuild, Program};
use dlxlab::xc::compare::{contenders, measure, measure_puzzles, standard_cases, Measurement};
use dlxlab::xc::format;

use super::input::locate_corpus;
use super::progress::progress_bar;

const EXAMPLES: &str = "\
Writes DIR/engines.csv (one row per problem x engine), DIR/results.md (the tables) and the figure
DIR/engines-time.png/.svg. A README.md in DIR (the discussion) is left alone.

Examples:
  dlxlab engines --quick --out /tmp/engines                # seconds: small problems only
  taskset -c 0 dlxlab engines --out reports/engines        # the committed report (about 15 min)
  taskset -c 0 dlxlab engines --knuth ~/knuth              # also Knuth's dlx1/dlx2/ssxc1/ssxcc
  taskset -c 0 dlxlab engines --knuth ~/knuth --only pentomino --only 'queens 12' --puzzles 0";

/// Dancing links against dancing cells: the same problems, counted by both, in one run.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES)]
pub struct EnginesArgs {
    /// Output directory (`results/` is ignored by git; the committed report is regenerated with
    /// `--out reports/engines`).
    #[arg(long, default_value = "results/engines")]
    out: PathBuf,
    /// Times each count is repeated per engine (the median is reported; repetitions alternate
    /// between the engines).
    #[arg(long, default_value_t = 3)]
    repeats: usize,
    /// Small problems only (seconds), for a quick look or a test.
    #[arg(long)]
    quick: bool,
    /// The Sudoku corpus whose first --puzzles puzzles are solved by both engines (default: as
    /// for `study`: $DLXLAB_DATA/17-clue.txt, datasets/, else the embedded corpus).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// How many puzzles of the corpus (0: none).
    #[arg(long, default_value_t = 10_000)]
    puzzles: usize,
    /// A directory holding Knuth's programs dlx1, dlx2, ssxc1 and ssxcc and the BUILD.txt that
    /// records their builds, as `scripts/peers/knuth.sh DIR` makes it: each problem is then also
    /// run as a whole process by them and by `dlxlab xc`, in alternating rounds, their node
    /// counts are compared, and the report states their builds.
    #[arg(long, value_name = "DIR")]
    knuth: Option<PathBuf>,
    /// Only these problems: a problem's name (`'queens 12'`) or family (`queens`, `pentomino`,
    /// `langford`, `sudoku`, `latin`); repeatable. Default: every problem.
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: EnginesArgs) -> anyhow::Result<ExitCode> {
    let mut cases = standard_cases(args.quick).map_err(anyhow::Error::msg)?;
    if !args.only.is_empty() {
        let all: Vec<String> = cases.iter().map(|c| c.name.clone()).collect();
        for o in &args.only {
            if !all.iter().any(|n| selected(n, o)) {
                bail!(
                    "--only {o}: no such problem (the problems: {})",
                    all.join(", ")
                );
            }
        }
        cases.retain(|c| args.only.iter().any(|o| selected(&c.name, o)));
    }
    let builds = match &args.knuth {
        Some(dir) => knuth_builds(dir)?,
        None => Vec::new(),
    };
    let repeats = args.repeats.max(1);
    let mut puzzles = Vec::new();
    let mut corpus_name = String::new();
    if args.puzzles > 0 {
        let source = locate_corpus(args.corpus.as_deref())?;
        corpus_name = source.portable();
        let wanted = if args.quick {
            args.puzzles.min(200)
        } else {
            args.puzzles
        };
        for line in source
            .open()
            .with_context(|| format!("opening {}", source.describe()))?
        {
            if let LineKind::Puzzle(record) = line?.kind {
                if let Ok(grid) = record.grid {
                    puzzles.push(grid);
                }
            }
            if puzzles.len() >= wanted {
                break;
            }
        }
    }
    let total: usize = cases
        .iter()
        .map(|c| contenders(&c.problem).len() * repeats)
        .sum::<usize>()
        + puzzles.len();
    let bar = progress_bar(args.quiet, Some(total as u64), "counts");
    let tick = || bar.inc(1);
    let mut rows: Vec<Measurement> = Vec::new();
    for case in &cases {
        bar.set_message(case.name.clone());
        rows.extend(
            measure(case, &contenders(&case.problem), repeats, &tick)
                .map_err(anyhow::Error::msg)?,
        );
    }
    if !puzzles.is_empty() {
        let name = format!("{corpus_name}, first {}", puzzles.len());
        rows.extend(measure_puzzles(&name, &puzzles, repeats, &tick).map_err(anyhow::Error::msg)?);
    }
    bar.finish_and_clear();
    if let Some(dir) = &args.knuth {
        rows.extend(whole_process(&cases, dir, repeats, args.quiet)?);
    }
    let only: String = args.only.iter().map(|o| format!(" --only '{o}'")).collect();
    let mut header = format!(
        "Made by `dlxlab engines{}{}{only} --repeats {repeats} --puzzles {}`{}. Single thread; see README.md for the machine and the discussion.",
        if args.quick { " --quick" } else { "" },
        if args.knuth.is_some() { " --knuth DIR" } else { "" },
        puzzles.len(),
        if puzzles.is_empty() {
            String::new()
        } else {
            format!("; Sudoku puzzles from `{corpus_name}`")
        }
    );
    if !builds.is_empty() {
        header.push_str("\n\n");
        header.push_str(&engines::builds_markdown(&builds));
    }
    let fig = engines::write(&args.out, &header, &rows).map_err(|e| anyhow::anyhow!("{e}"))?;
    eprintln!(
        "dlxlab: wrote {} rows to {}, results.md and {}.png/.svg",
        rows.len(),
        args.out.join("engines.csv").display(),
        fig.stem
    );
    Ok(ExitCode::SUCCESS)
}

/// Every case as a file, run by `dlxlab xc` (this executable) with both engines and by Knuth's
/// program of each method.
fn whole_process(
    cases: &[dlxlab::xc::compare::Case],
    knuth: &std::path::Path,
    repeats: usize,
    quiet: bool,
) -> anyhow::Result<Vec<Measurement>> {
    let me = std::env::current_exe().context("finding this executable")?;
    let tmp = Scratch(std::env::temp_dir().join(format!("dlxlab-engines-{}", std::process::id())));
    std::fs::create_dir_all(&tmp.0).with_context(|| format!("creating {}", tmp.0.display()))?;
    let bar = progress_bar(
        quiet,
        Some((cases.len() * 4 * repeats) as u64),
        "whole-process runs",
    );
    let mut rows = Vec::new();
    for case in cases {
        bar.set_message(case.name.clone());
        let file = tmp.0.join("problem.dlx");
        let mut text = Vec::new();
        format::write_comment(&format!("dlxlab gen-xc {}", case.gen_xc), &mut text)?;
        format::write(&case.problem, &mut text)?;
        std::fs::write(&file, text)?;
        let colours = case.problem.has_colors();
        let programs = [
            dlxlab_xc(&me, "dlx"),
            knuth_program(knuth, if colours { "dlx2" } else { "dlx1" }),
            dlxlab_xc(&me, "dc"),
            knuth_program(knuth, if colours { "ssxcc" } else { "ssxc1" }),
        ];
        let tick = || bar.inc(1);
        rows.extend(
            measure_rounds(&programs, &case.name, &file, repeats, &tick)
                .map_err(anyhow::Error::msg)?,
        );
    }
    bar.finish_and_clear();
    Ok(rows)
}

/// Whether the problem `name` is selected by `--only want`: its name, or its family (the name's
/// first word).
fn selected(name: &str, want: &str) -> bool {
    name == want || name.split(' ').next() == Some(want)
}

/// Knuth's four programs in `dir` and their builds from `dir/BUILD.txt`; fails, saying how to
/// make them, when a program or its record is missing.
fn knuth_builds(dir: &std::path::Path) -> anyhow::Result<Vec<PeerBuild>> {
    let how = format!("build them with scripts/peers/knuth.sh {}", dir.display());
    for p in ["dlx1", "dlx2", "ssxc1", "ssxcc"] {
        if !dir.join(p).is_file() {
            bail!("{}: no program {p} there ({how})", dir.display());
        }
    }
    let record = dir.join("BUILD.txt");
    let text = std::fs::read_to_string(&record).with_context(|| {
        format!(
            "reading {} (it states how the programs were built; {how})",
            record.display()
        )
    })?;
    let all = read_builds(&text).map_err(|e| anyhow::anyhow!("{}: {e}", record.display()))?;
    ["dlx1", "dlx2", "ssxc1", "ssxcc"]
        .iter()
        .map(|p| {
            all.iter()
                .rev()
                .find(|b| b.program == *p)
                .cloned()
                .with_context(|| format!("{}: no line for {p} ({how})", record.display()))
        })
        .collect()
}

fn dlxlab_xc(me: &std::path::Path, engine: &str) -> Program {
    Program {
        name: format!("dlxlab-xc-{engine}"),
        implementation: format!("dlxlab xc --engine {engine}, whole process"),
        exe: me.to_path_buf(),
        args: ["xc", "--count", "--stats", "--engine", engine]
            .map(String::from)
            .to_vec(),
        stdin: false,
        knuth: false,
    }
}

fn knuth_program(dir: &std::path::Path, name: &str) -> Program {
    Program {
        name: format!("knuth-{name}"),
        implementation: format!("Knuth's {name}, whole process"),
        exe: dir.join(name),
        args: Vec::new(),
        stdin: true,
        knuth: true,
    }
}

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
