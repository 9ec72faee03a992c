//! `dlxlab variant solve NAME PUZZLE...` and `dlxlab honeycomb solve|count|generate|compare`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};

use dlxlab::puzzles::honeycomb::compare::{compare, Comparison, SolverSummary, Summary};
use dlxlab::puzzles::honeycomb::seq::SeqSolver;
use dlxlab::puzzles::honeycomb::xc::{self as hxc, XcSolver};
use dlxlab::puzzles::honeycomb::{HoneyGrid, HoneyOutcome};
use dlxlab::solvers::SolveLimits;

use super::input::PuzzleArgs;

/// Arguments of `dlxlab honeycomb`.
#[derive(Args, Debug)]
pub struct HoneycombArgs {
    #[command(subcommand)]
    command: HoneycombCommand,
}

#[derive(Subcommand, Debug)]
enum HoneycombCommand {
    /// Solve puzzles (61 characters in row order, '.' or '0' empty).
    #[command(after_help = super::input::EXIT_STATUS_HELP)]
    Solve {
        #[command(flatten)]
        input: PuzzleArgs,
        /// Which solver: xc (exact cover, DLX) or seq (regional sequence enumeration).
        #[arg(long, default_value = "xc")]
        solver: String,
        /// Count solutions (up to --max) instead of proving uniqueness.
        #[arg(long)]
        count: bool,
        /// With --count: stop after this many solutions (0 = all, the default when counting).
        #[arg(long, visible_alias = "max-solutions", default_value_t = 0)]
        max: u64,
    },
    /// Count every solution of each puzzle with DLX (the empty board counts complete grids).
    #[command(after_help = super::input::EXIT_STATUS_HELP)]
    Count {
        #[command(flatten)]
        input: PuzzleArgs,
        /// Stop after this many solutions (0 = all, the default when counting).
        #[arg(long, visible_alias = "max-solutions", default_value_t = 0)]
        max: u64,
    },
    /// Estimate the number of solutions (the empty board: complete grids) by Knuth's random paths.
    Estimate {
        /// The puzzle (default: the empty board).
        puzzle: Option<String>,
        /// Random paths.
        #[arg(long, default_value_t = 10000)]
        samples: u32,
        /// PCG64 seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Estimate the number of complete grids: cut the DLX tree of the empty board at --depth, count
    /// --samples random subproblems there exactly, scale up (see docs/variants.md).
    Sample {
        /// Cut depth (levels of the MRV search above the subproblems).
        #[arg(long, default_value_t = 8)]
        depth: usize,
        /// Subproblems to count (all of them if there are fewer: the exact count).
        #[arg(long, default_value_t = 100)]
        samples: usize,
        /// PCG64 seed of the sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Node budget per subproblem (0 = none); a subproblem that hits it is an error.
        #[arg(long = "limit-nodes", alias = "max-nodes", default_value_t = 0)]
        max_nodes: u64,
        /// Worker threads (default 1; the result does not depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Write puzzles with a unique solution, generated from a seed (one per line).
    Generate {
        /// How many.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// PCG64 seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Solve a file of puzzles, or generated ones, with both solvers; print markdown tables.
    Compare {
        /// A puzzle file (`#` comments allowed).
        file: Option<std::path::PathBuf>,
        /// Compare on this many generated puzzles instead of a file.
        #[arg(long)]
        generate: Option<usize>,
        /// Seed for --generate.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Take only every K-th puzzle of the list (1 = all).
        #[arg(long, default_value_t = 1)]
        every: usize,
    },
}

fn parse(text: &str) -> anyhow::Result<HoneyGrid> {
    HoneyGrid::parse(text).with_context(|| format!("puzzle `{}`", text.trim()))
}

fn print_outcome(out: &mut impl Write, o: &HoneyOutcome) -> io::Result<()> {
    writeln!(
        out,
        "status {} solutions {} nodes {} guesses {} time_ns {}",
        o.status, o.solutions, o.stats.nodes, o.stats.guesses, o.stats.time_ns
    )?;
    if let Some(s) = &o.solution {
        writeln!(out, "{s}")?;
        write!(out, "{}", s.to_picture())?;
    }
    Ok(())
}

/// Runs `dlxlab honeycomb`.
pub fn run_honeycomb(args: HoneycombArgs) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut wrong = 0;
    match args.command {
        HoneycombCommand::Solve {
            input,
            solver,
            count,
            max,
        } => {
            let limits = SolveLimits {
                max_solutions: if count { max } else { 2 },
                ..SolveLimits::default()
            };
            if !matches!(solver.as_str(), "xc" | "seq") {
                bail!("unknown honeycomb solver `{solver}` (xc or seq)");
            }
            let inputs = match input
                .require_puzzles("honeycomb solve", |t| HoneyGrid::parse(t).map(|_| ()))?
            {
                Ok(inputs) => inputs,
                Err(code) => return Ok(code),
            };
            let mut xc = XcSolver::new();
            for input in &inputs {
                let p = match parse(input.puzzle()) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(out, "invalid: {}: {e:#}", input.origin)?;
                        continue;
                    }
                };
                let o = match solver.as_str() {
                    "xc" => xc.solve(&p, &limits),
                    "seq" => SeqSolver.solve(&p, &limits),
                    other => bail!("unknown honeycomb solver `{other}` (xc or seq)"),
                };
                if let Err(e) = o.check(&p) {
                    wrong += 1;
                    let o = HoneyOutcome {
                        solution: None,
                        ..o
                    };
                    print_outcome(&mut out, &o)?;
                    writeln!(out, "error: solver {solver} gave a wrong solution: {e}")?;
                    continue;
                }
                print_outcome(&mut out, &o)?;
            }
        }
        HoneycombCommand::Count { input, max } => {
            let limits = SolveLimits {
                max_solutions: max,
                ..SolveLimits::default()
            };
            let inputs = match input
                .require_puzzles("honeycomb count", |t| HoneyGrid::parse(t).map(|_| ()))?
            {
                Ok(inputs) => inputs,
                Err(code) => return Ok(code),
            };
            let mut xc = XcSolver::new();
            for input in &inputs {
                let text = input.puzzle();
                let p = match parse(text) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(out, "{text} invalid: {}: {e:#}", input.origin)?;
                        continue;
                    }
                };
                let o = xc.solve(&p, &limits);
                writeln!(
                    out,
                    "{} solutions {} ({}) nodes {} time_ns {}",
                    text, o.solutions, o.status, o.stats.nodes, o.stats.time_ns
                )?;
            }
        }
        HoneycombCommand::Estimate {
            puzzle,
            samples,
            seed,
        } => {
            use rand::SeedableRng;
            let p = match &puzzle {
                Some(t) => parse(t)?,
                None => HoneyGrid::empty(),
            };
            let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
            let (mean, se) =
                dlxlab::puzzles::honeycomb::seq::estimate_solutions(&p, samples, &mut rng);
            writeln!(
                out,
                "estimate {mean:.4e} solutions, standard error {se:.2e} ({samples} random paths, seed {seed})"
            )?;
        }
        HoneycombCommand::Sample {
            depth,
            samples,
            seed,
            max_nodes,
            threads,
        } => {
            let limits = if max_nodes == 0 {
                dlxlab::xc::Limits::NONE
            } else {
                dlxlab::xc::Limits::nodes(max_nodes)
            };
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .context("starting the worker threads")?;
            let start = Instant::now();
            let e = pool.install(|| {
                dlxlab::puzzles::honeycomb::census::estimate_grids(depth, samples, seed, &limits)
            })?;
            let secs = start.elapsed().as_secs_f64();
            writeln!(
                out,
                "depth {} subproblems {} nodes_above {} samples {} seed {seed}",
                e.depth, e.subproblems, e.nodes_above, e.samples
            )?;
            writeln!(
                out,
                "sampled: grids {} nonzero {} max {} nodes {} ({:.0} nodes/s, {secs:.1} s, {threads} threads)",
                e.sampled_solutions,
                e.nonzero,
                e.max_sample,
                e.sampled_nodes,
                e.sampled_nodes as f64 / secs.max(1e-9)
            )?;
            writeln!(
                out,
                "estimate {:.4e} grids, standard error {:.2e}; tree about {:.3e} nodes",
                e.solutions, e.std_error, e.tree_nodes
            )?;
        }
        HoneycombCommand::Generate { count, seed } => {
            writeln!(
                out,
                "# {count} honeycomb puzzles with a unique solution, dlxlab honeycomb generate --count {count} --seed {seed}"
            )?;
            writeln!(
                out,
                "# random grid: exact cover with PCG64-shuffled options, first DLX solution; givens removed in random order while unique"
            )?;
            for (p, _) in hxc::generate(seed, count) {
                writeln!(out, "{p}")?;
            }
        }
        HoneycombCommand::Compare {
            file,
            generate,
            seed,
            every,
        } => {
            if every == 0 {
                bail!("--every must be at least 1");
            }
            let start = Instant::now();
            let (what, puzzles) = match (file, generate) {
                (Some(path), None) => {
                    let text = std::fs::read_to_string(&path)
                        .with_context(|| format!("reading {}", path.display()))?;
                    let mut ps = Vec::new();
                    for (k, line) in text.lines().enumerate() {
                        if line.starts_with('#') || line.trim().is_empty() {
                            continue;
                        }
                        ps.push(
                            HoneyGrid::parse(line)
                                .with_context(|| format!("{} line {}", path.display(), k + 1))?,
                        );
                    }
                    (path.display().to_string(), ps)
                }
                (None, Some(n)) => (
                    format!("{n} generated puzzles, seed {seed}"),
                    hxc::generate(seed, n).into_iter().map(|(p, _)| p).collect(),
                ),
                _ => bail!("give either a FILE or --generate N"),
            };
            let gen_time = start.elapsed();
            let puzzles: Vec<HoneyGrid> = puzzles.into_iter().step_by(every).collect();
            let what = if every > 1 {
                format!("{what}, every {every}th")
            } else {
                what
            };
            let c = compare(&puzzles, &SolveLimits::default());
            print_comparison(&mut out, &what, &c)?;
            writeln!(
                out,
                "\n(loading/generating took {:.1} s)",
                gen_time.as_secs_f64()
            )?;
        }
    }
    wrong_solutions("honeycomb solve", wrong)
}

