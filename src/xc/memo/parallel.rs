//! Counting on several threads: the top of the search tree cut into subproblems, each counted by
//! the memoised search, with one cache shared by all threads or one cache per thread.
//!
//! # How
//!
//! [`count`] walks the levels above a cut at depth `D` itself, exactly as the serial search
//! branches (DLX6's order rule), without caching them: it counts their nodes and the solutions
//! found above the cut, and names each node at the cut by its *path*, the option nodes chosen on
//! the way to it. A worker thread replays a path on its own copy of the dancing links (the same
//! covers and commits in the same order, so the same subproblem) and counts below it with
//! the serial engine's search, building a count (`Counter`, in `memo/diagram.rs`) instead of a ZDD: the result of a
//! subproblem is its number of solutions, a plain number the same on every thread. The count is
//! the solutions above the cut plus the sum over the paths — exact whatever the thread count, the
//! schedule or the cache, because a cache only ever answers with the count of the same
//! subproblem.
//!
//! # Shared or per thread
//!
//! With [`Sharing::Shared`] every thread looks subproblems up in one cache (shards behind
//! locks) and stores a count only when it has finished the subproblem; with
//! [`Sharing::PerThread`] each thread keeps its own cache across all the paths it counts, and
//! threads solve again what another one has solved. The budget is the same in all: split among
//! the shards, or among the threads. docs/counting.md has the measurements that chose the default.
//!
//! # What is not the serial search's
//!
//! The count is. The nodes, hits and cache entries are not: the levels above the cut are never
//! cached, and which subproblems a thread finds in a cache depends on which thread got there
//! first, so these counters vary from run to run. No ZDD is built: its nodes would live in one
//! table per thread, so `--zdd` and `--sample` need one thread.

use std::sync::Mutex;

use rayon::prelude::*;

use super::diagram::Counter;
use super::links::Links;
use super::search::search;
use super::signature::{Cache, Layout, SharedCache};
use super::{MemoConfig, MemoError, MemoStats, SolutionCount};
use crate::xc::engine::EngineError;
use crate::xc::{Limits, Problem, SearchEnd};

/// Where the threads keep their subproblems' counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// One cache for all threads (locked shards).
    Shared,
    /// One cache per thread, kept across the subproblems it counts.
    PerThread,
}

/// How to cut the tree and share the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parallel {
    /// The depth of the cut; `None`: the first depth with at least `64 ×` threads subproblems
    /// (no deeper than 16).
    pub depth: Option<usize>,
    /// The cache or caches.
    pub sharing: Sharing,
}

/// The result of a parallel count.
#[derive(Clone, Debug)]
pub struct ParallelCount {
    /// The number of solutions (when `end` is [`SearchEnd::Exhausted`]).
    pub count: SolutionCount,
    /// The counters, summed over the walk above the cut and every thread (module
    /// documentation: only the count is the serial search's). `zdd_made` counts the additions
    /// made instead of ZDD nodes; `zdd_nodes` and `zdd_bytes` are 0.
    pub stats: MemoStats,
    /// Exhausted, or stopped by a node or time limit in some subproblem (the limits apply to each
    /// subproblem separately); then the count is unknown.
    pub end: SearchEnd,
    /// The depth of the cut.
    pub depth: usize,
    /// Subproblems at the cut.
    pub subproblems: usize,
}

/// The levels above a cut: their counters, and the paths to the nodes at the cut.
#[derive(Default)]
struct Frontier {
    paths: Vec<Vec<u32>>,
    nodes: u64,
    leaves: u64,
    profile: Vec<u64>,
}

fn bump(profile: &mut Vec<u64>, level: usize) {
    if profile.len() <= level {
        profile.resize(level + 1, 0);
    }
    profile[level] += 1;
}

/// Walks the tree above depth `depth` from the node `links` holds, at `level`.
fn walk(links: &mut Links, depth: usize, level: usize, path: &mut Vec<u32>, f: &mut Frontier) {
    if level == depth || links.all_covered() {
        f.paths.push(path.clone());
        return;
    }
    f.nodes += 1;
    bump(&mut f.profile, level);
    let best = links.choose().expect("items are left");
    links.cover(best);
    let mut cur = links.nd[best as usize].down;
    while cur != best {
        links.commit_others(cur);
        if links.all_covered() {
            f.nodes += 1;
            f.leaves += 1;
            bump(&mut f.profile, level + 1);
        } else {
            path.push(cur);
            walk(links, depth, level + 1, path, f);
            path.pop();
        }
        links.uncommit_others(cur);
        cur = links.nd[cur as usize].down;
    }
    links.uncover(best);
}

/// The cut at `depth`, or the first depth with at least `target` subproblems.
fn frontier(links: &mut Links, depth: Option<usize>, target: usize) -> (usize, Frontier) {
    let cut = |links: &mut Links, d| {
        let mut f = Frontier::default();
        walk(links, d, 0, &mut Vec::new(), &mut f);
        f
    };
    if let Some(d) = depth {
        return (d, cut(links, d));
    }
    let mut d = 0;
    let mut f = cut(links, 0);
    while d < 16 && f.paths.len() < target {
        let deeper = cut(links, d + 1);
        d += 1;
        let done = deeper.paths.is_empty();
        f = deeper;
        if done {
            break;
        }
    }
    (d, f)
}

