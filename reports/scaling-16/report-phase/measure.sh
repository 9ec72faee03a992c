#!/usr/bin/env bash
# One-off: the report phase and the study with plots on 16 threads, binary of 71919b5 (dlxlab)
# against ea10180 (dlxlab-new, runs.csv read in parallel), alternating rounds.
set -euo pipefail
B=.devdata; C=${CORPUS:-$B/17-clue.txt}; O=${OUT:-/tmp/out}; mkdir -p "$O"
chmod +x $B/dlxlab $B/dlxlab-new
TIMEFORMAT='%R %U %S'
cat /proc/loadavg
$B/dlxlab-new study --corpus $C --threads 16 --quiet --no-plots --out /tmp/s > /dev/null
for r in 1 2 3; do for v in dlxlab dlxlab-new; do
  rm -rf /tmp/r; cp -r /tmp/s /tmp/r
  t=$( { time $B/$v report /tmp/r > /dev/null 2>&1; } 2>&1 )
  echo "report $v round $r: $t"
done; done | tee "$O/report.txt"
for r in 1 2; do for v in dlxlab dlxlab-new; do
  t=$( { time $B/$v study --corpus $C --threads 16 --quiet --out /tmp/st-$v-$r > /dev/null 2>&1; } 2>&1 )
  rep=$(python3 -c "import json,sys;m=json.load(open(sys.argv[1]));print([ (p['wall_s'],p['cpu_s']) for p in m['timings']['phases'] if p['name']=='report'])" /tmp/st-$v-$r/meta.json)
  echo "study $v round $r: $t report(wall,cpu)=$rep"
done; done | tee "$O/study.txt"
cmp /tmp/st-dlxlab-1/deterministic.json /tmp/st-dlxlab-new-1/deterministic.json && echo "deterministic.json identical" | tee -a "$O/study.txt"
cat /proc/loadavg
