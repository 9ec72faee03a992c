//! HoDoKu 2.2's Almost Locked Set steps: ALS-XZ and ALS-XY-Wing, each in HoDoKu's scan order.
//!
//! An almost locked set (ALS) is a set of n unsolved cells of one house holding n + 1 digits
//! (a single bivalue cell counts). Ported from HoDoKu's `SudokuStepFinder.doGetAlses` /
//! `checkAlsRecursive` (collection), `Als.computeFields` (per-digit cells and buddies),
//! `SudokuStepFinder.doGetRestrictedCommons` (restricted commons) and `AlsSolver.getAlsXZInt` /
//! `getAlsXYWingInt` / `checkCandidatesToDelete` / `checkDoublyLinkedAls` (the steps).
//!
//! - ALSs: houses in HoDoKu's order (rows, columns, boxes); within a house every subset of at
//!   most 8 unsolved cells, depth first in house order; an ALS already collected (same cells,
//!   found through another house) is dropped.
//! - Restricted commons (RCs): for each ALS i, each later ALS j (HoDoKu's rating path collects
//!   RCs only forward, and ALSs may not overlap by default); a digit common to both is an RC when
//!   every cell of either ALS holding it sees every such cell of the other. At most two per pair:
//!   the first found (lower digit) is `cand1`, a second one `cand2`.
//! - ALS-XZ: the first RC (in collection order) whose pair eliminates anything: for each common
//!   non-RC digit, the cells outside both ALSs seeing all its cells in both; with two RCs also
//!   the other RC digit, then each ALS minus the two RCs becomes a locked set (doubly linked).
//! - ALS-XY-Wing: pairs of RCs (i < j in list order) that join three ALSs through a shared one
//!   (C) with different RC digits; A and B may not overlap; their common digits other than the
//!   RC digits eliminate as above.
//!
//! HoDoKu's rating path asks for the first instance only (`onlyOne`), so no sorting applies; the
//! eliminations are returned in the order HoDoKu adds them to its step.

use super::board::{cells_of, house_cells, Board};
use super::steps::{Kind, StepFound};

/// A set of cells as bits 0..81.
type Cells = u128;

/// The peers of every cell (same row, column or box; not the cell itself).
fn peers() -> [Cells; 81] {
    let mut out = [0; 81];
    for (cell, set) in out.iter_mut().enumerate() {
        for h in super::board::houses_of(cell) {
            for c in house_cells(h) {
                if c != cell {
                    *set |= 1 << c;
                }
            }
        }
    }
    out
}

/// One almost locked set with the fields HoDoKu's `Als.computeFields` prepares.
#[derive(Clone, Debug)]
struct Als {
    /// Its cells.
    cells: Cells,
    /// Its digits (bit d).
    cands: u16,
    /// Per digit: the ALS cells holding it.
    cells_with: [Cells; 10],
    /// Per digit: the cells outside the ALS holding it that see all its ALS cells holding it.
    buddies_with: [Cells; 10],
    /// The union of `buddies_with`.
    buddies: Cells,
}

/// The cells holding each digit.
fn digit_cells(b: &Board) -> [Cells; 10] {
    let mut out = [0; 10];
    for cell in 0..81 {
        for d in 1..=9 {
            if b.values[cell] == 0 && b.has(cell, d) {
                out[d as usize] |= 1 << cell;
            }
        }
    }
    out
}

impl Als {
    /// The ALS on `cells` with digits `cands`, its per-digit fields filled.
    fn new(cells: Cells, cands: u16, digit_cells: &[Cells; 10], peers: &[Cells; 81]) -> Als {
        let mut als = Als {
            cells,
            cands,
            cells_with: [0; 10],
            buddies_with: [0; 10],
            buddies: 0,
        };
        for d in 1..=9 {
            if cands & (1 << d) == 0 {
                continue;
            }
            let with = cells & digit_cells[d];
            let seen = cells_of(with).fold(!0 as Cells, |acc, c| acc & peers[c]);
            als.cells_with[d] = with;
            als.buddies_with[d] = seen & !cells & digit_cells[d];
            als.buddies |= als.buddies_with[d];
        }
        als
    }
}

