#!/usr/bin/env bash
# Makes datasets/hard-search.txt (issue 23): 1,000 puzzles hard for *search* — each needs at least
# 100 guesses of the `fast` solver to be proved unique (datasets/hard.txt, hard for people, needs
# about 20) — distinct up to the Sudoku symmetries, found by `dlxlab harden --objective guesses`:
# climbing {-n,+n} neighbourhoods (any digits) from the 128 of 2,000 generated minimal puzzles
# that need the most guesses. No rater and no data file are involved: the file depends only on the
# seed and dlxlab's version, and comes out byte for byte the same for any thread count. Then every
# puzzle is checked unique by every built-in solver but backtrack (`dlxlab check`).
#
#   scripts/search-corpus.sh            (a few minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$(bash scripts/target-dir.sh)/release/dlxlab"
out=datasets/hard-search.txt
nice "$bin" harden --objective guesses --count 1000 --seed 23 --pool 2000 --top 128 \
  --threshold 100 --digits any --radius 2 --neighbours 8 --steps 20 --quiet --out "$out.part"
mv "$out.part" "$out"
"$bin" check --corpus "$out"
echo "$out: $(grep -cv '^#' "$out") puzzles, SHA-256 $(sha256sum "$out" | cut -d' ' -f1)"
