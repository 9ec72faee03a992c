#!/usr/bin/env bash
# End-to-end test of the Slurm array scripts on a real (one-node) Slurm cluster.
#
#   scripts/slurm/selftest.sh              # fails when the cluster cannot be started
#   scripts/slurm/selftest.sh --skip-ok    # (CI) prints "SKIPPED: reason" and exits 0 when it cannot
#
# Brings the cluster up with test-cluster.sh (installing slurm-wlm and munge if missing), then:
#   0. times an array of 8 tasks that do nothing, against the same 8 commands run directly;
#   1. counts N-queens 13 as a job array of 8 (split depth 2, count-array.sh), merged by a
#      dependency job (afterok), and compares solutions, nodes and updates with a one-machine count;
#   2. studies the first 3,000 17-clue puzzles ($DLXLAB_DATA/17-clue.txt, else the embedded
#      corpus) as an array of 8, merged by a dependency job, and compares runs.csv with a
#      one-machine study byte for byte, apart from the time_ns column (a measurement), and
#      ratings.csv (technique ratings) byte for byte;
#   3. rehearses faults on both: one task cancelled with scancel, one made to fail
#      (DLXLAB_FAIL_TASKS) — an afterok merge job never runs, an afterany one and merge-counts /
#      merge refuse and name the missing tasks; a task rerun with another N (a doubled shard) and
#      a shard given twice are refused and named; the two tasks are resubmitted alone and the
#      merged result must then equal the clean one;
# and takes the cluster down again (also on failure), unless it was already up when the test began.
# Exits non-zero on any mismatch.
#
# Environment: DLXLAB (binary; default release/dlxlab in cargo's target directory, as
# scripts/target-dir.sh finds it: CARGO_TARGET_DIR honoured; built if missing), DLXLAB_DATA
# (default ../shared/datasets from the repository), DLXLAB_SLURM_DIR (see test-cluster.sh),
# SELFTEST_DIR (work directory, kept; default a new temporary directory, removed after a pass),
# DLXLAB_SLURM_SKIP_OK=1 (same as --skip-ok).
set -euo pipefail

skip_ok=${DLXLAB_SLURM_SKIP_OK:-0}
for arg in "$@"; do
    case $arg in
    --skip-ok) skip_ok=1 ;;
    *)
        echo "usage: $0 [--skip-ok]" >&2
        exit 2
        ;;
    esac
done
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/slurm
start=$(date +%s.%N)
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)"; }

skip() {
    if [[ $skip_ok == 1 ]]; then
        echo "selftest.sh: SKIPPED: $*"
        exit 0
    fi
    echo "selftest.sh: cannot run: $*" >&2
    exit 1
}
fail() {
    echo -e "selftest.sh: FAILED: $*" >&2
    exit 1
}
step() { echo "== $* ($(elapsed) s)"; }

[[ $(id -u) -eq 0 ]] || skip "the test cluster needs root (to install slurm-wlm/munge and run the daemons)"
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to compare runs.csv files"
dlxlab=${DLXLAB:-$(bash "$root/scripts/target-dir.sh")/release/dlxlab}
if [[ ! -x $dlxlab ]]; then
    [[ -z ${DLXLAB:-} ]] || fail "DLXLAB=$DLXLAB is not an executable"
    (cd "$root" && cargo build --release -q) || fail "cannot build dlxlab"
fi
# Absolute: the tasks and this script run in the work directory.
dlxlab=$(realpath "$dlxlab")
export DLXLAB=$dlxlab
work=$(realpath -m "${SELFTEST_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-selftest.XXXXXX")}")
mkdir -p "$work"
cd "$work"

# Take the cluster down at the end (also on failure) only if this test brought it up.
was_up=0
"$here/test-cluster.sh" status >/dev/null 2>&1 && was_up=1
if [[ $was_up == 0 ]]; then
    trap '"$here/test-cluster.sh" down >/dev/null 2>&1 || true' EXIT
fi
if ! up_out=$("$here/test-cluster.sh" up 2>&1); then
    echo "$up_out" >&2
    skip "the Slurm test cluster did not start: $(tail -n 1 <<<"$up_out" | sed 's/^test-cluster.sh: //')"
