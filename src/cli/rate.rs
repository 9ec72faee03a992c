//! `dlxlab rate`: the decision-tree index and the SE technique rating of every puzzle of a corpus,
//! as CSV in input order.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;

use dlxlab::logic;
use dlxlab::rating::decision_tree::Variant;
use dlxlab::rating::table::{self, RatingRow};
use dlxlab::rating::technique::{self, TechniqueRating};
use dlxlab::sudoku::Grid;

use super::input::{parse_grid, Origin, PuzzleArgs};
use super::study::progress_bar;

/// Rate puzzles: decision-tree index and Sudoku Explainer technique rating. One CSV row per
/// puzzle; `line` is the corpus line, or the argument's position for puzzles on the command line.
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct RateArgs {
    /// Puzzles; a corpus line may be followed by an external (SE) rating, which is kept.
    #[command(flatten)]
    input: PuzzleArgs,
    /// Output CSV (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Do not print the agreement summary on standard error.
    #[arg(long)]
    quiet: bool,
    /// Variant of the decision-tree index (nodes, checks, wrong-choices, wasted-nodes, combined).
    #[arg(long, default_value = "combined")]
    variant: Variant,
    /// Leave the decision_tree column empty: recording the search tree of every puzzle costs far
    /// more than the technique rating on hard corpora.
    #[arg(long)]
    no_decision_tree: bool,
    /// Time limit of the technique rating of one puzzle, in seconds: a puzzle still unrated then
    /// gets a row with empty ratings and `error = time limit`.
    #[arg(long, default_value_t = 60.0, value_parser = parse_seconds)]
    max_seconds: f64,
    /// Also run SE's UVWXYZ-wing (6.6), which Sukaku Explainer's default list has but the SE build
    /// that rated the SE sample did not (see docs/rating.md).
    #[arg(long)]
    uvwxyz_wing: bool,
}

/// Parses a positive number of seconds (`--max-seconds`).
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!("`{text}` is not a positive number of seconds")),
    }
}

fn rate_line(
    line: usize,
    text: &str,
    variant: Option<Variant>,
    max_time: Option<Duration>,
    options: logic::PathOptions,
) -> RatingRow {
    let mut fields = text.split_whitespace();
    let puzzle = fields.next().unwrap_or("").to_string();
    let external = fields
        .next_back()
        .filter(|t| technique::parse_tenths(t).is_some())
        .map(str::to_string);
    let grid = Grid::parse(&puzzle).map_err(|e| e.to_string());
    table::rate_with(
        line as u64,
        puzzle,
        grid.as_ref().map_err(Clone::clone),
        external,
        variant,
        max_time,
        options,
    )
}

/// The kind of an error row, for the summary: the statuses by name, anything else as invalid.
fn error_kind(error: &str) -> &'static str {
    if error == "multiple solutions" {
        "multiple solutions"
    } else if error == "time limit" {
        "time limit"
    } else if error.starts_with("no solution") {
        "no solution"
    } else {
        "invalid line"
    }
}

pub fn run(args: RateArgs) -> anyhow::Result<ExitCode> {
    // Read lossily, so that a line that is not UTF-8 becomes one row with an error instead of
    // aborting the whole corpus.
    let inputs = match args.input.require_puzzles("rate", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    let lines: Vec<(usize, &str)> = inputs
        .iter()
        .map(|input| {
            let n = match input.origin {
                Origin::Argument(n) => n,
                Origin::Line(n) => n as usize,
            };
            (n, input.text.as_str())
        })
        .collect();
    let pool = super::thread_pool(args.threads)?;
    let variant = (!args.no_decision_tree).then_some(args.variant);
    let max_time = Some(Duration::from_secs_f64(args.max_seconds));
    let options = logic::PathOptions {
        uvwxyz_wing: args.uvwxyz_wing,
    };
    let bar = progress_bar(args.quiet, Some(lines.len() as u64), "puzzles");
    let rows: Vec<RatingRow> = pool.install(|| {
        lines
            .par_iter()
            .map(|&(n, l)| {
                let row = rate_line(n, l, variant, max_time, options);
                bar.inc(1);
                row
            })
            .collect()
    });
    bar.finish_and_clear();

    let sink: Box<dyn Write> = match &args.out {
        Some(p) => {
            Box::new(fs::File::create(p).with_context(|| format!("creating {}", p.display()))?)
        }
        None => Box::new(io::stdout().lock()),
    };
    table::write_csv(&rows, io::BufWriter::new(sink))?;

    if !args.quiet {
        let pairs: Vec<(u16, &TechniqueRating)> = rows
            .iter()
            .filter_map(|r| {
                let ext = technique::parse_tenths(r.external.as_deref()?)?;
                Some((ext, r.result.as_ref().ok()?))
            })
            .collect();
        let errors = rows.iter().filter(|r| r.result.is_err()).count();
        let mut err = io::stderr().lock();
        writeln!(err, "rated {} puzzles ({} errors)", rows.len(), errors)?;
        let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
        for row in &rows {
            if let Err(e) = &row.result {
                *kinds.entry(error_kind(e)).or_default() += 1;
            }
        }
        for (kind, n) in kinds {
            writeln!(err, "  {kind}: {n}")?;
        }
        if !pairs.is_empty() {
            writeln!(err, "band  total  exact  lower  higher  beyond  agree%")?;
            let (mut t44, mut e44) = (0, 0);
            for b in technique::agreement(&pairs) {
                writeln!(
                    err,
                    "{:>2}.{}  {:>5}  {:>5}  {:>5}  {:>6}  {:>6}  {:>5.1}",
                    b.band_tenths / 10,
                    b.band_tenths % 10,
                    b.total,
                    b.exact,
                    b.lower,
                    b.higher,
                    b.beyond,
                    100.0 * b.exact as f64 / b.total as f64
                )?;
                if b.band_tenths <= 44 {
                    t44 += b.total;
                    e44 += b.exact;
                }
            }
            if t44 > 0 {
                writeln!(
                    err,
                    "rated <= 4.4: {e44}/{t44} exact ({:.1}%)",
                    100.0 * e44 as f64 / t44 as f64
                )?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
