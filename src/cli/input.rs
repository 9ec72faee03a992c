//! One way to give puzzles to every command that takes them.
//!
//! - positional puzzles: `dlxlab solve PUZZLE PUZZLE ...`; a `-` among them stands for the lines of
//!   standard input;
//! - `--corpus FILE`, or `--corpus -` for standard input: one puzzle per line, `#` comments and
//!   blank lines skipped, optional fields after whitespace;
//! - neither: standard input when it is piped or redirected from a file (`cat f | dlxlab solve`,
//!   `dlxlab solve < f`); a terminal or `/dev/null` counts as nothing given.
//!
//! Positional puzzles come first, then the corpus. A puzzle given on the command line that is
//! invalid is an error (exit status 1, [`EXIT_INVALID_ARGUMENT`]) before any work starts; the
//! lines of a corpus keep producing one result or one error record each. A corpus (or standard
//! input) without a single valid puzzle — a binary file, the wrong file — is an input error (exit
//! status 2) with the same message in every command ([`no_valid_puzzle`]).

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context};
use clap::Args;

use dlxlab::corpus::{self, Source};
use dlxlab::harness::output::{same_file, same_metadata};
use dlxlab::sudoku::{Grid, GridError};

/// Exit status when a puzzle given on the command line is invalid.
pub const EXIT_INVALID_ARGUMENT: u8 = 1;

// The exit-status table, the same in every command's `--help` (and in the README); a macro so
// that `concat!` can join it to the input help.
macro_rules! exit_status_table {
    () => {
        concat!(
            "Exit status (the same in every command):\n",
            "  0    success; a corpus line that is not a puzzle is a record in the output, not an error;\n",
            "       a count is an answer, 0 included (solve --count, count, xc --count)\n",
            "  1    a puzzle given on the command line is invalid (nothing runs); or the work failed:\n",
            "       a solver gave a wrong answer or none (an external solver that crashed, hung or\n",
            "       babbled; a puzzle of a size no solver given supports), solvers disagree (check,\n",
            "       study), a puzzle could not be explained, minimised or generated (generate keeps\n",
            "       the others); or xc, printing solutions, found none\n",
            "  2    usage, input or output error: a bad flag, a file that cannot be read or written, an\n",
            "       input with no valid puzzle at all (a binary file, say), a refused --resume, an\n",
            "       output that is an input, a DLXLAB_DATA directory that does not exist\n",
            "  3    xc: --limit-nodes stopped the search before it was complete (a count is then\n",
            "       printed as `at least N`, a lower bound)\n",
            "  130  interrupted (Ctrl-C); study and rate keep the puzzles they finished (--resume)"
        )
    };
}

/// The first line of the exit-status table, by which a help text is known to hold it.
pub const EXIT_STATUS_TITLE: &str = "Exit status (the same in every command)";

/// The exit-status table shown at the end of `dlxlab --help`.
pub const EXIT_STATUS_TABLE: &str = exit_status_table!();

/// The text shown at the end of `--help` of every puzzle-taking command.
pub const EXIT_STATUS_HELP: &str = concat!(
    "Puzzles: positional PUZZLE arguments (`-` reads standard input), \
--corpus FILE, --corpus - (standard input), or piped standard input when nothing else is given; \
a FIFO or process substitution (--corpus <(zcat f.gz)) is read once, like a file.\n\n",
    exit_status_table!()
);

/// Puzzles from the command line, a corpus file or standard input.
#[derive(Args, Clone, Debug, Default)]
pub struct PuzzleArgs {
    /// Puzzles (one line each: 81 characters for 9x9, `.` or `0` for empty cells); `-` reads
    /// standard input.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
    /// A corpus file: one puzzle per line, `#` comments, optional fields after whitespace; `-`
    /// reads standard input.
    #[arg(long, value_name = "FILE")]
    pub corpus: Option<PathBuf>,
}

/// Where an input came from, for messages and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The n-th positional argument (1-based).
    Argument(usize),
    /// Line n (1-based) of the corpus or of standard input.
    Line(u64),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// One puzzle line and where it came from.
