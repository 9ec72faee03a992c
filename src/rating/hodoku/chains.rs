//! HoDoKu 2.2's simple chains: Remote Pair, Turbot Fish, X-Chain and XY-Chain.
//!
//! Ported from `solver.ChainSolver` (`getChains`, `getAllLinks`, `getChain`, `checkXChain`,
//! `checkXYChain`, `checkRemotePairs`). HoDoKu builds a table of links for the chain type, runs
//! a depth-first search from every candidate of every unsolved cell, collects every chain whose
//! two ends (strong links on the start digit) see a common candidate, and plays the first one in
//! `SolutionStep.compareTo` order. The search is reproduced literally, including its bookkeeping
//! of the cells already in the chain, since which chains are found decides which one is played.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::board::{buddies, cells_of, house_cells, houses_of, Board};
use super::steps::{index_sum, Kind, StepFound};

/// Links of one chain as HoDoKu numbers them: `2 * 81` entries at most (`MAX_CHAIN_LENGTH`).
const MAX_CHAIN_LENGTH: usize = 2 * 81;
/// `Options.restrictChainLength`, in force by default (`restrictChainSize`).
const RESTRICT_CHAIN_LENGTH: usize = 20;

/// The chain types of `ChainSolver` that run in a default rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ChainType {
    /// Three links on one digit.
    Turbot,
    /// Alternating links on one digit.
    XChain,
    /// Bivalue cells, strong links inside the cells.
    XyChain,
    /// Bivalue cells holding the same two digits.
    RemotePair,
}

/// A link to a candidate: its cell, its digit and whether it is strong.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// The cell linked to.
    cell: usize,
    /// The digit linked to.
    cand: u8,
    /// True for a strong link.
    strong: bool,
}

/// One level of the search stack (`ChainSolver.StackEntry`).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The cell of the chain's last link.
    cell: usize,
    /// The digit of the chain's last link.
    cand: u8,
    /// True when the next link must be strong.
    strong_only: bool,
    /// The next link to try, an index into the link table.
    next: usize,
    /// One past the last link of this cell and digit.
    end: usize,
}

/// A chain found: its eliminations (sorted by digit, then cell, as HoDoKu sorts them) and its
/// length in links plus one.
#[derive(Clone, Debug)]
struct Found {
    /// (cell, digit) removed, in HoDoKu's order.
    elims: Vec<(usize, u8)>,
    /// The number of chain entries (`Chain.getLength`).
    length: usize,
}

/// The cells still holding digit `d`, as a bit set.
fn cells_with(b: &Board, d: u8) -> u128 {
    (0..81)
        .filter(|&c| b.cands[c] & (1 << d) != 0)
        .fold(0, |m, c| m | 1 << c)
}

/// The link table of `ChainSolver.getAllLinks`: the links of every cell and digit, in HoDoKu's
/// order (the strong link inside a bivalue cell, then the row, the column and the rest of the box).
struct Links {
    /// All links.
    links: Vec<Link>,
    /// First link of cell*10+digit.
    start: [usize; 810],
    /// One past the last link of cell*10+digit.
    end: [usize; 810],
}

