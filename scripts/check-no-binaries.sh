#!/usr/bin/env bash
# Fails when a tracked file is a compiled binary: an ELF, Mach-O or PE executable or library, a
# static archive or a WebAssembly module, recognised by its first bytes (no `file` needed).
# Build outputs belong under target/ or python/dist/ (ignored), never in git (issue 37).
set -euo pipefail
cd "$(dirname "$0")/.."
found=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue
  magic=$(head -c 8 -- "$f" | od -An -tx1 | tr -d ' \n')
  kind=""
  case "$magic" in
    7f454c46*) kind="ELF" ;;
    feedface*|feedfacf*|cefaedfe*|cffaedfe*|cafebabe*) kind="Mach-O" ;;
    0061736d*) kind="WebAssembly" ;;
    213c617263683e0a) kind="static archive" ;;
    4d5a*)
      # MZ: a PE file when the offset at 0x3c points at "PE\0\0".
      off=$(od -An -j 60 -N 4 -tu4 -- "$f" 2>/dev/null | tr -d ' ')
      if [ -n "$off" ] && [ "$(od -An -j "$off" -N 4 -tx1 -- "$f" 2>/dev/null | tr -d ' \n')" = "50450000" ]; then
        kind="PE"
      fi ;;
  esac
  if [ -n "$kind" ]; then
    echo "tracked compiled binary ($kind): $f" >&2
    found=1
  fi
done < <(git ls-files -z)
if [ "$found" = 1 ]; then
  echo "remove it from git (git rm --cached FILE) and let the build produce it" >&2
  exit 1
fi
echo "no tracked file is a compiled binary ($(git ls-files | wc -l) files)"
