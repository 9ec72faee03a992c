//! Reading puzzle corpora: one puzzle per line, streamed, with stable line numbers.
//!
//! The line format is the one every public Sudoku collection uses: the puzzle as one token of
//! `side²` characters (`1-9A-Za-z` digits, `.` or `0` for an empty cell), optionally followed by
//! fields separated by white space. The puzzle's external rating (the Sudoku Explainer rating of the
//! SE-rated sample, for instance) is the first field after the puzzle that is a rating: a plain
//! finite number (`7.2`) or an `se=` field (`se=7.2`, what `dlxlab generate --rating` writes); see
//! [`Fields::parse_after`], the one parser every command and the Python module use. A `key=value`
//! field is kept by name; anything else is kept as it is. Lines starting with `#` are comments and
//! lines holding only white space are blank; both are skipped but counted, so that a study can
//! reconcile its rows with its input ([`LineCounts`]). [`text_lines`] classifies the lines of a text
//! held in memory by the same rules as [`CorpusReader`] (the commands that read their input whole).
//!
//! Nothing is lost and nothing panics: a line that is not a puzzle — wrong length, a bad character, a
//! digit given twice in a unit, bytes that are not UTF-8 — still becomes a [`Record`], whose
//! [`Record::grid`] holds the reason. Windows line ends (CRLF), a UTF-8 byte-order mark on the first
//! line and trailing spaces are accepted. The grid size is detected per line, so one file may mix
//! sizes.
//!
//! A puzzle's identity is its 1-based line number in the file, comments and blank lines included:
//! it does not change when a file is sharded ([`Shard`]) or read in chunks, and it is what `runs.csv`
//! calls `line`.

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use crate::sudoku::{Grid, GridError};

/// The default corpus compiled into the binary: 9x9 puzzles with unique solutions made by
/// [`crate::generate`], used when no other corpus is found (see [`locate`]). The `#` header of the
/// file says how it was made and how to make it again.
pub const DEFAULT_CORPUS: &str = include_str!("../../datasets/default.txt");

/// The name [`Source::Embedded`] goes by (in report directories and `meta.json`).
pub const EMBEDDED_NAME: &str = "default";

/// Why a non-comment line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line is not valid UTF-8.
    #[error("line {line}: not valid UTF-8 (byte {byte})")]
    Utf8 {
        /// 1-based line number.
        line: u64,
        /// 1-based byte position of the first bad byte in the line.
        byte: usize,
    },
    /// The puzzle field is not a valid grid.
    #[error("line {line}: {reason}")]
    Grid {
        /// 1-based line number.
        line: u64,
        /// What is wrong with the grid.
        reason: GridError,
    },
}

/// The key of the named field that carries an external rating (`se=7.2`), as `dlxlab generate
/// --rating` writes it.
pub const RATING_KEY: &str = "se";

/// The fields after the puzzle on a line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields {
    /// The external difficulty rating: the first field that is a finite number (`7.2`) or an
    /// [`RATING_KEY`] field (`se=7.2`), whichever comes first.
    pub rating: Option<f64>,
    /// `key=value` fields, in line order (an `se=` field too).
    pub named: Vec<(String, String)>,
    /// Every other field, in line order (including numbers after the rating).
    pub other: Vec<String>,
}

impl Fields {
    /// The value of the first `key=value` field with this key.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.named
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The fields of a whole line after its puzzle (its first white-space-separated field): the
    /// parser of every command that reads ratings (`rate`, `study`, Python's `rate` and `study`).
    pub fn parse_after(line: &str) -> Fields {
        Fields::parse(line.split_whitespace().skip(1))
    }

    /// The external rating as the rating columns write it (`external_rating` of ratings.csv):
    /// the number's shortest form (`7.2`, and `3` for `3.0`).
    pub fn rating_text(&self) -> Option<String> {
        self.rating.map(|r| r.to_string())
    }

    fn parse<'a>(tokens: impl Iterator<Item = &'a str>) -> Fields {
        let mut fields = Fields::default();
        for token in tokens {
            if let Some((key, value)) = token.split_once('=') {
                if key == RATING_KEY && fields.rating.is_none() {
                    fields.rating = rating(value);
                }
                fields.named.push((key.to_string(), value.to_string()));
            } else if let (None, Some(x)) = (fields.rating, rating(token)) {
                fields.rating = Some(x);
            } else {
                fields.other.push(token.to_string());
            }
        }
        fields
    }
}

