#!/usr/bin/env bash
# Makes reports/speed/ (issue 23): every built-in solver, the `sudoku` crate and tdoku on the
# 17-clue list, datasets/hard.txt, datasets/hard-search.txt and every fetched hard list present
# (datasets/forum-hardest-1905.txt, forum-hardest-1106.txt, top1465.txt, top95.txt): puzzles/s in
# process (tdoku by its own loop, scripts/peers/tdoku_loop.c) and as a whole process, guesses per
# puzzle, one thread pinned to one core, same run;
# then report.md and the tidy speed.csv (scripts/speed-report.py) and the figures, PNG and SVG,
# drawn from speed.csv by plotters (examples/speed_plots.rs, src/report/speed.rs).
#
#   DLXLAB_DATA=/work/shared/datasets TDOKU_SRC=/path/to/tdoku [ROUNDS=7] [FASTEST=band,fast] scripts/speed-report.sh [OUT] [CPU]
#
# OUT defaults to reports/speed, CPU (the core everything is pinned to) to 0. Without TDOKU_SRC
# tdoku's columns are left out (and the report says so). Small corpora are repeated so that a
# whole-process run takes at least 0.3 s (a process start is about 1 ms). In process, `mrv` and
# `backtrack` are left out: they take hours, or hit their node budget, on these corpora.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DLXLAB_DATA:?set DLXLAB_DATA to the shared datasets directory (17-clue.txt)}"
out=${1:-reports/speed}
cpu=${2:-0}
rounds=${ROUNDS:-7}
# dlxlab's fastest solvers, each timed as a whole process against the peers.
fastest=${FASTEST:-band,fast}
# The revision measured, taken before this script writes anything (its own output does not count).
rev="$(git rev-parse --short HEAD)$(git diff --quiet -- . ":(exclude)$out" || echo ' (uncommitted changes)')"
mkdir -p "$out/raw"
cargo build --release --features peer --quiet --bin dlxlab --example sudoku_whole --example speed_plots
target=$(bash scripts/target-dir.sh)
bin="$target/release/dlxlab"
crate_whole="$target/release/examples/sudoku_whole"
tdoku=""
if [[ -n "${TDOKU_SRC:-}" ]]; then
  scripts/peers/tdoku.sh "$TDOKU_SRC" "$target/peers/tdoku"
  tdoku="$target/peers/tdoku"
  cp "$tdoku/BUILD-INFO" "$out/raw/tdoku-build-info.txt"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin() { taskset -c "$cpu" "$@"; }

# name, file, times repeated for the whole-process runs
# (x50: band takes about 6 µs a puzzle on both hard corpora, so a run lasts at least 0.3 s).
corpora=("17-clue $DLXLAB_DATA/17-clue.txt 1" "hard datasets/hard.txt 50" "hard-search datasets/hard-search.txt 50")
for f in forum-hardest-1905 forum-hardest-1106 top1465 top95; do
  [[ -f datasets/$f.txt ]] && corpora+=("$f datasets/$f.txt auto")
done

{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "git: $rev"
  echo "rustc: $(rustc --version)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "cpu features: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -xE 'sse4_1|sse4_2|popcnt|avx|avx2|bmi1|bmi2|lzcnt|avx512f|avx512bw|avx512vl' | tr '\n' ' ')"
  echo "fast's and band's compiled path: $("$bin" solvers | sed -n 's/^  compiled path:  //p' | head -n 1)"
  echo "pinned to cpu $cpu of $(nproc); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "whole-process rounds: $rounds (after one untimed)"
} > "$out/raw/machine.txt"

for entry in "${corpora[@]}"; do
  read -r name file times <<< "$entry"
  grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | cut -d' ' -f1 > "$work/$name.txt"
  n=$(wc -l < "$work/$name.txt")
  if [[ "$times" == auto ]]; then times=$(( (50000 + n - 1) / n )); fi
  : > "$work/$name-x.txt"
  for ((i = 0; i < times; i++)); do cat "$work/$name.txt" >> "$work/$name-x.txt"; done
  echo "== $name: $n puzzles (whole process: x$times)"
  # In process: every built-in solver that finishes, the sudoku crate (row sudoku-crate) and
  # tdoku's own loop (row tdoku_loop, `--in-process-peer`), in passes alternating between them
  # (medians; `vs crate` and `vs tdoku_loop` from same-pass ratios): $rounds passes, three times
  # as many on a corpus under 10,000 puzzles (a pass of hard.txt lasts about 6 ms).
  passes=$rounds
  if ((n < 10000)); then passes=$((3 * rounds)); fi
  loop_peer=()
  if [[ -n "$tdoku" ]]; then loop_peer=(--in-process-peer "$tdoku/tdoku_loop"); fi
  pin "$bin" bench --corpus "$work/$name.txt" --solvers singles,locked,subsets,fast,band,dlx,dc \
    --warmup 200 --passes "$passes" "${loop_peer[@]}" > "$out/raw/$name-in-process.md"
  # Whole process, the fastest solvers against each peer, on the repeated corpus.
  pin "$bin" bench --corpus "$work/$name-x.txt" --solvers "$fastest" --warmup 200 --whole-process \
    --rounds "$rounds" --peer "$crate_whole" > "$out/raw/$name-whole-crate.md"
  if [[ -n "$tdoku" ]]; then
    pin "$bin" bench --corpus "$work/$name-x.txt" --solvers "$fastest" --warmup 200 --whole-process \
      --rounds "$rounds" --peer "$tdoku/tdoku_whole" > "$out/raw/$name-whole-tdoku.md"
    # tdoku's own guess count (one per binary branch on a digit's band configuration).
    pin "$tdoku/tdoku_external" < "$work/$name.txt" \
      | awk -v n="$n" '{ for (i = 2; i <= NF; i++) if ($i ~ /^tdoku_guesses=/) { split($i, a, "="); s += a[2] } }
                       END { printf "%.2f\n", s / n }' > "$out/raw/$name-tdoku-guesses.txt"
  fi
  echo "$n $times" > "$out/raw/$name-size.txt"
done
# The compiled paths against each other: the same `dlxlab solve` on the repeated hard corpora,
# alternating rounds, CPU seconds (user + system) of each run; a line per corpus, solver and path.
paths=$("$bin" solvers | sed -n 's/^  compiled path:  \([^ ]*\) (this CPU also runs: \(.*\);.*/\1 \2/p' | head -n 1 | tr -d ',' | sed 's/ none$//')
: > "$out/raw/paths.txt"
for name in hard hard-search; do
  for solver in ${fastest//,/ }; do
    for ((r = 0; r < rounds; r++)); do
      for p in $paths; do
        t=$( { DLXLAB_FAST_PATH=$p /usr/bin/time -f '%U %S' taskset -c "$cpu" "$bin" solve --solver "$solver" \
                --threads 1 --corpus "$work/$name-x.txt" > /dev/null; } 2>&1 | tail -n 1)
        echo "$name $solver $p $t" >> "$out/raw/paths.txt"
      done
    done
  done
done
python3 scripts/speed-report.py "$out"
"$target/release/examples/speed_plots" "$out"
echo "wrote $out/report.md, $out/speed.csv and the figures"
