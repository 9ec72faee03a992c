//! HoDoKu 2.2's tabling solver (port of `solver/TablingSolver.java` with `TableEntry.java`):
//! Nice Loops and AICs found on implication tables, sorted as HoDoKu sorts them.
//!
//! `table.rs` builds and expands the tables (with group nodes for the grouped step) and reads
//! chains back; `net.rs` fills the forcing nets' tables (singles played on a copy of the grid);
//! `loops.rs` finds the loops and AICs, `forcing.rs` the forcing chains and nets. ALS nodes
//! (off in HoDoKu's default settings) are not ported.

mod forcing;
mod groups;
mod loops;
mod net;
mod readback;
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
    if a.kind != b.kind || a.grouped != b.grouped || a.dels != b.dels {
        return index_sum(a.dels.iter().map(|&(d, c)| (c, d)))
            .cmp(&index_sum(b.dels.iter().map(|&(d, c)| (c, d))));
    }
    a.length.cmp(&b.length)
}

/// `TablingSolver.getStep(NICE_LOOP)`: the first Nice Loop or AIC after HoDoKu's sort.
pub(super) fn nice_loop(b: &Board) -> Option<StepFound> {
    loops_and_aics(b, false)
}

/// `TablingSolver.getStep(GROUPED_NICE_LOOP)`: the same search with group nodes in the tables.
/// The first step after the sort may have no group node (the tables differ, so a plain loop
/// the first search missed can appear); HoDoKu then plays and scores it as a Nice Loop/AIC.
pub(super) fn grouped_nice_loop(b: &Board) -> Option<StepFound> {
    loops_and_aics(b, true)
}

/// `TablingSolver.getNiceLoops` with or without group nodes.
fn loops_and_aics(b: &Board, with_groups: bool) -> Option<StepFound> {
    let tables = if with_groups {
        Tables::grouped(b)
    } else {
        let mut t = Tables::fill(b);
        t.expand(true);
        t.expand(false);
        t
    };
    let mut search = Search::default();
    search.nice_loops(b, &tables, true);
    search.nice_loops(b, &tables, false);
    search.aics(b, &tables);
    if with_groups {
        tables.keep_grouped(b);
    } else {
        tables.recycle();
    }
    timsort::java_sort(&mut search.steps, &compare);
    let best = search.steps.into_iter().next()?;
    let label = match best.kind {
        LoopType::Continuous => "Continuous Nice Loop",
        LoopType::Discontinuous => "Discontinuous Nice Loop",
        LoopType::Aic => "AIC",
    };
    let (kind, label) = if best.grouped {
        (Kind::GroupedNiceLoop, format!("Grouped {label}"))
    } else {
        (Kind::NiceLoop, label.to_string())
    };
    let mut step = StepFound::eliminate(kind, best.dels.iter().map(|&(d, c)| (c, d)).collect());
    step.label = Some(label);
    Some(step)
}

/// `TablingSolver.getStep(FORCING_CHAIN)`: the first forcing chain after HoDoKu's sort.
pub(super) fn forcing_chain(b: &Board) -> Option<StepFound> {
    forcing_step(b, false, Kind::ForcingChain)
}

/// `TablingSolver.getStep(FORCING_NET)`: the same search on tables filled with four rounds of
/// singles; only steps whose chains branch (nets) are kept.
pub(super) fn forcing_net(b: &Board) -> Option<StepFound> {
    forcing_step(b, true, Kind::ForcingNet)
}

/// The first forcing chain or net as a step of `kind`.
fn forcing_step(b: &Board, nets: bool, kind: Kind) -> Option<StepFound> {
    let best = forcing::forcing(b, nets)?;
    let mut step = match best.effect {
        forcing::Effect::Place(c, d) => StepFound::place(kind, c, d),
        forcing::Effect::Delete(c, d) => StepFound::eliminate(kind, vec![(c, d)]),
    };
    step.label = Some(best.label());
    Some(step)
}
