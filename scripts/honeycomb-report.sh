#!/usr/bin/env sh
# Reproduces the tables of reports/honeycomb/summary.md: both honeycomb solvers on all 1,050
# puzzles of the hard set (from $DLXLAB_DATA, default ../shared/datasets), then on 200 generated
# puzzles (seed 1), then the random-path estimate of the number of complete grids, the sampled
# split estimate and the exact count (86,256; a few minutes of one core). Pinned to one core so
# that the two solvers' times are taken under the same conditions.
set -eu
DATA="${DLXLAB_DATA:-../shared/datasets}"
cargo build --release --quiet
BIN="$(bash scripts/target-dir.sh)/release/dlxlab"
taskset -c 0 "$BIN" honeycomb compare "$DATA/hanidoku-hard.txt"
echo
taskset -c 0 "$BIN" honeycomb compare --generate 200 --seed 1
echo
"$BIN" honeycomb estimate --samples 2000 --seed 1
"$BIN" honeycomb sample --depth 20 --samples 20000 --seed 1
taskset -c 0 "$BIN" honeycomb count "$(printf '%61s' '' | tr ' ' .)"
