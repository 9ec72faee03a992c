//! Tests of the corpus reader, the line format and the sources.

use super::*;
use std::path::Path;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

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
        Ok(Source::Stdin)
    );
    assert_eq!(
        locate(Some(Path::new("x.txt")), None),
        Ok(Source::Path("x.txt".into()))
    );
    // Issue 38: a data directory that is set but missing, or without the file, is an error.
    let missing = dir.path().join("nowhere");
    assert_eq!(
        locate(None, Some(&missing)),
        Err(LocateError::NoDirectory(missing.clone()))
    );
    assert_eq!(
        locate(None, Some(dir.path())),
        Err(LocateError::NoDefaultFile(dir.path().to_path_buf()))
    );
    // An explicit corpus does not need the data directory.
    assert!(locate(Some(Path::new("x.txt")), Some(&missing)).is_ok());
    std::fs::write(dir.path().join(DEFAULT_FILE), P).unwrap();
    assert_eq!(
        locate(None, Some(dir.path())),
        Ok(Source::Path(dir.path().join(DEFAULT_FILE)))
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

/// Issue 38: one rule for the external rating — the first field that is a number or `se=` — and
/// one line reader (BOM, CRLF, comments) for texts held whole.
#[test]
fn one_rating_rule_and_one_line_reader() {
    let rating = |rest: &str| Fields::parse_after(&format!("{P} {rest}")).rating;
    assert_eq!(rating("7.2 src=12"), Some(7.2));
    assert_eq!(rating("7.2 8.3"), Some(7.2));
    assert_eq!(rating("se=7.2"), Some(7.2));
    assert_eq!(rating("src=12 se=7.2 3.0"), Some(7.2));
    assert_eq!(rating("nodes=5 3.0 se=7.2"), Some(3.0));
    assert_eq!(rating("se=x 3.0"), Some(3.0));
    assert_eq!(rating("inf NaN x"), None);
    let fields = Fields::parse_after(&format!("{P} se=7.20 4"));
    assert_eq!(fields.get("se"), Some("7.20"));
    assert_eq!(fields.other, vec!["4".to_string()]);
    assert_eq!(fields.rating_text().as_deref(), Some("7.2"));
    assert_eq!(
        Fields::parse_after(&format!("{P} 3.0"))
            .rating_text()
            .as_deref(),
        Some("3")
    );
    // The corpus reader and the text reader agree, line numbers included.
    let text = format!("\u{feff}{P} 1\r\n# c\n\n  {P}  \n");
    let read: Vec<(u64, String)> = lines(text.as_bytes())
        .iter()
        .filter_map(|l| match &l.kind {
            LineKind::Puzzle(r) => Some((l.number, r.text.clone())),
            _ => None,
        })
        .collect();
    let whole: Vec<(u64, String)> = text_lines(&text)
        .map(|(n, l)| (n, l.split_whitespace().next().unwrap().to_string()))
        .collect();
    assert_eq!(read, whole);
    assert_eq!(whole, vec![(1, P.to_string()), (4, P.to_string())]);
}

#[test]
fn text_lines_split_as_str_lines() {
    // The memchr split against `str::lines` and the same trimming: CRLF, a lone `\r`, blank
    // and comment lines, a BOM, no final newline, non-ASCII text, empty text.
    let reference = |text: &str| -> Vec<(u64, String)> {
        text.lines()
            .enumerate()
            .filter_map(|(i, line)| {
                let mut line = line;
                if i == 0 {
                    line = line.strip_prefix('\u{feff}').unwrap_or(line);
                }
                let line = line.trim_matches(|c: char| c.is_ascii_whitespace());
                (!line.is_empty() && !line.starts_with('#')).then(|| (i as u64 + 1, line.into()))
            })
            .collect()
    };
    for text in [
        "",
        "\n",
        "\n\n",
        "a",
        "a\n",
        "a\r\nb\r\n",
        "a\rb\n\rc\r",
        "\u{feff}a\n\u{feff}b",
        "  # c\n\t\nx y \n",
        "\u{e9}t\u{e9} \n \u{2003}x\u{2003} \n",
        "\n\n\nlast",
    ] {
        let got: Vec<(u64, String)> = text_lines(text).map(|(n, l)| (n, l.to_string())).collect();
        assert_eq!(got, reference(text), "{text:?}");
    }
}