fi
echo "$up_out"
export SLURM_CONF
SLURM_CONF=$(realpath -m "${DLXLAB_SLURM_DIR:-/tmp/dlxlab-slurm}")/slurm.conf
cpus=$(sinfo -h -o '%c' | head -n 1)

# Waits until none of the given jobs is pending or running.
wait_jobs() {
    local t=0 ids
    ids=$(IFS=,; echo "$*")
    while [[ -n $(squeue -h -j "$ids" 2>/dev/null) ]]; do
        (( t++ > 600 )) && fail "jobs $* still queued after 600 s"
        sleep 0.5
    done
}
# Submits a job; prints its id. sbatch options first, then `--`, then the script and its arguments.
submit() {
    local opts=()
    while [[ $1 != -- ]]; do opts+=("$1"); shift; done
    shift
    sbatch --parsable --chdir="$work" --output="$work/slurm-%A_%a.out" "${opts[@]}" "$@" | cut -d';' -f1
}
# A dependency job running the shell command $3 (a merge), output to $2; prints its job id.
merge_job() {
    sbatch --parsable --chdir="$work" --dependency="$1" --output="$2" --wrap "$3" | cut -d';' -f1
}
# The rows of a runs.csv without the time_ns column, byte for byte otherwise.
untimed() {
    python3 -c '
import sys
lines = open(sys.argv[1], newline="").read().split("\n")
k = lines[0].split(",").index("time_ns")
out = []
for line in lines:
    # No field before time_ns holds a comma or a quote (ids, puzzles, names, statuses, numbers).
    f = line.split(",")
    if line:
        assert len(f) > k and "\"" not in ",".join(f[: k + 1]), line
        f.pop(k)
    out.append(",".join(f))
sys.stdout.write("\n".join(out))
' "$1"
}
q() { printf '%q' "$1"; }

# --- 0. overhead of a trivial array task -------------------------------------------------------
step "overhead: an array of 8 tasks that do nothing, on $cpus CPUs"
mkdir -p ovh
t0=$(date +%s.%N)
job=$(submit --array=1-8 -- --wrap "date +%s.%N > $work/ovh/\$SLURM_ARRAY_TASK_ID")
wait_jobs "$job"
t1=$(date +%s.%N)
d0=$(date +%s.%N)
for k in 1 2 3 4 5 6 7 8; do bash -c "date +%s.%N > $work/ovh/direct-$k"; done
d1=$(date +%s.%N)
overhead=$(python3 - "$t0" "$t1" "$d0" "$d1" "$cpus" ovh/{1..8} <<'EOF'
import sys
t0, t1, d0, d1, cpus = map(float, sys.argv[1:6])
starts = sorted(float(open(f).read()) for f in sys.argv[6:])
print(f"8 tasks in {t1 - t0:.2f} s on {cpus:.0f} CPUs (started at "
      + " ".join(f"{s - t0:.1f}" for s in starts)
      + f" s after sbatch), {(t1 - t0) * cpus / 8:.2f} CPU-slot seconds per task; "
      f"the same 8 commands directly: {d1 - d0:.3f} s")
EOF
)
echo "   $overhead"

# --- 1. counts ---------------------------------------------------------------------------------
step "count: 13-queens, one machine"
"$dlxlab" gen-xc queens 13 >q13.dlx
"$dlxlab" xc q13.dlx --count --stats 2>one.stats >/dev/null
one_counts=$(awk '/^(solutions|nodes|updates):/ { sub(":", ""); print }' one.stats)
[[ $(wc -l <<<"$one_counts") == 3 ]] || fail "no counts from the one-machine run: $(cat one.stats)"
echo "$one_counts" | sed 's/^/   /'

step "count: split at depth 2, an array of 8, merge-counts as an afterok dependency job"
"$dlxlab" split q13.dlx --depth 2 --out jobs >/dev/null
job=$(submit --array=1-8 -- "$here/count-array.sh" jobs)
merge=$(merge_job "afterok:$job" merge-counts.out "$(q "$dlxlab") merge-counts jobs")
wait_jobs "$job" "$merge"
cluster_counts=$(grep -E '^(solutions|nodes|updates) ' merge-counts.out || true)
[[ $cluster_counts == "$one_counts" ]] ||
    fail "cluster counts differ from the one-machine count:\n$cluster_counts\nvs\n$one_counts\n$(cat merge-counts.out)"
