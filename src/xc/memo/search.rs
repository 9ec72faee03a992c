//! Algorithm X with a memo cache, step by step as DLX6 runs it (its labels in the comments).

use std::time::Instant;

use super::diagram::Diagram;
use super::links::Links;
use super::signature::{Cache, Layout, Lookup, Memo};
use super::zdd::Zdd;
use super::{MemoError, MemoRun, MemoStats};
use crate::budget::CLOCK_STRIDE;
use crate::xc::{Halt, Limits, SearchEnd};

/// Where the search goes next (DLX6's labels).
#[derive(Clone, Copy)]
enum Step {
    /// Enter a node: count it, look its subproblem up, branch.
    Forward,
    /// Try the option at `cur` (or give up the item when `cur` is back at its header).
    Advance,
    /// Every option of the item is tried: restore it, cache the level's result.
    Backup,
    /// Return to the level above.
    Backdown,
    /// Undo the option at `cur`, make its ZDD node, go on to the next option.
    Recover,
}

/// Runs the search over `links`, caching in `cache`, building the ZDD.
pub(super) fn run(
    mut links: Links,
    mut cache: Cache<u32>,
    limits: &Limits,
) -> Result<MemoRun, MemoError> {
    let layout = Layout::new(&links);
    let mut sig = vec![0u64; layout.width];
    let mut zdd = Zdd::new();
    let mut stats = MemoStats::default();
    let links_bytes = links.bytes();
    let (root, end) = search(
        &mut links, &layout, &mut sig, &mut cache, &mut zdd, limits, &mut stats, 0,
    )?;
    stats.updates = links.updates;
    stats.cleansings = links.cleansings;
    if end == SearchEnd::Exhausted {
        zdd.set_root(root);
    }
    stats.cache_entries = cache.entries() as u64;
    stats.cache_refused = cache.refused;
    stats.cache_bytes = cache.bytes() as u64;
    stats.zdd_made = zdd.made();
    stats.zdd_nodes = zdd.len() as u64;
    stats.zdd_bytes = zdd.bytes() as u64;
    stats.links_bytes = links_bytes as u64;
    Ok(MemoRun { zdd, stats, end })
}

/// Searches the subproblem `links` holds, whose root is at `level0` of the whole tree, and
/// returns its result (⊥ unless the search was exhausted). Adds its nodes, profile (from
/// `level0` on), leaves, hits and good entries to `stats`; `updates` and `cleansings` stay on
/// `links`. `limits` apply to this call alone. `links` is left as it was found.
#[allow(clippy::too_many_arguments)]
pub(super) fn search<D: Diagram, M: Memo<D::Value>>(
    links: &mut Links,
    layout: &Layout,
    sig: &mut [u64],
    cache: &mut M,
    diagram: &mut D,
    limits: &Limits,
    stats: &mut MemoStats,
    level0: usize,
) -> Result<(D::Value, SearchEnd), MemoError> {
    let bottom = D::Value::default();
    let start = Instant::now();
    let mut nodes = 0u64;
    let bump = |stats: &mut MemoStats, level: usize| {
        let l = level0 + level;
        if stats.profile.len() <= l {
            stats.profile.resize(l + 1, 0);
        }
        stats.profile[l] += 1;
    };

    if links.all_covered() {
        // No primary item: the empty set is the one solution, and the root is that solution.
        stats.nodes += 1;
        stats.leaves += 1;
        bump(stats, 0);
        return Ok((D::TOP, SearchEnd::Exhausted));
    }

    // Per level: the node chosen, the item branched on, `znode` before the level's choice, and
    // the cache entry of the level's subproblem.
    let mut choice: Vec<u32> = Vec::new();
    let mut best_at: Vec<u32> = Vec::new();
    let mut savez: Vec<D::Value> = Vec::new();
    let mut entry_at: Vec<Option<u32>> = Vec::new();

    let mut level = 0usize;
    let (mut cur, mut best) = (0u32, 0u32);
    // `znode`: the result of the solutions found so far at this level (a chain over its
    // options); `zsol`: the result of the subproblem below the option being undone.
    let (mut znode, mut zsol) = (bottom, bottom);
    let mut end = SearchEnd::Exhausted;

    let mut step = Step::Forward;
    loop {
        match step {
            Step::Forward => {
                if limits.max_nodes.is_some_and(|m| nodes >= m) {
                    end = SearchEnd::Limit(Halt::Nodes);
                    break;
                }
                if nodes % CLOCK_STRIDE == 0 {
                    if crate::budget::interrupted() {
                        end = SearchEnd::Limit(Halt::Interrupted);
                        break;
                    }
                    // The budget covers the links and the growing diagram too: the cache gets
                    // what they leave (issue 38).
                    cache.leave(links.bytes() + diagram.bytes());
                    if nodes > 0 {
                        super::progress::report_progress(CLOCK_STRIDE, diagram.bytes());
                    }
                }
                if limits.max_time.is_some_and(|t| start.elapsed() >= t) {
                    end = SearchEnd::Limit(Halt::Time);
                    break;
                }
                nodes += 1;
                stats.nodes += 1;
                bump(stats, level);
                // Look for the current status in the memo cache.
                let h = layout.compute(links, sig);
                let entry = match cache.lookup(sig, h) {
                    Lookup::Hit(z) => {
                        stats.cache_hits += 1;
                        znode = z;
                        step = Step::Backdown;
                        continue;
                    }
                    Lookup::Stored(e) => Some(e),
                    Lookup::Refused => None,
                };
                set(&mut entry_at, level, entry);
                znode = bottom;
                best = links
                    .choose()
                    .expect("a node is entered only with items left");
                links.cover(best);
                cur = links.nd[best as usize].down;
                step = Step::Advance;
            }
            Step::Advance => {
                if cur == best {
                    step = Step::Backup;
                    continue;
                }
                links.commit_others(cur);
                if links.all_covered() {
                    // Register a solution: a special node, a hit at the next level, ZDD ⊤.
                    nodes += 1;
                    stats.nodes += 1;
                    stats.leaves += 1;
                    bump(stats, level + 1);
                    zsol = D::TOP;
                    step = Step::Recover;
                    continue;
                }
                set(&mut savez, level, znode);
                set(&mut choice, level, cur);
                set(&mut best_at, level, best);
                level += 1;
                step = Step::Forward;
            }
            Step::Backup => {
                links.uncover(best);
                if znode != bottom {
                    stats.good_entries += 1;
                }
                if let Some(e) = entry_at[level] {
                    cache.set(e, znode);
                }
                step = Step::Backdown;
            }
            Step::Backdown => {
                if level == 0 {
                    break;
                }
                level -= 1;
                cur = choice[level];
                best = best_at[level];
                zsol = znode;
                znode = savez[level];
                step = Step::Recover;
            }
            Step::Recover => {
                links.uncommit_others(cur);
                if zsol != bottom {
                    znode = diagram.make(links.option_of(cur), znode, zsol)?;
                }
                cur = links.nd[cur as usize].down;
                step = Step::Advance;
            }
        }
    }
    if end != SearchEnd::Exhausted {
        // Stopped on entering a node at `level`: undo the choices above it, so `links` is as it
        // was found.
        for l in (0..level).rev() {
            links.uncommit_others(choice[l]);
            links.uncover(best_at[l]);
        }
        return Ok((bottom, end));
    }
    Ok((znode, end))
}

fn set<T: Copy + Default>(v: &mut Vec<T>, i: usize, x: T) {
    if v.len() <= i {
        v.resize(i + 1, T::default());
    }
    v[i] = x;
}
