#!/usr/bin/env bash
# Regenerates the committed studies from the public corpora, or checks them (--check):
#
#   reports/17-clue/                all 49,158 known 17-clue puzzles, every solver   (17-clue.txt)
#   reports/17-clue-no-mrv/         the same without mrv (the cheap every-puzzle study)
#   reports/17-clue-shard-1-of-25/  every solver on shard 1 of 25 (lines 1, 26, 51, ...)
#   reports/se-sample/              puzzles that carry a Sudoku Explainer rating  (se-rated-sample.txt)
#   reports/hard/                   1,029 puzzles rated 9.0-9.2, every solver and two external
#                                   reference programs  (datasets/hard.txt, in this repository)
#   reports/metrics/                every difficulty metric side by side (issue 35): studies of
#                                   the SE sample, datasets/hard.txt, datasets/hard-search.txt and
#                                   shard 1 of 100 of 17-clue.txt (every 100th puzzle), then
#                                   `dlxlab metrics`; eta comes from the committed
#                                   reports/metrics/eta-se-ladder.csv when present (a `rate
#                                   --chaos` run, too slow to recompute here), joined by puzzle
#
# For each: `dlxlab study --no-plots` (runs.csv, ratings.csv, meta.json, summary.md), then
# `dlxlab report` (figures, report.md, deterministic.json, and the report section of summary.md).
# The CSVs stay in the directories but are not committed (.gitignore). Run it from a clean
# checkout: meta.json records the revision, `+dirty` when the tree had uncommitted changes.
#
# Usage: scripts/reproduce.sh [--check] [STUDY...]      (default: all six)
#   --check   regenerate nothing: rerun each study into a temporary directory and compare it with
#             the committed report (`dlxlab report --check`): exit 1 on any difference in the
#             deterministic content (counts, nodes, ratings, statistics, figures but the time ones).
# Environment:
#   DLXLAB_DATA   directory holding the corpora (default: ../shared/datasets, then datasets/)
#   BOOTSTRAP     bootstrap resamples of the correlation intervals (default 1000)
#   SEED          seed of the bootstrap and of the plot jitter (default 2010)
#
# Per-study flags of `dlxlab study` (the --out directory is always given: a study's default output
# is not the committed report):
#   17-clue        (none: the default study) backtrack keeps its default 20,000-node budget; mrv
#                  (fewest candidates, no propagation, as Wang & Zou) runs unbudgeted: most of
#                  the study's CPU time (about 2 minutes on 2 cores).
#   17-clue-no-mrv --solvers every registered solver but mrv
#   17-clue-shard-1-of-25  --shard 1/25
#   se-sample      --timing serial --ratings all   fair single-threaded times, and the
#                  decision-tree index in ratings.csv (1,280 puzzles: seconds)
#   hard           --external sudoku-crate=target/release/examples/external_sudoku
#                  --external py-mrv="python3 examples/external_solver.py"   the `sudoku` crate
#                  and the Python MRV solver through the external protocol beside the built-in
#                  solvers (issue 13; needs python3; the Python solver is most of its ~30 s)
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

check=false
if [[ "${1:-}" == "--check" ]]; then
    check=true
    shift
fi

