# The shared part of the historical peers' build scripts (scripts/peers/NAME.sh), sourced by them:
# the arguments, the compilers, compiling the user's sources with tdoku's flags, linking
# scripts/peers/peer_driver.c into the three programs, BUILD-INFO and a smoke test. None of the
# peers' code is in this repository: every source comes from a checkout the user names.
#
# A family's script sets what differs, then calls `peer_main "$@"`:
#   PEER            the name (programs OUT/PEER_whole, OUT/PEER_external, OUT/PEER_loop)
#   PEER_SOLVER     the function with tdoku's signature (src/all_solvers.h)
#   PEER_SOLUTION   1 when a count of one comes with its solution, 0 when the solver keeps it
#   PEER_GUESSES    1 when the solver counts its guesses (default 1)
#   PEER_NEEDS      files the checkout must hold (paths relative to it)
#   PEER_USAGE      the usage lines
#   peer_compile    a function compiling the family's sources with peer_cc / peer_cxx (run in
#                   the scratch directory; SRC is the checkout, TDOKU the tdoku checkout if any)
#
# Compilers: clang (CC/CXX override), as tdoku's published table; g++ with a warning otherwise.
# Flags: tdoku's CMakeLists.txt: -O3 -march=native for C and C++, C++14 with GNU extensions, and
# the solver's -D definition (FLAGS overrides -O3 -march=native, e.g. FLAGS="-O3 -mavx2").

peer_die() { echo "$PEER.sh: $*" >&2; exit 2; }

# Picks the compilers and flags; sets cc, cxx, flags.
peer_toolchain() {
  local c
  pick() { for c in "$@"; do command -v "$c" >/dev/null && { echo "$c"; return; }; done; }
  if [[ -z "${CXX:-}${CC:-}" ]] && ! command -v clang++ >/dev/null; then
    echo "$PEER.sh: warning: no clang (tdoku's published numbers use clang); using g++" >&2
  fi
  cxx="${CXX:-$(pick clang++ g++ c++)}"
  cc="${CC:-$(pick clang gcc cc)}"
  [[ -n "$cxx" && -n "$cc" ]] || peer_die "need a C and a C++ compiler (clang or gcc)"
  read -r -a flags <<< "${FLAGS:--O3 -march=native}"
}

# peer_cc FILE [EXTRA...]: compiles a C file of the user's into the scratch directory.
peer_cc() {
  local f=$1; shift
  "$cc" "${flags[@]}" "$@" -w -c "$f" -o "$tmp/obj/$(basename "$f").o"
}

# peer_cxx FILE [EXTRA...]: compiles a C++ file of the user's (C++14, GNU extensions, as CMake's
# CMAKE_CXX_STANDARD 14 does).
peer_cxx() {
  local f=$1; shift
  "$cxx" "${flags[@]}" -std=gnu++14 "$@" -w -c "$f" -o "$tmp/obj/$(basename "$f").o"
}

# Links peer_driver.c into the three programs, with extra link arguments "$@".
peer_link() {
  local mode prog
  for mode in 1 2 3; do
    prog="${PEER}_$( case $mode in 1) echo whole;; 2) echo external;; 3) echo loop;; esac )"
    "$cc" "${flags[@]}" -DPEER_PROGRAM=$mode -DPEER_SOLVER="$PEER_SOLVER" \
      -DPEER_SOLUTION="$PEER_SOLUTION" -DPEER_GUESSES="${PEER_GUESSES:-1}" \
      -DPEER_CONFIGURATION="${PEER_CONFIGURATION:-0}" -c "$here/peer_driver.c" -o "$tmp/driver$mode.o"
    "$cxx" "${flags[@]}" "$tmp/driver$mode.o" "$tmp"/obj/*.o "$@" -o "$tmp/$prog"
    mv "$tmp/$prog" "$out/$prog"
  done
}

# The smoke test: a known puzzle solved by all three programs, and one with two solutions.
peer_smoke() {
  local want got puzzle multi
  puzzle='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  want='483921657967345821251876493548132976729564138136798245372689514814253769695417382'
  multi='.................................................................................'
  [[ "$PEER_SOLUTION" == 1 ]] || want=unique
  printf '%s\n%s\n' "$puzzle" "$multi" > "$tmp/two.txt"
  got="$("$out/${PEER}_whole" "$tmp/two.txt" | tr '\n' ' ')"
  [[ "$got" == "$want multiple " ]] || { echo "$PEER.sh: smoke test of ${PEER}_whole failed: got '$got'" >&2; exit 1; }
  "$out/${PEER}_loop" "$tmp/two.txt" 1 1 "$tmp/loop.txt" > /dev/null
  got="$(tr '\n' ' ' < "$tmp/loop.txt")"
  [[ "$got" == "$want multiple " ]] || { echo "$PEER.sh: smoke test of ${PEER}_loop failed: got '$got'" >&2; exit 1; }
  got="$("$out/${PEER}_external" < "$tmp/two.txt" | cut -d' ' -f1 | tr '\n' ' ')"
  [[ "$got" == "$want multiple " ]] || { echo "$PEER.sh: smoke test of ${PEER}_external failed: got '$got'" >&2; exit 1; }
}

# peer_main "$@": the whole build.
peer_main() {
  if [[ $# -lt 1 || $# -gt 2 || "$1" == -h || "$1" == --help ]]; then
    printf '%s\n' "$PEER_USAGE" >&2; exit 2
  fi
  SRC="$(cd "$1" 2>/dev/null && pwd)" || peer_die "$1: no such directory"
  local f
  for f in ${PEER_NEEDS:-}; do
    [[ -f "$SRC/$f" ]] || peer_die "$SRC/$f missing: is $SRC the right checkout?"
  done
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  local root
  root="$(cd "$here/../.." && pwd)"
  out="${2:-$(bash "$root/scripts/target-dir.sh")/peers/$PEER}"
  peer_toolchain
  mkdir -p "$out"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/obj"
  peer_compile
  peer_link "${PEER_LIBS[@]}"
  {
    echo "$PEER source: $SRC"
    echo "$PEER commit: $(git -C "$SRC" rev-parse HEAD 2>/dev/null || echo unknown)"
    [[ -n "${TDOKU:-}" ]] && echo "tdoku (wrapper) commit: $(git -C "$TDOKU" rev-parse HEAD 2>/dev/null || echo unknown)"
    echo "C++ compiler: $("$cxx" --version | head -n 1)"
    echo "C compiler: $("$cc" --version | head -n 1)"
    echo "flags: ${flags[*]} (C++: -std=gnu++14) ${PEER_FLAGS_NOTE:-}"
    echo "solver: $PEER_SOLVER; returns its solution: $([[ $PEER_SOLUTION == 1 ]] && echo yes || echo 'no (answers unique)'); counts guesses: $([[ ${PEER_GUESSES:-1} == 1 ]] && echo yes || echo no)"
  } > "$out/BUILD-INFO"
  peer_smoke
  echo "built $out/${PEER}_whole, ${PEER}_external and ${PEER}_loop ($(sed -n 's/^C compiler: //p' "$out/BUILD-INFO"))"
}

# For the families whose sources are in tdoku's other/: the wrapper of tdoku's other_solvers.cc,
# compiled with the solver's -D definition as tdoku's CMakeLists.txt does.
PEER_LIBS=()
peer_tdoku_wrapper() {
  local define=$1; shift
  peer_cxx "$TDOKU/other/other_solvers.cc" "-D$define" "$@"
}
