#!/usr/bin/env bash
# Makes reports/arena/ (issue 34): tdoku's benchmark table made on this machine — dlxlab's
# solvers, the `sudoku` crate and the historical solvers of tdoku's table (built from the user's
# checkouts by scripts/peers/) on the field's data sets — by the protocol of
# scripts/speed-report.sh: one thread pinned to one core, in process (`dlxlab bench` with each
# peer's own loop, `--in-process-peer`, passes alternating) and whole process (`dlxlab bench
# --whole-process --peer NAME_whole`, rounds alternating, CPU time), every answer checked.
# Then report.md and arena.csv (scripts/arena.py) and the figures, PNG and SVG, drawn from
# arena.csv by plotters (examples/speed_plots.rs, src/report/speed.rs).
#
#   TDOKU_SRC=/path/to/tdoku [FSSS2_SRC=…] [NORVIG_SRC=…] [RUST_SUDOKU_SRC=…] \
#     scripts/arena.sh [--out DIR] [--cpu N] [--data DIR] [--sets A,B] [--peers A,B]
#                      [--prefix N] [--passes P] [--rounds R] [--whole-min M] [--solvers S]
#                      [--in-min M] [--permute SEED]
#
# --data DIR   where the data sets are (default $DLXLAB_DATA, then datasets/): NAME.txt for each
#              of 17-clue, top1465, forum-hardest-1106, forum-hardest-1905-11plus, serg,
#              unbiased-first1000, and the committed stand-ins field-unbiased-minimal,
#              field-random-clues, field-several-solutions (datasets/); a set not found is left
#              out and the report says so.
# --prefix N   the first N puzzles of each set (default 0: all of them).
# --passes P   in-process passes (default 7); --rounds R whole-process rounds (default 5).
# --whole-min M  a whole-process run repeats its set to at least M puzzles (default 20000).
# --in-min M   the in-process passes repeat the set to at least M puzzles (default 10000), so
#              that a pass outlasts the time slices other processes take on a shared core.
# --solvers S  dlxlab's solvers in process (default band,fast,dlx,dc); whole process: band
#              against every peer, and band,dlx,dc against fast_solv_9r2 (dancing links).
# --permute SEED  every puzzle under the random symmetry of SEED and its line, as tdoku's
#              benchmark does (`bench --permute`; the peers get the permuted puzzles, answers are
#              mapped back and checked; the peers' own guess counts stay those of the puzzles as given).
# --peers      which peers (default every one whose source is given: tdoku, bb_sudoku,
#              fast_solv_9r2, zerodoku, kudoku, jsolve, fsss from TDOKU_SRC; fsss2, norvig,
#              rust_sudoku from their own checkouts).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TDOKU_SRC:?set TDOKU_SRC to a tdoku checkout (the peers are built from it)}"
out=reports/arena cpu=0 data=${DLXLAB_DATA:-} sets="" peers="" prefix=0 passes=7 rounds=5
whole_min=20000 in_min=10000 solvers=band,fast,dlx,dc permute=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2 ;; --cpu) cpu=$2 ;; --data) data=$2 ;; --sets) sets=$2 ;; --peers) peers=$2 ;;
    --prefix) prefix=$2 ;; --passes) passes=$2 ;; --rounds) rounds=$2 ;; --whole-min) whole_min=$2 ;; --in-min) in_min=$2 ;;
    --solvers) solvers=$2 ;; --permute) permute=(--permute "$2") ;;
    -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "arena.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift 2
