#!/usr/bin/env bash
# Run a study as a Slurm job array: array task K of N studies shard K/N of the corpus.
#
#   JOB=$(sbatch --parsable --array=1-8 scripts/slurm/study-array.sh OUT --corpus puzzles.txt)
#   sbatch --dependency=afterany:$JOB --wrap "dlxlab merge --out OUT/merged OUT/shard-*-of-8"
#
# Task K runs `dlxlab study --shard K/N --out OUT/shard-K-of-N --quiet [STUDY ARGS...]`, where N is
# the array's size: shard K takes the corpus lines l with (l-1) mod N = K-1, and keeps their line
# numbers, so the merged runs.csv has the rows of a one-machine study (`time_ns` apart) and, when
# rated, the same ratings.csv. Pass the same STUDY ARGS (--corpus, --solvers, --ratings, ...) to
# every task; give --corpus explicitly as an absolute path — the default lookup depends on each
# task's working directory and $DLXLAB_DATA.
#
# The array must run 1..N with step 1 (`--array=1-N`, optionally `%M` to cap concurrency). The
# merge job (`afterany`, so it runs even when a task failed; an `afterok` one would wait forever)
# refuses to merge while a shard is missing or given twice, and names every such shard; resubmit
# a lost task alone with the same N
# (`sbatch --array=5 --export=ALL,DLXLAB_ARRAY_SIZE=8 scripts/slurm/study-array.sh OUT ...`) and merge
# again. A shard directory is
# written atomically, so a task that died leaves no partial runs.csv behind; resubmitting a task
# whose shard exists replaces it.
#
# Environment: DLXLAB (the binary; default `dlxlab` on PATH). For rehearsing failures
# (scripts/slurm/selftest.sh): DLXLAB_FAIL_TASKS, space-separated task ids that exit with status 1
# at once instead of running.
#
#SBATCH --job-name=dlxlab-study
#SBATCH --array=1-8
#SBATCH --cpus-per-task=1
#SBATCH --time=04:00:00
#SBATCH --output=dlxlab-study-%A_%a.out
set -euo pipefail

out=${1:?usage: sbatch --array=1-N study-array.sh OUT_DIR [STUDY ARGS...]}
shift
: "${SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit with sbatch --array=1-N}"
# N, the number of shards, is the size of the array: SLURM_ARRAY_TASK_COUNT (older Slurm: the
# maximum id). A task resubmitted alone (`--array=5`) runs in an array of one, so N must then be
# given: DLXLAB_ARRAY_SIZE=N (sbatch --export=ALL,DLXLAB_ARRAY_SIZE=8 --array=5 ...).
if [[ -n ${DLXLAB_ARRAY_SIZE:-} ]]; then
    n=$DLXLAB_ARRAY_SIZE
else
    n=${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?cannot tell the number of array tasks}}
    if [[ ${SLURM_ARRAY_TASK_MIN:-1} != 1 || ${SLURM_ARRAY_TASK_MAX:-$n} != "$n" ]]; then
        echo "study-array.sh: this array is not 1-N (ids ${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?}): to rerun tasks of an array of N, set DLXLAB_ARRAY_SIZE=N" >&2
        exit 2
    fi
fi
k=$SLURM_ARRAY_TASK_ID
for f in ${DLXLAB_FAIL_TASKS:-}; do
    if [[ $f == "$k" ]]; then
        echo "study-array.sh: task $k fails on purpose (DLXLAB_FAIL_TASKS)" >&2
        exit 1
    fi
done
exec "${DLXLAB:-dlxlab}" study --shard "$k/$n" --out "$out/shard-$k-of-$n" --quiet \
    --threads "${SLURM_CPUS_PER_TASK:-1}" "$@"
