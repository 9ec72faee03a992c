//! The dancing-links arena of the memo engine, laid out and updated as in Knuth's DLX6.
//!
//! It differs from [`crate::xc::dlx`]'s arena in one way that the cache needs: a secondary item's
//! `len` counts its *active* options at every moment, and a secondary item whose `len` drops to 0
//! leaves the list of active secondary items. So the active lists describe the remaining
//! subproblem exactly, and [`super::signature`] can read the subproblem's signature off them.
//!
//! Indices follow DLX6: item `k` (1-based; `ItemId(k - 1)`) has the header node `nd[k]` and the
//! item record `cl[k]`; `cl[0]` heads the list of uncovered primary items and `cl[last]` (with
//! `last = items + 1`) the list of active secondary items. Nodes `nd[last..]` are the options,
//! each followed by a spacer whose `itm` is minus the number of options so far, so option `o`
//! (0-based) lies between the spacers with `itm == -o` and `itm == -(o + 1)`. A spacer's `up` is
//! the first node of the option before it, its `down` the last node of the option after it.
//!
//! `color` is 0 for an uncoloured node, the item's colour number (1, 2, …, numbered per item as
//! DLX6 numbers them) otherwise, and −1 once the node has been *cleansed* (its option agrees with
//! a purified item). In a header, `color` is the colour an item is purified to (0: none), and a
//! purified item whose every option was removed keeps `len == -1` as the signal to restore it.

use crate::xc::{ItemKind, Problem};

/// One node of the arena (Knuth's `node`): `up`, `down` of its item list; the item (`len` in a
/// header, `-option` in a spacer); the colour (`aux` in a header).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    pub up: u32,
    pub down: u32,
    pub itm: i32,
    pub color: i32,
}

/// One item record (Knuth's `item`): its neighbours in the active list.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ItemLinks {
    pub prev: u32,
    pub next: u32,
}

/// The arena and the counters DLX6 keeps while updating it.
#[derive(Clone, Debug)]
pub(super) struct Links {
    pub nd: Vec<Node>,
    pub cl: Vec<ItemLinks>,
    /// The first secondary item (`items + 1` when there is none).
    pub second: u32,
    /// `items + 1`: the head of the secondary list and the first spacer.
    pub last: u32,
    /// For each secondary item, the number of colours it takes (0 for items never coloured).
    pub colors: Vec<u32>,
    /// DLX6's updates: one per item covered and one per node hidden.
    pub updates: u64,
    /// DLX6's cleansings: one per purification and one per node it cleanses.
    pub cleansings: u64,
}

/// The primary list's head.
pub(super) const ROOT: u32 = 0;

