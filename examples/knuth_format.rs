//! Reading a problem in Knuth's DLX format (here with colours and multiplicities, as dlx3 takes
//! it) and solving it with the engine that fits: Algorithm X/C, or Algorithm M for multiplicities.
//!
//! ```sh
//! cargo run --example knuth_format
//! ```

use dlxlab::xc::choose::for_problem;
use dlxlab::xc::count::first_solution;
use dlxlab::xc::format::{self, FormatError};
use dlxlab::xc::{Control, Limits};

/// Knuth's own test case from dlx3: C must be covered two or three times.
pub const DLX3_EXAMPLE: &str = "\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

/// Every solution of a problem given as text, each as its option lines.
pub fn solve_text(text: &str) -> Result<Vec<Vec<String>>, FormatError> {
    let parsed = format::parse(text)?;
    let problem = &parsed.problem;
    let mut engine = for_problem(problem);
    let mut solutions = Vec::new();
    engine.search_dyn(&Limits::NONE, &mut |solution| {
        solutions.push(
            solution
                .iter()
                .map(|&o| problem.option_to_string(o))
                .collect(),
        );
        Control::Continue
    });
    // The helpers in `count` work on any engine too.
    let (first, _) = first_solution(engine.as_mut(), &Limits::NONE);
    assert_eq!(first.is_some(), !solutions.is_empty());
    Ok(solutions)
}

fn main() {
    match solve_text(DLX3_EXAMPLE) {
        Ok(solutions) => {
            for (k, s) in solutions.iter().enumerate() {
                println!("solution {}:", k + 1);
                for option in s {
                    println!("  {option}");
                }
            }
        }
        Err(e) => eprintln!("{e}"),
    }
}
