//! Forcing Chains on the grouped tables (port of `TablingSolver.getStep(FORCING_CHAIN)`:
//! `doGetForcingChains` with `chainsOnly`, `checkForcingChains`, `checkOneChain`,
//! `checkTwoChains`, `checkAllChainsForHouse`, `checkEntryList`, `checkHouseSet`,
//! `checkHouseDel`, `replaceOrCopyStep` and `TablingComparator`).
//!
//! Every outcome's table (set or deleted, grouped nodes included) is checked for a
//! contradiction (the outcome implies a candidate both set and deleted, two digits set in one
//! cell, one digit set twice in a house, a cell or a house left without its digit): the outcome
//! is then false. Verities: both outcomes of a candidate, every candidate of a cell, or every
//! place of a digit in a house imply the same thing. One step is kept per type and effect (the
//! one with the shortest chains), and the steps are sorted with HoDoKu's comparator (placements first,
//! then by cell; eliminations by cell and digit; then the total chain length), which is not
//! transitive, hence Java's TimSort.

use super::super::board::{cells_of as cells, house_cells, house_set, houses_of, Board};
use super::table::{Node, Table, Tables};
use super::timsort;
use std::cmp::Ordering;
use std::collections::HashMap;

/// What a forcing step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Effect {
    /// The cell takes the digit.
    Place(usize, u8),
    /// The digit leaves the cell.
    Delete(usize, u8),
}

impl Effect {
    /// `d` placed in cell `c` (`placed`) or deleted there.
    fn new(c: usize, d: u8, placed: bool) -> Effect {
        if placed {
            Effect::Place(c, d)
        } else {
            Effect::Delete(c, d)
        }
    }
}

/// Where the contradiction was found, as HoDoKu names it after "in".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Entity {
    /// A cell.
    Cell(usize),
    /// A house (0..9 rows, 9..18 columns, 18..27 boxes).
    House(usize),
}

/// One forcing step before sorting.
#[derive(Clone, Debug)]
pub(super) struct Forcing {
    pub(super) effect: Effect,
    /// A verity (else a contradiction).
    pub(super) verity: bool,
    pub(super) entity: Entity,
    /// The total number of nodes of the step's chains (`getChainLength`).
    pub(super) length: usize,
    /// One of the chains has a branch (HoDoKu's `isNet`): a Forcing Net.
    pub(super) net: bool,
}

/// The length of one or more chains and whether any is a net.
#[derive(Clone, Copy, Debug, Default)]
struct Length {
    nodes: usize,
    net: bool,
}

impl std::ops::Add for Length {
    type Output = Length;
    fn add(self, o: Length) -> Length {
        Length {
            nodes: self.nodes + o.nodes,
            net: self.net || o.net,
        }
    }
}

impl std::iter::Sum for Length {
    fn sum<I: Iterator<Item = Length>>(iter: I) -> Length {
        iter.fold(Length::default(), |a, b| a + b)
    }
}

impl Forcing {
    /// HoDoKu's printed name.
    pub(super) fn label(&self) -> String {
        let what = if self.net { "Net" } else { "Chain" };
        if self.verity {
            return format!("Forcing {what} Verity");
        }
        let at = match self.entity {
            Entity::Cell(c) => format!("r{}c{}", c / 9 + 1, c % 9 + 1),
            Entity::House(h) if h < 9 => format!("r{}", h + 1),
            Entity::House(h) if h < 18 => format!("c{}", h - 8),
            Entity::House(h) => format!("b{}", h - 17),
        };
        format!("Forcing {what} Contradiction in {at}")
    }
}

/// The search: the tables, their on/off sets, and the steps kept so far.
struct Search<'a> {
    b: &'a Board,
    tables: &'a Tables,
    on_sets: Vec<([u128; 10], [u128; 10])>,
    off_sets: Vec<([u128; 10], [u128; 10])>,
    /// Per digit, the empty cells not seeing a placed digit (`getCandidatesAllowed`).
    allowed: [u128; 10],
    /// Per digit, the cells holding it (`getCandidates`).
    holding: [u128; 10],
    /// The empty cells.
    unsolved: u128,
    steps: Vec<Forcing>,
    /// Searching for nets: a step whose chains have no branch is dropped (HoDoKu's
    /// `replaceOrCopyStep` without `chainsOnly`).
    nets: bool,
    /// The index in `steps` of the step with each type and effect (`deletesMap`, keyed by
    /// HoDoKu's candidate string, which names the type: a contradiction and a verity with the
    /// same effect are two steps).
    seen: HashMap<(bool, Effect), usize>,
}

