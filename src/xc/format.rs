//! Knuth's DLX text format, read and written.
//!
//! This is the input format of Knuth's `dlx1`, `dlx2` and `dlx3` (see the opening sections of those
//! programs), so a problem can go from dlxlab to his programs and back:
//!
//! ```text
//! | A simple example of color controls (dlx3's own test case)
//! A B 2:3|C | X Y
//! A B X:0 Y:0
//! A C X:1 Y:1
//! C X:0
//! B X:1
//! C Y:1
//! ```
//!
//! - A line whose first non-blank character is `|` is a comment; blank lines are skipped.
//! - The first other line names the items. A `|` standing alone (preceded by white space or at the
//!   start of a token) separates the primary items from the secondary ones; it may appear once.
//! - A primary item may carry multiplicities (dlx3): `lo:hi|name` asks that `name` be covered at
//!   least `lo` and at most `hi` times; `hi|name` means exactly `hi` times; plain `name` means once.
//!   `hi` must be positive and `lo <= hi`. Secondary items take no bounds.
//! - Every further line is one option: item names separated by white space, `name:colour` giving a
//!   secondary item a colour (dlx2). An option without a primary item is dropped with a warning, as
//!   Knuth's programs do.
//!
//! Differences from Knuth, all in the direction of accepting more: names may be longer than 8
//! characters and colours longer than one character, and there is no limit on line length or on the
//! number of items. What [`write()`] produces for a problem whose names fit Knuth's limits (see
//! [`fits_knuth_limits`]) is read unchanged by his programs.
//!
//! Errors name the line and the column (both 1-based, columns counted in characters) of the
//! offending token and the reason.

use std::fmt;
use std::io::{self, BufRead, Write};

use super::problem::{Entry, ItemId, ItemKind, Problem, ProblemBuilder, XcError};

/// Knuth's limit on item names (`char name[8]` in dlx1–dlx3).
pub const KNUTH_NAME_LEN: usize = 8;

/// A problem read from text, with what is needed to refer back to the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// `option_lines[o]` is the 1-based line number of option `o` (an [`crate::xc::OptionId`]).
    pub option_lines: Vec<usize>,
    /// Warnings, in line order.
    pub warnings: Vec<FormatWarning>,
}

/// Something accepted but changed while reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatWarning {
    /// The option on this line has no primary item and was dropped (as dlx1 does).
    OptionWithoutPrimary {
        /// 1-based line number.
        line: usize,
    },
}

impl fmt::Display for FormatWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatWarning::OptionWithoutPrimary { line } => write!(
                f,
                "line {line}: option has no primary item and was dropped (as Knuth's dlx1 does)"
            ),
        }
    }
}

/// A syntax or validation error at a place in the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct FormatError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the offending token.
    pub column: usize,
    /// What is wrong.
    pub kind: FormatErrorKind,
}

/// What is wrong at a [`FormatError`]'s place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatErrorKind {
    /// The text has no item line (only comments and blank lines, or nothing).
    #[error("no items: the first line that is not a comment must name the items")]
    NoItems,
    /// The item line has a second `|` separator.
    #[error("the item line contains `|` twice")]
    SeparatorTwice,
    /// A bounds prefix is not followed by a name (`2:3|` alone).
    #[error("item name missing after the bounds `{0}`")]
    EmptyItemName(String),
    /// A bound that is not a decimal number (or does not fit 32 bits).
    #[error(
        "bad multiplicity `{0}`: bounds are decimal numbers, written `lo:hi|name` or `hi|name`"
    )]
    BadBound(String),
    /// `lo:name` without the `|` that ends the bounds.
    #[error(
        "`{0}`: a lower bound needs an upper bound (`lo:hi|name`), and names cannot contain `:`"
    )]
    LowerBoundWithoutUpper(String),
    /// Upper bound zero.
    #[error("`{0}`: the upper bound must be positive")]
    ZeroUpperBound(String),
    /// `lo > hi`.
    #[error("`{0}`: the lower bound exceeds the upper bound")]
    LowerExceedsUpper(String),
    /// Bounds given on a secondary item.
    #[error("`{0}`: secondary items cannot have multiplicities (or contain `|`)")]
    BoundOnSecondary(String),
    /// A secondary item name containing `:`.
    #[error("`{0}`: item names cannot contain `:`")]
    ColonInName(String),
    /// An item declared twice.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// An option names an item that was not declared.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An item appears twice in one option.
    #[error("item `{0}` appears more than once in this option")]
    RepeatedItem(String),
    /// A primary item with a colour.
    #[error("primary item `{0}` cannot have a colour")]
    ColorOnPrimary(String),
    /// `name:` with nothing after the colon, or `:colour` with no name.
    #[error("`{0}`: expected `item` or `item:colour`")]
    BadColorSyntax(String),
    /// The line is not valid UTF-8 (only from [`read`]).
    #[error("the line is not valid UTF-8")]
    InvalidUtf8,
    /// Any other error from the problem builder.
    #[error("{0}")]
    Problem(XcError),
}

