//! Forcing options before a search and releasing them, the invariant check, and the [`Engine`]
//! implementation of [`Dlx`].

use super::*;

impl Dlx {
    /// Why `option` cannot be forced now, if it cannot.
    pub(super) fn clash(&self, option: OptionId) -> Option<ForceError> {
        let first = self.option_first[option.0 as usize];
        let mut x = first;
        while self.nd[x as usize].top > 0 {
            let n = self.nd[x as usize];
            let i = n.top as u32;
            let item = ItemId(i - 1);
            let name = || self.names[(i - 1) as usize].clone();
            if !self.is_active(i) {
                return Some(ForceError::ItemCovered {
                    option,
                    item,
                    name: name(),
                });
            }
            // A colour of −1 means the item is purified with exactly this node's colour.
            if i >= self.second && self.purified[i as usize] != 0 && n.color >= 0 {
                return Some(ForceError::ColorConflict {
                    option,
                    item,
                    name: name(),
                });
            }
            x += 1;
        }
        None
    }

    /// Checks the links of the item list, of every item's option list and the `LEN` fields; when
    /// nothing is forced, also checks that the matrix is exactly as built.
    pub(super) fn check(&self) -> Result<(), String> {
        let n = self.last_itm;
        for (head, range) in [(0u32, 1..self.second), (n, self.second..n)] {
            let mut prev = head;
            let mut k = self.rlink[head as usize];
            let mut seen = 0;
            while k != head {
                if !range.contains(&k) {
                    return Err(format!("item list of head {head} reaches node {k}"));
                }
                if self.llink[k as usize] != prev {
                    return Err(format!(
                        "LLINK({k}) = {} but expected {prev}",
                        self.llink[k as usize]
                    ));
                }
                if k <= prev && prev != head {
                    return Err(format!("item list out of order: {prev} before {k}"));
                }
                seen += 1;
                if seen > range.len() {
                    return Err(format!("item list of head {head} loops"));
                }
                prev = k;
                k = self.rlink[k as usize];
            }
            if self.llink[head as usize] != prev {
                return Err(format!("LLINK of head {head} is not the last item"));
            }
            if self.forced.is_empty() && seen != range.len() {
                return Err(format!(
                    "nothing is forced but the list of head {head} holds {seen} of {} items",
                    range.len()
                ));
            }
        }
        let pristine = self.forced.is_empty();
        let mut linked = 0usize;
        for i in 1..n {
            let mut prev = i;
            let mut x = self.nd[i as usize].dlink;
            let mut count = 0i64;
            while x != i {
                let node = self.nd[x as usize];
                if x < n || node.top != i as i32 {
                    return Err(format!(
                        "node {x} in the list of item {i} has TOP {}",
                        node.top
                    ));
                }
                if node.ulink != prev {
                    return Err(format!("ULINK({x}) = {} but expected {prev}", node.ulink));
                }
                if pristine && x <= prev && prev != i {
                    return Err(format!("item {i}: nodes out of order"));
                }
                if pristine && node.color < 0 {
                    return Err(format!("node {x} still marked purified"));
                }
                count += 1;
                if count as usize > self.nd.len() {
                    return Err(format!("the list of item {i} loops"));
                }
                prev = x;
                x = node.dlink;
            }
            if self.nd[i as usize].ulink != prev {
                return Err(format!("ULINK of header {i} is not its last node"));
            }
            if self.nd[i as usize].top as i64 != count {
                return Err(format!(
                    "LEN({i}) = {} but the list holds {count}",
                    self.nd[i as usize].top
                ));
            }
            linked += count as usize;
            if pristine && self.purified[i as usize] != 0 {
                return Err(format!("item {i} still marked purified"));
            }
        }
        let entries = self.nd.len() - n as usize - 1 - self.option_first.len();
        if pristine && linked != entries {
            return Err(format!(
                "nothing is forced but only {linked} of {entries} nodes are linked"
            ));
        }
        Ok(())
    }
}

impl Engine for Dlx {
    fn set_policy(&mut self, policy: ChoicePolicy) {
        self.policy = policy;
    }

    fn force(&mut self, option: OptionId) -> Result<(), ForceError> {
        ForceError::check_known(option, self.option_first.len())?;
        if let Some(err) = self.clash(option) {
            return Err(err);
        }
        // Cover a primary item of the option first (this hides the option itself, as choosing it
        // from that item's list would), then commit the rest.
        let mut x = self.option_first[option.0 as usize];
        while self.nd[x as usize].top as u32 >= self.second {
            x += 1;
        }
        if self.colors {
            self.cover::<true>(self.nd[x as usize].top as u32);
            self.commit_others::<true>(x);
        } else {
            self.cover::<false>(self.nd[x as usize].top as u32);
            self.commit_others::<false>(x);
        }
        self.forced.push((option, x));
        Ok(())
    }

    fn release(&mut self) {
        while let Some((_, x)) = self.forced.pop() {
            if self.colors {
                self.uncommit_others::<true>(x);
                self.uncover::<true>(self.nd[x as usize].top as u32);
            } else {
                self.uncommit_others::<false>(x);
                self.uncover::<false>(self.nd[x as usize].top as u32);
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
        self.check()
    }

    fn problem_sizes(&self) -> (usize, usize) {
        (self.names.len(), self.option_first.len())
    }
}
