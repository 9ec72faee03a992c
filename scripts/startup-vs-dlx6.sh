#!/usr/bin/env bash
# Whole-process CPU time of `dlxlab xc FILE --engine memo --count` against Knuth's DLX6 on the same
# files (issue 24): the problems where the whole process is mostly start-up (dominoes 4x4, queens 8,
# the three random colour problems of scripts/counting-report.sh) and one larger one (dominoes
# 10x10) to show that nothing else moved. Each program is copied to one temporary directory and
# runs from there as `sh -c "exec PROGRAM <FILE"` (both sides carry the same shell start), pinned
# to CPU 0, under `perf stat -r RUNS -e task-clock,page-faults`. The programs alternate within each
# of ROUNDS rounds (each round starting one program later, so that none always follows the same
# one); reported are the medians of the rounds' means and the median of the per-round ratios to
# DLX6 (each pair ran within a second, under the same load). DLX6 is timed twice per round
# (`dlx6-again`): its ratio to itself is the noise of the measurement. The counts are checked
# equal before anything is timed.
#
# Usage: scripts/startup-vs-dlx6.sh --knuth DIR [--rounds R] [--runs N] [--bin NAME=PATH]...
#                                   [OUT]
#
#   --knuth DIR    a directory holding Knuth's dlx6 (scripts/peers/knuth.sh DIR dlx6)
#   --bin NAME=PATH  a dlxlab binary to time, under NAME (repeatable; default:
#                  dynamic=target/release/dlxlab, and static=target/release-static/dlxlab when
#                  scripts/build-static.sh has built it)
#   --rounds R     alternating rounds (default 9)
#   --runs N       runs per program per round on the small problems (default 40; 3 on the larger)
#   OUT            where startup.csv and startup.md go (default reports/counting)
#
# Needs perf (Debian: linux-perf; installed with apt-get when missing and run as root) and taskset.
set -euo pipefail
cd "$(dirname "$0")/.."

knuth=""
rounds=9
runs=40
bins=()
out=reports/counting
while [ $# -gt 0 ]; do
  case $1 in
    --knuth) knuth=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --bin) bins+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "startup-vs-dlx6.sh: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
die() { echo "startup-vs-dlx6.sh: $*" >&2; exit 1; }
[ -n "$knuth" ] || die "--knuth DIR is required (scripts/peers/knuth.sh DIR dlx6)"
[ -x "$knuth/dlx6" ] || die "$knuth/dlx6 missing: scripts/peers/knuth.sh $knuth dlx6"
if ! command -v perf >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y linux-perf >/dev/null || die "could not install linux-perf"
  else
    die "needs perf (apt-get install linux-perf)"
  fi