#[derive(Clone, Debug)]
pub struct Input {
    /// Argument or line number.
    pub origin: Origin,
    /// The whole line, trimmed (a corpus line may carry fields after the puzzle).
    pub text: String,
}

impl Input {
    /// The puzzle: the line's first whitespace-separated field.
    pub fn puzzle(&self) -> &str {
        first_field(&self.text)
    }

    /// Whether the input was given on the command line.
    pub fn is_argument(&self) -> bool {
        matches!(self.origin, Origin::Argument(_))
    }
}

impl PuzzleArgs {
    /// Every input in order, before it is cut into lines: each positional puzzle, and each text
    /// read whole (standard input for a positional `-`, then `--corpus`; with neither, piped
    /// standard input). A command borrows its lines from these ([`Piece::lines`]) instead of
    /// owning one string per line. `Ok(None)` when nothing was given at all.
    pub fn read(&self) -> anyhow::Result<Option<Vec<Piece>>> {
        let stdin_uses = self.puzzles.iter().filter(|p| *p == "-").count()
            + usize::from(self.corpus.as_deref() == Some(Path::new("-")));
        if stdin_uses > 1 {
            bail!("standard input can be read once: give `-` once, as a puzzle or as --corpus -");
        }
        let mut pieces = Vec::new();
        for (i, p) in self.puzzles.iter().enumerate() {
            if p == "-" {
                pieces.push(Piece::text(Path::new("-"))?);
            } else {
                pieces.push(Piece::Argument(i + 1, p.trim().to_string()));
            }
        }
        if let Some(path) = &self.corpus {
            pieces.push(Piece::text(path)?);
        } else if self.puzzles.is_empty() {
            if !stdin_piped() {
                return Ok(None);
            }
            pieces.push(Piece::text(Path::new("-"))?);
        }
        Ok(Some(pieces))
    }

    /// [`PuzzleArgs::require_pieces`] cut into lines (`parse`: [`parse_grid`] for Sudoku).
    pub fn require_puzzles<E: std::fmt::Display>(
        &self,
        command: &str,
        parse: impl Fn(&str) -> Result<(), E>,
    ) -> anyhow::Result<Result<Vec<Input>, ExitCode>> {
        Ok(self.require_pieces(command, parse)?.map(|pieces| {
            pieces
                .iter()
                .flat_map(Piece::lines)
                .map(|(origin, text)| Input {
                    origin,
                    text: text.to_string(),
                })
                .collect()
        }))
    }

    /// What a command that takes puzzles (checked with `parse`, given a line's whole text) reads,
    /// in the order every such command keeps: [`PuzzleArgs::require_read`]; then an invalid
    /// puzzle on the command line is `Ok(Err(1))` ([`reject_invalid_arguments`]); then a text
    /// read (a corpus, standard input) with no line that `parse` accepts is the error
    /// [`no_valid_puzzle`].
    pub fn require_pieces<E: std::fmt::Display>(
        &self,
        command: &str,
        parse: impl Fn(&str) -> Result<(), E>,
    ) -> anyhow::Result<Result<Vec<Piece>, ExitCode>> {
        let pieces = self.require_read(command)?;
        let arguments: Vec<Input> = pieces
            .iter()
            .filter(|p| matches!(p, Piece::Argument(..)))
            .flat_map(Piece::lines)
            .map(|(origin, text)| Input {
                origin,
                text: text.to_string(),
            })
            .collect();
        if let Some(code) = reject_invalid_arguments(&arguments, &parse) {
            return Ok(Err(code));
        }
        for piece in &pieces {
            if let Piece::Text { source, .. } = piece {
                if !piece.lines().any(|(_, text)| parse(text).is_ok()) {
                    return Err(no_valid_puzzle(source));
                }
            }
        }
        Ok(Ok(pieces))
    }

    /// [`PuzzleArgs::read`], with a clear error when nothing was given.
    pub fn require_read(&self, command: &str) -> anyhow::Result<Vec<Piece>> {
        match self.read()? {
            Some(pieces) => Ok(pieces),
            None => bail!(
                "{command}: no puzzles: give PUZZLE arguments, --corpus FILE, or pipe puzzles on standard input"
            ),
        }
    }

