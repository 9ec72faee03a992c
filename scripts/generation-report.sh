#!/usr/bin/env bash
# Reproduces the numbers of reports/generation/summary.md (issue 6).
#
#   scripts/generation-report.sh [WORKDIR]    (default WORKDIR: /tmp)
#
# Generates 10,000 minimal 9x9 puzzles with seed 1, rates them with the SE technique rating, finds
# duplicates with canon, and prints the clue-count and rating tables as Markdown. The corpus
# itself is not committed: this script makes it again, byte for byte, on any thread count.
# Set DLXLAB_DATA to the datasets directory to also time canon on the 17-clue corpus.
set -euo pipefail
work=${1:-/tmp}
cargo build --release --quiet
bin="$(bash scripts/target-dir.sh)/release/dlxlab"

/usr/bin/env time -f '%e s wall' nice "$bin" generate --count 10000 --seed 1 --minimal \
  --out "$work/gen.txt" 2> "$work/gen.log"
cat "$work/gen.log"
sha256sum "$work/gen.txt"
nice "$bin" rate --corpus "$work/gen.txt" --no-decision-tree --out "$work/gen-rate.csv" 2> "$work/gen-rate.log"
cat "$work/gen-rate.log"
/usr/bin/env time -f 'canon: %e s wall' "$bin" canon --corpus "$work/gen.txt" --out "$work/gen-canon.txt"
echo "distinct canonical forms: $(sort -u "$work/gen-canon.txt" | wc -l) of $(wc -l < "$work/gen-canon.txt")"
if [ -n "${DLXLAB_DATA:-}" ] && [ -f "$DLXLAB_DATA/17-clue.txt" ]; then
  /usr/bin/env time -f 'canon 17-clue: %e s wall' "$bin" canon --corpus "$DLXLAB_DATA/17-clue.txt" \
    --out "$work/17-canon.txt"
  echo "17-clue distinct canonical forms: $(sort -u "$work/17-canon.txt" | wc -l) of $(wc -l < "$work/17-canon.txt")"
fi

echo
echo "| clues | puzzles | share |"
echo "|---:|---:|---:|"
grep -v '^#' "$work/gen.txt" | awk '{ n = gsub(/[1-9]/, "&"); c[n]++; t++ }
  END { for (k in c) printf "| %d | %d | %.2f%% |\n", k, c[k], 100 * c[k] / t }' | sort -t'|' -k2 -n
grep -v '^#' "$work/gen.txt" | awk '{ n = gsub(/[1-9]/, "&"); s += n; t++ } END { printf "\nmean clues: %.2f\n", s / t }'

echo
echo "| SE rating band | puzzles | share |"
echo "|---|---:|---:|"
# technique_rating is column 4 of rate's CSV ("beyond" when the implemented techniques run out).
awk -F, 'NR > 1 { r = $4; if (r == "beyond") b = "beyond"; else { x = int(r); b = (x >= 9 ? "9.0+" : sprintf("%d.0-%d.9", x, x)) } c[b]++; t++ }
  END { for (k in c) printf "| %s | %d | %.2f%% |\n", k, c[k], 100 * c[k] / t }' "$work/gen-rate.csv" | sort

echo
echo "| hardest technique | puzzles |"
echo "|---|---:|"
awk -F, 'NR > 1 { c[$5]++ } END { for (k in c) printf "| %s | %d |\n", k, c[k] }' "$work/gen-rate.csv" \
  | sort -t'|' -k3 -nr
awk -F, 'NR > 1 && $4 != "beyond" { s += $4; n++ } END { printf "\nmean SE rating (rated puzzles): %.2f over %d\n", s / n, n }' "$work/gen-rate.csv"

echo
echo "speed of the other modes (puzzles/s on stderr):"
for spec in "--count 1000 --minimal --symmetry rot180" "--count 100 --minimal --symmetry diagonal" \
  "--count 100 --minimal --symmetry mirror" "--count 100 --symmetry rot90" \
  "--count 20 --minimal --symmetry rot90 --max-attempts 1000000" "--count 100 --rating 7.0..9.9" \
  "--count 100 --minimal --variant x" "--count 100 --minimal --variant windoku"; do
  # shellcheck disable=SC2086
  "$bin" generate --seed 1 $spec --out "$work/gen-mode.txt" 2>&1 | sed "s|^|$spec: |"
done
/usr/bin/env time -f 'canon, 1 core: %e s wall' taskset -c 0 "$bin" canon --corpus "$work/gen.txt" \
  --out "$work/gen-canon1.txt"
/usr/bin/env time -f 'generate, 1 core: %e s wall' taskset -c 0 "$bin" generate --count 10000 --seed 1 \
  --minimal --threads 1 --out "$work/gen1.txt"
cmp "$work/gen.txt" "$work/gen1.txt" && echo "1-thread and default-thread corpora are identical"
