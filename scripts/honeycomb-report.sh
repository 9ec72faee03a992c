#!/usr/bin/env sh
# Reproduces the tables of reports/honeycomb/summary.md: both honeycomb solvers on the hard set
# (from $DLXLAB_DATA, default ../shared/datasets) and on 300 generated puzzles (seed 1).
set -eu
DATA="${DLXLAB_DATA:-../shared/datasets}"
cargo build --release --quiet
BIN=target/release/dlxlab
taskset -c 0 "$BIN" honeycomb compare "$DATA/hanidoku-hard.txt"
echo
taskset -c 0 "$BIN" honeycomb compare --generate 300 --seed 1