fn row(out: &mut impl Write, name: &str, what: &str, s: &Summary, scale: f64) -> io::Result<()> {
    writeln!(
        out,
        "| {name} | {what} | {:.1} | {:.1} | {:.1} | {:.1} |",
        s.mean / scale,
        s.median / scale,
        s.p90 / scale,
        s.max as f64 / scale
    )
}

fn print_comparison(out: &mut impl Write, what: &str, c: &Comparison) -> io::Result<()> {
    writeln!(out, "### {what}: {} puzzles\n", c.puzzles)?;
    writeln!(
        out,
        "| solver | unique | multiple | none | limit | rejected solutions |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|")?;
    let solvers: [(&str, &SolverSummary); 2] = [("xc (DLX)", &c.xc), ("seq (paper)", &c.seq)];
    for (name, s) in solvers {
        writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {} |",
            s.statuses[0], s.statuses[1], s.statuses[2], s.statuses[3], s.bad_solutions
        )?;
    }
    writeln!(
        out,
        "\nDisagreements (status or solution): {}\n",
        c.disagreements.len()
    )?;
    writeln!(out, "| solver | measure | mean | median | p90 | max |")?;
    writeln!(out, "|---|---|---:|---:|---:|---:|")?;
    for (name, s) in solvers {
        row(out, name, "nodes", &s.nodes, 1.0)?;
    }
    for (name, s) in solvers {
        row(out, name, "time (µs)", &s.time_ns, 1e3)?;
    }
    Ok(())
}

