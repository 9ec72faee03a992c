//! Splitting a search tree into subproblems, and counting them in parallel with totals identical
//! to the serial count.
//!
//! # The idea
//! Algorithm X explores a tree. Cut it at depth `D`: the nodes above the cut are few and cheap, the
//! subtrees below it are many and independent. Each node at depth `D` is named by the options chosen
//! on the way to it — its *path*. Forcing those options in a fresh engine and searching from there
//! explores exactly the subtree the serial search would have explored below that node, so the
//! subtrees can be counted in any order, on any thread or any machine.
//!
//! # Why the counts are exact
//! The serial search (Knuth's dlx1/dlx2) charges its work to the node where it happens:
//!
//! - a node is counted when it is entered (step X2), on its own level of the profile;
//! - at a node it covers the chosen item `i` once (`cover(i)`, X4), and for every option `x` in
//!   `i`'s list it covers the other items of `x`, left to right starting after `i` (X5), before
//!   descending; when that covers every primary item, the solution is counted as a node one level
//!   down (dlx2's "a solution is a special node"), without entering it.
//!
//! [`split`] walks the levels `0..D` itself, with a small model of the dancing-links state (which
//! options are still linked, the length of every item's list, which colour entries were purified)
//! that performs the same covers in the same order and counts their updates exactly as dlx1/dlx2
//! do. It counts every node above the cut once, every update made there (including the covers of
//! the options that lead to the nodes *at* the cut), and every solution found above the cut. A node
//! at the cut is not counted by the walk: it is the root of its subproblem, and the engine's search
//! counts it there (on level 0 of its profile, which is level `D` of the serial profile).
//!
//! Forcing the path in an engine covers the same set of items as the serial search did on the way
//! down, so the links left in the active lists are the same — in the same order, because dancing
//! links restore list order exactly — and the search below chooses the same items and options.
//! (The order in which the items are covered can change which entries of already *hidden* options
//! stay linked in already *purified* colour lists; the search below never visits those lists, so
//! it cannot tell.) The engine does not charge the forcing to the search it runs afterwards, so
//! nothing is counted twice: `serial = above + Σ subproblems`, for solutions, nodes, updates and
//! every level of the profile. The tests in `tests/integration/counting.rs` check this equality
//! on several problems and every split depth.
//!
//! # Limits of the method
//! Primary items with multiplicities (Knuth's Algorithm M) branch differently: [`split`] refuses
//! them with [`SplitError::Multiplicity`] rather than guess.

use std::sync::Mutex;

use rayon::prelude::*;

use super::engine::{Engine, EngineError, ForceError};
use super::{
    ChoicePolicy, ItemKind, Limits, OptionId, Problem, SearchEnd, SearchResult, SearchStats,
};

/// A search tree cut at some depth: the counts above the cut and one subproblem per node at the cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitPlan {
    /// The depth of the cut (0: one subproblem, the whole problem).
    pub depth: usize,
    /// The item-choice policy the serial search would use; subproblems must be searched with it.
    pub policy: ChoicePolicy,
    /// Nodes, updates, solutions and profile of the levels above the cut, counted as the serial
    /// search counts them.
    pub above: SearchStats,
    /// One path per node at the cut, in the order the serial search visits them.
    pub subproblems: Vec<Vec<OptionId>>,
}

/// Why a problem cannot be split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// Algorithm M branches on items with multiplicities in ways the splitter does not model.
    #[error(
        "item `{item}` has multiplicity {lo}:{hi}; splitting models Algorithms X and C only \
         (every primary item covered exactly once): count this problem serially"
    )]
    Multiplicity {
        /// The item's name.
        item: String,
        /// Lower bound.
        lo: u32,
        /// Upper bound.
        hi: u32,
    },
}

/// Adds a subproblem's counters to a total; the subproblem's level 0 is level `depth` of the total.
pub fn add_shifted(total: &mut SearchStats, sub: &SearchStats, depth: usize) {
    total.nodes += sub.nodes;
    total.updates += sub.updates;
    total.solutions += sub.solutions;
    if total.profile.len() < depth + sub.profile.len() {
        total.profile.resize(depth + sub.profile.len(), 0);
    }
    for (level, &n) in sub.profile.iter().enumerate() {
        total.profile[depth + level] += n;
    }
}