/// An error from [`read`]: either reading failed or the text is malformed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The reader failed.
    #[error("reading the problem: {0}")]
    Io(#[from] io::Error),
    /// The text is malformed.
    #[error(transparent)]
    Format(#[from] FormatError),
}

/// Parses a problem from text.
pub fn parse(text: &str) -> Result<Parsed, FormatError> {
    let mut parser = Parser::default();
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        last = i + 1;
        parser.line(last, line)?;
    }
    parser.finish(last)
}

/// Reads a problem from a buffered reader, line by line.
pub fn read(mut input: impl BufRead) -> Result<Parsed, ReadError> {
    let mut parser = Parser::default();
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        line_no += 1;
        let line = std::str::from_utf8(&buf).map_err(|_| FormatError {
            line: line_no,
            column: 1,
            kind: FormatErrorKind::InvalidUtf8,
        })?;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        parser.line(line_no, line)?;
    }
    Ok(parser.finish(line_no)?)
}

/// Writes a problem in Knuth's format: the item line, then one option per line.
///
/// Fails with [`io::ErrorKind::InvalidInput`] when the problem has no primary item, which the
/// format cannot express (the item line would read as a comment).
pub fn write(problem: &Problem, mut out: impl Write) -> io::Result<()> {
    if problem.n_primary() == 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "Knuth's format needs at least one primary item",
        ));
    }
    let mut line = String::new();
    for (k, item) in problem.items().iter().enumerate() {
        if k > 0 {
            line.push(' ');
        }
        if k == problem.n_primary() {
            line.push_str("| ");
        }
        if item.kind == ItemKind::Primary && (item.lo, item.hi) != (1, 1) {
            if item.lo != item.hi {
                line.push_str(&format!("{}:", item.lo));
            }
            line.push_str(&format!("{}|", item.hi));
        }
        line.push_str(&item.name);
    }
    writeln!(out, "{line}")?;
    for o in problem.option_ids() {
        writeln!(out, "{}", problem.option_to_string(o))?;
    }
    Ok(())
}

/// Writes comment lines (`| text`), one per line of `text`.
pub fn write_comment(text: &str, mut out: impl Write) -> io::Result<()> {
    for line in text.lines() {
        if line.is_empty() {
            writeln!(out, "|")?;
        } else {
            writeln!(out, "| {line}")?;
        }
    }
    Ok(())
}

/// Writes a problem to a string (see [`write()`]).
pub fn to_string(problem: &Problem) -> io::Result<String> {
    let mut out = Vec::new();
    write(problem, &mut out)?;
    Ok(String::from_utf8(out).expect("names are UTF-8"))
}

/// True when Knuth's programs can read what [`write()`] produces for this problem unchanged: item
/// names of at most 8 bytes, colours of exactly one byte, all ASCII (Knuth tokenises bytes with
/// `isspace`).
pub fn fits_knuth_limits(problem: &Problem) -> bool {
    problem
        .items()
        .iter()
        .all(|i| i.name.is_ascii() && i.name.len() <= KNUTH_NAME_LEN)
        && problem
            .colors()
            .iter()
            .all(|c| c.is_ascii() && c.len() == 1)
}

/// The streaming parser behind [`parse`] and [`read`].
#[derive(Default)]
struct Parser {
    builder: Option<ProblemBuilder>,
    option_lines: Vec<usize>,
    warnings: Vec<FormatWarning>,
    /// `seen[item]` is the line that last used the item, to find repeats without a set.
    seen: Vec<usize>,
    n_primary: usize,
    entries: Vec<Entry>,
}

/// Splits a line into tokens separated by white space, with each token's 1-based character column.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while chars.peek().is_some_and(|(_, (_, c))| c.is_whitespace()) {
            chars.next();
        }
        let (col, (start, _)) = chars.next()?;
        let mut end = line.len();
        while let Some(&(_, (i, c))) = chars.peek() {
            if c.is_whitespace() {
                end = i;
                break;
            }
            chars.next();
        }
        Some((col + 1, &line[start..end]))
    })
}

fn parse_bound(text: &str, token: &str) -> Result<u32, FormatErrorKind> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FormatErrorKind::BadBound(token.to_string()));
    }
    text.parse()
        .map_err(|_| FormatErrorKind::BadBound(token.to_string()))
}

