#!/usr/bin/env bash
# Builds dlxlab linked statically against glibc into target/release-static/dlxlab, with the release
# profile's optimisation (profile `release-static` in Cargo.toml): no dynamic loader, no shared
# libraries to map, no symbols to bind at start, and (by default) no relocations to apply either.
# On millisecond problems the whole process is mostly start-up, and this build uses 5-22% less CPU
# than the default dynamically linked target/release/dlxlab (docs/xc-engine.md#start-up).
#
# Usage: scripts/build-static.sh [--pie] [CARGO ARGS...]   (e.g. --features peer)
#
#   --pie   a static-pie executable instead (loaded at a random address like the default build,
#           at the price of relocating ~5,000 pointers at every start: 86,000 instructions and
#           ~20 copy-on-write page faults, 3-10% of a millisecond run)
#
# By default the executable is not position-independent (`-C relocation-model=static`): its code
# and static data sit at a fixed address (heap, stack and mappings are still randomised), which is
# what makes it start cheapest. Only the binary's own rustc gets these flags (through `cargo
# rustc`): given to every crate (RUSTFLAGS, .cargo/config.toml), `+crt-static` breaks the
# proc-macro crates and the Python cdylib, which cannot be linked statically. Linux with glibc only
# (its static libc.a comes with libc6-dev, which any Rust build here already needs); the result needs
# no particular glibc at run time (it carries its own). It is checked: no program interpreter, and
# it must count the 4x4 domino tilings; otherwise the script says why and exits 1, and
# target/release/dlxlab (cargo build --release) is the binary to use.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "build-static.sh: $*" >&2; exit 1; }
[ "$(uname -s)" = Linux ] || die "static glibc linking is for Linux; use cargo build --release"
host=$(rustc -vV | sed -n 's/^host: //p')
[[ $host == *-linux-gnu* ]] || die "host $host is not linux-gnu; use cargo build --release"

flags=(-C target-feature=+crt-static -C relocation-model=static)
if [ "${1:-}" = --pie ]; then
  flags=(-C target-feature=+crt-static)
  shift
fi
cargo rustc --profile release-static --bin dlxlab "$@" -- "${flags[@]}"
bin="$(bash scripts/target-dir.sh)/release-static/dlxlab"
[ -x "$bin" ] || die "$bin was not built"
if command -v readelf >/dev/null && readelf -lW "$bin" | grep -q INTERP; then
  die "$bin still asks for a dynamic loader (not linked statically)"
fi
got=$("$bin" gen-xc domino 4x4 | "$bin" xc - --engine memo --count) ||
  die "$bin does not run"
[ "$got" = 36 ] || die "$bin counted $got domino tilings of the 4x4 board, want 36"
echo "build-static.sh: built $bin (statically linked; counts the 4x4 domino tilings: 36)" >&2
