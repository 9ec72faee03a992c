#!/usr/bin/env bash
# End-to-end test of the HyperQueue job file scripts/hyperqueue/count.toml with a real HyperQueue
# server and worker on this machine.
#
#   scripts/hyperqueue/selftest.sh             # fails when there is no `hq` program
#   scripts/hyperqueue/selftest.sh --skip-ok   # (CI) prints "SKIPPED: reason" and exits 0 then
#
# Starts `hq server start` and one `hq worker start` (all CPUs) with their files in a new work
# directory, then:
#   1. counts N-queens 13 (split depth 2) with `hq job submit-file count.toml`, merges with
#      `dlxlab merge-counts` and compares solutions, nodes and updates with a one-machine count;
#   2. rehearses faults: task 3 is killed (SIGKILL, as by a lost node) and task 6 exits 1;
#      `merge-counts` must refuse, naming slices 3/8 and 6/8; the failed tasks (`hq job task-ids
#      --filter failed`) are resubmitted alone from a copy of the job file with only their ids,
#      and the merged totals must then equal the one-machine count;
# and stops the worker and the server it started (also on failure). Exits non-zero on a mismatch.
# The faults are made by a `dlxlab` wrapper that the worker finds first on its PATH (count.toml
# runs `dlxlab` from PATH): it kills or fails a task when a marker file for that task id exists.
#
# Environment: HQ (the hq program; default `hq` on PATH), DLXLAB (default
# ./target/release/dlxlab, built if missing), SELFTEST_DIR (work directory, kept; default a new
# temporary directory, removed after a pass), DLXLAB_HQ_SKIP_OK=1 (same as --skip-ok).
set -euo pipefail

skip_ok=${DLXLAB_HQ_SKIP_OK:-0}
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
start=$(date +%s.%N)
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)"; }
skip() {
    if [[ $skip_ok == 1 ]]; then
        echo "hyperqueue selftest.sh: SKIPPED: $*"
        exit 0
    fi
    echo "hyperqueue selftest.sh: cannot run: $*" >&2
    exit 1
}
fail() {
    echo -e "hyperqueue selftest.sh: FAILED: $*" >&2
    exit 1
}
step() { echo "== $* ($(elapsed) s)"; }

hq=${HQ:-hq}
hq=$(command -v "$hq" 2>/dev/null) ||
    skip "no hq program (HQ=${HQ:-hq}): HyperQueue publishes it as a GitHub release, neither PyPI's hyperqueue package nor crates.io carries it"
hq=$(realpath "$hq")
dlxlab=${DLXLAB:-$(bash "$root/scripts/target-dir.sh")/release/dlxlab}
if [[ ! -x $dlxlab ]]; then
    [[ -z ${DLXLAB:-} ]] || fail "DLXLAB=$DLXLAB is not an executable"
    (cd "$root" && cargo build --release -q) || fail "cannot build dlxlab"
fi
dlxlab=$(realpath "$dlxlab")
work=$(realpath -m "${SELFTEST_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-hq-selftest.XXXXXX")}")
mkdir -p "$work/bin"
cd "$work"
export HQ_SERVER_DIR=$work/hq-server

# The dlxlab the worker runs: the real one, unless a marker says to kill or fail this task.
cat >bin/dlxlab <<EOF
#!/usr/bin/env bash
if [[ -n \${HQ_TASK_ID:-} && -e $work/kill-\$HQ_TASK_ID ]]; then kill -9 \$\$; fi
if [[ -n \${HQ_TASK_ID:-} && -e $work/fail-\$HQ_TASK_ID ]]; then
    echo "task \$HQ_TASK_ID fails on purpose" >&2
    exit 1
fi
exec $(printf '%q' "$dlxlab") "\$@"
EOF
chmod +x bin/dlxlab

# The ids of the last job's failed tasks in hq's id-set syntax, "3,6" or "2-3" (empty: none failed).
failed_tasks() { "$hq" job task-ids last --filter failed 2>/dev/null | tr -d ' \n'; }

pids=()
cleanup() {
    "$hq" server stop >/dev/null 2>&1 || true
    local p
    for p in "${pids[@]}"; do
        for _ in $(seq 1 30); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill "$p" 2>/dev/null || true
    done
}
trap cleanup EXIT

