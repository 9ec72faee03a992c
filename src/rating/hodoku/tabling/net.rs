//! The forcing-net tables (port of `TablingSolver.fillTables` without `chainsOnly`, with
//! `getTableEntry`, `setCell` and `getRetIndicesForHouse`).
//!
//! For a net, a table holds more than the direct links: the outcome is played on a scratch
//! copy of the grid, then four look-ahead rounds play every naked and hidden single the copy's
//! queues report (HoDoKu's `ANZ_TABLE_LOOK_AHEAD`), each recorded with the entries it needs (the
//! other candidates of its cell, or the other places of its digit in the house with the fewest),
//! which become the net's branches when a chain is read back.

use super::super::board::{buddies, cells_of as cells, digits, house_set, houses_of, Board};
use super::table::{Node, Table, Tables};

/// HoDoKu's `Options.anzTableLookAhead`.
const LOOK_AHEAD_ROUNDS: usize = 4;

/// The original grid and its candidate sets, which every table is recorded against.
struct Origin<'a> {
    b: &'a Board,
    /// Per digit, the cells holding it in the original grid (`finder.getCandidates()`).
    holding: [u128; 10],
}

impl Origin<'_> {
    /// `TablingSolver.setCell`: plays `d` in `cell` on `copy` and records it in `entry` with
    /// what it removes. With `why`, the set node names the entries that forced the single:
    /// the other candidates of the cell for a naked single, else the other places of the
    /// digit (in the original grid) in the house of the cell with the fewest places left.
    fn set_cell(&self, copy: &mut Board, cell: usize, d: u8, entry: &mut Table, why: Option<bool>) {
        let peers = self.holding[d as usize] & !(1u128 << cell) & buddies(cell);
        let own = copy.cands[cell];
        let hs = houses_of(cell);
        let mut house = hs[0];
        for &h in &hs[1..] {
            if copy.free[h][d as usize] < copy.free[house][d as usize] {
                house = h;
            }
        }
        copy.set_over(cell, d);
        let ret = entry.len();
        match why {
            Some(naked) => {
                let mut rets = [0usize; 5];
                let reasons: Vec<Node> = if naked {
                    digits(self.b.cands[cell])
                        .filter(|&c| c != d)
                        .map(|c| Node::single(cell, c, false))
                        .collect()
                } else {
                    let places = self.holding[d as usize] & !(1u128 << cell) & house_set(house);
                    cells(places).map(|c| Node::single(c, d, false)).collect()
                };
                for (slot, n) in rets.iter_mut().zip(reasons) {
                    *slot = entry.find(n).unwrap_or(0);
                }
                entry.add_rets(Node::single(cell, d, true), rets);
            }
            None => entry.add(Node::single(cell, d, true), 0),
        }
        for c in cells(peers) {
            entry.add(Node::single(c, d, false), ret);
        }
        for c in digits(own).filter(|&c| c != d) {
            entry.add(Node::single(cell, c, false), ret);
        }
    }

    /// `TablingSolver.getTableEntry`: the outcome (`d` set in `cell`, or deleted) and then
    /// [`LOOK_AHEAD_ROUNDS`] rounds of singles, each round's singles found first (naked then
    /// hidden, in queue order) and then all played.
    fn fill(&self, copy: &mut Board, cell: usize, d: u8, set: bool, entry: &mut Table) {
        if set {
            self.set_cell(copy, cell, d, entry, None);
        } else {
            copy.eliminate(cell, d);
            entry.add(Node::single(cell, d, false), 0);
            if copy.cands[cell].count_ones() == 1 {
                let only = copy.cands[cell].trailing_zeros() as u8;
                self.set_cell(copy, cell, only, entry, None);
            }
        }
        let mut singles = Vec::new();
        for _ in 0..LOOK_AHEAD_ROUNDS {
            singles.clear();
            for &(c, v) in copy.naked.pending() {
                if copy.values[c as usize] == 0 {
                    singles.push((c as usize, v, true));
                }
            }
            let mut found = 0u128;
            for &(c, v) in copy.hidden.pending() {
                let c = c as usize;
                if copy.values[c] != 0 || found & (1 << c) != 0 {
                    continue;
                }
                if houses_of(c).iter().any(|&h| copy.free[h][v as usize] == 1) {
                    singles.push((c, v, false));
                    found |= 1 << c;
                }
            }
            for &(c, v, naked) in &singles {
                self.set_cell(copy, c, v, entry, Some(naked));
            }
        }
    }
}

/// `TablingSolver.fillTables` for nets: one table per outcome of every candidate, filled by
/// playing the outcome and its singles on a copy of `b`.
pub(super) fn fill(b: &Board) -> Tables {
    let mut holding = [0u128; 10];
    for c in 0..81 {
        for d in digits(b.cands[c]) {
            holding[d as usize] |= 1 << c;
        }
    }
    let origin = Origin { b, holding };
    let mut tables = Tables::empty();
    let mut copy = b.clone();
    for cell in 0..81 {
        if b.values[cell] != 0 {
            continue;
        }
        for d in digits(b.cands[cell]) {
            let t = cell * 10 + d as usize;
            copy.clone_from(b);
            origin.fill(&mut copy, cell, d, true, &mut tables.on[t]);
            copy.clone_from(b);
            origin.fill(&mut copy, cell, d, false, &mut tables.off[t]);
        }
    }
    tables
}
