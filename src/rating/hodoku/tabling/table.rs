//! The implication tables of HoDoKu's tabling solver (port of `solver/TableEntry.java` and of
//! `TablingSolver.fillTables`, `expandTables` and `buildChain`, chains only, no group nodes).
//!
//! One table exists for every outcome (set / not set) of every candidate: it lists what follows
//! from that outcome, first the direct consequences, then (after expansion) everything reachable,
//! each with the table entry it came from so the chain can be read back.

use super::super::board::{house_cells, houses_of, Board};

/// HoDoKu's `Options.maxTableEntryLength`: a table holds at most this many entries.
const MAX_ENTRIES: usize = 1000;

/// A chain node: a candidate set (`strong`) or deleted, in one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The cell, 0..81.
    pub(super) cell: u8,
    /// The digit, 1..=9.
    pub(super) cand: u8,
    /// True for "is set" (reached by a strong link), false for "is deleted".
    pub(super) strong: bool,
}

impl Node {
    /// A dense key of the node, for look-ups.
    fn key(self) -> usize {
        (self.cell as usize * 10 + self.cand as usize) * 2 + self.strong as usize
    }
}

/// One table (HoDoKu's `TableEntry`): the nodes implied by entry 0, with for each the index of
/// the entry (or, once expanded, the table) it came from and its distance.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    /// The nodes, entry 0 first.
    pub(super) nodes: Vec<Node>,
    /// For each node: the entry it follows from, or for an expanded node the source table.
    ret: Vec<u16>,
    /// For each node: its distance from entry 0 (9 bits, as HoDoKu stores it).
    dist: Vec<u16>,
    /// For each node: taken over from another table during expansion.
    expanded: Vec<bool>,
    /// For each node taken over: the source table is an on-table.
    on_table: Vec<bool>,
    /// The index of every node by its key.
    index_of: std::collections::HashMap<usize, usize>,
}

impl Table {
    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The distance of entry `i`.
    pub(super) fn distance(&self, i: usize) -> u16 {
        self.dist.get(i).copied().unwrap_or(0)
    }

    /// `TableEntry.addEntry`: appends a node unless it is there already or the table is full.
    fn add(&mut self, node: Node, ret: usize) {
        if self.nodes.len() >= MAX_ENTRIES || self.index_of.contains_key(&node.key()) {
            return;
        }
        let i = self.nodes.len();
        self.nodes.push(node);
        self.ret.push(if ret > 4096 { 0 } else { ret as u16 });
        self.expanded.push(false);
        self.on_table.push(false);
        // The distance is one more than that of the entry at position `ret` (0 when none yet).
        let base = if ret == i { 0 } else { self.distance(ret) };
        self.dist.push((base + 1) & 0x1ff);
        self.index_of.insert(node.key(), i);
    }

    /// The index of `node`, if present.
    fn find(&self, node: Node) -> Option<usize> {
        self.index_of.get(&node.key()).copied()
    }
}

/// All on- and off-tables, indexed by `cell * 10 + digit`.
pub(super) struct Tables {
    /// Tables for "candidate is set".
    pub(super) on: Vec<Table>,
    /// Tables for "candidate is deleted".
    pub(super) off: Vec<Table>,
}

/// The cells holding candidate `d`, ascending (HoDoKu's `finder.getCandidates()[d]`).
pub(super) fn cells_with(b: &Board, d: u8) -> Vec<usize> {
    (0..81).filter(|&c| b.has(c, d)).collect()
}

/// True when two different cells share a house (HoDoKu's `Sudoku2.buddies`).
pub(super) fn sees(a: usize, c: usize) -> bool {
    a != c && houses_of(a).iter().zip(houses_of(c)).any(|(x, y)| *x == y)
}

