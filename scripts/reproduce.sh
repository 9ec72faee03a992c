#!/usr/bin/env bash
# Regenerates the committed studies from the public corpora:
#
#   reports/17-clue/    all 49,158 known 17-clue Sudoku puzzles      (17-clue.txt)
#   reports/se-sample/  puzzles that carry a Sudoku Explainer rating  (se-rated-sample.txt)
#
# For each: `dlxlab study` (runs.csv, meta.json, summary.md), `dlxlab rate` (ratings.csv, unless the
# study already wrote one), then `dlxlab report` (figures, report.md, and the report section of
# summary.md). The CSVs stay in the directories but are not committed (.gitignore).
#
# Usage: scripts/reproduce.sh [17-clue] [se-sample]      (default: both)
# Environment:
#   DLXLAB_DATA   directory holding the corpora (default: ../shared/datasets, then datasets/)
#   BOOTSTRAP     bootstrap resamples of the correlation intervals (default 1000)
#   SEED          seed of the bootstrap and of the plot jitter (default 2010)
#   STUDY_ARGS    flags for `dlxlab study`, replacing the per-study defaults below
#
# Per-study defaults of `dlxlab study`:
#   se-sample  --timing serial --ratings all   fair single-threaded times, and the decision-tree
#                                     index in ratings.csv (1,280 puzzles: seconds)
#   17-clue    (none: the default study)  backtrack keeps its default 20,000-node budget; mrv
#                                     (fewest candidates, no propagation, as Wang & Zou) runs
#                                     unbudgeted: a mean of about 132,000 nodes per 17-clue puzzle,
#                                     about 200 s of CPU for the corpus (the whole study: 2 minutes on 2 cores).
#                                     Pass STUDY_ARGS="--limit-nodes 20000" for a quick run whose
#                                     mrv rows are `limit` on the harder puzzles.
set -euo pipefail

cd "$(dirname "$0")/.."

die() {
    echo "reproduce.sh: $*" >&2
    exit 1
}

if [[ -n "${DLXLAB_DATA:-}" ]]; then
    data="$DLXLAB_DATA"
elif [[ -d ../shared/datasets ]]; then
    data=../shared/datasets
else
    data=datasets
fi

declare -A corpus=([17-clue]=17-clue.txt [se-sample]=se-rated-sample.txt)
declare -A study_args=([17-clue]="" [se-sample]="--timing serial --ratings all")
# The decision-tree index records mrv's whole search tree: cheap on the SE sample, costly on the
# 17-clue corpus (see above), so that study's ratings.csv leaves the column empty.
declare -A rate_args=([17-clue]="--no-decision-tree" [se-sample]="")
studies=("$@")
[[ ${#studies[@]} -gt 0 ]] || studies=(17-clue se-sample)

for name in "${studies[@]}"; do
    [[ -n "${corpus[$name]:-}" ]] || die "unknown study '$name' (known: ${!corpus[*]})"
    file="$data/${corpus[$name]}"
    [[ -s "$file" ]] || die "missing corpus $file for study '$name'.
  Set DLXLAB_DATA to the directory that holds ${corpus[$name]}, or run scripts/fetch-datasets.sh."
done

cargo build --release --quiet
bin=target/release/dlxlab

for name in "${studies[@]}"; do
    file="$data/${corpus[$name]}"
    out="reports/$name"
    mkdir -p "$out"
    echo "== $name: study of $file" >&2
    # shellcheck disable=SC2086 # the arguments are a list of flags
    "$bin" study --corpus "$file" --out "$out" --quiet ${STUDY_ARGS-${study_args[$name]}}
    if [[ ! -s "$out/ratings.csv" ]]; then
        echo "== $name: ratings" >&2
        # shellcheck disable=SC2086 # the arguments are a list of flags
        "$bin" rate --corpus "$file" --out "$out/ratings.csv" --quiet ${rate_args[$name]}
    fi
    echo "== $name: report" >&2
    "$bin" report "$out" --title "$name" --bootstrap "${BOOTSTRAP:-1000}" --seed "${SEED:-2010}"
done
