#!/usr/bin/env bash
# Every 16-clue puzzle obtained by removing one given from a known 17-clue puzzle, with the number
# of solutions of each: reports/sixteen-from-seventeen/summary.md.
#
#   scripts/sixteen-from-seventeen.sh            # all 835,686 derived puzzles, in SHARDS shards
#   scripts/sixteen-from-seventeen.sh 5000       # only the first 5000 (a sample, said so in the report)
#   scripts/sixteen-from-seventeen.sh --summary  # only rewrite summary.md from the shards counted so far
#
# The full run takes hours, so it is cut into SHARDS (default 100) interleaved shards
# (`dlxlab count --shard K/N`), each written atomically to $WORK/shards/K-of-N.csv when it is done.
# Run the script again after an interruption (or in a later session): shards already written are
# skipped, so at most the shards in progress are lost. The summary says how many shards are in.
#
# Environment: DLXLAB_DATA (directory of 17-clue.txt; default ../shared/datasets), DLXLAB (the
# binary; default target/release/dlxlab), WORK (where the derived corpus and the CSVs go, never
# committed; default target/sixteen-from-seventeen), THREADS (default: all cores), SHARDS (100).
# The McGuire-Tugemann-Civario proof (2012) says no 16-clue puzzle has a unique solution: the
# report checks that none of these does.
set -euo pipefail

data=${DLXLAB_DATA:-../shared/datasets}
dlxlab=${DLXLAB:-$(bash scripts/target-dir.sh)/release/dlxlab}
work=${WORK:-target/sixteen-from-seventeen}
shards=${SHARDS:-100}
report=reports/sixteen-from-seventeen/summary.md
mkdir -p "$work/shards" "$(dirname "$report")"

limit=
if [[ ${1:-} == --summary ]]; then
    summary_only=1
else
    summary_only=
    limit=${1:-}
fi

if [[ -z $summary_only ]]; then
    if [[ ! -s $work/sixteen.txt ]]; then
        "$dlxlab" derive remove-one --corpus "$data/17-clue.txt" --out "$work/sixteen.txt"
    fi
    if [[ -n $limit ]]; then
        # The header comment plus the first $limit puzzles: line numbers stay those of sixteen.txt.
        head -n "$((limit + 1))" "$work/sixteen.txt" > "$work/sample.txt"
        start=$(date +%s)
        nice "$dlxlab" count --corpus "$work/sample.txt" --max 0 --threads "${THREADS:-0}" \
            --out "$work/sample.csv"
        echo "$(($(date +%s) - start))" > "$work/sample-seconds"
    else
        for ((k = 1; k <= shards; k++)); do
            out=$work/shards/$k-of-$shards.csv
            [[ -s $out ]] && continue
            start=$(date +%s)
            nice "$dlxlab" count --corpus "$work/sixteen.txt" --shard "$k/$shards" --max 0 \
                --threads "${THREADS:-0}" --quiet --out "$out"
            # seconds, threads, commit: one line per shard, for the report's timing line
            echo "$k $(($(date +%s) - start)) ${THREADS:-all} $(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
                >> "$work/shards/times.txt"
            echo "shard $k/$shards done"
        done
    fi
fi

# counts.csv: the sample's CSV, or every shard's CSV written so far, in line order.
if [[ -n $limit ]]; then
    cp "$work/sample.csv" "$work/counts.csv"
    seconds=$(cat "$work/sample-seconds" 2>/dev/null || echo "?")
    shards_done=
    fastest=0
    slowest=0
