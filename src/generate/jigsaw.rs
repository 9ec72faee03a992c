//! Random jigsaw region layouts: nine connected regions of nine cells on the 9x9 grid.
//!
//! **Method.** Start from the nine 3x3 boxes and make [`SWAP_PROPOSALS`] proposals, each drawn
//! from the random stream: a random cell `a` and a random edge neighbour `n` of it; if `n` lies in
//! another region `B` than `a`'s region `A`, a random cell `b` of `B` that touches `A` (at a cell
//! other than `a`) is drawn, and the two trade places (`a` joins `B`, `b` joins `A`), which keeps
//! every region at nine cells. The trade is kept only when `A` and `B` are both still connected
//! (edge to edge). (Trading `a` with `n` itself would never work from the boxes: `n`'s only
//! neighbour in `A` across a straight border is `a`.) Every proposal is a step of a random walk
//! over the connected layouts; a fixed number of proposals (not of accepted trades) keeps the
//! stream use simple. The walk is not a uniform sample of the layouts. Some layouts it reaches
//! have no complete grid, or one that is hard to find; the generator
//! ([`super::variant::generate_variant`]) rejects a layout whose grid search runs out of budget.

use rand::seq::IndexedRandom;
use rand::Rng;

/// Trades proposed per layout.
pub const SWAP_PROPOSALS: usize = 1000;

/// Whether the cells with `map[c] == region` are connected edge to edge (true for no cells).
pub fn region_connected(map: &[u8], region: u8) -> bool {
    let Some(first) = (0..81).find(|&c| map[c] == region) else {
        return true;
    };
    let mut seen = [false; 81];
    seen[first] = true;
    let mut stack = vec![first];
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for n in neighbours(c) {
            if map[n] == region && !seen[n] {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == map.iter().filter(|&&r| r == region).count()
}

/// The edge neighbours of a cell of the 9x9 grid.
pub fn neighbours(c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / 9, c % 9);
    [
        (r > 0).then(|| c - 9),
        (r < 8).then(|| c + 9),
        (col > 0).then(|| c - 1),
        (col < 8).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// Renumbers regions in order of first appearance (row by row), as the jigsaw parser does.
fn normalise(map: &mut [u8]) {
    let mut new_of = [u8::MAX; 9];
    let mut next = 0;
    for r in map.iter_mut() {
        let old = *r as usize;
        if new_of[old] == u8::MAX {
            new_of[old] = next;
            next += 1;
        }
        *r = new_of[old];
    }
}

/// A random layout (method in the module doc): the region (0..9, numbered in order of first
/// appearance) of each cell.
pub fn random_layout<R: Rng>(rng: &mut R) -> Vec<u8> {
    let mut map: Vec<u8> = (0..81)
        .map(|c| ((c / 27) * 3 + (c % 9) / 3) as u8)
        .collect();
    for _ in 0..SWAP_PROPOSALS {
        let a = rng.random_range(0..81);
        let Some(&n) = neighbours(a).collect::<Vec<_>>().choose(rng) else {
            continue;
        };
        let (ra, rb) = (map[a], map[n]);
        if ra == rb {
            continue;
        }
        // `a` joins B next to `n`; a cell of B that touches A elsewhere joins A.
        let back: Vec<usize> = (0..81)
            .filter(|&b| map[b] == rb && neighbours(b).any(|x| x != a && map[x] == ra))
            .collect();
        let Some(&b) = back.choose(rng) else {
            continue;
        };
        map[a] = rb;
        map[b] = ra;
        if !(region_connected(&map, ra) && region_connected(&map, rb)) {
            map[a] = ra;
            map[b] = rb;
        }
    }
    normalise(&mut map);
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn layouts_have_nine_connected_regions_of_nine() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(3);
        for _ in 0..20 {
            let map = random_layout(&mut rng);
            for k in 0..9u8 {
                assert_eq!(map.iter().filter(|&&r| r == k).count(), 9);
                assert!(region_connected(&map, k));
            }
            let boxes: Vec<u8> = (0..81)
                .map(|c| ((c / 27) * 3 + (c % 9) / 3) as u8)
                .collect();
            assert_ne!(map, boxes);
        }
    }

    #[test]
    fn connectivity_is_edge_to_edge() {
        let mut map = vec![1u8; 81];
        map[0] = 0;
        map[10] = 0;
        assert!(
            !region_connected(&map, 0),
            "diagonal neighbours do not connect"
        );
        map[1] = 0;
        assert!(region_connected(&map, 0));
        assert!(region_connected(&map, 1));
    }
}
