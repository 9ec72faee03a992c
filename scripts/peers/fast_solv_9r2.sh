#!/usr/bin/env bash
# Builds fast_solv_9r2 (Ignacio Zelaya's dancing-links solver, v.9 r2, as tdoku's
# other/fast_solv_9r2 carries it) as a peer of dlxlab's benchmarks — dancing links against
# dlxlab's `dlx` and `dc` — from the user's tdoku checkout, with tdoku's wrapper and flags
# (scripts/peers/lib.sh); its code is not in this repository.
#
#   scripts/peers/fast_solv_9r2.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/fast_solv_9r2
#
# OUT/fast_solv_9r2_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). It counts
# solutions but keeps no solution (tdoku's table marks it so): its answers are `unique`,
# `multiple` or `none`, checked against dlxlab's status only. Guesses: its own count, the
# nodes entered at a column with more than one row left (fast_solv_92r_undone).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=fast_solv_9r2 PEER_SOLVER=OtherSolverFastSolv9r2 PEER_SOLUTION=0
PEER_NEEDS="other/fast_solv_9r2/fast_solv_9r2.c other/other_solvers.cc"
PEER_USAGE="usage: scripts/peers/fast_solv_9r2.sh TDOKU_SRC [OUT]"
peer_compile() {
  TDOKU=$SRC
  peer_cc "$SRC/other/fast_solv_9r2/fast_solv_9r2.c" -DFAST_SOLV_9R2
  peer_tdoku_wrapper FAST_SOLV_9R2
}
peer_main "$@"
