//! The link operations of Algorithm M, as dlx3 names them: (de)activating items, covering and
//! uncovering, hiding options, tweaking the first option of an item whose bound allows more,
//! purifying secondary items of a colour, and committing the items of a chosen option (step M5)
//! and undoing it (step M8). Every removal counts one update.

use super::*;

impl Mcc {
    pub(super) fn deactivate(&mut self, c: u32) {
        let items = &mut self.state.items;
        let (l, r) = (items.prev[c as usize], items.next[c as usize]);
        items.next[l as usize] = r;
        items.prev[r as usize] = l;
    }

    pub(super) fn reactivate(&mut self, c: u32) {
        let items = &mut self.state.items;
        let (l, r) = (items.prev[c as usize], items.next[c as usize]);
        items.next[l as usize] = c;
        items.prev[r as usize] = c;
    }

    /// Removes node `nn` from its item list (an update).
    #[inline]
    pub(super) fn unlink(&mut self, nn: usize, c: usize, updates: &mut u64) {
        let nodes = &mut self.state.nodes;
        let (u, d) = (nodes.up[nn], nodes.down[nn]);
        nodes.down[u as usize] = d;
        nodes.up[d as usize] = u;
        self.state.items.len[c] -= 1;
        *updates += 1;
    }

    /// Puts node `nn` back into its item list.
    #[inline]
    pub(super) fn relink(&mut self, nn: usize, c: usize) {
        let nodes = &mut self.state.nodes;
        let (u, d) = (nodes.up[nn], nodes.down[nn]);
        nodes.down[u as usize] = nn as u32;
        nodes.up[d as usize] = nn as u32;
        self.state.items.len[c] += 1;
    }

    /// Hides the option of node `rr` from every item list but the one holding `rr`, skipping
    /// purified nodes.
    pub(super) fn hide(&mut self, rr: u32, updates: &mut u64) {
        let mut nn = rr as usize + 1;
        while nn != rr as usize {
            if self.state.nodes.color[nn] >= 0 {
                let c = self.state.nodes.top[nn];
                if c <= 0 {
                    nn = self.state.nodes.up[nn] as usize;
                    continue;
                }
                self.unlink(nn, c as usize, updates);
            }
            nn += 1;
        }
    }

    /// Undoes [`Mcc::hide`].
    pub(super) fn unhide(&mut self, rr: u32) {
        let mut nn = rr as usize + 1;
        while nn != rr as usize {
            if self.state.nodes.color[nn] >= 0 {
                let c = self.state.nodes.top[nn];
                if c <= 0 {
                    nn = self.state.nodes.up[nn] as usize;
                    continue;
                }
                self.relink(nn, c as usize);
            }
            nn += 1;
        }
    }

    /// Covers item `c`: hides every option in its list, and deactivates it if `deact`.
    pub(super) fn cover(&mut self, c: u32, deact: bool, updates: &mut u64) {
        if deact {
            self.deactivate(c);
        }
        *updates += 1;
        let mut rr = self.state.nodes.down[c as usize];
        while rr >= self.last_itm {
            self.hide(rr, updates);
            rr = self.state.nodes.down[rr as usize];
        }
    }

    /// Undoes [`Mcc::cover`]. Going down again is correct: each relinked node repairs the `ULINK`
    /// of the next one hidden after it (Knuth's remark in dlx3).
    pub(super) fn uncover(&mut self, c: u32, react: bool) {
        let mut rr = self.state.nodes.down[c as usize];
        while rr >= self.last_itm {
            self.unhide(rr);
            rr = self.state.nodes.down[rr as usize];
        }
        if react {
            self.reactivate(c);
        }
    }

    /// Removes the option of node `n` (the top of its item's list) from the lists: all its nodes if
    /// `block`, else only `n` itself (its other nodes are already hidden because the item is covered).
    pub(super) fn tweak(&mut self, n: u32, block: bool, updates: &mut u64) {
        let n = n as usize;
        let mut nn = if block { n + 1 } else { n };
        loop {
            if self.state.nodes.color[nn] >= 0 {
                let c = self.state.nodes.top[nn];
                if c <= 0 {
                    nn = self.state.nodes.up[nn] as usize;
                    continue;
                }
                self.unlink(nn, c as usize, updates);
            }
            if nn == n {
                break;
            }
            nn += 1;
        }
    }

