//! Solves the first puzzles of the 17-clue sample with one solver or with the `sudoku` crate, for
//! counting instructions under callgrind (deterministic whatever the machine's load):
//!
//! ```text
//! cargo build --release --example dlx_instructions
//! DLXLAB_DATA=../shared/datasets valgrind --tool=callgrind --toggle-collect='*solve_sample*' \
//!     target/release/examples/dlx_instructions dlx 2000
//! DLXLAB_DATA=../shared/datasets valgrind --tool=callgrind --toggle-collect='*solve_sample*' \
//!     target/release/examples/dlx_instructions peer 2000
//! ```
//!
//! Only `solve_sample` is counted (`--toggle-collect`): parsing, the solver's one-off matrix build
//! (a first solve outside it) and start-up are not. Divide the `Ir` total by the puzzle count. The
//! job is the solver table's: count up to two solutions, keep the first. Without valgrind it
//! prints the totals of nodes and guesses, so a run also checks that the work did not change.

use std::hint::black_box;
use std::path::PathBuf;

use dlxlab::solvers::{all_solvers, SolveLimits, Solver, Status};
use dlxlab::sudoku::Grid;

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "dlx".into());
    let count: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let lines = load(count);
    if which == "peer" {
        let peers: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("sample puzzles parse"))
            .collect();
        let unique = solve_sample_peer(&peers);
        println!("peer: {} puzzles, {unique} unique", peers.len());
        return;
    }
    let solver = all_solvers()
        .into_iter()
        .find(|s| s.name() == which)
        .unwrap_or_else(|| panic!("no solver named {which}"));
    let grids: Vec<Grid> = lines
        .iter()
        .map(|l| Grid::parse(l).expect("sample puzzles parse"))
        .collect();
    let limits = SolveLimits::default();
    // Builds the solver's cached state outside the counted function.
    black_box(solver.solve(&grids[0], &limits));
    let (unique, nodes, guesses) = solve_sample(solver.as_ref(), &grids, &limits);
    println!(
        "{which}: {} puzzles, {unique} unique, {nodes} nodes, {guesses} guesses",
        grids.len()
    );
}

/// The counted work: every grid solved once. Returns the number of unique puzzles and the total
/// nodes and guesses.
#[inline(never)]
pub fn solve_sample(
    solver: &dyn Solver,
    grids: &[Grid],
    limits: &SolveLimits,
) -> (usize, u64, u64) {
    let (mut unique, mut nodes, mut guesses) = (0, 0, 0);
    for grid in grids {
        let out = solver.solve(black_box(grid), limits);
        unique += usize::from(out.status == Status::Unique);
        nodes += out.stats.nodes;
        guesses += out.stats.guesses;
    }
    (unique, nodes, guesses)
}

/// The peer's counted work, as the solver table calls it. Returns the number of unique puzzles.
#[inline(never)]
pub fn solve_sample_peer(peers: &[sudoku::Sudoku]) -> usize {
    let mut unique = 0;
    for &peer in peers {
        let mut first = [[0u8; 81]];
        let n = black_box(peer).solutions_up_to_buffer(&mut first, 2);
        black_box(&first);
        unique += usize::from(n == 1);
    }
    unique
}

/// The first `count` puzzles of `$DLXLAB_DATA/17-clue.txt` (else `../shared/datasets`).
fn load(count: usize) -> Vec<String> {
    let dir = std::env::var_os("DLXLAB_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"));
    let path = dir.join("17-clue.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(count)
        .map(String::from)
        .collect()
}
