#!/usr/bin/env bash
# Builds tdoku (t-dillon/tdoku, BSD-2-Clause) from a checkout the user supplies, as three peers for
# dlxlab's benchmarks; none of tdoku's code is in this repository.
#
#   scripts/peers/tdoku.sh SRC [OUT]     # OUT defaults to target/peers/tdoku
#
#   OUT/tdoku_whole FILE    the whole job (read FILE, prove uniqueness, print each solution), for
#                           `dlxlab bench --whole-process --peer OUT/tdoku_whole`
#   OUT/tdoku_external      the external-solver protocol, for `--external tdoku=OUT/tdoku_external`
#   OUT/tdoku_loop          tdoku timed in process (a loop over parsed puzzles), for
#                           `dlxlab bench --in-process-peer OUT/tdoku_loop`
#   OUT/BUILD-INFO          compiler, flags and tdoku's commit
#
# tdoku's own flags: its fast solver (src/solver_dpll_triad_simd.cc, src/util.cc) compiled as its
# CMakeLists.txt compiles the library, -O3 -march=native -fno-exceptions -fno-rtti, with clang, as
# tdoku's published numbers are (installed with apt-get when missing and run as root; else g++, with
# a warning: tdoku built by g++ 12 ran 4-8% slower here than by clang 14, docs/performance.md);
# CXX/CC override. The small drivers (scripts/peers/tdoku_*.c) are dlxlab's, compiled with the same
# flags.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || "$1" == -h || "$1" == --help ]]; then
  sed -n '2,19p' "$0"; exit 2
fi
src="$(cd "$1" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${2:-$(bash "$root/scripts/target-dir.sh")/peers/tdoku}"
for f in include/tdoku.h src/solver_dpll_triad_simd.cc src/util.cc; do
  [[ -f "$src/$f" ]] || { echo "tdoku.sh: $src/$f missing: is $src a tdoku checkout?" >&2; exit 2; }
done
pick() { for c in "$@"; do command -v "$c" >/dev/null && { echo "$c"; return; }; done; }
if [[ -z "${CXX:-}${CC:-}" ]] && ! command -v clang++ >/dev/null; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    echo "tdoku.sh: clang missing (tdoku's published numbers use clang); installing it with apt-get" >&2
    apt-get install -y --no-install-recommends clang >&2 ||
      { apt-get update >&2 && apt-get install -y --no-install-recommends clang >&2; } ||
      echo "tdoku.sh: could not install clang" >&2
  fi
  command -v clang++ >/dev/null ||
    echo "tdoku.sh: warning: no clang; building tdoku with g++, which makes it slower than tdoku's own builds" >&2
fi
cxx="${CXX:-$(pick clang++ g++ c++)}"
cc="${CC:-$(pick clang gcc cc)}"
[[ -n "$cxx" && -n "$cc" ]] || { echo "tdoku.sh: need a C and a C++ compiler (clang or gcc)" >&2; exit 2; }
flags=(-O3 -march=native)
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$cxx" "${flags[@]}" -fno-exceptions -fno-rtti -std=c++17 -c "$src/src/solver_dpll_triad_simd.cc" -o "$tmp/simd.o"
"$cxx" "${flags[@]}" -fno-exceptions -fno-rtti -std=c++17 -c "$src/src/util.cc" -o "$tmp/util.o"
for prog in tdoku_whole tdoku_external tdoku_loop; do
  "$cc" "${flags[@]}" -I"$src/include" -c "$here/$prog.c" -o "$tmp/$prog.o"
  "$cxx" "${flags[@]}" "$tmp/$prog.o" "$tmp/simd.o" "$tmp/util.o" -o "$tmp/$prog"
  mv "$tmp/$prog" "$out/$prog"
done
{
  echo "tdoku source: $src"
  echo "tdoku commit: $(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "C++ compiler: $("$cxx" --version | head -n 1)"
  echo "C compiler: $("$cc" --version | head -n 1)"
  echo "flags: ${flags[*]} (library: -fno-exceptions -fno-rtti -std=c++17)"
} > "$out/BUILD-INFO"
# A smoke test: a known puzzle must come back solved.
printf '%s\n' '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' > "$tmp/one.txt"
want='483921657967345821251876493548132976729564138136798245372689514814253769695417382'
got="$("$out/tdoku_whole" "$tmp/one.txt")"
[[ "$got" == "$want" ]] || { echo "tdoku.sh: smoke test failed: got '$got'" >&2; exit 1; }
"$out/tdoku_loop" "$tmp/one.txt" 1 1 "$tmp/loop.txt" > /dev/null
got="$(cat "$tmp/loop.txt")"
[[ "$got" == "$want" ]] || { echo "tdoku.sh: smoke test of tdoku_loop failed: got '$got'" >&2; exit 1; }
echo "built $out/tdoku_whole, $out/tdoku_loop and $out/tdoku_external ($(sed -n 3p "$out/BUILD-INFO"))"
