//! The fixed sample of 17-clue puzzles that `benches/solvers.rs` and `examples/solver_table.rs`
//! measure, so that the criterion numbers and the README table describe the same work.

use std::path::PathBuf;

/// Puzzles measured when the corpus is found: its first `SAMPLE_SIZE` lines.
pub const SAMPLE_SIZE: usize = 1000;

/// Used when the corpus is absent: the first ten puzzles of the 17-clue collection, so the benches
/// still run (with a small, noisier sample).
const EMBEDDED: [&str; 10] = [
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
    ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.",
    ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......",
    ".................1.....2.3.....4...5..3.1.....26....7.15...8...4........7....6.2.",
    ".................1.....2.3.....4.2.5..6..7.....8.9...4...8.3.6..4.....9..5.......",
    ".................1.....2.3...1..4.....5.....6..6..378..4.....2..7..5.....9..1....",
];

/// Where the sample came from, for the benchmark's context line.
pub struct Sample {
    /// The puzzle lines, in corpus order.
    pub puzzles: Vec<String>,
    /// The file read, or "embedded".
    pub source: String,
}

/// The first `SAMPLE_SIZE` puzzles of `$DLXLAB_DATA/17-clue.txt`, else of
/// `../shared/datasets/17-clue.txt` relative to the crate, else the embedded puzzles.
pub fn load() -> Sample {
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::var_os("DLXLAB_DATA") {
        candidates.push(PathBuf::from(dir).join("17-clue.txt"));
    }
    candidates
        .push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets/17-clue.txt"));
    for path in candidates {
        if let Ok(text) = std::fs::read_to_string(&path) {
            let puzzles: Vec<String> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .take(SAMPLE_SIZE)
                .map(String::from)
                .collect();
            if !puzzles.is_empty() {
                return Sample {
                    puzzles,
                    source: path.display().to_string(),
                };
            }
        }
    }
    Sample {
        puzzles: EMBEDDED.iter().map(|s| s.to_string()).collect(),
        source: "embedded".to_string(),
    }
}
