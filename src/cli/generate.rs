//! `dlxlab generate`: a corpus of puzzles with unique solutions, reproducible from the seed, or
//! (`--mode`) one of the field's benchmark sets defined by how they are made.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use dlxlab::generate::field::{self, Mode, FIELD_METHOD_VERSION};
use dlxlab::generate::spec::{self, Band, NodeBand, Spec, METHOD_VERSION};
use dlxlab::generate::symmetry::Symmetry;
use dlxlab::generate::variant;
use dlxlab::harness::output::write_atomic;
use dlxlab::puzzles::variants::Variant;
use dlxlab::solvers::Status;
use dlxlab::sudoku::Shape;

/// Generate puzzles with a unique solution (symmetric, minimal, of a clue count or difficulty).
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Number of puzzles.
    #[arg(long)]
    count: u64,
    /// Master seed; puzzle i uses a stream derived from (seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// What to make: unique (puzzles with a unique solution, to the options below),
    /// unbiased-minimal (minimal puzzles equally likely for a clue count given the grid, tdoku's
    /// "unbiased"), random-clues (random clue sets, mostly without a solution, like tdoku's
    /// gen_puzzles) or several-solutions (serg's construction, two solutions or more); see
    /// docs/generation.md.
    #[arg(long, default_value = "unique")]
    mode: Mode,
    /// Symmetry of the clue pattern: none, rot180, diagonal, mirror, rot90.
    #[arg(long, default_value = "none")]
    symmetry: Symmetry,
    /// Only minimal puzzles (no single given can be removed).
    #[arg(long)]
    minimal: bool,
    /// Exact number of givens (with --mode unbiased-minimal: keep only puzzles with this many;
    /// with --mode random-clues: the clues per line, default 30).
    #[arg(long)]
    clues: Option<usize>,
    /// Technique-rating band on the SE scale, e.g. `2.0..4.5` (inclusive).
    #[arg(long, value_name = "A..B")]
    rating: Option<String>,
    /// Solver whose node count --nodes bounds (see `dlxlab solvers`).
    #[arg(long, value_name = "NAME", requires = "nodes")]
    nodes_solver: Option<String>,
    /// Node band of --nodes-solver, e.g. `1..50` (inclusive).
    #[arg(long, value_name = "A..B", requires = "nodes_solver")]
    nodes: Option<String>,
    /// Puzzle type: classic, x (both diagonals), windoku (hyper), jigsaw (random regions) or
    /// killer (random cages, no givens); 9x9.
    #[arg(long, default_value = "classic")]
    variant: String,
    /// Attempts per puzzle before giving up (default 10,000; 100,000,000 with --mode
    /// unbiased-minimal, which keeps about one attempt in 200,000).
    #[arg(long)]
    max_attempts: Option<u64>,
    /// Output corpus, written atomically (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores); the output does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// The reason a puzzle could not be made, for its `# puzzle N: ...` line; any other error (a
/// specification that no puzzle can meet) stops the command.
fn not_made(error: spec::GenerateError) -> anyhow::Result<String> {
    match error {
        spec::GenerateError::Exhausted { .. } => Ok(error.to_string()),
        other => Err(other.into()),
    }
}

fn split_band(text: &str) -> anyhow::Result<(&str, &str)> {
    text.split_once("..")
        .with_context(|| format!("band `{text}` is not of the form A..B"))
}

fn rating_band(text: &str) -> anyhow::Result<Band<u16>> {
    let (a, b) = split_band(text)?;
    let tenths = |s: &str| -> anyhow::Result<u16> {
        let x: f64 = s
            .trim()
            .parse()
            .with_context(|| format!("rating `{s}` in band `{text}` is not a number"))?;
        anyhow::ensure!(
            (0.0..=20.0).contains(&x),
            "rating `{s}` in band `{text}` is outside 0..20"
        );
        Ok((x * 10.0).round() as u16)
    };
    let band = Band {
        lo: tenths(a)?,
        hi: tenths(b)?,
    };
    anyhow::ensure!(band.lo <= band.hi, "rating band `{text}` is empty");
    Ok(band)
}

fn node_band(text: &str) -> anyhow::Result<Band<u64>> {
    let (a, b) = split_band(text)?;
    let parse = |s: &str| -> anyhow::Result<u64> {
        s.trim()
            .parse()
            .with_context(|| format!("node count `{s}` in band `{text}` is not a whole number"))
    };
    let band = Band {
        lo: parse(a)?,
        hi: parse(b)?,
    };
    anyhow::ensure!(band.lo <= band.hi, "node band `{text}` is empty");
    Ok(band)
}