echo "   equal: $(echo "$cluster_counts" | tr '\n' ' ')"

step "count faults: task 3 cancelled, task 6 fails"
rm -rf jobs/results
job=$(submit --array=1-8 --hold --export=ALL,DLXLAB_FAIL_TASKS=6 -- "$here/count-array.sh" jobs)
scancel "${job}_3"
scontrol release "$job" >/dev/null
ok_merge=$(merge_job "afterok:$job" merge-counts-afterok.out "$(q "$dlxlab") merge-counts jobs")
merge=$(merge_job "afterany:$job" merge-counts-fault.out "$(q "$dlxlab") merge-counts jobs")
wait_jobs "$job" "$merge"
for _ in $(seq 1 20); do
    reason=$(squeue -h -j "$ok_merge" -o '%r' 2>/dev/null || true)
    [[ $reason == DependencyNeverSatisfied ]] && break
    sleep 0.5
done
[[ $reason == DependencyNeverSatisfied && ! -e merge-counts-afterok.out ]] ||
    fail "the afterok merge job was expected to wait forever (DependencyNeverSatisfied), got '$reason'"
scancel "$ok_merge"
echo "   an afterok merge job never runs: $reason"
grep -q "slices without a result: 3/8, 6/8" merge-counts-fault.out ||
    fail "merge-counts did not refuse naming slices 3 and 6: $(cat merge-counts-fault.out)"
[[ ! -e jobs/results/3-of-8.json && ! -e jobs/results/6-of-8.json ]] ||
    fail "the cancelled or failed task left a result"
