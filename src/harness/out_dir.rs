//! Where a study writes when no `--out` is given, so that two corpora never share a directory
//! silently.
//!
//! The default is `results/<corpus name>/`. A name taken from a file names the corpus; a stream
//! does not (`--corpus <(zcat a.gz)` is `/dev/fd/63`, `--corpus -` is standard input), so a
//! stream's directory carries the first 12 hex digits of the corpus's SHA-256 as well
//! ([`default_dir`]). Two files of the same name in different places, or a file edited since,
//! still map to one directory: [`refuse_other_corpus`] refuses to replace a study there whose
//! `meta.json` records another corpus.

use std::path::{Path, PathBuf};

use crate::corpus::{Shard, Source};

use super::{HarnessError, META_JSON};

/// Hex digits of the corpus SHA-256 in a stream's directory name.
const HASH_DIGITS: usize = 12;

/// The default output directory of a study of `source` (whose SHA-256 is `sha256`) under `base`:
/// `base/<name>/`, `base/<name>-<hash>/` for a stream (`stdin-…`, or `stream-…` for a file
/// descriptor such as `/dev/fd/63`), and `shard-K-of-N/` below it for a shard.
pub fn default_dir(base: &Path, source: &Source, sha256: &str, shard: Option<Shard>) -> PathBuf {
    let name = source.name();
    let name = match source {
        Source::Read { .. } | Source::Stdin => {
            let stem = if name.chars().all(|c| c.is_ascii_digit()) {
                "stream"
            } else {
                name.as_str()
            };
            format!("{stem}-{}", &sha256[..sha256.len().min(HASH_DIGITS)])
        }
        _ => name,
    };
    let dir = base.join(name);
    match shard {
        Some(s) => dir.join(format!("shard-{}-of-{}", s.index, s.count)),
        None => dir,
    }
}

/// Refuses `dir` when its `meta.json` records a study of a corpus other than `sha256` (nothing
/// in it is changed). A directory without a readable `meta.json` is not refused here.
pub fn refuse_other_corpus(dir: &Path, sha256: &str) -> Result<(), HarnessError> {
    let Ok(text) = std::fs::read_to_string(dir.join(META_JSON)) else {
        return Ok(());
    };
    let Ok(meta) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Ok(());
    };
    match meta.pointer("/corpus/sha256").and_then(|v| v.as_str()) {
        Some(theirs) if theirs != sha256 => Err(HarnessError::OtherCorpus(format!(
                "{} holds a study of another corpus (SHA-256 {theirs}; this corpus {sha256}): give another --out, or replace that study with --force; nothing was changed",
                dir.display()
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_named_by_their_content() {
        let base = Path::new("results");
        let sha = "0123456789abcdef0123";
        let read = |name: &str| Source::Read {
            described: name.to_string(),
            portable: name.to_string(),
            name: name.to_string(),
            bytes: Vec::new().into(),
        };
        assert_eq!(
            default_dir(base, &read("63"), sha, None),
            base.join("stream-0123456789ab")
        );
        assert_eq!(
            default_dir(base, &read("stdin"), sha, None),
            base.join("stdin-0123456789ab")
        );
        let file = Source::Path(PathBuf::from("data/a.txt"));
        assert_eq!(default_dir(base, &file, sha, None), base.join("a"));
        let shard = Some(Shard { index: 2, count: 3 });
        assert_eq!(
            default_dir(base, &file, sha, shard),
            base.join("a").join("shard-2-of-3")
        );
    }
}