/// All ALSs in HoDoKu's collection order (`SudokuStepFinder.doGetAlses(false)`).
fn alses(b: &Board) -> Vec<Als> {
    let mut found: Vec<(Cells, u16)> = Vec::new();
    for h in 0..27 {
        let unit = house_cells(h);
        // HoDoKu restarts the search at every start position; later starts only find subsets
        // already found from an earlier start, so one search from position 0 gives the same list.
        collect(b, &unit, 0, 0, 0, 0, &mut found);
    }
    let digit_cells = digit_cells(b);
    let peers = peers();
    found
        .into_iter()
        .map(|(cells, cands)| Als::new(cells, cands, &digit_cells, &peers))
        .collect()
}

/// The depth-first search of one house (`checkAlsRecursive`): `count` cells chosen so far
/// (`cells`, digits `cands`), next position `start`.
fn collect(
    b: &Board,
    unit: &[usize; 9],
    count: usize,
    start: usize,
    cells: Cells,
    cands: u16,
    found: &mut Vec<(Cells, u16)>,
) {
    let count = count + 1;
    if count > unit.len() - 1 {
        return;
    }
    for i in start..unit.len() {
        let cell = unit[i];
        if b.values[cell] != 0 {
            continue;
        }
        let cells = cells | 1 << cell;
        let cands = cands | b.cands[cell];
        if cands.count_ones() as usize == count + 1 && !found.iter().any(|&(c, _)| c == cells) {
            found.push((cells, cands));
        }
        collect(b, unit, count, i + 1, cells, cands, found);
    }
}

/// A restricted common between ALS `a` and ALS `b` (`a < b`): one or two digits.
#[derive(Clone, Copy, Debug)]
struct Rc {
    /// Index of the first ALS.
    a: usize,
    /// Index of the second ALS.
    b: usize,
    /// The first RC digit.
    cand1: u8,
    /// The second RC digit, 0 when none.
    cand2: u8,
}

/// All RCs in HoDoKu's order (`doGetRestrictedCommons`, forward only, no overlap).
fn restricted_commons(alses: &[Als]) -> Vec<Rc> {
    let mut rcs = Vec::new();
    for (i, a1) in alses.iter().enumerate() {
        for (j, a2) in alses.iter().enumerate().skip(i + 1) {
            if a1.cells & a2.cells != 0 {
                continue;
            }
            let common = a1.cands & a2.cands;
            let mut rc: Option<Rc> = None;
            for d in super::board::digits(common) {
                let di = d as usize;
                let holders = a1.cells_with[di] | a2.cells_with[di];
                let seeing = (a1.buddies_with[di] | a1.cells_with[di])
                    & (a2.buddies_with[di] | a2.cells_with[di]);
                if holders & seeing != holders {
                    continue;
                }
                match rc.as_mut() {
                    None => {
                        rc = Some(Rc {
                            a: i,
                            b: j,
                            cand1: d,
                            cand2: 0,
                        })
                    }
                    Some(r) => r.cand2 = d,
                }
            }
            rcs.extend(rc);
        }
    }
    rcs
}

/// The mask of digit `d`, empty for 0 (HoDoKu's "no RC").
fn mask(d: u8) -> u16 {
    if d == 0 {
        0
    } else {
        1 << d
    }
}

/// `checkCandidatesToDelete`: the common digits of `a1` and `a2` other than `excluded` remove
/// themselves from the cells outside both that see all their cells in both.
fn common_eliminations(a1: &Als, a2: &Als, excluded: u16, out: &mut Vec<(usize, u8)>) {
    let common = a1.cands & a2.cands & !excluded;
    if common == 0 || a1.buddies & a2.buddies == 0 {
        return;
    }
    for d in super::board::digits(common) {
        let seeing = a1.buddies_with[d as usize] & a2.buddies_with[d as usize];
        out.extend(cells_of(seeing).map(|c| (c, d)));
    }
}