    /// Where the corpus of a streaming command comes from: `Some(path)` for `--corpus`, `-` for
    /// standard input (a positional `-`, or piped input when nothing else is given); `None`
    /// when the command should fall back to its default corpus. Positional puzzles other than `-`
    /// are not handled here (see [`PuzzleArgs::inline_puzzles`]).
    pub fn stream_path(&self) -> Option<PathBuf> {
        if let Some(path) = &self.corpus {
            return Some(path.clone());
        }
        if self.puzzles.iter().any(|p| p == "-") || (self.puzzles.is_empty() && stdin_piped()) {
            return Some(PathBuf::from("-"));
        }
        None
    }

    /// The files this input reads: `--corpus` (or `-`), and `-` for standard input when a
    /// positional `-` or piped input is read; what [`refuse_overwriting_input`] compares an
    /// output with.
    pub fn input_paths(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = self.corpus.iter().cloned().collect();
        if self.puzzles.iter().any(|p| p == "-")
            || (self.puzzles.is_empty() && self.corpus.is_none() && stdin_piped())
        {
            paths.push(PathBuf::from("-"));
        }
        paths
    }

    /// The positional puzzles other than `-`, as `(argument number, text)`.
    pub fn inline_puzzles(&self) -> Vec<(usize, &str)> {
        self.puzzles
            .iter()
            .enumerate()
            .filter(|(_, p)| *p != "-")
            .map(|(i, p)| (i + 1, p.trim()))
            .collect()
    }
}

/// One positional puzzle, or one text read whole; see [`PuzzleArgs::read`].
#[derive(Clone, Debug)]
pub enum Piece {
    /// A positional puzzle: its argument number (1-based) and its text, trimmed.
    Argument(usize, String),
    /// Standard input or a corpus file.
    Text {
        /// Where it was read: [`input_name`].
        source: String,
        /// Everything read.
        text: String,
    },
}

impl Piece {
    /// The whole text of a file, or of standard input for `-`.
    fn text(path: &Path) -> anyhow::Result<Piece> {
        Ok(Piece::Text {
            source: input_name(&path.display().to_string()),
            text: read_text(path)?,
        })
    }

    /// The inputs of this piece, borrowed: the argument itself, or the lines of the text that are
    /// neither blank nor `#` comments (trimmed), with their line numbers.
    pub fn lines(&self) -> impl Iterator<Item = (Origin, &str)> {
        let (argument, text) = match self {
            Piece::Argument(n, text) => (Some((Origin::Argument(*n), text.as_str())), ""),
            Piece::Text { text, .. } => (None, text.as_str()),
        };
        argument.into_iter().chain(lines(text))
    }
}

/// How messages name an input given as `-` (standard input) or a path.
pub fn input_name(given: &str) -> String {
    if given == "-" {
        "standard input".to_string()
    } else {
        given.to_string()
    }
}

/// The error of an input (`source`: [`input_name`]) that holds not one valid puzzle, the same
/// in every command (exit status 2): a binary file, an empty file, the wrong file.
pub fn no_valid_puzzle(source: &str) -> anyhow::Error {
    anyhow!("{source}: no valid puzzle (every line is blank, a comment or not a puzzle)")
}

/// Whether the first field of a line is a Sudoku grid, with the reason when it is not.
pub fn parse_grid(text: &str) -> Result<(), GridError> {
    Grid::parse(first_field(text)).map(|_| ())
}

/// Checks every command-line input with `parse` (given the input's whole text); each that fails
/// is printed on stderr as `dlxlab: argument N: puzzle `TEXT`: REASON`, and then the exit status
/// [`EXIT_INVALID_ARGUMENT`] is returned (the caller stops).
pub fn reject_invalid_arguments<E: std::fmt::Display>(
    inputs: &[Input],
    parse: impl Fn(&str) -> Result<(), E>,
) -> Option<ExitCode> {
    let bad: Vec<String> = inputs
        .iter()
        .filter(|i| i.is_argument())
        .filter_map(|i| {
            parse(&i.text)
                .err()
                .map(|e| format!("dlxlab: {}: puzzle `{}`: {e:#}", i.origin, i.text))
        })
        .collect();
    if bad.is_empty() {
        return None;
    }
    for line in bad {
        eprintln!("{line}");
    }
    Some(ExitCode::from(EXIT_INVALID_ARGUMENT))
}

