#!/usr/bin/env bash
# Remakes reports/hard/ (issue 13): checks datasets/hard.txt with every built-in solver, then
# regenerates the study as scripts/reproduce.sh does for every committed report (every built-in
# solver and the two reference adapters: the `sudoku` crate through examples/external_sudoku.rs
# and the Python MRV solver examples/external_solver.py; ratings and plots included), so that
# `scripts/reproduce.sh --check hard` proves it.
#
#   scripts/hard-study.sh
#
# Run it from a clean checkout (meta.json records the revision). runs.csv and ratings.csv are
# written too but not committed (see reports/hard/discussion.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
"$(bash scripts/target-dir.sh)/release/dlxlab" check --corpus datasets/hard.txt \
  --solvers backtrack,mrv,singles,locked,subsets,fast,dlx,dc
exec scripts/reproduce.sh hard
