//! Counting complete honeycomb grids: the board's symmetries, and an estimate of the number of
//! grids from a split of the DLX search tree with a random sample of its subproblems counted
//! exactly.
//!
//! # Symmetries
//!
//! The hexagon has 12 symmetries (6 rotations, 6 reflections). In cube coordinates `(q, r, s)`,
//! `q + r + s = 0`, they are the maps that permute the three coordinates and possibly negate all
//! three; a coordinate permutation maps the lines of constant `q`, `r`, `s` to lines of constant
//! (another) coordinate, negation maps the line of value `v` to the line of value `−v`, which has
//! the same length `9 − |v|`. So every symmetry maps lines onto lines of equal length, and a grid
//! whose lines hold runs of consecutive distinct digits is mapped to another such grid. Digit
//! reversal `d → 10 − d` maps a run `[a, a + L − 1]` to the run `[10 − a − L + 1, 10 − a]`, so it
//! keeps the rules too, and commutes with the cell maps: a group of 24 maps on grids. The tests
//! check both facts against the line lists and the rule checker. A count could use the group to
//! fix, say, the centre digit to 1..=5 (reversal) — at most a 24-fold saving, which does not bring
//! the count within reach (see `reports/honeycomb/summary.md`).
//!
//! # The estimate
//!
//! [`estimate_grids`] cuts the exact-cover tree of the empty board (MRV, as `dlxlab honeycomb
//! count` searches it) at a depth, counts a uniform random sample of the subproblems there exactly
//! with DLX and scales up ([`crate::xc::sample`]).

use super::{geometry, CELLS};
use crate::xc::sample::{estimate_count, EstimateError, SampleEstimate};
use crate::xc::{ChoicePolicy, Limits};

/// The 12 cell maps of the hexagon: `maps[k][c]` is the image of cell `c`; map 0 is the identity.
pub fn cell_symmetries() -> Vec<[usize; CELLS]> {
    let g = geometry();
    let cell_at = |q: i32, r: i32| g.axial.iter().position(|&a| a == (q, r));
    let mut maps = Vec::new();
    for perm in [
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [2, 1, 0],
        [1, 0, 2],
    ] {
        for sign in [1, -1] {
            let mut map = [0; CELLS];
            for (c, &(q, r)) in g.axial.iter().enumerate() {
                let cube = [q, r, -q - r];
                let image = [sign * cube[perm[0]], sign * cube[perm[1]]];
                map[c] = cell_at(image[0], image[1]).expect("the hexagon maps onto itself");
            }
            maps.push(map);
        }
    }
    maps
}

/// Estimates the number of complete honeycomb grids: [`estimate_count`] on the exact cover of the
/// empty board ([`super::xc::encode`]) with the MRV choice `dlxlab honeycomb count` uses.
pub fn estimate_grids(
    depth: usize,
    samples: usize,
    seed: u64,
    limits: &Limits,
) -> Result<SampleEstimate, EstimateError> {
    let xc = super::xc::encode();
    estimate_count(
        xc.problem(),
        ChoicePolicy::Mrv,
        depth,
        samples,
        seed,
        limits,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::honeycomb::{check_solution, HoneyGrid};
    use rand::SeedableRng;
    use std::collections::HashSet;

    #[test]
    fn symmetries_map_lines_to_lines_of_equal_length() {
        let g = geometry();
        let lines: HashSet<Vec<usize>> = g.lines.iter().cloned().collect();
        let maps = cell_symmetries();
        assert_eq!(maps.len(), 12);
        assert_eq!(maps[0], std::array::from_fn(|c| c));
        assert_eq!(maps.iter().collect::<HashSet<_>>().len(), 12);
        for map in &maps {
            for line in &g.lines {
                let mut image: Vec<usize> = line.iter().map(|&c| map[c]).collect();
                image.sort_unstable();
                assert!(lines.contains(&image));
            }
        }
    }

    #[test]
    fn symmetries_and_reversal_keep_grids_valid() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(4);
        let empty = HoneyGrid::empty();
        for _ in 0..3 {
            let grid = super::super::xc::random_grid(&mut rng);
            check_solution(&empty, &grid).unwrap();
            for map in cell_symmetries() {
                for reverse in [false, true] {
                    let mut image = HoneyGrid::empty();
                    for (&to, &d) in map.iter().zip(grid.cells()) {
                        image.set(to, if reverse { 10 - d } else { d });
                    }
                    check_solution(&empty, &image).unwrap();
                }
            }
        }
    }
}