/// Cuts the search tree of `problem` at `depth`.
///
/// `depth == usize::MAX` walks the whole tree: the plan then has no subproblems and `above` holds
/// the serial counts, computed by this module's model of the search alone — an independent check of
/// the engine, slow (it copies its state at every node) but exact.
pub fn split(
    problem: &Problem,
    policy: ChoicePolicy,
    depth: usize,
) -> Result<SplitPlan, SplitError> {
    if let Some(item) = problem.items().iter().find(|i| i.has_multiplicity()) {
        return Err(SplitError::Multiplicity {
            item: item.name.clone(),
            lo: item.lo,
            hi: item.hi,
        });
    }
    let mut plan = SplitPlan {
        depth,
        policy,
        above: SearchStats::default(),
        subproblems: Vec::new(),
    };
    // With no primary item the serial search's root is its own business (there is nothing to
    // branch on); leave the whole problem to the engine.
    if depth == 0 || problem.n_primary() == 0 {
        plan.depth = 0;
        plan.subproblems.push(Vec::new());
        return Ok(plan);
    }
    let model = Model::new(problem);
    let mut walk = Walk {
        model: &model,
        policy,
        depth,
        stats: SearchStats::default(),
        path: Vec::new(),
        frontier: Vec::new(),
    };
    walk.node(model.initial_state(), 0);
    plan.above = walk.stats;
    plan.subproblems = walk.frontier;
    Ok(plan)
}

/// Cuts at the smallest depth that gives at least `target` subproblems, but no deeper than
/// `max_depth` (the tree may also run out of nodes first).
///
/// Many more subproblems than threads let work stealing even out subtrees of very different sizes;
/// `target = 64 × threads` is a good default.
pub fn split_auto(
    problem: &Problem,
    policy: ChoicePolicy,
    target: usize,
    max_depth: usize,
) -> Result<SplitPlan, SplitError> {
    let mut plan = split(problem, policy, 0)?;
    for depth in 1..=max_depth {
        if plan.subproblems.len() >= target {
            break;
        }
        let deeper = split(problem, policy, depth)?;
        // All subtrees ended above this depth: going deeper changes nothing.
        let exhausted = deeper.subproblems.is_empty();
        plan = deeper;
        if exhausted {
            break;
        }
    }
    Ok(plan)
}

/// The static part of the model: item lists in Knuth's order (option order, as dlx1 builds them).
struct Model<'a> {
    problem: &'a Problem,
    /// `entries[first_entry[o]..first_entry[o + 1]]` index option `o`'s entries globally.
    first_entry: Vec<u32>,
    /// For each item, the `(option, global entry index)` pairs of the options containing it.
    lists: Vec<Vec<(u32, u32)>>,
    /// The colour of every entry, by global entry index.
    colors: Vec<Option<u32>>,
}

/// The dynamic part of the model: what the dancing links hold at one node.
#[derive(Clone)]
struct State {
    /// Option not hidden: all its entries are still linked in their item lists.
    alive: Vec<bool>,
    /// Entry given colour `-1` by a purification (dlx2): hiding its option leaves it linked.
    purified: Vec<bool>,
    /// Primary item still to be covered (in the active list of items).
    active: Vec<bool>,
    n_active: usize,
    /// Knuth's `LEN`: linked entries in each item's list.
    len: Vec<u32>,
}

impl<'a> Model<'a> {
    fn new(problem: &'a Problem) -> Self {
        let mut first_entry = Vec::with_capacity(problem.n_options() + 1);
        let mut lists = vec![Vec::new(); problem.n_items()];
        let mut colors = Vec::with_capacity(problem.n_entries());
        let mut k = 0u32;
        for o in problem.option_ids() {
            first_entry.push(k);
            for e in problem.option(o) {
                lists[e.item.0 as usize].push((o.0, k));
                colors.push(e.color.map(|c| c.0));
                k += 1;
            }
        }
        first_entry.push(k);
        Model {
            problem,
            first_entry,
            lists,
            colors,
        }
    }

