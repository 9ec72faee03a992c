//! The line protocol between dlxlab and an external solver (`docs/external-solvers.md`).
//!
//! dlxlab writes one puzzle per line (81 characters for 9x9, `.` for an empty cell, ending in
//! `\n`); the program answers one line:
//!
//! ```text
//! ANSWER [key=value ...]
//! ANSWER   = SOLUTION            the puzzle has exactly one solution, and this is it
//!          | multiple [SOLUTION] two or more solutions (one of them may be given)
//!          | none                no solution
//!          | limit               the program gave up (no claim either way)
//! key      = nodes | guesses | time_ns  (unsigned integers; any other key is ignored)
//! ```
//!
//! A solution is written like a puzzle with every cell filled. Anything else is garbage.

use crate::solvers::Status;
use crate::sudoku::{Grid, Shape};

/// The longest answer line accepted, in bytes; a longer one is garbage.
pub const MAX_LINE: usize = 64 * 1024;

/// One parsed answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `unique` (a solution line), `multiple`, `none` or `limit`.
    pub status: Status,
    /// The solution given, if any.
    pub solution: Option<Grid>,
    /// `nodes=`, when given.
    pub nodes: Option<u64>,
    /// `guesses=`, when given.
    pub guesses: Option<u64>,
    /// `time_ns=`, when given.
    pub time_ns: Option<u64>,
}

/// Parses one answer line for a puzzle of `shape`; `Err` says why it is garbage.
pub fn parse_answer(line: &str, shape: Shape) -> Result<Answer, String> {
    let mut fields = line.split_whitespace();
    let Some(first) = fields.next() else {
        return Err("an empty line".to_string());
    };
    let mut answer = Answer {
        status: Status::Unique,
        solution: None,
        nodes: None,
        guesses: None,
        time_ns: None,
    };
    let mut rest: Vec<&str> = fields.collect();
    match first {
        "none" => answer.status = Status::None,
        "limit" => answer.status = Status::Limit,
        "multiple" => {
            answer.status = Status::Multiple;
            if let Some(next) = rest.first().copied().filter(|f| !f.contains('=')) {
                answer.solution = Some(solution(next, shape)?);
                rest.remove(0);
            }
        }
        text => answer.solution = Some(solution(text, shape)?),
    }
    for field in rest {
        let Some((key, value)) = field.split_once('=') else {
            return Err(format!("`{}` is not key=value", clip(field)));
        };
        let slot = match key {
            "nodes" => &mut answer.nodes,
            "guesses" => &mut answer.guesses,
            "time_ns" => &mut answer.time_ns,
            _ => continue,
        };
        *slot = Some(
            value
                .parse()
                .map_err(|_| format!("{key}=`{}` is not an unsigned integer", clip(value)))?,
        );
    }
    Ok(answer)
}

/// A complete grid of `shape`.
fn solution(text: &str, shape: Shape) -> Result<Grid, String> {
    let grid = Grid::parse(text).map_err(|e| format!("`{}` is not a solution: {e}", clip(text)))?;
    if grid.shape() != shape {
        return Err(format!(
            "a {0}x{0} grid answers a {1}x{1} puzzle",
            grid.shape().side(),
            shape.side()
        ));
    }
    if grid.givens() != shape.cells() {
        return Err(format!(
            "`{}` is not a solution: {} empty cells",
            clip(text),
            shape.cells() - grid.givens()
        ));
    }
    Ok(grid)
}

/// At most 100 characters of `text`, for messages.
pub fn clip(text: &str) -> String {
    if text.chars().count() <= 100 {
        text.to_string()
    } else {
        let head: String = text.chars().take(100).collect();
        format!("{head}…")
    }
}
