//! The fingerprint of a study's puzzles, as its `runs.csv` holds them.
//!
//! `meta.json` records the corpus's SHA-256 ([`super::meta::CorpusMeta::sha256`]), but the
//! corpus is not beside the study when it is reported on or merged, so nothing could tell that a
//! `runs.csv` (or a `ratings.csv`) belongs to it. [`PuzzleDigest`] closes that gap: the SHA-256 of
//! the puzzle lines of the study, each as `LINE<TAB>PUZZLE<LF>` in line order (the puzzle field as
//! written, invalid lines included), so that it can be computed from the corpus while the study
//! runs, from the rows of `runs.csv` (the first row of each line; rows come in line order), and
//! from `ratings.csv`'s `line` and `puzzle` columns alike. The study writes it to `meta.json` as
//! `puzzles_sha256`; `dlxlab report` and `dlxlab merge` recompute it and refuse files that differ.

use sha2::{Digest, Sha256};

/// A running SHA-256 over the puzzle lines of a study (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct PuzzleDigest {
    hasher: Sha256,
    last_line: Option<u64>,
}

impl PuzzleDigest {
    /// Adds the puzzle of corpus line `line`; a line equal to the previous one (the next solver's
    /// row of the same puzzle) adds nothing.
    pub fn add(&mut self, line: u64, puzzle: &str) {
        if self.last_line == Some(line) {
            return;
        }
        self.last_line = Some(line);
        self.hasher.update(line.to_string().as_bytes());
        self.hasher.update(b"\t");
        self.hasher.update(puzzle.as_bytes());
        self.hasher.update(b"\n");
    }

    /// The SHA-256 as lowercase hex.
    pub fn finish(self) -> String {
        self.hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_one_line_count_once_and_order_and_text_matter() {
        let digest = |items: &[(u64, &str)]| {
            let mut d = PuzzleDigest::default();
            for (line, puzzle) in items {
                d.add(*line, puzzle);
            }
            d.finish()
        };
        let one = digest(&[(2, "ab"), (3, "cd")]);
        assert_eq!(one, digest(&[(2, "ab"), (2, "ab"), (3, "cd"), (3, "cd")]));
        assert_ne!(one, digest(&[(2, "ab"), (4, "cd")]));
        assert_ne!(one, digest(&[(2, "ab"), (3, "ce")]));
        assert_ne!(one, digest(&[(2, "ab")]));
        assert_eq!(one.len(), 64);
    }
}
