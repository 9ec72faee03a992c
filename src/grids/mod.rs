//! Every Sudoku grid counted, from first principles: the number of filled grids of a box shape
//! (Felgenhauer–Jarvis's method) and the number of essentially different ones (Russell–Jarvis's
//! Burnside count).
//!
//! **The total.** With `N = R·C`, `M1 = C!^(R−1)·(R−1)!` and `M2 = R!^(C−1)·(C−1)!`
//! ([`band::Geometry`]):
//!
//! ```text
//! grids = N! · M1 · Σ_{reduced top bands B} completions(B)
//!       = N! · M1 · M2 · S,        S = Σ_B completions(B) / M2
//! ```
//!
//! `N!` relabels box 0 to `0 1 … N−1`; `M1` is the orbit of a band with that box under the column
//! permutations of the later stacks and the permutations of those stacks, each orbit holding one
//! reduced band ([`band`]); `M2` is the same on the lower bands' first column (row permutations
//! inside each lower band, permutations of those bands), which acts freely on the completions.
//! For 3x3 `M1 = M2 = 72` and `S = 3,546,146,300,288` (Felgenhauer–Jarvis's number).
//!
//! The completions are counted once per column-set class of reduced bands ([`classes`]) by the
//! band decomposition of [`fill`]. [`check`] counts the same numbers by another route (the
//! exact-cover engines) and [`burnside`] counts the essentially different grids. Boxes with a side
//! of 2 have a faster route of their own, a sum of squares over two bands ([`twoband`]).

pub mod band;
pub mod burnside;
pub mod check;
pub mod classes;
pub mod cycle_types;
pub mod fill;
pub mod fixed;
pub mod group;
pub mod twoband;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::sudoku::Shape;
use band::{band_string, factorial, Geometry};
use classes::BandClasses;
use fill::Filler;

/// Why a shape cannot be counted here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridsError {
    /// The shape is past what the band decomposition's bit layout holds.
    #[error("boxes {r}x{c} are too large for the band decomposition (side·rows must be at most 64, rows at most 7)")]
    TooLarge {
        /// Rows of a box.
        r: usize,
        /// Columns of a box.
        c: usize,
    },
    /// The two-band route needs a box with a side of 2, the other side at most 6.
    #[error(
        "box {r}x{c}: the two-band route needs a box with a side of 2 and the other side at most 6"
    )]
    NotTwoBand {
        /// Rows of a box.
        r: usize,
        /// Columns of a box.
        c: usize,
    },
    /// A completion count passed `u128`.
    #[error("a completion count passed 2^128")]
    Overflow,
    /// The exact-cover engine of the second route failed.
    #[error("exact-cover engine: {0}")]
    Engine(String),
    /// Writing the table failed.
    #[error("writing the table: {0}")]
    Table(String),
    /// Two routes or two classes disagree (a bug, reported rather than hidden).
    #[error("inconsistent counts: {0}")]
    Inconsistent(String),
}

/// One symmetry class of reduced top bands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandClass {
    /// Its number, `1..` in order of its first band.
    pub class: usize,
    /// The number of its column-set class, `1..` in order of first band.
    pub columns: usize,
    /// The number of its structure class, `1..` in order of first band.
    pub structure: usize,
    /// Reduced bands in the class.
    pub size: usize,
    /// Its first reduced band, digits `1..=N` row by row, rows separated by `/`.
    pub band: String,
    /// The same band, digits `0..N` row-major.
    pub cells: Vec<u8>,
    /// Completions of one of its bands, divided by `M2` (Felgenhauer–Jarvis's per-band count).
    pub completions: u128,
}

/// How many classes were counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// One band per structure class (the fewest).
    Structure,
    /// One band per column-set class, checking that the structure classes group equal counts.
    Columns,
}

/// The count of every grid of a shape, with the class table behind it.
#[derive(Clone, Debug)]
pub struct GridCount {
    /// The shape counted.
    pub shape: Shape,
    /// Reduced top bands.
    pub reduced_bands: usize,
    /// The symmetry classes (in order), with their counts.
    pub classes: Vec<BandClass>,
    /// The number of column-set classes.
    pub column_classes: usize,
    /// The number of structure classes.
    pub structure_classes: usize,
    /// The number of distinct completion counts.
    pub distinct_counts: usize,
    /// Band completions counted (one per class of the route).
    pub counted: usize,
    /// `M1`.
    pub m1: u128,
    /// `M2`.
    pub m2: u128,
    /// `S = Σ completions / M2` over the reduced bands.
    pub s: BigUint,
    /// The number of grids, `N!·M1·M2·S`.
    pub total: BigUint,
}

