//! Essentially different grids: Burnside's lemma over the grid symmetry group ([`super::group`]),
//! relabelling handled as Russell & Jarvis do.
//!
//! A grid `X` counts for a group element `g` when `g` maps it to a relabelling of itself:
//! `X(g(c)) = π(X(c))` for every cell `c` and some relabelling `π`, which is then unique (a row of
//! `X` holds every digit). Relabelling acts freely on those grids, so their number is `N!·f(g)`,
//! with `f(g)` the ones whose first row is `1 2 … N` — Russell & Jarvis's "grids fixed up to
//! relabelling", counted by [`super::fixed`] (every relabelling filtered along `g`'s orbits, then
//! one exact cover per survivor). The identity's grids are all grids ([`super::count`]), so
//! `f(1) = grids/N!`. Burnside's lemma over `G` and the relabellings together:
//!
//! `essentially different = Σ_classes size·f(g) / |G|`.
//!
//! The second route ([`super::cycle_types`]) counts the same grids without fixing the first row,
//! one relabelling cycle type at a time; `check` runs it on every class of the small shapes and on
//! sampled classes of the others, and any disagreement is an error.

use num_bigint::BigUint;

use crate::sudoku::Shape;

use super::band::factorial;
use super::group::group_classes;
use super::{count, cycle_types, fixed, GridsError, Route};

/// One conjugacy class of the grid group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConjugacyClass {
    /// Its number, `1..`.
    pub class: usize,
    /// Its description: the row part, the column part, `t` when it transposes.
    pub kind: String,
    /// Elements in the class.
    pub size: u128,
    /// Grids that a representative maps to a relabelling of themselves (`N!·f`).
    pub fixed: BigUint,
    /// `f`: those grids whose first row is `1 2 … N` (Russell & Jarvis's column).
    pub fixed_up_to_relabelling: BigUint,
    /// How `f` was counted: relabellings left after the filter, and of their exact covers how
    /// many the memo engine and how many dancing links counted (all 0 for the identity, whose
    /// count is the band decomposition's).
    pub counted: fixed::Fixed,
    /// The second route's verdict on this class.
    pub second_route: SecondRoute,
}

/// What the second route said of a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondRoute {
    /// Not run on this class.
    NotRun,
    /// Run and equal.
    Agrees,
    /// Run, but it passed its node budget before finishing.
    OverBudget,
}

impl SecondRoute {
    /// The word written in the table.
    pub fn as_str(self) -> &'static str {
        match self {
            SecondRoute::NotRun => "not run",
            SecondRoute::Agrees => "agrees",
            SecondRoute::OverBudget => "over budget",
        }
    }
}

/// The Burnside count with its table.
#[derive(Clone, Debug)]
pub struct Burnside {
    /// The number of essentially different grids.
    pub count: BigUint,
    /// `|G|` (relabellings not included).
    pub group_order: u128,
    /// Every conjugacy class.
    pub classes: Vec<ConjugacyClass>,
}

/// Which classes the second route checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// None.
    None,
    /// Every class (affordable for sides up to 6).
    All,
    /// This many of the classes that fix some grid, spread evenly over the table, plus as many
    /// that fix none (the filter and the exact covers must agree on zero too).
    Sample(usize),
}

