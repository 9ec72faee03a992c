//! Sukaku Explainer's "4 Strong-Linked Fishes": chains of four strong links of one digit, the
//! longest strong-link chains its default producer list runs (its five- and six-link producers
//! exist but are switched off by default; `docs/rating.md`).
//!
//! A chain is `start = b1 - c2 = b2 - c3 = b3 - c4 = end`: four strong links (`=`, the digit's
//! only two places in a unit, each place a cell or a group of cells of one box and one line) in
//! four different units with pairwise disjoint nodes, joined by three weak links (`-`, the two
//! nodes lie together in one column, row or box — SE's "share region", looked for in that order).
//! If `start` is not the digit, `b1` is, so `c2` is not, and so on: one of `start` and `end` holds
//! the digit, which leaves every cell that sees all of both, except the cells of the base units
//! and of the share units (SE excludes both). When `start` and `end` themselves share a unit the
//! chain closes into an X-loop: every weak link of the ring becomes a strong one, so the digit
//! also leaves every cell that sees both nodes of any weak link (base units still excluded).
//!
//! Scores (SE's `StrongLinksHint.getDifficulty` with four links): 5.8 when the links are all
//! rows or all columns ("4 Skyscrapers"), 6.0 with a box and both kinds of line, 5.9 otherwise
//! ("4 Strong Links"), 6.1 when a link has a group node. SE collects every chain that eliminates
//! something and applies the one with the lowest score, then the most eliminations, then the
//! smallest "suffix" (the number of grouped links and the link kinds, normalised); among equals,
//! the first found here (SE's own enumeration order is not reproduced).

use super::single_digit::{seen_by_all, strong_links, Link};
use super::{
    cells_name, cells_of, eliminations_of, unit_kind, unit_name, State, Step, Technique, UnitKind,
    UNIT_SETS,
};

/// Links in a chain of this producer.
const LINKS: usize = 4;

/// A strong link read in one direction: `from` is not the digit, so `to` is.
#[derive(Clone, Copy)]
struct Oriented {
    from: u128,
    to: u128,
    unit: usize,
}

/// A chain that eliminates something, with SE's sort keys.
struct Found {
    step: Step,
    count: usize,
    suffix: String,
}

/// The first column, row or box (SE's order) holding every cell of `a` and of `b`.
fn share_unit(a: u128, b: u128) -> Option<usize> {
    let all = a | b;
    let first = all.trailing_zeros() as usize;
    let [bx, row, col] = super::units_of(first);
    [col, row, bx]
        .into_iter()
        .find(|&u| all & !UNIT_SETS[u] == 0)
}

/// Whether a box link is two single cells of one line: SE skips these (the line has the same
/// link), so a chain never counts it as a box.
fn is_line_pair_in_box(l: &Link) -> bool {
    if unit_kind(l.unit) != UnitKind::Box || l.a.count_ones() != 1 || l.b.count_ones() != 1 {
        return false;
    }
    share_unit(l.a, l.b).is_some_and(|u| unit_kind(u) != UnitKind::Box)
}

/// The strong links of digit `d` as SE's producer sees them: a line or box whose candidates
/// form two nodes, where two single cells of one line count as a link of the line, never of
/// their box (`single_digit::strong_links` gives such a pair as a box link only).
fn links(state: &State, d: u8) -> Vec<Link> {
    let mut links: Vec<Link> = strong_links(state, d)
        .into_iter()
        .filter(|l| !is_line_pair_in_box(l))
        .collect();
    let cells = state.digit_cells(d);
    for u in 9..27 {
        let p = cells & UNIT_SETS[u];
        if p.count_ones() != 2 {
            continue;
        }
        let first = p.trailing_zeros() as usize;
        if p & !UNIT_SETS[super::units_of(first)[0]] == 0 {
            let a = 1u128 << p.trailing_zeros();
            links.push(Link {
                a,
                b: p & !a,
                unit: u,
            });
        }
    }
    links
}