/// Builds the link table for chain type `t` (`ChainSolver.getAllLinks`).
fn all_links(b: &Board, t: ChainType) -> Links {
    let mut out = Links {
        links: Vec::new(),
        start: [0; 810],
        end: [0; 810],
    };
    let bivalue_only = matches!(t, ChainType::XyChain | ChainType::RemotePair);
    let one_digit = matches!(t, ChainType::XChain | ChainType::Turbot);
    for cell in 0..81 {
        let mask = b.cands[cell];
        if mask == 0 || (bivalue_only && mask.count_ones() != 2) {
            continue;
        }
        for d in 1..=9u8 {
            let key = cell * 10 + d as usize;
            out.start[key] = out.links.len();
            if mask & (1 << d) == 0 {
                out.end[key] = out.links.len();
                continue;
            }
            if mask.count_ones() == 2 && !one_digit {
                let other = (mask & !(1 << d)).trailing_zeros() as u8;
                out.links.push(Link {
                    cell,
                    cand: other,
                    strong: true,
                });
            }
            for (k, h) in houses_of(cell).into_iter().enumerate() {
                let strong = one_digit && b.free[h][d as usize] == 2;
                for c2 in house_cells(h) {
                    if c2 == cell || b.cands[c2] & (1 << d) == 0 {
                        continue;
                    }
                    if t == ChainType::RemotePair && b.cands[c2] != mask {
                        continue;
                    }
                    if t == ChainType::XyChain && b.cands[c2].count_ones() != 2 {
                        continue;
                    }
                    if k == 2 && (c2 / 9 == cell / 9 || c2 % 9 == cell % 9) {
                        continue;
                    }
                    out.links.push(Link {
                        cell: c2,
                        cand: d,
                        strong,
                    });
                }
            }
            out.end[key] = out.links.len();
        }
    }
    out
}

/// The state of one search (`ChainSolver`'s fields).
struct Search<'a> {
    /// The grid.
    b: &'a Board,
    /// The chain type searched.
    t: ChainType,
    /// The link table.
    links: Links,
    /// The chain being built.
    chain: [Link; MAX_CHAIN_LENGTH],
    /// The search stack.
    stack: [Entry; MAX_CHAIN_LENGTH],
    /// The chain's cells but perhaps the last (`chainSet`).
    chain_set: [bool; 81],
    /// The start cell.
    start: usize,
    /// The start digit.
    start_cand: u8,
    /// The other digit of a Remote Pair.
    start_cand2: u8,
    /// The candidates of a Remote Pair's cells.
    rp_cell: u16,
    /// Cells holding the start digit that see the start cell.
    start_set: u128,
    /// Cells holding the other Remote Pair digit that see the start cell.
    start_set2: u128,
    /// The deepest level the search may reach.
    max_length: usize,
    /// Shortest chain length found so far per elimination set (`deletesMap`).
    deletes: HashMap<Vec<(usize, u8)>, usize>,
    /// Chains found.
    found: Vec<Found>,
}

