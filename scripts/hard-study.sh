#!/usr/bin/env bash
# Remakes reports/hard/ (issue 13): every built-in solver and the two reference adapters
# (the `sudoku` crate through examples/external_sudoku.rs, and the Python MRV solver
# examples/external_solver.py) on datasets/hard.txt, ratings and plots included.
#
#   scripts/hard-study.sh [--timing serial]
#
# The committed report was made on a loaded 2-core machine with the default parallel timing; on a
# quiet machine, `--timing serial` gives fair single-threaded times. runs.csv and ratings.csv are
# written too but not committed (see reports/hard/discussion.md).
set -euo pipefail
cargo build --release --quiet
cargo build --release --quiet --example external_sudoku
target/release/dlxlab check --corpus datasets/hard.txt \
  --solvers backtrack,mrv,singles,locked,subsets,fast,dlx,dc
target/release/dlxlab study --corpus datasets/hard.txt --out reports/hard "$@" \
  --external sudoku-crate=target/release/examples/external_sudoku \
  --external py-mrv="python3 examples/external_solver.py"
