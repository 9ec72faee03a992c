#!/usr/bin/env bash
# Builds Norvig's solver in C++ (t-dillon/norvig-sudoku-bench, the port tdoku benchmarks, a
# submodule of tdoku; its sudoku.en.cc defines the entry point with tdoku's signature) as a peer
# of dlxlab's benchmarks, from the user's checkout, with tdoku's flags (scripts/peers/lib.sh);
# its code is not in this repository.
#
#   scripts/peers/norvig.sh NORVIG_SRC [OUT]   # OUT defaults to target/peers/norvig
#
# OUT/norvig_whole FILE, _external, _loop and BUILD-INFO (docs/peers.md). Asked for two solutions
# it keeps none (it does only for a limit of one): its answers are `unique`, checked by status.
# Guesses: its own count, one per candidate tried at a cell while another remains.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PEER=norvig PEER_SOLVER=OtherSolverNorvig PEER_SOLUTION=0
PEER_NEEDS="sudoku.en.cc"
PEER_USAGE="usage: scripts/peers/norvig.sh NORVIG_SRC [OUT]"
peer_compile() {
  peer_cxx "$SRC/sudoku.en.cc" -DNORVIG
}
peer_main "$@"
