#!/usr/bin/env bash
# Count the jobs of a `dlxlab split` directory as a Slurm job array, one slice per array task.
#
#   dlxlab split problem.dlx --depth 4 --out jobs
#   JOB=$(sbatch --parsable --array=1-64 scripts/slurm/count-array.sh jobs)
#   sbatch --dependency=afterany:$JOB --wrap 'dlxlab merge-counts jobs'
#
# Array task K of N counts the jobs whose id is K-1 modulo N and writes jobs/results/K-of-N.json.
# The array must run 1..N with step 1 (`--array=1-N`, optionally `%M` to cap concurrency). A task
# that failed can be resubmitted alone with the same N (`--array=17`, DLXLAB_ARRAY_SIZE=N, below);
# `merge-counts` refuses to sum while any job is missing or reported twice. Set DLXLAB to the binary's path if it
# is not on PATH; the slice uses all CPUs given to the task (`--cpus-per-task`). For rehearsing
# failures (scripts/slurm/selftest.sh): DLXLAB_FAIL_TASKS, space-separated task ids that exit with
# status 1 at once instead of counting.
#
#SBATCH --job-name=dlxlab-count
#SBATCH --array=1-8
#SBATCH --cpus-per-task=1
#SBATCH --time=04:00:00
#SBATCH --output=dlxlab-count-%A_%a.out
set -euo pipefail

dir=${1:?usage: sbatch --array=1-N count-array.sh JOB_DIR}
: "${SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit with sbatch --array=1-N}"
# N, the number of shards, is the size of the array: SLURM_ARRAY_TASK_COUNT (older Slurm: the
# maximum id). A task resubmitted alone (`--array=5`) runs in an array of one, so N must then be
# given: DLXLAB_ARRAY_SIZE=N (sbatch --export=ALL,DLXLAB_ARRAY_SIZE=8 --array=5 ...).
if [[ -n ${DLXLAB_ARRAY_SIZE:-} ]]; then
    n=$DLXLAB_ARRAY_SIZE
else
    n=${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?cannot tell the number of array tasks}}
    if [[ ${SLURM_ARRAY_TASK_MIN:-1} != 1 || ${SLURM_ARRAY_TASK_MAX:-$n} != "$n" ]]; then
        echo "count-array.sh: this array is not 1-N (ids ${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?}): to rerun tasks of an array of N, set DLXLAB_ARRAY_SIZE=N" >&2
        exit 2
    fi
fi
for f in ${DLXLAB_FAIL_TASKS:-}; do
    if [[ $f == "$SLURM_ARRAY_TASK_ID" ]]; then
        echo "count-array.sh: task $SLURM_ARRAY_TASK_ID fails on purpose (DLXLAB_FAIL_TASKS)" >&2
        exit 1
    fi
done
exec "${DLXLAB:-dlxlab}" count-jobs "$dir" --job "$SLURM_ARRAY_TASK_ID/$n" \
    --threads "${SLURM_CPUS_PER_TASK:-1}"