impl Search<'_> {
    /// Runs the search from every candidate of every unsolved cell (`ChainSolver.getChains`).
    fn run(&mut self) {
        for start in 0..81 {
            let mask = self.b.cands[start];
            if self.b.values[start] != 0 || mask == 0 {
                continue;
            }
            for d in (1..=9u8).filter(|d| mask & (1 << d) != 0) {
                self.start = start;
                self.start_cand = d;
                let key = start * 10 + d as usize;
                for li in self.links.start[key]..self.links.end[key] {
                    let link = self.links.links[li];
                    if !self.first_link_allowed(link) {
                        continue;
                    }
                    self.search_from(link);
                }
            }
        }
    }

    /// The checks `getChains` makes on the first link.
    fn first_link_allowed(&self, link: Link) -> bool {
        if !link.strong {
            return false;
        }
        match self.t {
            ChainType::XChain | ChainType::Turbot => link.cand == self.start_cand,
            ChainType::XyChain | ChainType::RemotePair => {
                self.b.cands[link.cell].count_ones() == 2 && link.cell == self.start
            }
        }
    }

    /// Sets up the chain's first link and searches on from it.
    fn search_from(&mut self, link: Link) {
        let start = self.start;
        if self.t == ChainType::RemotePair {
            self.rp_cell = self.b.cands[start];
            let other = self.rp_cell & !(1 << self.start_cand);
            self.start_cand2 = other.trailing_zeros() as u8;
        }
        self.chain[0] = Link {
            cell: start,
            cand: self.start_cand,
            strong: false,
        };
        self.chain[1] = link;
        let key = link.cell * 10 + link.cand as usize;
        self.stack[1] = Entry {
            cell: link.cell,
            cand: link.cand,
            strong_only: !link.strong,
            next: self.links.start[key],
            end: self.links.end[key],
        };
        self.chain_set = [false; 81];
        self.chain_set[start] = true;
        self.start_set = buddies(start) & cells_with(self.b, self.start_cand);
        if self.t == ChainType::RemotePair {
            self.start_set2 = buddies(start) & cells_with(self.b, self.start_cand2);
        }
        self.search();
    }

    /// The depth-first search of `ChainSolver.getChain`.
    fn search(&mut self) {
        let mut level = 1;
        loop {
            while self.stack[level].next >= self.stack[level].end {
                level -= 1;
                self.chain_set[self.stack[level].cell] = false;
                if level == 0 {
                    return;
                }
            }
            let e = self.stack[level];
            let link = self.links.links[e.next];
            self.stack[level].next += 1;
            if !self.link_allowed(e, link) {
                continue;
            }
            let mut is_loop = false;
            if self.chain_set[link.cell] {
                if self.start != link.cell {
                    continue;
                }
                is_loop = true;
            }
            self.chain_set[e.cell] = true;
            let strong = link.strong && e.strong_only;
            level += 1;
            self.chain[level] = Link { strong, ..link };
            if level > 1 && strong && link.cand == self.start_cand {
                let m = self.start_set & buddies(link.cell);
                if m != 0 {
                    self.check(level, m, link.cell);
                }
            }
            if level < self.max_length && !is_loop {
                let key = link.cell * 10 + link.cand as usize;
                self.stack[level] = Entry {
                    cell: link.cell,
                    cand: link.cand,
                    strong_only: !e.strong_only,
                    next: self.links.start[key],
                    end: self.links.end[key],
                };
            } else {
                self.stack[level].next = self.stack[level].end;
            }
        }
    }

    /// The per-link checks of `getChain` before the loop test.
    fn link_allowed(&self, e: Entry, link: Link) -> bool {
        if e.strong_only && !link.strong {
            return false;
        }
        if e.cell == link.cell && e.cand == link.cand {
            return false;
        }
        match self.t {
            ChainType::RemotePair if self.b.cands[link.cell] != self.rp_cell => false,
            ChainType::XChain | ChainType::Turbot => link.cand == self.start_cand,
            ChainType::XyChain | ChainType::RemotePair => {
                self.b.cands[link.cell].count_ones() == 2 && !(e.strong_only && link.cell != e.cell)
            }
        }
    }

    /// A chain ending on a strong link of the start digit with eliminations `m`.
    fn check(&mut self, level: usize, m: u128, end: usize) {
        match self.t {
            ChainType::XChain => self.record(level, single_digit(m, self.start_cand), true),
            ChainType::Turbot => {
                if level == 3 {
                    self.record(level, single_digit(m, self.start_cand), false);
                }
            }
            ChainType::XyChain => self.record(level, single_digit(m, self.start_cand), true),
            ChainType::RemotePair => {
                if level >= 7 {
                    let elims = self.remote_pair_elims(level, m, end);
                    self.record(level, elims, true);
                }
            }
        }
    }

    /// The eliminations of a Remote Pair (`checkRemotePairs`): between the two ends for the
    /// shortest one, else between every two cells of opposite polarity.
    fn remote_pair_elims(&self, level: usize, m: u128, end: usize) -> Vec<(usize, u8)> {
        let (c1, c2) = (self.start_cand, self.start_cand2);
        let (mut rp1, mut rp2) = (0u128, 0u128);
        if level > 7 {
            let (with1, with2) = (cells_with(self.b, c1), cells_with(self.b, c2));
            for i in (0..=level).step_by(2) {
                for j in (i + 6..=level).step_by(4) {
                    let tmp = buddies(self.chain[i].cell) & buddies(self.chain[j].cell);
                    rp1 |= tmp & with1;
                    rp2 |= tmp & with2;
                }
            }
        } else {
            rp1 = m;
            rp2 = self.start_set2 & buddies(end);
        }
        let mut elims: Vec<(usize, u8)> = cells_of(rp1).map(|c| (c, c1)).collect();
        elims.extend(cells_of(rp2).map(|c| (c, c2)));
        elims
    }

    /// Stores a chain unless one as short with the same eliminations is known (`deletesMap`;
    /// skipped for Turbot Fish). The eliminations are sorted and deduplicated as
    /// `SolutionStep.getCandidateString` does to them.
    fn record(&mut self, level: usize, mut elims: Vec<(usize, u8)>, dedup: bool) {
        elims.sort_by_key(|&(c, d)| (d, c));
        elims.dedup();
        if dedup {
            if let Some(&old) = self.deletes.get(&elims) {
                if old <= level {
                    return;
                }
            }
            self.deletes.insert(elims.clone(), level);
        }
        self.found.push(Found {
            elims,
            length: level + 1,
        });
    }
}