all=(17-clue 17-clue-no-mrv 17-clue-shard-1-of-25 se-sample hard metrics)
# The corpus file of each study: in $data, or (hard) in this repository.
declare -A corpus=(
    [17-clue]="$data/17-clue.txt"
    [17-clue-no-mrv]="$data/17-clue.txt"
    [17-clue-shard-1-of-25]="$data/17-clue.txt"
    [se-sample]="$data/se-rated-sample.txt"
    [hard]=datasets/hard.txt
    [metrics]="$data/se-rated-sample.txt"
)
# The flags of `dlxlab study` for study $1, into the array `args` (an array, so that an external
# solver's command keeps its spaces).
study_args() {
    case "$1" in
    17-clue) args=() ;;
    17-clue-no-mrv) args=(--solvers backtrack,singles,locked,subsets,fast,band,dlx,dc) ;;
    17-clue-shard-1-of-25) args=(--shard 1/25) ;;
    se-sample) args=(--timing serial --ratings all) ;;
    hard)
        args=(--external "sudoku-crate=$(bash scripts/target-dir.sh)/release/examples/external_sudoku"
            --external "py-mrv=python3 examples/external_solver.py")
        ;;
    esac
}
studies=("$@")
[[ ${#studies[@]} -gt 0 ]] || studies=("${all[@]}")

for name in "${studies[@]}"; do
    [[ -n "${corpus[$name]:-}" ]] || die "unknown study '$name' (known: ${all[*]})"
    file="${corpus[$name]}"
    [[ -s "$file" ]] || die "missing corpus $file for study '$name'.
  Set DLXLAB_DATA to the directory that holds $(basename "$file"), or run scripts/fetch-datasets.sh."
    if [[ "$name" == hard ]]; then
        command -v python3 >/dev/null || die "study 'hard' runs examples/external_solver.py: python3 is needed"
    fi
done

cargo build --release --quiet
if [[ " ${studies[*]} " == *" hard "* ]]; then
    cargo build --release --quiet --example external_sudoku
fi
bin="$(bash scripts/target-dir.sh)/release/dlxlab"
failed=()
work=""
# The metrics study (issue 35): its four studies in a scratch directory, then `dlxlab metrics`
# into reports/metrics (or --check against it). No time enters its report.md.
metrics_study() {
    local tmp
    tmp=$(mktemp -d)
    echo "== metrics: studies of the SE sample, hard, hard-search and 17-clue shard 1/100" >&2
    "$bin" study --corpus "$data/se-rated-sample.txt" --out "$tmp/se-sample" --quiet --no-plots --ratings all
    "$bin" study --corpus datasets/hard.txt --out "$tmp/hard" --quiet --no-plots
    "$bin" study --corpus datasets/hard-search.txt --out "$tmp/hard-search" --quiet --no-plots
    "$bin" study --corpus "$data/17-clue.txt" --shard 1/100 --out "$tmp/17-clue" --quiet --no-plots --ratings all
    # HoDoKu's level and score (rate --hodoku; the technique rating beside them is the study's
    # already, --no-decision-tree keeps it cheap): joined by puzzle like eta. hard.txt takes the
    # longest (most paths need Forcing Nets and Brute Force: about 5 minutes on 2 cores).
    "$bin" rate --hodoku --no-decision-tree --quiet --corpus "$data/se-rated-sample.txt" --out "$tmp/se-hodoku.csv"
    "$bin" rate --hodoku --no-decision-tree --quiet --corpus datasets/hard.txt --out "$tmp/hard-hodoku.csv"
    "$bin" rate --hodoku --no-decision-tree --quiet --corpus datasets/hard-search.txt --out "$tmp/hard-search-hodoku.csv"
    awk -F, 'NR > 1 { print $2 }' "$tmp/17-clue/ratings.csv" >"$tmp/17-clue-puzzles.txt"
    "$bin" rate --hodoku --no-decision-tree --quiet --corpus "$tmp/17-clue-puzzles.txt" --out "$tmp/17-clue-hodoku.csv"
    local mode=() se="se-sample=$tmp/se-sample+$tmp/se-hodoku.csv"
    $check && mode=(--check)
    [[ ! -f reports/metrics/eta-se-ladder.csv ]] || se+="+reports/metrics/eta-se-ladder.csv"
    if "$bin" metrics --out reports/metrics --bootstrap "${BOOTSTRAP:-1000}" --seed "${SEED:-2010}" \
        --study "$se" \
        --study "hard=$tmp/hard+$tmp/hard-hodoku.csv" \
        --study "hard-search=$tmp/hard-search+$tmp/hard-search-hodoku.csv" \
        --study "17-clue (every 100th)=$tmp/17-clue+$tmp/17-clue-hodoku.csv" ${mode[@]+"${mode[@]}"}; then
        rm -rf "$tmp"
    else
        failed+=(metrics)
        echo "   (the fresh studies are kept in $tmp)" >&2
    fi
}

for name in "${studies[@]}"; do
    file="${corpus[$name]}"
    if [[ "$name" == metrics ]]; then
        metrics_study
        continue
    fi
    study_args "$name"
    out="reports/$name"
    if $check; then
        [[ -s "$out/deterministic.json" ]] || die "$out/deterministic.json missing: regenerate with scripts/reproduce.sh $name"
        fresh=$(mktemp -d)
        echo "== $name: study of $file into $fresh (check)" >&2
        "$bin" study --corpus "$file" --out "$fresh" --quiet --no-plots ${args[@]+"${args[@]}"}
        if "$bin" report --check "$out" --against "$fresh"; then
            rm -rf "$fresh"
        else
            failed+=("$name")
            echo "   (the fresh study is kept in $fresh)" >&2
        fi
        continue
    fi
    # Every study is made in a scratch directory and copied into reports/ only when all are
    # done: a failed run leaves the committed reports as they were, and no study sees the tree
    # dirtied by an earlier one (meta.json records the revision, `+dirty` for a modified tree).
    [[ -n "$work" ]] || work=$(mktemp -d)
    mkdir -p "$work/$name"
    [[ ! -f "$out/discussion.md" ]] || cp "$out/discussion.md" "$work/$name/"
    echo "== $name: study of $file" >&2
    "$bin" study --corpus "$file" --out "$work/$name" --quiet --no-plots ${args[@]+"${args[@]}"}
    echo "== $name: report" >&2
    "$bin" report "$work/$name" --title "$name" --bootstrap "${BOOTSTRAP:-1000}" --seed "${SEED:-2010}"
done
if ! $check; then
    for name in "${studies[@]}"; do
        [[ "$name" != metrics ]] || continue
        out="reports/$name"
        mkdir -p "$out"
        # The generated files go; discussion.md (written by hand) stays.
        find "$out" -maxdepth 1 -type f ! -name discussion.md -delete
        cp "$work/$name"/* "$out"/
        echo "== $name -> $out" >&2
    done
    rm -rf "$work"
fi
if [[ ${#failed[@]} -gt 0 ]]; then
    die "the committed report differs from today's code for: ${failed[*]}"
fi
