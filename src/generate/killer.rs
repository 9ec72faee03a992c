//! Random killer cage layouts for a complete grid.
//!
//! **Method.** The cells are visited in a random order; each cell not yet in a cage starts a new
//! cage with a target size drawn uniformly from [`MIN_CAGE`]`..=`[`MAX_CAGE`]. The cage grows one
//! cell at a time by a random edge neighbour of one of its cells that is in no cage yet and whose
//! digit in the solution is not already in the cage, until it reaches its target or no such cell
//! is left (so a cage can end smaller than its target, down to a single cell). Every cage is
//! connected and has distinct digits, and its sum is taken from the solution.
//!
//! One-cell cages (a given in disguise) are kept: joining each to a neighbouring cage was tried
//! and made almost no layout unique (0 of 30 on six grids, several needing more than 2 million
//! DLX nodes to decide), while with them most grids get a unique layout within a few tries. Cages are labelled
//! in order of their first cell (row by row), as the killer parser numbers them.

use rand::seq::IndexedRandom;
use rand::seq::SliceRandom;
use rand::Rng;

use super::jigsaw::neighbours;
use crate::puzzles::variants::Cage;

/// Smallest target cage size.
pub const MIN_CAGE: usize = 2;
/// Largest target cage size.
pub const MAX_CAGE: usize = 5;

/// Cage labels, in order of use: 62 labels, more than the cages a layout can have with
/// [`MIN_CAGE`] 2 in practice; a layout needing more is refused by [`random_cages`].
pub const LABELS: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A random cage partition of all 81 cells for the complete grid `solution` (method in the module
/// doc); `None` in the unlikely case it has more cages than [`LABELS`].
pub fn random_cages<R: Rng>(solution: &[u8], rng: &mut R) -> Option<Vec<Cage>> {
    let mut cage_of = [usize::MAX; 81];
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = rng.random_range(MIN_CAGE..=MAX_CAGE);
        let id = cages.len();
        let mut cells = vec![start];
        let mut digits = 1u16 << solution[start];
        cage_of[start] = id;
        while cells.len() < target {
            let mut frontier: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|&n| cage_of[n] == usize::MAX && digits >> solution[n] & 1 == 0)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&next) = frontier.choose(rng) else {
                break;
            };
            cage_of[next] = id;
            digits |= 1 << solution[next];
            cells.push(next);
        }
        cages.push(cells);
    }
    if cages.len() > LABELS.len() {
        return None;
    }
    for cells in &mut cages {
        cells.sort_unstable();
    }
    cages.sort_by_key(|cells| cells[0]);
    Some(
        cages
            .into_iter()
            .zip(LABELS.iter())
            .map(|(cells, &label)| Cage {
                label: label as char,
                sum: cells.iter().map(|&c| u32::from(solution[c])).sum(),
                cells,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{complete_grid, puzzle_rng};
    use crate::sudoku::Shape;

    #[test]
    fn cages_partition_the_grid_with_distinct_digits_and_right_sums() {
        let mut rng = puzzle_rng(5, 0);
        let grid = complete_grid(Shape::CLASSIC, &mut rng);
        for _ in 0..20 {
            let cages = random_cages(grid.cells(), &mut rng).unwrap();
            let mut covered = [0; 81];
            for cage in &cages {
                assert!((1..=MAX_CAGE).contains(&cage.cells.len()));
                let mut map = vec![0u8; 81];
                for &c in &cage.cells {
                    covered[c] += 1;
                    map[c] = 1;
                }
                assert!(super::super::jigsaw::region_connected(&map, 1));
                let mut digits: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
                assert_eq!(cage.sum, digits.iter().map(|&d| u32::from(d)).sum::<u32>());
                digits.sort_unstable();
                digits.dedup();
                assert_eq!(digits.len(), cage.cells.len());
            }
            assert!(covered.iter().all(|&k| k == 1));
            assert!(cages.windows(2).all(|w| w[0].cells[0] < w[1].cells[0]));
        }
    }
}