/// The eliminations of digit `d` from the cells of `m`, ascending.
fn single_digit(m: u128, d: u8) -> Vec<(usize, u8)> {
    cells_of(m).map(|c| (c, d)).collect()
}

/// `SolutionStep.compareTo` for two chains of the same type: more eliminations first, then
/// (different eliminations) the lower index sum, then (same eliminations) the shorter chain.
fn compare(a: &Found, b: &Found) -> Ordering {
    let by_count = b.elims.len().cmp(&a.elims.len());
    if by_count != Ordering::Equal {
        return by_count;
    }
    let same = a.elims.iter().all(|x| b.elims.contains(x));
    if !same {
        return index_sum(a.elims.iter().copied()).cmp(&index_sum(b.elims.iter().copied()));
    }
    a.length.cmp(&b.length)
}

/// Finds every chain of type `t` and returns the one HoDoKu plays.
fn find_chain(b: &Board, t: ChainType, kind: Kind) -> Option<StepFound> {
    let max_length = if t == ChainType::Turbot {
        3
    } else {
        RESTRICT_CHAIN_LENGTH
    };
    let mut s = Search {
        b,
        t,
        links: all_links(b, t),
        chain: [Link::default(); MAX_CHAIN_LENGTH],
        stack: [Entry::default(); MAX_CHAIN_LENGTH],
        chain_set: [false; 81],
        start: 0,
        start_cand: 0,
        start_cand2: 0,
        rp_cell: 0,
        start_set: 0,
        start_set2: 0,
        max_length,
        deletes: HashMap::new(),
        found: Vec::new(),
    };
    s.run();
    // Collections.sort is stable: the first of the best keeps its place.
    let mut best: Option<&Found> = None;
    for f in &s.found {
        if best.is_none_or(|cur| compare(f, cur) == Ordering::Less) {
            best = Some(f);
        }
    }
    best.map(|f| StepFound::eliminate(kind, f.elims.clone()))
}

/// HoDoKu's Remote Pair (`ChainSolver.getRemotePairs`).
pub(super) fn remote_pair(b: &Board) -> Option<StepFound> {
    find_chain(b, ChainType::RemotePair, Kind::RemotePair)
}

/// HoDoKu's Turbot Fish (`ChainSolver.getTurbotChains`): three links on one digit.
pub(super) fn turbot_fish(b: &Board) -> Option<StepFound> {
    find_chain(b, ChainType::Turbot, Kind::TurbotFish)
}

/// HoDoKu's X-Chain (`ChainSolver.getXChains`).
pub(super) fn x_chain(b: &Board) -> Option<StepFound> {
    find_chain(b, ChainType::XChain, Kind::XChain)
}

/// HoDoKu's XY-Chain (`ChainSolver.getXYChains`).
pub(super) fn xy_chain(b: &Board) -> Option<StepFound> {
    find_chain(b, ChainType::XyChain, Kind::XyChain)
}
