#!/usr/bin/env bash
# Checks dlxlab's HoDoKu rating (rate --hodoku) against HoDoKu 2.2 itself, built from a checkout
# the user supplies (github.com/u0hz/HoDoKu, commit 9e9489bf "2.2.0"); none of HoDoKu's code is in
# this repository.
#
#   scripts/hodoku-reference.sh SRC [OUT]     # OUT defaults to target/hodoku-reference
#
# 1. Builds OUT/hodoku.jar from SRC (javac --release 8, resources copied, Main-Class sudoku.Main;
#    Java 8 or later, installed with apt-get when missing and run as root).
# 2. Draws two disjoint samples (Python's random.Random(4242).shuffle of each file's distinct
#    puzzles; the first part is held out, the next one is for development) from the corpora found
#    in $DLXLAB_DATA, else datasets/ (scripts/fetch-datasets.sh):
#      17-clue.txt             held 1,000   dev 2,000
#      se-rated-sample.txt     held   300   dev   600
#      top1465.txt             held   300   dev   600
#      forum-hardest-1106.txt  held   100   dev   275
#    into OUT/{held,dev}/{17clue,serated,top1465,hardest1106}.txt; a missing corpus is skipped
#    and named.
# 3. Rates each with HoDoKu's default settings (`/c default /bs FILE /vp`, one JVM per file),
#    which writes FILE.out.txt (each puzzle's level, score and path).
# 4. Runs `examples/hodoku_check` (whole paths) and `hodoku_check --replay` (every finder at every
#    position of HoDoKu's path) on each log and prints their summaries; exits 1 when any puzzle
#    disagrees or any finder is wrong.
# HELD=0 skips the held-out sample (while developing, look at the dev sample only).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || "$1" == -h || "$1" == --help ]]; then
  sed -n '2,25p' "$0"; exit 2
fi
src="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${2:-$(bash "$root/scripts/target-dir.sh")/hodoku-reference}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
data="${DLXLAB_DATA:-$root/datasets}"

[[ -f "$src/src/sudoku/Main.java" && -d "$src/src/solver" ]] ||
  { echo "hodoku-reference.sh: $src is not a HoDoKu checkout (src/sudoku/Main.java missing)" >&2; exit 2; }
if ! command -v javac >/dev/null; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    echo "hodoku-reference.sh: javac missing; installing default-jdk-headless with apt-get" >&2
    apt-get install -y --no-install-recommends default-jdk-headless >&2 ||
      { apt-get update >&2 && apt-get install -y --no-install-recommends default-jdk-headless >&2; }
  fi
  command -v javac >/dev/null || { echo "hodoku-reference.sh: need a JDK (javac, jar, java)" >&2; exit 2; }
fi

# 1. The jar.
if [[ ! -f "$out/hodoku.jar" ]]; then
  build="$out/build"
  rm -rf "$build" && mkdir -p "$build/classes"
  (cd "$src/src" && find . -name '*.java') > "$build/files.txt"
  (cd "$src/src" && javac -nowarn --release 8 -encoding UTF-8 -d "$build/classes" @"$build/files.txt")
  (cd "$src/src" && find . -type f ! -name '*.java' -exec cp --parents {} "$build/classes/" \;)
  printf 'Manifest-Version: 1.0\nMain-Class: sudoku.Main\n' > "$build/manifest.txt"
  jar cfm "$out/hodoku.jar.tmp" "$build/manifest.txt" -C "$build/classes" .
  mv "$out/hodoku.jar.tmp" "$out/hodoku.jar"
fi

# 2. The samples.
python3 - "$data" "$out" <<'EOF'
import os, random, sys
data, out = sys.argv[1], sys.argv[2]
sets = [("17clue", "17-clue.txt", 1000, 2000), ("serated", "se-rated-sample.txt", 300, 600),
        ("top1465", "top1465.txt", 300, 600), ("hardest1106", "forum-hardest-1106.txt", 100, 275)]
for name, file, held, dev in sets:
    path = os.path.join(data, file)
    if not os.path.exists(path):
        print(f"hodoku-reference.sh: {path} missing: {name} skipped", file=sys.stderr)
        continue
    puzzles = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and len(line.split()[0]) == 81:
                puzzles.append(line.split()[0].replace("0", "."))
    puzzles = list(dict.fromkeys(puzzles))
    random.Random(4242).shuffle(puzzles)
    for part, chosen in (("held", puzzles[:held]), ("dev", puzzles[held:held + dev])):
        os.makedirs(os.path.join(out, part), exist_ok=True)
        with open(os.path.join(out, part, name + ".txt"), "w") as f:
            f.write("\n".join(chosen) + "\n")
EOF

# 3. HoDoKu's ratings (paths relative: HoDoKu reads an argument starting with '/' as an option).
parts=(dev)
[[ "${HELD:-1}" == 0 ]] || parts+=(held)
for part in "${parts[@]}"; do
  for f in "$out/$part"/*.txt; do
    [[ "$f" == *.out.txt ]] && continue
    [[ -s "$f.out.txt" && "$f.out.txt" -nt "$f" ]] && continue
    (cd "$out/$part" && java -Djava.awt.headless=true -jar "$out/hodoku.jar" /c default \
      /bs "$(basename "$f")" /vp > "$(basename "$f").stdout" 2>&1)
  done
done

# 4. The comparison.
(cd "$root" && cargo build --release --quiet --example hodoku_check)
check="$(bash "$root/scripts/target-dir.sh")/release/examples/hodoku_check"
status=0
for part in "${parts[@]}"; do
  for f in "$out/$part"/*.txt.out.txt; do
    echo "== $part/$(basename "$f")"
    "$check" "$f" --show 3 || status=1
    "$check" "$f" --replay --show 3 | head -n 1 || status=1
  done
done
exit $status
