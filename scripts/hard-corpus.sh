#!/usr/bin/env bash
# Makes datasets/hard.txt (issue 13): over 1,000 puzzles with SE technique rating >= 9.0, distinct up to
# the Sudoku symmetries, found by `dlxlab harden` in two rounds of local search:
#
#   round 1: climb {-n,+n} neighbourhoods (solution digits) from the 32 highest-rated puzzles of
#            the SE-rated sample ($DLXLAB_DATA/se-rated-sample.txt, read, never copied) until 30
#            puzzles rated >= 9.0 are found;
#   round 2: climb (any digits) from those 30 until 1,000 more are found (never a round-1
#            puzzle again); datasets/hard.txt is both rounds' puzzles, less any equivalent to a
#            puzzle of the sample.
#
#   DLXLAB_DATA=/work/shared/datasets scripts/hard-corpus.sh [WORKDIR]   (default WORKDIR: /tmp)
#
# Both rounds are deterministic for their seeds whatever the thread count, so the file comes out
# byte for byte the same on any machine with the same dlxlab version and the same sample file
# (its SHA-256 is in the round-1 header, copied into hard.txt). Then every puzzle is checked unique
# by every built-in solver (dlxlab check).
set -euo pipefail
: "${DLXLAB_DATA:?set DLXLAB_DATA to the shared datasets directory (se-rated-sample.txt)}"
work=${1:-/tmp}
cargo build --release --quiet
bin="$(bash scripts/target-dir.sh)/release/dlxlab"

nice "$bin" harden --count 30 --seed 1 --threshold 9.0 --seeds "$DLXLAB_DATA/se-rated-sample.txt" \
  --top 32 --radius 2 --digits solution --neighbours 8 --steps 10 --out "$work/hard-round1.txt"
nice "$bin" harden --count 1000 --seed 2 --threshold 9.0 --seeds "$work/hard-round1.txt" \
  --top 1000 --radius 2 --digits any --neighbours 8 --steps 10 --out "$work/hard-round2.txt"
# A round-2 climb can walk back onto a puzzle of the sample itself (it excludes only its own
# seeds), so every puzzle equivalent to a sample puzzle is dropped here (none of round 1 is).
"$bin" canon --corpus "$DLXLAB_DATA/se-rated-sample.txt" | sort -u > "$work/hard-sample-canon.txt"
grep -hv '^#' "$work/hard-round1.txt" "$work/hard-round2.txt" > "$work/hard-both.txt"
"$bin" canon --corpus "$work/hard-both.txt" | paste -d' ' - "$work/hard-both.txt" \
  | awk 'NR == FNR { skip[$1] = 1; next } !($1 in skip) { print $2, $3 }' \
      "$work/hard-sample-canon.txt" - > "$work/hard-kept.txt"
{
  echo "# datasets/hard.txt: made by scripts/hard-corpus.sh: round 1's puzzles, then round 2's, less any equivalent to a puzzle of se-rated-sample.txt (see datasets/README.md)"
  sed -n 's/^# /# round 1: /p' "$work/hard-round1.txt"
  sed -n 's/^# /# round 2: /p' "$work/hard-round2.txt"
  echo "# $(wc -l < "$work/hard-kept.txt") puzzles; format: <puzzle> <SE technique rating>"
  cat "$work/hard-kept.txt"
} > datasets/hard.txt
"$bin" check --corpus datasets/hard.txt --solvers backtrack,mrv,singles,locked,subsets,fast,dlx,dc
