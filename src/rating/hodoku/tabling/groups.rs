//! Group nodes (port of `GroupNode.getGroupNodes` and `TablingSolver.fillTablesWithGroupNodes`):
//! two or three cells of one line inside one box holding a digit, linked to single candidates
//! and to each other in the implication tables.

use super::super::board::{house_cells, houses_of, Board};
use super::table::{Node, Tables, NO_CELL};

impl Tables {
    /// `TablingSolver.fillTablesWithGroupNodes`: a table for each group node's on and off
    /// outcomes, and the links between group nodes and single candidates and between group
    /// nodes (appended to the cells' tables after their own entries).
    pub(super) fn fill_groups(&mut self, b: &Board) {
        let groups = group_nodes(b);
        for (i, &gn) in groups.iter().enumerate() {
            let d = gn.cand;
            let on_i = self.ext.len();
            let mut on = self.new_ext_table();
            on.add(gn.with_strong(true), 0);
            let mut off = self.new_ext_table();
            off.add(gn.with_strong(false), 0);
            let seen = gn.buddies();
            let seeing: Vec<usize> = (0..81)
                .filter(|&c| seen & (1 << c) != 0 && b.has(c, d))
                .collect();
            if !seeing.is_empty() {
                for &c in &seeing {
                    on.add(Node::single(c, d, false), 0);
                    self.on[c * 10 + d as usize].add(gn.with_strong(false), 0);
                }
                let (cell, _) = (gn.cell as usize, 0);
                let line_house = if gn.cell / 9 == gn.more[0] / 9 {
                    cell / 9
                } else {
                    9 + cell % 9
                };
                for h in [houses_of(cell)[2], line_house] {
                    let inside: Vec<usize> = seeing
                        .iter()
                        .copied()
                        .filter(|&c| houses_of(c).contains(&h))
                        .collect();
                    if let [only] = inside[..] {
                        off.add(Node::single(only, d, true), 0);
                        self.off[only * 10 + d as usize].add(gn.with_strong(true), 0);
                    }
                }
            }
            // Group nodes of the same digit sharing a house without overlapping: the on-entry
            // turns each off; one alone in a house with no other candidate is turned on.
            let mut first_in = [None::<usize>; 3];
            let mut count = [0; 3];
            let gn_houses = node_houses(gn);
            for (j, &other) in groups.iter().enumerate() {
                if j == i || other.cand != d || cell_set(gn) & cell_set(other) != 0 {
                    continue;
                }
                let other_houses = node_houses(other);
                for k in 0..3 {
                    if gn_houses[k].is_some() && gn_houses[k] == other_houses[k] {
                        count[k] += 1;
                        if count[k] == 1 {
                            first_in[k] = Some(j);
                        }
                        on.add(other.with_strong(false), 0);
                    }
                }
            }
            for k in 0..3 {
                let (Some(h), Some(j)) = (gn_houses[k], first_in[k]) else {
                    continue;
                };
                if count[k] != 1 {
                    continue;
                }
                let other = groups[j];
                let rest = house_cells(h)
                    .into_iter()
                    .filter(|&c| b.has(c, d))
                    .fold(0u128, |m, c| m | 1 << c)
                    & !cell_set(gn)
                    & !cell_set(other);
                if rest == 0 {
                    off.add(other.with_strong(true), 0);
                }
            }
            self.ext_of.insert(gn.with_strong(true), on_i);
            self.ext_of.insert(gn.with_strong(false), on_i + 1);
            self.ext.push(on);
            self.ext.push(off);
        }
    }
}

/// The cells of a node as a set.
fn cell_set(n: Node) -> u128 {
    n.cells().fold(0, |m, c| m | 1 << c)
}

/// A group node's line (row house 0..9, else `None`), column (9..18) and box (18..27), in
/// HoDoKu's check order: line, column, box.
fn node_houses(n: Node) -> [Option<usize>; 3] {
    let (a, b) = (n.cell as usize, n.more[0] as usize);
    [
        (a / 9 == b / 9).then_some(a / 9),
        (a % 9 == b % 9).then_some(9 + a % 9),
        Some(houses_of(a)[2]),
    ]
}

/// `GroupNode.getGroupNodes`: for rows then columns, digits 1..9, boxes 0..9, the two or three
/// cells of the line holding the digit inside the box, when there are at least two.
pub(super) fn group_nodes(b: &Board) -> Vec<Node> {
    let mut out = Vec::new();
    for line in 0..18 {
        for d in 1..=9u8 {
            let cells: Vec<usize> = house_cells(line)
                .into_iter()
                .filter(|&c| b.has(c, d))
                .collect();
            for bx in 18..27 {
                let mut inside: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| houses_of(c)[2] == bx)
                    .collect();
                inside.sort_unstable();
                if inside.len() >= 2 {
                    out.push(Node {
                        cell: inside[0] as u8,
                        cand: d,
                        strong: true,
                        more: [inside[1] as u8, inside.get(2).map_or(NO_CELL, |&c| c as u8)],
                    });
                }
            }
        }
    }
    out
}
