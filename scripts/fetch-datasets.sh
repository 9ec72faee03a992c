#!/usr/bin/env bash
# Puts the public corpora listed in datasets/manifest into datasets/ and checks their SHA-256;
# checks the committed corpora (source `committed`) in place. tdoku's nine benchmark sets are all
# named there (datasets/README.md says which could be reached and pinned).
#
#   scripts/fetch-datasets.sh                  # copy from $DLXLAB_DATA if set, else download
#   scripts/fetch-datasets.sh --accept-upstream  # keep downloaded files whose checksum differs
#
# A source ending in `#MEMBER` is a member of a zip archive (tdoku's data.zip): the archive is
# downloaded once per run, checked against its git blob id (TDOKU_DATA_ZIP_BLOB below), and the
# member whose name ends in MEMBER is extracted as it is. A source `-` has no public download:
# the file must come from $DLXLAB_DATA.
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
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "fetch-datasets: unknown argument $arg" >&2; exit 2 ;;
  esac
done

sha256() { sha256sum "$1" | cut -d' ' -f1; }
# tdoku's data.zip as committed at a05701253ed175e2859063dec3cf01a7f5b9c6a7 (its last change, 2020-09-18):
# the git blob id, which the archive's bytes must hash to (`git hash-object`).
TDOKU_DATA_ZIP_BLOB=2ae6e4f8d021d2198069814c7db18bf11fcd9591
git_blob_id() { { printf 'blob %s\0' "$(wc -c < "$1" | tr -d ' ')"; cat "$1"; } | sha1sum | cut -d' ' -f1; }
declare -A archives=()  # url -> downloaded copy, so that each archive is fetched once per run
cleanup() { for f in "${archives[@]}"; do rm -f "$f"; done; }
trap cleanup EXIT
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
    top95.txt|norvig-hardest.txt)
      # One puzzle per line as the first 81 characters ('.' or '0' empty), maybe followed by notes.
      tr -d '\r' < "$2" | grep -oE '^[0-9.]{81}' | tr '0' '.' > "$3" ;;
    *) cp "$2" "$3" ;;  # tdoku's files as they are: '#' header, one puzzle per line
  esac
}

# fetch URL DEST: downloads URL to DEST; for URL#MEMBER, extracts MEMBER of the archive at URL
# (downloaded once per run and checked against TDOKU_DATA_ZIP_BLOB).
fetch() {
  local url="$1" dest="$2"
  case "$url" in
    *'#'*)
      local archive="${url%%#*}" member="${url#*#}"
      command -v unzip >/dev/null || { echo "fetch-datasets: $member needs unzip" >&2; return 1; }
      if [[ -z "${archives[$archive]:-}" ]]; then
        local zip; zip="$(mktemp)"
        download "$archive" "$zip" || { rm -f "$zip"; return 1; }
        local id; id="$(git_blob_id "$zip")"
        if [[ "$id" != "$TDOKU_DATA_ZIP_BLOB" ]]; then
          echo "fetch-datasets: $archive has git blob id $id, not $TDOKU_DATA_ZIP_BLOB (the archive tdoku committed)" >&2
          rm -f "$zip"; return 1
        fi
        archives[$archive]="$zip"
      fi
      unzip -p "${archives[$archive]}" "*$member" > "$dest" ;;
    *) download "$url" "$dest" ;;
  esac
}

status=0
while read -r file sum bytes lines url; do
  case "$file" in ''|'#'*) continue ;; esac
  dest="$root/datasets/$file"
  if [[ "$url" == committed ]]; then
    # Made by this project and committed: checked in place.
    if [[ ! -f "$dest" ]]; then
      echo "fetch-datasets: committed corpus $file is missing" >&2; status=1
    elif [[ "$(sha256 "$dest")" != "$sum" ]]; then
      echo "fetch-datasets: committed corpus $file does not match the manifest checksum" >&2; status=1
    else
      echo "$file: committed, SHA-256 ok ($bytes bytes, $lines puzzles)"
    fi
    continue
  fi
  if [[ "$url" == - && ! ( -n "${DLXLAB_DATA:-}" && -f "$DLXLAB_DATA/$file" ) ]]; then
    echo "fetch-datasets: $file: no public download (see datasets/README.md); put a copy in \$DLXLAB_DATA" >&2
    status=1; continue
  fi
  if [[ "$sum" == "-" ]]; then
    # No pinned checksum: take the shared copy if there is one, else download; say what it is.
    if [[ -n "${DLXLAB_DATA:-}" && -f "$DLXLAB_DATA/$file" ]]; then
      cp "$DLXLAB_DATA/$file" "$dest" && chmod u+w "$dest"
      echo "$file: copied from \$DLXLAB_DATA (no pinned checksum; SHA-256 $(sha256 "$dest"), $(puzzle_lines "$dest") puzzles)"
      continue
    fi
    raw="$(mktemp)"
    if ! fetch "$url" "$raw"; then
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
  if ! fetch "$url" "$raw"; then
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
