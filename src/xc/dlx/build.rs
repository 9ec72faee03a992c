//! Building the dancing-links matrix of a [`Problem`]: the item lists, the header nodes, and the
//! options with their spacers, laid out as the module doc of [`super`] draws them.

use super::{BranchCounts, Dlx, Node};
use crate::xc::engine::EngineError;
use crate::xc::{ChoicePolicy, Problem};

impl Dlx {
    /// Builds the matrix of `problem`. Fails when the problem needs multiplicities (Algorithm M).
    pub fn new(problem: &Problem) -> Result<Dlx, EngineError> {
        if let Some(item) = problem.items().iter().find(|i| i.has_multiplicity()) {
            return Err(EngineError::Multiplicities {
                item: item.name.clone(),
            });
        }
        let n = problem.n_items() as u32;
        let n_primary = problem.n_primary() as u32;
        let last_itm = n + 1;
        let second = n_primary + 1;
        // Item list: root 0 → primary items 1..=n_primary; head n+1 → secondary items.
        let mut llink = vec![0u32; n as usize + 2];
        let mut rlink = vec![0u32; n as usize + 2];
        let mut link_ring = |head: u32, members: std::ops::Range<u32>| {
            let mut prev = head;
            for k in members {
                rlink[prev as usize] = k;
                llink[k as usize] = prev;
                prev = k;
            }
            rlink[prev as usize] = head;
            llink[head as usize] = prev;
        };
        link_ring(0, 1..second);
        link_ring(last_itm, second..last_itm);

        let total = last_itm as usize + 1 + problem.n_entries() + problem.n_options();
        let mut nd = Vec::with_capacity(total);
        nd.push(Node {
            ulink: 0,
            dlink: 0,
            top: 0,
            color: 0,
        });
        for k in 1..last_itm {
            nd.push(Node {
                ulink: k,
                dlink: k,
                top: 0,
                color: 0,
            });
        }
        // The first spacer.
        nd.push(Node {
            ulink: 0,
            dlink: 0,
            top: 0,
            color: 0,
        });
        let mut option_first = Vec::with_capacity(problem.n_options());
        for o in problem.option_ids() {
            let spacer = nd.len() as u32 - 1;
            option_first.push(spacer + 1);
            for e in problem.option(o) {
                let k = e.item.0 + 1;
                let x = nd.len() as u32;
                let bottom = nd[k as usize].ulink;
                nd.push(Node {
                    ulink: bottom,
                    dlink: k,
                    top: k as i32,
                    color: e.color.map_or(0, |c| c.0 as i32 + 1),
                });
                nd[bottom as usize].dlink = x;
                nd[k as usize].ulink = x;
                nd[k as usize].top += 1;
            }
            let last = nd.len() as u32 - 1;
            nd[spacer as usize].dlink = last;
            nd.push(Node {
                ulink: spacer + 1,
                dlink: 0,
                top: -(o.0 as i32) - 1,
                color: 0,
            });
        }
        Ok(Dlx {
            llink,
            rlink,
            nd,
            last_itm,
            second,
            option_first,
            colors: problem
                .option_ids()
                .any(|o| problem.option(o).iter().any(|e| e.color.is_some())),
            names: problem.items().iter().map(|i| i.name.clone()).collect(),
            purified: vec![0; last_itm as usize],
            forced: Vec::new(),
            policy: ChoicePolicy::Mrv,
            updates: 0,
            branch: BranchCounts::default(),
            choice: Vec::new(),
            solution: Vec::new(),
        })
    }
}
