#!/usr/bin/env bash
# Count the jobs of a `dlxlab split` directory as a Slurm job array, one slice per array task.
#
#   dlxlab split problem.dlx --depth 4 --out jobs
#   JOB=$(sbatch --parsable --array=1-64 scripts/slurm/count-array.sh jobs)
#   sbatch --dependency=afterok:$JOB --wrap 'dlxlab merge-counts jobs'
#
# Array task K of N counts the jobs whose id is K-1 modulo N and writes jobs/results/K-of-N.json.
# The array must run 1..N with step 1 (`--array=1-N`, optionally `%M` to cap concurrency). A task
# that failed can be resubmitted alone (`--array=17`) as long as N stays the same; `merge-counts`
# refuses to sum while any job is missing or reported twice. Set DLXLAB to the binary's path if it
# is not on PATH; the slice uses all CPUs given to the task (`--cpus-per-task`).
#
#SBATCH --job-name=dlxlab-count
#SBATCH --array=1-8
#SBATCH --cpus-per-task=1
#SBATCH --time=04:00:00
#SBATCH --output=dlxlab-count-%A_%a.out
set -euo pipefail

dir=${1:?usage: sbatch --array=1-N count-array.sh JOB_DIR}
: "${SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit with sbatch --array=1-N}"
# SLURM_ARRAY_TASK_COUNT is the number of tasks; older Slurm only has the maximum id.
n=${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?cannot tell the number of array tasks}}
if [[ ${SLURM_ARRAY_TASK_MIN:-1} != 1 && -z ${SLURM_ARRAY_TASK_COUNT:-} ]]; then
    echo "count-array.sh: the array must start at 1 (--array=1-N)" >&2
    exit 2
fi
exec "${DLXLAB:-dlxlab}" count-jobs "$dir" --job "$SLURM_ARRAY_TASK_ID/$n" \
    --threads "${SLURM_CPUS_PER_TASK:-1}"
