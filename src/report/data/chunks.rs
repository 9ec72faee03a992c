//! Reading the CSV files of a study directory: columns looked up by name ([`Fields`]), and large
//! files parsed in parallel with the result of a row-by-row reading ([`read_csv_chunks`]).

use std::collections::HashMap;
use std::path::Path;

use super::error::{parse_finite, DataError};

/// One CSV record with its header, for lookups by column name.
pub(super) struct Fields<'a> {
    path: &'a Path,
    header: &'a HashMap<String, usize>,
    record: &'a csv::StringRecord,
}

impl Fields<'_> {
    pub(super) fn has(&self, column: &str) -> bool {
        self.header.contains_key(column)
    }

    pub(super) fn str(&self, column: &'static str, line: u64) -> Result<&str, DataError> {
        let i = *self
            .header
            .get(column)
            .ok_or_else(|| DataError::MissingColumn {
                path: self.path.to_path_buf(),
                column,
            })?;
        // The csv reader rejects ragged rows, so every column is present.
        self.record
            .get(i)
            .ok_or_else(|| self.bad(column, line, "a field"))
    }

    pub(super) fn bad(&self, column: &'static str, line: u64, reason: &'static str) -> DataError {
        let value = self
            .header
            .get(column)
            .and_then(|&i| self.record.get(i))
            .unwrap_or("")
            .to_string();
        DataError::BadField {
            path: self.path.to_path_buf(),
            line,
            column,
            value,
            reason,
        }
    }

    pub(super) fn u64(&self, column: &'static str, line: u64) -> Result<u64, DataError> {
        self.str(column, line)?
            .trim()
            .parse()
            .map_err(|_| self.bad(column, line, "a non-negative integer"))
    }

    /// Counters of `invalid` rows may be left empty by the writer.
    pub(super) fn u64_or_zero(&self, column: &'static str, line: u64) -> Result<u64, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(0),
            _ => self.u64(column, line),
        }
    }

    pub(super) fn opt_u64(
        &self,
        column: &'static str,
        line: u64,
    ) -> Result<Option<u64>, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(None),
            _ => self.u64(column, line).map(Some),
        }
    }

    pub(super) fn opt_f64(
        &self,
        column: &'static str,
        line: u64,
    ) -> Result<Option<f64>, DataError> {
        match self.str(column, line)?.trim() {
            "" => Ok(None),
            t => parse_finite(t)
                .map(Some)
                .ok_or_else(|| self.bad(column, line, "a finite number or an empty field")),
        }
    }
}

/// Below this many bytes of rows a file is read on one thread.
const PARALLEL_MIN_BYTES: usize = 1 << 20;

