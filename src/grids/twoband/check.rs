//! The second route for the two-band count: the exact-cover memo engine (`xc::memo`), which
//! shares no code with the classes or the arrangement search.
//!
//! * **Totals** of sides up to 6: the empty grid's exact cover, as for the band route
//!   ([`crate::grids::check`]).
//! * **`E` of sampled classes**: the band's arrangements as an exact cover of their own
//!   ([`arrangement_problem`]), counted by the memo engine, against the class's `E`.

use crate::puzzles::sudoku::encode;
use crate::xc::Problem;

use super::TwoBandCount;
use crate::grids::check::engine_count;
use crate::grids::GridsError;

/// The largest side whose whole grid count the engine is asked for.
const TOTAL_SIDE: usize = 6;

/// Counts `result`'s numbers again through the memo engine: the total when the side is at most 6,
/// and `E` of `samples` classes spread evenly over the table (all of them when the side is at most
/// 6). Returns a one-line account; any disagreement is an error.
pub fn cross_check(result: &TwoBandCount, samples: usize) -> Result<String, GridsError> {
    let mut checked = Vec::new();
    let small = result.shape.side() <= TOTAL_SIDE;
    if small {
        let total = engine_count(encode(result.shape).problem())?;
        if total != result.total.to_string() {
            return Err(GridsError::Inconsistent(format!(
                "the memo engine counts {total} grids, the two-band route {}",
                result.total
            )));
        }
        checked.push(format!("total {total} (memo engine, empty grid)"));
    }
    let n = result.classes.len();
    let k = if small { n } else { samples.min(n) };
    for i in (0..k).map(|i| i * n / k) {
        let class = &result.classes[i];
        let problem = arrangement_problem(&class.vectors)?;
        let rows: u128 = (1..=result.rows as u128).product();
        let got = engine_count(&problem)?
            .parse::<u128>()
            .ok()
            .and_then(|fixed| fixed.checked_mul(rows))
            .map_or_else(|| "more than 2^128".to_string(), |e| e.to_string());
        if got != class.arrangements.to_string() {
            return Err(GridsError::Inconsistent(format!(
                "two-band class {}: the memo engine counts {got} arrangements, the search {}",
                class.class, class.arrangements
            )));
        }
    }
    checked.push(format!(
        "E of {k} of {n} classes (memo engine, one band's arrangements)"
    ));
    Ok(format!("agrees: {}", checked.join("; ")))
}

/// The arrangements of a band as an exact cover: `R` rows, `2R` columns, column `2k` holding the
/// digits whose vector has bit `k` and column `2k + 1` the others. Items: every cell, every (row,
/// digit) and every (column, digit of its set); one option per cell and digit of its column's set,
/// except that column 0 is fixed to its digits in increasing order down the rows. Permuting the
/// rows acts freely on the arrangements (column 0's digits are distinct), so `E` is `R!` times this
/// problem's count — `R!` fewer solutions for the engine to meet.
pub fn arrangement_problem(vectors: &[u8]) -> Result<Problem, GridsError> {
    let n = vectors.len();
    let r = n / 2;
    let err = |e: crate::xc::XcError| GridsError::Engine(e.to_string());
    let in_column = |j: usize, d: usize| (vectors[d] >> (j / 2) & 1 == 1) == (j % 2 == 0);
    let mut b = Problem::builder();
    for i in 0..r {
        for j in 0..n {
            b.primary(format!("c{i}_{j}")).map_err(err)?;
        }
        for d in 0..n {
            b.primary(format!("r{i}_{d}")).map_err(err)?;
        }
    }
    for j in 0..n {
        for d in (0..n).filter(|&d| in_column(j, d)) {
            b.primary(format!("k{j}_{d}")).map_err(err)?;
        }
    }
    for i in 0..r {
        for j in 0..n {
            for (k, d) in (0..n).filter(|&d| in_column(j, d)).enumerate() {
                if j == 0 && k != i {
                    continue;
                }
                let (cell, row, col) = (
                    format!("c{i}_{j}"),
                    format!("r{i}_{d}"),
                    format!("k{j}_{d}"),
                );
                b.option_named(&[&cell, &row, &col]).map_err(err)?;
            }
        }
    }
    b.build().map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grids::twoband::count;
    use crate::sudoku::Shape;

    #[test]
    fn the_memo_engine_agrees_on_2x3_and_on_a_2x4_sample() {
        let result = count(Shape::new(2, 3).unwrap()).unwrap();
        let report = cross_check(&result, 0).unwrap();
        assert!(report.starts_with("agrees: total 28200960"), "{report}");
        assert!(report.contains("E of 4 of 4 classes"), "{report}");
        let result = count(Shape::new(4, 2).unwrap()).unwrap();
        let report = cross_check(&result, 3).unwrap();
        assert!(report.contains("E of 3 of 26 classes"), "{report}");
    }

    #[test]
    #[ignore]
    fn a_2x5_class_through_the_memo_engine() {
        // Class 60 of reports/grids/two-band-2x5.csv (first columns 2346A/3469A/5789A/6789A/6789A).
        let e = "1643274240";
        let sets = ["2346A", "3469A", "5789A", "6789A", "6789A"];
        let vectors: Vec<u8> = "123456789A"
            .chars()
            .map(|ch| (0..5).fold(0u8, |v, k| v | u8::from(sets[k].contains(ch)) << k))
            .collect();
        let start = std::time::Instant::now();
        let fixed: u128 = engine_count(&arrangement_problem(&vectors).unwrap())
            .unwrap()
            .parse()
            .unwrap();
        println!("{} in {:.2} s", fixed * 120, start.elapsed().as_secs_f64());
        assert_eq!((fixed * 120).to_string(), e);
    }

    #[test]
    fn a_wrong_arrangement_count_is_caught() {
        let mut result = count(Shape::new(2, 2).unwrap()).unwrap();
        result.classes[1].arrangements += 1;
        assert!(matches!(
            cross_check(&result, 0),
            Err(GridsError::Inconsistent(_))
        ));
    }
}