step "start an hq server and one worker ($("$hq" --version))"
"$hq" server start >server.log 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do "$hq" server info >/dev/null 2>&1 && break; sleep 0.1; done
"$hq" server info >/dev/null 2>&1 || skip "the hq server did not start: $(cat server.log)"
PATH=$work/bin:$PATH "$hq" worker start --on-server-lost stop >worker.log 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    [[ $("$hq" worker list --output-mode quiet 2>/dev/null | wc -l) -ge 1 ]] && break
    sleep 0.1
done
[[ $("$hq" worker list --output-mode quiet 2>/dev/null | wc -l) -ge 1 ]] ||
    skip "the hq worker did not start: $(cat worker.log)"

step "count: 13-queens, one machine"
"$dlxlab" gen-xc queens 13 >q13.dlx
"$dlxlab" xc q13.dlx --count --stats 2>one.stats >/dev/null
one_counts=$(awk '/^(solutions|nodes|updates):/ { sub(":", ""); print }' one.stats)
[[ $(wc -l <<<"$one_counts") == 3 ]] || fail "no counts from the one-machine run: $(cat one.stats)"
echo "$one_counts" | sed 's/^/   /'

step "count: split at depth 2, hq job submit-file count.toml, merge-counts"
"$dlxlab" split q13.dlx --depth 2 --out jobs 2>&1 | sed 's/^/   /'
t0=$(date +%s.%N)
"$hq" job submit-file "$root/scripts/hyperqueue/count.toml" >/dev/null
"$hq" job wait last >/dev/null || fail "hq job wait failed: $("$hq" job info last)"
[[ -z $(failed_tasks) ]] || fail "tasks $(failed_tasks) failed: $("$hq" job info last)"
t1=$(date +%s.%N)
hq_counts=$("$dlxlab" merge-counts jobs | grep -E '^(solutions|nodes|updates) ' || true)
[[ $hq_counts == "$one_counts" ]] || fail "HyperQueue counts differ from the one-machine count:\n$hq_counts\nvs\n$one_counts"
wall=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$t0" "$t1")
echo "   equal: $(echo "$hq_counts" | tr '\n' ' ')(8 tasks, submit to done: $wall s)"

step "count faults: task 3 killed, task 6 fails"
rm -rf jobs/results
touch kill-3 fail-6
"$hq" job submit-file "$root/scripts/hyperqueue/count.toml" >/dev/null
# (`hq job wait` exits 0 here although tasks failed: the task states tell.)
"$hq" job wait last >/dev/null 2>&1 || true
failed=$(failed_tasks)
[[ $failed == 3,6 ]] || fail "expected tasks 3 and 6 failed, hq says '$failed'"
echo "   hq: tasks $failed failed"
if "$dlxlab" merge-counts jobs >/dev/null 2>merge-fault.err; then fail "merge-counts summed 6 of 8 slices"; fi
grep -q "slices without a result: 3/8, 6/8" merge-fault.err ||
    fail "merge-counts did not name slices 3 and 6: $(cat merge-fault.err)"
echo "   refused: $(sed -n 's/.*caused by: //p' merge-fault.err)"
rm kill-3 fail-6
sed "s/^ids = .*/ids = \"$failed\"/" "$root/scripts/hyperqueue/count.toml" >rerun.toml
"$hq" job submit-file rerun.toml >/dev/null
"$hq" job wait last >/dev/null || fail "hq job wait failed: $("$hq" job info last)"
[[ -z $(failed_tasks) ]] || fail "resubmitted tasks $(failed_tasks) failed again"
rerun_counts=$("$dlxlab" merge-counts jobs | grep -E '^(solutions|nodes|updates) ' || true)
[[ $rerun_counts == "$one_counts" ]] || fail "after resubmitting tasks $failed: $rerun_counts"
echo "   tasks $failed resubmitted alone (ids = \"$failed\" in a copy of count.toml): totals equal"

cleanup
trap - EXIT
# A work directory of our own is removed after a pass (kept after a failure, for its logs).
if [[ -z ${SELFTEST_DIR:-} ]]; then
    cd /
    rm -rf "$work"
    work="(removed)"
fi
echo "hyperqueue selftest.sh: PASSED in $(elapsed) s; work directory $work"
