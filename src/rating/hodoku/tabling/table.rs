//! The implication tables of HoDoKu's tabling solver (port of `solver/TableEntry.java` and of
//! `TablingSolver.fillTables` and `expandTables`, chains only, no ALS nodes: HoDoKu's default
//! `allowAlsInTablingChains` is off; group nodes are in `groups.rs`, reading chains back in
//! `readback.rs`, the forcing nets' fill in `net.rs`).
//!
//! One table exists for every outcome (set / not set) of every candidate: it lists what follows
//! from that outcome, first the direct consequences, then (after expansion) everything reachable,
//! each with the table entry it came from so the chain can be read back.

pub(super) use super::super::board::sees;
use super::super::board::{buddies, house_cells, houses_of, Board};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A multiplicative hasher for the tables' node keys (one `u32` each): the tables take
/// millions of look-ups per position, which the default SipHash makes the slowest part.
#[derive(Default)]
pub(super) struct NodeHasher(u64);

impl Hasher for NodeHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(26) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map keyed by nodes (or anything hashed as a few integers), with [`NodeHasher`].
pub(super) type NodeMap<K, V> = HashMap<K, V, BuildHasherDefault<NodeHasher>>;

/// HoDoKu's `Options.maxTableEntryLength`: a table holds at most this many entries.
pub(super) const MAX_ENTRIES: usize = 1000;

/// No second or third cell (a normal node, or a group node of two cells).
pub(super) const NO_CELL: u8 = u8::MAX;

/// A chain node: a candidate set (`strong`) or deleted, in one cell or (a group node) in two or
/// three cells of one box and one row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The cell, 0..81 (for a group node its first cell: HoDoKu's `getCellIndex`).
    pub(super) cell: u8,
    /// The digit, 1..=9.
    pub(super) cand: u8,
    /// True for "is set" (reached by a strong link), false for "is deleted".
    pub(super) strong: bool,
    /// A group node's second and third cells ([`NO_CELL`] when absent); both absent for a
    /// normal node.
    pub(super) more: [u8; 2],
}

impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let packed = u32::from(self.cell)
            | u32::from(self.cand) << 7
            | u32::from(self.strong) << 11
            | u32::from(self.more[0]) << 12
            | u32::from(self.more[1]) << 20;
        state.write_u32(packed);
    }
}

impl Node {
    /// A node in one cell.
    pub(super) fn single(cell: usize, cand: u8, strong: bool) -> Node {
        Node {
            cell: cell as u8,
            cand,
            strong,
            more: [NO_CELL; 2],
        }
    }

    /// True for a group node.
    pub(super) fn is_group(self) -> bool {
        self.more[0] != NO_CELL
    }

    /// The node's cells (one, or a group node's two or three).
    pub(super) fn cells(self) -> impl Iterator<Item = usize> {
        std::iter::once(self.cell)
            .chain(self.more)
            .filter(|&c| c != NO_CELL)
            .map(|c| c as usize)
    }

    /// The cells that see every cell of the node (`Chain.getSNodeBuddies`).
    pub(super) fn buddies(self) -> u128 {
        self.cells().fold(!0u128, |m, c| m & buddies(c))
    }

    /// The same node with the other truth value.
    pub(super) fn with_strong(self, strong: bool) -> Node {
        Node { strong, ..self }
    }
}

/// One table (HoDoKu's `TableEntry`): the nodes implied by entry 0, with for each the index of
/// the entry (or, once expanded, the table) it came from and its distance.
#[derive(Clone, Debug)]
pub(super) struct Table {
    /// The nodes, entry 0 first.
    pub(super) nodes: Vec<Node>,
    /// For each node: where it came from (HoDoKu's packed `retIndices`).
    pub(super) meta: Vec<Meta>,
    /// The index of every normal node, by [`slot`] ([`ABSENT`] when not in the table).
    index_of: Box<[u16]>,
    /// The index of every group node (one that appears twice: its last index, as HoDoKu's
    /// `indices` map keeps it).
    group_index: NodeMap<Node, usize>,
}