impl Links {
    /// Builds the arena: items and options in the problem's order, each item list in option
    /// order. Secondary items that no option uses are left out of the active list, as DLX6 does.
    pub fn new(problem: &Problem) -> Links {
        let n = problem.n_items() as u32;
        let last = n + 1;
        let second = 1 + problem.n_primary() as u32;
        let mut nd = vec![Node::default(); last as usize + 1];
        let mut cl = vec![ItemLinks::default(); last as usize + 1];
        for k in 0..=last {
            cl[k as usize].prev = k.wrapping_sub(1);
            cl[k as usize].next = k + 1;
        }
        for k in 1..last {
            nd[k as usize].up = k;
            nd[k as usize].down = k;
        }
        // The two circular lists: 0 → primaries → 0 and last → secondaries → last.
        cl[ROOT as usize].prev = second - 1;
        cl[(second - 1) as usize].next = ROOT;
        if second < last {
            cl[last as usize].next = second;
            cl[second as usize].prev = last;
            cl[(last - 1) as usize].next = last;
            cl[last as usize].prev = last - 1;
        } else {
            cl[last as usize].next = last;
            cl[last as usize].prev = last;
        }
        // Colour numbers per secondary item, in order of first appearance in the item's list.
        let mut colors = vec![0u32; last as usize];
        let mut color_of: std::collections::HashMap<(u32, u32), i32> = Default::default();
        let mut first = last as usize; // the spacer before option 0
        for o in problem.option_ids() {
            for e in problem.option(o) {
                let k = e.item.0 + 1;
                let p = nd.len() as u32;
                let color = match e.color {
                    None => 0,
                    Some(c) => *color_of.entry((k, c.0)).or_insert_with(|| {
                        colors[k as usize] += 1;
                        colors[k as usize] as i32
                    }),
                };
                let up = nd[k as usize].up;
                nd.push(Node {
                    up,
                    down: k,
                    itm: k as i32,
                    color,
                });
                nd[up as usize].down = p;
                nd[k as usize].up = p;
                nd[k as usize].itm += 1;
            }
            let end = nd.len() as u32;
            nd[first].down = end - 1;
            nd.push(Node {
                up: first as u32 + 1,
                down: 0,
                itm: -(o.0 as i32 + 1),
                color: 0,
            });
            first = end as usize;
        }
        let mut links = Links {
            nd,
            cl,
            second,
            last,
            colors,
            updates: 0,
            cleansings: 0,
        };
        for k in second..last {
            if problem.items()[(k - 1) as usize].kind == ItemKind::Secondary
                && links.nd[k as usize].itm == 0
            {
                links.unlink_item(k);
            }
        }
        links
    }

    fn unlink_item(&mut self, k: u32) {
        let ItemLinks { prev, next } = self.cl[k as usize];
        self.cl[prev as usize].next = next;
        self.cl[next as usize].prev = prev;
    }

    fn relink_item(&mut self, k: u32) {
        let ItemLinks { prev, next } = self.cl[k as usize];
        self.cl[prev as usize].next = k;
        self.cl[next as usize].prev = k;
    }

    /// Bytes of the arena.
    pub fn bytes(&self) -> usize {
        self.nd.capacity() * std::mem::size_of::<Node>()
            + self.cl.capacity() * std::mem::size_of::<ItemLinks>()
    }

    /// `len` of item `k`.
    #[inline]
    pub fn len(&self, k: u32) -> i32 {
        self.nd[k as usize].itm
    }

    /// The option (0-based) of node `p`, found at the spacer on its left.
    pub fn option_of(&self, p: u32) -> u32 {
        let mut q = p;
        while self.nd[q as usize].itm > 0 {
            q -= 1;
        }
        (-self.nd[q as usize].itm) as u32
    }