/// SE's suffix: the number of grouped links, then the link kinds in chain order (box 0, row 1,
/// column 2) normalised over reversal and the row/column swap (`StrongLinksHint.getSuffix`).
fn suffix(kinds: &[u8], grouped: usize) -> String {
    let fwd: String = kinds.iter().map(|k| char::from(b'0' + k)).collect();
    let rev: String = fwd.chars().rev().collect();
    let set = if fwd <= rev { fwd } else { rev };
    let swap = |c: char| match c {
        '1' => '2',
        '2' => '1',
        c => c,
    };
    let lines = if set.contains('1') {
        let cur: String = set.chars().map(swap).collect();
        let rev_swap: String = cur.chars().rev().collect();
        let swapped = if rev_swap <= cur { rev_swap } else { cur };
        if set <= swapped {
            set
        } else {
            swapped
        }
    } else {
        set.replace('2', "1")
    };
    format!("{grouped}{lines}")
}

/// The technique (and so the score) of a chain: grouped, else by the kinds of its link units.
fn technique_of(units: &[usize; LINKS], grouped: bool) -> Technique {
    let kinds = units.map(unit_kind);
    let has = |k| kinds.contains(&k);
    let boxed = has(UnitKind::Box);
    let mixed = has(UnitKind::Row) && has(UnitKind::Col);
    match (grouped, boxed, mixed) {
        (true, _, _) => Technique::FourStrongLinksGrouped,
        (false, false, false) => Technique::FourSkyscrapers,
        (false, true, true) => Technique::FourStrongLinksBoxAndLines,
        _ => Technique::FourStrongLinks,
    }
}

/// Chains of four strong links (5.8–6.1), SE's choice among them.
pub fn four_strong_links(state: &State) -> Option<Step> {
    let mut found = Vec::new();
    for d in 1..=9u8 {
        let oriented: Vec<Oriented> = links(state, d)
            .iter()
            .flat_map(|l| {
                [
                    Oriented {
                        from: l.a,
                        to: l.b,
                        unit: l.unit,
                    },
                    Oriented {
                        from: l.b,
                        to: l.a,
                        unit: l.unit,
                    },
                ]
            })
            .collect();
        if oriented.len() < 2 * LINKS {
            continue;
        }
        let search = Search::new(state, d, &oriented);
        for first in 0..oriented.len() {
            search.extend(&mut [first; LINKS], 1, &mut found);
        }
    }
    // A stable sort keeps discovery order among equals.
    found.sort_by(|a, b| {
        a.step
            .score_tenths
            .cmp(&b.step.score_tenths)
            .then(b.count.cmp(&a.count))
            .then(a.suffix.cmp(&b.suffix))
    });
    found.into_iter().next().map(|f| f.step)
}

/// The chain search for one digit: the oriented links, and for each the links that may follow
/// it (another unit, disjoint nodes, a share unit between its `to` and their `from`), in link
/// order, computed once instead of at every depth.
struct Search<'a> {
    state: &'a State,
    d: u8,
    oriented: &'a [Oriented],
    next: Vec<Vec<usize>>,
    /// Cells seeing every cell of a link's `from` node and of its `to` node.
    seen: Vec<(u128, u128)>,
}