/// Where a table's node came from.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Meta {
    /// The entry it follows from (first), or for an expanded node the source table; a forcing
    /// net's node set by a single lists up to four more entries it needs (HoDoKu's five packed
    /// return indices, the largest first; 0 when unused).
    pub(super) ret: [u16; 5],
    /// Its distance from entry 0 (9 bits, as HoDoKu stores it).
    pub(super) dist: u16,
    /// Taken over from another table during expansion.
    pub(super) expanded: bool,
    /// Taken over from an on-table.
    pub(super) on_table: bool,
    /// Taken over from a group node's table.
    pub(super) ext_table: bool,
}

/// No index: the node is not in the table.
const ABSENT: u16 = u16::MAX;

/// The position of a normal node in [`Table::index_of`]: one per cell, digit and truth value.
fn slot(n: Node) -> usize {
    (n.cell as usize * 10 + n.cand as usize) * 2 + usize::from(n.strong)
}

impl Default for Table {
    fn default() -> Table {
        Table {
            nodes: Vec::new(),
            meta: Vec::new(),
            index_of: vec![ABSENT; 81 * 10 * 2].into_boxed_slice(),
            group_index: NodeMap::default(),
        }
    }
}

impl Table {
    /// Empties the table, keeping its memory for the next position.
    fn clear(&mut self) {
        for &n in &self.nodes {
            if !n.is_group() {
                self.index_of[slot(n)] = ABSENT;
            }
        }
        self.nodes.clear();
        self.meta.clear();
        self.group_index.clear();
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The distance of entry `i`.
    pub(super) fn distance(&self, i: usize) -> u16 {
        self.meta.get(i).map_or(0, |m| m.dist)
    }

    /// `TableEntry.addEntry`: appends a node unless the table is full or (a normal node) the
    /// node is there already; a group node is appended again.
    pub(super) fn add(&mut self, node: Node, ret: usize) {
        self.add_rets(node, [ret, 0, 0, 0, 0]);
    }

    /// [`Table::add`] with HoDoKu's five return indices (`makeSRetIndex`: the first above 4096
    /// and the others above 1023 become 0, and the largest moves to the front). The distance is
    /// one more than that of the entry named by the first index as given.
    pub(super) fn add_rets(&mut self, node: Node, rets: [usize; 5]) {
        if self.nodes.len() >= MAX_ENTRIES
            || (!node.is_group() && self.index_of[slot(node)] != ABSENT)
        {
            return;
        }
        let i = self.nodes.len();
        let mut packed = [0u16; 5];
        for (k, (&r, slot)) in rets.iter().zip(packed.iter_mut()).enumerate() {
            let limit = if k == 0 { 4096 } else { 1023 };
            *slot = if r > limit { 0 } else { r as u16 };
        }
        for k in 1..5 {
            if packed[k] > packed[0] {
                packed.swap(0, k);
            }
        }
        self.nodes.push(node);
        // The entry at position `rets[0]` (0 when none yet, as for the entry itself).
        let dist = if rets[0] >= MAX_ENTRIES {
            0
        } else if rets[0] == i {
            1
        } else {
            (self.distance(rets[0]) + 1) & 0x1ff
        };
        self.meta.push(Meta {
            ret: packed,
            dist,
            ..Meta::default()
        });
        if node.is_group() {
            self.group_index.insert(node, i);
        } else {
            self.index_of[slot(node)] = i as u16;
        }
    }

    /// The index of `node`, if present (`TableEntry.getEntryIndex`).
    pub(super) fn find(&self, node: Node) -> Option<usize> {
        if node.is_group() {
            self.group_index.get(&node).copied()
        } else {
            let i = self.index_of[slot(node)];
            (i != ABSENT).then_some(i as usize)
        }
    }

    /// HoDoKu's `onSets` and `offSets`: per digit, the cells a normal node of this table sets
    /// (first array) or deletes (second).
    pub(super) fn sets(&self) -> ([u128; 10], [u128; 10]) {
        let (mut on, mut off) = ([0u128; 10], [0u128; 10]);
        for n in self.nodes.iter().filter(|n| !n.is_group()) {
            let set = if n.strong { &mut on } else { &mut off };
            set[n.cand as usize] |= 1 << n.cell;
        }
        (on, off)
    }
}

/// All on- and off-tables, indexed by `cell * 10 + digit`, and the group nodes' tables.
pub(super) struct Tables {
    /// Tables for "candidate is set".
    pub(super) on: Vec<Table>,
    /// Tables for "candidate is deleted".
    pub(super) off: Vec<Table>,
    /// The group nodes' tables (HoDoKu's `extendedTable`): on, then off, for each group node.
    pub(super) ext: Vec<Table>,
    /// The index in `ext` of each group node's table (`extendedTableMap`).
    pub(super) ext_of: NodeMap<Node, usize>,
    /// Group-node tables kept from an earlier search, for reuse.
    spare: Vec<Table>,
}

/// The cells holding candidate `d`, ascending (HoDoKu's `finder.getCandidates()[d]`).
pub(super) fn cells_with(b: &Board, d: u8) -> Vec<usize> {
    (0..81).filter(|&c| b.has(c, d)).collect()
}

/// The grid a kept set of grouped chain tables was built for: values and candidates.
type Grid = ([u8; 81], [u16; 81]);

thread_local! {
    /// The tables of the last search on this thread, reused by the next one: 1,620 tables of
    /// up to 1,000 entries are costly to allocate at every position. With the grid when they
    /// are grouped chain tables, which the Forcing Chain search can take over as they are from
    /// the Grouped Nice Loop search at the same position (HoDoKu builds the same tables twice).
    static KEPT: std::cell::RefCell<Option<(Tables, Option<Box<Grid>>)>> =
        const { std::cell::RefCell::new(None) };
}

impl Tables {
    /// 810 empty on- and off-tables and no group nodes (reusing the tables given back on this
    /// thread, if any).
    pub(super) fn empty() -> Tables {
        if let Some((mut t, _)) = KEPT.with(|s| s.borrow_mut().take()) {
            for table in t.on.iter_mut().chain(t.off.iter_mut()) {
                table.clear();
            }
            let mut ext = std::mem::take(&mut t.ext);
            t.spare.append(&mut ext);
            t.ext_of.clear();
            return t;
        }
        Tables {
            on: vec![Table::default(); 810],
            off: vec![Table::default(); 810],
            ext: Vec::new(),
            ext_of: NodeMap::default(),
            spare: Vec::new(),
        }
    }