/// Reads a CSV file with a header row, calling `row(state, fields, line)` for each record (`line`:
/// its 1-based line in the file), and returns the states: one per chunk of the file, in file order.
///
/// A file of more than [`PARALLEL_MIN_BYTES`] bytes of rows with no `"` and no blank line in it
/// (so that every newline ends a record) is cut at newlines into chunks that are parsed in parallel, each by its
/// own reader with the header in front, so that ragged rows are rejected against the header as
/// before. Any error in any chunk sends the whole file through the row-by-row reader, whose first
/// error is the one returned: results and errors are those of reading the file in one pass.
pub(super) fn read_csv_chunks<S: Default + Send>(
    path: &Path,
    row: impl Fn(&mut S, &Fields<'_>, u64) -> Result<(), DataError> + Sync,
    required: &[&'static str],
) -> Result<Vec<S>, DataError> {
    let io = |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::read(path).map_err(io)?;
    let csv_err = |source: csv::Error| DataError::Csv {
        path: path.to_path_buf(),
        line: source.position().map_or(1, |p| p.line()),
        source,
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(bytes.as_slice());
    let header: HashMap<String, usize> = reader
        .headers()
        .map_err(csv_err)?
        .iter()
        .enumerate()
        .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
        .collect();
    if let Some(&column) = required.iter().find(|c| !header.contains_key(**c)) {
        return Err(DataError::MissingColumn {
            path: path.to_path_buf(),
            column,
        });
    }
    let body_start = usize::try_from(reader.position().byte()).unwrap_or(bytes.len());
    let threads = rayon::current_num_threads();
    if threads > 1
        && bytes.len() - body_start >= PARALLEL_MIN_BYTES
        && !bytes.contains(&b'"')
        && bytes[..body_start].ends_with(b"\n")
    {
        if let Some(states) = read_chunks_parallel(path, &bytes, body_start, &header, &row) {
            return Ok(states);
        }
    }
    let mut state = S::default();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => return Ok(vec![state]),
            Ok(true) => {
                let line = record.position().map_or(0, |p| p.line());
                let fields = Fields {
                    path,
                    header: &header,
                    record: &record,
                };
                row(&mut state, &fields, line)?;
            }
            Err(e) => return Err(csv_err(e)),
        }
    }
}

/// The parallel half of [`read_csv_chunks`]: `None` if any chunk meets an error.
fn read_chunks_parallel<S: Default + Send>(
    path: &Path,
    bytes: &[u8],
    body_start: usize,
    header: &HashMap<String, usize>,
    row: &(impl Fn(&mut S, &Fields<'_>, u64) -> Result<(), DataError> + Sync),
) -> Option<Vec<S>> {
    use rayon::prelude::*;
    let head = &bytes[..body_start];
    let body = &bytes[body_start..];
    // Cut points just after a newline, about 4 chunks per thread.
    let pieces = rayon::current_num_threads() * 4;
    let mut cuts = vec![0usize];
    for k in 1..pieces {
        let at = (body.len() * k / pieces).max(*cuts.last().expect("cuts starts with 0"));
        match body[at..].iter().position(|&b| b == b'\n') {
            Some(i) if at + i + 1 < body.len() => cuts.push(at + i + 1),
            _ => break,
        }
    }
    cuts.dedup();
    cuts.push(body.len());
    let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &body[w[0]..w[1]]).collect();
    // The file line of each chunk's first record: lines before it, plus one.
    let newlines: Vec<u64> = chunks
        .par_iter()
        .map(|c| c.iter().filter(|&&b| b == b'\n').count() as u64)
        .collect();
    let head_lines = head.iter().filter(|&&b| b == b'\n').count() as u64;
    let mut first_line = Vec::with_capacity(chunks.len());
    let mut before = head_lines;
    for n in &newlines {
        first_line.push(before + 1);
        before += n;
    }
    chunks
        .par_iter()
        .zip(first_line)
        .map(|(chunk, first)| {
            // The csv reader numbers the record after a blank line as if the blank were not
            // there; a chunk starting anywhere near one would number differently: leave such
            // files to the row-by-row reader.
            if chunk.first().is_some_and(|&b| b == b'\n' || b == b'\r')
                || chunk
                    .windows(2)
                    .any(|w| w[0] == b'\n' && (w[1] == b'\n' || w[1] == b'\r'))
            {
                return None;
            }
            // The header in front: the reader checks every row's length against it, and its
            // records start on its line 2.
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(true)
                .from_reader(std::io::Read::chain(head, *chunk));
            reader.headers().ok()?;
            let mut state = S::default();
            let mut record = csv::StringRecord::new();
            while reader.read_record(&mut record).ok()? {
                let line = record.position().map_or(0, |p| p.line()) + first - 2;
                let fields = Fields {
                    path,
                    header,
                    record: &record,
                };
                row(&mut state, &fields, line).ok()?;
            }
            Some(state)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parallel reader, called directly (so that a silent fallback to the row-by-row reader
    /// cannot hide a failure), returns the rows and lines of the row-by-row reader.
    #[test]
    fn chunks_hold_the_rows_of_the_row_by_row_reader() {
        let mut text = String::from("a,b\n");
        for i in 0..200_000u64 {
            text.push_str(&format!("{i},{}\n", i * 7));
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, &text).unwrap();
        let row = |rows: &mut Vec<(u64, u64, u64)>, f: &Fields<'_>, line: u64| {
            rows.push((line, f.u64("a", line)?, f.u64("b", line)?));
            Ok(())
        };
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| read_csv_chunks(&path, row, &["a", "b"]))
            .unwrap();
        assert_eq!(one.len(), 1, "one thread reads row by row");
        let header: HashMap<String, usize> = [("a".to_string(), 0), ("b".to_string(), 1)].into();
        let bytes = text.as_bytes();
        let chunks = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap()
            .install(|| read_chunks_parallel(&path, bytes, 4, &header, &row))
            .expect("valid rows parse in chunks");
        assert!(chunks.len() > 1);
        let flat: Vec<_> = chunks.into_iter().flatten().collect();
        assert_eq!(flat, one[0]);
        assert_eq!(flat.len(), 200_000);
        assert_eq!(flat[1], (3, 1, 7));

        // A blank line: the row-by-row reader numbers the record after it its own way, so the
        // parallel reader declines and the row-by-row reader reads the file.
        let blank = text.replacen("\n1000,", "\n\n1000,", 1);
        std::fs::write(&path, &blank).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert!(pool
            .install(|| read_chunks_parallel(&path, blank.as_bytes(), 4, &header, &row))
            .is_none());
        let read = pool
            .install(|| read_csv_chunks(&path, row, &["a", "b"]))
            .unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].len(), 200_000);
    }
}
