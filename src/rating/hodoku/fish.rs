//! HoDoKu 2.2's finned and sashimi basic fish (X-Wing, Swordfish, Jellyfish) and Franken fish
//! (X-Wing, Swordfish; finned or not: [`franken`]), ported from
//! `solver/FishSolver.java` (`getStep` -> `getAnyFish` -> `getFishes` -> `searchCoverUnits` ->
//! `createFishStep`) with the default options of the rating path.
//!
//! - Digits 1..9 outer; for each digit rows as base (columns as cover), then columns as base.
//! - Base sets: every line holding the digit (fins allow any count), combinations of `size` of
//!   them in lexicographic order of their house numbers; for each, the cover lines that share a
//!   candidate with the base, combinations of `size` in lexicographic order.
//! - Fins: base candidates outside the cover; 1..=5 of them (`Options.maxFins`). Eliminations:
//!   cover candidates outside the base that see every fin, in cell order (basic fish have no
//!   cannibalistic eliminations: cover lines never overlap).
//! - Sashimi: some base line keeps at most one candidate once the fins are removed. A fish of the
//!   other variant is skipped (HoDoKu caches it for the other step at the same position; the
//!   cache returns the same fish a fresh search would, so it is not reproduced).
//! - Templates (`Options.checkTemplates`) are only used by HoDoKu for basic fish of more than
//!   five lines, so they play no part here.

use super::board::cells_of;
use super::steps::{Kind, StepFound};

/// HoDoKu's default `Options.maxFins`.
const MAX_FINS: u32 = 5;

/// A set of cells, bit `c` for cell `c` (0..81).
type Cells = u128;

/// The cells of line `h` (rows 0..9, columns 9..18) holding `d`.
fn line_cells(b: &super::board::Board, h: usize, d: u8) -> Cells {
    (0..9)
        .map(|i| if h < 9 { h * 9 + i } else { i * 9 + (h - 9) })
        .filter(|&c| b.has(c, d))
        .fold(0, |m, c| m | 1 << c)
}

/// The cells that see every cell of `set` (`Sudoku2.getBuddies`; every cell for no cell).
fn common_peers(set: Cells) -> Cells {
    cells_of(set).fold(!0, |m, c| m & super::board::buddies(c))
}

/// The fins a fish must have at least, whichever covers complete it: base cells no reachable
/// cover holds, plus the endo fins.
fn least_fins(base: Cells, endo: Cells, reachable: Cells) -> Cells {
    (base & !reachable) | endo
}

/// Whether a finned fish with base `base` and endo fins `endo` can still be completed when its
/// cover is at most `reachable`: at most five fins, and some reachable cover cell (the only
/// places an elimination can be) sees every fin it must have. Monotone: a smaller `reachable`
/// is never more viable.
fn finned_viable(base: Cells, endo: Cells, reachable: Cells) -> bool {
    let fins = least_fins(base, endo, reachable);
    fins.count_ones() <= MAX_FINS && reachable & common_peers(fins) != 0
}

/// The first combination of `size` cover units (`covers`, in HoDoKu's lexicographic order of
/// combinations) that `accept` takes, given the indices, the union of the units and the cells
/// in two of them. A prefix is extended only while `viable(reachable)` holds for the cells the
/// combination could still reach; `viable` must be monotone (false for a set stays false for
/// its subsets), so a skipped prefix or a later sibling can hold nothing `accept` takes and the
/// first combination taken is the one an exhaustive scan finds.
fn first_cover<T>(
    covers: &[Cells],
    size: usize,
    viable: &dyn Fn(Cells) -> bool,
    accept: &mut Accept<'_, T>,
) -> Option<T> {
    let n = covers.len();
    if n < size {
        return None;
    }
    let mut suffix = [0 as Cells; 28];
    for i in (0..n).rev() {
        suffix[i] = suffix[i + 1] | covers[i];
    }
    let mut search = CoverSearch {
        covers,
        suffix: &suffix,
        size,
        idx: [0; 4],
        viable,
        accept,
    };
    search.go(0, 0, 0, 0)
}

/// What [`first_cover`] calls for a full combination: indices, union, cells in two units.
type Accept<'a, T> = dyn FnMut(&[usize], Cells, Cells) -> Option<T> + 'a;