    /// Gives the tables back for the next search on this thread.
    pub(super) fn recycle(self) {
        KEPT.with(|s| *s.borrow_mut() = Some((self, None)));
    }

    /// Gives back grouped chain tables built for `b` by [`Tables::grouped`]: the next call
    /// for the same grid takes them as they are.
    pub(super) fn keep_grouped(self, b: &Board) {
        let grid = Box::new((b.values, b.cands));
        KEPT.with(|s| *s.borrow_mut() = Some((self, Some(grid))));
    }

    /// The chain tables with group nodes, expanded (`fillTables` with `chainsOnly`,
    /// `fillTablesWithGroupNodes`, `expandTables`): those kept for the same grid, else new ones.
    pub(super) fn grouped(b: &Board) -> Tables {
        let kept = KEPT.with(|s| s.borrow_mut().take());
        match kept {
            Some((t, Some(grid))) if grid.0 == b.values && grid.1 == b.cands => return t,
            other => KEPT.with(|s| *s.borrow_mut() = other),
        }
        let mut t = Tables::fill(b);
        t.fill_groups(b);
        t.expand(true);
        t.expand(false);
        t
    }

    /// A group node's table, from the spare ones when there are any.
    pub(super) fn new_ext_table(&mut self) -> Table {
        match self.spare.pop() {
            Some(mut t) => {
                t.clear();
                t
            }
            None => Table::default(),
        }
    }

