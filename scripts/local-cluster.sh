#!/usr/bin/env bash
# Run a cluster count on one machine: split, count every slice as a separate process (GNU parallel
# if installed, else xargs -P), then merge — exactly the files and commands a Slurm or HyperQueue
# run uses, so it is also how to try those out.
#
#   scripts/local-cluster.sh FILE DEPTH SLICES [JOB_DIR]
#
# FILE is a problem in Knuth's format, DEPTH the split depth, SLICES the number of count-jobs
# processes (K/SLICES for K = 1..SLICES). JOB_DIR defaults to a new temporary directory. Prints the
# merged totals (`solutions N`, `nodes N`, `updates N`, `jobs N`). Environment: DLXLAB (the binary;
# default `dlxlab` on PATH), PROCS (processes at a time; default: the number of cores).
set -euo pipefail

if [[ $# -lt 3 || $# -gt 4 ]]; then
    echo "usage: $0 FILE DEPTH SLICES [JOB_DIR]" >&2
    exit 2
fi
file=$1 depth=$2 slices=$3
dir=${4:-$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-jobs.XXXXXX")}
dlxlab=${DLXLAB:-dlxlab}
procs=${PROCS:-$(nproc 2>/dev/null || echo 2)}

"$dlxlab" split "$file" --depth "$depth" --out "$dir"
if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    seq 1 "$slices" | parallel --halt now,fail=1 -j "$procs" \
        "$dlxlab" count-jobs "$dir" --job "{}/$slices" --threads 1
else
    # xargs exits non-zero (123) if any slice failed; set -e stops before the merge.
    seq 1 "$slices" | xargs -P "$procs" -I{} \
        "$dlxlab" count-jobs "$dir" --job "{}/$slices" --threads 1
fi
"$dlxlab" merge-counts "$dir"