echo "   refused: $(grep -m1 'have no result' merge-counts-fault.out | sed 's/^.*caused by: //')"
bad=$(submit --array=3 -- "$here/count-array.sh" jobs)
wait_jobs "$bad"
grep -q "DLXLAB_ARRAY_SIZE" "slurm-${bad}_3.out" || fail "a lone task without DLXLAB_ARRAY_SIZE was not refused"
[[ ! -e jobs/results/3-of-1.json ]] || fail "a lone task counted slice 3/1"
echo "   a lone task without DLXLAB_ARRAY_SIZE is refused"
job3=$(submit --array=3 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/count-array.sh" jobs)
job6=$(submit --array=6 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/count-array.sh" jobs)
merge=$(merge_job "afterok:$job3:$job6" merge-counts-rerun.out "$(q "$dlxlab") merge-counts jobs")
wait_jobs "$job3" "$job6" "$merge"
rerun_counts=$(grep -E '^(solutions|nodes|updates) ' merge-counts-rerun.out || true)
[[ $rerun_counts == "$one_counts" ]] || fail "after resubmitting 3 and 6: $rerun_counts $(cat merge-counts-rerun.out)"
echo "   tasks 3 and 6 resubmitted alone (--array=3, --array=6, DLXLAB_ARRAY_SIZE=8): totals equal"
# A task rerun with another N: slice 1/4 holds jobs that slices 1/8 and 5/8 hold too.
dup=$(submit --array=1 --export=ALL,DLXLAB_ARRAY_SIZE=4 -- "$here/count-array.sh" jobs)
wait_jobs "$dup"
if "$dlxlab" merge-counts jobs >/dev/null 2>merge-counts-dup.err; then
    fail "merge-counts summed a job counted twice"
fi
grep -q "reported twice: in .*1-of-4.json and in .*1-of-8.json\|reported twice: in .*1-of-8.json and in .*1-of-4.json" merge-counts-dup.err ||
    fail "merge-counts did not name the doubled result: $(cat merge-counts-dup.err)"
echo "   refused: $(sed "s|$work/||g" merge-counts-dup.err)"
rm jobs/results/1-of-4.json

# --- 2. studies --------------------------------------------------------------------------------
step "study: 3,000 puzzles, one machine"
data=${DLXLAB_DATA:-$root/../shared/datasets}
if [[ -f $data/17-clue.txt ]]; then
    head -n 3000 "$data/17-clue.txt" >corpus.txt
    what="the first 3,000 lines of $(realpath "$data/17-clue.txt")"
else
    grep -v '^#' "$root/datasets/default.txt" | head -n 3000 >corpus.txt
    what="the embedded corpus datasets/default.txt (17-clue.txt not found in $data)"
fi
echo "   corpus: $what"
# Technique ratings (the default) cost little on 17-clue puzzles; the shards' ratings.csv are merged.
study_args=(--corpus "$work/corpus.txt" --ratings technique --no-plots)
"$dlxlab" study "${study_args[@]}" --quiet --out one-study
untimed one-study/runs.csv >one.csv

# The merge job the docs give: every shard directory there is, by a glob.
study_merge="$(q "$dlxlab") merge --out study/merged study/shard-*-of-8"
step "study: an array of 8, merge as an afterok dependency job"
job=$(submit --array=1-8 -- "$here/study-array.sh" study "${study_args[@]}")
merge=$(merge_job "afterok:$job" merge.out "$study_merge")
wait_jobs "$job" "$merge"
[[ -f study/merged/runs.csv ]] || fail "the merge job wrote no runs.csv: $(cat merge.out)"
untimed study/merged/runs.csv >cluster.csv
cmp -s one.csv cluster.csv || fail "merged runs.csv differs from the one-machine study (time_ns apart)"
cmp -s one-study/ratings.csv study/merged/ratings.csv || fail "merged ratings.csv differs from the one-machine study"
echo "   runs.csv equal to the one-machine study (time_ns apart): $(($(wc -l <one.csv) - 1)) rows;" \
    "ratings.csv byte-identical: $(($(wc -l <one-study/ratings.csv) - 1)) rows"

step "study faults: task 2 cancelled, task 7 fails"
rm -rf study
job=$(submit --array=1-8 --hold --export=ALL,DLXLAB_FAIL_TASKS=7 -- "$here/study-array.sh" study "${study_args[@]}")
scancel "${job}_2"
scontrol release "$job" >/dev/null
merge=$(merge_job "afterany:$job" merge-fault.out "$study_merge")
wait_jobs "$job" "$merge"
[[ ! -e study/merged ]] || fail "merge wrote a result from 6 of 8 shards"
grep -q "2 of 8 shards are missing: 2/8, 7/8" merge-fault.out ||
    fail "merge did not name shards 2 and 7: $(cat merge-fault.out)"
echo "   refused: $(cat merge-fault.out)"
if "$dlxlab" merge --quiet --out study/merged study/shard-{1,1,3,4,5,6,8}-of-8 2>merge-twice.err; then
    fail "merge accepted a shard given twice"
fi
grep -q "shard 1/8 given twice" merge-twice.err || fail "merge did not name the doubled shard: $(cat merge-twice.err)"
echo "   refused: $(cat merge-twice.err)"
job2=$(submit --array=2 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/study-array.sh" study "${study_args[@]}")
job7=$(submit --array=7 --export=ALL,DLXLAB_ARRAY_SIZE=8 -- "$here/study-array.sh" study "${study_args[@]}")
merge=$(merge_job "afterok:$job2:$job7" merge-rerun.out "$study_merge")
wait_jobs "$job2" "$job7" "$merge"
[[ -f study/merged/runs.csv ]] || fail "the merge after resubmission failed: $(cat merge-rerun.out)"
untimed study/merged/runs.csv >rerun.csv
cmp -s one.csv rerun.csv || fail "after resubmitting 2 and 7, runs.csv differs"
cmp -s one-study/ratings.csv study/merged/ratings.csv || fail "after resubmitting 2 and 7, ratings.csv differs"
echo "   tasks 2 and 7 resubmitted alone: runs.csv and ratings.csv equal to the one-machine study"

if [[ $was_up == 0 ]]; then
    step "down"
    "$here/test-cluster.sh" down
    trap - EXIT
else
    step "the cluster was up before the test: left up"
fi
# A work directory of our own is removed after a pass (kept after a failure, for its logs).
if [[ -z ${SELFTEST_DIR:-} ]]; then
    cd /
    rm -rf "$work"
    work="(removed)"
fi
echo "selftest.sh: PASSED in $(elapsed) s; array task overhead: $overhead; work directory $work"
