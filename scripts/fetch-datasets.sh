#!/usr/bin/env bash
# Puts the public corpora listed in datasets/manifest into datasets/ and checks their SHA-256.
#
#   scripts/fetch-datasets.sh                  # copy from $DLXLAB_DATA if set, else download
#   scripts/fetch-datasets.sh --accept-upstream  # keep downloaded files whose checksum differs
#
# Offline: when $DLXLAB_DATA is set and holds a file, that copy is used and must match the
# manifest exactly. Online: the source in the manifest is downloaded and converted to the line
# format. Upstream files are not byte-identical to the shared copies (the shared copies carry a
# '#' header saying where they come from, and upstream lists change over time), so a download
# whose checksum differs is reported and, without --accept-upstream, rejected (exit 3).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/datasets/manifest"
accept_upstream=0
for arg in "$@"; do
  case "$arg" in
    --accept-upstream) accept_upstream=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "fetch-datasets: unknown argument $arg" >&2; exit 2 ;;
  esac
done

sha256() { sha256sum "$1" | cut -d' ' -f1; }
puzzle_lines() { grep -cv -e '^#' -e '^[[:space:]]*$' "$1" || true; }

download() { # url dest
  if command -v curl >/dev/null; then curl -fsSL --retry 2 -o "$2" "$1"
  elif command -v wget >/dev/null; then wget -q -O "$2" "$1"
  else echo "fetch-datasets: need curl or wget" >&2; return 1; fi
}

# Converts a downloaded source to the line format: one puzzle per line, '.' for empty.
convert() { # file raw out
  case "$1" in
    17-clue.txt)
      # Royle's list: 81 digits per line, '0' for empty.
      tr -d '\r' < "$2" | grep -E '^[0-9.]{81}$' | tr '0' '.' > "$3" ;;
    se-rated-sample.txt)
      # Sudoku Exchange bank: "<hash> <81 chars> <rating>"; the first 640 lines of the file.
      tr -d '\r' < "$2" | awk 'NF >= 3 { gsub(/0/, ".", $2); print $2, $3 }' | head -n 640 > "$3" ;;
    top95.txt|top1465.txt|norvig-hardest.txt)
      # One puzzle per line as the first 81 characters ('.' or '0' empty), maybe followed by notes.
      tr -d '\r' < "$2" | grep -oE '^[0-9.]{81}' | tr '0' '.' > "$3" ;;
    forum-hardest-1905.txt|forum-hardest-1106.txt)
      # Members of tdoku's benchmark archive (data.zip): one puzzle per line, '.' empty, maybe
      # '#' comments. The member's name ends in forum_hardest_1905 or forum_hardest_1106.
      command -v unzip >/dev/null || { echo "fetch-datasets: $1 needs unzip" >&2; return 1; }
      local member="*forum_hardest_${1//[^0-9]/}"
      unzip -p "$2" "$member" | tr -d '\r' | grep -oE '^[0-9.]{81}' | tr '0' '.' > "$3" ;;
    *) cp "$2" "$3" ;;
  esac
}

status=0
while read -r file sum bytes lines url; do
  case "$file" in ''|'#'*) continue ;; esac
  dest="$root/datasets/$file"
  if [[ "$sum" == "-" ]]; then
    # No pinned checksum: take the shared copy if there is one, else download; say what it is.
    if [[ -n "${DLXLAB_DATA:-}" && -f "$DLXLAB_DATA/$file" ]]; then
      cp "$DLXLAB_DATA/$file" "$dest" && chmod u+w "$dest"
      echo "$file: copied from \$DLXLAB_DATA (no pinned checksum; SHA-256 $(sha256 "$dest"), $(puzzle_lines "$dest") puzzles)"
      continue
    fi
    raw="$(mktemp)"
    if ! download "$url" "$raw"; then
      echo "fetch-datasets: $file: download of $url failed" >&2
      rm -f "$raw"; status=1; continue
    fi
    if ! convert "$file" "$raw" "$dest.part"; then
      echo "fetch-datasets: $file: could not convert $url" >&2
      rm -f "$raw" "$dest.part"; status=1; continue
    fi
    rm -f "$raw"
    if [[ "$(puzzle_lines "$dest.part")" -eq 0 ]]; then
      echo "fetch-datasets: $file: $url gave no puzzle lines; left as $dest.part" >&2
      status=1; continue
    fi
    mv "$dest.part" "$dest"
    echo "$file: downloaded (no pinned checksum; SHA-256 $(sha256 "$dest"), $(puzzle_lines "$dest") puzzles)"
    continue
  fi
  if [[ -n "${DLXLAB_DATA:-}" && -f "$DLXLAB_DATA/$file" ]]; then
    cp "$DLXLAB_DATA/$file" "$dest.part" && chmod u+w "$dest.part"
    if [[ "$(sha256 "$dest.part")" != "$sum" ]]; then
      echo "fetch-datasets: $DLXLAB_DATA/$file does not match the manifest checksum" >&2
      rm -f "$dest.part"; status=1; continue
    fi
    mv "$dest.part" "$dest"
    echo "$file: copied from \$DLXLAB_DATA, SHA-256 ok ($bytes bytes, $lines puzzles)"
    continue
  fi
  raw="$(mktemp)"
  if ! download "$url" "$raw"; then
    echo "fetch-datasets: $file: download of $url failed" >&2
    rm -f "$raw"; status=1; continue
  fi
  convert "$file" "$raw" "$dest.part"
  rm -f "$raw"
  got="$(sha256 "$dest.part")"
  n="$(puzzle_lines "$dest.part")"
  if [[ "$got" == "$sum" ]]; then
    mv "$dest.part" "$dest"
    echo "$file: downloaded, SHA-256 ok"
  elif (( accept_upstream )); then
    mv "$dest.part" "$dest"
    echo "$file: downloaded from upstream; SHA-256 $got differs from the manifest (upstream copy: $n puzzles, manifest: $lines); kept (--accept-upstream)"
  else
    echo "fetch-datasets: $file: SHA-256 $got differs from the manifest ($n puzzles, manifest: $lines); left as $dest.part — rerun with --accept-upstream to keep it, or set DLXLAB_DATA" >&2
    status=3
  fi
done < "$manifest"
exit "$status"
