#!/usr/bin/env bash
# The counting report (issue 24): dancing links, dancing cells and the memo engine side by side on
# the same problems — solutions, nodes, cache entries, ZDD size, whole-process time and peak
# memory, one thread, same run — and, with --knuth, the memo engine against Knuth's DLX6 on the
# same files (counters, and whole-process time in alternating rounds); the memo engine counting on
# threads with one shared cache and with a cache per thread, against itself on one thread
# (alternating rounds); and the figures (cargo run --release --example counting_plots).
#
# Usage: scripts/counting-report.sh [--knuth DIR] [--bin PATH] [--timeout S] [--rounds R]
#                                   [--threads T] [--quick] [OUT]
#
#   OUT          where results.csv, dlx6.csv, threads.csv, table.md and the figures go
#                (default reports/counting)
#   --knuth DIR  a directory holding Knuth's dlx6 (built by scripts/peers/knuth.sh DIR dlx6)
#   --bin PATH   the dlxlab to run (default target/release/dlxlab; target/release-static/dlxlab
#                is the statically linked build of scripts/build-static.sh)
#   --timeout S  give each run at most S seconds (default 60); a run past it is reported `timeout`
#   --rounds R   alternating rounds of memo and dlx6, and of the thread variants (default 5;
#                medians reported)
#   --threads T  threads of the parallel counts (default 2; 0 skips them), pinned to CPUs 0..T-1
#   --quick      only the problems that take a second or less
#
# Needs a release build (cargo build --release) and GNU time (/usr/bin/time; installed with
# apt-get when missing and run as root). Runs pinned to CPU 0 when taskset exists. Times are wall
# clock around the whole process, in milliseconds (`date +%s%N`), not GNU time's 10 ms steps.
set -euo pipefail
cd "$(dirname "$0")/.."

knuth=""
bin="$(bash scripts/target-dir.sh)/release/dlxlab"
timeout_s=60
rounds=5
threads=2
quick=0
out=reports/counting
while [ $# -gt 0 ]; do
  case $1 in
    --knuth) knuth=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,26s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "counting-report.sh: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done