/// A thread's state: its copy of the links, its counters and (per thread) its cache.
struct Worker {
    links: Links,
    sig: Vec<u64>,
    stats: MemoStats,
    counter: Counter,
    cache: Option<Cache<u128>>,
}

/// Counts the solutions of `problem` on the current rayon pool, cut and shared as `parallel`
/// says, within `config`'s cache budget in all.
pub fn count(
    problem: &Problem,
    config: &MemoConfig,
    parallel: &Parallel,
    limits: &Limits,
) -> Result<ParallelCount, MemoError> {
    if let Some(item) = problem.items().iter().find(|i| i.has_multiplicity()) {
        return Err(EngineError::Multiplicities {
            item: item.name.clone(),
        }
        .into());
    }
    let threads = rayon::current_num_threads();
    let mut base = Links::new(problem);
    let layout = Layout::new(&base);
    let (depth, above) = frontier(&mut base, parallel.depth, 64 * threads);
    base.updates = 0;
    base.cleansings = 0;
    let shared = match parallel.sharing {
        Sharing::Shared => Some(SharedCache::<u128>::new(layout.width, config.cache_bytes)),
        Sharing::PerThread => None,
    };
    let workers: Vec<Mutex<Option<Worker>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    let results: Vec<Result<(u128, SearchEnd), MemoError>> = above
        .paths
        .par_iter()
        .map(|path| {
            let me = rayon::current_thread_index().unwrap_or(0) % threads;
            let mut slot = workers[me].lock().unwrap_or_else(|e| e.into_inner());
            let w = slot.get_or_insert_with(|| Worker {
                links: base.clone(),
                sig: vec![0; layout.width],
                stats: MemoStats::default(),
                counter: Counter::default(),
                cache: shared
                    .is_none()
                    .then(|| Cache::new(layout.width, config.cache_bytes / threads)),
            });
            for &p in path {
                w.links.cover(w.links.nd[p as usize].itm as u32);
                w.links.commit_others(p);
            }
            let (updates, cleansings) = (w.links.updates, w.links.cleansings);
            let found = match (&shared, &mut w.cache) {
                (Some(s), _) => {
                    let mut handle = s.handle();
                    let r = search(
                        &mut w.links,
                        &layout,
                        &mut w.sig,
                        &mut handle,
                        &mut w.counter,
                        limits,
                        &mut w.stats,
                        path.len(),
                    );
                    w.stats.cache_refused += handle.refused;
                    r
                }
                (None, Some(cache)) => search(
                    &mut w.links,
                    &layout,
                    &mut w.sig,
                    cache,
                    &mut w.counter,
                    limits,
                    &mut w.stats,
                    path.len(),
                ),
                (None, None) => unreachable!("a worker without a shared cache has its own"),
            };
            w.stats.updates += w.links.updates - updates;
            w.stats.cleansings += w.links.cleansings - cleansings;
            for &p in path.iter().rev() {
                w.links.uncommit_others(p);
                w.links.uncover(w.links.nd[p as usize].itm as u32);
            }
            found
        })
        .collect();

    let mut total = u128::from(above.leaves);
    let mut end = SearchEnd::Exhausted;
    for r in results {
        let (n, e) = r?;
        if e != SearchEnd::Exhausted {
            end = e;
        }
        total = total.checked_add(n).ok_or(MemoError::CountOverflow)?;
    }
    let mut stats = MemoStats {
        nodes: above.nodes,
        leaves: above.leaves,
        profile: above.profile,
        ..MemoStats::default()
    };
    for w in workers
        .into_iter()
        .filter_map(|w| w.into_inner().unwrap_or_else(|e| e.into_inner()))
    {
        let s = &w.stats;
        stats.nodes += s.nodes;
        stats.updates += s.updates;
        stats.cleansings += s.cleansings;
        stats.cache_hits += s.cache_hits;
        stats.leaves += s.leaves;
        stats.good_entries += s.good_entries;
        stats.cache_refused += s.cache_refused;
        stats.zdd_made += w.counter.made;
        stats.links_bytes += w.links.bytes() as u64;
        if stats.profile.len() < s.profile.len() {
            stats.profile.resize(s.profile.len(), 0);
        }
        for (t, n) in stats.profile.iter_mut().zip(&s.profile) {
            *t += n;
        }
        if let Some(c) = &w.cache {
            stats.cache_entries += c.entries() as u64;
            stats.cache_bytes += c.bytes() as u64;
            stats.cache_refused += c.refused;
        }
    }
    if let Some(s) = &shared {
        stats.cache_entries = s.total(|c| c.entries() as u64);
        stats.cache_bytes = s.total(|c| c.bytes() as u64);
    }
    Ok(ParallelCount {
        count: SolutionCount::Small(if end == SearchEnd::Exhausted {
            total
        } else {
            0
        }),
        stats,
        end,
        depth,
        subproblems: above.paths.len(),
    })
}
