#!/usr/bin/env bash
# Builds fsss2 (Mladen Dobrichev's second solver, from t-dillon/fsss2_bench, the fork tdoku
# benchmarks; a submodule of tdoku) as a peer of dlxlab's benchmarks, from the user's checkouts of
# it and of tdoku (for tdoku's wrapper), with tdoku's flags (scripts/peers/lib.sh); their code is
# not in this repository.
#
#   TDOKU_SRC=/path/to/tdoku scripts/peers/fsss2.sh FSSS2_SRC [OUT]   # OUT: target/peers/fsss2
#
# OUT/fsss2_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). tdoku's wrapper keeps no
# solution (answers `unique`, checked by status). FSSS2_CONFIG=1 builds tdoku's `fsss2_locked`
# (locked candidates on; default 0, `fsss2`). Guesses: its own count (nTrials).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=fsss2 PEER_SOLVER=OtherSolverFsss2 PEER_SOLUTION=0
PEER_CONFIGURATION=${FSSS2_CONFIG:-0}
[[ "$PEER_CONFIGURATION" == 0 ]] || PEER=fsss2_locked
PEER_NEEDS="fsss2.cpp fsss2.h t_128.cpp t_128.h"
PEER_USAGE="usage: TDOKU_SRC=/path/to/tdoku scripts/peers/fsss2.sh FSSS2_SRC [OUT]"
PEER_FLAGS_NOTE="-Wno-deprecated-register, as tdoku adds for fsss2"
peer_compile() {
  TDOKU=${TDOKU_SRC:?set TDOKU_SRC to a tdoku checkout (for its wrapper, other/other_solvers.cc)}
  mkdir -p "$tmp/inc" && ln -s "$SRC" "$tmp/inc/module_fsss2"
  peer_cxx "$SRC/fsss2.cpp" -DFSSS2 -Wno-deprecated-register
  peer_cxx "$SRC/t_128.cpp" -DFSSS2 -Wno-deprecated-register
  peer_tdoku_wrapper FSSS2 -I"$tmp/inc" -Wno-deprecated-register
}
peer_main "$@"
