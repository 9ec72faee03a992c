#!/usr/bin/env bash
# band against tdoku on the field's data sets, in process and as a whole process, with and without
# `--permute`: the raw tables behind reports/arena/band-vs-tdoku.md.
#
#   scripts/band-vs-tdoku.sh OUT [DLXLAB] [TDOKU_DIR] [SEED]
#
# OUT gets one `bench` table per data set and mode (NAME-{in,whole}[-permute].md) and machine.txt.
# DLXLAB defaults to target/release/dlxlab, TDOKU_DIR to target/peers/tdoku (built by
# scripts/peers/tdoku.sh), SEED (for `--permute`) to 1. The data sets: $FIELD (default
# /work/fielddata, tdoku's sets as files; a missing one is skipped and said so) and the committed
# datasets/field-*.txt. Everything is pinned to one core ($CPU, default 0); whole-process runs repeat a
# set up to 50,000 puzzles and take ROUNDS (default 5) timed rounds, in-process runs PASSES
# (default 9) passes, alternating with tdoku's own loop. MAX (default 0, all) keeps the first MAX
# puzzles of each set; SETS (default all) names the sets to run, space-separated.
set -euo pipefail
[[ $# -ge 1 && "$1" != -h && "$1" != --help ]] || { sed -n '2,16p' "$0"; exit 2; }
out="$1"; bin="${2:-target/release/dlxlab}"; tdoku="${3:-target/peers/tdoku}"; seed="${4:-1}"
field="${FIELD:-/work/fielddata}"; max="${MAX:-0}"; cpu="${CPU:-0}"; rounds="${ROUNDS:-5}"; passes="${PASSES:-9}"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin() { taskset -c "$cpu" "$@"; }
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "git: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo ' (+ uncommitted src changes)')"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "compiled path: $("$bin" solvers | sed -n 's/^  compiled path:  //p' | head -n 1)"
  echo "pinned to cpu $cpu of $(nproc); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "whole-process rounds: $rounds; in-process passes: $passes; permute seed: $seed; first $max puzzles of each set (0: all)"
  sed -n 3p "$tdoku/BUILD-INFO"
} > "$out/machine.txt"
sets=()
for f in 17-clue top1465 forum-hardest-1106 forum-hardest-1905-11plus serg unbiased-first1000; do
  if [[ -f "$field/$f.txt" ]]; then sets+=("$f $field/$f.txt"); else echo "skipped $f: $field/$f.txt missing" | tee -a "$out/machine.txt"; fi
done
for f in datasets/field-*.txt; do sets+=("$(basename "$f" .txt) $f"); done
for entry in "${sets[@]}"; do
  read -r name file <<< "$entry"
  if [[ -n "${SETS:-}" && " $SETS " != *" $name "* ]]; then continue; fi
  grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | cut -d' ' -f1 \
    | awk -v max="$max" 'max == 0 || NR <= max' > "$work/$name.txt"
  n=$(wc -l < "$work/$name.txt")
  times=$(( (50000 + n - 1) / n ))
  : > "$work/$name-x.txt"
  for ((i = 0; i < times; i++)); do cat "$work/$name.txt" >> "$work/$name-x.txt"; done
  echo "== $name: $n puzzles (whole process: x$times), load $(cut -d' ' -f1 /proc/loadavg)"
  for perm in "" "--permute $seed"; do
    tag=""; [[ -n "$perm" ]] && tag="-permute"
    # shellcheck disable=SC2086
    pin "$bin" bench --corpus "$work/$name.txt" --solvers band --warmup 200 --passes "$passes" \
      --in-process-peer "$tdoku/tdoku_loop" $perm > "$out/$name-in$tag.md"
    # shellcheck disable=SC2086
    pin "$bin" bench --corpus "$work/$name-x.txt" --solvers band --warmup 200 --whole-process \
      --rounds "$rounds" --peer "$tdoku/tdoku_whole" $perm > "$out/$name-whole$tag.md"
  done
  pin "$tdoku/tdoku_external" < "$work/$name.txt" \
    | awk -v n="$n" '{ for (i = 2; i <= NF; i++) if ($i ~ /^tdoku_guesses=/) { split($i, a, "="); s += a[2] } }
                     END { printf "%.2f\n", s / n }' > "$out/$name-tdoku-guesses.txt"
  echo "$n $times" > "$out/$name-size.txt"
done
