//! Knuth's DLX text format (issue 2): reading, writing, round trips, and every malformed input with
//! its exact error.

use dlxlab::puzzles::langford::Langford;
use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::puzzles::queens::Queens;
use dlxlab::xc::format::{self, FormatError, FormatErrorKind as K, FormatWarning, ReadError};
use dlxlab::xc::{ItemKind, OptionId, Problem, XcError};
use proptest::prelude::*;

fn err(text: &str) -> (usize, usize, K) {
    let e = format::parse(text).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn reads_knuths_dlx3_example() {
    let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let parsed = format::parse(text).unwrap();
    let p = &parsed.problem;
    assert_eq!((p.n_primary(), p.n_secondary(), p.n_options()), (3, 2, 5));
    let c = p.item(p.item_by_name("C").unwrap());
    assert_eq!((c.kind, c.lo, c.hi), (ItemKind::Primary, 2, 3));
    assert_eq!(p.colors(), ["0", "1"]);
    assert_eq!(parsed.option_lines, [3, 4, 5, 6, 7]);
    assert_eq!(p.option_to_string(OptionId(1)), "A C X:1 Y:1");
    assert!(parsed.warnings.is_empty());
}

#[test]
fn bounds_syntax() {
    let p = format::parse("3|a 0:2|b 1:1|c d\na b c d\n")
        .unwrap()
        .problem;
    let bounds: Vec<_> = p.items().iter().map(|i| (i.lo, i.hi)).collect();
    assert_eq!(bounds, [(3, 3), (0, 2), (1, 1), (1, 1)]);
    assert!(p.has_multiplicities());
    // The separator may touch the next name, and comments and blank lines go anywhere.
    let parsed = format::parse("\n| c\n  a |b c\n\n| more\na b\n   \na c:x\n").unwrap();
    assert_eq!(parsed.problem.n_secondary(), 2);
    assert_eq!(parsed.option_lines, [6, 8]);
}

#[test]
fn long_names_and_colours_are_accepted() {
    let text = "a_very_long_item | secondary_item\na_very_long_item secondary_item:crimson\n";
    let p = format::parse(text).unwrap().problem;
    assert_eq!(p.colors(), ["crimson"]);
    assert!(!format::fits_knuth_limits(&p));
    assert!(format::fits_knuth_limits(Queens::new(8).unwrap().problem()));
}

#[test]
fn options_without_primary_are_dropped_with_a_warning() {
    let parsed = format::parse("a | x\nx\na x\nx:1\n").unwrap();
    assert_eq!(parsed.problem.n_options(), 1);
    assert_eq!(parsed.option_lines, [3]);
    assert_eq!(
        parsed.warnings,
        [
            FormatWarning::OptionWithoutPrimary { line: 2 },
            FormatWarning::OptionWithoutPrimary { line: 4 }
        ]
    );
    assert_eq!(
        parsed.warnings[0].to_string(),
        "line 2: option has no primary item and was dropped (as Knuth's dlx1 does)"
    );
}

#[test]
fn malformed_inputs_name_line_column_and_reason() {
    assert_eq!(err(""), (1, 1, K::NoItems));
    assert_eq!(err("| only a comment\n\n"), (3, 1, K::NoItems));
    assert_eq!(err("a | b | c\n"), (1, 7, K::SeparatorTwice));
    assert_eq!(err("a || b\n"), (1, 4, K::SeparatorTwice));
    assert_eq!(err("a a\n"), (1, 3, K::DuplicateItem("a".into())));
    assert_eq!(err("a | a\n"), (1, 5, K::DuplicateItem("a".into())));
    assert_eq!(err("a 2:3|\n"), (1, 3, K::EmptyItemName("2:3|".into())));
    assert_eq!(err("x|a\n"), (1, 1, K::BadBound("x|a".into())));
    assert_eq!(err("a 2:x|b\n"), (1, 3, K::BadBound("2:x|b".into())));
    assert_eq!(
        err("99999999999|a\n"),
        (1, 1, K::BadBound("99999999999|a".into()))
    );
    assert_eq!(err("2:3|a|b\n"), (1, 1, K::BadBound("2:3|a|b".into())));
    assert_eq!(
        err("a b:c\n"),
        (1, 3, K::LowerBoundWithoutUpper("b:c".into()))
    );
    assert_eq!(err("0|a\n"), (1, 1, K::ZeroUpperBound("0|a".into())));
    assert_eq!(err("3:2|a\n"), (1, 1, K::LowerExceedsUpper("3:2|a".into())));
    assert_eq!(err("a | 2|x\n"), (1, 5, K::BoundOnSecondary("2|x".into())));
    assert_eq!(err("a | x:y\n"), (1, 5, K::ColonInName("x:y".into())));
    assert_eq!(err("a b\na c\n"), (2, 3, K::UnknownItem("c".into())));
    assert_eq!(err("a b\na b a\n"), (2, 5, K::RepeatedItem("a".into())));
    assert_eq!(err("a | x\na x x:1\n"), (2, 5, K::RepeatedItem("x".into())));
    assert_eq!(err("a | x\na:1 x\n"), (2, 1, K::ColorOnPrimary("a".into())));
    assert_eq!(err("a | x\na x:\n"), (2, 3, K::BadColorSyntax("x:".into())));
    assert_eq!(err("a | x\na :1\n"), (2, 3, K::BadColorSyntax(":1".into())));
    assert_eq!(
        err("a | x\na x:1:2\n"),
        (2, 3, K::Problem(XcError::InvalidColor("1:2".into())))
    );
    // A `|` after the first token of an option line is not a comment: it names no item.
    assert_eq!(err("a\na | note\n"), (2, 3, K::UnknownItem("|".into())));
    // Columns count characters, not bytes.
    assert_eq!(err("é a\né b\n"), (2, 3, K::UnknownItem("b".into())));
}

#[test]
fn error_messages_read_well() {
    let e = format::parse("a b\na c\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 3: unknown item `c`");
    let e = format::parse("3:2|a\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 1: `3:2|a`: the lower bound exceeds the upper bound"
    );
}

#[test]
fn read_reports_invalid_utf8_and_io_errors() {
    let bytes: &[u8] = b"a b\r\na b\n\xff\n";
    match format::read(bytes) {
        Err(ReadError::Format(FormatError { line, kind, .. })) => {
            assert_eq!((line, kind), (3, K::InvalidUtf8))
        }
        other => panic!("{other:?}"),
    }
    let ok = format::read(&b"a b\r\na b\r\n"[..]).unwrap();
    assert_eq!(ok.problem.n_options(), 1);

    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    assert!(matches!(
        format::read(std::io::BufReader::new(Broken)),
        Err(ReadError::Io(_))
    ));
}

#[test]
fn writes_what_knuth_reads() {
    let p = format::parse("A B 2:3|C 0:1|D 4|E | X Y\nA B X:0 Y:0\nA C D E X:1 Y:1\n")
        .unwrap()
        .problem;
    let text = format::to_string(&p).unwrap();
    assert_eq!(
        text,
        "A B 2:3|C 0:1|D 4|E | X Y\nA B X:0 Y:0\nA C D E X:1 Y:1\n"
    );
    let no_secondary = format::to_string(Langford::new(2).unwrap().problem()).unwrap();
    assert!(no_secondary.starts_with("1 2 s1 s2 s3 s4\n"));
    let mut out = Vec::new();
    format::write_comment("8 queens\n\nKnuth's order", &mut out).unwrap();
    assert_eq!(out, b"| 8 queens\n|\n| Knuth's order\n");
}

#[test]
fn a_problem_without_primary_items_cannot_be_written() {
    let mut b = Problem::builder();
    b.secondary("x").unwrap();
    let p = b.build().unwrap();
    assert!(format::to_string(&p).is_err());
}

fn round_trip(p: &Problem) {
    let text = format::to_string(p).unwrap();
    let back = format::parse(&text).unwrap();
    assert_eq!(&back.problem, p, "{text}");
    assert_eq!(
        back.option_lines,
        (2..2 + p.n_options()).collect::<Vec<_>>()
    );
}

#[test]
fn encoders_round_trip() {
    round_trip(Queens::new(8).unwrap().problem());
    round_trip(Langford::new(7).unwrap().problem());
    round_trip(Tiling::pentominoes(3, 20, true).unwrap().problem());
}

/// A random valid problem: names from a small alphabet (with long and non-ASCII ones), bounds,
/// secondary items and colours.
fn problem_strategy() -> impl Strategy<Value = Problem> {
    let item = (0u32..3, 1u32..4, "[a-zé_0-9]{1,10}");
    (
        prop::collection::vec(item, 1..6),
        prop::collection::vec("[A-Za-z][a-z0-9]{0,3}", 0..4),
        prop::collection::vec(
            (
                prop::collection::vec(any::<prop::sample::Index>(), 1..5),
                prop::collection::vec((any::<prop::sample::Index>(), 0u8..3), 0..3),
            ),
            0..8,
        ),
    )
        .prop_map(|(primaries, secondaries, options)| {
            let mut b = Problem::builder();
            let mut prim = Vec::new();
            for (k, (lo, hi, name)) in primaries.into_iter().enumerate() {
                let name = format!("{name}{k}");
                prim.push(b.primary_with_bounds(&name, lo.min(hi), hi).unwrap());
            }
            let mut sec = Vec::new();
            for (k, name) in secondaries.into_iter().enumerate() {
                sec.push(b.secondary(format!("{name}_{k}s")).unwrap());
            }
            let colours = [b.color("r").unwrap(), b.color("green").unwrap()];
            for (ps, ss) in options {
                let mut entries = Vec::new();
                for i in ps {
                    let item = prim[i.index(prim.len())];
                    if !entries.iter().any(|e: &dlxlab::xc::Entry| e.item == item) {
                        entries.push(dlxlab::xc::Entry { item, color: None });
                    }
                }
                if !sec.is_empty() {
                    for (i, c) in ss {
                        let item = sec[i.index(sec.len())];
                        if !entries.iter().any(|e| e.item == item) {
                            let color = (c > 0).then(|| colours[c as usize - 1]);
                            entries.push(dlxlab::xc::Entry { item, color });
                        }
                    }
                }
                b.option_entries(&entries).unwrap();
            }
            b.build().unwrap()
        })
}

proptest! {
    #[test]
    fn random_problems_round_trip(p in problem_strategy()) {
        // Colours are interned in order of first use when reading, so compare through the text.
        let text = format::to_string(&p).unwrap();
        let back = format::parse(&text).unwrap();
        prop_assert_eq!(format::to_string(&back.problem).unwrap(), text);
        prop_assert_eq!(back.problem.items(), p.items());
        prop_assert_eq!(back.problem.n_options(), p.n_options());
        for o in p.option_ids() {
            prop_assert_eq!(back.problem.option_to_string(o), p.option_to_string(o));
        }
    }

    #[test]
    fn parse_never_panics(text in "(\\PC|[ \\t\\n|:0-9ab]){0,200}") {
        let _ = format::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_near_valid_text(lines in prop::collection::vec("[ab|:0-9 xé\\t]{0,12}", 0..6)) {
        let text = lines.join("\n");
        if let Err(e) = format::parse(&text) {
            prop_assert!(e.line >= 1 && e.column >= 1);
            prop_assert!(e.line <= lines.len() + 1);
        }
    }

    #[test]
    fn read_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = format::read(&bytes[..]);
    }

    #[test]
    fn read_and_parse_agree(text in "[ab|:0-9 x\\t\\n]{0,80}") {
        let parsed = format::parse(&text);
        let read = format::read(text.as_bytes());
        match (parsed, read) {
            (Ok(p), Ok(r)) => prop_assert_eq!(p, r),
            (Err(p), Err(ReadError::Format(r))) => prop_assert_eq!(p, r),
            (p, r) => prop_assert!(false, "parse {:?} but read {:?}", p, r),
        }
    }
}
