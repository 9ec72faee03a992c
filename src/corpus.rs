//! Reading puzzle corpora: one puzzle per line, streamed, with stable line numbers.
//!
//! The line format is the one every public Sudoku collection uses: the puzzle as one token of
//! `side²` characters (`1-9A-Za-z` digits, `.` or `0` for an empty cell), optionally followed by
//! fields separated by white space. A field that parses as a number is the puzzle's external rating
//! (the Sudoku Explainer rating of the SE-rated sample, for instance); a `key=value` field is kept by
//! name; anything else is kept as it is. Lines starting with `#` are comments and lines holding only
//! white space are blank; both are skipped but counted, so that a study can reconcile its rows with its
//! input ([`LineCounts`]).
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
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use sha2::{Digest, Sha256};

use crate::sudoku::{Grid, GridError};

/// The default corpus compiled into the binary: 9x9 puzzles with unique solutions made by
/// [`crate::generate`], used when no other corpus is found (see [`locate`]). The `#` header of the
/// file says how it was made and how to make it again.
pub const DEFAULT_CORPUS: &str = include_str!("../datasets/default.txt");

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

/// The fields after the puzzle on a line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields {
    /// The first field that parses as a number: an external difficulty rating.
    pub rating: Option<f64>,
    /// `key=value` fields, in line order.
    pub named: Vec<(String, String)>,
    /// Every other field, in line order (including numbers after the first).
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

    fn parse<'a>(tokens: impl Iterator<Item = &'a str>) -> Fields {
        let mut fields = Fields::default();
        for token in tokens {
            if let Some((key, value)) = token.split_once('=') {
                fields.named.push((key.to_string(), value.to_string()));
            } else if let (None, Ok(x)) = (fields.rating, token.parse::<f64>()) {
                // `parse::<f64>` also accepts "inf" and "NaN"; a rating must be a finite number.
                if x.is_finite() {
                    fields.rating = Some(x);
                } else {
                    fields.other.push(token.to_string());
                }
            } else {
                fields.other.push(token.to_string());
            }
        }
        fields
    }
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