/// A field's text as a rating: a finite number (`parse::<f64>` also accepts "inf" and "NaN").
fn rating(text: &str) -> Option<f64> {
    text.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// One non-comment, non-blank line: a puzzle, or the reason it is not one.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// 1-based line number (the puzzle's stable id).
    pub line: u64,
    /// The puzzle field as written (invalid UTF-8 replaced by U+FFFD).
    pub text: String,
    /// The fields after the puzzle.
    pub fields: Fields,
    /// The parsed grid (givens checked for repeats), or why the line is not a puzzle.
    pub grid: Result<Grid, LineError>,
}

/// What a line of a corpus holds.
#[derive(Clone, Debug, PartialEq)]
pub enum LineKind {
    /// A line whose first non-blank character is `#`.
    Comment,
    /// An empty line, or one of white space only.
    Blank,
    /// Anything else.
    Puzzle(Record),
}

/// One line of a corpus with its 1-based number.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// 1-based line number.
    pub number: u64,
    /// What the line holds.
    pub kind: LineKind,
}

/// What a line holds once its UTF-8 byte-order mark (line 1 only) and surrounding ASCII white
/// space are removed: the one rule of [`parse_line`] and [`text_lines`].
enum Content<'a> {
    Blank,
    Comment,
    Text(&'a [u8]),
}

fn content(number: u64, bytes: &[u8]) -> Content<'_> {
    let mut bytes = bytes;
    if number == 1 {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    let bytes = bytes.trim_ascii();
    if bytes.is_empty() {
        Content::Blank
    } else if bytes[0] == b'#' {
        Content::Comment
    } else {
        Content::Text(bytes)
    }
}

/// Classifies one line given as raw bytes (without its `\n`). `number` is 1-based; a UTF-8 BOM is
/// removed from line 1.
pub fn parse_line(number: u64, bytes: &[u8]) -> Line {
    let kind = match content(number, bytes) {
        Content::Text(bytes) => LineKind::Puzzle(parse_record(number, bytes)),
        Content::Blank => LineKind::Blank,
        Content::Comment => LineKind::Comment,
    };
    Line { number, kind }
}

/// The puzzle lines of a text held in memory, with their 1-based numbers, by the rules of
/// [`CorpusReader`]: lines end at `\n` (a `\r` before it is dropped), a UTF-8 byte-order mark
/// opening the text is skipped, white space around a line is trimmed, and comment and blank
/// lines are left out (but counted in the numbering).
pub fn text_lines(text: &str) -> impl Iterator<Item = (u64, &str)> {
    TextLines {
        text,
        at: 0,
        number: 0,
    }
    .filter_map(move |(number, start, line)| {
        match content(number, line) {
            // `content` strips whole ASCII bytes and a whole BOM, so the rest starts and ends on
            // character boundaries: the slice of `text` is taken by its offsets, not validated
            // again.
            Content::Text(bytes) => {
                let from = start + (bytes.as_ptr() as usize - line.as_ptr() as usize);
                Some((
                    number,
                    text.get(from..from + bytes.len()).unwrap_or_default(),
                ))
            }
            Content::Blank | Content::Comment => None,
        }
    })
}

/// The lines of a text as bytes (without their `\n`) with their 1-based numbers and the offset
/// where each starts, as [`str::lines`] splits them (no empty line after a final `\n`; a `\r`
/// before the `\n` stays, and [`content`] trims it): the end of each line found with `memchr`,
/// a few instructions a line where `str::lines` searched byte by byte.
struct TextLines<'a> {
    text: &'a str,
    at: usize,
    number: u64,
}

impl<'a> Iterator for TextLines<'a> {
    /// (number, offset of the line in the text, the line's bytes)
    type Item = (u64, usize, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let rest = bytes.get(start..).filter(|rest| !rest.is_empty())?;
        let end = memchr::memchr(b'\n', rest).map_or(bytes.len(), |i| start + i);
        self.at = end + 1;
        self.number += 1;
        Some((self.number, start, &bytes[start..end]))
    }
}

fn parse_record(line: u64, bytes: &[u8]) -> Record {
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let mut tokens = text.split_whitespace();
            // `bytes` is trimmed and non-empty, so there is a first token.
            let puzzle = tokens.next().unwrap_or_default();
            let fields = Fields::parse(tokens);
            let grid = Grid::parse(puzzle).map_err(|reason| LineError::Grid { line, reason });
            Record {
                line,
                text: puzzle.to_string(),
                fields,
                grid,
            }
        }
        Err(err) => {
            let lossy = String::from_utf8_lossy(bytes);
            let mut tokens = lossy.split_whitespace();
            let puzzle = tokens.next().unwrap_or_default().to_string();
            let fields = Fields::parse(tokens);
            Record {
                line,
                text: puzzle,
                fields,
                grid: Err(LineError::Utf8 {
                    line,
                    byte: err.valid_up_to() + 1,
                }),
            }
        }
    }
}

