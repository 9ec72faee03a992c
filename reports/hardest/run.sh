#!/bin/sh
# Regenerates reports/hardest: the technique rating (ER/EP/ED) of each puzzle of puzzles.txt with
# its own wall time, one puzzle and one thread at a time, and the dlx and fast node counts.
# Usage, from the repository root, on a quiet machine:  sh reports/hardest/run.sh
set -eu
dir=reports/hardest
bin=${DLXLAB:-target/release/dlxlab}
out=$dir/ratings.csv
: > "$out.tmp"
grep -n -v '^#' "$dir/puzzles.txt" | while IFS=: read -r line text; do
    start=$(date +%s.%N)
    "$bin" rate --quiet --no-decision-tree --threads 1 --max-seconds 600 "$text" > "$dir/one.csv"
    end=$(date +%s.%N)
    if [ ! -s "$out.tmp" ]; then
        printf '%s,seconds\n' "$(head -1 "$dir/one.csv")" > "$out.tmp"
    fi
    # The row's `line` is the argument's position (1); put the corpus line back.
    printf '%s,%s,%.3f\n' "$line" "$(sed -n 2p "$dir/one.csv" | cut -d, -f2-)" \
        "$(echo "$end - $start" | bc)" >> "$out.tmp"
done
rm -f "$dir/one.csv"
mv "$out.tmp" "$out"
rm -rf "$dir/study"
"$bin" study --quiet --solvers dlx,fast --ratings none --threads 1 --no-plots \
    --corpus "$dir/puzzles.txt" --out "$dir/study"
cp "$dir/study/runs.csv" "$dir/runs.csv"
rm -rf "$dir/study"
