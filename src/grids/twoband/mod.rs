//! The two-band route: every grid of a box with a side of 2, as a sum of squares.
//!
//! Transpose so that the box has `R` rows and 2 columns (the count does not change): the grid has
//! side `N = 2R`, two bands of `R` rows and `R` stacks of two columns. In the top band, column
//! `2k` holds some `R`-set of digits `A_k` and column `2k + 1` the other `R` digits (the box of
//! stack `k` holds every digit once: that is the whole box rule). The lower band's columns hold
//! what the top band's lack: `A_k`'s complement in column `2k`, `A_k` in column `2k + 1` — the
//! top band's column sets with the two columns of every stack swapped. With `E(A)` the ways to
//! arrange a band whose columns hold given sets ([`arrange`]), swapping columns changes nothing,
//! so
//!
//! ```text
//! grids = Σ_{A_1 … A_R} E(A) · E(A swapped) = Σ_{A_1 … A_R} E(A)²      (A_k ⊆ digits, |A_k| = R)
//! ```
//!
//! 2x2: `C(4,2)² = 36` tuples, 12 with `E = 4` and 24 with `E = 2`: `12·16 + 24·4 = 288`.
//!
//! `E` depends only on the multiset of the digits' membership vectors and not on permuting or
//! flipping their bits, so it is computed once per class of tuples ([`classes`]), weighted by the
//! number of tuples in the class. [`check`] counts sampled classes' `E` again through the
//! exact-cover memo engine.

pub mod arrange;
pub mod check;
pub mod classes;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::sudoku::Shape;
use arrange::Arranger;
use classes::{binomial, vector_classes, MAX_ROWS};

use super::GridsError;

/// One class of top-band column sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoBandClass {
    /// Its number, `1..` in order of canonical form.
    pub class: usize,
    /// The tuples `(A_1 … A_R)` of first-column sets it stands for.
    pub weight: u128,
    /// `E`: the arrangements of a band with those column sets.
    pub arrangements: u128,
    /// The digit vectors of its canonical form, ascending (bit `k`: in `A_k`).
    pub vectors: Vec<u8>,
}

/// The count of every grid of a two-band shape, with the class table behind it.
#[derive(Clone, Debug)]
pub struct TwoBandCount {
    /// The shape counted.
    pub shape: Shape,
    /// `R`: rows of the box once transposed to `R x 2`.
    pub rows: usize,
    /// The classes of column-set tuples, with `E`.
    pub classes: Vec<TwoBandClass>,
    /// The tuples, `Σ weight = C(2R, R)^R`.
    pub tuples: u128,
    /// The number of distinct values of `E`.
    pub distinct: usize,
    /// The number of grids, `Σ weight·E²`.
    pub total: BigUint,
}

/// Whether the two-band route counts `shape`: a box side is 2 and the other at most 6.
pub fn applies(shape: Shape) -> bool {
    rows_of(shape).is_some()
}

/// `R` of a box `R x 2` or `2 x R`, `R ≤ MAX_ROWS`.
fn rows_of(shape: Shape) -> Option<usize> {
    let (a, b) = (shape.box_rows(), shape.box_cols());
    let r = if b == 2 {
        a
    } else if a == 2 {
        b
    } else {
        return None;
    };
    (r <= MAX_ROWS).then_some(r)
}

