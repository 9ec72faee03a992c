#!/usr/bin/env bash
# How the study and split counting scale with threads (issue 25): runs them at each thread count,
# checks that every thread count gave the same results, and writes reports/scaling/.
#
#   scripts/scaling.sh [--corpus FILE] [--lines N] [--queens N] [--out DIR] [--keep-meta DIR] [--copies] [THREADS...]
#   scripts/scaling.sh --replot DIR
#
# THREADS: the thread counts to run (default 1 2 4 8 ... up to nproc, and nproc itself); 1 is
# always run, as the baseline of the speed-ups. Each run with T threads is pinned to T cores
# (taskset -c 0-(T-1)) where T <= nproc, so that T threads really have T CPUs and nothing else of
# the machine. For each T:
#   - the study: `dlxlab study --threads T --quiet` (8 solvers, ratings.csv, the report with its
#     plots) on the corpus (default $DLXLAB_DATA/17-clue.txt, else ../shared/datasets/17-clue.txt,
#     else datasets/17-clue.txt; --lines N takes its first N lines). Its wall and CPU time, and
#     per phase those meta.json records; "study, no plots" is the same run without its report
#     phase.
#   - split counting: `dlxlab xc --count --threads T --engine dlx|dc` of N queens (--queens N,
#     default 15; 0 skips it).
# Checked across thread counts (the script fails, writing nothing, if any differ): runs.csv apart
# from its time_ns column, ratings.csv byte for byte, the report's rank correlations and
# agreement (report.md from "## Rank correlations" on), and the queens counts (equal for both
# engines).
# Writes DIR (default reports/scaling): README.md (machine, load, command, tables), scaling.csv
# (job, threads, wall, CPU, speed-up, efficiency), phases.csv (wall and CPU per phase per thread
# count) and the figure speedup.png and speedup.svg (`dlxlab report --scaling`: speed-up,
# efficiency and CPU against threads per job, with issue 25's targets and the machine in the
# title). The binary is target/release/dlxlab, built first (or $DLXLAB).
# --replot DIR measures nothing: it redraws DIR/speedup.png and DIR/speedup.svg from the
# committed DIR/scaling.csv, with the machine named on DIR/README.md's `- machine:` line. (A
# binary too old to draw the figure costs the figure only: the tables are written, and the
# script says to --replot.)
# --copies adds, for each T > 1, the same work done by T independent 1-thread processes, each
# pinned to its own core and sharing nothing: `study-no-plots-copies` (T shards, `study --shard K/T
# --threads 1`; a shard run draws no report) and `queensN-dlx-copies` (T copies of the 1-thread
# count, T times the work). They measure what the machine itself loses when T cores are busy
# (shared caches, memory bandwidth, lower all-core clock, SMT siblings): the ceiling for any
# in-process parallelism on it.
# --keep-meta DIR also keeps each study's meta.json as DIR/meta-T.json. The revision named in the
# README is `git rev-parse` of this checkout, or $DLXLAB_REV where there is no git (a copied tree).
# Takes about (1 + 1/2 + 1/4 + ...) times the 1-thread time of each job. On one thread of a quiet
# 2-vCPU AMD EPYC: the full 17-clue study about 110 s, queens 15 about 7 s (dlx) and 10 s (dc)
# of CPU; so `scripts/scaling.sh` there takes about 3 minutes of CPU, 1.5 x (110 + 17) s.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CORPUS=""
LINES=0
QUEENS=15
OUT=reports/scaling
KEEP_META=""
COPIES=no
REPLOT=
THREADS=()
usage() { sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//;/^set -e/d' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --corpus) CORPUS=$2; shift 2 ;;
        --lines) LINES=$2; shift 2 ;;
        --queens) QUEENS=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --keep-meta) KEEP_META=$2; shift 2 ;;
        --copies) COPIES=yes; shift ;;
        --replot) REPLOT=$2; shift 2 ;;
        -h|--help) usage ;;
        -*) echo "scaling.sh: unknown option $1" >&2; usage ;;
        *) THREADS+=("$1"); shift ;;
    esac
