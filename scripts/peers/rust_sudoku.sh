#!/usr/bin/env bash
# Builds rust_sudoku (Emerentius's `sudoku` crate, a JCZSolve port, as t-dillon/rust_sudoku_bench
# forks it with a C entry point; a submodule of tdoku) as a peer of dlxlab's benchmarks, from the
# user's checkouts of it and of tdoku (for tdoku's wrapper); their code is not in this repository.
# The crate is built by cargo with its own settings (release, its .cargo/config: target-cpu=native)
# as a static library (tdoku links it as a shared one), into OUT/cargo-target, not the checkout.
#
#   TDOKU_SRC=/path/to/tdoku scripts/peers/rust_sudoku.sh RUST_SUDOKU_SRC [OUT]
#
# OUT/rust_sudoku_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). It keeps no solution
# (answers `unique`). Guesses: its own count. The `sudoku` crate in process is also dlxlab's
# `--features peer` row, `sudoku-crate` (a later version of the same crate).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=rust_sudoku PEER_SOLVER=OtherSolverRustSudoku PEER_SOLUTION=0
PEER_NEEDS="Cargo.toml src/lib.rs"
PEER_USAGE="usage: TDOKU_SRC=/path/to/tdoku scripts/peers/rust_sudoku.sh RUST_SUDOKU_SRC [OUT]"
PEER_FLAGS_NOTE="; the crate: cargo --release, -C target-cpu=native (its .cargo/config)"
peer_compile() {
  TDOKU=${TDOKU_SRC:?set TDOKU_SRC to a tdoku checkout (for its wrapper, other/other_solvers.cc)}
  (cd "$SRC" && CARGO_TARGET_DIR="$out/cargo-target" cargo rustc --quiet --release --lib --crate-type staticlib)
  cp "$out/cargo-target/release/libsudoku.a" "$tmp/libsudoku.a"
  PEER_LIBS=("$tmp/libsudoku.a" -lpthread -ldl -lm)
  PEER_FLAGS_NOTE="$PEER_FLAGS_NOTE; $(rustc --version)"
  peer_tdoku_wrapper RUST_SUDOKU
}
peer_main "$@"