fi
command -v taskset >/dev/null || die "needs taskset (util-linux)"
if [ ${#bins[@]} = 0 ]; then
  target=$(bash scripts/target-dir.sh)
  bins=("dynamic=$target/release/dlxlab")
  [ -x "$target/release-static/dlxlab" ] && bins+=("static=$target/release-static/dlxlab")
fi
for b in "${bins[@]}"; do
  [[ ${b%%=*} =~ ^[A-Za-z0-9_-]+$ && ${b%%=*} != dlx6* && $b == *=* ]] ||
    die "--bin $b: want NAME=PATH, NAME of letters, digits, - and _ (not dlx6…)"
  [ -x "${b#*=}" ] || die "${b#*=}: no such program (cargo build --release; scripts/build-static.sh)"
done
gen=${bins[0]#*=}

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every program is timed from a copy in one directory: a file just written by a linker (through
# mmap) sits in the page cache in small pieces and takes ~15 more page faults per start than a copy
# of the same bytes (10% of a run of dominoes 4x4), which would measure how the file was written.
mkdir "$work/bin"
for b in "${bins[@]}"; do cp "${b#*=}" "$work/bin/${b%%=*}"; done
cp "$knuth/dlx6" "$work/bin/dlx6"

# name|gen-xc arguments or `random SEED NP NS NO`|runs (0: --runs)
problems=(
  "dominoes 4x4|domino 4x4|0"
  "queens 8|queens 8|0"
  "random colours 1|random 1 16 6 40|0"
  "random colours 2|random 2 24 8 80|0"
  "random colours 3|random 3 32 10 160|0"
  "dominoes 10x10|domino 10x10|3"
)

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# cpu FILE RUNS CMD: "ms_per_run page_faults" of CMD reading FILE, RUNS runs, pinned.
cpu() {
  local file=$1 n=$2 cmd=$3 stat
  stat=$(perf stat -x, -e task-clock,page-faults -r "$n" taskset -c 0 \
    sh -c "exec $cmd <'$file' >/dev/null 2>&1" 2>&1 >/dev/null)
  awk -F, '/task-clock/ {t = $1} /page-faults/ {p = $1} END {printf "%.3f %d\n", t, p}' <<<"$stat"
}

names=()
for b in "${bins[@]}"; do names+=("${b%%=*}"); done
names+=(dlx6 dlx6-again)
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "problem,program,cpu_ms_median,cpu_ms_rounds,ratio_to_dlx6_median,page_faults,rounds,runs_per_round" >"$out/startup.csv"
for entry in "${problems[@]}"; do
  IFS='|' read -r name args n <<<"$entry"
  [ "$n" = 0 ] && n=$runs
  file="$work/problem.dlx"
  if [[ $args == random* ]]; then
    read -r _ seed np ns no <<<"$args"
    awk -v seed="$seed" -v np="$np" -v ns="$ns" -v no="$no" -f scripts/random-colours.awk >"$file"
  else
    # shellcheck disable=SC2086
    "$gen" gen-xc $args >"$file"
  fi
  want=$("$knuth/dlx6" <"$file" 2>&1 >/dev/null | sed -nE 's/^Altogether ([0-9]+) solution.*/\1/p')
  declare -A cmds=() times=() faults=()
  for b in "${bins[@]}"; do
    got=$("$work/bin/${b%%=*}" xc "$file" --engine memo --count)
    [ "$got" = "$want" ] || die "$name: ${b%%=*} counted $got, dlx6 $want"
    cmds[${b%%=*}]="$work/bin/${b%%=*} xc - --engine memo --count"
  done
  cmds[dlx6]="$work/bin/dlx6"
  cmds[dlx6-again]="$work/bin/dlx6"
  k=${#names[@]}
  for ((r = 0; r < rounds; r++)); do
    for ((j = 0; j < k; j++)); do
      p=${names[$(((r + j) % k))]}
      read -r ms pf < <(cpu "$file" "$n" "${cmds[$p]}")
      times[$p]+="$ms "
      faults[$p]=$pf
    done
  done
  read -ra base <<<"${times[dlx6]}"
  for p in "${names[@]}"; do
    med=$(tr ' ' '\n' <<<"${times[$p]}" | grep . | median)
    # The ratio to DLX6 round by round (the two ran seconds apart, under the same load), median.
    read -ra mine <<<"${times[$p]}"
    ratio=$(for i in "${!mine[@]}"; do echo "${mine[$i]} ${base[$i]}"; done |
      awk '{printf "%.4f\n", $1 / $2}' | median | awk '{printf "%.3f", $1}')
    echo "$name,$p,$med,${times[$p]% },$ratio,${faults[$p]},$rounds,$n" >>"$out/startup.csv"
    echo "$name / $p: $med ms CPU (median of $rounds rounds of $n runs), $ratio of DLX6's, ${faults[$p]} page faults" >&2
  done
  unset cmds times faults
done

{
  echo "Whole-process CPU time, ms per run (median of $rounds alternating rounds; \`perf stat -e task-clock\`,"
  echo "pinned to CPU 0, each run \`sh -c \"exec …\"\`); $(nproc) CPUs, load average $load at the start;"
  echo "$(sed -n 's/^model name\t*: //p' /proc/cpuinfo | head -1); \`scripts/startup-vs-dlx6.sh\`."
  echo
  printf "| problem |"
  for p in "${names[@]}"; do printf " %s (ms) |" "$p"; done
  for p in "${names[@]}"; do if [ "$p" != dlx6 ]; then printf " %s / DLX6 |" "$p"; fi; done
  echo " page faults |"
  printf "|---|"; for _ in "${names[@]}"; do printf -- "---:|"; done
  for p in "${names[@]}"; do if [ "$p" != dlx6 ]; then printf -- "---:|"; fi; done
  echo "---:|"
  awk -F, -v k=${#names[@]} 'NR > 1 {
      ms = ms " " $3 " |"; pf = pf (pf == "" ? "" : " / ") $6; i++
      if ($2 != "dlx6") ratio = ratio " " $5 " |"
      if (i == k) { printf "| %s |%s%s %s |\n", $1, ms, ratio, pf; ms = ""; ratio = ""; pf = ""; i = 0 }
    }' "$out/startup.csv"
  echo
  echo '`X / DLX6`: the median over the rounds of X'"'"'s time divided by DLX6'"'"'s in the same round (below'
  echo '1: X used less CPU). Page faults per run, in the order of the columns.'
} >"$out/startup.md"
echo "wrote $out/startup.csv and $out/startup.md" >&2
