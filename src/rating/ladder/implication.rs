//! The top rung's extra step: the binary implication graph of the open literals and the literals
//! it refutes.
//!
//! After propagation, a constraint that still needs `m` of its `m + 1` open literals says that at
//! most one of them is false: for open literals `a` and `b`, `¬a → b` and `¬b → a`. (An "at most
//! one" constraint, written as "at least n - 1 of the negations", gives `a → ¬b`.) These edges form
//! a graph on the open literals that is its own contrapositive: `a → b` comes with `¬b → ¬a`.
//!
//! A literal `a` that reaches `¬a` is false (assuming it would prove its own negation). The graph's
//! strongly connected components (Tarjan's algorithm) are found, and each component's reach — the
//! literals it implies — is accumulated in the order Tarjan closes them, which is reverse
//! topological: every component a component points to is closed first. A component holding both
//! `a` and `¬a` proves a contradiction. This finds every refutation the graph holds, where tdoku's
//! single depth-first pass finds those its visiting order meets (docs/ladder.md).

use super::propagate::Propagator;

/// What one pass over the implication graph found.
pub(super) enum Refuted {
    /// These literals are false.
    Literals(Vec<u16>),
    /// A literal and its negation imply each other: no solution.
    Contradiction,
}

/// The implication graph on the open literals, in compressed rows, over dense node numbers.
struct Graph {
    /// Node -> literal.
    lits: Vec<u16>,
    /// `first[n]..first[n + 1]` indexes `to` for node `n`'s successors.
    first: Vec<u32>,
    to: Vec<u32>,
}

impl Graph {
    fn build(p: &Propagator) -> Graph {
        let model = p.model();
        let mut node_of = vec![u32::MAX; 2 * super::model::VARS];
        let mut lits = Vec::new();
        for var in p.open_vars() {
            for lit in [2 * var as u16, 2 * var as u16 + 1] {
                node_of[lit as usize] = lits.len() as u32;
                lits.push(lit);
            }
        }
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut open = Vec::with_capacity(10);
        for c in &model.constraints {
            open.clear();
            let mut trues = 0u8;
            for &l in model.lits_of(c) {
                match p.lit_value(l) {
                    Some(true) => trues += 1,
                    Some(false) => {}
                    None => open.push(l),
                }
            }
            // Propagation has run, so `missing < open.len()` unless the constraint is satisfied.
            let missing = c.need.saturating_sub(trues) as usize;
            if open.len() < 2 || missing + 1 != open.len() {
                continue;
            }
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    edges.push((node_of[(a ^ 1) as usize], node_of[b as usize]));
                    edges.push((node_of[(b ^ 1) as usize], node_of[a as usize]));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let mut first = vec![0u32; lits.len() + 1];
        for &(from, _) in &edges {
            first[from as usize + 1] += 1;
        }
        for n in 0..lits.len() {
            first[n + 1] += first[n];
        }
        let to = edges.iter().map(|&(_, t)| t).collect();
        Graph { lits, first, to }
    }

    fn successors(&self, n: usize) -> &[u32] {
        &self.to[self.first[n] as usize..self.first[n + 1] as usize]
    }
}

/// The literals the implication graph of `p`'s open literals refutes (possibly none).
pub(super) fn refute(p: &Propagator) -> Refuted {
    let g = Graph::build(p);
    let n = g.lits.len();
    let comps = tarjan(&g);
    // Node numbers pair a literal with its negation: node k ^ 1 is the negation of node k.
    let words = n.div_ceil(64);
    let mut comp_of = vec![0usize; n];
    for (ci, comp) in comps.iter().enumerate() {
        for &v in comp {
            comp_of[v as usize] = ci;
        }
    }
    let mut reach = vec![0u64; comps.len() * words];
    let mut refuted = Vec::new();
    for (ci, comp) in comps.iter().enumerate() {
        let (done, rest) = reach.split_at_mut(ci * words);
        let mine = &mut rest[..words];
        for &v in comp {
            mine[v as usize / 64] |= 1 << (v % 64);
            for &w in g.successors(v as usize) {
                let cw = comp_of[w as usize];
                if cw != ci {
                    // Tarjan closes a component after every component it reaches.
                    let theirs = &done[cw * words..(cw + 1) * words];
                    for (m, t) in mine.iter_mut().zip(theirs) {
                        *m |= t;
                    }
                }
            }
        }
        for &v in comp {
            let neg = v ^ 1;
            if comp_of[neg as usize] == ci {
                return Refuted::Contradiction;
            }
            if mine[neg as usize / 64] >> (neg % 64) & 1 == 1 {
                refuted.push(g.lits[v as usize]);
            }
        }
    }
    Refuted::Literals(refuted)
}

/// Tarjan's strongly connected components, iteratively, in the order they close (reverse
/// topological order of the condensation).
fn tarjan(g: &Graph) -> Vec<Vec<u32>> {
    let n = g.lits.len();
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut comps = Vec::new();
    let mut counter = 0u32;
    // Call frames: (node, position in its successor list).
    let mut frames: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        frames.push((root, 0));
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut pos)) = frames.last_mut() {
            let succ = g.successors(v as usize);
            if let Some(&w) = succ.get(*pos) {
                *pos += 1;
                if index[w as usize] == UNSEEN {
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    frames.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut comp = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w as usize] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comps.push(comp);
            }
        }
    }
    comps
}