/// Streams the lines of a corpus: memory use is one line, whatever the size of the file.
pub struct CorpusReader<R> {
    inner: R,
    number: u64,
    buf: Vec<u8>,
    failed: bool,
}

impl<R: BufRead> CorpusReader<R> {
    /// Reads from `inner`, numbering lines from 1.
    pub fn new(inner: R) -> Self {
        CorpusReader {
            inner,
            number: 0,
            buf: Vec::new(),
            failed: false,
        }
    }

    /// Reads up to `max` lines (fewer only at the end of the input).
    pub fn read_chunk(&mut self, max: usize) -> io::Result<Vec<Line>> {
        let mut lines = Vec::with_capacity(max.min(1 << 16));
        while lines.len() < max {
            match self.next() {
                Some(line) => lines.push(line?),
                None => break,
            }
        }
        Ok(lines)
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> u64 {
        self.number
    }

    /// Gives back the underlying reader.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: BufRead> Iterator for CorpusReader<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        if self.failed {
            return None;
        }
        self.buf.clear();
        match self.inner.read_until(b'\n', &mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                let mut bytes = self.buf.as_slice();
                bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
                bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
                Some(Ok(parse_line(self.number, bytes)))
            }
            Err(err) => {
                self.failed = true;
                Some(Err(err))
            }
        }
    }
}

/// How many lines of each kind a corpus (or a shard of it) holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LineCounts {
    /// Every line read (of this shard).
    pub input_lines: u64,
    /// `#` comment lines.
    pub comment_lines: u64,
    /// Empty or white-space-only lines.
    pub blank_lines: u64,
    /// All other lines, valid puzzles or not: each yields rows.
    pub puzzle_lines: u64,
    /// Puzzle lines that are not valid puzzles.
    pub invalid_lines: u64,
}

impl LineCounts {
    /// Counts one line.
    pub fn add(&mut self, line: &Line) {
        self.input_lines += 1;
        match &line.kind {
            LineKind::Comment => self.comment_lines += 1,
            LineKind::Blank => self.blank_lines += 1,
            LineKind::Puzzle(record) => {
                self.puzzle_lines += 1;
                if record.grid.is_err() {
                    self.invalid_lines += 1;
                }
            }
        }
    }

    /// Adds another count (of another shard).
    pub fn merge(&mut self, other: &LineCounts) {
        self.input_lines += other.input_lines;
        self.comment_lines += other.comment_lines;
        self.blank_lines += other.blank_lines;
        self.puzzle_lines += other.puzzle_lines;
        self.invalid_lines += other.invalid_lines;
    }

    /// True when the kinds add up to the lines read.
    pub fn consistent(&self) -> bool {
        self.comment_lines + self.blank_lines + self.puzzle_lines == self.input_lines
            && self.invalid_lines <= self.puzzle_lines
    }
}

/// Shard `index` of `count`: the lines whose number `l` satisfies `(l - 1) mod count = index - 1`.
///
/// Partitioning by line number (rather than by position among the puzzles) keeps every shard
/// independent of the others' content: each process decides from the line number alone, comments
/// and blank lines included, and the shards' line counts add up to the whole file's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// 1-based shard number `K`.
    pub index: u64,
    /// Number of shards `N`.
    pub count: u64,
}

/// Why a `K/N` shard specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad shard {spec:?}: expected K/N with 1 <= K <= N")]
pub struct ShardError {
    /// The specification as given.
    pub spec: String,
}

impl Shard {
    /// The whole corpus as one shard.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether line `line` (1-based) belongs to this shard.
    pub fn contains(&self, line: u64) -> bool {
        line >= 1 && (line - 1) % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(spec: &str) -> Result<Shard, ShardError> {
        let err = || ShardError {
            spec: spec.to_string(),
        };
        let (k, n) = spec.split_once('/').ok_or_else(err)?;
        let index: u64 = k.trim().parse().map_err(|_| err())?;
        let count: u64 = n.trim().parse().map_err(|_| err())?;
        if index == 0 || index > count {
            return Err(err());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

pub mod derive;
mod source;
pub use source::{hex, locate, HashingReader, LocateError, Source, DEFAULT_FILE};

#[cfg(test)]
mod tests;
