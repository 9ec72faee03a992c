//! Building a [`UniformDlx`] from a [`Problem`]: checking that the problem is uniform, then laying
//! out the headers, the aligned option groups and the packed `LEN`s drawn in the module doc of
//! [`uniform`](super).

use super::{LenX, Link, NodeIndex, UniformDlx, BLOCK, COVERED};
use crate::xc::dlx::BranchCounts;
use crate::xc::engine::EngineError;
use crate::xc::{ChoicePolicy, Problem};

impl<const K: usize, I: NodeIndex> UniformDlx<K, I> {
    /// Builds the matrix; fails unless every item is primary, every option has exactly `K` items
    /// and no item has more than 127 options (Sudoku has at most 61).
    pub fn new(problem: &Problem) -> Result<Self, EngineError> {
        let not = |reason: String| Err(EngineError::NotUniform { reason });
        if problem.has_multiplicities() {
            return Err(EngineError::Multiplicities {
                item: problem
                    .items()
                    .iter()
                    .find(|i| i.has_multiplicity())
                    .map_or_else(String::new, |i| i.name.clone()),
            });
        }
        if problem.n_secondary() > 0 {
            return not("the problem has secondary items".into());
        }
        let n = problem.n_items() as u32;
        let base = n.next_multiple_of(K as u32);
        let total = base as u64 + (problem.n_options() * K) as u64;
        if total > I::LIMIT {
            return not(format!(
                "{total} nodes do not fit the node index type (limit {})",
                I::LIMIT
            ));
        }
        let ix = I::from_u32;
        // Headers, then unused slots up to `base` (linked to themselves, never reached).
        let mut nd: Vec<Link<I>> = (0..base)
            .map(|i| Link {
                ulink: ix(i),
                dlink: ix(i),
            })
            .collect();
        let mut top: Vec<I> = (0..base).map(|i| ix(if i < n { i } else { 0 })).collect();
        let mut len = vec![0u32; n as usize];
        for o in problem.option_ids() {
            let entries = problem.option(o);
            if entries.len() != K {
                return not(format!(
                    "option {} has {} items, not {K}",
                    o.0 + 1,
                    entries.len()
                ));
            }
            for e in entries {
                let i = e.item.0;
                let x = nd.len() as u32;
                let bottom = nd[i as usize].ulink;
                nd.push(Link {
                    ulink: bottom,
                    dlink: ix(i),
                });
                top.push(ix(i));
                nd[bottom.to_u32() as usize].dlink = ix(x);
                nd[i as usize].ulink = ix(x);
                len[i as usize] += 1;
            }
        }
        if let Some(i) = len.iter().position(|&l| l >= COVERED as u32) {
            return not(format!(
                "item `{}` has more than 127 options",
                problem.items()[i].name
            ));
        }
        let mut lenx: Vec<LenX> = len.iter().map(|&l| l as LenX).collect();
        lenx.resize(len.len().div_ceil(BLOCK) * BLOCK, LenX::MAX);
        Ok(UniformDlx {
            pristine: (nd.clone(), lenx.clone()),
            saved: (nd.clone(), lenx.clone()),
            nd,
            top,
            n_options: problem.n_options() as u32,
            lenx,
            n_items: n,
            base,
            active: n,
            names: problem.items().iter().map(|i| i.name.clone()).collect(),
            forced: Vec::new(),
            policy: ChoicePolicy::Mrv,
            updates: 0,
            branch: BranchCounts::default(),
            choice: Vec::new(),
            solution: Vec::new(),
        })
    }
}