/// `checkDoublyLinkedAls`: `a1` without the two RC digits is a locked set; its other digits
/// leave the cells seeing all their cells in `a1`, except the cells of `a2`.
fn doubly_linked_eliminations(a1: &Als, a2: &Als, rc: &Rc, out: &mut Vec<(usize, u8)>) {
    let rest = a1.cands & !mask(rc.cand1) & !mask(rc.cand2);
    for d in super::board::digits(rest) {
        let seeing = a1.buddies_with[d as usize] & !a2.cells;
        out.extend(cells_of(seeing).map(|c| (c, d)));
    }
}

/// The ALSs of a grid and their restricted commons, shared by the three ALS steps.
type AlsGraph = std::rc::Rc<(Vec<Als>, Vec<Rc>)>;

/// A grid (values, candidates) and its [`AlsGraph`].
type LastGraph = (Box<([u8; 81], [u16; 81])>, AlsGraph);

thread_local! {
    /// The last grid's ALSs and RCs with the grid (values, candidates): ALS-XZ, ALS-XY-Wing
    /// and ALS-XY-Chain are tried one after the other at a position and need the same ones.
    static LAST: std::cell::RefCell<Option<LastGraph>> =
        const { std::cell::RefCell::new(None) };
}

/// [`alses`] and [`restricted_commons`] of `b` (those of the last grid when it is the same).
fn als_graph(b: &Board) -> AlsGraph {
    if let Some(graph) = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(grid, _)| grid.0 == b.values && grid.1 == b.cands)
            .map(|(_, g)| g.clone())
    }) {
        return graph;
    }
    let alses = alses(b);
    let rcs = restricted_commons(&alses);
    let graph = std::rc::Rc::new((alses, rcs));
    let grid = Box::new((b.values, b.cands));
    LAST.with(|l| *l.borrow_mut() = Some((grid, graph.clone())));
    graph
}

/// The first ALS-XZ in HoDoKu's order (`AlsSolver.getAlsXZ(true)`).
pub(super) fn als_xz(b: &Board) -> Option<StepFound> {
    let graph = als_graph(b);
    let (alses, rcs) = (&graph.0, &graph.1);
    for rc in rcs.iter() {
        let (a1, a2) = (&alses[rc.a], &alses[rc.b]);
        let mut out = Vec::new();
        common_eliminations(a1, a2, mask(rc.cand1), &mut out);
        if rc.cand2 != 0 {
            common_eliminations(a1, a2, mask(rc.cand2), &mut out);
            doubly_linked_eliminations(a1, a2, rc, &mut out);
            doubly_linked_eliminations(a2, a1, rc, &mut out);
        }
        if !out.is_empty() {
            return Some(StepFound::eliminate(Kind::AlsXz, out));
        }
    }
    None
}

/// The first ALS-XY-Wing in HoDoKu's order (`AlsSolver.getAlsXYWing(true)`).
pub(super) fn als_xy_wing(b: &Board) -> Option<StepFound> {
    let graph = als_graph(b);
    let (alses, rcs) = (&graph.0, &graph.1);
    for (i, rc1) in rcs.iter().enumerate() {
        for rc2 in &rcs[i + 1..] {
            if let Some(step) = xy_wing_of(alses, rc1, rc2) {
                return Some(step);
            }
        }
    }
    None
}

