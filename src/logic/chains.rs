//! Static chains as SE's "Forcing Chains & Cycles" producer finds them: bidirectional X-, Y- and
//! XY-cycles (6.5 / 7.0 and up) and forcing X-chains and forcing chains (6.6 / 7.0 and up).
//!
//! A node is a candidate assumed on (true) or off (false). The implications are SE's:
//! - on → off: the other candidates of the cell (only when Y-links are used), and the same digit
//!   in the cell's box, then row, then column;
//! - off → on: the other candidate of a bivalue cell (Y-links), and the other place of the digit
//!   in a box, row or column where it has two places (X-links).
//!
//! From every candidate, a breadth-first search follows these implications. A forcing chain is an
//! assumption that implies its own negation: "on" leading to "off" removes the candidate, "off"
//! leading to "on" places it. A cycle is a return to the starting candidate; its eliminations are
//! the candidates that see an "on" and an "off" node of the same digit around the loop.
//!
//! ## Score
//! The base score is 6.5 for X- and Y-cycles, 6.6 for forcing X-chains and 7.0 when the chain mixes
//! both kinds of links; a length bonus is added. With `n` the number of nodes (distinct
//! candidate states) of the chain and `len = n − 2`, the bonus is 0.1 for every threshold that
//! `len` exceeds in the sequence 4, 6, 8, 12, 16, 24, 32, 48, … (alternately ×3/2 and ×4/3) —
//! SE's `getLengthDifficulty`. Among all chains found, SE applies the one with the lowest score,
//! then the fewest nodes, then X before Y before XY.

use super::{cell_name, cells_of, State, Step, Technique, PEERS, UNITS, UNIT_SETS};

mod advanced;
mod assumption;
mod cycles;
mod dynamic;
mod inner;
mod multiple;
mod nested;

pub use cycles::forcing_chains_and_cycles;
pub use dynamic::{dynamic_forcing_chains, nishio};
pub use multiple::multiple_forcing_chains;
pub(crate) use nested::clear_shared;
pub use nested::{
    dynamic_forcing_chains_plus, nested_dynamic_forcing_chains, nested_forcing_chains,
    nested_multiple_forcing_chains,
};

/// A node: candidate `d` of `cell`, assumed on or off. Packed as `(cell * 9 + d - 1) * 2 + on`.
type Node = u16;

fn node(cell: usize, d: u8, on: bool) -> Node {
    ((cell * 9 + d as usize - 1) * 2 + on as usize) as Node
}

fn node_cell(n: Node) -> usize {
    n as usize / 18
}

fn node_digit(n: Node) -> u8 {
    ((n as usize / 2) % 9) as u8 + 1
}

fn node_on(n: Node) -> bool {
    n & 1 == 1
}

const NODES: usize = 81 * 9 * 2;
const NONE: u32 = u32::MAX;

/// The SE length bonus, in tenths, of a chain of `complexity` nodes.
pub fn length_bonus(complexity: usize) -> u16 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut odd = false;
    let mut added = 0;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Search arena: nodes reached with the index of the parent entry.
struct Arena {
    pub(super) entries: Vec<(Node, u32)>,
}

impl Arena {
    pub(super) fn push(&mut self, n: Node, parent: u32) -> u32 {
        self.entries.push((n, parent));
        (self.entries.len() - 1) as u32
    }

    /// Whether node `n` appears on the parent chain above entry `e` (SE's `isParent`).
    pub(super) fn is_ancestor(&self, e: u32, n: Node) -> bool {
        let mut cur = self.entries[e as usize].1;
        while cur != NONE {
            if self.entries[cur as usize].0 == n {
                return true;
            }
            cur = self.entries[cur as usize].1;
        }
        false
    }

    /// The chain from the root to entry `e`.
    pub(super) fn chain(&self, e: u32) -> Vec<Node> {
        let mut out = Vec::new();
        let mut cur = e;
        while cur != NONE {
            out.push(self.entries[cur as usize].0);
            cur = self.entries[cur as usize].1;
        }
        out.reverse();
        out
    }
}

/// A grid prepared for the static implications: the state, per digit the cells where it is a
/// candidate, and every node's consequences (they depend only on the grid, and the static
/// searches ask for them hundreds of thousands of times per grid).
pub(super) struct Links<'a> {
    state: &'a State,
    digit: [u128; 10],
    /// Per node: where its consequences start in `pool`, how many come from Y-links (first),
    /// and how many in all.
    at: Vec<(u32, u8, u8)>,
    pool: Vec<Node>,
}

