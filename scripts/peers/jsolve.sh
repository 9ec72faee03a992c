#!/usr/bin/env bash
# Builds JSolve (Jason T. Linhart's solver, as tdoku's other/jsolve carries it, already patched
# there by JSolve.c.diff to count its guesses) as a peer of dlxlab's benchmarks, from the user's
# tdoku checkout, with tdoku's wrapper and flags (scripts/peers/lib.sh); its code is not in this
# repository.
#
#   scripts/peers/jsolve.sh TDOKU_SRC [OUT]   # OUT defaults to target/peers/jsolve
#
# OUT/jsolve_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). Guesses: its own count,
# one per Guess() call (JSolve_guesses).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=jsolve PEER_SOLVER=OtherSolverJSolve PEER_SOLUTION=1
PEER_NEEDS="other/jsolve/JSolve.c other/jsolve/JSolve.h other/other_solvers.cc"
PEER_USAGE="usage: scripts/peers/jsolve.sh TDOKU_SRC [OUT]"
peer_compile() {
  TDOKU=$SRC
  grep -q JSolve_guesses "$SRC/other/jsolve/JSolve.c" ||
    peer_die "other/jsolve/JSolve.c lacks tdoku's patch (apply other/jsolve/JSolve.c.diff)"
  peer_cc "$SRC/other/jsolve/JSolve.c" -DJSOLVE
  peer_tdoku_wrapper JSOLVE
}
peer_main "$@"