/// The ALS-XY-Wing made by two RCs, if they form one that eliminates something.
fn xy_wing_of(alses: &[Als], rc1: &Rc, rc2: &Rc) -> Option<StepFound> {
    if rc1.cand2 == 0 && rc2.cand2 == 0 && rc1.cand1 == rc2.cand1 {
        return None;
    }
    let joined = (rc1.a == rc2.a && rc1.b != rc2.b)
        || (rc1.b == rc2.a && rc1.a != rc2.b)
        || (rc1.a == rc2.b && rc1.b != rc2.a)
        || (rc1.b == rc2.b && rc1.a != rc2.a);
    if !joined {
        return None;
    }
    // HoDoKu tests the four cases in this order, a later match replacing an earlier one.
    let mut ends = (0, 0);
    if rc1.a == rc2.a {
        ends = (rc1.b, rc2.b);
    }
    if rc1.a == rc2.b {
        ends = (rc1.b, rc2.a);
    }
    if rc1.b == rc2.a {
        ends = (rc1.a, rc2.b);
    }
    if rc1.b == rc2.b {
        ends = (rc1.a, rc2.a);
    }
    let (a, b) = (&alses[ends.0], &alses[ends.1]);
    if a.cells & b.cells != 0 {
        return None;
    }
    let union = a.cells | b.cells;
    if union == a.cells || union == b.cells {
        return None;
    }
    let excluded = mask(rc1.cand1) | mask(rc1.cand2) | mask(rc2.cand1) | mask(rc2.cand2);
    let mut out = Vec::new();
    common_eliminations(a, b, excluded, &mut out);
    if out.is_empty() {
        return None;
    }
    Some(StepFound::eliminate(Kind::AlsXyWing, out))
}

/// HoDoKu's `AlsSolver.MAX_RC`: an ALS chain holds at most this many restricted commons.
const MAX_RC: usize = 50;

/// `RestrictedCommon.checkRC`: which of `rc`'s digits may link after `prev` (with the digits
/// `prev` used: 1 its first, 2 its second, 3 both), 0 when none. At the chain's start a pair
/// with two digits is tried with the first (`first_try`), then with the second.
fn check_rc(rc: &Rc, prev: Option<(&Rc, u8)>, first_try: bool) -> u8 {
    let both = if rc.cand2 == 0 { 1 } else { 3 };
    let Some((p, used)) = prev else {
        return if rc.cand2 == 0 || first_try { 1 } else { 2 };
    };
    let (c11, c12) = match used {
        1 => (p.cand1, 0),
        2 => (p.cand2, 0),
        // HoDoKu passes the first digit twice here (`checkRCInt(rc.cand1, rc.cand1, ...)`).
        3 => (p.cand1, p.cand1),
        _ => return both,
    };
    let (c21, c22) = (rc.cand1, rc.cand2);
    match (c12 == 0, c22 == 0) {
        (true, true) => u8::from(c11 != c21),
        (true, false) if c11 == c22 => 1,
        (true, false) if c11 == c21 => 2,
        (true, false) => 3,
        (false, true) => u8::from(!(c11 == c21 || c12 == c21)),
        (false, false) if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) => 0,
        (false, false) if c11 == c22 || c12 == c22 => 1,
        (false, false) if c11 == c21 || c12 == c21 => 2,
        (false, false) => 3,
    }
}

/// The digits of `rc` a link uses (1 the first, 2 the second, 3 both) as a mask.
fn used_mask(rc: &Rc, used: u8) -> u16 {
    match used {
        1 => mask(rc.cand1),
        2 => mask(rc.cand2),
        _ => mask(rc.cand1) | mask(rc.cand2),
    }
}

/// One ALS-XY-Chain found: its eliminations sorted as HoDoKu's `getCandidateString` leaves
/// them (digit, then cell) and the number of cells of its ALSs.
struct ChainFound {
    dels: Vec<(u8, usize)>,
    cells: u32,
}

/// The state of `AlsSolver.getAlsXYChainRecursive`.
struct ChainSearch<'a> {
    alses: &'a [Als],
    rcs: &'a [Rc],
    /// For each ALS, the range of its RCs in `rcs` (HoDoKu's `startIndices` / `endIndices`).
    ranges: Vec<(usize, usize)>,
    in_chain: Vec<bool>,
    /// The chain: each RC with the digits it uses.
    chain: Vec<(usize, u8)>,
    start: usize,
    found: Vec<ChainFound>,
    /// For each elimination list, the index of its step in `found` (`deletesMap`).
    seen: std::collections::HashMap<Vec<(u8, usize)>, usize>,
}