done
command_line="scripts/arena.sh --prefix $prefix --passes $passes --rounds $rounds --whole-min $whole_min --in-min $in_min --solvers $solvers ${permute[*]}${sets:+ --sets $sets}${peers:+ --peers $peers}"
case $out in /*) excl=() ;; *) excl=(":(exclude)$out") ;; esac
rev="$(git rev-parse --short HEAD)$(git diff --quiet -- . "${excl[@]}" || echo ' (uncommitted changes)')"
sets=${sets:-17-clue,top1465,forum-hardest-1106,forum-hardest-1905-11plus,serg,unbiased-first1000,field-unbiased-minimal,field-random-clues,field-several-solutions}
rm -rf "$out/raw"
mkdir -p "$out/raw"
cargo build --release --features peer --quiet --bin dlxlab --example sudoku_whole --example speed_plots
target=$(bash scripts/target-dir.sh)
bin="$target/release/dlxlab"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin() { taskset -c "$cpu" "$@"; }

# The peers: name, build script, source.
all=("tdoku tdoku.sh $TDOKU_SRC" "bb_sudoku bb_sudoku.sh $TDOKU_SRC" "fast_solv_9r2 fast_solv_9r2.sh $TDOKU_SRC"
     "zerodoku zerodoku.sh $TDOKU_SRC" "kudoku kudoku.sh $TDOKU_SRC" "jsolve jsolve.sh $TDOKU_SRC"
     "fsss fsss.sh $TDOKU_SRC" "fsss2 fsss2.sh ${FSSS2_SRC:-}" "norvig norvig.sh ${NORVIG_SRC:-}"
     "rust_sudoku rust_sudoku.sh ${RUST_SUDOKU_SRC:-}")
built=()
: > "$out/raw/peers.txt"
for entry in "${all[@]}"; do
  read -r name script src <<< "$entry"
  if [[ -n "$peers" && ",$peers," != *",$name,"* ]]; then continue; fi
  if [[ -z "$src" ]]; then echo "$name: not built (no source given)" >> "$out/raw/peers.txt"; continue; fi
  if TDOKU_SRC="$TDOKU_SRC" scripts/peers/"$script" "$src" "$target/peers/$name" > "$work/build.log" 2>&1; then
    built+=("$name")
    cp "$target/peers/$name/BUILD-INFO" "$out/raw/$name-build-info.txt"
    echo "$name: built" >> "$out/raw/peers.txt"
  else
    echo "$name: build failed: $(tail -n 1 "$work/build.log")" >> "$out/raw/peers.txt"
  fi
done

{
  echo "command: $command_line"
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "git: $rev"
  echo "rustc: $(rustc --version)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "fast's and band's compiled path: $("$bin" solvers | sed -n 's/^  compiled path:  //p' | head -n 1)"
  echo "pinned to cpu $cpu of $(nproc); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "in-process passes: $passes; whole-process rounds: $rounds (after one untimed); prefix: $prefix (0 = whole sets)"
} > "$out/raw/machine.txt"

loops=()
for p in "${built[@]}"; do loops+=(--in-process-peer "$target/peers/$p/${p}_loop"); done
for name in ${sets//,/ }; do
  file=""
  for dir in $data datasets; do
    [[ -n "$dir" && -f "$dir/$name.txt" ]] && { file="$dir/$name.txt"; break; }
  done
  if [[ -z "$file" ]]; then echo "$name: not found" >> "$out/raw/sets.txt"; continue; fi
  grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | cut -d' ' -f1 > "$work/all.txt"
  if ((prefix > 0)); then head -n "$prefix" "$work/all.txt" > "$work/$name.txt"; else cp "$work/all.txt" "$work/$name.txt"; fi
  n=$(wc -l < "$work/$name.txt")
  times=$(( (whole_min + n - 1) / n ))
  : > "$work/$name-x.txt"
  for ((i = 0; i < times; i++)); do cat "$work/$name.txt" >> "$work/$name-x.txt"; done
  in_times=$(( (in_min + n - 1) / n ))
  : > "$work/$name-in.txt"
  for ((i = 0; i < in_times; i++)); do cat "$work/$name.txt" >> "$work/$name-in.txt"; done
  echo "$name: $file, $(wc -l < "$work/all.txt") puzzles, $n used, in process x$in_times, whole process x$times" >> "$out/raw/sets.txt"
  echo "$n $times $in_times" > "$out/raw/$name-size.txt"
  echo "== $name: $n puzzles (in process: x$in_times, whole process: x$times)"
  # In process: dlxlab's solvers, the sudoku crate (--features peer) and every peer's own loop.
  pin "$bin" bench --corpus "$work/$name-in.txt" --solvers "$solvers" --warmup 200 --passes "$passes" \
    "${permute[@]}" "${loops[@]}" > "$out/raw/$name-in-process.md" || echo "$name: in-process bench failed (see raw)" >> "$out/raw/sets.txt"
  # Each peer's own guess count (its external program's peer_guesses=, tdoku's tdoku_guesses=):
  # guesses per puzzle and % of puzzles without a guess; nothing for a peer that counts none.
  : > "$out/raw/$name-peer-guesses.txt"
  for p in "${built[@]}"; do
    pin "$target/peers/$p/${p}_external" < "$work/$name.txt" | awk -v p="$p" -v n="$n" '
      { for (i = 2; i <= NF; i++) if ($i ~ /^(peer|tdoku)_guesses=/) { split($i, a, "="); s += a[2]; z += (a[2] == 0); k++ } }
      END { if (k == n && n > 0) printf "%s %.4f %.2f\n", p, s / n, 100 * z / n }' >> "$out/raw/$name-peer-guesses.txt"
  done
  # Whole process: band against each peer's whole job (and the crate's); dancing links against
  # dancing links beside fast_solv_9r2.
  whole=(sudoku_whole:"$target/release/examples/sudoku_whole")
  for p in "${built[@]}"; do whole+=("${p}_whole:$target/peers/$p/${p}_whole"); done
  for w in "${whole[@]}"; do
    prog=${w%%:*} path=${w#*:} ours=band
    [[ "$prog" == fast_solv_9r2_whole ]] && ours=band,dlx,dc
    pin "$bin" bench --corpus "$work/$name-x.txt" --solvers "$ours" --warmup 0 --passes 1 --whole-process "${permute[@]}" \
      --rounds "$rounds" --peer "$path" > "$out/raw/$name-whole-$prog.md" ||
      echo "$name: whole-process run against $prog failed (see raw)" >> "$out/raw/sets.txt"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/raw/machine.txt"
python3 scripts/arena.py "$out" "$TDOKU_SRC/benchmarks/results_i7-1065G7/i7-1065G7_clang-11_O3_native"
"$target/release/examples/speed_plots" "$out" "$out/arena.csv"
for f in "$out"/speed-*.png "$out"/speed-*.svg; do mv "$f" "$out/arena-${f##*/speed-}"; done
echo "wrote $out/report.md, $out/arena.csv and the figures"