    /// Restores every option tweaked out of item `c`'s list since `x` was its top node.
    pub(super) fn untweak(&mut self, c: u32, x: u32, unblock: bool) {
        let c_us = c as usize;
        let z = self.state.nodes.down[c_us];
        self.state.nodes.down[c_us] = x;
        let (mut rr, mut qq, mut k) = (x, c, 0);
        while rr != z {
            self.state.nodes.up[rr as usize] = qq;
            k += 1;
            if unblock {
                self.unhide(rr);
            }
            qq = rr;
            rr = self.state.nodes.down[rr as usize];
        }
        self.state.nodes.up[rr as usize] = qq;
        self.state.items.len[c_us] += k;
        if !unblock {
            self.uncover(c, false);
        }
    }

    /// Hides every option incompatible with colour of node `p` in `p`'s item, and marks the
    /// compatible ones as purified.
    pub(super) fn purify(&mut self, p: u32, updates: &mut u64) {
        let c = self.state.nodes.top[p as usize] as usize;
        let x = self.state.nodes.color[p as usize];
        let mut rr = self.state.nodes.down[c];
        while rr >= self.last_itm {
            if self.state.nodes.color[rr as usize] != x {
                self.hide(rr, updates);
            } else if rr != p {
                self.state.nodes.color[rr as usize] = -1;
            }
            rr = self.state.nodes.down[rr as usize];
        }
    }

    /// Undoes [`Mcc::purify`], walking up.
    pub(super) fn unpurify(&mut self, p: u32) {
        let c = self.state.nodes.top[p as usize] as usize;
        let x = self.state.nodes.color[p as usize];
        let mut rr = self.state.nodes.up[c];
        while rr >= self.last_itm {
            if self.state.nodes.color[rr as usize] < 0 {
                self.state.nodes.color[rr as usize] = x;
            } else if rr != p {
                // Walk the option leftwards, the mirror image of `hide`.
                let mut nn = rr as usize - 1;
                while nn != rr as usize {
                    let top = self.state.nodes.top[nn];
                    if top <= 0 {
                        nn = self.state.nodes.down[nn] as usize;
                        continue;
                    }
                    if self.state.nodes.color[nn] >= 0 {
                        self.relink(nn, top as usize);
                    }
                    nn -= 1;
                }
            }
            rr = self.state.nodes.up[rr as usize];
        }
    }

    /// M5 continued: covers, partially covers or purifies the other items of `cur`'s option.
    pub(super) fn commit_others(&mut self, cur: u32, updates: &mut u64) {
        let mut pp = cur as usize + 1;
        while pp != cur as usize {
            let c = self.state.nodes.top[pp];
            if c <= 0 {
                pp = self.state.nodes.up[pp] as usize;
                continue;
            }
            self.commit(pp as u32, c as u32, updates);
            pp += 1;
        }
    }

    pub(super) fn commit(&mut self, pp: u32, c: u32, updates: &mut u64) {
        let color = self.state.nodes.color[pp as usize];
        if c < self.second {
            self.state.items.bound[c as usize] -= 1;
            if self.state.items.bound[c as usize] == 0 {
                self.cover(c, true, updates);
            }
        } else if color == 0 {
            self.cover(c, true, updates);
        } else if color > 0 {
            self.purify(pp, updates);
        }
    }

    pub(super) fn uncommit(&mut self, pp: u32, c: u32) {
        let color = self.state.nodes.color[pp as usize];
        if c < self.second {
            if self.state.items.bound[c as usize] == 0 {
                self.uncover(c, true);
            }
            self.state.items.bound[c as usize] += 1;
        } else if color == 0 {
            self.uncover(c, true);
        } else if color > 0 {
            self.unpurify(pp);
        }
    }

    /// Undoes [`Mcc::commit_others`], going left.
    pub(super) fn uncommit_others(&mut self, cur: u32) {
        let mut pp = cur as usize - 1;
        while pp != cur as usize {
            let c = self.state.nodes.top[pp];
            if c <= 0 {
                pp = self.state.nodes.down[pp] as usize;
                continue;
            }
            self.uncommit(pp as u32, c as u32);
            pp -= 1;
        }
    }
}