/// Counts every grid of `shape` by the two-band decomposition, one `E` per class on the current
/// rayon pool (the classes are independent, so the result does not depend on the threads).
pub fn count(shape: Shape) -> Result<TwoBandCount, GridsError> {
    let r = rows_of(shape).ok_or(GridsError::NotTwoBand {
        r: shape.box_rows(),
        c: shape.box_cols(),
    })?;
    let found = vector_classes(r).ok_or(GridsError::NotTwoBand {
        r: shape.box_rows(),
        c: shape.box_cols(),
    })?;
    let counts: Vec<u128> = found
        .par_iter()
        .map(|c| {
            Arranger::new(&c.vectors).map(|a| a.count()).ok_or_else(|| {
                GridsError::Inconsistent(format!("class {:?} is not a band", c.vectors))
            })
        })
        .collect::<Result<_, _>>()?;
    let tuples: u128 = found.iter().map(|c| c.weight).sum();
    let want = binomial(2 * r as u64, r as u64).pow(r as u32);
    if tuples != want {
        return Err(GridsError::Inconsistent(format!(
            "the classes hold {tuples} tuples of column sets, not C({}, {r})^{r} = {want}",
            2 * r
        )));
    }
    let classes: Vec<TwoBandClass> = found
        .into_iter()
        .zip(counts)
        .enumerate()
        .map(|(i, (c, e))| TwoBandClass {
            class: i + 1,
            weight: c.weight,
            arrangements: e,
            vectors: c.vectors,
        })
        .collect();
    let total = classes
        .iter()
        .map(|c| BigUint::from(c.weight) * BigUint::from(c.arrangements).pow(2))
        .sum();
    let mut distinct: Vec<u128> = classes.iter().map(|c| c.arrangements).collect();
    distinct.sort_unstable();
    distinct.dedup();
    Ok(TwoBandCount {
        shape,
        rows: r,
        tuples,
        distinct: distinct.len(),
        classes,
        total,
    })
}

/// The first-column sets of a class's canonical tuple, digits `1..=N` in the order of its
/// vectors, one set per stack separated by `/` (2x2: `12/34` and `24/34`).
pub fn first_columns(rows: usize, vectors: &[u8]) -> String {
    (0..rows)
        .map(|k| {
            vectors
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v >> k & 1 == 1)
                .map(|(d, _)| Shape::digit_char(d as u8 + 1))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The columns of the two-band class table.
pub const TABLE_COLUMNS: [&str; 4] = ["class", "weight", "arrangements", "first_columns"];

/// The class table as CSV ([`TABLE_COLUMNS`]): `Σ weight·arrangements²` is the number of grids.
pub fn table_csv(result: &TwoBandCount) -> Result<Vec<u8>, GridsError> {
    super::csv_table(
        &TABLE_COLUMNS,
        result.classes.iter().map(|c| {
            [
                c.class.to_string(),
                c.weight.to_string(),
                c.arrangements.to_string(),
                first_columns(result.rows, &c.vectors),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grids::{self, Route};

    fn total(r: usize, c: usize) -> String {
        count(Shape::new(r, c).unwrap()).unwrap().total.to_string()
    }

    #[test]
    fn small_shapes() {
        assert_eq!(total(2, 2), "288");
        assert_eq!(total(2, 3), "28200960");
        assert_eq!(total(3, 2), "28200960");
        assert_eq!(total(2, 4), "29136487207403520");
        assert_eq!(total(4, 2), "29136487207403520");
        assert_eq!(total(1, 2), "2");
        assert_eq!(total(2, 1), "2");
    }

    #[test]
    fn agrees_with_the_band_route_on_2x2_and_2x3() {
        for (r, c) in [(2, 2), (2, 3), (3, 2)] {
            let shape = Shape::new(r, c).unwrap();
            let bands = grids::count(shape, Route::Structure).unwrap().total;
            assert_eq!(count(shape).unwrap().total, bands, "box {r}x{c}");
        }
    }

    #[test]
    fn the_2x2_table() {
        let result = count(Shape::new(2, 2).unwrap()).unwrap();
        assert_eq!(result.tuples, 36);
        assert_eq!(result.distinct, 2);
        let csv = String::from_utf8(table_csv(&result).unwrap()).unwrap();
        let mut rows: Vec<&str> = csv.lines().skip(1).collect();
        rows.sort_unstable();
        // Complementary first columns (12 tuples, 4 arrangements), then crossing ones.
        assert_eq!(rows, ["1,12,4,12/34", "2,24,2,24/34"]);
    }

    #[test]
    fn other_boxes_are_refused() {
        for (r, c) in [(3, 3), (2, 7), (7, 2)] {
            assert!(!applies(Shape::new(r, c).unwrap()));
            assert!(matches!(
                count(Shape::new(r, c).unwrap()),
                Err(GridsError::NotTwoBand { .. })
            ));
        }
        assert!(applies(Shape::new(2, 5).unwrap()));
    }
}