/// Classifies one line given as raw bytes (without its `\n`). `number` is 1-based; a UTF-8 BOM is
/// removed from line 1.
pub fn parse_line(number: u64, bytes: &[u8]) -> Line {
    let mut bytes = bytes;
    if number == 1 {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    let bytes = bytes.trim_ascii();
    let kind = if bytes.is_empty() {
        LineKind::Blank
    } else if bytes[0] == b'#' {
        LineKind::Comment
    } else {
        LineKind::Puzzle(parse_record(number, bytes))
    };
    Line { number, kind }
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

/// Where a corpus comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    Path(PathBuf),
    /// Standard input (`--corpus -`).
    Stdin,
    /// [`DEFAULT_CORPUS`], compiled into the binary.
    Embedded,
    /// Puzzles given on the command line, one per line: line `n` is the `n`-th puzzle.
    Arguments(Vec<String>),
}

/// The file name that [`locate`] looks for in the data directories.
pub const DEFAULT_FILE: &str = "17-clue.txt";

/// Finds the corpus to use, in this order: `explicit` (`-` means standard input), else
/// `data_dir/17-clue.txt` (the caller passes `$DLXLAB_DATA`), else `datasets/17-clue.txt` relative
/// to the working directory, else the embedded default corpus. Only existence is checked here;
/// opening errors are reported by [`Source::open`].
pub fn locate(explicit: Option<&Path>, data_dir: Option<&Path>) -> Source {
    if let Some(path) = explicit {
        if path == Path::new("-") {
            return Source::Stdin;
        }
        return Source::Path(path.to_path_buf());
    }
    if let Some(dir) = data_dir {
        let path = dir.join(DEFAULT_FILE);
        if path.is_file() {
            return Source::Path(path);
        }
    }
    let local = Path::new("datasets").join(DEFAULT_FILE);
    if local.is_file() {
        return Source::Path(local);
    }
    Source::Embedded
}

impl Source {
    /// A short name for report directories: the file stem, `stdin` or `default`.
    pub fn name(&self) -> String {
        match self {
            Source::Path(path) => path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "corpus".to_string()),
            Source::Stdin => "stdin".to_string(),
            Source::Embedded => EMBEDDED_NAME.to_string(),
            Source::Arguments(_) => "arguments".to_string(),
        }
    }

    /// The source as given, for messages on this machine: the path, `-` or `embedded:default`
    /// (reports use [`Source::portable`]).
    pub fn describe(&self) -> String {
        match self {
            Source::Path(path) => path.display().to_string(),
            Source::Stdin => "-".to_string(),
            Source::Embedded => format!("embedded:{EMBEDDED_NAME}"),
            Source::Arguments(_) => "arguments".to_string(),
        }
    }

    /// How reports (`meta.json`, `summary.md`) name the source without naming the machine: the
    /// path relative to the repository (the nearest directory above the working directory that
    /// holds `.git`, else the working directory) when the file lies inside it, else the file name
    /// alone; `-` or `embedded:default` as in [`Source::describe`]. Never an absolute path: the
    /// SHA-256 and size recorded beside it identify the file.
    pub fn portable(&self) -> String {
        let Source::Path(path) = self else {
            return self.describe();
        };
        let file_name = || {
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "corpus".to_string())
        };
        let (Ok(file), Ok(cwd)) = (path.canonicalize(), std::env::current_dir()) else {
            return file_name();
        };
        let cwd = cwd.canonicalize().unwrap_or(cwd);
        let root = cwd
            .ancestors()
            .find(|dir| dir.join(".git").exists())
            .unwrap_or(&cwd);
        match file.strip_prefix(root) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/"),
            _ => file_name(),
        }
    }

    /// Opens the source for reading; the SHA-256 of every byte read is computed on the way.
    pub fn open(&self) -> io::Result<CorpusReader<BufReader<HashingReader>>> {
        let inner: Box<dyn Read + Send> = match self {
            Source::Path(path) => Box::new(File::open(path).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot open {}: {e}", path.display()))
            })?),
            Source::Stdin => Box::new(io::stdin()),
            Source::Embedded => Box::new(DEFAULT_CORPUS.as_bytes()),
            Source::Arguments(puzzles) => {
                let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
                Box::new(io::Cursor::new(text.into_bytes()))
            }
        };
        Ok(CorpusReader::new(BufReader::with_capacity(
            1 << 16,
            HashingReader::new(inner),
        )))
    }
}

/// A reader that computes the SHA-256 of the bytes that pass through it.
pub struct HashingReader {
    inner: Box<dyn Read + Send>,
    hasher: Sha256,
    bytes: u64,
}