    /// `TablingSolver.fillTables` with `chainsOnly`: the direct consequences of every outcome.
    pub(super) fn fill(b: &Board) -> Tables {
        let mut tables = Tables::empty();
        let (on, off) = (&mut tables.on, &mut tables.off);
        for cell in 0..81 {
            if b.values[cell] != 0 {
                continue;
            }
            let cands: Vec<u8> = super::super::board::digits(b.cands[cell]).collect();
            for &d in &cands {
                let t = cell * 10 + d as usize;
                let node = Node::single;
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
        tables
    }

    /// `TablingSolver.expandTables` for the on-tables (`on_side`) or the off-tables: every node
    /// of a table takes over the direct consequences of the node's own table.
    pub(super) fn expand(&mut self, on_side: bool) {
        // The direct entries of every table come first; the number of them now (a table
        // expanded earlier in this pass keeps its direct entries as a prefix).
        let prefix = |ts: &[Table]| -> Vec<usize> {
            ts.iter()
                .map(|t| t.meta.iter().position(|m| m.expanded).unwrap_or(t.len()))
                .collect()
        };
        let (on_direct, off_direct) = (prefix(&self.on), prefix(&self.off));
        for i in 0..810 {
            let mut j = 1;
            loop {
                let dest = if on_side { &self.on[i] } else { &self.off[i] };
                if j >= dest.len() || dest.len() >= MAX_ENTRIES {
                    break;
                }
                let node = dest.nodes[j];
                let base = dest.meta[j].dist;
                j += 1;
                let (src_index, from_ext) = if node.is_group() {
                    match self.ext_of.get(&node) {
                        Some(&k) => (k, true),
                        None => continue,
                    }
                } else {
                    (node.cell as usize * 10 + node.cand as usize, false)
                };
                let (src, dest) = if from_ext {
                    let dest = if on_side {
                        &mut self.on[i]
                    } else {
                        &mut self.off[i]
                    };
                    let src = &self.ext[src_index];
                    (src, dest)
                } else {
                    match (on_side, node.strong) {
                        (true, true) => pair(&mut self.on, src_index, i),
                        (false, false) => pair(&mut self.off, src_index, i),
                        (true, false) => (&self.off[src_index], &mut self.on[i]),
                        (false, true) => (&self.on[src_index], &mut self.off[i]),
                    }
                };
                let end = if from_ext {
                    src.len()
                } else if node.strong {
                    on_direct[src_index]
                } else {
                    off_direct[src_index]
                };
                let origin = Meta {
                    ret: [
                        if src_index > 4096 {
                            0
                        } else {
                            src_index as u16
                        },
                        0,
                        0,
                        0,
                        0,
                    ],
                    dist: 0,
                    expanded: true,
                    on_table: !from_ext && node.strong,
                    ext_table: from_ext,
                };
                for k in 1..end {
                    let (n, d) = (src.nodes[k], src.meta[k].dist);
                    let total = (base + d) & 0x1ff;
                    if let Some(org) = dest.find(n) {
                        let m = &mut dest.meta[org];
                        if m.expanded && m.dist > total {
                            *m = Meta {
                                dist: total,
                                ..origin
                            };
                        }
                    } else {
                        let before = dest.len();
                        dest.add(n, src_index);
                        if dest.len() > before {
                            let last = dest.len() - 1;
                            dest.meta[last] = Meta {
                                dist: total,
                                ..origin
                            };
                        }
                    }
                }
            }
        }
    }
}

/// A source table and a different destination table of the same list.
fn pair(tables: &mut [Table], src: usize, dest: usize) -> (&Table, &mut Table) {
    assert_ne!(src, dest, "a table never expands from itself");
    if src < dest {
        let (low, high) = tables.split_at_mut(dest);
        (&low[src], &mut high[0])
    } else {
        let (low, high) = tables.split_at_mut(src);
        (&high[0], &mut low[dest])
    }
}
