//! HoDoKu 2.2's Sue de Coq, the first instance in HoDoKu's scan order (ported from
//! `solver/MiscellaneousSolver.java`: `getSueDeCoq`, `getSueDeCoqInt`, `checkIntersection`,
//! `checkHouses` and `checkCandidatesToDelete`, with `onlyOne` set, as the rating calls them).
//!
//! Rows are tried against every box, then columns against every box. In each intersection of
//! at least two empty cells, 2- and 3-cell subsets (lexicographic) holding at least two more
//! digits than cells are tried. The line cells, then the box cells, are chosen by a depth-first
//! search over all subsets in lexicographic order; the box cells may not use the intersection
//! digits that the line cells hold. The eliminations are the box's other cells first, then the
//! line's, each in cell order with digits ascending.

use super::board::{digits, house_cells, Board};
use super::steps::{Kind, StepFound};

/// The intersection, line and box cells of one candidate pattern.
struct Frame<'a> {
    /// The board searched.
    b: &'a Board,
    /// The empty cells of the line.
    line: Vec<usize>,
    /// The empty cells of the box.
    block: Vec<usize>,
    /// The chosen intersection cells.
    inter: Vec<usize>,
    /// The digits of the chosen intersection cells.
    inter_cands: u16,
}

/// The first Sue de Coq (`MiscellaneousSolver.getSueDeCoq`).
pub(super) fn sue_de_coq(b: &Board) -> Option<StepFound> {
    (0..18).find_map(|line| (18..27).find_map(|block| intersection(b, line, block)))
}

/// The empty cells of house `h`, ascending.
fn empty_cells(b: &Board, h: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = house_cells(h)
        .into_iter()
        .filter(|&c| b.values[c] == 0)
        .collect();
    cells.sort_unstable();
    cells
}

/// The digit mask of `cells`.
fn mask(b: &Board, cells: &[usize]) -> u16 {
    cells.iter().fold(0, |m, &c| m | b.cands[c])
}

/// `getSueDeCoqInt` for one line and box, then `checkIntersection`.
fn intersection(b: &Board, line: usize, block: usize) -> Option<StepFound> {
    let line_cells = empty_cells(b, line);
    let block_cells = empty_cells(b, block);
    let common: Vec<usize> = line_cells
        .iter()
        .copied()
        .filter(|c| block_cells.contains(c))
        .collect();
    if common.len() < 2 {
        return None;
    }
    let n = common.len();
    let mut frame = Frame {
        b,
        line: line_cells,
        block: block_cells,
        inter: Vec::new(),
        inter_cands: 0,
    };
    for i1 in 0..n.saturating_sub(1) {
        for i2 in i1 + 1..n {
            let pair = [common[i1], common[i2]];
            if let Some(s) = frame.try_inter(&pair) {
                return Some(s);
            }
            for &c3 in &common[i2 + 1..] {
                if let Some(s) = frame.try_inter(&[common[i1], common[i2], c3]) {
                    return Some(s);
                }
            }
        }
    }
    None
}

impl Frame<'_> {
    /// Tries the intersection cells `cells` when they hold at least two more digits than cells
    /// (`checkHouses(nPlus, cand, onlyOne)`).
    fn try_inter(&mut self, cells: &[usize]) -> Option<StepFound> {
        let cands = mask(self.b, cells);
        let n_plus = cands.count_ones() as usize;
        if n_plus < cells.len() + 2 {
            return None;
        }
        self.inter = cells.to_vec();
        self.inter_cands = cands;
        let source: Vec<usize> = self
            .line
            .iter()
            .copied()
            .filter(|c| !cells.contains(c))
            .collect();
        let mut found = None;
        subsets(&source, &mut |line_act| {
            let line_cands = mask(self.b, line_act);
            let contained = (line_cands & cands).count_ones() as usize;
            let extra = (line_cands & !cands).count_ones() as usize;
            let k = line_act.len();
            let need = n_plus - cells.len();
            if contained == 0 || k <= extra || k - extra >= need {
                return false;
            }
            let allowed = !(line_cands & cands);
            let box_source: Vec<usize> = self
                .block
                .iter()
                .copied()
                .filter(|c| !cells.contains(c) && !line_act.contains(c))
                .collect();
            let need_box = need - (k - extra);
            subsets(&box_source, &mut |box_act| {
                let box_cands = mask(self.b, box_act);
                if box_cands & !allowed != 0 {
                    return false;
                }
                let contained = (box_cands & cands).count_ones() as usize;
                let extra = (box_cands & !cands).count_ones() as usize;
                if contained == 0 || box_act.len() < extra || box_act.len() - extra != need_box {
                    return false;
                }
                found = self.eliminations(line_act, line_cands, box_act, box_cands);
                found.is_some()
            })
        });
        found
    }

    /// The eliminations of one pattern (box first, then line), if any.
    fn eliminations(
        &self,
        line_act: &[usize],
        line_cands: u16,
        box_act: &[usize],
        box_cands: u16,
    ) -> Option<StepFound> {
        let both = box_cands & line_cands;
        let box_del = ((self.inter_cands | box_cands) & !line_cands) | both;
        let line_del = ((self.inter_cands | line_cands) & !box_cands) | both;
        let mut elims = Vec::new();
        for (cells, act, del) in [
            (&self.block, box_act, box_del),
            (&self.line, line_act, line_del),
        ] {
            for &c in cells {
                if act.contains(&c) || self.inter.contains(&c) {
                    continue;
                }
                elims.extend(digits(self.b.cands[c] & del).map(|d| (c, d)));
            }
        }
        (!elims.is_empty()).then(|| StepFound::eliminate(Kind::SueDeCoq, elims))
    }
}

/// Visits the non-empty subsets of `source` in lexicographic depth-first order (HoDoKu's stack
/// search in `checkHouses`), stopping when `visit` returns true.
fn subsets(source: &[usize], visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    /// Extends `chosen` with each cell from `start` on, visiting then descending.
    fn go(
        source: &[usize],
        start: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        for i in start..source.len() {
            chosen.push(source[i]);
            if visit(chosen) || go(source, i + 1, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    go(source, 0, &mut Vec::new(), visit)
}
