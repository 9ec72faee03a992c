//! Where a corpus comes from ([`Source`]: a file, standard input, the embedded corpus or puzzles
//! given as arguments), how the default one is found ([`locate`]), and the SHA-256 taken of every
//! byte read ([`HashingReader`]).
//!
//! A file can be read as often as a command likes (hashed before a resume, counted for a progress
//! bar, rated beside the study); a stream cannot: a pipe, a FIFO, process substitution
//! (`--corpus <(zcat f.gz)`, which names `/dev/fd/N`) or standard input gives its bytes once, and
//! a second reader finds nothing (or waits for a writer that is gone). A command that needs a
//! second pass therefore calls [`Source::settle`] first, which reads a stream whole, once, into
//! memory ([`Source::Read`]); a command that reads the corpus once streams it as it is, and asks
//! [`Source::is_stream`] before any extra pass (such as counting lines for a progress bar).

use std::fs::{self, File};
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::{CorpusReader, DEFAULT_CORPUS, EMBEDDED_NAME};

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
    /// A stream read whole by [`Source::settle`], so that it can be read again.
    Read {
        /// How the stream was given, for messages: `-` or its path ([`Source::describe`]).
        described: String,
        /// Its [`Source::portable`] name.
        portable: String,
        /// Its [`Source::name`].
        name: String,
        /// Every byte read.
        bytes: Arc<[u8]>,
    },
}

/// The file name that [`locate`] looks for in the data directories.
pub const DEFAULT_FILE: &str = "17-clue.txt";

/// Why [`locate`] found no corpus: the data directory given (`$DLXLAB_DATA`) is not there, or
/// holds no [`DEFAULT_FILE`]. A data directory that was asked for and is missing is an error, never
/// a silent fall-back to another corpus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocateError {
    /// The data directory does not exist or is not a directory.
    #[error("DLXLAB_DATA={}: no such directory (unset DLXLAB_DATA, or give --corpus FILE)", .0.display())]
    NoDirectory(PathBuf),
    /// The data directory holds no [`DEFAULT_FILE`].
    #[error("DLXLAB_DATA={}: no {DEFAULT_FILE} there (unset DLXLAB_DATA, or give --corpus FILE)", .0.display())]
    NoDefaultFile(PathBuf),
}

/// Finds the corpus to use, in this order: `explicit` (`-` means standard input), else
/// `data_dir/17-clue.txt` (the caller passes `$DLXLAB_DATA`; an empty value counts as unset), else
/// `datasets/17-clue.txt` relative to the working directory, else the embedded default corpus. A
/// `data_dir` that is given but missing, or lacks the file, is an error ([`LocateError`]) when no
/// `explicit` corpus is given. Only existence is checked here; opening errors are reported by
/// [`Source::open`].
pub fn locate(explicit: Option<&Path>, data_dir: Option<&Path>) -> Result<Source, LocateError> {
    if let Some(path) = explicit {
        if path == Path::new("-") {
            return Ok(Source::Stdin);
        }
        return Ok(Source::Path(path.to_path_buf()));
    }
    if let Some(dir) = data_dir.filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(LocateError::NoDirectory(dir.to_path_buf()));
        }
        let path = dir.join(DEFAULT_FILE);
        if !path.is_file() {
            return Err(LocateError::NoDefaultFile(dir.to_path_buf()));
        }
        return Ok(Source::Path(path));
    }
    let local = Path::new("datasets").join(DEFAULT_FILE);
    if local.is_file() {
        return Ok(Source::Path(local));
    }
    Ok(Source::Embedded)
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
            Source::Read { name, .. } => name.clone(),
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
            Source::Read { described, .. } => described.clone(),
        }
    }

    /// How reports (`meta.json`, `summary.md`) name the source without naming the machine: the
    /// path relative to the repository (the nearest directory above the working directory that
    /// holds `.git`, else the working directory) when the file lies inside it, else the file name
    /// alone; `-` or `embedded:default` as in [`Source::describe`]. Never an absolute path: the
    /// SHA-256 and size recorded beside it identify the file.
    pub fn portable(&self) -> String {
        let path = match self {
            Source::Path(path) => path,
            Source::Read { portable, .. } => return portable.clone(),
            _ => return self.describe(),
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
            Source::Read { bytes, .. } => Box::new(io::Cursor::new(Arc::clone(bytes))),
        };
        Ok(CorpusReader::new(BufReader::with_capacity(
            1 << 16,
            HashingReader::new(inner),
        )))
    }
}

impl Source {
    /// Whether the source gives its bytes only once: standard input, or a path that is not a
    /// regular file (a FIFO, a pipe such as process substitution's `/dev/fd/N`, a character
    /// device). A path that cannot be examined is not a stream: opening it reports the error.
    pub fn is_stream(&self) -> bool {
        match self {
            Source::Stdin => true,
            Source::Path(path) => fs::metadata(path).is_ok_and(|m| !m.is_file()),
            Source::Embedded | Source::Arguments(_) | Source::Read { .. } => false,
        }
    }

    /// The source, readable again: a stream ([`Source::is_stream`]) is read whole, once, into
    /// memory; anything else is returned as it is.
    pub fn settle(self) -> io::Result<Source> {
        if !self.is_stream() {
            return Ok(self);
        }
        let mut bytes = Vec::new();
        let mut reader = self.open()?.into_inner();
        reader
            .read_to_end(&mut bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("reading {}: {e}", self.describe())))?;
        Ok(Source::Read {
            described: self.describe(),
            portable: self.portable(),
            name: self.name(),
            bytes: bytes.into(),
        })
    }

    /// Whether at least one line is a valid puzzle (reads up to the first one). On a stream this
    /// consumes it: [`Source::settle`] first.
    pub fn holds_a_puzzle(&self) -> io::Result<bool> {
        for line in self.open()? {
            if let super::LineKind::Puzzle(record) = line?.kind {
                if record.grid.is_ok() {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The hex SHA-256 and the size of the whole source, read once more. On a stream this
    /// consumes it: [`Source::settle`] first.
    pub fn fingerprint(&self) -> io::Result<(String, u64)> {
        self.open()?.into_inner().into_inner().finish()
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