impl HashingReader {
    /// Wraps a reader.
    pub fn new(inner: Box<dyn Read + Send>) -> Self {
        HashingReader {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// Reads what is left, then returns the hex SHA-256 of everything read and the byte count.
    pub fn finish(mut self) -> io::Result<(String, u64)> {
        io::copy(&mut self, &mut io::sink())?;
        Ok((hex(&self.hasher.finalize()), self.bytes))
    }
}

impl Read for HashingReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
}

/// Lower-case hexadecimal of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn lines(input: &[u8]) -> Vec<Line> {
        CorpusReader::new(input)
            .collect::<io::Result<Vec<_>>>()
            .unwrap()
    }

    fn record(line: &Line) -> &Record {
        match &line.kind {
            LineKind::Puzzle(r) => r,
            other => panic!("not a puzzle line: {other:?}"),
        }
    }

    #[test]
    fn kinds_numbers_and_fields() {
        let input = format!("\u{feff}# header\r\n{P} 7.2 src=royle x\r\n\n   \n{P}   \n#c\n");
        let ls = lines(input.as_bytes());
        assert_eq!(ls.len(), 6);
        assert_eq!(ls[0].kind, LineKind::Comment);
        let r = record(&ls[1]);
        assert_eq!(r.line, 2);
        assert_eq!(r.text, P);
        assert_eq!(r.fields.rating, Some(7.2));
        assert_eq!(r.fields.get("src"), Some("royle"));
        assert_eq!(r.fields.other, vec!["x".to_string()]);
        assert!(r.grid.is_ok());
        assert_eq!(ls[2].kind, LineKind::Blank);
        assert_eq!(ls[3].kind, LineKind::Blank);
        assert_eq!(record(&ls[4]).line, 5);
        assert!(record(&ls[4]).grid.is_ok());
        assert_eq!(ls[5].number, 6);
    }

    #[test]
    fn bad_lines_become_records_with_reasons() {
        let mut dup = P.to_string();
        dup.replace_range(1..2, "4");
        let input = [
            b"123\n".to_vec(),
            format!("{P}1\n").into_bytes(),
            format!("x{}\n", &P[1..]).into_bytes(),
            format!("{dup}\n").into_bytes(),
            b"\xff\xfe..\n".to_vec(),
        ]
        .concat();
        let ls = lines(&input);
        let errs: Vec<LineError> = ls
            .iter()
            .map(|l| record(l).grid.clone().unwrap_err())
            .collect();
        assert!(matches!(
            errs[0],
            LineError::Grid {
                line: 1,
                reason: GridError::Length { len: 3 }
            }
        ));
        assert!(matches!(
            errs[1],
            LineError::Grid {
                reason: GridError::Length { len: 82 },
                ..
            }
        ));
        assert!(matches!(
            errs[2],
            LineError::Grid {
                reason: GridError::Char {
                    col: 1,
                    ch: 'x',
                    ..
                },
                ..
            }
        ));
        assert!(matches!(
            errs[3],
            LineError::Grid {
                reason: GridError::Duplicate { digit: '4', .. },
                ..
            }
        ));
        assert_eq!(errs[4], LineError::Utf8 { line: 5, byte: 1 });
        assert!(errs[4].to_string().starts_with("line 5: not valid UTF-8"));
    }

    #[test]
    fn last_line_without_newline_and_chunks() {
        let input = format!("{P}\n{P}\n{P}");
        let mut reader = CorpusReader::new(input.as_bytes());
        assert_eq!(reader.read_chunk(2).unwrap().len(), 2);
        let rest = reader.read_chunk(2).unwrap();
        assert_eq!(rest.len(), 1);
        assert_eq!(rest[0].number, 3);
        assert!(reader.read_chunk(2).unwrap().is_empty());
    }

    #[test]
    fn shards_partition_lines() {
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        for line in 1..100 {
            assert_eq!(shards.iter().filter(|s| s.contains(line)).count(), 1);
        }
        assert!(Shard::ALL.contains(7));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!("2/5".parse::<Shard>().unwrap().to_string(), "2/5");
    }

    #[test]
    fn locate_order() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            locate(Some(Path::new("-")), Some(dir.path())),
            Source::Stdin
        );
        assert_eq!(
            locate(Some(Path::new("x.txt")), None),
            Source::Path("x.txt".into())
        );
        std::fs::write(dir.path().join(DEFAULT_FILE), P).unwrap();
        assert_eq!(
            locate(None, Some(dir.path())),
            Source::Path(dir.path().join(DEFAULT_FILE))
        );
        assert_eq!(Source::Path("a/b/17-clue.txt".into()).name(), "17-clue");
    }

    #[test]
    fn embedded_corpus_is_all_valid_puzzles() {
        let mut counts = LineCounts::default();
        let mut reader = Source::Embedded.open().unwrap();
        for line in reader.by_ref() {
            counts.add(&line.unwrap());
        }
        assert!(counts.puzzle_lines >= 2000, "{counts:?}");
        assert_eq!(counts.invalid_lines, 0);
        assert!(counts.consistent());
        let (sha, bytes) = reader.into_inner().into_inner().finish().unwrap();
        assert_eq!(bytes, DEFAULT_CORPUS.len() as u64);
        assert_eq!(sha.len(), 64);
    }

    proptest::proptest! {
        #[test]
        fn never_panics_and_numbers_every_line(input in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let ls = lines(&input);
            let newlines = input.iter().filter(|&&b| b == b'\n').count();
            let expected = newlines + usize::from(!input.is_empty() && input.last() != Some(&b'\n'));
            proptest::prop_assert_eq!(ls.len(), expected);
            for (k, l) in ls.iter().enumerate() {
                proptest::prop_assert_eq!(l.number, k as u64 + 1);
            }
        }

        #[test]
        fn puzzle_like_lines_never_panic(s in "[0-9.A-Za-z#= \t\r]{0,100}") {
            let _ = lines(s.as_bytes());
        }
    }
}
