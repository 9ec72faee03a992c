//! HoDoKu 2.2's tabling solver (port of `solver/TablingSolver.java` with `TableEntry.java`):
//! Nice Loops and AICs found on implication tables, sorted as HoDoKu sorts them.
//!
//! `table.rs` builds and expands the tables and reads chains back; `loops.rs` finds the loops
//! and AICs. Group nodes, ALS nodes and forcing chains are not ported yet.

mod loops;
mod table;
mod timsort;

use super::board::Board;
use super::steps::{index_sum, Kind, StepFound};
use loops::{Found, LoopType, Search};
use std::cmp::Ordering;
use table::Tables;

/// `SolutionStep.compareTo` for loop steps: more eliminations first, then (different types or
/// eliminations) the lower index sum, then the shorter chain. Not transitive (a step replaced
/// in `deletesMap` by a shorter one stays in the list), hence Java's own sort algorithm.
fn compare(a: &Found, b: &Found) -> Ordering {
    let by_count = b.dels.len().cmp(&a.dels.len());
    if by_count != Ordering::Equal {
        return by_count;
    }
    if a.kind != b.kind || a.dels != b.dels {
        return index_sum(a.dels.iter().map(|&(d, c)| (c, d)))
            .cmp(&index_sum(b.dels.iter().map(|&(d, c)| (c, d))));
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