    fn initial_state(&self) -> State {
        let p = self.problem;
        State {
            alive: vec![true; p.n_options()],
            purified: vec![false; p.n_entries()],
            active: (0..p.n_items())
                .map(|i| p.items()[i].kind == ItemKind::Primary)
                .collect(),
            n_active: p.n_primary(),
            len: self.lists.iter().map(|l| l.len() as u32).collect(),
        }
    }

    /// Hides option `o` from every list but the one holding entry `skip`; returns the updates.
    fn hide(&self, s: &mut State, o: u32, skip: u32) -> u64 {
        let mut updates = 0;
        s.alive[o as usize] = false;
        let (lo, hi) = (
            self.first_entry[o as usize],
            self.first_entry[o as usize + 1],
        );
        let entries = self.problem.option(OptionId(o));
        for (k, e) in (lo..hi).zip(entries) {
            if k != skip && !s.purified[k as usize] {
                s.len[e.item.0 as usize] -= 1;
                updates += 1;
            }
        }
        updates
    }

    /// dlx1's `cover(c)`: one update for unlinking the item, one per entry of every hidden option.
    fn cover(&self, s: &mut State, item: usize) -> u64 {
        let mut updates = 1;
        if s.active[item] {
            s.active[item] = false;
            s.n_active -= 1;
        }
        for &(o, k) in &self.lists[item] {
            if s.alive[o as usize] {
                updates += self.hide(s, o, k);
            }
        }
        updates
    }

    /// dlx2's `purify(p)` for entry `k` (item `item`, colour `color`): options with another colour
    /// (or none) are hidden, options with the same colour are marked so they are not purified again.
    fn purify(&self, s: &mut State, item: usize, k: u32, color: u32) -> u64 {
        let mut updates = 0;
        for &(o, kk) in &self.lists[item] {
            if kk == k || !s.alive[o as usize] {
                continue;
            }
            let same = self.entry_color(kk) == Some(color);
            if same {
                s.purified[kk as usize] = true;
            } else {
                updates += self.hide(s, o, kk);
            }
        }
        updates
    }

    fn entry_color(&self, k: u32) -> Option<u32> {
        self.colors[k as usize]
    }

    /// Step X3: the item to branch on, as the engine chooses it.
    fn choose(&self, s: &State, policy: ChoicePolicy) -> usize {
        let primaries = (0..self.problem.n_primary()).filter(|&i| s.active[i]);
        match policy {
            ChoicePolicy::First => {
                let mut primaries = primaries;
                primaries.next().unwrap_or(0)
            }
            ChoicePolicy::Mrv => {
                let mut best = (u32::MAX, 0);
                for i in primaries {
                    if s.len[i] < best.0 {
                        best = (s.len[i], i);
                        if best.0 == 0 {
                            break;
                        }
                    }
                }
                best.1
            }
        }
    }
}

fn bump(profile: &mut Vec<u64>, level: usize) {
    if profile.len() <= level {
        profile.resize(level + 1, 0);
    }
    profile[level] += 1;
}

/// A depth-first walk of the levels above the cut.
struct Walk<'m, 'a> {
    model: &'m Model<'a>,
    policy: ChoicePolicy,
    depth: usize,
    stats: SearchStats,
    path: Vec<OptionId>,
    frontier: Vec<Vec<OptionId>>,
}