/// Arguments of `dlxlab variant`.
#[derive(Args, Debug)]
pub struct VariantArgs {
    #[command(subcommand)]
    command: VariantCommand,
}

#[derive(Subcommand, Debug)]
enum VariantCommand {
    /// Solve puzzles of one variant; each PUZZLE is one argument holding the variant's
    /// whitespace-separated fields (quote it), e.g. "GIVENS REGIONS" for jigsaw; a corpus line
    /// holds one puzzle with its fields.
    #[command(after_help = super::input::EXIT_STATUS_HELP)]
    Solve {
        /// classic, x (diagonal), windoku (hyper), jigsaw or killer.
        name: String,
        #[command(flatten)]
        input: PuzzleArgs,
        /// Count solutions (up to --max) instead of proving uniqueness.
        #[arg(long)]
        count: bool,
        /// With --count: stop after this many solutions (0 = all, the default when counting).
        #[arg(long, visible_alias = "max-solutions", default_value_t = 0)]
        max: u64,
    },
}

/// Runs `dlxlab variant`.
pub fn run_variant(args: VariantArgs) -> anyhow::Result<ExitCode> {
    use dlxlab::puzzles::variants::{solve, Variant, VariantPuzzle};
    use dlxlab::sudoku::Shape;
    let mut out = io::stdout().lock();
    let mut wrong = 0;
    match args.command {
        VariantCommand::Solve {
            name,
            input,
            count,
            max,
        } => {
            let variant = Variant::by_name(&name)?;
            let limits = SolveLimits {
                max_solutions: if count { max } else { 2 },
                ..SolveLimits::default()
            };
            let check = |t: &str| VariantPuzzle::parse(variant, t).map(|_| ());
            let inputs = match input.require_puzzles("variant solve", check)? {
                Ok(inputs) => inputs,
                Err(code) => return Ok(code),
            };
            for input in &inputs {
                let p = match VariantPuzzle::parse(variant, &input.text) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(out, "status invalid {}: {e}", input.origin)?;
                        continue;
                    }
                };
                let o = solve(&p, &limits);
                writeln!(
                    out,
                    "status {} solutions {} nodes {} guesses {} time_ns {}",
                    o.status, o.solutions, o.stats.nodes, o.stats.guesses, o.stats.time_ns
                )?;
                match (&o.solution, o.check(&p)) {
                    (_, Err(e)) => {
                        wrong += 1;
                        writeln!(out, "error: solver dlx gave a wrong solution: {e}")?;
                    }
                    (Some(s), Ok(())) => {
                        let line: String = s.iter().map(|&d| Shape::digit_char(d)).collect();
                        writeln!(out, "{line}")?;
                    }
                    (None, Ok(())) => {}
                }
            }
        }
    }
    wrong_solutions("variant solve", wrong)
}

