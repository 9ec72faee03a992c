#!/usr/bin/env bash
# Builds kudoku (Attractive Chaos's exact-cover solver, as tdoku's other/kudoku carries it; its
# source defines the entry point with tdoku's signature) as a peer of dlxlab's benchmarks, from
# the user's tdoku checkout, with tdoku's flags (scripts/peers/lib.sh); its code is not in this
# repository.
#
#   scripts/peers/kudoku.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/kudoku
#
# OUT/kudoku_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). Guesses: its own
# count, one per choice made at a constraint with more than one option left.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=kudoku PEER_SOLVER=OtherSolverKudoku PEER_SOLUTION=1
PEER_NEEDS="other/kudoku/kudoku.c"
PEER_USAGE="usage: scripts/peers/kudoku.sh TDOKU_SRC [OUT]"
peer_compile() {
  peer_cc "$SRC/other/kudoku/kudoku.c" -DKUDOKU
}
peer_main "$@"