impl Walk<'_, '_> {
    /// Enters the node reached by `self.path` (which has active primary items).
    fn node(&mut self, mut s: State, level: usize) {
        if level == self.depth {
            self.frontier.push(self.path.clone());
            return;
        }
        // X2: enter the node.
        self.stats.nodes += 1;
        bump(&mut self.stats.profile, level);
        // X3: choose; X4: cover it. The item's own list is left linked by cover, so its options
        // are the ones alive before the cover, in list order.
        let m = self.model;
        let best = m.choose(&s, self.policy);
        let choices: Vec<(u32, u32)> = m.lists[best]
            .iter()
            .copied()
            .filter(|&(o, _)| s.alive[o as usize])
            .collect();
        self.stats.updates += m.cover(&mut s, best);
        for (o, k) in choices {
            // X5: cover the other items of the option, rightwards from the chosen item's entry,
            // wrapping around, as dlx1 walks the nodes of an option.
            let mut child = s.clone();
            let (lo, hi) = (m.first_entry[o as usize], m.first_entry[o as usize + 1]);
            let entries = m.problem.option(OptionId(o));
            let start = (k - lo) as usize;
            let n = (hi - lo) as usize;
            for step in 1..n {
                let j = (start + step) % n;
                let e = entries[j];
                let kk = lo + j as u32;
                match e.color {
                    None => self.stats.updates += m.cover(&mut child, e.item.0 as usize),
                    Some(c) if !child.purified[kk as usize] => {
                        self.stats.updates += m.purify(&mut child, e.item.0 as usize, kk, c.0)
                    }
                    Some(_) => {}
                }
            }
            if child.n_active == 0 {
                // A solution: dlx2 counts it as a node one level down ("a solution is a special
                // node", TAOCP 7.2.2–(4)), and so does the engine.
                self.stats.nodes += 1;
                bump(&mut self.stats.profile, level + 1);
                self.stats.solutions += 1;
                continue;
            }
            self.path.push(OptionId(o));
            self.node(child, level + 1);
            self.path.pop();
        }
    }
}

/// Sums subproblem results (given with their path lengths) onto the counts above the cut.
pub fn total<'s>(
    above: &SearchStats,
    subs: impl IntoIterator<Item = (usize, &'s SearchStats)>,
) -> SearchStats {
    let mut t = above.clone();
    for (depth, s) in subs {
        add_shifted(&mut t, s, depth);
    }
    t
}

/// Why a parallel count failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// No engine could be built for the problem.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A subproblem's path cannot be forced (a job file that does not belong to this problem).
    #[error("subproblem {job}: {source}")]
    Force {
        /// Index of the subproblem (the job id).
        job: usize,
        /// Why.
        source: ForceError,
    },
}

/// Engines built once per worker and reused: a worker takes one from the pool (building it only if
/// the pool is empty) and puts it back when its share of the work is done, so the matrix is built
/// at most once per thread that runs at the same time, not once per subproblem.
struct EnginePool<E, F> {
    idle: Mutex<Vec<E>>,
    make: F,
}

impl<E: Engine, F: Fn() -> Result<E, EngineError>> EnginePool<E, F> {
    fn take(&self) -> Result<E, EngineError> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        match idle {
            Some(e) => Ok(e),
            None => (self.make)(),
        }
    }

    fn put(&self, engine: E) {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(engine);
    }
}

/// An engine borrowed from the pool, returned when the worker's share of the iterator ends.
struct Lease<'p, E: Engine, F: Fn() -> Result<E, EngineError>>(Option<E>, &'p EnginePool<E, F>);

impl<E: Engine, F: Fn() -> Result<E, EngineError>> Drop for Lease<'_, E, F> {
    fn drop(&mut self) {
        if let Some(e) = self.0.take() {
            self.1.put(e);
        }
    }
}