impl ChainSearch<'_> {
    fn recurse(&mut self, als: usize, prev: Option<(usize, u8)>) {
        if self.chain.len() >= MAX_RC {
            return;
        }
        let (lo, hi) = self.ranges[als];
        let mut first_try = true;
        let mut i = lo;
        while i < hi {
            let rc = self.rcs[i];
            let used = check_rc(&rc, prev.map(|(p, u)| (&self.rcs[p], u)), first_try);
            if self.chain.len() >= MAX_RC || used == 0 || self.in_chain[rc.b] {
                i += 1;
                continue;
            }
            self.chain.push((i, used));
            self.in_chain[rc.b] = true;
            if self.chain.len() >= 3 {
                self.check(rc.b, used_mask(&rc, used));
            }
            self.recurse(rc.b, Some((i, used)));
            self.in_chain[rc.b] = false;
            self.chain.pop();
            if prev.is_none() && rc.cand2 != 0 && first_try {
                first_try = false;
                continue;
            }
            first_try = true;
            i += 1;
        }
    }

    /// The eliminations of the chain from the start ALS to ALS `end` (entered by digits
    /// `end_used`), recorded unless an equal list with no more ALS cells is there already.
    fn check(&mut self, end: usize, end_used: u16) {
        let (first, first_used) = self.chain[0];
        let excluded = used_mask(&self.rcs[first], first_used) | end_used;
        let mut out = Vec::new();
        common_eliminations(
            &self.alses[self.start],
            &self.alses[end],
            excluded,
            &mut out,
        );
        if out.is_empty() {
            return;
        }
        let mut dels: Vec<(u8, usize)> = out.into_iter().map(|(c, d)| (d, c)).collect();
        dels.sort_unstable();
        dels.dedup();
        let cells = self.alses[self.start].cells.count_ones()
            + self
                .chain
                .iter()
                .map(|&(r, _)| self.alses[self.rcs[r].b].cells.count_ones())
                .sum::<u32>();
        match self.seen.get(&dels) {
            Some(&old) if self.found[old].cells > cells => {
                self.found[old] = ChainFound { dels, cells };
            }
            Some(_) => {}
            None => {
                self.seen.insert(dels.clone(), self.found.len());
                self.found.push(ChainFound { dels, cells });
            }
        }
    }
}

/// The ALS-XY-Chain HoDoKu plays (`AlsSolver.getAlsXYChain`): every chain of at least four
/// ALSs linked by restricted commons (forward only, no ALS twice, adjacent links on different
/// digits), the common digits of its two ends other than the end links' digits eliminated;
/// one step per elimination list (the one with the fewest ALS cells), sorted by
/// `AlsComparator`: more eliminations first, then the lower index sum, then the order found.
pub(super) fn als_xy_chain(b: &Board) -> Option<StepFound> {
    let graph = als_graph(b);
    let (alses, rcs) = (&graph.0, &graph.1);
    let mut ranges = vec![(0, 0); alses.len()];
    for (i, rc) in rcs.iter().enumerate() {
        if ranges[rc.a] == (0, 0) {
            ranges[rc.a] = (i, i);
        }
        ranges[rc.a].1 = i + 1;
    }
    let mut search = ChainSearch {
        alses,
        rcs,
        ranges,
        in_chain: vec![false; alses.len()],
        chain: Vec::new(),
        start: 0,
        found: Vec::new(),
        seen: std::collections::HashMap::new(),
    };
    for i in 0..alses.len() {
        search.start = i;
        search.in_chain.iter_mut().for_each(|x| *x = false);
        search.in_chain[i] = true;
        search.recurse(i, None);
    }
    let index_sum = |f: &ChainFound| super::steps::index_sum(f.dels.iter().map(|&(d, c)| (c, d)));
    let best = search.found.iter().min_by(|x, y| {
        y.dels
            .len()
            .cmp(&x.dels.len())
            .then_with(|| index_sum(x).cmp(&index_sum(y)))
    })?;
    let mut step = StepFound::eliminate(
        Kind::AlsXyChain,
        best.dels.iter().map(|&(d, c)| (c, d)).collect(),
    );
    // HoDoKu prints the step as "Almost Locked Set Chain" (its list entry says "XY-Chain").
    step.label = Some("Almost Locked Set Chain".to_string());
    Some(step)
}