/// The command line that reproduces the output (without --out and --threads, which do not change
/// it), with every option that does.
fn command_line(args: &GenerateArgs) -> String {
    if args.mode != Mode::Unique {
        let mut cmd = format!(
            "dlxlab generate --count {} --seed {} --mode {}",
            args.count, args.seed, args.mode
        );
        let clues = match args.mode {
            Mode::RandomClues => Some(args.clues.unwrap_or(field::DEFAULT_RANDOM_CLUES)),
            _ => args.clues,
        };
        if let Some(k) = clues {
            cmd.push_str(&format!(" --clues {k}"));
        }
        cmd.push_str(&format!(" --max-attempts {}", max_attempts(args)));
        return cmd;
    }
    let mut cmd = format!(
        "dlxlab generate --count {} --seed {} --symmetry {}",
        args.count, args.seed, args.symmetry
    );
    if args.minimal {
        cmd.push_str(" --minimal");
    }
    if let Some(k) = args.clues {
        cmd.push_str(&format!(" --clues {k}"));
    }
    if let Some(r) = &args.rating {
        cmd.push_str(&format!(" --rating {r}"));
    }
    if let (Some(s), Some(n)) = (&args.nodes_solver, &args.nodes) {
        cmd.push_str(&format!(" --nodes-solver {s} --nodes {n}"));
    }
    cmd.push_str(&format!(
        " --variant {} --max-attempts {}",
        args.variant,
        max_attempts(args)
    ));
    cmd
}

/// `--max-attempts`, or the mode's default.
fn max_attempts(args: &GenerateArgs) -> u64 {
    args.max_attempts.unwrap_or(match args.mode {
        Mode::UnbiasedMinimal => 100_000_000,
        _ => 10_000,
    })
}

/// Refuses the options a field mode does not take.
fn check_field_options(args: &GenerateArgs) -> anyhow::Result<()> {
    let mode = args.mode;
    let refused = [
        (args.symmetry != Symmetry::None, "--symmetry"),
        (
            args.minimal && mode != Mode::UnbiasedMinimal,
            "--minimal (only unbiased-minimal, where it is implied)",
        ),
        (args.rating.is_some(), "--rating"),
        (args.nodes.is_some(), "--nodes"),
        (args.variant != "classic", "--variant"),
        (
            args.clues.is_some() && mode == Mode::SeveralSolutions,
            "--clues",
        ),
    ];
    for (given, flag) in refused {
        anyhow::ensure!(!given, "generate --mode {mode} does not take {flag}");
    }
    Ok(())
}

/// Writes `text` to `--out` atomically, or to standard output.
fn emit(args: &GenerateArgs, text: &str) -> anyhow::Result<()> {
    match &args.out {
        Some(path) => write_atomic(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display())),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(())
        }
    }
}