    /// Hides the option of node `rr` from every list but `rr`'s own: the inner loop of `cover`
    /// and `purify`. Cleansed nodes stay linked (their item is purified and its list is restored
    /// whole), but every node lowers its item's `len`, and a secondary item whose `len` reaches
    /// 0 leaves the active list.
    #[inline]
    fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            if node.itm <= 0 {
                nn = node.up;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = node.down;
                self.nd[node.down as usize].up = node.up;
            }
            self.updates += 1;
            let cc = node.itm as u32;
            let t = self.nd[cc as usize].itm - 1;
            self.nd[cc as usize].itm = t;
            if t == 0 && cc >= self.second {
                self.unlink_item(cc);
            }
            nn += 1;
        }
    }

    /// Undoes [`Links::hide`], right to left.
    #[inline]
    fn unhide(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            let node = self.nd[nn as usize];
            if node.itm <= 0 {
                nn = node.down;
                continue;
            }
            if node.color >= 0 {
                self.nd[node.up as usize].down = nn;
                self.nd[node.down as usize].up = nn;
            }
            let cc = node.itm as u32;
            let t = self.nd[cc as usize].itm + 1;
            self.nd[cc as usize].itm = t;
            if t == 1 && cc >= self.second {
                self.relink_item(cc);
            }
            nn -= 1;
        }
    }

    /// Covers item `c`: out of its active list, every option in its list hidden.
    pub fn cover(&mut self, c: u32) {
        self.unlink_item(c);
        self.updates += 1;
        let mut rr = self.nd[c as usize].down;
        while rr >= self.last {
            self.hide(rr);
            rr = self.nd[rr as usize].down;
        }
    }

    /// Undoes [`Links::cover`], bottom to top.
    pub fn uncover(&mut self, c: u32) {
        let mut rr = self.nd[c as usize].up;
        while rr >= self.last {
            self.unhide(rr);
            rr = self.nd[rr as usize].up;
        }
        self.relink_item(c);
    }

    /// Purifies the secondary item of node `p` to `p`'s colour: options of another colour are
    /// hidden, options of the same colour cleansed (colour −1).
    fn purify(&mut self, p: u32) {
        let cc = self.nd[p as usize].itm as u32;
        let x = self.nd[p as usize].color;
        self.nd[cc as usize].color = x;
        let mut tt = self.nd[cc as usize].itm;
        self.cleansings += 1;
        let mut rr = self.nd[cc as usize].down;
        while rr >= self.last {
            if self.nd[rr as usize].color != x {
                tt -= 1;
                self.hide(rr);
            } else {
                self.cleansings += 1;
                self.nd[rr as usize].color = -1;
            }
            rr = self.nd[rr as usize].down;
        }
        if tt > 0 {
            self.nd[cc as usize].itm = tt;
        } else {
            self.nd[cc as usize].itm = -1;
            self.unlink_item(cc);
        }
    }

    /// Undoes [`Links::purify`].
    fn unpurify(&mut self, p: u32) {
        let cc = self.nd[p as usize].itm as u32;
        let x = self.nd[p as usize].color;
        self.nd[cc as usize].color = 0;
        let mut tt = self.nd[cc as usize].itm;
        if tt < 0 {
            tt = 0;
            self.relink_item(cc);
        }
        let mut rr = self.nd[cc as usize].up;
        while rr >= self.last {
            if self.nd[rr as usize].color < 0 {
                self.nd[rr as usize].color = x;
            } else {
                tt += 1;
                self.unhide(rr);
            }
            rr = self.nd[rr as usize].up;
        }
        self.nd[cc as usize].itm = tt;
    }

    /// Covers or purifies the other items of the option of node `cur` (left to right). A
    /// secondary item whose options have all gone is left alone: it is no longer active.
    pub fn commit_others(&mut self, cur: u32) {
        let mut pp = cur + 1;
        while pp != cur {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                pp = node.up;
                continue;
            }
            let cc = node.itm as u32;
            if cc < self.second || self.len(cc) != 0 {
                if node.color == 0 {
                    self.cover(cc);
                } else if node.color > 0 {
                    self.purify(pp);
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Links::commit_others`], right to left.
    pub fn uncommit_others(&mut self, cur: u32) {
        let mut pp = cur - 1;
        while pp != cur {
            let node = self.nd[pp as usize];
            if node.itm <= 0 {
                pp = node.down;
                continue;
            }
            let cc = node.itm as u32;
            if cc < self.second || self.len(cc) != 0 {
                if node.color == 0 {
                    self.uncover(cc);
                } else if node.color > 0 {
                    self.unpurify(pp);
                }
            }
            pp -= 1;
        }
    }

    /// Step X3, DLX6's rule: the uncovered primary item with the fewest active options, the first
    /// in item order among equals (the scan stops at an item with none). `None` when every primary
    /// item is covered.
    pub fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut t = i32::MAX;
        let mut k = self.cl[ROOT as usize].next;
        while k != ROOT {
            let len = self.len(k);
            if len < t {
                best = Some(k);
                t = len;
                if t == 0 {
                    break;
                }
            }
            k = self.cl[k as usize].next;
        }
        best
    }

    /// Whether every primary item is covered.
    #[inline]
    pub fn all_covered(&self) -> bool {
        self.cl[ROOT as usize].next == ROOT
    }
}
