#!/usr/bin/env bash
# Builds bb_sudoku (Brian Turner's bitboard solver, as tdoku's other/bb_sudoku carries it) as a peer
# of dlxlab's benchmarks, from the user's tdoku checkout, with tdoku's own wrapper and flags
# (scripts/peers/lib.sh says which); its code is not in this repository.
#
#   scripts/peers/bb_sudoku.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/bb_sudoku
#
# OUT/bb_sudoku_whole FILE, OUT/bb_sudoku_external, OUT/bb_sudoku_loop and OUT/BUILD-INFO, as
# scripts/peers/tdoku.sh builds tdoku's (docs/peers.md). Guesses: its own count, GCnt - 1 as
# tdoku's wrapper reports it (one per MakeGuess call after the first).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=bb_sudoku PEER_SOLVER=OtherSolverBBSudoku PEER_SOLUTION=1
PEER_NEEDS="other/bb_sudoku/bb_sudoku_solver.cpp other/other_solvers.cc"
PEER_USAGE="usage: scripts/peers/bb_sudoku.sh TDOKU_SRC [OUT]"
peer_compile() {
  TDOKU=$SRC
  peer_cxx "$SRC/other/bb_sudoku/bb_sudoku_solver.cpp" -DBB_SUDOKU
  peer_tdoku_wrapper BB_SUDOKU
}
peer_main "$@"
