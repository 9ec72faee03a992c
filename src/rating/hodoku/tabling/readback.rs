//! Reading a chain back out of the tables (port of `TablingSolver.buildChain` and of the
//! length `addChain` and `Chain.getLength` give it): the main chain from a node back to the
//! table's start, and for a forcing net the branches that join it.

use super::table::{Node, Table, Tables, MAX_ENTRIES};

impl Tables {
    /// `TablingSolver.buildChain`'s main chain: the nodes from `target` back to entry 0 of
    /// `table`, with the cells the chain passes through (`chainSet`, a group node's every
    /// cell). Empty if `target` is not in the table.
    pub(super) fn build_chain(&self, table: &Table, target: Node) -> (Vec<Node>, [bool; 81]) {
        let mut cells = [false; 81];
        let Some(start) = table.nodes.iter().position(|&n| n == target) else {
            return (Vec::new(), cells);
        };
        let chain = self.walk(table, start, None, &mut cells, &mut Vec::new());
        (chain, cells)
    }

    /// The length HoDoKu gives the chain from entry 0 of `table` to `target`
    /// (`addChain` then `Chain.getLength`), and whether it is a net. A forcing net's node set
    /// by a single has more than one predecessor: each further predecessor starts a branch
    /// (HoDoKu's "min"), followed back until it meets the main chain; the chain written out
    /// holds every such branch, as negative entries and a separator, after the node it joins.
    /// The length counts them all; a chain with a branch is a net. 0 when `target` is absent.
    pub(super) fn chain_length(&self, table: &Table, target: Node) -> (usize, bool) {
        let mut cells = [false; 81];
        let Some(start) = table.nodes.iter().position(|&n| n == target) else {
            return (0, false);
        };
        let mut mins = Vec::new();
        let main = self.walk(table, start, None, &mut cells, &mut mins);
        let (mut length, mut net) = (main.len(), false);
        for m in mins {
            let Some(from) = table.find(m) else {
                continue;
            };
            let branch = self.walk(table, from, Some(&main), &mut cells, &mut Vec::new());
            let Some(&joint) = branch.last() else {
                continue;
            };
            let joins = main.iter().filter(|&&n| n == joint).count();
            if joins > 0 {
                net = true;
                length += joins * branch.len();
            }
        }
        (length, net)
    }

    /// One walk of `TablingSolver.buildChain`: from entry `start` of `table` back along each
    /// node's first predecessor to entry 0, jumping into the source table of an expanded node
    /// and back. The main walk (`main` is `None`) marks its cells in `cells` and collects the
    /// further predecessors in `mins`; a branch walk (`main` given) stops at the first node of
    /// the main chain it reaches.
    fn walk(
        &self,
        table: &Table,
        start: usize,
        main: Option<&[Node]>,
        cells: &mut [bool; 81],
        mins: &mut Vec<Node>,
    ) -> Vec<Node> {
        let mut chain = vec![table.nodes[start]];
        let mut idx = start;
        let mut entry = table;
        let mut expanded = false;
        while idx != 0 && chain.len() < MAX_ENTRIES {
            let m = entry.meta[idx];
            if m.expanded {
                let src = m.ret[0] as usize;
                let next = if m.ext_table {
                    &self.ext[src]
                } else if m.on_table {
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
            let rets = entry.meta[idx].ret;
            let prev = rets[0] as usize;
            idx = prev;
            let Some(&n) = entry.nodes.get(prev) else {
                break;
            };
            chain.push(n);
            match main {
                None => {
                    for c in n.cells() {
                        cells[c] = true;
                    }
                    for &r in &rets[1..] {
                        if let Some(&m) = entry.nodes.get(r as usize).filter(|_| r != 0) {
                            mins.push(m);
                        }
                    }
                }
                Some(main) => {
                    if cells[n.cell as usize] && main.contains(&n) {
                        return chain;
                    }
                }
            }
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
        chain
    }
}