impl Search<'_> {
    /// The length of the chain from entry 0 of `table` to `target` (0 when absent).
    fn chain(&self, table: &Table, cell: usize, d: u8, strong: bool) -> Length {
        let (nodes, net) = self
            .tables
            .chain_length(table, Node::single(cell, d, strong));
        Length { nodes, net }
    }

    /// `replaceOrCopyStep`: keeps the step unless one of the same type and effect with chains
    /// no longer is there; a longer one is replaced in place.
    fn record(&mut self, effect: Effect, verity: bool, entity: Entity, length: Length) {
        if self.nets && !length.net {
            return;
        }
        let step = Forcing {
            effect,
            verity,
            entity,
            length: length.nodes,
            net: length.net,
        };
        let key = (step.verity, step.effect);
        match self.seen.get(&key) {
            Some(&old) => {
                if self.steps[old].length > step.length {
                    self.steps[old] = step;
                }
            }
            None => {
                self.seen.insert(key, self.steps.len());
                self.steps.push(step);
            }
        }
    }

    /// A contradiction of `table`'s start (it is false) with chains of total `length`.
    fn contradiction(&mut self, table: &Table, entity: Entity, length: Length) {
        let start = table.nodes[0];
        let effect = Effect::new(start.cell as usize, start.cand, !start.strong);
        self.record(effect, false, entity, length);
    }

    /// `checkOneChain`.
    fn one(&mut self, table: &Table, (on, off): ([u128; 10], [u128; 10])) {
        if table.len() == 0 {
            return;
        }
        let start = table.nodes[0];
        let (s, sd) = (start.cell as usize, start.cand as usize);
        let opposite = if start.strong { off[sd] } else { on[sd] };
        if opposite & (1 << s) != 0 {
            let len = self.chain(table, s, start.cand, !start.strong);
            self.contradiction(table, Entity::Cell(s), len);
        }
        for d in 1..=9u8 {
            let both = on[d as usize] & off[d as usize];
            if let Some(c) = cells(both).next() {
                let len = self.chain(table, c, d, false) + self.chain(table, c, d, true);
                self.contradiction(table, Entity::Cell(c), len);
            }
        }
        for i in 1..=9u8 {
            for j in i + 1..=9u8 {
                if let Some(c) = cells(on[i as usize] & on[j as usize]).next() {
                    let len = self.chain(table, c, i, true) + self.chain(table, c, j, true);
                    self.contradiction(table, Entity::Cell(c), len);
                }
            }
        }
        for kind in 0..3 {
            for d in 1..=9u8 {
                for h in kind * 9..kind * 9 + 9 {
                    let twice = house_set(h) & on[d as usize];
                    if twice.count_ones() > 1 {
                        let len = cells(twice).map(|c| self.chain(table, c, d, true)).sum();
                        self.contradiction(table, Entity::House(h), len);
                    }
                }
            }
        }
        let mut empty = (1u128 << 81) - 1;
        for d in 1..=9 {
            empty &= off[d] | !self.holding[d];
        }
        for d in 0..10 {
            empty &= !on[d];
        }
        empty &= self.unsolved;
        for c in cells(empty) {
            let len = super::super::board::digits(self.b.cands[c])
                .map(|d| self.chain(table, c, d, false))
                .sum();
            self.contradiction(table, Entity::Cell(c), len);
        }
        for kind in 0..3 {
            for d in 1..=9u8 {
                for h in kind * 9..kind * 9 + 9 {
                    let places = house_set(h) & self.allowed[d as usize];
                    if places != 0 && places & off[d as usize] == places {
                        let len = cells(places).map(|c| self.chain(table, c, d, false)).sum();
                        self.contradiction(table, Entity::House(h), len);
                    }
                }
            }
        }
    }

    /// `checkTwoChains`: what both outcomes of one candidate imply.
    fn two(&mut self, i: usize) {
        let (on_t, off_t) = (&self.tables.on[i], &self.tables.off[i]);
        if on_t.len() == 0 || off_t.len() == 0 {
            return;
        }
        let start = on_t.nodes[0].cell as usize;
        let (a, b) = (self.on_sets[i], self.off_sets[i]);
        for strong in [true, false] {
            for d in 1..=9u8 {
                let (x, y) = if strong {
                    (a.0[d as usize], b.0[d as usize])
                } else {
                    (a.1[d as usize], b.1[d as usize])
                };
                for c in cells(x & y & !(1 << start)) {
                    let length = self.chain(on_t, c, d, strong) + self.chain(off_t, c, d, strong);
                    self.verity(c, d, strong, length);
                }
            }
        }
    }

    /// Records a verity: `d` is set in cell `c` (`strong`) or deleted there.
    fn verity(&mut self, c: usize, d: u8, strong: bool, length: Length) {
        self.record(Effect::new(c, d, strong), true, Entity::Cell(c), length);
    }

    /// `checkEntryList`: what every table of `list` (on-tables) implies.
    fn entry_list(&mut self, list: &[usize]) {
        let mut on = [!0u128; 10];
        let mut off = [!0u128; 10];
        for &t in list {
            for d in 1..10 {
                on[d] &= self.on_sets[t].0[d];
                off[d] &= self.on_sets[t].1[d];
            }
        }
        for d in 1..=9u8 {
            for (strong, set) in [(true, on[d as usize]), (false, off[d as usize])] {
                for c in cells(set) {
                    let length = list
                        .iter()
                        .map(|&t| self.chain(&self.tables.on[t], c, d, strong))
                        .sum();
                    self.verity(c, d, strong, length);
                }
            }
        }
    }

    /// `checkAllChainsForHouse`: cells, then rows, columns and boxes.
    fn houses(&mut self) {
        for c in 0..81 {
            if self.b.values[c] != 0 {
                continue;
            }
            let list: Vec<usize> = super::super::board::digits(self.b.cands[c])
                .map(|d| c * 10 + d as usize)
                .collect();
            self.entry_list(&list);
        }
        for kind in 0..3 {
            for h in kind * 9..kind * 9 + 9 {
                for d in 1..=9u8 {
                    let list: Vec<usize> = cells(house_set(h) & self.holding[d as usize])
                        .map(|c| c * 10 + d as usize)
                        .collect();
                    if !list.is_empty() {
                        self.entry_list(&list);
                    }
                }
            }
        }
    }
}

