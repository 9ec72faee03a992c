//! Command-line definitions (clap derive) and printing. The logic lives in the library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod bench;
mod canon;
mod check;
mod count;
mod count_jobs;
mod derive;
mod engines;
mod explain;
mod external;
mod gen_xc;
mod generate;
mod grids;
mod harden;
mod input;
mod interrupt;
mod ladder;
mod merge;
mod merge_counts;
mod metrics;
mod minimize;
mod progress;
mod puzzle_input;
mod rate;
mod report;
mod solve;
mod solvers;
mod split;
mod study;
mod variant;
mod whole_bench;
mod xc;
mod xc_memo;
mod xc_output;

/// dlxlab: exact cover with dancing links, Sudoku solvers and corpus studies.
#[derive(Parser, Debug)]
#[command(name = "dlxlab", version, about, long_about = None, after_help = input::EXIT_STATUS_TABLE)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve an exact-cover problem in Knuth's DLX text format.
    Xc(xc::XcArgs),
    /// Write a classic problem (queens, pentomino, langford, latin, sudoku) in Knuth's format.
    GenXc(gen_xc::GenXcArgs),
    /// Solve Sudoku puzzles with any registered solver.
    Solve(solve::SolveArgs),
    /// List the registered solvers with their descriptors.
    Solvers(solvers::SolversArgs),
    /// Run solvers over a corpus and fail on any invalid solution or disagreement.
    Check(check::CheckArgs),
    /// Run a corpus through every solver: runs.csv, meta.json, summary.md.
    Study(study::StudyArgs),
    /// Join the outputs of sharded study runs into one.
    Merge(merge::MergeArgs),
    /// Throughput table per solver on a corpus.
    Bench(bench::BenchArgs),
    /// Dancing links against dancing cells on the same problems, same run: CSV, tables, figure.
    Engines(engines::EnginesArgs),
    /// The null external solver: answers `limit` to every puzzle line on standard input at once
    /// (calibrates the protocol overhead of `--external`; see docs/external-solvers.md).
    ExternalNull(external::NullArgs),
    /// The loop protocol of `bench --in-process-peer` around a built-in solver: timed passes over
    /// a puzzle file (a control for in-process peers; see docs/performance.md).
    LoopPeer(bench::LoopPeerArgs),
    /// Count the solutions of every puzzle of a corpus into a CSV.
    Count(count::CountArgs),
    /// Rate puzzles: decision-tree index and Sudoku Explainer technique rating.
    Rate(rate::RateArgs),
    /// The inference ladder: puzzles each level of propagation solves with no guess (tdoku's table).
    Ladder(ladder::LadderArgs),
    /// Every difficulty metric of several studies side by side (reports/metrics).
    Metrics(metrics::MetricsArgs),
    /// Print the logical solution path of a puzzle step by step.
    Explain(explain::ExplainArgs),
    /// Plots, statistics and summary.md from a study's CSV files.
    Report(report::ReportArgs),
    /// Split an exact-cover problem into job files for a cluster.
    Split(split::SplitArgs),
    /// Count a deterministic slice of the jobs written by split.
    CountJobs(count_jobs::CountJobsArgs),
    /// Check that every job reported exactly once, and sum the counts.
    MergeCounts(merge_counts::MergeCountsArgs),
    /// Derive new corpora from a corpus (e.g. every puzzle with one given removed).
    Derive(derive::DeriveArgs),
    /// Generate puzzles with a unique solution (symmetric, minimal, clue count, difficulty).
    Generate(generate::GenerateArgs),
    /// Find puzzles rated at or above an SE threshold by local search around seeds.
    Harden(harden::HardenArgs),
    /// Remove givens while the solution stays unique, until the puzzle is minimal.
    Minimize(minimize::MinimizeArgs),
    /// Canonical form under the Sudoku symmetry group (finds duplicates across corpora).
    Canon(canon::CanonArgs),
    /// Solve Sudoku variants (x, windoku, jigsaw, killer, classic) as exact covers.
    Variant(variant::VariantArgs),
    /// Count every Sudoku grid of a box shape, or the essentially different ones.
    Grids(grids::GridsArgs),
    /// Honeycomb Sudoku (Hanidoku): solve, count, generate, compare the two solvers.
    Honeycomb(variant::HoneycombArgs),
}

/// Parses the arguments, runs the command and turns errors into an exit code. A closed stdout
/// (`dlxlab ... | head`) is success, as in ripgrep.
pub fn main() -> ExitCode {
    if let Some(args) = xc::parse_alone() {
        return finish(xc::run(args));
    }
    let cli = Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    let result: anyhow::Result<ExitCode> = match cli.command {
        Command::Xc(args) => xc::run(args),
        Command::GenXc(args) => gen_xc::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Solvers(args) => solvers::run(args),
        Command::Check(args) => check::run(args),
        Command::Study(args) => study::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Engines(args) => engines::run(args),
        Command::ExternalNull(args) => external::run_null(args),
        Command::LoopPeer(args) => bench::run_loop_peer(args),
        Command::Count(args) => count::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Ladder(args) => ladder::run(args),
        Command::Metrics(args) => metrics::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Report(args) => report::run(args),
        Command::Split(args) => split::run(args),
        Command::CountJobs(args) => count_jobs::run(args),
        Command::MergeCounts(args) => merge_counts::run(args),
        Command::Derive(args) => derive::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Harden(args) => harden::run(args),
        Command::Minimize(args) => minimize::run(args),
        Command::Canon(args) => canon::run(args),
        Command::Variant(args) => variant::run_variant(args),
        Command::Grids(args) => grids::run(args),
        Command::Honeycomb(args) => variant::run_honeycomb(args),
    };
    finish(result)
}

/// The command line, with the exit-status table at the end of every command's help.
fn command() -> clap::Command {
    with_exit_table(Cli::command())
}

/// Appends the exit-status table to the help of every subcommand of `cmd` (at any depth) that does
/// not end with it already: after the text a command shows after its options, in `-h` and in
/// `--help`.
fn with_exit_table(cmd: clap::Command) -> clap::Command {
    cmd.mut_subcommands(|sub| {
        let sub = with_exit_table(sub);
        let add = |text: Option<&clap::builder::StyledStr>| match text.map(|t| t.to_string()) {
            Some(t) if t.contains(input::EXIT_STATUS_TITLE) => None,
            Some(t) => Some(format!("{t}\n\n{}", input::EXIT_STATUS_TABLE)),
            None => Some(input::EXIT_STATUS_TABLE.to_string()),
        };
        let short = add(sub.get_after_help());
        let long = sub
            .get_after_long_help()
            .is_some()
            .then(|| add(sub.get_after_long_help()))
            .flatten();
        let sub = match short {
            Some(text) => sub.after_help(text),
            None => sub,
        };
        match long {
            Some(text) => sub.after_long_help(text),
            None => sub,
        }
    })
}

/// The exit status of a command's result; errors are printed with their causes, and a broken
/// pipe is success.
fn finish(result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(err) => {
            if err.chain().any(|e| {
                e.downcast_ref::<io::Error>()
                    .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            let mut stderr = io::stderr().lock();
            let _ = write!(stderr, "dlxlab: {err}");
            for cause in err.chain().skip(1) {
                let _ = write!(stderr, "\n  caused by: {cause}");
            }
            let _ = writeln!(stderr);
            ExitCode::from(2)
        }
    }
}