impl Tables {
    /// `TablingSolver.fillTables` with `chainsOnly`: the direct consequences of every outcome.
    pub(super) fn fill(b: &Board) -> Tables {
        let mut on = vec![Table::default(); 810];
        let mut off = vec![Table::default(); 810];
        for cell in 0..81 {
            if b.values[cell] != 0 {
                continue;
            }
            let cands: Vec<u8> = super::super::board::digits(b.cands[cell]).collect();
            for &d in &cands {
                let t = cell * 10 + d as usize;
                let node = |c: usize, cand: u8, strong: bool| Node {
                    cell: c as u8,
                    cand,
                    strong,
                };
                on[t].add(node(cell, d, true), 0);
                off[t].add(node(cell, d, false), 0);
                for &other in &cands {
                    if other == d {
                        continue;
                    }
                    on[t].add(node(cell, other, false), 0);
                    if cands.len() == 2 {
                        off[t].add(node(cell, other, true), 0);
                    }
                }
                for h in houses_of(cell) {
                    if b.free[h][d as usize] < 2 {
                        continue;
                    }
                    let others: Vec<usize> = house_cells(h)
                        .into_iter()
                        .filter(|&c| c != cell && b.has(c, d))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect();
                    let Some(&first) = others.first() else {
                        continue;
                    };
                    for &c in &others {
                        on[t].add(node(c, d, false), 0);
                    }
                    if b.free[h][d as usize] == 2 {
                        off[t].add(node(first, d, true), 0);
                    }
                }
            }
        }
        Tables { on, off }
    }

    /// `TablingSolver.expandTables` for the on-tables (`on_side`) or the off-tables: every node
    /// of a table takes over the direct consequences of the node's own table.
    pub(super) fn expand(&mut self, on_side: bool) {
        for i in 0..810 {
            let dest_len = if on_side {
                self.on[i].len()
            } else {
                self.off[i].len()
            };
            if dest_len == 0 {
                continue;
            }
            let mut j = 1;
            loop {
                let dest = if on_side { &self.on[i] } else { &self.off[i] };
                if j >= dest.len() || dest.len() >= MAX_ENTRIES {
                    break;
                }
                let node = dest.nodes[j];
                let base = dest.dist[j];
                let src_index = node.cell as usize * 10 + node.cand as usize;
                let src = if node.strong {
                    &self.on[src_index]
                } else {
                    &self.off[src_index]
                };
                let direct: Vec<(Node, u16)> = (1..src.len())
                    .filter(|&k| !src.expanded[k])
                    .map(|k| (src.nodes[k], src.dist[k]))
                    .collect();
                let dest = if on_side {
                    &mut self.on[i]
                } else {
                    &mut self.off[i]
                };
                for (n, d) in direct {
                    let total = (base + d) & 0x1ff;
                    if let Some(org) = dest.find(n) {
                        if dest.expanded[org] && dest.dist[org] > total {
                            dest.ret[org] = src_index as u16;
                            dest.expanded[org] = true;
                            dest.on_table[org] = node.strong;
                            dest.dist[org] = total;
                        }
                    } else {
                        let before = dest.len();
                        dest.add(n, src_index);
                        if dest.len() > before {
                            let last = dest.len() - 1;
                            dest.expanded[last] = true;
                            dest.on_table[last] = node.strong;
                            dest.dist[last] = total;
                        }
                    }
                }
                j += 1;
            }
        }
    }

    /// `TablingSolver.buildChain` (chains only): the nodes from `target` back to entry 0 of
    /// `table`, with the cells the chain passes through (`chainSet`). Empty if `target` is
    /// not in the table.
    pub(super) fn build_chain(&self, table: &Table, target: Node) -> (Vec<Node>, [bool; 81]) {
        let mut chain = Vec::new();
        let mut cells = [false; 81];
        let Some(start) = table.nodes.iter().position(|&n| n == target) else {
            return (chain, cells);
        };
        chain.push(table.nodes[start]);
        let mut idx = start;
        let mut entry = table;
        let mut expanded = false;
        while idx != 0 && chain.len() < MAX_ENTRIES {
            if entry.expanded[idx] {
                let src = entry.ret[idx] as usize;
                let next = if entry.on_table[idx] {
                    &self.on[src]
                } else {
                    &self.off[src]
                };
                let Some(found) = next.find(table.nodes[idx]) else {
                    break;
                };
                entry = next;
                expanded = true;
                idx = found;
            }
            let prev = entry.ret[idx] as usize;
            idx = prev;
            let Some(&n) = entry.nodes.get(prev) else {
                break;
            };
            chain.push(n);
            cells[n.cell as usize] = true;
            if expanded && idx == 0 {
                let back = entry.nodes[0];
                entry = table;
                let Some(found) = table.find(back) else {
                    break;
                };
                idx = found;
                expanded = false;
            }
        }
        (chain, cells)
    }
}