/// The first whitespace-separated field of a line (the puzzle of a corpus line with fields).
pub fn first_field(text: &str) -> &str {
    // A puzzle line is ASCII with no control characters: one cheap test a byte finds where it
    // ends (a space or a control character, or a non-ASCII byte), and characters are decoded
    // only when that byte is not ASCII white space (the set `char::is_whitespace` has below 128).
    let text = text.trim_start();
    match first_stop(text.as_bytes()) {
        None => text,
        Some(i)
            if matches!(
                text.as_bytes()[i],
                b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'
            ) =>
        {
            &text[..i]
        }
        Some(_) => text.split_whitespace().next().unwrap_or(""),
    }
}

/// The index of the first byte of `bytes` that is a space, a control character or not ASCII,
/// eight bytes at a time: a byte below 0x21 sets its top bit in `(x - 0x21..) & !x` (a borrow
/// can also flag bytes above it, never below, so the lowest flag is a true one) and a byte from
/// 0x80 has its top bit already. A puzzle line is ten words and a byte.
fn first_stop(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("chunks of 8"));
        let stops = ((x.wrapping_sub(0x21 * ONES) & !x) | x) & TOPS;
        if stops != 0 {
            return Some(8 * k + stops.trailing_zeros() as usize / 8);
        }
    }
    let rest = words.remainder();
    rest.iter()
        .position(|&b| b as i8 <= b' ' as i8)
        .map(|i| bytes.len() - rest.len() + i)
}

/// Refuses to write `out` when it is one of `inputs` (compared as files, through links and other
/// spellings: [`same_file`]; `-` stands for standard input, which counts when it is redirected
/// from that file): the output would replace the input it is read from (issue 38). `flag` names
/// the output option in the message.
pub fn refuse_overwriting_input(
    flag: &str,
    out: &Path,
    inputs: &[impl AsRef<Path>],
) -> anyhow::Result<()> {
    for input in inputs {
        let input = input.as_ref();
        let same = if input == Path::new("-") {
            stdin_metadata()
                .zip(fs::metadata(out).ok())
                .is_some_and(|(a, b)| a.is_file() && same_metadata(&a, &b))
        } else {
            same_file(input, out)
        };
        if same {
            bail!(
                "{flag} {} is the input {}: writing it would destroy the input; nothing was written (choose another output)",
                out.display(),
                input_name(&input.display().to_string())
            );
        }
    }
    Ok(())
}

/// Standard output, whose write errors name it (`standard output: No space left on device`), as
/// the errors of an output file name the file.
pub struct Stdout(io::Stdout);

impl Stdout {
    /// Standard output.
    pub fn new() -> Stdout {
        Stdout(io::stdout())
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

impl io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named_stdout)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named_stdout)
    }
}

/// An error of standard output, naming it (the kind is kept: a broken pipe stays one).
fn named_stdout(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("writing standard output: {e}"))
}

/// The metadata of the file behind standard input, when it can be read.
fn stdin_metadata() -> Option<fs::Metadata> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
        fs::File::from(fd).metadata().ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Whether standard input is a pipe or a redirected file (not a terminal, not `/dev/null`).
pub fn stdin_piped() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        match fs::File::from(fd).metadata() {
            Ok(meta) => {
                let kind = meta.file_type();
                kind.is_fifo() || kind.is_file() || kind.is_socket()
            }
            Err(_) => false,
        }
    }
    #[cfg(not(unix))]
    {
        use std::io::IsTerminal;
        !io::stdin().is_terminal()
    }
}

