#!/usr/bin/env bash
# Builds ZeroDoku (v2, as tdoku's other/zerodoku carries it; its source defines the entry
# point with tdoku's signature) as a peer of dlxlab's benchmarks, from the user's tdoku checkout,
# with tdoku's flags (scripts/peers/lib.sh); its code is not in this repository.
#
#   scripts/peers/zerodoku.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/zerodoku
#
# OUT/zerodoku_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). It keeps no solution
# (answers `unique`, checked by status). Guesses: its own count, one per candidate tried at a
# cell while another remains.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=zerodoku PEER_SOLVER=OtherSolverZeroDoku PEER_SOLUTION=0
PEER_NEEDS="other/zerodoku/zerodoku_v2.c"
PEER_USAGE="usage: scripts/peers/zerodoku.sh TDOKU_SRC [OUT]"
peer_compile() {
  peer_cc "$SRC/other/zerodoku/zerodoku_v2.c" -DZERODOKU
}
peer_main "$@"