done
for n in "$LINES" "$QUEENS" "${THREADS[@]}"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "scaling.sh: not a number: $n" >&2; exit 2; }
done
# binary: sets DLXLAB, building target/release/dlxlab where it is not given.
binary() {
    if [ -z "${DLXLAB:-}" ]; then
        cargo build --release --quiet --bin dlxlab
        DLXLAB="$(bash "$ROOT/scripts/target-dir.sh")/release/dlxlab"
    fi
}

# plot DIR MODEL CPUS: draws DIR/speedup.png and DIR/speedup.svg from DIR/scaling.csv.
plot() {
    local machine=()
    [ -n "$2" ] && machine+=(--cpu-model "$2")
    [ -n "$3" ] && machine+=(--cpus "$3")
    "$DLXLAB" report --scaling "$1" "${machine[@]}" > /dev/null
}

if [ -n "$REPLOT" ]; then
    [ -f "$REPLOT/scaling.csv" ] || { echo "scaling.sh: --replot: no $REPLOT/scaling.csv" >&2; exit 2; }
    # "- machine: MODEL, N CPUs (`nproc`); ..." as the script writes it.
    line=$(grep -m 1 '^- machine: .*, [0-9]* CPUs' "$REPLOT/README.md" 2> /dev/null || true)
    model=$(printf '%s' "$line" | sed -n 's/^- machine: \(.*\), [0-9]* CPUs.*/\1/p')
    cpus=$(printf '%s' "$line" | sed -n 's/^- machine: .*, \([0-9]*\) CPUs.*/\1/p')
    [ -n "$line" ] || echo "scaling.sh: --replot: no '- machine:' line in $REPLOT/README.md; the figure names no machine" >&2
    binary
    plot "$REPLOT" "$model" "$cpus"
    echo "scaling.sh: redrew $REPLOT/speedup.png and speedup.svg from $REPLOT/scaling.csv" >&2
    exit 0
fi