/// `--mode unbiased-minimal | random-clues | several-solutions`: the field's sets.
fn run_field(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    check_field_options(&args)?;
    let pool = super::progress::thread_pool(args.threads)?;
    let threads = pool.current_num_threads();
    let start = Instant::now();
    let results = pool.install(|| {
        field::generate_field_many(
            args.mode,
            args.clues,
            args.seed,
            args.count,
            max_attempts(&args),
        )
    })?;
    let elapsed = start.elapsed().as_secs_f64();
    let mut counts = [0u64; 3];
    let mut attempts = 0;
    let mut body = String::new();
    for r in results {
        match r {
            Ok(p) => {
                attempts += p.attempts;
                let slot = match p.status {
                    Status::Unique => 0,
                    Status::Multiple => 1,
                    Status::None => 2,
                    other => anyhow::bail!("the fast solver answered `{other}` without a budget"),
                };
                counts[slot] += 1;
                writeln!(body, "{}", p.puzzle.to_line())?;
            }
            Err(e) => writeln!(body, "# {}", not_made(e)?)?,
        }
    }
    let made: u64 = counts.iter().sum();
    let missing = args.count - made;
    let made_text = if missing == 0 {
        format!("{} puzzles", args.count)
    } else {
        format!(
            "{made} of {} puzzles ({missing} could not be made: the `# puzzle N:` lines)",
            args.count
        )
    };
    let mut text = format!("# {}\n", command_line(&args));
    writeln!(
        text,
        "# dlxlab {}, field method {FIELD_METHOD_VERSION} ({}, docs/generation.md); {made_text}, 9x9 classic; \
         the same command reproduces this file for any --threads",
        env!("CARGO_PKG_VERSION"),
        args.mode
    )?;
    writeln!(
        text,
        "# statuses (fast solver, up to 2 solutions): unique {}, multiple {}, none {}",
        counts[0], counts[1], counts[2]
    )?;
    text.push_str(&body);
    emit(&args, &text)?;
    eprintln!(
        "generated {made} puzzles in {elapsed:.2} s ({:.1} puzzles/s, {threads} threads, {attempts} attempts): unique {}, multiple {}, none {}",
        made as f64 / elapsed.max(1e-9),
        counts[0],
        counts[1],
        counts[2]
    );
    if missing > 0 {
        eprintln!(
            "dlxlab: generate: {missing} of {} puzzles could not be made in {} attempts each (kept as `# puzzle N:` lines; raise --max-attempts)",
            args.count, max_attempts(&args)
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    if args.mode != Mode::Unique {
        return run_field(args);
    }
    let variant = Variant::by_name(&args.variant)?;
    let shape = Shape::CLASSIC;
    let spec = Spec {
        shape,
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        rating_tenths: args.rating.as_deref().map(rating_band).transpose()?,
        nodes: match (&args.nodes_solver, &args.nodes) {
            (Some(solver), Some(nodes)) => Some(NodeBand {
                solver: solver.clone(),
                nodes: node_band(nodes)?,
            }),
            _ => None,
        },
        max_attempts: max_attempts(&args),
    };
    spec::validate(&spec)?;
    let pool = super::progress::thread_pool(args.threads)?;
    let threads = pool.current_num_threads();
    let start = Instant::now();
    // Per puzzle index: its line and attempts, or why no attempt met the specification. A puzzle
    // that could not be made does not discard the others: its place holds a `# puzzle N: ...`
    // comment line, and the exit status is 1.
    let lines: Vec<Result<(String, u64), String>> = if variant == Variant::Classic {
        let results = pool.install(|| spec::generate_many(&spec, args.seed, args.count));
        let mut lines = Vec::with_capacity(results.len());
        for r in results {
            lines.push(match r {
                Ok(g) => {
                    let mut line = g.puzzle.to_line();
                    if let Some(t) = g.rating_tenths {
                        line.push_str(&format!(" se={}.{}", t / 10, t % 10));
                    }
                    if let Some(n) = g.nodes {
                        line.push_str(&format!(" nodes={n}"));
                    }
                    Ok((line, g.attempts))
                }
                Err(e) => Err(not_made(e)?),
            });
        }
        lines
    } else {
        let results =
            pool.install(|| variant::generate_variants(variant, &spec, args.seed, args.count));
        let mut lines = Vec::with_capacity(results.len());
        for r in results {
            lines.push(match r {
                Ok(g) => Ok((g.puzzle.to_line(), g.attempts)),
                Err(e) => Err(not_made(e)?),
            });
        }
        lines
    };
    let elapsed = start.elapsed().as_secs_f64();
    let attempts: u64 = lines.iter().flatten().map(|(_, a)| a).sum();
    let made = lines.iter().filter(|l| l.is_ok()).count() as u64;
    let missing = args.count - made;

    let mut out = String::new();
    writeln!(out, "# {}", command_line(&args))?;
    let made_text = if missing == 0 {
        format!("{} puzzles", args.count)
    } else {
        format!(
            "{made} of {} puzzles ({missing} could not be made: the `# puzzle N:` lines)",
            args.count
        )
    };
    writeln!(
        out,
        "# dlxlab {}, generation method {METHOD_VERSION} (docs/generation.md); {made_text}, 9x9 {}; \
         the same command reproduces this file for any --threads",
        env!("CARGO_PKG_VERSION"),
        variant.name()
    )?;
    for line in &lines {
        match line {
            Ok((line, _)) => writeln!(out, "{line}")?,
            Err(reason) => writeln!(out, "# {reason}")?,
        }
    }
    emit(&args, &out)?;
    eprintln!(
        "generated {made} puzzles in {elapsed:.2} s ({:.1} puzzles/s, {threads} threads, {attempts} attempts)",
        made as f64 / elapsed.max(1e-9)
    );
    if missing > 0 {
        eprintln!(
            "dlxlab: generate: {missing} of {} puzzles could not be made in {} attempts each (kept as `# puzzle N:` lines; raise --max-attempts or relax the specification)",
            args.count, max_attempts(&args)
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