else
    shopt -s nullglob
    files=("$work"/shards/*-of-"$shards".csv)
    shards_done=${#files[@]}
    {
        echo "line,puzzle,clues,status,solutions,nodes,time_ns,error"
        for f in "${files[@]}"; do tail -n +2 "$f"; done | sort -t, -k1,1n
    } > "$work/counts.csv"
    seconds=$(awk '{s += $2} END {print s + 0}' "$work/shards/times.txt" 2>/dev/null || echo "?")
    # The quickest and slowest shards: the slow ones shared the two cores with other work.
    fastest=$(awk 'NR == 1 || $2 < m {m = $2} END {print m + 0}' "$work/shards/times.txt" 2>/dev/null || echo 0)
    slowest=$(awk '$2 > m {m = $2} END {print m + 0}' "$work/shards/times.txt" 2>/dev/null || echo 0)
fi
threads=${THREADS:-all}

# Cross-check by a different algorithm: the puzzles with the fewest solutions (at most CHECK_MAX,
# default 100: those closest to contradicting the 2012 proof) and the ten with the most are counted
# again by `dlx` (dancing links on the exact-cover matrix) and compared row by row.
check_max=${CHECK_MAX:-100}
{
    awk -F, -v m="$check_max" 'NR > 1 && ($4 == "multiple" || $4 == "unique" || $4 == "none") {
        if ($5 + 0 <= m) print $1 "," $2 "," $4 "," $5 }' "$work/counts.csv"
    tail -n +2 "$work/counts.csv" | awk -F, -v m="$check_max" '$4 == "multiple" && $5 + 0 > m' \
        | sort -t, -k5,5nr | awk -F, 'NR <= 10 {print $1 "," $2 "," $4 "," $5}'
} | sort -t, -k1,1n -u > "$work/check-memo.csv"
cut -d, -f2 "$work/check-memo.csv" > "$work/check.txt"
check_n=$(wc -l < "$work/check-memo.csv")
check_small=$(awk -F, -v m="$check_max" '$4 + 0 <= m' "$work/check-memo.csv" | wc -l)
check_bad=
if ((check_n > 0)); then
    nice "$dlxlab" count --corpus "$work/check.txt" --solver dlx --max 0 --threads "${THREADS:-0}" \
        --quiet --out "$work/check-dlx.csv"
    # Row i of check-dlx.csv is line i of check.txt, the puzzle of row i of check-memo.csv.
    check_bad=$(tail -n +2 "$work/check-dlx.csv" | paste -d, "$work/check-memo.csv" - \
        | awk -F, '$3 != $8 || $4 != $9 {printf "%s%s", sep, $1; sep = " "}')
fi
check_max_count=$(awk -F, 'NR > 1 && $5 + 0 > m {m = $5 + 0} END {print m + 0}' \
    "$work/check-dlx.csv" 2>/dev/null || echo 0)
total_derived=$(grep -vc '^#' "$work/sixteen.txt")
rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //' || echo unknown)

# counts.csv: line,puzzle,clues,status,solutions,nodes,time_ns,error; the derived corpus gives each
# line its src= and cell= fields.
commits=$( (awk '{print $4}' "$work/shards/times.txt" 2>/dev/null || true) | sort -u | paste -sd' ')
awk -F, -v total="$total_derived" -v seconds="$seconds" -v rev="$rev" -v cpu="$cpu" \
    -v threads="$threads" -v shards_done="$shards_done" -v shards="$shards" -v commits="$commits" \
    -v check_n="$check_n" -v check_small="$check_small" -v check_max="$check_max" -v check_bad="$check_bad" \
    -v check_max_count="$check_max_count" -v fastest="$fastest" -v slowest="$slowest" '
    FNR == NR {
        if ($0 !~ /^#/) { split($0, f, " "); src[FNR] = substr(f[2], 5); cell[FNR] = substr(f[3], 6) }
        next
    }
    FNR == 1 { next }
    {
        n++
        status[$4]++
        if ($4 != "multiple" && $4 != "unique" && $4 != "none") { other++; next }
        hist[$5]++
        sols += $5
        nodes += $6
        if ($5 + 0 > max) { max = $5 + 0; maxline = $1; maxpuzzle = $2 }
        if ($5 == 1) { unique++; uline[unique] = $1; upuzzle[unique] = $2 }
        if ($5 == 2) { two++; tline[two] = $1; tpuzzle[two] = $2 }
        if (!($2 in seen)) { seen[$2] = 1; distinct++; if ($5 == 2) twodistinct++ }
    }
    END {
        print "# Sixteen from seventeen: every 17-clue puzzle with one given removed"
        print ""
        print "Each of the 49,158 known 17-clue Sudoku puzzles (`17-clue.txt`) with one of its givens"
        print "removed, in every possible way: " total " puzzles with 16 givens"
        print "(`dlxlab derive remove-one`), each counted to the last solution (`dlxlab count --max 0`)."
        print "McGuire, Tugemann and Civario proved in 2012 that no 16-clue Sudoku has a unique solution,"
        print "so every one of these must have at least 2. Counted by `dlxlab count` with its default 9x9"
        print "solver, `memo` (`fast`\x27s search with a table of subtree counts, docs/counting.md); its counts"
        print "equal plain enumeration by `fast` (tests, and 300 of these puzzles compared row by row)."
        print ""
        if (n < total) {
            if (shards_done != "") {
                print "**Partial run: " n " of " total " derived puzzles counted**, " shards_done " of " shards " shards."
                print "Shard K holds the lines l with (l-1) mod " shards " = K-1, so the counted puzzles are spread"
                print "evenly over the corpus. `scripts/sixteen-from-seventeen.sh` counts the remaining shards (it"
                print "skips those already written) and rewrites this page."
            } else {
                print "**Partial run: " n " of " total " derived puzzles counted** (the first " n " lines of"
                print "the derived corpus). Run `scripts/sixteen-from-seventeen.sh` to count them all."
            }
            if (seconds + 0 > 0)
                printf "At the rate of the shards so far (some counted while other work shared the machine) the\nwhole corpus takes about %.1f hours of wall time here.\n", seconds * total / n / 3600
            print ""
        }
        print "| | |"
        print "|---|---|"
        print "| puzzles counted | " n " |"
        for (s in status) print "| status `" s "` | " status[s] " |"
        print "| distinct puzzles among them | " distinct " (one 16-clue puzzle can come from several 17s) |"
        print "| with a unique solution | " (unique + 0) " |"
        print "| largest number of solutions | " max " (line " maxline " of the derived corpus, from line " src[maxline] " of 17-clue.txt, " cell[maxline] " removed) |"
        printf "| solutions in all | %.0f (%.0f search nodes) |\n", sols, nodes
        print "| wall time | " seconds " s on " threads " threads (" cpu "), commit " (commits != "" ? commits : rev) " |"
        if (fastest + 0 > 0 && shards_done != "") {
            print ""
            printf "The wall time is the sum over shards, which took %d to %d s each: the slow ones shared the two\n", fastest, slowest
            print "cores with builds and test runs (or were paused for timing measurements). At the rate of the"
            printf "quickest shard the whole corpus takes about %.1f hours on this machine when nothing else runs.\n", fastest * shards / 3600
        }
        print ""
        print "Puzzle with the most solutions: `" maxpuzzle "`"
        print ""
        if (unique > 0) {
            print "**Puzzles with a unique solution (would contradict the 2012 proof):**"
            for (i = 1; i <= unique && i <= 20; i++) print "- line " uline[i] ": `" upuzzle[i] "`"
        } else {
            print "No puzzle counted has a unique solution, as the 2012 proof requires."
        }
        print ""
        if (check_n > 0) {
            print "Cross-check by a different algorithm: the " check_small " puzzles with at most " check_max " solutions"
            print "and the ten with the most (up to " check_max_count ") were counted again by `dlx` (dancing links on the"
            print "exact-cover matrix, no table)."
            if (check_bad == "") print "**All " check_n " counts agree.**"
            else print "**Counts differ on derived-corpus lines " check_bad ".**"
        }
        if (2 in hist) {
            print ""
            print "Puzzles with exactly 2 solutions, " (twodistinct + 0) " distinct (line of the derived corpus: puzzle; source line in 17-clue.txt, given removed):"
            print ""
            for (i = 1; i <= two; i++) print "- " tline[i] ": `" tpuzzle[i] "` (line " src[tline[i]] ", " cell[tline[i]] ")"
        }
        print ""
        print "## How many puzzles have k solutions"
        print ""
        print "| solutions k | puzzles |"
        print "|---:|---:|"
        # Exact rows up to 20, then ranges by powers of ten.
        for (k in hist) {
            if (k + 0 <= 20) small[k + 0] += hist[k]
            else { b = 10; while (k + 0 > b * 10) b *= 10; big[b] += hist[k] }
        }
        for (k = 0; k <= 20; k++) if (k in small) print "| " k " | " small[k] " |"
        for (b = 10; b <= max * 10; b *= 10) if (b in big) print "| " (b == 10 ? 21 : b + 1) "–" b * 10 " | " big[b] " |"
        if (other > 0) {
            print ""
            print other " puzzles did not finish or were invalid (see the status rows): they are not in the table."
        }
        print ""
        print "Reproduce: `scripts/sixteen-from-seventeen.sh` (derived corpus and CSV under"
        print "`target/sixteen-from-seventeen/`, not committed)."
    }
' "$work/sixteen.txt" "$work/counts.csv" > "$report"
echo "wrote $report"