NPROC=$(nproc)
if [ ${#THREADS[@]} -eq 0 ]; then
    t=1
    while [ "$t" -lt "$NPROC" ]; do THREADS+=("$t"); t=$((t * 2)); done
    THREADS+=("$NPROC")
fi
# 1 first (the baseline), then the others ascending, each once.
mapfile -t THREADS < <(printf '%s\n' 1 "${THREADS[@]}" | awk '$1 > 0' | sort -n -u)

if [ -z "$CORPUS" ]; then
    for c in "${DLXLAB_DATA:-}/17-clue.txt" ../shared/datasets/17-clue.txt datasets/17-clue.txt; do
        if [ -f "$c" ]; then CORPUS=$c; break; fi
    done
fi
[ -n "$CORPUS" ] && [ -f "$CORPUS" ] || {
    echo "scaling.sh: no corpus: give --corpus FILE, or set DLXLAB_DATA (scripts/fetch-datasets.sh)" >&2
    exit 2
}
binary
WORK=$(mktemp -d "${TMPDIR:-/tmp}/dlxlab-scaling.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [ "$LINES" -gt 0 ]; then
    head -n "$LINES" "$CORPUS" > "$WORK/corpus.txt"
else
    cp "$CORPUS" "$WORK/corpus.txt"
fi
PIN=yes
command -v taskset > /dev/null || PIN="no (taskset not found)"

# run T CMD...: runs CMD pinned to T cores; its wall, user and system seconds go to $WORK/time.
run() {
    local t=$1
    shift
    local pin=()
    if [ "$PIN" = yes ] && [ "$t" -le "$NPROC" ]; then pin=(taskset -c "0-$((t - 1))"); fi
    local TIMEFORMAT='%R %U %S'
    { time "${pin[@]}" "$@" 2> "$WORK/stderr" ; } 2> "$WORK/time"
}

# copies T CMD...: runs T copies of CMD at once, copy K (1..T) pinned to core K-1 with every `{K}`
# in CMD replaced by K; their wall (first start to last end), user and system seconds go to
# $WORK/time.
copies() {
    local t=$1
    shift
    local TIMEFORMAT='%R %U %S'
    {
        time (
            for k in $(seq 1 "$t"); do
                local cmd=("${@//\{K\}/$k}") pin=()
                if [ "$PIN" = yes ] && [ "$t" -le "$NPROC" ]; then pin=(taskset -c "$((k - 1))"); fi
                "${pin[@]}" "${cmd[@]}" > "$WORK/copy-$k.out" 2> "$WORK/copy-$k.err" || echo "$k" >> "$WORK/copies-failed" &
            done
            wait
        )
    } 2> "$WORK/time"
    if [ -s "$WORK/copies-failed" ]; then
        cat "$WORK/copy-$(head -n 1 "$WORK/copies-failed").err" >&2
        return 1
    fi
}

# Prints "wall cpu" of the timings object and "phase wall cpu" of each phase of a meta.json.
phases() {
    awk '
        /"timings"/ { on = 1 }
        !on { next }
        /"name"/ { gsub(/[",]/, "", $2); name = $2 }
        /"wall_s"/ { gsub(/,/, "", $2); wall = $2 }
        /"cpu_s"/ { gsub(/,/, "", $2); if (name == "") print "total", wall, $2; else print name, wall, $2 }
    ' "$1"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
STARTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
echo "job,threads,wall_s,cpu_s,base,work" > "$WORK/raw.csv"
echo "threads,phase,wall_s,cpu_s" > "$WORK/phases.csv"
BASE=""
for t in "${THREADS[@]}"; do
    dir=$WORK/study-$t
    echo "scaling.sh: study, $t thread(s)" >&2
    if ! run "$t" "$DLXLAB" study --corpus "$WORK/corpus.txt" --threads "$t" --quiet --out "$dir"; then
        cat "$WORK/stderr" >&2
        echo "scaling.sh: the study failed on $t thread(s)" >&2
        exit 1
    fi
    read -r wall user sys < "$WORK/time"
    echo "study,$t,$wall,$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}'),study,1" >> "$WORK/raw.csv"
    phases "$dir/meta.json" | awk -v t="$t" '$1 != "total" { print t "," $1 "," $2 "," $3 }' >> "$WORK/phases.csv"
    # The same run without its report phase.
    phases "$dir/meta.json" | awk -v t="$t" -v wall="$wall" -v cpu="$user $sys" '
        $1 == "report" { rw = $2; rc = $3 }
        END { split(cpu, c, " "); printf "study-no-plots,%s,%.2f,%.2f,study-no-plots,1\n", t, wall - rw, c[1] + c[2] - rc }
    ' >> "$WORK/raw.csv"
    if [ -n "$KEEP_META" ]; then mkdir -p "$KEEP_META" && cp "$dir/meta.json" "$KEEP_META/meta-$t.json"; fi
    cut -d, -f1-8,10- "$dir/runs.csv" > "$dir/runs-untimed.csv"
    sed -n '/^## Rank correlations/,$p' "$dir/report.md" > "$dir/report-numbers.md"
    if [ -z "$BASE" ]; then
        BASE=$dir
    else
        for f in runs-untimed.csv ratings.csv report-numbers.md; do
            if ! cmp -s "$BASE/$f" "$dir/$f"; then
                diff "$BASE/$f" "$dir/$f" | head -n 20 >&2 || true
                echo "scaling.sh: $f differs between 1 and $t thread(s)" >&2
                exit 1
            fi
        done
    fi
done
STUDY_ROWS=$(($(wc -l < "$BASE/runs.csv") - 1))

if [ "$QUEENS" -gt 0 ]; then
    "$DLXLAB" gen-xc queens "$QUEENS" > "$WORK/queens.dlx"
    COUNT=""
    for engine in dlx dc; do
        for t in "${THREADS[@]}"; do
            echo "scaling.sh: queens $QUEENS, $engine, $t thread(s)" >&2
            if ! run "$t" "$DLXLAB" xc "$WORK/queens.dlx" --count --threads "$t" --engine "$engine" > "$WORK/count"; then
                cat "$WORK/stderr" >&2
                echo "scaling.sh: counting failed ($engine, $t thread(s))" >&2
                exit 1
            fi
            c=$(cat "$WORK/count")
            if [ -z "$COUNT" ]; then COUNT=$c; fi
            if [ "$c" != "$COUNT" ]; then
                echo "scaling.sh: queens $QUEENS: $engine on $t thread(s) counted $c, not $COUNT" >&2
                exit 1
            fi
            read -r wall user sys < "$WORK/time"
            echo "queens$QUEENS-$engine,$t,$wall,$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}'),queens$QUEENS-$engine,1" >> "$WORK/raw.csv"
        done
    done
fi
if [ "$COPIES" = yes ]; then
    for t in "${THREADS[@]}"; do
        [ "$t" -gt 1 ] || continue
        echo "scaling.sh: study, $t independent 1-thread shards" >&2
        rm -f "$WORK/copies-failed"
        if ! copies "$t" "$DLXLAB" study --corpus "$WORK/corpus.txt" --threads 1 --quiet --shard "{K}/$t" --out "$WORK/copies-$t-{K}"; then
            echo "scaling.sh: a study shard failed ($t copies)" >&2
            exit 1
        fi
        read -r wall user sys < "$WORK/time"
        echo "study-no-plots-copies,$t,$wall,$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}'),study-no-plots,1" >> "$WORK/raw.csv"
        if [ "$QUEENS" -gt 0 ]; then
            echo "scaling.sh: queens $QUEENS, dlx, $t independent 1-thread copies" >&2
            rm -f "$WORK/copies-failed"
            if ! copies "$t" "$DLXLAB" xc "$WORK/queens.dlx" --count --threads 1 --engine dlx; then
                echo "scaling.sh: a queens copy failed ($t copies)" >&2
                exit 1
            fi
            for k in $(seq 1 "$t"); do
                if [ "$(cat "$WORK/copy-$k.out")" != "$COUNT" ]; then
                    echo "scaling.sh: queens $QUEENS: copy $k counted $(cat "$WORK/copy-$k.out"), not $COUNT" >&2
                    exit 1
                fi
            done
            read -r wall user sys < "$WORK/time"
            echo "queens$QUEENS-dlx-copies,$t,$wall,$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}'),queens$QUEENS-dlx,$t" >> "$WORK/raw.csv"
        fi
    done
fi
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# Speed-up (1-thread wall / wall), efficiency (speed-up / threads), CPU against the 1-thread CPU.
# A job of T copies doing `work` times the 1-thread job's work is measured against that work. A
# ratio over a time too short to measure (0.00 s, a tiny --queens) is left empty, not drawn.
awk -F, 'NR == 1 { print "job,threads,wall_s,cpu_s,speedup,efficiency,cpu_vs_1_thread"; next }
    $2 == 1 && $1 == $5 { w1[$1] = $3; c1[$1] = $4 }
    {
        s = $3 > 0 && w1[$5] > 0 ? sprintf("%.2f", w1[$5] * $6 / $3) : ""
        e = s != "" ? sprintf("%.2f", s / $2) : ""
        c = c1[$5] > 0 ? sprintf("%.2f", $4 / (c1[$5] * $6)) : ""
        printf "%s,%s,%s,%s,%s,%s,%s\n", $1, $2, $3, $4, s, e, c
    }' "$WORK/raw.csv" > "$WORK/scaling.csv"

CPU_MODEL=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
# A binary too old for `report --scaling` (one carried to a lent machine) must not cost the
# measurements: they are written all the same, and the figure can be redrawn with --replot.
FIGURES=(speedup.png speedup.svg)
if ! plot "$WORK" "$CPU_MODEL" "$NPROC"; then
    echo "scaling.sh: the figure was not drawn ($DLXLAB report --scaling failed); the tables are written: redraw it with scripts/scaling.sh --replot $OUT" >&2
    FIGURES=()
fi
if [ -n "${DLXLAB_REV:-}" ]; then
    REV=$DLXLAB_REV
else
    REV=$(git -C "$ROOT" rev-parse --short HEAD 2> /dev/null || echo unknown)
    if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2> /dev/null)" ]; then REV="$REV+dirty"; fi
fi
table() {
    awk -F, 'NR > 1 {
        s = $5 != "" ? sprintf("%.2fx", $5) : "n/a"
        e = $6 != "" ? sprintf("%.0f%%", $6 * 100) : "n/a"
        c = $7 != "" ? sprintf("%.2f", $7) : "n/a"
        printf "| %s | %s | %.2f | %.2f | %s | %s | %s |\n", $1, $2, $3, $4, s, e, c
    }' "$WORK/scaling.csv"
}
phase_table() {
    awk -F, 'NR > 1 { printf "| %s | %s | %.3f | %.3f |\n", $1, $2, $3, $4 }' "$WORK/phases.csv"
}
ARGS=""
[ "$LINES" -gt 0 ] && ARGS="$ARGS --lines $LINES"
[ "$QUEENS" != 15 ] && ARGS="$ARGS --queens $QUEENS"
[ "$COPIES" = yes ] && ARGS="$ARGS --copies"
{
    echo "# Scaling with threads"
    echo
    echo "Made by \`scripts/scaling.sh$ARGS ${THREADS[*]}\` (see its header and [docs/harness.md](../../docs/harness.md#scaling-with-threads))."
    echo
    echo "- machine: $CPU_MODEL, $NPROC CPUs (\`nproc\`); runs pinned to T cores: $PIN"
    echo "- load average (1, 5, 15 min) before: $LOAD_BEFORE; after: $LOAD_AFTER"
    echo "- started $STARTED, git $REV, binary \`$DLXLAB\`"
    echo "- study corpus: \`$(basename "$CORPUS")\`$([ "$LINES" -gt 0 ] && echo ", first $LINES lines"), $STUDY_ROWS rows in runs.csv"
    [ "$QUEENS" -gt 0 ] && echo "- queens $QUEENS: $COUNT solutions, every engine and thread count"
    echo "- identical on every thread count: runs.csv apart from time_ns, ratings.csv, the report's correlations and agreement"
    echo
    echo "Speed-up: 1-thread wall time / wall time; efficiency: speed-up / threads; CPU (user + system of the"
    echo "process) against the 1-thread run's (n/a: a 1-thread time too short to measure). \`study-no-plots\` is the study run without its report phase."
    if [ "$COPIES" = yes ]; then
        echo "\`*-copies\`: the same work as T independent 1-thread processes, each pinned to its own core, sharing"
        echo "nothing (\`study --shard K/T\`; T copies of the 1-thread count, measured against T times its work):"
        echo "their CPU against 1 thread is what the machine loses when T cores are busy, whatever the program does."
    fi
    echo
    echo "| job | threads | wall (s) | CPU (s) | speed-up | efficiency | CPU vs 1 thread |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    table
    echo
    echo "![speed-up, efficiency and CPU time against threads](speedup.png)"
    echo
    echo "(also as [speedup.svg](speedup.svg); \`scripts/scaling.sh --replot DIR\` redraws both from scaling.csv)"
    echo
    echo "## Study phases (meta.json)"
    echo
    echo "\`read\`, \`write_runs\` and \`rate\` overlap \`solve\` (see docs/harness.md); \`rate\`'s CPU includes idle"
    echo "workers spinning."
    echo
    echo "| threads | phase | wall (s) | CPU (s) |"
    echo "|---:|---|---:|---:|"
    phase_table
} > "$WORK/README.md"

mkdir -p "$OUT"
for f in README.md scaling.csv phases.csv "${FIGURES[@]}"; do
    cp "$WORK/$f" "$OUT/$f.partial"
    mv "$OUT/$f.partial" "$OUT/$f"
done
echo "scaling.sh: wrote $OUT/README.md, scaling.csv, phases.csv${FIGURES[*]:+ and }${FIGURES[*]}" >&2
