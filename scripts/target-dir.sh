#!/usr/bin/env bash
# Prints the directory where cargo puts this repository's builds, found the way cargo finds it:
# `cargo metadata` (which honours CARGO_TARGET_DIR and build.target-dir in .cargo/config.toml),
# else CARGO_TARGET_DIR, else target/ beside Cargo.toml. Scripts run their binaries from there:
#   target=$(bash scripts/target-dir.sh); "$target/release/dlxlab" ...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if command -v cargo >/dev/null 2>&1 &&
  meta=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" 2>/dev/null); then
  dir=$(printf '%s' "$meta" | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
  if [ -n "$dir" ]; then
    printf '%s\n' "$dir"
    exit 0
  fi
fi
case "${CARGO_TARGET_DIR:-}" in
  "") printf '%s\n' "$root/target" ;;
  /*) printf '%s\n' "$CARGO_TARGET_DIR" ;;
  *) printf '%s\n' "$PWD/$CARGO_TARGET_DIR" ;;
esac