/// The text of a file, or of standard input for `-`. Bytes that are not UTF-8 become U+FFFD (a
/// line holding them is then an invalid puzzle); valid text is kept as read, without a copy.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .context("reading puzzles from standard input")?;
        bytes
    } else {
        read_file(path).with_context(|| format!("reading {}", path.display()))?
    };
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// The bytes of a file, read into one buffer of its size (as `fs::read` does) that the kernel is
/// asked to back with huge pages: a corpus of 200,000 puzzles is 16 MB, 4,000 page faults of 4 KiB
/// otherwise, a measurable share of a whole-process run (see `advise_huge_pages`).
fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = fs::File::open(path)?;
    let size = file.metadata().map_or(0, |m| m.len() as usize);
    let mut bytes = Vec::with_capacity(size.saturating_add(1));
    advise_huge_pages(&mut bytes);
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Asks Linux to back the 2 MiB-aligned part of `buffer`'s allocation with transparent huge
/// pages (`madvise(MADV_HUGEPAGE)`, honoured where the system's setting is `madvise` or
/// `always`); a hint only: nothing is read or written, and a refusal changes nothing.
#[cfg(target_os = "linux")]
fn advise_huge_pages(buffer: &mut Vec<u8>) {
    const HUGE: usize = 2 << 20;
    let start = buffer.as_mut_ptr() as usize;
    let end = start + buffer.capacity();
    let from = start.next_multiple_of(HUGE);
    let len = end.saturating_sub(from) / HUGE * HUGE;
    if len > 0 {
        // SAFETY: [from, from + len) lies inside the vector's allocation, which it owns;
        // MADV_HUGEPAGE changes how the pages are backed, never their contents.
        unsafe {
            libc::madvise(from as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &mut Vec<u8>) {}

/// The lines of a corpus that are neither blank nor `#` comments, trimmed, with their line numbers:
/// the corpus reader's rules ([`dlxlab::corpus::text_lines`]: a byte-order mark, CRLF), the same
/// in every command.
fn lines(text: &str) -> impl Iterator<Item = (Origin, &str)> {
    dlxlab::corpus::text_lines(text).map(|(n, line)| (Origin::Line(n), line))
}

/// Finds the corpus from `--corpus` and `$DLXLAB_DATA`: a `DLXLAB_DATA` that is set but missing
/// (or lacks 17-clue.txt) is an error naming it (exit status 2), not the embedded corpus.
pub fn locate_corpus(explicit: Option<&Path>) -> anyhow::Result<Source> {
    let data = std::env::var_os("DLXLAB_DATA").map(PathBuf::from);
    Ok(corpus::locate(explicit, data.as_deref())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_field_splits_on_any_white_space() {
        for (line, field) in [
            ("abc def", "abc"),
            ("abc", "abc"),
            ("  abc\tdef", "abc"),
            ("abc\u{b}def", "abc"),
            ("abc\u{2003}def", "abc"),
            ("ab\u{e9}c d", "ab\u{e9}c"),
            ("ab\u{0}c d", "ab\u{0}c"),
            ("ab\u{1f}c\td", "ab\u{1f}c"),
            ("\u{2003}abc d", "abc"),
            ("", ""),
            ("   ", ""),
        ] {
            assert_eq!(first_field(line), field, "{line:?}");
            assert_eq!(
                first_field(line),
                line.split_whitespace().next().unwrap_or("")
            );
        }
        // The end of the field in every position of the 16-byte blocks and of the rest.
        for len in 0..50 {
            for end in [" x", "\u{1}x", "\u{e9}x", "\u{2003}x", "\u{7f}x", ""] {
                let line = format!("{}{end}", "7".repeat(len));
                assert_eq!(
                    first_field(&line),
                    line.split_whitespace().next().unwrap_or(""),
                    "{line:?}"
                );
            }
        }
    }

    #[test]
    fn pieces_borrow_the_puzzle_lines() {
        let piece = Piece::Text {
            source: "t".into(),
            text: "\u{feff}# header\n\n  a 1 \r\nb\n".into(),
        };
        let lines: Vec<_> = piece.lines().collect();
        assert_eq!(lines, [(Origin::Line(3), "a 1"), (Origin::Line(4), "b")]);
        let bom = Piece::Text {
            source: "t".into(),
            text: "\u{feff}a 1\n".into(),
        };
        assert_eq!(bom.lines().collect::<Vec<_>>(), [(Origin::Line(1), "a 1")]);
        let argument = Piece::Argument(2, "c".into());
        assert_eq!(
            argument.lines().collect::<Vec<_>>(),
            [(Origin::Argument(2), "c")]
        );
    }
}