impl<'a> Links<'a> {
    /// The digit masks only (what the dynamic chains read; they change the grid as they go).
    pub(super) fn new(state: &'a State) -> Links<'a> {
        let mut digit = [0u128; 10];
        for c in 0..81 {
            for d in super::digits_of(state.cands(c)) {
                digit[d as usize] |= 1u128 << c;
            }
        }
        Links {
            state,
            digit,
            at: Vec::new(),
            pool: Vec::new(),
        }
    }

    /// The digit masks and every node's consequences, for the static searches.
    pub(super) fn with_consequences(state: &'a State) -> Links<'a> {
        let mut g = Links::new(state);
        g.at = vec![(0, 0, 0); NODES];
        g.pool = Vec::with_capacity(2048);
        let mut y = Vec::new();
        let mut x = Vec::new();
        for n in 0..NODES as Node {
            // Only the candidates of the grid: the static searches start from them and reach
            // nothing else.
            if !state.has(node_cell(n), node_digit(n)) {
                continue;
            }
            if node_on(n) {
                g.on_to_off_of(n, &mut y, &mut x);
            } else {
                g.off_to_on_of(n, &mut y, &mut x);
            }
            g.at[n as usize] = (
                g.pool.len() as u32,
                y.len() as u8,
                (y.len() + x.len()) as u8,
            );
            g.pool.extend_from_slice(&y);
            g.pool.extend_from_slice(&x);
        }
        g
    }

    /// The "off" consequences of an "on" node, in SE's order: by Y-links, the cell's other
    /// candidates; by X-links, the digit's other places in the box, then in the row and the
    /// column outside the box.
    fn on_to_off_of(&self, n: Node, y: &mut Vec<Node>, x: &mut Vec<Node>) {
        y.clear();
        x.clear();
        let (cell, d) = (node_cell(n), node_digit(n));
        for v in super::digits_of(self.state.cands(cell)) {
            if v != d {
                y.push(node(cell, v, false));
            }
        }
        let [bx, row, col] = super::units_of(cell);
        let places = self.digit[d as usize] & !(1u128 << cell);
        push_cells(places & UNIT_SETS[bx], d, false, x);
        for u in [row, col] {
            push_cells(places & UNIT_SETS[u] & !UNIT_SETS[bx], d, false, x);
        }
    }

    /// The "on" consequences of an "off" node, in SE's order: by a Y-link, the other candidate
    /// of a bivalue cell; by X-links, the other place of the digit in each of box, row and
    /// column where it has two.
    fn off_to_on_of(&self, n: Node, y: &mut Vec<Node>, x: &mut Vec<Node>) {
        y.clear();
        x.clear();
        let (cell, d) = (node_cell(n), node_digit(n));
        let m = self.state.cands(cell);
        if two_bits(m as u128) {
            let other = (m & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
            y.push(node(cell, other, true));
        }
        for u in super::units_of(cell) {
            let p = self.digit[d as usize] & UNIT_SETS[u];
            if two_bits(p) {
                // The other place (the first of the two if the cell is not one of them).
                let other = p & !(1u128 << cell);
                x.push(node(other.trailing_zeros() as usize, d, true));
            }
        }
    }

    /// Node `n`'s consequences in SE's order ("off" ones of an "on" node, "on" ones of an "off"
    /// node) by Y-links (`y`) and by X-links (`x`).
    fn next(&self, n: Node, y: bool, x: bool) -> &[Node] {
        debug_assert!(self.state.has(node_cell(n), node_digit(n)));
        let (start, ny, all) = self.at[n as usize];
        let (start, ny, all) = (start as usize, ny as usize, all as usize);
        match (y, x) {
            (true, true) => &self.pool[start..start + all],
            (true, false) => &self.pool[start..start + ny],
            (false, true) => &self.pool[start + ny..start + all],
            (false, false) => &[],
        }
    }
}

/// Whether `x` has exactly two bits set, without a population count (the default x86-64 target
/// has no `popcnt` instruction, and these tests run billions of times in nested searches).
fn two_bits(x: u128) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Pushes the cells of `set` in increasing order (a unit's order, for boxes, rows and columns).
fn push_cells(set: u128, d: u8, on: bool, out: &mut Vec<Node>) {
    let mut s = set;
    while s != 0 {
        let c = s.trailing_zeros() as usize;
        s &= s - 1;
        out.push(node(c, d, on));
    }
}

/// A chain step found, with SE's sort keys.
struct Found {
    pub(super) score: u16,
    pub(super) complexity: usize,
    pub(super) sort_key: u8,
    pub(super) step: Step,
    /// The chain, from its assumption to its conclusion (static chains and cycles only; empty
    /// for the searches that combine several chains).
    pub(super) chain: Vec<Node>,
}

fn describe_chain(chain: &[Node]) -> String {
    chain
        .iter()
        .map(|&n| {
            format!(
                "{}{}{}",
                cell_name(node_cell(n)),
                if node_on(n) { "=" } else { "<>" },
                node_digit(n)
            )
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

#[cfg(test)]
mod tests;
