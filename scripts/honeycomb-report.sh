#!/usr/bin/env sh
# Reproduces the tables of reports/honeycomb/summary.md: both honeycomb solvers on the hard set
# (from $DLXLAB_DATA, default ../shared/datasets) (every 5th puzzle, 210) and on 200 generated puzzles (seed 1),
# then DLX alone on all 1,050 hard puzzles (status counts and node statistics).
set -eu
DATA="${DLXLAB_DATA:-../shared/datasets}"
cargo build --release --quiet
BIN=target/release/dlxlab
taskset -c 0 "$BIN" honeycomb compare "$DATA/hanidoku-hard.txt" --every 5
echo
taskset -c 0 "$BIN" honeycomb compare --generate 200 --seed 1
echo
# Mean, median, p90 (nearest rank) and max of a column of numbers.
stats() {
  sort -n | awk '{ v[NR] = $1; s += $1 }
    END { printf "mean %.1f median %s p90 %s max %s\n", s / NR, v[int((NR + 1) / 2)], v[int(0.9 * NR + 0.999)], v[NR] }'
}
OUT=$(mktemp)
grep -v '^#' "$DATA/hanidoku-hard.txt" | xargs taskset -c 0 "$BIN" honeycomb solve --solver xc >"$OUT"
echo "DLX on all hard puzzles, statuses:"
grep '^status' "$OUT" | cut -d' ' -f2 | sort | uniq -c
printf "nodes: "
awk '/^status/ { print $6 }' "$OUT" | stats
printf "time (us): "
awk '/^status/ { print $10 / 1000 }' "$OUT" | stats
rm -f "$OUT"
