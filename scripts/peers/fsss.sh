#!/usr/bin/env bash
# Builds FSSS (Mladen Dobrichev's Fast Simple Sudoku Solver, as tdoku's other/fsss carries it)
# as a peer of dlxlab's benchmarks, from the user's tdoku checkout, with tdoku's wrapper and flags
# (scripts/peers/lib.sh); its code is not in this repository.
#
#   scripts/peers/fsss.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/fsss
#
# OUT/fsss_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). Asked for two solutions
# (its mode 1) it writes none back: its answers are `unique`, checked by status. Guesses: its own
# count, one per trial value (fsss_num_guesses).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=fsss PEER_SOLVER=OtherSolverFsss PEER_SOLUTION=0
PEER_NEEDS="other/fsss/fsss.cc other/other_solvers.cc"
PEER_USAGE="usage: scripts/peers/fsss.sh TDOKU_SRC [OUT]"
peer_compile() {
  TDOKU=$SRC
  peer_cxx "$SRC/other/fsss/fsss.cc" -DFSSS
  peer_tdoku_wrapper FSSS
}
peer_main "$@"