/// `TablingComparator`: placements first (by cell; equal cells of different kinds compare as
/// "greater", as HoDoKu's does), eliminations by cell and digit, then the shorter chains.
fn compare(a: &Forcing, b: &Forcing) -> Ordering {
    match (a.effect, b.effect) {
        (Effect::Place(..), Effect::Delete(..)) => Ordering::Less,
        (Effect::Delete(..), Effect::Place(..)) => Ordering::Greater,
        (Effect::Place(c1, _), Effect::Place(c2, _)) => {
            if a.verity != b.verity || c1 != c2 {
                return if c1 == c2 {
                    Ordering::Greater
                } else {
                    c1.cmp(&c2)
                };
            }
            a.length.cmp(&b.length)
        }
        (Effect::Delete(c1, d1), Effect::Delete(c2, d2)) => {
            if a.verity != b.verity || (c1, d1) != (c2, d2) {
                let by = (c1 * 10 + d1 as usize).cmp(&(c2 * 10 + d2 as usize));
                if by != Ordering::Equal {
                    return by;
                }
            }
            a.length.cmp(&b.length)
        }
    }
}

/// `TablingSolver.getStep(FORCING_CHAIN)` (`nets` false) or `getStep(FORCING_NET)`: the
/// first forcing chain or net after HoDoKu's sort.
pub(super) fn forcing(b: &Board, nets: bool) -> Option<Forcing> {
    let tables = if nets {
        let mut t = super::net::fill(b);
        t.fill_groups(b);
        t.expand(true);
        t.expand(false);
        t
    } else {
        Tables::grouped(b)
    };
    let mut holding = [0u128; 10];
    let mut allowed = [0u128; 10];
    for c in 0..81 {
        for d in 1..=9u8 {
            if b.has(c, d) {
                holding[d as usize] |= 1 << c;
            }
        }
    }
    for d in 1..=9u8 {
        for c in 0..81 {
            let blocked = houses_of(c)
                .iter()
                .any(|&h| house_cells(h).iter().any(|&o| b.values[o] == d));
            if b.values[c] == 0 && !blocked {
                allowed[d as usize] |= 1 << c;
            }
        }
    }
    let mut search = Search {
        b,
        tables: &tables,
        on_sets: tables.on.iter().map(Table::sets).collect(),
        off_sets: tables.off.iter().map(Table::sets).collect(),
        allowed,
        holding,
        unsolved: (0..81)
            .filter(|&c| b.values[c] == 0)
            .fold(0, |m, c| m | 1 << c),
        steps: Vec::new(),
        nets,
        seen: HashMap::new(),
    };
    for i in 0..810 {
        let (on, off) = (search.on_sets[i], search.off_sets[i]);
        search.one(&tables.on[i], on);
        search.one(&tables.off[i], off);
    }
    for i in 0..810 {
        search.two(i);
    }
    search.houses();
    let mut steps = search.steps;
    if nets {
        tables.recycle();
    } else {
        tables.keep_grouped(b);
    }
    timsort::java_sort(&mut steps, &compare);
    steps.into_iter().next()
}