/// Counts the essentially different grids of `shape` on the current rayon pool, checking the
/// classes `check` names by the second route; `progress(done, classes)` is called after each
/// class.
pub fn essentially_different(
    shape: Shape,
    check: Check,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Burnside, GridsError> {
    let n = shape.side();
    let classes = group_classes(shape);
    let group_order: u128 = classes.iter().map(|c| c.1).sum();
    let total = count(shape, Route::Structure)?.total;
    let n_fact = BigUint::from(factorial(n));
    if &total % &n_fact != BigUint::ZERO {
        return Err(GridsError::Inconsistent(format!(
            "the number of grids {total} is not a multiple of {n}!"
        )));
    }
    let mut table = Vec::with_capacity(classes.len());
    for (k, (kind, size, g)) in classes.iter().enumerate() {
        let (f, counted) = if g.is_identity() {
            (&total / &n_fact, fixed::Fixed::default())
        } else {
            let cells: Vec<usize> = (0..shape.cells()).map(|x| g.image(n, x)).collect();
            let counted = fixed::count_up_to_relabelling(shape, &cells)?;
            (BigUint::from(counted.count), counted)
        };
        table.push(ConjugacyClass {
            class: k + 1,
            kind: kind.clone(),
            size: *size,
            fixed: &f * &n_fact,
            fixed_up_to_relabelling: f,
            counted,
            second_route: SecondRoute::NotRun,
        });
        progress(k + 1, classes.len());
    }
    let identity: Vec<bool> = classes.iter().map(|c| c.2.is_identity()).collect();
    for k in checked_classes(&table, &identity, check) {
        let g = &classes[k].2;
        let verdict = match cycle_types::fixed_grids(shape, g)? {
            None => SecondRoute::OverBudget,
            Some(grids) if grids == table[k].fixed => SecondRoute::Agrees,
            Some(grids) => {
                return Err(GridsError::Inconsistent(format!(
                    "class {}: {} grids fixed up to relabelling, but {grids} by cycle types",
                    k + 1,
                    table[k].fixed
                )))
            }
        };
        table[k].second_route = verdict;
    }
    let sum: BigUint = table
        .iter()
        .map(|c| BigUint::from(c.size) * &c.fixed_up_to_relabelling)
        .sum();
    let order = BigUint::from(group_order);
    if &sum % &order != BigUint::ZERO {
        return Err(GridsError::Inconsistent(format!(
            "the Burnside sum {sum} is not a multiple of |G| = {group_order}"
        )));
    }
    Ok(Burnside {
        count: sum / order,
        group_order,
        classes: table,
    })
}

/// The classes (0-based) `check` names; the identity is never among them (both routes take its
/// count from the band decomposition).
fn checked_classes(table: &[ConjugacyClass], identity: &[bool], check: Check) -> Vec<usize> {
    let others = || (0..table.len()).filter(|&k| !identity[k]);
    match check {
        Check::None => Vec::new(),
        Check::All => others().collect(),
        Check::Sample(k) => {
            let fixing: Vec<usize> = others()
                .filter(|&c| table[c].fixed_up_to_relabelling != BigUint::ZERO)
                .collect();
            let zero: Vec<usize> = others()
                .filter(|&c| table[c].fixed_up_to_relabelling == BigUint::ZERO)
                .collect();
            let spread = |v: &[usize]| -> Vec<usize> {
                let take = k.min(v.len());
                (0..take).map(|i| v[i * v.len() / take]).collect()
            };
            let mut out = spread(&fixing);
            out.extend(spread(&zero));
            out.sort_unstable();
            out
        }
    }
}

/// The columns of the Burnside table.
pub const TABLE_COLUMNS: [&str; 9] = [
    "class",
    "size",
    "fixed",
    "kind",
    "fixed_up_to_relabelling",
    "relabellings",
    "memo_counts",
    "dlx_counts",
    "second_route",
];

/// The Burnside table as CSV ([`TABLE_COLUMNS`]): every conjugacy class; `fixed` the grids a
/// representative maps to a relabelling of themselves, `fixed_up_to_relabelling` those with first
/// row `1 … N` (Russell & Jarvis's table), `relabellings` the exact covers counted for it and
/// which engine counted them, `second_route` the cycle-type route's verdict.
pub fn table_csv(result: &Burnside) -> Result<Vec<u8>, GridsError> {
    super::csv_table(
        &TABLE_COLUMNS,
        result.classes.iter().map(|c| {
            [
                c.class.to_string(),
                c.size.to_string(),
                c.fixed.to_string(),
                c.kind.clone(),
                c.fixed_up_to_relabelling.to_string(),
                c.counted.relabellings.to_string(),
                c.counted.by_memo.to_string(),
                c.counted.by_dlx.to_string(),
                c.second_route.as_str().to_string(),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ed(r: usize, c: usize) -> Burnside {
        essentially_different(Shape::new(r, c).unwrap(), Check::All, &|_, _| {}).unwrap()
    }

    #[test]
    fn essentially_different_small_shapes_by_both_routes() {
        let two = ed(2, 2);
        assert_eq!(two.count, BigUint::from(2u32));
        let six = ed(2, 3);
        assert_eq!(six.count, BigUint::from(49u32));
        for table in [&two, &six] {
            for c in &table.classes[1..] {
                assert_eq!(c.second_route, SecondRoute::Agrees, "class {}", c.class);
            }
        }
        // 2x3: 32 of the 90 classes fix some grid.
        let fixing = six
            .classes
            .iter()
            .filter(|c| c.fixed > BigUint::ZERO)
            .count();
        assert_eq!((six.classes.len(), fixing), (90, 32));
    }

    #[test]
    fn transposed_shapes_agree() {
        let a = essentially_different(Shape::new(3, 2).unwrap(), Check::None, &|_, _| {}).unwrap();
        assert_eq!(a.count, BigUint::from(49u32));
    }
}