/// The state of [`first_cover`]'s depth-first walk.
struct CoverSearch<'a, 'b, T> {
    covers: &'a [Cells],
    /// `suffix[i]`: the union of `covers[i..]`.
    suffix: &'a [Cells],
    size: usize,
    idx: [usize; 4],
    viable: &'a dyn Fn(Cells) -> bool,
    accept: &'a mut Accept<'b, T>,
}

impl<T> CoverSearch<'_, '_, T> {
    /// Extends a prefix of `depth` units (union `cover`, cells in two of them `cannibal`) with
    /// units from index `start` on.
    fn go(&mut self, depth: usize, start: usize, cover: Cells, cannibal: Cells) -> Option<T> {
        let n = self.covers.len();
        for i in start..=n - (self.size - depth) {
            if !(self.viable)(cover | self.suffix[i]) {
                return None;
            }
            self.idx[depth] = i;
            let (next, twice) = (cover | self.covers[i], cannibal | (cover & self.covers[i]));
            let found = if depth + 1 == self.size {
                (self.accept)(&self.idx[..self.size], next, twice)
            } else {
                self.go(depth + 1, i + 1, next, twice)
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// The next combination of `k` indices below `n` after `idx` (lexicographic), or `false`.
fn next_combo(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
        return false;
    };
    idx[i] += 1;
    for j in i + 1..k {
        idx[j] = idx[j - 1] + 1;
    }
    true
}

/// A finned (`sashimi == false`) or sashimi basic fish of `size` lines, HoDoKu's first one.
pub(super) fn finned_fish(
    b: &super::board::Board,
    size: usize,
    sashimi: bool,
    kind: Kind,
) -> Option<StepFound> {
    let tag = 0x20 | (size as u8) << 1 | u8::from(sashimi);
    for d in 1..=9u8 {
        let key = (tag, d, digit_cells(b, d));
        if found_nothing(key) {
            continue;
        }
        for (base0, cover0) in [(0, 9), (9, 0)] {
            if let Some(elims) = search(b, d, size, sashimi, base0, cover0) {
                return Some(StepFound::eliminate(kind, elims));
            }
        }
        note_nothing(key);
    }
    None
}

/// A fish search of one digit: which search (kind, size, variant), the digit, and its cells.
type SearchKey = (u8, u8, Cells);

thread_local! {
    /// Fish searches of one digit that found nothing. A fish search of digit `d` reads only the
    /// cells holding `d`, so the same search on the same cells finds nothing again: at the
    /// next position, where one or two digits changed, the others are skipped.
    static NOTHING: std::cell::RefCell<std::collections::HashSet<SearchKey>> =
        std::cell::RefCell::new(std::collections::HashSet::new());
}

/// The cells holding `d`.
fn digit_cells(b: &super::board::Board, d: u8) -> Cells {
    (0..81).filter(|&c| b.has(c, d)).fold(0, |m, c| m | 1 << c)
}

/// True when this search is known to find nothing.
fn found_nothing(key: SearchKey) -> bool {
    NOTHING.with(|n| n.borrow().contains(&key))
}

/// Records that this search found nothing (the record is emptied when it grows large).
fn note_nothing(key: SearchKey) {
    NOTHING.with(|n| {
        let mut n = n.borrow_mut();
        if n.len() >= 1 << 16 {
            n.clear();
        }
        n.insert(key);
    });
}

/// The search of one digit with base lines from `base0` and cover lines from `cover0`
/// (`FishSolver.getFishes(boolean)`).
fn search(
    b: &super::board::Board,
    d: u8,
    size: usize,
    sashimi: bool,
    base0: usize,
    cover0: usize,
) -> Option<Vec<(usize, u8)>> {
    let lines = |h0: usize| -> Vec<Cells> {
        (h0..h0 + 9)
            .map(|h| line_cells(b, h, d))
            .filter(|&s| s != 0)
            .collect()
    };
    let bases = lines(base0);
    let all_covers = lines(cover0);
    if bases.len() < size {
        return None;
    }
    let mut bi: Vec<usize> = (0..size).collect();
    loop {
        let mut units = [0 as Cells; 4];
        for (slot, &i) in units.iter_mut().zip(&bi) {
            *slot = bases[i];
        }
        if let Some(elims) = search_covers(&units[..size], &all_covers, sashimi) {
            return Some(elims.into_iter().map(|c| (c, d)).collect());
        }
        if !next_combo(&mut bi, bases.len()) {
            return None;
        }
    }
}

/// The cover combinations for one base set (`FishSolver.searchCoverUnits`): the cells the first
/// fitting fish removes.
fn search_covers(units: &[Cells], all_covers: &[Cells], sashimi: bool) -> Option<Vec<usize>> {
    let base = units.iter().fold(0, |m, &u| m | u);
    let mut covers = [0 as Cells; 9];
    let mut n = 0;
    for &c in all_covers.iter().filter(|&&c| c & base != 0) {
        covers[n] = c;
        n += 1;
    }
    first_cover(
        &covers[..n],
        units.len(),
        &|reachable| finned_viable(base, 0, reachable),
        &mut |_, cover, _| check(units, base, cover, sashimi),
    )
}

/// One base/cover combination: the eliminations when it is a fish of the wanted variant that
/// removes something (`FishSolver.searchCoverUnits`, finned branch, and `createFishStep`).
fn check(units: &[Cells], base: Cells, cover: Cells, sashimi: bool) -> Option<Vec<usize>> {
    let fins = base & !cover;
    let n = fins.count_ones();
    if n == 0 || n > MAX_FINS {
        return None;
    }
    let elims = cover & !base & common_peers(fins);
    if elims == 0 {
        return None;
    }
    let is_sashimi = units.iter().any(|&u| (u & !fins).count_ones() <= 1);
    (is_sashimi == sashimi).then(|| cells_of(elims).collect())
}

/// What HoDoKu's Franken search found at this position.
pub(super) enum FrankenFound {
    /// A fish HoDoKu plays under the type named by its label (Franken, or a basic fish pattern).
    Step(StepFound),
    /// No fish of the kind searched for.
    Nothing,
    /// A fish whose type (a mutant) this module does not score; the rating must stop here.
    Unscored,
}

/// HoDoKu's default `Options.maxEndoFins`.
const MAX_ENDO_FINS: u32 = 2;

/// A Franken X-Wing or Swordfish (`size` 2 or 3), finned or not: HoDoKu's
/// `getAnyFish(size, !finned, finned, false, true, FRANKEN)`. Digits 1..9; for each, rows as
/// base lines (columns and boxes as cover) then columns; base units are the lines then the
/// boxes holding the digit, cover units the other lines then the boxes, a house never in both.
/// Base units may overlap only in a finned fish (the overlap becomes endo fins, at most two).
/// Without fins the base must be covered exactly and the eliminations are the cover candidates
/// outside the base, then the base candidates in two cover units (cannibalism); with 1..=5
/// fins (endo fins included) both must also see every fin. The first fish found is played, its
/// type read from the units used, as `createFishStep` does.
pub(super) fn franken(b: &super::board::Board, size: usize, finned: bool) -> FrankenFound {
    let tag = 0x10 | (size as u8) << 1 | u8::from(finned);
    for d in 1..=9u8 {
        let key = (tag, d, digit_cells(b, d));
        if found_nothing(key) {
            continue;
        }
        for lines in [true, false] {
            if let Some(found) = franken_search(b, d, size, finned, lines) {
                return found;
            }
        }
        note_nothing(key);
    }
    FrankenFound::Nothing
}

/// The cells of house `h` holding `d`.
fn unit_cells(b: &super::board::Board, h: usize, d: u8) -> Cells {
    super::board::house_cells(h)
        .into_iter()
        .filter(|&c| b.has(c, d))
        .fold(0, |m, c| m | 1 << c)
}

/// One digit, one orientation of `franken` (`getFishes(lines)`).
fn franken_search(
    b: &super::board::Board,
    d: u8,
    size: usize,
    finned: bool,
    lines: bool,
) -> Option<FrankenFound> {
    let (base_lines, cover_lines) = if lines { (0..9, 9..18) } else { (9..18, 0..9) };
    let units = |range: std::ops::Range<usize>| -> Vec<(usize, Cells)> {
        range
            .chain(18..27)
            .map(|h| (h, unit_cells(b, h, d)))
            .filter(|&(_, s)| s != 0)
            .collect()
    };
    let bases: Vec<(usize, Cells)> = units(base_lines)
        .into_iter()
        .filter(|&(_, s)| finned || s.count_ones() as usize <= size)
        .collect();
    let all_covers = units(cover_lines);
    if bases.len() < size {
        return None;
    }
    let mut bi: Vec<usize> = (0..size).collect();
    'bases: loop {
        // The endo-fin rule is checked unit by unit, as HoDoKu adds them.
        let mut base = 0;
        let mut endo: Cells = 0;
        let mut ok = true;
        for &i in &bi {
            let overlap = base & bases[i].1;
            if overlap != 0 && (!finned || endo.count_ones() + overlap.count_ones() > MAX_ENDO_FINS)
            {
                ok = false;
                break;
            }
            endo |= overlap;
            base |= bases[i].1;
        }
        if ok {
            let mut used = [0usize; 3];
            for (slot, &i) in used.iter_mut().zip(&bi) {
                *slot = bases[i].0;
            }
            let used = &used[..size];
            let (mut houses, mut units, mut n) = ([0usize; 18], [0 as Cells; 18], 0);
            for &(h, c) in &all_covers {
                if !used.contains(&h) && c & base != 0 {
                    houses[n] = h;
                    units[n] = c;
                    n += 1;
                }
            }
            let units = &units[..n];
            let viable = |reachable: Cells| {
                if finned {
                    finned_viable(base, endo, reachable)
                } else {
                    least_fins(base, endo, reachable) == 0
                }
            };
            let found = first_cover(units, size, &viable, &mut |ci, cover, cannibal| {
                let fins = (base & !cover) | endo;
                let (del, can) = if fins == 0 && !finned {
                    (cover & !base, cannibal)
                } else if finned && fins != 0 && fins.count_ones() <= MAX_FINS {
                    let seen = common_peers(fins);
                    if seen == 0 {
                        return None;
                    }
                    (cover & !base & seen, cannibal & seen)
                } else {
                    return None;
                };
                if del == 0 && can == 0 {
                    return None;
                }
                let cover_h: Vec<usize> = ci.iter().map(|&i| houses[i]).collect();
                let removed = cells_of(del).chain(cells_of(can)).map(|c| (c, d));
                Some(franken_step(
                    size,
                    finned,
                    used,
                    &cover_h,
                    removed.collect(),
                ))
            });
            if found.is_some() {
                return found;
            }
        }
        if !next_combo(&mut bi, bases.len()) {
            break 'bases;
        }
    }
    None
}

/// The step of a fish found by the Franken search, typed as `createFishStep` types it: base
/// lines of one kind (with boxes or not) against the other kind of lines (with boxes or not)
/// is a Franken fish unless no box is used (then a basic one); anything else is a mutant.
fn franken_step(
    size: usize,
    finned: bool,
    base: &[usize],
    cover: &[usize],
    eliminations: Vec<(usize, u8)>,
) -> FrankenFound {
    let mask = |hs: &[usize]| hs.iter().fold(0u8, |m, &h| m | 1 << (h / 9).min(2) as u8);
    let (bm, cm) = (mask(base), mask(cover));
    let (row, col, bx) = (1u8, 2u8, 4u8);
    let basic = (bm == row && cm == col) || (bm == col && cm == row);
    let franken = ((bm == row || bm == row | bx) && (cm == col || cm == col | bx))
        || ((bm == col || bm == col | bx) && (cm == row || cm == row | bx));
    let kind = match (basic, franken, finned, size) {
        // A basic pattern can only come out of this search with fins (an unfinned one is an
        // X-Wing or Swordfish, found earlier); HoDoKu checks it for sashimi first.
        (true, _, _, _) => return FrankenFound::Unscored,
        (false, true, false, 2) => Kind::FrankenXWing,
        (false, true, false, _) => Kind::FrankenSwordfish,
        (false, true, true, 2) => Kind::FinnedFrankenXWing,
        (false, true, true, _) => Kind::FinnedFrankenSwordfish,
        (false, false, true, 2) => return FrankenFound::Unscored,
        (false, false, true, _) => return FrankenFound::Unscored,
        (false, false, false, 2) => return FrankenFound::Unscored,
        (false, false, false, _) => return FrankenFound::Unscored,
    };
    FrankenFound::Step(StepFound::eliminate(kind, eliminations))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_run_in_lexicographic_order() {
        let mut idx = vec![0, 1];
        let mut seen = vec![idx.clone()];
        while next_combo(&mut idx, 4) {
            seen.push(idx.clone());
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
    }

    #[test]
    fn common_peers_of_two_cells_in_a_box_and_row() {
        // r1c1 and r1c2 share row 1 and box 1: 7 + 6 common peers.
        assert_eq!(common_peers(1 | 1 << 1).count_ones(), 13);
    }
}