/// Counts every grid of `shape` on the current rayon pool, one band per class of `route`.
pub fn count(shape: Shape, route: Route) -> Result<GridCount, GridsError> {
    let geo = Geometry::of(shape);
    let filler = Filler::new(geo).ok_or(GridsError::TooLarge { r: geo.r, c: geo.c })?;
    let bc = BandClasses::new(&geo);
    let counted_labels = match route {
        Route::Structure => &bc.structure,
        Route::Columns => &bc.columns,
    };
    let counted = BandClasses::classes(counted_labels);
    let counts: Vec<u128> = counted
        .par_iter()
        .map(|&(first, _)| filler.completions(&geo.column_sets(&bc.bands[first])))
        .collect::<Option<Vec<u128>>>()
        .ok_or(GridsError::Overflow)?;
    let m2 = geo.m2();
    if let Some(&c) = counts.iter().find(|&&c| c % m2 != 0) {
        return Err(GridsError::Inconsistent(format!(
            "a completion count {c} is not a multiple of M2 = {m2}"
        )));
    }
    let number =
        |partition: &[(usize, usize)], label: usize| partition.partition_point(|&(f, _)| f < label);
    let columns = BandClasses::classes(&bc.columns);
    let structure = BandClasses::classes(&bc.structure);
    // The count of each structure class, checked equal over its counted classes.
    let mut by_structure: Vec<Option<u128>> = vec![None; structure.len()];
    for (&(first, _), &c) in counted.iter().zip(&counts) {
        let k = number(&structure, bc.structure[first]);
        match by_structure[k] {
            Some(other) if other != c => {
                return Err(GridsError::Inconsistent(format!(
                    "structure class {} holds bands with {other} and {c} completions",
                    k + 1
                )))
            }
            _ => by_structure[k] = Some(c),
        }
    }
    let classes: Vec<BandClass> = BandClasses::classes(&bc.symmetry)
        .into_iter()
        .enumerate()
        .map(|(k, (first, size))| {
            let st = number(&structure, bc.structure[first]);
            BandClass {
                class: k + 1,
                columns: number(&columns, bc.columns[first]) + 1,
                structure: st + 1,
                size,
                band: band_string(&geo, &bc.bands[first]),
                cells: bc.bands[first].clone(),
                completions: by_structure[st].expect("every structure class is counted") / m2,
            }
        })
        .collect();
    let mut distinct: Vec<u128> = counts.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let s: BigUint = classes
        .iter()
        .map(|c| BigUint::from(c.completions) * BigUint::from(c.size))
        .sum();
    let total = &s * BigUint::from(factorial(geo.n)) * BigUint::from(geo.m1()) * BigUint::from(m2);
    Ok(GridCount {
        shape,
        reduced_bands: bc.bands.len(),
        classes,
        column_classes: columns.len(),
        structure_classes: structure.len(),
        distinct_counts: distinct.len(),
        counted: counted.len(),
        m1: geo.m1(),
        m2,
        s,
        total,
    })
}

/// The columns of the band class table.
pub const TABLE_COLUMNS: [&str; 6] = [
    "class",
    "size",
    "column_class",
    "structure_class",
    "completions",
    "band",
];

/// A table as CSV bytes: the header, then one record per row (the class tables of every route).
pub(crate) fn csv_table<R, I>(columns: &[&str], rows: I) -> Result<Vec<u8>, GridsError>
where
    R: IntoIterator<Item = String>,
    I: IntoIterator<Item = R>,
{
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| GridsError::Table(e.to_string());
    w.write_record(columns).map_err(err)?;
    for row in rows {
        w.write_record(row).map_err(err)?;
    }
    w.into_inner().map_err(|e| GridsError::Table(e.to_string()))
}

/// The band class table as CSV ([`TABLE_COLUMNS`]): one row per symmetry class; `completions`
/// is per band and divided by `M2`, so `Σ size·completions = S`.
pub fn table_csv(result: &GridCount) -> Result<Vec<u8>, GridsError> {
    csv_table(
        &TABLE_COLUMNS,
        result.classes.iter().map(|c| {
            [
                c.class.to_string(),
                c.size.to_string(),
                c.columns.to_string(),
                c.structure.to_string(),
                c.completions.to_string(),
                c.band.clone(),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(r: usize, c: usize) -> String {
        count(Shape::new(r, c).unwrap(), Route::Columns)
            .unwrap()
            .total
            .to_string()
    }

    #[test]
    fn small_shapes() {
        assert_eq!(total(2, 2), "288");
        assert_eq!(total(2, 3), "28200960");
        assert_eq!(total(3, 2), "28200960");
        assert_eq!(total(1, 3), "12");
        assert_eq!(total(3, 1), "12");
    }
}