if [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y time >/dev/null
  else
    echo "counting-report.sh: needs GNU time (/usr/bin/time): apt-get install time" >&2
    exit 1
  fi
fi
[ -x "$bin" ] || { echo "counting-report.sh: $bin missing: cargo build --release" >&2; exit 1; }
if [ -n "$knuth" ] && [ ! -x "$knuth/dlx6" ]; then
  echo "counting-report.sh: $knuth/dlx6 missing: scripts/peers/knuth.sh $knuth dlx6" >&2
  exit 1
fi
pin=()
pin_threads=()
if command -v taskset >/dev/null; then
  pin=(taskset -c 0)
  [ "$threads" -gt 0 ] && pin_threads=(taskset -c "0-$((threads - 1))")
fi

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A random problem with coloured secondary items (scripts/random-colours.awk): SEED, primary items,
# secondary items, options.
random_colours() {
  awk -v seed="$1" -v np="$2" -v ns="$3" -v no="$4" -f scripts/random-colours.awk
}

# name|gen-xc arguments (or `random SEED NP NS NO`)|quick (1: part of --quick)|vs dlx6 (1)|
# on threads (1)
problems=(
  "dominoes 4x4|domino 4x4|1|1|0"
  "dominoes 6x6|domino 6x6|1|1|0"
  "dominoes 8x8|domino 8x8|1|1|0"
  "dominoes 10x10|domino 10x10|1|1|1"
  "dominoes 12x12|domino 12x12|1|1|1"
  "pentominoes 6x10|pentomino 6x10|0|0|0"
  "queens 8|queens 8|1|1|0"
  "queens 10|queens 10|1|1|0"
  "queens 12|queens 12|1|0|1"
  "queens 13|queens 13|0|0|1"
  "queens 14|queens 14|0|0|0"
  "langford 11|langford 11|1|1|0"
  "langford 12|langford 12|0|0|1"
  "langford 13|langford 13|0|0|0"
  "langford 14|langford 14|0|0|0"
  "langford 15|langford 15|0|0|0"
  "langford 16|langford 16|0|0|0"
  "latin 5|latin 5|0|1|0"
  "latin 6|latin 6|0|0|0"
  "sudoku 4x4 grids|sudoku ................|1|0|0"
  "sudoku 6x6 grids|sudoku --box 2x3 ....................................|0|0|0"
  "random colours 1|random 1 16 6 40|1|1|0"
  "random colours 2|random 2 24 8 80|1|1|0"
  "random colours 3|random 3 32 10 160|1|1|0"
)

# timed OUT CMD...: runs CMD, appends "seconds max_rss_kib" to OUT (wall clock in ns around GNU
# time, which measures the memory); returns CMD's exit status.
timed() {
  local out=$1 t0 t1 rc kib
  shift
  rc=0
  t0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/rss" "$@" || rc=$?
  t1=$(date +%s%N)
  kib=$(tail -1 "$work/rss")
  awk -v a="$t0" -v b="$t1" -v k="$kib" 'BEGIN {printf "%.4f %s\n", (b - a) / 1e9, k}' >>"$out"
  return $rc
}

# run ENGINE FILE: prints "solutions nodes entries zdd seconds kib" (dashes where not known).
run() {
  local engine=$1 file=$2 stats rc
  stats="$work/stats"
  : >"$work/time"
  set +e
  timed "$work/time" timeout "$timeout_s" "${pin[@]}" \
    "$bin" xc "$file" --engine "$engine" --count --stats >"$work/count" 2>"$stats"
  rc=$?
  set -e
  if [ $rc = 124 ]; then echo "timeout - - - >$timeout_s -"; return; fi
  local sol nodes entries zdd
  sol=$(head -1 "$work/count")
  nodes=$(awk '/^nodes:/ {print $2}' "$stats")
  entries=$(awk '/^cache entries:/ {print $3}' "$stats")
  zdd=$(awk '/^zdd nodes:/ {print $3}' "$stats")
  read -r secs kib < <(tail -1 "$work/time")
  echo "${sol:--} ${nodes:--} ${entries:--} ${zdd:--} $secs $kib"
}

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "problem,engine,solutions,nodes,cache_entries,zdd_nodes,seconds,max_rss_kib" >"$out/results.csv"
[ "$threads" -gt 0 ] && echo "problem,threads,solutions,serial_s_median,shared_s_median,per_thread_s_median,serial_nodes,shared_nodes,per_thread_nodes,shared_cache_entries,per_thread_cache_entries,rounds" >"$out/threads.csv"
[ -n "$knuth" ] && echo "problem,solutions,memo_nodes,dlx6_nodes,memo_zdd_made,dlx6_zdd_nodes,memo_zdd_nodes,memo_s_median,dlx6_s_median,memo_rss_kib,dlx6_rss_kib,rounds" >"$out/dlx6.csv"
for entry in "${problems[@]}"; do
  IFS='|' read -r name gen q vs par <<<"$entry"
  [ "$quick" = 1 ] && [ "$q" != 1 ] && continue
  file="$work/problem.dlx"
  if [[ $gen == random* ]]; then
    # shellcheck disable=SC2086
    random_colours ${gen#random }  >"$file"
  else
    # shellcheck disable=SC2086
    "$bin" gen-xc $gen >"$file"
  fi
  for engine in dlx dc memo; do
    read -r sol nodes entries zdd secs kib < <(run "$engine" "$file")
    echo "$name,$engine,$sol,$nodes,$entries,$zdd,$secs,$kib" >>"$out/results.csv"
    echo "$name / $engine: $sol solutions, $nodes nodes, $secs s, $kib KiB" >&2
  done
  if [ -n "$knuth" ] && [ "$vs" = 1 ]; then
    : >"$work/memo_t"; : >"$work/dlx6_t"
    for ((r = 0; r < rounds; r++)); do
      timed "$work/memo_t" "${pin[@]}" "$bin" xc "$file" --engine memo --count --stats >/dev/null 2>"$work/memo_stats" || true
      timed "$work/dlx6_t" "${pin[@]}" "$knuth/dlx6" <"$file" >/dev/null 2>"$work/dlx6_stats" || true
    done
    k_line=$(grep Altogether "$work/dlx6_stats")
    k_sol=$(sed -E 's/Altogether ([0-9]+) solution.*/\1/' <<<"$k_line")
    k_nodes=$(sed -E 's/.* ([0-9]+) search nodes.*/\1/' <<<"$k_line")
    k_zdd=$(sed -E 's/.* ([0-9]+) ZDD node.*/\1/' <<<"$k_line")
    m_sol=$(awk '/^solutions:/ {print $2}' "$work/memo_stats")
    m_nodes=$(awk '/^nodes:/ {print $2}' "$work/memo_stats")
    m_zdd=$(awk '/^zdd nodes:/ {print $3}' "$work/memo_stats")
    m_made=$(sed -nE 's/^zdd nodes: [0-9]+ \(([0-9]+) made.*/\1/p' "$work/memo_stats")
    [ "$m_sol" = "$k_sol" ] || { echo "counting-report.sh: $name: memo counted $m_sol, dlx6 $k_sol" >&2; exit 1; }
    m_s=$(awk '{print $1}' "$work/memo_t" | median)
    k_s=$(awk '{print $1}' "$work/dlx6_t" | median)
    m_kib=$(awk '{print $2}' "$work/memo_t" | median)
    k_kib=$(awk '{print $2}' "$work/dlx6_t" | median)
    echo "$name,$m_sol,$m_nodes,$k_nodes,$((m_made + 2)),$k_zdd,$m_zdd,$m_s,$k_s,$m_kib,$k_kib,$rounds" >>"$out/dlx6.csv"
    echo "$name / memo vs dlx6: nodes $m_nodes vs $k_nodes, zdd $((m_made + 2)) vs $k_zdd, $m_s s vs $k_s s" >&2
  fi
  if [ "$threads" -gt 0 ] && [ "$par" = 1 ]; then
    # The memo engine on one thread, then on T threads with a shared and with per-thread caches,
    # in alternating rounds; the counts must agree.
    declare -A secs=() nodes=() entries=() sols=()
    for v in serial shared per-thread; do : >"$work/t_$v"; done
    for ((r = 0; r < rounds; r++)); do
      for v in serial shared per-thread; do
        args=()
        [ "$v" != serial ] && args=(--threads "$threads" --memo-cache "$v")
        timed "$work/t_$v" timeout "$timeout_s" "${pin_threads[@]}" "$bin" xc "$file" --engine memo \
          --count --stats "${args[@]}" >"$work/c_$v" 2>"$work/s_$v" || true
        sols[$v]=$(head -1 "$work/c_$v")
        nodes[$v]=$(awk '/^nodes:/ {print $2}' "$work/s_$v")
        entries[$v]=$(awk '/^cache entries:/ {print $3}' "$work/s_$v")
      done
    done
    for v in shared per-thread; do
      [ "${sols[$v]}" = "${sols[serial]}" ] || { echo "counting-report.sh: $name: $v counted ${sols[$v]}, serial ${sols[serial]}" >&2; exit 1; }
    done
    for v in serial shared per-thread; do secs[$v]=$(awk '{print $1}' "$work/t_$v" | median); done
    echo "$name,$threads,${sols[serial]},${secs[serial]},${secs[shared]},${secs[per-thread]},${nodes[serial]},${nodes[shared]},${nodes[per-thread]},${entries[shared]},${entries[per-thread]},$rounds" >>"$out/threads.csv"
    echo "$name / memo on $threads threads: serial ${secs[serial]} s, shared ${secs[shared]} s, per-thread ${secs[per-thread]} s" >&2
  fi
done

# The tables, from the CSVs.
{
  echo "| problem | engine | solutions | nodes | cache entries | ZDD nodes | time (s) | max RSS (KiB) |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  tail -n +2 "$out/results.csv" | awk -F, '{printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8}'
  if [ -n "$knuth" ]; then
    echo
    echo "| problem | solutions | nodes memo / DLX6 | ZDD nodes made + 2 / DLX6 | ZDD nodes (hash-consed) | time memo / DLX6 (s, median) | RSS memo / DLX6 (KiB) |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    tail -n +2 "$out/dlx6.csv" | awk -F, '{printf "| %s | %s | %s / %s | %s / %s | %s | %s / %s | %s / %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11}'
  fi
  if [ "$threads" -gt 0 ]; then
    echo
    echo "| problem | threads | solutions | time serial / shared / per-thread (s, median) | nodes serial / shared / per-thread | cache entries shared / per-thread |"
    echo "|---|---:|---:|---:|---:|---:|"
    tail -n +2 "$out/threads.csv" | awk -F, '{printf "| %s | %s | %s | %s / %s / %s | %s / %s / %s | %s / %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11}'
  fi
} >"$out/table.md"
echo "wrote the CSVs and $out/table.md" >&2

# The figures (PNG and SVG, embedded font).
cargo run --quiet --release --example counting_plots -- "$out"
