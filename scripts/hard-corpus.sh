#!/usr/bin/env bash
# Makes datasets/hard.txt (issue 13): 1,000 puzzles with SE technique rating >= 9.0, distinct up to
# the Sudoku symmetries, found by `dlxlab harden` in two rounds of local search:
#
#   round 1: climb {-n,+n} neighbourhoods (solution digits) from the 32 highest-rated puzzles of
#            the SE-rated sample ($DLXLAB_DATA/se-rated-sample.txt, read, never copied) until 30
#            puzzles rated >= 9.0 are found;
#   round 2: climb (any digits) from those 30 until 1,000 more are found; round 2's output,
#            which never repeats a round-1 seed, is datasets/hard.txt.
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
bin=target/release/dlxlab

nice "$bin" harden --count 30 --seed 1 --threshold 9.0 --seeds "$DLXLAB_DATA/se-rated-sample.txt" \
  --top 32 --radius 2 --digits solution --neighbours 8 --steps 10 --out "$work/hard-round1.txt"
nice "$bin" harden --count 1000 --seed 2 --threshold 9.0 --seeds "$work/hard-round1.txt" \
  --top 1000 --radius 2 --digits any --neighbours 8 --steps 10 --out "$work/hard-round2.txt"
{
  echo "# datasets/hard.txt: made by scripts/hard-corpus.sh (two rounds of dlxlab harden; see datasets/README.md)"
  sed -n 's/^# /# round 1: /p' "$work/hard-round1.txt"
  sed -n 's/^# /# round 2: /p' "$work/hard-round2.txt"
  grep -v '^#' "$work/hard-round2.txt"
} > datasets/hard.txt
"$bin" check --corpus datasets/hard.txt