/// Exit status 1, said on standard error, when some solutions were wrong (`error:` lines).
fn wrong_solutions(command: &str, wrong: usize) -> anyhow::Result<ExitCode> {
    if wrong == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!("dlxlab: {command}: {wrong} wrong solution(s) (`error:` lines)");
    Ok(ExitCode::FAILURE)
}

/// One output line of `dlxlab solve --variant NAME` for one puzzle text, in the style of `solve`:
/// the solution when unique, else the status word (`multiple`, `none`, `limit`,
/// `invalid: reason`); with `count`, the number of solutions up to the limit. A solution that
/// breaks the rules or the givens is `error: solver dlx gave a wrong solution: REASON` instead,
/// and the answer is marked wrong.
pub fn answer(name: &str, text: &str, limits: &SolveLimits, count: bool) -> anyhow::Result<Answer> {
    use dlxlab::puzzles::variants::{solve, Variant, VariantPuzzle};
    use dlxlab::solvers::Status;
    use dlxlab::sudoku::Shape;
    let variant = Variant::by_name(name)?;
    let p = match VariantPuzzle::parse(variant, text) {
        Ok(p) => p,
        Err(e) => return Ok(Answer::right(format!("invalid: {e}"))),
    };
    let o = solve(&p, limits);
    if let Err(e) = o.check(&p) {
        return Ok(Answer {
            line: format!("error: solver dlx gave a wrong solution: {e}"),
            wrong: true,
        });
    }
    Ok(Answer::right(match (count, o.status, &o.solution) {
        (true, _, _) => o.solutions.to_string(),
        (false, Status::Unique, Some(s)) => s.iter().map(|&d| Shape::digit_char(d)).collect(),
        (false, status, _) => status.to_string(),
    }))
}

/// One answer line of `solve --variant`, and whether it reports a wrong solution.
pub struct Answer {
    /// The line to print.
    pub line: String,
    /// The solver's solution broke the rules or the givens (the line says so).
    pub wrong: bool,
}

impl Answer {
    fn right(line: String) -> Answer {
        Answer { line, wrong: false }
    }
}
