//! `dlxlab explain`: the logical solution path of one puzzle, step by step, and its SE rating.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use dlxlab::logic;
use dlxlab::rating::technique;
use dlxlab::sudoku::Grid;

use super::input::{parse_grid, PuzzleArgs, EXIT_INVALID_ARGUMENT};

/// Print the logical solution path of each puzzle step by step, with its SE rating. Several
/// puzzles are separated by a blank line; a corpus line that is not a puzzle, or a puzzle that
/// cannot be explained (several or no solutions), gets one line `# line N: REASON` and the run
/// goes on (exit status 1 at the end when a puzzle could not be explained).
#[derive(Args, Debug)]
#[command(after_help = super::input::EXIT_STATUS_HELP)]
pub struct ExplainArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Also run SE's UVWXYZ-wing (6.6), which Sukaku Explainer's default list has but the SE build
    /// that rated the SE sample did not (see docs/rating.md).
    #[arg(long)]
    uvwxyz_wing: bool,
    /// Which Sudoku Explainer the path and ratings follow: `sample` (the build that rated
    /// se-rated-sample.txt) or `serate` (the current serate's default list; see `rate --help`).
    #[arg(long, default_value_t = dlxlab::rating::SeProfile::Sample)]
    se_profile: dlxlab::rating::SeProfile,
    /// Time budget of one puzzle's path, in milliseconds, as `rate --limit-ms`: a puzzle still
    /// unexplained then gets `time limit` and the run goes on (the exit status of a puzzle that
    /// cannot be explained).
    #[arg(long, value_name = "MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..))]
    limit_ms: u64,
    /// Also print HoDoKu 2.2's path (each step with its HoDoKu score) and its level and score
    /// (docs/rating.md, "HoDoKu").
    #[arg(long)]
    hodoku: bool,
}

pub fn run(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let inputs = match args.input.require_puzzles("explain", parse_grid)? {
        Ok(inputs) => inputs,
        Err(code) => return Ok(code),
    };
    let options = args.se_profile.path_options(args.uvwxyz_wing);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (i, input) in inputs.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let grid = match Grid::parse(input.puzzle()) {
            Ok(grid) => grid,
            Err(err) => {
                // A corpus line that is not a puzzle: a record, as in every command.
                writeln!(out, "# {}: {err}", input.origin)?;
                continue;
            }
        };
        let explained = explain(
            &mut out,
            &grid,
            options,
            std::time::Duration::from_millis(args.limit_ms),
        );
        let explained = explained.and_then(|()| {
            if args.hodoku {
                explain_hodoku(&mut out, &grid)
            } else {
                Ok(())
            }
        });
        if let Err(err) = explained {
            if err.downcast_ref::<io::Error>().is_some() {
                return Err(err);
            }
            if input.is_argument() {
                out.flush()?;
                eprintln!(
                    "dlxlab: {}: puzzle `{}`: {err:#}",
                    input.origin,
                    input.puzzle()
                );
            } else {
                writeln!(out, "# {}: {err:#}", input.origin)?;
            }
            failed = true;
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(EXIT_INVALID_ARGUMENT)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes HoDoKu 2.2's path of one puzzle, one step a line with its score, then its rating (or
/// where the reproduced steps ran out).
fn explain_hodoku(out: &mut impl Write, grid: &Grid) -> anyhow::Result<()> {
    let rating = dlxlab::rating::hodoku::rate(grid)?;
    writeln!(out, "hodoku path (HoDoKu 2.2):")?;
    for (n, step) in rating.steps.iter().enumerate() {
        writeln!(
            out,
            "{:>4}. [{:>3}] {}",
            n + 1,
            step.config().score,
            step.describe()
        )?;
    }
    match rating.level {
        Some(level) => writeln!(out, "hodoku  {level} ({})", rating.score)?,
        None => writeln!(
            out,
            "hodoku  not rated: HoDoKu would play a mutant fish here, not reproduced (score so far {})",
            rating.score
        )?,
    }
    Ok(())
}

/// Writes the explanation of one puzzle. The steps where SE's diamond (ED, the first step) and
/// pearl (EP, the first placement) are reached end in `[ED]` and `[EP]`.
fn explain(
    out: &mut impl Write,
    grid: &Grid,
    options: logic::PathOptions,
    max_time: std::time::Duration,
) -> anyhow::Result<()> {
    technique::check_unique(grid)?;
    let path = logic::solve_path_with(grid, Some(max_time), options).context("solving")?;
    let rating = technique::rate_path(&path);
    let pearl_step = rating.pearl.and_then(|(_, i)| i);
    writeln!(out, "puzzle  {}", grid.to_line())?;
    for (i, step) in path.steps.iter().enumerate() {
        let marks = match (i == 0, pearl_step == Some(i)) {
            (true, true) => "  [ED] [EP]",
            (true, false) => "  [ED]",
            (false, true) => "  [EP]",
            (false, false) => "",
        };
        writeln!(
            out,
            "{:>3}. {}.{}  {}{marks}",
            i + 1,
            step.score_tenths / 10,
            step.score_tenths % 10,
            step.describe()
        )?;
    }
    if path.solved {
        writeln!(out, "solved  {}", path.end.to_line())?;
        writeln!(
            out,
            "rating  {} ({}), {} steps",
            rating.rating_text(),
            rating.hardest,
            rating.steps
        )?;
        writeln!(
            out,
            "ER/EP/ED  {}/{}/{}",
            rating.rating_text(),
            rating.pearl_text(),
            rating.diamond_text()
        )?;
    } else {
        writeln!(
            out,
            "stuck after {} steps: the next step needs a technique beyond those implemented",
            path.steps.len()
        )?;
        writeln!(out, "candidates where the techniques ran out:")?;
        write!(out, "{:?}", path.end)?;
        if rating.steps == 0 {
            writeln!(out, "rating  beyond (no implemented technique applies)")?;
        } else {
            writeln!(
                out,
                "rating  beyond (hardest reached: {} {}.{})",
                rating.hardest,
                rating.score_tenths / 10,
                rating.score_tenths % 10
            )?;
        }
        writeln!(
            out,
            "ER/EP/ED  beyond/{}/{}",
            rating.pearl_text(),
            rating.diamond_text()
        )?;
    }
    Ok(())
}
