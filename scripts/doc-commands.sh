#!/usr/bin/env bash
# Runs the documented commands as a new user would (issue 37): every fenced block opened with
# ```sh run in README.md and docs/*.md, each block as one bash script (set -euo pipefail), in a fresh clone of HEAD with the built
# dlxlab first on the PATH; fails on the first block that fails or takes over its limit, and
# when the clone's `git status` is not clean afterwards (no command writes into tracked files).
#
#   scripts/doc-commands.sh [--list]      # --list: print the blocks, run nothing
#
# Environment: DLXLAB (the binary; default release/dlxlab in cargo's target directory),
# DOC_COMMAND_LIMIT (seconds per block, default 60), DLXLAB_DATA (passed on).
#
# Cost: 7 blocks, 13 s in all (2 cores, release build, 2026-11-27).
#
# Blocks opened with plain ```sh are not run. Those of the README, and why (measured on 2 cores):
#   cargo run --release -- study / cargo test   the set-up: .ci/run runs both (cargo test ~3 min)
#   cargo install --path .                       a release build into ~/.cargo/bin (~4 min)
#   dlxlab study --corpus datasets/17-clue.txt   needs scripts/fetch-datasets.sh (network); 57.5 s
# Those of docs/, and why none is run here (each is run elsewhere or is a measurement procedure):
#   counting.md   memo on 2-16 threads (minutes, 16 cores), split/count-jobs/merge-counts on a
#                 placeholder problem.dlx, the Slurm session (scripts/slurm/selftest.sh runs it in
#                 CI), cargo bench (minutes), count_cpu (a timing example)
#   external-solvers.md   a study of a user's puzzles.txt (the same commands run in
#                 reports/hard via scripts/reproduce.sh --check in CI)
#   generation.md harden --count 100 / 10 (minutes of local search)
#   grids.md      3x3 twice plus --check (about 40 s at load 2; .ci/run checks every count)
#   harness.md    the Slurm study session (scripts/slurm/selftest.sh in CI)
#   performance.md, xc-engine.md   timing procedures (taskset, criterion, callgrind, Knuth's
#                 programs built from sources the user supplies)
#   peers.md      clones of the peers' repositories (network) and builds from them
#   python.md     pip install ./python (python/ci.sh in CI builds and tests the wheel)
#   variants.md   a killer puzzle and honeycomb synopses written with placeholders (GIVENS, PUZZLE)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=0
[ "${1:-}" = "--list" ] && list=1
limit=${DOC_COMMAND_LIMIT:-60}

# Writes each runnable block to DIR/N.sh (its first line: `# FILE`) and prints how many.
blocks() {
  local dir=$1; shift
  awk -v dir="$dir" '
    /^```sh run[[:space:]]*$/ { n++; out = dir "/" n ".sh"; print "# " FILENAME > out; inblock = 1; next }
    /^```/ { if (inblock) close(out); inblock = 0; next }
    inblock { print > out }
    END { print n + 0 }' "$@"
}
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-doc-commands.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/blocks"
n=$(blocks "$work/blocks" README.md docs/*.md)
if [ "$list" = 1 ]; then
  for ((k = 1; k <= n; k++)); do cat "$work/blocks/$k.sh"; echo; done
  exit 0
fi
bin=${DLXLAB:-$(bash scripts/target-dir.sh)/release/dlxlab}
[ -x "$bin" ] || { echo "doc-commands.sh: no binary at $bin (cargo build --release)" >&2; exit 2; }
git clone --quiet --no-hardlinks "$root" "$work/clone"
# This checkout's commit, not the clone's default branch (a worktree shares its repository).
git -C "$work/clone" checkout --quiet "$(git rev-parse HEAD)"
mkdir -p "$work/bin"
ln -s "$(realpath "$bin")" "$work/bin/dlxlab"
export PATH="$work/bin:$PATH"
cd "$work/clone"
total_start=$(date +%s)
for ((k = 1; k <= n; k++)); do
  block=$work/blocks/$k.sh
  file=$(head -n 1 "$block" | cut -c3-)
  start=$(date +%s.%N)
  if ! timeout "$limit" bash -euo pipefail "$block" >"$work/out" 2>&1; then
    echo "doc-commands.sh: FAILED (block $k of $file, or over ${limit} s):" >&2
    sed 1d "$block" >&2
    tail -n 20 "$work/out" >&2
    exit 1
  fi
  awk -v s="$start" -v e="$(date +%s.%N)" -v f="$file" -v l="$(sed -n 2p "$block")" \
    'BEGIN { printf "   %5.1f s  %s: %s ...\n", e - s, f, l }'
done
# Files the commands were told to write (`> q14.dlx`, `--zdd d8.zdd`) are the user's; a tracked file
# changed, or an output the commands chose themselves outside the ignored results/, is not.
named=$(cat "$work"/blocks/*.sh | grep -oE '(> ?|--(zdd|out) )[A-Za-z0-9_./-]+' | sed -E 's/^(> ?|--(zdd|out) )//' | sort -u)
dirty=$(git status --porcelain | awk '{print $2}' | grep -vxF -f <(printf '%s\n' $named) || true)
if [ -n "$dirty" ]; then
  echo "doc-commands.sh: FAILED: the commands left the clone's git status dirty:" >&2
  echo "$dirty" >&2
  exit 1
fi
echo "doc-commands.sh: $n blocks ran in $(($(date +%s) - total_start)) s; git status clean"
