#!/usr/bin/env bash
# End-to-end test of the Slurm array scripts on a real (one-node) Slurm cluster.
#
#   scripts/slurm/selftest.sh              # fails when the cluster cannot be started
#   scripts/slurm/selftest.sh --skip-ok    # (CI) prints SKIPPED and exits 0 when it cannot
#
# Brings the cluster up with test-cluster.sh, then:
#   1. counts N-queens 13 as a job array of 8 (split depth 2, count-array.sh), merged by a
#      dependency job, and compares solutions, nodes and updates with a one-machine count;
#   2. studies the first 3,000 17-clue puzzles ($DLXLAB_DATA/17-clue.txt, else the embedded
#      corpus) as an array of 8, merged by a dependency job, and compares runs.csv with a
#      one-machine study, column for column except time_ns (a measurement);
#   3. rehearses faults on both: one task cancelled with scancel, one made to fail — merge-counts
#      and merge must refuse and name what is missing; the two tasks are resubmitted alone and the
#      merged result must then equal the clean one;
# and takes the cluster down again (also on failure). Prints the overhead of a trivial array task.
# Environment: DLXLAB (binary; default ./target/release/dlxlab, built if missing), DLXLAB_DATA,
# DLXLAB_SLURM_DIR (see test-cluster.sh), SELFTEST_DIR (work directory; default a new temp dir).
set -euo pipefail

skip_ok=0
[[ ${1:-} == --skip-ok ]] && skip_ok=1
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/slurm
start=$(date +%s)

skip() {
    if [[ $skip_ok -eq 1 ]]; then
        echo "selftest.sh: SKIPPED: $*"
        exit 0
    fi
    echo "selftest.sh: cannot run: $*" >&2
    exit 1
}
fail() {
    echo "selftest.sh: FAILED: $*" >&2
    exit 1
}
step() { echo "== $* ($(($(date +%s) - start)) s)"; }

[[ $(id -u) -eq 0 ]] || skip "the test cluster needs root (to install slurm-wlm/munge and run the daemons)"
dlxlab=${DLXLAB:-$root/target/release/dlxlab}
if [[ ! -x $dlxlab ]]; then
    (cd "$root" && cargo build --release -q) || fail "cannot build dlxlab"
