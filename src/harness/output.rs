//! Atomic output: a file appears under its final name only when it is complete.
//!
//! Every output is written to `<name>.partial` in the same directory and renamed when complete
//! (a rename within one directory is atomic on POSIX file systems). An interrupted study leaves
//! `runs.csv.partial` holding only whole puzzles, which `--resume` continues.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The suffix of files being written.
pub const PARTIAL_SUFFIX: &str = ".partial";

/// The name a file has while it is being written.
pub fn partial_path(dest: &Path) -> PathBuf {
    let mut name = dest.file_name().unwrap_or_default().to_os_string();
    name.push(PARTIAL_SUFFIX);
    dest.with_file_name(name)
}

/// A file being written under its partial name.
pub struct AtomicFile {
    dest: PathBuf,
    partial: PathBuf,
    out: BufWriter<File>,
}

impl AtomicFile {
    /// Creates (truncates) `<dest>.partial`.
    pub fn create(dest: &Path) -> io::Result<AtomicFile> {
        let partial = partial_path(dest);
        let file = File::create(&partial).map_err(|e| with_path(e, &partial))?;
        Ok(AtomicFile {
            dest: dest.to_path_buf(),
            partial,
            out: BufWriter::with_capacity(1 << 16, file),
        })
    }

    /// Opens an existing `<dest>.partial` cut to `len` bytes, for appending.
    pub fn append_after(dest: &Path, len: u64) -> io::Result<AtomicFile> {
        let partial = partial_path(dest);
        let file = fs::OpenOptions::new()
            .write(true)
            .open(&partial)
            .map_err(|e| with_path(e, &partial))?;
        file.set_len(len)?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        io::Seek::seek(out.get_mut(), io::SeekFrom::Start(len))?;
        Ok(AtomicFile {
            dest: dest.to_path_buf(),
            partial,
            out,
        })
    }

    /// Pushes buffered bytes to the file (so that an interruption keeps them).
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush().map_err(|e| with_path(e, &self.partial))
    }

    /// Flushes, syncs and renames the file to its final name. Every error names the file (a full
    /// disk included).
    pub fn commit(mut self) -> io::Result<()> {
        self.out.flush().map_err(|e| with_path(e, &self.partial))?;
        self.out
            .get_ref()
            .sync_all()
            .map_err(|e| with_path(e, &self.partial))?;
        fs::rename(&self.partial, &self.dest).map_err(|e| with_path(e, &self.dest))
    }
}

impl AtomicFile {
    /// Removes the partial file: a command that fails leaves nothing under either name.
    pub fn discard(self) -> io::Result<()> {
        drop(self.out);
        fs::remove_file(&self.partial).map_err(|e| with_path(e, &self.partial))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf).map_err(|e| with_path(e, &self.partial))
    }

    fn flush(&mut self) -> io::Result<()> {
        AtomicFile::flush(self)
    }
}

/// Writes a whole file atomically: under `<dest>.partial`, renamed when complete; on failure
/// (a full disk, say) the partial file is removed and `dest` is left as it was.
pub fn write_atomic(dest: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(dest)?;
    let partial = file.partial.clone();
    let written = file.write_all(bytes).and_then(|()| file.commit());
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written.map_err(|e| with_path(e, dest))
}

/// Whether `a` and `b` name the same existing file or directory: the same device and inode on
/// Unix, so that a link or another spelling of the path (`./x`, `d/../x`) counts too; the same
/// canonical path elsewhere. False when either does not exist (a new output file is no input).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    same_metadata(&ma, &mb)
        || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Whether two metadata describe the same file (device and inode; always false off Unix).
pub fn same_metadata(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

fn with_path(err: io::Error, path: &Path) -> io::Error {
    io::Error::new(err.kind(), format!("{}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_file_sees_through_spellings_and_links() {
        let dir = tempfile::tempdir().unwrap();
        let x = dir.path().join("x.txt");
        fs::write(&x, "1").unwrap();
        let other = dir.path().join("y.txt");
        fs::write(&other, "1").unwrap();
        assert!(same_file(&x, &dir.path().join(".").join("x.txt")));
        assert!(!same_file(&x, &other));
        assert!(!same_file(&x, &dir.path().join("new.txt")));
        #[cfg(unix)]
        {
            let link = dir.path().join("link.txt");
            std::os::unix::fs::symlink(&x, &link).unwrap();
            assert!(same_file(&x, &link));
            let hard = dir.path().join("hard.txt");
            fs::hard_link(&x, &hard).unwrap();
            assert!(same_file(&x, &hard));
        }
    }

    #[test]
    fn nothing_under_the_final_name_until_commit() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("x.csv");
        let mut f = AtomicFile::create(&dest).unwrap();
        f.write_all(b"abc").unwrap();
        f.flush().unwrap();
        assert!(!dest.exists());
        assert_eq!(fs::read(partial_path(&dest)).unwrap(), b"abc");
        f.commit().unwrap();
        assert_eq!(fs::read(&dest).unwrap(), b"abc");
        assert!(!partial_path(&dest).exists());
    }

    #[test]
    fn append_after_cuts_and_continues() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("y.csv");
        fs::write(partial_path(&dest), b"keep|drop").unwrap();
        let mut f = AtomicFile::append_after(&dest, 5).unwrap();
        f.write_all(b"more").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read(&dest).unwrap(), b"keep|more");
    }
}