/// Splits `lo:hi|name`, `hi|name` or `name` into bounds and name.
fn primary_token(token: &str) -> Result<(u32, u32, &str), FormatErrorKind> {
    match token.split_once('|') {
        Some((bounds, name)) => {
            let (lo, hi) = match bounds.split_once(':') {
                Some((lo, hi)) => (parse_bound(lo, token)?, parse_bound(hi, token)?),
                None => {
                    let hi = parse_bound(bounds, token)?;
                    (hi, hi)
                }
            };
            if hi == 0 {
                return Err(FormatErrorKind::ZeroUpperBound(token.to_string()));
            }
            if lo > hi {
                return Err(FormatErrorKind::LowerExceedsUpper(token.to_string()));
            }
            if name.is_empty() {
                return Err(FormatErrorKind::EmptyItemName(token.to_string()));
            }
            if name.contains(['|', ':']) {
                return Err(FormatErrorKind::BadBound(token.to_string()));
            }
            Ok((lo, hi, name))
        }
        None if token.contains(':') => {
            Err(FormatErrorKind::LowerBoundWithoutUpper(token.to_string()))
        }
        None => Ok((1, 1, token)),
    }
}

fn item_error(kind: XcError) -> FormatErrorKind {
    match kind {
        XcError::DuplicateItem(name) => FormatErrorKind::DuplicateItem(name),
        other => FormatErrorKind::Problem(other),
    }
}

impl Parser {
    fn line(&mut self, line_no: usize, line: &str) -> Result<(), FormatError> {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('|') {
            return Ok(());
        }
        let at = |column: usize, kind: FormatErrorKind| FormatError {
            line: line_no,
            column,
            kind,
        };
        let Some(builder) = self.builder.as_mut() else {
            let mut builder = Problem::builder();
            let mut secondary = false;
            for (column, token) in tokens(line) {
                let mut token = token;
                let mut column = column;
                if let Some(rest) = token.strip_prefix('|') {
                    if secondary {
                        return Err(at(column, FormatErrorKind::SeparatorTwice));
                    }
                    secondary = true;
                    if rest.starts_with('|') {
                        return Err(at(column + 1, FormatErrorKind::SeparatorTwice));
                    }
                    if rest.is_empty() {
                        continue;
                    }
                    token = rest;
                    column += 1;
                }
                let result = if secondary {
                    if token.contains('|') {
                        return Err(at(
                            column,
                            FormatErrorKind::BoundOnSecondary(token.to_string()),
                        ));
                    }
                    if token.contains(':') {
                        return Err(at(column, FormatErrorKind::ColonInName(token.to_string())));
                    }
                    builder.secondary(token)
                } else {
                    let (lo, hi, name) = primary_token(token).map_err(|k| at(column, k))?;
                    self.n_primary += 1;
                    builder.primary_with_bounds(name, lo, hi)
                };
                result.map_err(|e| at(column, item_error(e)))?;
            }
            self.seen = vec![0; builder.n_items()];
            self.builder = Some(builder);
            return Ok(());
        };
        self.entries.clear();
        let mut has_primary = false;
        for (column, token) in tokens(line) {
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => {
                    if name.is_empty() || color.is_empty() {
                        return Err(at(
                            column,
                            FormatErrorKind::BadColorSyntax(token.to_string()),
                        ));
                    }
                    (name, Some(color))
                }
                None => (token, None),
            };
            let item = builder
                .item_id(name)
                .map_err(|_| at(column, FormatErrorKind::UnknownItem(name.to_string())))?;
            let ItemId(index) = item;
            if self.seen[index as usize] == line_no {
                return Err(at(column, FormatErrorKind::RepeatedItem(name.to_string())));
            }
            self.seen[index as usize] = line_no;
            let primary = (index as usize) < self.n_primary;
            let color = match color {
                Some(_) if primary => {
                    return Err(at(
                        column,
                        FormatErrorKind::ColorOnPrimary(name.to_string()),
                    ))
                }
                Some(c) => Some(
                    builder
                        .color(c)
                        .map_err(|e| at(column, FormatErrorKind::Problem(e)))?,
                ),
                None => None,
            };
            has_primary |= primary;
            self.entries.push(Entry { item, color });
        }
        match builder.option_entries(&self.entries) {
            Ok(Some(_)) => self.option_lines.push(line_no),
            Ok(None) => self
                .warnings
                .push(FormatWarning::OptionWithoutPrimary { line: line_no }),
            Err(e) => return Err(at(1, FormatErrorKind::Problem(e))),
        }
        debug_assert_eq!(has_primary, self.option_lines.last() == Some(&line_no));
        Ok(())
    }

    fn finish(self, last_line: usize) -> Result<Parsed, FormatError> {
        let Some(builder) = self.builder else {
            return Err(FormatError {
                line: last_line + 1,
                column: 1,
                kind: FormatErrorKind::NoItems,
            });
        };
        let problem = builder.build().map_err(|e| FormatError {
            line: last_line + 1,
            column: 1,
            kind: FormatErrorKind::Problem(e),
        })?;
        Ok(Parsed {
            problem,
            option_lines: self.option_lines,
            warnings: self.warnings,
        })
    }
}
