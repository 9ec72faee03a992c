//! HoDoKu 2.2's tabling solver (port of `solver/TablingSolver.java` with `TableEntry.java`):
//! Nice Loops and AICs found on implication tables, sorted as HoDoKu sorts them.
//!
//! `table.rs` builds and expands the tables and reads chains back; `loops.rs` finds the loops
//! and AICs. Group nodes, ALS nodes and forcing chains are not ported yet.

mod loops;
mod table;
mod timsort;

use super::board::Board;
use super::steps::{Kind, StepFound};
use loops::{LoopType, Search};
use std::cmp::Ordering;
use table::Tables;

/// A step found by the tabling search, before sorting.
#[derive(Clone, Debug)]
pub(super) struct Found {
    /// Continuous, discontinuous or AIC.
    kind: LoopType,
    /// The eliminations (digit, cell), sorted by digit then cell as HoDoKu keeps them.
    dels: Vec<(u8, usize)>,
    /// The number of nodes of the chain.
    length: usize,
}

/// `SolutionStep.getIndexSumme` over the sorted eliminations.
fn index_sum(dels: &[(u8, usize)]) -> i64 {
    let mut offset = 1i64;
    let mut sum = 0i64;
    for &(d, c) in dels {
        sum += c as i64 * offset + d as i64;
        offset += 80;
    }
    sum
}

/// `SolutionStep.compareTo` for loop steps: more eliminations first, then (different types or
/// eliminations) the lower index sum, then the shorter chain. Not transitive (a step replaced
/// in `deletesMap` by a shorter one stays in the list), hence Java's own sort algorithm.
fn compare(a: &Found, b: &Found) -> Ordering {
    let by_count = b.dels.len().cmp(&a.dels.len());
    if by_count != Ordering::Equal {
        return by_count;
    }
    if a.kind != b.kind || a.dels != b.dels {
        return index_sum(&a.dels).cmp(&index_sum(&b.dels));
    }
    a.length.cmp(&b.length)
}

/// `TablingSolver.getStep(NICE_LOOP)`: the first Nice Loop or AIC after HoDoKu's sort.
pub(super) fn nice_loop(b: &Board) -> Option<StepFound> {
    let mut tables = Tables::fill(b);
    tables.expand(true);
    tables.expand(false);
    let mut search = Search::default();
    search.nice_loops(b, &tables, true);
    search.nice_loops(b, &tables, false);
    search.aics(b, &tables);
    timsort::java_sort(&mut search.steps, &compare);
    let best = search.steps.into_iter().next()?;
    let label = match best.kind {
        LoopType::Continuous => "Continuous Nice Loop",
        LoopType::Discontinuous => "Discontinuous Nice Loop",
        LoopType::Aic => "AIC",
    };
    let mut step = StepFound::eliminate(
        Kind::NiceLoop,
        best.dels.iter().map(|&(d, c)| (c, d)).collect(),
    );
    step.label = Some(label.to_string());
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::reference::{parse_log, replay, Finding};

    /// HoDoKu 2.2's batch output (`/c default /bs one.txt /vp`) for one puzzle, cut after the
    /// AIC: every step up to it is replayed at HoDoKu's own positions.
    const LOG: &str = "\
2...6.9.8..74.....8.1.2354...2....8.6.8.5.1.4.7....6...8631.4.9.....98..1.9.4...3 #1 Unfair (1262)
   Naked Single: r8c5=7
   Hidden Single: r4c2=1
   Hidden Single: r7c1=7
   2-String Kite: 3 in r2c7,r5c2 (connected by r4c7,r5c8) => r2c2<>3
   Empty Rectangle: 2 in b6 (r7c68) => r6c6<>2
   XYZ-Wing: 2/7/9 in r35c4,r5c6 => r4c4<>7
   XY-Chain: 2 2- r2c7 -3- r4c7 -7- r4c9 -5- r6c9 -2 => r2c9<>2
   AIC: 9 9- r3c4 -7- r3c9 =7= r4c9 -7- r4c7 -3- r4c5 -9 => r2c5,r456c4<>9
";

    #[test]
    fn hodokus_aic_is_reproduced_at_its_position() {
        let reference = parse_log(LOG).remove(0);
        let findings = replay(&reference).expect("the log reads");
        assert_eq!(findings.len(), 8);
        assert!(
            matches!(
                findings[7],
                Finding::Matched {
                    entry: "Nice Loop/AIC"
                }
            ),
            "{findings:?}"
        );
        assert!(
            !findings.iter().any(|f| matches!(f, Finding::Wrong { .. })),
            "{findings:?}"
        );
    }
}
