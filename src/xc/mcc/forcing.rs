//! Forcing options before a search, their release, the invariant check, and the [`Engine`]
//! implementation of [`Mcc`].

use super::*;

impl Mcc {
    /// The nodes of option `o`, left to right.
    pub(super) fn option_nodes(&self, o: OptionId) -> std::ops::Range<usize> {
        let first = self.option_first[o.0 as usize] as usize;
        let mut end = first;
        while self.state.nodes.top[end] > 0 {
            end += 1;
        }
        first..end
    }

    /// Why option `o` cannot join the forced options, if it cannot.
    pub(super) fn clash(&self, option: OptionId) -> Option<ForceError> {
        // Options are sets: one that is already forced is out of every list and cannot be taken
        // again, even when its items could still be covered more often.
        if self.forced.iter().any(|f| f.option == option) {
            let c = self.state.nodes.top[self.option_first[option.0 as usize] as usize] as u32;
            return Some(ForceError::ItemCovered {
                option,
                item: ItemId(c - 1),
                name: self.item_names[(c - 1) as usize].clone(),
            });
        }
        for x in self.option_nodes(option) {
            let c = self.state.nodes.top[x] as u32;
            let item = ItemId(c - 1);
            let name = || self.item_names[(c - 1) as usize].clone();
            if c < self.second {
                if self.state.items.bound[c as usize] == 0 {
                    return Some(ForceError::ItemCovered {
                        option,
                        item,
                        name: name(),
                    });
                }
                continue;
            }
            let mine = self.pristine.nodes.color[x];
            for f in &self.forced {
                for y in self.option_nodes(f.option) {
                    if self.state.nodes.top[y] as u32 != c {
                        continue;
                    }
                    let theirs = self.pristine.nodes.color[y];
                    if theirs == 0 {
                        return Some(ForceError::ItemCovered {
                            option,
                            item,
                            name: name(),
                        });
                    }
                    if mine != theirs {
                        return Some(ForceError::ColorConflict {
                            option,
                            item,
                            name: name(),
                        });
                    }
                }
            }
        }
        None
    }

    /// Checks every item list (links both ways, `TOP` fields, `LEN`, increasing node order), the
    /// list of active items, and — when nothing is forced — that the matrix is exactly as built.
    pub fn check_invariants(&self) -> Result<(), String> {
        let nodes = &self.state.nodes;
        let items = &self.state.items;
        for c in 1..self.last_itm as usize {
            let mut prev = c;
            let mut x = nodes.down[c] as usize;
            let mut count = 0;
            while x != c {
                if x < self.last_itm as usize || x >= nodes.up.len() {
                    return Err(format!("item {c}: link to node {x} outside the options"));
                }
                if nodes.up[x] as usize != prev {
                    return Err(format!("item {c}: ULINK of node {x} is not {prev}"));
                }
                if nodes.top[x] != c as i32 {
                    return Err(format!(
                        "node {x} in the list of item {c} has TOP {}",
                        nodes.top[x]
                    ));
                }
                if prev != c && x <= prev {
                    return Err(format!("item {c}: node {x} listed after node {prev}"));
                }
                count += 1;
                prev = x;
                x = nodes.down[x] as usize;
            }
            if nodes.up[c] as usize != prev {
                return Err(format!(
                    "item {c}: ULINK of the header is not the last node"
                ));
            }
            if items.len[c] != count {
                return Err(format!("item {c}: LEN {} but {count} nodes", items.len[c]));
            }
        }
        let mut prev = ROOT;
        let mut k = items.next[ROOT as usize];
        let mut steps = 0;
        while k != ROOT {
            if items.prev[k as usize] != prev {
                return Err(format!("active items: LLINK of item {k} is not {prev}"));
            }
            steps += 1;
            if steps > self.second {
                return Err("active items: the list does not return to the root".into());
            }
            prev = k;
            k = items.next[k as usize];
        }
        if self.forced.is_empty() && self.state != self.pristine {
            return Err(format!(
                "the matrix differs from the one built: {:?} vs {:?}",
                self.state, self.pristine
            ));
        }
        Ok(())
    }
}

impl Engine for Mcc {
    fn set_policy(&mut self, policy: ChoicePolicy) {
        Mcc::set_policy(self, policy);
    }

    /// Takes the option out of every list, then commits each of its items as step M5 does for a
    /// chosen option (primary items lose one unit of `BOUND` and are covered at zero).
    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check_known(option, self.n_options)?;
        if let Some(err) = self.clash(option) {
            return Err(err);
        }
        let nodes = self.option_nodes(option);
        let first = nodes.start as u32;
        let mut updates = 0;
        self.tweak(first, true, &mut updates);
        for pp in nodes {
            let c = self.state.nodes.top[pp] as u32;
            self.commit(pp as u32, c, &mut updates);
        }
        self.forced.push(Forced { option, first });
        Ok(())
    }

    fn release(&mut self) {
        while let Some(f) = self.forced.pop() {
            let nodes = self.option_nodes(f.option);
            debug_assert_eq!(nodes.start as u32, f.first);
            for pp in nodes.clone().rev() {
                let c = self.state.nodes.top[pp] as u32;
                self.uncommit(pp as u32, c);
            }
            for pp in nodes.rev() {
                if self.state.nodes.color[pp] >= 0 {
                    let c = self.state.nodes.top[pp] as usize;
                    self.relink(pp, c);
                }
            }
        }
    }

    fn search_dyn(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[OptionId]) -> Control,
    ) -> SearchResult {
        self.search(limits, visit)
    }

    fn check_invariants(&self) -> Result<(), String> {
        Mcc::check_invariants(self)
    }

    fn problem_sizes(&self) -> (usize, usize) {
        Mcc::problem_sizes(self)
    }
}
