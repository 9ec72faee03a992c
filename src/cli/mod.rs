//! Command-line definitions (clap derive) and printing. The logic lives in the library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// dlxlab: exact cover with dancing links, Sudoku solvers and corpus studies.
#[derive(Parser, Debug)]
#[command(name = "dlxlab", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {}

/// Parses the arguments, runs the command and turns errors into an exit code. A closed stdout
/// (`dlxlab ... | head`) is success, as in ripgrep.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: anyhow::Result<ExitCode> = match cli.command {};
    match result {
        Ok(code) => code,
        Err(err) => {
            if err
                .chain()
                .any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
            {
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
