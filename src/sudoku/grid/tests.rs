use super::*;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn parses_and_writes() {
    let g = Grid::parse(PUZZLE).unwrap();
    assert_eq!(g.givens(), 17);
    assert_eq!(g.to_line(), PUZZLE);
    let zeros = PUZZLE.replace('.', "0");
    assert_eq!(Grid::parse(&zeros).unwrap(), g);
}

#[test]
fn fill_sets_every_cell_as_set_does() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let values: Vec<u8> = (0..81).map(|k| (k % 10) as u8).collect();
    let mut filled = puzzle.clone();
    filled.fill(&values);
    let mut one_by_one = puzzle.clone();
    for (k, &d) in values.iter().enumerate() {
        one_by_one.set(k, d);
    }
    assert_eq!(filled, one_by_one);
    assert_eq!(filled.cells(), &values[..]);
    for bad in [vec![0u8; 80], vec![10u8; 81]] {
        let caught = std::panic::catch_unwind(|| puzzle.clone().fill(&bad));
        assert!(caught.is_err(), "{} values", bad.len());
    }
}

#[test]
fn errors_name_the_place() {
    assert_eq!(Grid::parse("123"), Err(GridError::Length { len: 3 }));
    let bad = format!("x{}", &PUZZLE[1..]);
    assert_eq!(
        Grid::parse(&bad),
        Err(GridError::Char {
            col: 1,
            ch: 'x',
            max: '9'
        })
    );
    let dup = format!("44{}", &PUZZLE[2..]);
    let err = Grid::parse(&dup).unwrap_err();
    assert_eq!(
        err.to_string(),
        "digit 4 given twice in row 1 (r1c1 and r1c2)"
    );
}

#[test]
fn the_bitmask_check_agrees_with_the_unit_scan() {
    // Every pair of cells given the same digit, on a 2x3, a 9x9 and a 4x4-box grid (that is,
    // every row, column and box clash and every non-clash), plus the same pair with every
    // other digit: the fast check and the unit-by-unit scan must say the same.
    for shape in [
        Shape::new(2, 3).unwrap(),
        Shape::CLASSIC,
        Shape::square(4).unwrap(),
    ] {
        let n = shape.cells();
        let step = if n > 100 { 7 } else { 1 };
        for a in (0..n).step_by(step) {
            for b in (a + 1..n).step_by(step) {
                for (da, db) in [(1, 1), (shape.side() as u8, shape.side() as u8), (1, 2)] {
                    let mut cells = vec![0u8; n];
                    cells[a] = da;
                    cells[b] = db;
                    let g = Grid {
                        shape,
                        cells: cells.into(),
                    };
                    assert_eq!(
                        g.givens_distinct(),
                        g.find_duplicate().is_ok(),
                        "{shape:?} cells {a} and {b}"
                    );
                    let clash = da == db
                        && (shape.row(a) == shape.row(b)
                            || shape.col(a) == shape.col(b)
                            || shape.box_of(a) == shape.box_of(b));
                    assert_eq!(g.check_givens().is_err(), clash);
                }
            }
        }
    }
    let col = format!("{}4{}", &PUZZLE[..9], &PUZZLE[10..]);
    assert_eq!(
        Grid::parse(&col).unwrap_err().to_string(),
        "digit 4 given twice in column 1 (r1c1 and r2c1)"
    );
}

#[test]
fn the_81_byte_path_parses_as_the_general_one() {
    // Lines of 81 bytes drawn from digits, empty marks, white space, letters and a non-ASCII
    // character: `parse` of the bare line (the 81-byte path when every byte is a digit or a
    // mark) and of the line padded with white space (always the general path) agree, errors
    // included, except for the length an error names.
    let alphabet: Vec<char> = "123456789.0 \tax\u{e9}".chars().collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..4000 {
        // Sparse digit lines (few givens, some clashing), dense ones (mostly clashing), and
        // sparse ones with one blank or letter in a random cell ('a' and 'x' are not 9x9
        // digits; one byte each, so that the line stays 81 bytes and the 81-byte path sees it).
        let mut line: Vec<char> = (0..81)
            .map(|_| {
                let r = next() as usize;
                match round % 3 {
                    1 => alphabet[r % 11],
                    _ if r % 5 != 0 => '.',
                    _ => alphabet[r / 5 % 9],
                }
            })
            .collect();
        if round % 3 == 2 {
            let r = next() as usize;
            line[r % 81] = alphabet[11 + r / 81 % 4];
        }
        let line: String = line.into_iter().collect();
        assert_eq!(line.len(), 81);
        let padded = format!(" {line}\t");
        let (bare, general) = (Grid::parse(&line), Grid::parse(&padded));
        match (&bare, &general) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{line:?}"),
            (Err(GridError::Length { .. }), Err(GridError::Length { .. })) => {}
            _ => assert_eq!(bare, general, "{line:?}"),
        }
    }
    assert_eq!(
        Grid::parse(PUZZLE).unwrap(),
        Grid::parse(&PUZZLE.replace('.', "0")).unwrap()
    );
    // 81 characters but 82 bytes: a non-ASCII one takes the general path, as padded.
    let wide = format!("{}\u{e9}", &PUZZLE[..80]);
    assert_eq!(Grid::parse(&wide), Grid::parse(&format!(" {wide}")));
}

#[test]
fn filled_cells_eight_at_a_time() {
    // Every cell alone with every value, then grids with a filled cell in every third place.
    for k in 0..81 {
        for d in 0..=9 {
            let mut cells = [0u8; 81];
            cells[k] = d;
            let expected = if d == 0 { 0 } else { 1u128 << k };
            assert_eq!(classic_filled(&cells), expected, "cell {k} = {d}");
        }
    }
    for offset in 0..3 {
        let cells: [u8; 81] = std::array::from_fn(|k| ((k + offset) % 3 == 0) as u8 * 9);
        let expected = (0..81)
            .filter(|k| (k + offset) % 3 == 0)
            .fold(0u128, |m, k| m | 1 << k);
        assert_eq!(classic_filled(&cells), expected);
    }
}

#[test]
fn candidates_exclude_peers() {
    let g = Grid::parse(PUZZLE).unwrap();
    // r1c2: row has 4,8,5; column has none of 1-9 except... box has 4,3.
    let c = g.candidates(1);
    assert_eq!(c & (1 << 3), 0);
    assert_eq!(c & (1 << 2), 0);
    assert_ne!(c & 1, 0);
}
