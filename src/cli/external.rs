//! `--external NAME=COMMAND` on `study`, `bench`, `solve` and `check`, and `dlxlab external-null`.

use std::io;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;

use dlxlab::harness::SolverRun;
use dlxlab::solvers::external::{serve_null, ExternalSolver, DEFAULT_MAX_MS};
use dlxlab::solvers::{SolveLimits, Solver};

/// External solvers given on the command line.
#[derive(Args, Clone, Debug, Default)]
pub struct ExternalArgs {
    /// Also run an external solver: NAME=COMMAND starts COMMAND (through `sh -c`) once, keeps it
    /// running and drives it with the line protocol of docs/external-solvers.md; NAME labels its
    /// rows. Repeatable.
    #[arg(long = "external", value_name = "NAME=COMMAND")]
    pub external: Vec<String>,
    /// How long an external solver may take to answer one puzzle, in milliseconds; past it the
    /// program is killed, the puzzle gets an error row and the next puzzle restarts it.
    /// (`--max-ms` is the old spelling.)
    #[arg(
        long = "external-limit-ms",
        alias = "max-ms",
        value_name = "MS",
        default_value_t = DEFAULT_MAX_MS
    )]
    pub max_ms: u64,
}

impl ExternalArgs {
    /// The external solvers, names checked against the built-in ones and each other.
    pub fn solvers(&self) -> anyhow::Result<Vec<Box<dyn Solver>>> {
        let mut out: Vec<Box<dyn Solver>> = Vec::new();
        for spec in &self.external {
            let solver = ExternalSolver::parse(spec, self.max_ms)?;
            if out.iter().any(|s| s.name() == solver.name()) {
                bail!("external solver `{}` is given twice", solver.name());
            }
            out.push(Box::new(solver));
        }
        Ok(out)
    }

    /// Appends the external solvers to a harness run list, with `limits`.
    pub fn add_runs(&self, runs: &mut Vec<SolverRun>, limits: SolveLimits) -> anyhow::Result<()> {
        for solver in self.solvers()? {
            runs.push(SolverRun { solver, limits });
        }
        Ok(())
    }
}

/// The null external solver, for `bench`: this very binary run as `external-null`.
pub fn null_run(max_ms: u64) -> anyhow::Result<SolverRun> {
    let exe = std::env::current_exe()?;
    let command = format!(
        "'{}' external-null",
        exe.display().to_string().replace('\'', "'\\''")
    );
    Ok(SolverRun {
        solver: Box::new(ExternalSolver::new("external-null", &command, max_ms)?),
        limits: SolveLimits::default(),
    })
}

/// Answer `limit` to every puzzle line on standard input, at once: the cheapest program that
/// speaks the external-solver protocol, to measure the protocol's own cost.
#[derive(Args, Debug)]
pub struct NullArgs {}

/// Runs `dlxlab external-null`.
pub fn run_null(_: NullArgs) -> anyhow::Result<ExitCode> {
    serve_null(io::stdin().lock(), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