impl<'a> Search<'a> {
    fn new(state: &'a State, d: u8, oriented: &'a [Oriented]) -> Search<'a> {
        let next = oriented
            .iter()
            .map(|a| {
                (0..oriented.len())
                    .filter(|&j| {
                        let b = &oriented[j];
                        b.unit != a.unit
                            && (a.from | a.to) & (b.from | b.to) == 0
                            && share_unit(a.to, b.from).is_some()
                    })
                    .collect()
            })
            .collect();
        let seen = oriented
            .iter()
            .map(|o| (seen_by_all(o.from), seen_by_all(o.to)))
            .collect();
        Search {
            state,
            d,
            oriented,
            next,
            seen,
        }
    }

    /// Extends `chain[..len]` by every admissible link and, at four links, records the chain if
    /// it eliminates something.
    fn extend(&self, chain: &mut [usize; LINKS], len: usize, found: &mut Vec<Found>) {
        if len == LINKS {
            let (start, end) = (chain[0], chain[LINKS - 1]);
            let (from, to) = (self.oriented[start].from, self.oriented[end].to);
            // An open chain eliminates only what sees both ends: most chains stop here.
            let ends = self.seen[start].0 & self.seen[end].1 & self.state.digit_cells(self.d);
            if ends == 0 && share_unit(from, to).is_none() {
                return;
            }
            let links = chain.map(|i| self.oriented[i]);
            if let Some(f) = evaluate(self.state, self.d, &links) {
                found.push(f);
            }
            return;
        }
        for &j in &self.next[chain[len - 1]] {
            let o = &self.oriented[j];
            let clash = chain[..len - 1].iter().any(|&i| {
                let c = &self.oriented[i];
                c.unit == o.unit || (c.from | c.to) & (o.from | o.to) != 0
            });
            if clash {
                continue;
            }
            chain[len] = j;
            self.extend(chain, len + 1, found);
        }
    }
}

/// The eliminations of a complete chain (open, or closed into an X-loop) as a [`Found`].
fn evaluate(state: &State, d: u8, chain: &[Oriented]) -> Option<Found> {
    let (start, end) = (chain[0].from, chain[LINKS - 1].to);
    let nodes = chain.iter().fold(0u128, |s, o| s | o.from | o.to);
    let base = chain.iter().fold(0u128, |s, o| s | UNIT_SETS[o.unit]);
    let shares: Vec<usize> = chain
        .windows(2)
        .filter_map(|w| share_unit(w[0].to, w[1].from))
        .collect();
    let ring = share_unit(start, end);
    let victims = match ring {
        None => {
            let share = shares.iter().fold(0u128, |s, &u| s | UNIT_SETS[u]);
            seen_by_all(start) & seen_by_all(end) & !base & !share & !nodes
        }
        Some(_) => {
            let weak = chain.windows(2).fold(0u128, |s, w| {
                s | (seen_by_all(w[0].to) & seen_by_all(w[1].from))
            });
            (weak | (seen_by_all(start) & seen_by_all(end))) & !base & !nodes
        }
    };
    let elims = eliminations_of(state, victims, d);
    if elims.is_empty() {
        return None;
    }
    let units = [chain[0].unit, chain[1].unit, chain[2].unit, chain[3].unit];
    let grouped_links = chain
        .iter()
        .filter(|o| (o.from | o.to).count_ones() > 2)
        .count();
    let technique = technique_of(&units, grouped_links > 0);
    let kinds = units.map(|u| match unit_kind(u) {
        UnitKind::Box => 0,
        UnitKind::Row => 1,
        UnitKind::Col => 2,
    });
    let names = |n: u128| format!("{{{}}}", cells_name(cells_of(n)));
    let links = chain
        .iter()
        .map(|o| format!("{}={} ({})", names(o.from), names(o.to), unit_name(o.unit)))
        .collect::<Vec<_>>()
        .join(", ");
    let conclusion = match ring {
        None => format!("one of {} and {} is {}", names(start), names(end), d),
        Some(u) => format!(
            "{} and {} share {}, which closes an X-loop: every weak link is strong",
            names(start),
            names(end),
            unit_name(u)
        ),
    };
    let count = elims.len();
    Some(Found {
        step: Step::eliminations(
            technique,
            elims,
            format!(
                "{}: {} is in {}; the links between them are weak, so {}",
                technique.name(),
                d,
                links,
                conclusion
            ),
        ),
        count,
        suffix: suffix(&kinds, grouped_links),
    })
}

#[cfg(test)]
mod tests;
