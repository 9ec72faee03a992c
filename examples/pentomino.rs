//! Pentomino tilings of a rectangle, counted up to symmetry, with a picture of the first one.
//!
//! ```sh
//! cargo run --release --example pentomino -- 6x10
//! ```

use dlxlab::puzzles::polyomino::Tiling;
use dlxlab::xc::dlx::Dlx;
use dlxlab::xc::{Control, Limits};

/// Tilings of a `rows x cols` rectangle (area 60) up to its symmetries, all tilings, and a picture
/// of the first one found.
pub fn solve(rows: usize, cols: usize) -> (u64, u64, Option<String>) {
    // Symmetry breaking restricts one piece to one placement per orbit of the board's symmetries,
    // so every tiling is found exactly once up to rotation and reflection.
    let tiling = Tiling::pentominoes(rows, cols, true).expect("a board of 60 cells");
    let mut dlx = Dlx::new(tiling.problem()).expect("no multiplicities");
    let mut first = None;
    let result = dlx.search(&Limits::NONE, |solution| {
        if first.is_none() {
            first = Some(tiling.picture(solution).expect("a tiling"));
        }
        Control::Continue
    });
    let up_to_symmetry = result.stats.solutions;
    (
        up_to_symmetry,
        up_to_symmetry * tiling.symmetry_factor() as u64,
        first,
    )
}

fn main() {
    let board = std::env::args().nth(1).unwrap_or_else(|| "3x20".into());
    let (rows, cols) = board
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .expect("the board is ROWSxCOLS, e.g. 6x10");
    let (reduced, all, first) = solve(rows, cols);
    println!("{rows}x{cols}: {reduced} tilings up to symmetry, {all} in all");
    if let Some(picture) = first {
        print!("{picture}");
    }
}