fi
export DLXLAB=$dlxlab
work=${SELFTEST_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-selftest.XXXXXX")}
mkdir -p "$work"
cd "$work"

if ! up_out=$("$here/test-cluster.sh" up 2>&1); then
    echo "$up_out" >&2
    skip "the Slurm test cluster did not start"
fi
echo "$up_out"
trap '"$here/test-cluster.sh" down >/dev/null 2>&1 || true' EXIT
export SLURM_CONF=${DLXLAB_SLURM_DIR:-/tmp/dlxlab-slurm}/slurm.conf

# Waits until none of the given jobs is pending or running.
wait_jobs() {
    local t=0
    while [[ -n $(squeue -h -j "$(IFS=,; echo "$*")" 2>/dev/null) ]]; do
        (( t++ > 600 )) && fail "jobs $* still queued after 600 s"
        sleep 1
    done
}
# Submits an array; prints the job id. Extra sbatch options first, then `--`, then script+args.
submit() {
    local opts=()
    while [[ $1 != -- ]]; do opts+=("$1"); shift; done
    shift
    sbatch --parsable --chdir="$work" --output="$work/slurm-%A_%a.out" "${opts[@]}" "$@" | cut -d';' -f1
}
# `merge` as a dependency job (afterany: it runs even when a task failed); prints its job id.
merge_job() {
    local after=$1 out=$2
    shift 2
    sbatch --parsable --chdir="$work" --dependency="afterany:$after" --output="$out" \
        --wrap "$(printf '%q ' "$@")" | cut -d';' -f1
}
# The rows of a runs.csv without the time_ns column.
untimed() {
    python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
k = rows[0].index("time_ns")
w = csv.writer(sys.stdout, lineterminator="\n")
for r in rows:
    w.writerow(r[:k] + r[k + 1:])
' "$1"
}

# --- 0. overhead of a trivial array task -----------------------------------------------------
step "overhead: an array of 8 tasks that do nothing"
t0=$(date +%s.%N)
job=$(submit --array=1-8 -- --wrap true)
wait_jobs "$job"
t1=$(date +%s.%N)
overhead=$(python3 -c "print(f'{($t1 - $t0):.2f} s for 8 tasks, {($t1 - $t0) / 8 * 1000:.0f} ms per task')")
echo "   $overhead"

# --- 1. counts ---------------------------------------------------------------------------------
step "count: 13-queens, one machine"
"$dlxlab" gen-xc queens 13 >q13.dlx
"$dlxlab" xc q13.dlx --count --stats 2>one.stats >/dev/null
one_counts=$(awk '/^(solutions|nodes|updates):/ { sub(":", ""); print }' one.stats)
echo "$one_counts" | sed 's/^/   /'

step "count: split at depth 2, an array of 8 with a merge job"
"$dlxlab" split q13.dlx --depth 2 --out jobs >/dev/null
job=$(submit --array=1-8 -- "$here/count-array.sh" jobs)
merge=$(merge_job "$job" merge-counts.out "$dlxlab" merge-counts jobs)
wait_jobs "$job" "$merge"
cluster_counts=$(grep -E '^(solutions|nodes|updates) ' merge-counts.out || true)
[[ $cluster_counts == "$one_counts" ]] ||
    fail "cluster counts differ from the one-machine count:\n$cluster_counts\nvs\n$one_counts"
echo "   equal: $(echo "$cluster_counts" | tr '\n' ' ')"

step "count faults: task 3 cancelled, task 6 fails"
rm -rf jobs/results
job=$(submit --array=1-8 --hold --export=ALL,DLXLAB_FAIL_TASKS=6 -- "$here/count-array.sh" jobs)
scancel "${job}_3"
scontrol release "$job" >/dev/null
merge=$(merge_job "$job" merge-counts-fault.out "$dlxlab" merge-counts jobs)
wait_jobs "$job" "$merge"
grep -q "have no result" merge-counts-fault.out ||
    fail "merge-counts did not refuse the incomplete results: $(cat merge-counts-fault.out)"
[[ ! -e jobs/results/3-of-8.json && ! -e jobs/results/6-of-8.json ]] ||
    fail "the cancelled or failed task left a result"
echo "   refused: $(grep -m1 'have no result' merge-counts-fault.out | sed 's/^ *caused by: //')"
bad=$(submit --array=3 -- "$here/count-array.sh" jobs)
wait_jobs "$bad"
grep -q "DLXLAB_ARRAY_SIZE" "slurm-${bad}_3.out" || fail "a lone task without DLXLAB_ARRAY_SIZE was not refused"
[[ ! -e jobs/results/3-of-1.json ]] || fail "a lone task counted slice 3/1"
job3=$(submit --array=3 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/count-array.sh" jobs)
job6=$(submit --array=6 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/count-array.sh" jobs)
merge=$(merge_job "$job3:$job6" merge-counts-rerun.out "$dlxlab" merge-counts jobs)
wait_jobs "$job3" "$job6" "$merge"
rerun_counts=$(grep -E '^(solutions|nodes|updates) ' merge-counts-rerun.out || true)
[[ $rerun_counts == "$one_counts" ]] || fail "after resubmitting 3 and 6: $rerun_counts"
echo "   tasks 3 and 6 resubmitted alone (--array=3, --array=6, DLXLAB_ARRAY_SIZE=8): totals equal"

# --- 2. studies --------------------------------------------------------------------------------
step "study: 3,000 puzzles, one machine"
data=${DLXLAB_DATA:-$root/../shared/datasets}
if [[ -f $data/17-clue.txt ]]; then
    head -n 3000 "$data/17-clue.txt" >corpus.txt
    what="the first 3,000 lines of 17-clue.txt"
else
    grep -v '^#' "$root/datasets/default.txt" | head -n 3000 >corpus.txt
    what="the embedded corpus (17-clue.txt not found)"
fi
echo "   corpus: $what"
study_args=(--corpus "$work/corpus.txt" --ratings none --no-plots)
"$dlxlab" study "${study_args[@]}" --quiet --out one-study
untimed one-study/runs.csv >one.csv

step "study: an array of 8 with a merge job"
job=$(submit --array=1-8 -- "$here/study-array.sh" study "${study_args[@]}")
merge=$(merge_job "$job" merge.out "$dlxlab" merge --quiet --out study/merged \
    study/shard-1-of-8 study/shard-2-of-8 study/shard-3-of-8 study/shard-4-of-8 \
    study/shard-5-of-8 study/shard-6-of-8 study/shard-7-of-8 study/shard-8-of-8)
wait_jobs "$job" "$merge"
[[ -f study/merged/runs.csv ]] || fail "the merge job wrote no runs.csv: $(cat merge.out)"
untimed study/merged/runs.csv >cluster.csv
cmp -s one.csv cluster.csv || fail "merged runs.csv differs from the one-machine study (time_ns apart)"
echo "   runs.csv equal to the one-machine study: $(($(wc -l <one.csv) - 1)) rows"

step "study faults: task 2 cancelled, task 7 fails"
rm -rf study
job=$(submit --array=1-8 --hold --export=ALL,DLXLAB_FAIL_TASKS=7 -- "$here/study-array.sh" study "${study_args[@]}")
scancel "${job}_2"
scontrol release "$job" >/dev/null
wait_jobs "$job"
shards=(study/shard-{1..8}-of-8)
present=()
for s in "${shards[@]}"; do [[ -f $s/runs.csv ]] && present+=("$s"); done
[[ ${#present[@]} -eq 6 ]] || fail "expected 6 shards after the faults, found ${#present[@]}"
if "$dlxlab" merge --quiet --out study/merged "${present[@]}" 2>merge-fault.err; then
    fail "merge accepted 6 of 8 shards"
fi
grep -q "shard 2/8 is missing" merge-fault.err || fail "merge did not name shard 2: $(cat merge-fault.err)"
echo "   refused: $(cat merge-fault.err)"
if "$dlxlab" merge --quiet --out study/merged "${present[@]}" study/shard-1-of-8 2>merge-twice.err; then
    fail "merge accepted a shard given twice"
fi
echo "   refused: $(cat merge-twice.err)"
job2=$(submit --array=2 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/study-array.sh" study "${study_args[@]}")
job7=$(submit --array=7 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/study-array.sh" study "${study_args[@]}")
merge=$(merge_job "$job2:$job7" merge-rerun.out "$dlxlab" merge --quiet --out study/merged "${shards[@]}")
wait_jobs "$job2" "$job7" "$merge"
[[ -f study/merged/runs.csv ]] || fail "the merge after resubmission failed: $(cat merge-rerun.out)"
untimed study/merged/runs.csv >rerun.csv
cmp -s one.csv rerun.csv || fail "after resubmitting 2 and 7, runs.csv differs"
echo "   tasks 2 and 7 resubmitted alone: runs.csv equal to the one-machine study"

step "down"
"$here/test-cluster.sh" down
trap - EXIT
echo "selftest.sh: PASSED in $(($(date +%s) - start)) s (array task overhead: $overhead); work in $work"
