//! HoDoKu 2.2's tabling solver (port of `solver/TablingSolver.java` with `TableEntry.java`):
//! Nice Loops and AICs found on implication tables, sorted as HoDoKu sorts them.
//!
//! `table.rs` builds and expands the tables and reads chains back; `loops.rs` finds the loops
//! and AICs. Group nodes, ALS nodes and forcing chains are not ported yet.

mod loops;
mod table;

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
/// eliminations) the lower index sum, then the shorter chain.
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

/// Java's `Collections.sort` on short lists (binary insertion sort after the first run), so
/// ties and the comparator's non-transitive cases come out as in HoDoKu.
fn java_sort(v: &mut [Found]) {
    let n = v.len();
    if n < 2 {
        return;
    }
    // countRunAndMakeAscending
    let mut run = 2;
    if compare(&v[1], &v[0]) == Ordering::Less {
        while run < n && compare(&v[run], &v[run - 1]) == Ordering::Less {
            run += 1;
        }
        v[..run].reverse();
    } else {
        while run < n && compare(&v[run], &v[run - 1]) != Ordering::Less {
            run += 1;
        }
    }
    for i in run..n {
        let (mut lo, mut hi) = (0, i);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if compare(&v[i], &v[mid]) == Ordering::Less {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        v[lo..=i].rotate_right(1);
    }
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
    java_sort(&mut search.steps);
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