/// Searches every path (each the options to force) on the current rayon pool, with work stealing,
/// and returns one result per path, in the order of `paths`.
///
/// `make` builds an engine (once per worker); every search uses `policy` and `limits` (the limits
/// apply to each subproblem separately). `progress` is called once per finished subproblem.
pub fn count_paths<E, F>(
    paths: &[Vec<OptionId>],
    policy: ChoicePolicy,
    limits: &Limits,
    make: F,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<SearchResult>, CountError>
where
    E: Engine + Send,
    F: Fn() -> Result<E, EngineError> + Sync,
{
    let pool = EnginePool {
        idle: Mutex::new(vec![make()?]),
        make,
    };
    paths
        .par_iter()
        .enumerate()
        .map_init(
            || pool.take().map(|e| Lease(Some(e), &pool)),
            |lease, (job, path)| {
                let engine = match lease {
                    Ok(l) => {
                        l.0.as_mut()
                            .expect("a lease holds its engine until dropped")
                    }
                    Err(e) => return Err(CountError::Engine(e.clone())),
                };
                engine.set_policy(policy);
                for &o in path {
                    if let Err(source) = engine.force(o) {
                        engine.release();
                        return Err(CountError::Force { job, source });
                    }
                }
                let result = super::count::count(engine, 0, limits);
                engine.release();
                progress();
                Ok(result)
            },
        )
        .collect()
}

/// Counts all solutions of `problem` along `plan` on the current rayon pool with the engines of
/// [`super::choose::exact`] ([`Dlx`](super::dlx::Dlx), or its uniform fast path):
/// solutions, nodes, updates and profile equal to the serial search's.
///
/// The result ends in [`SearchEnd::Limit`] if any subproblem hit `limits`; the counts are then
/// lower bounds.
pub fn count_parallel(
    problem: &Problem,
    plan: &SplitPlan,
    limits: &Limits,
    progress: &(dyn Fn() + Sync),
) -> Result<SearchResult, CountError> {
    count_parallel_with(problem, plan, limits, super::choose::Method::Dlx, progress)
}

/// [`count_parallel`] with the engines of `method`. With [`Method::Dc`](super::choose::Method::Dc)
/// the solutions are exact, but the plan's counts above the cut are dancing links' and the
/// subproblems' are dancing cells': the nodes, updates and profile of the total are then a
/// mixture, equal to neither engine's serial count (dancing cells' tree differs in its
/// tie-breaks and dead ends, which this module does not model).
pub fn count_parallel_with(
    problem: &Problem,
    plan: &SplitPlan,
    limits: &Limits,
    method: super::choose::Method,
    progress: &(dyn Fn() + Sync),
) -> Result<SearchResult, CountError> {
    let results = count_paths(
        &plan.subproblems,
        plan.policy,
        limits,
        || super::choose::exact_with(problem, method).map(|(engine, _)| engine),
        progress,
    )?;
    Ok(sum(plan, &results))
}

/// The total of a plan: the counts above the cut plus every subproblem's, shifted to its depth.
pub fn sum(plan: &SplitPlan, results: &[SearchResult]) -> SearchResult {
    let mut stats = plan.above.clone();
    let mut end = SearchEnd::Exhausted;
    for (path, r) in plan.subproblems.iter().zip(results) {
        add_shifted(&mut stats, &r.stats, path.len());
        if let SearchEnd::Limit(h) = r.end {
            end = SearchEnd::Limit(h);
        }
    }
    SearchResult { stats, end }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// n-queens as in the issue: rows and columns primary, diagonals secondary, natural order.
    fn queens(n: usize) -> Problem {
        crate::puzzles::queens::Queens::new(n)
            .unwrap()
            .problem()
            .clone()
    }

    /// The model's walk of the whole tree is an independent count: it must equal the engine's
    /// serial search on every counter.
    #[test]
    fn model_walk_of_the_whole_tree_equals_the_engine_on_ten_queens() {
        let problem = queens(10);
        let plan = split(&problem, ChoicePolicy::Mrv, usize::MAX).unwrap();
        assert!(plan.subproblems.is_empty());
        let (mut engine, _) = crate::xc::choose::exact(&problem).unwrap();
        engine.set_policy(ChoicePolicy::Mrv);
        let serial = crate::xc::count::count(engine.as_mut(), 0, &Limits::default());
        assert_eq!(plan.above.solutions, 724);
        assert_eq!(plan.above.solutions, serial.stats.solutions);
        assert_eq!(plan.above.nodes, serial.stats.nodes);
        assert_eq!(plan.above.updates, serial.stats.updates);
        assert_eq!(plan.above.profile, serial.stats.profile);
    }
}
