#!/usr/bin/env bash
# Builds Knuth's exact-cover programs (dlx1, dlx2, dlx3, dlx6, SSXC1, SSXCC, ...) from their CWEB
# sources, the way he builds them: ctangle, then gcc -O2. dlxlab ships none of his code; this
# script only fetches (or takes) his sources, tangles and compiles them, and records each build.
#
# Usage: scripts/peers/knuth.sh [--src SRCDIR] DIR [PROGRAMS...]
#
#   DIR        where the programs go (created); also DIR/src (the sources and the tangled C) and
#              DIR/BUILD.txt (one line per program: source, its SHA-256, compiler, flags, origin)
#   PROGRAMS   names of Knuth's programs (default: dlx1 dlx2 dlx3 dlx6 ssxc1 ssxcc)
#   --src SRCDIR   take NAME.w (and gb_flip.w with the boilerplate.w it includes, for the
#              programs that use it) from SRCDIR instead of downloading them (also
#              KNUTH_SRC=SRCDIR). Without it the sources come from Knuth's page
#              https://www-cs-faculty.stanford.edu/~knuth/programs/ and gb_flip.w from the
#              Stanford GraphBase archive (needs internet).
#
# Needs ctangle (Debian/Ubuntu package texlive-binaries: installed with apt-get when missing and
# run as root; otherwise the script says so and stops), gcc, sha256sum, and curl when downloading.
# Exit status: 0 built everything asked for, 1 something missing or failed (nothing half-built is
# left under a program's name: each program is compiled to a temporary name and moved in place).
set -euo pipefail

KNUTH_URL=${KNUTH_URL:-https://www-cs-faculty.stanford.edu/~knuth/programs}
SGB_URL=${SGB_URL:-https://ftp.cs.stanford.edu/pub/sgb/sgb.tar.gz}
CC=gcc
CFLAGS=-O2
DEFAULT_PROGRAMS=(dlx1 dlx2 dlx3 dlx6 ssxc1 ssxcc)

die() { echo "knuth.sh: $*" >&2; exit 1; }
usage() { sed -n '5,21s/^# \{0,1\}//p' "$0"; }

src=${KNUTH_SRC:-}
while [ $# -gt 0 ]; do
  case $1 in
    --src) [ $# -ge 2 ] || die "--src needs a directory"; src=$2; shift 2 ;;
    --src=*) src=${1#--src=}; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { usage >&2; exit 1; }
dir=$1; shift
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=("${DEFAULT_PROGRAMS[@]}")
for p in "${programs[@]}"; do
  [[ $p =~ ^[A-Za-z0-9_-]+$ ]] || die "not a program name: '$p'"
done
if [ -n "$src" ]; then
  [ -d "$src" ] || die "--src $src: no such directory"
  src=$(cd "$src" && pwd)
fi

# --- tools ---------------------------------------------------------------------------------
if ! command -v ctangle >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "knuth.sh: ctangle missing; installing texlive-binaries with apt-get" >&2
    apt-get install -y --no-install-recommends texlive-binaries >&2 ||
      { apt-get update >&2 && apt-get install -y --no-install-recommends texlive-binaries >&2; } ||
      die "could not install texlive-binaries (which provides ctangle)"
  else
    die "ctangle is missing: install it (apt-get install texlive-binaries, as root) and rerun"
  fi
fi
command -v "$CC" >/dev/null || die "$CC is missing (apt-get install gcc)"
command -v sha256sum >/dev/null || die "sha256sum is missing (coreutils)"

mkdir -p "$dir/src"
dir=$(cd "$dir" && pwd)
srcdir=$dir/src

# --- sources -------------------------------------------------------------------------------
origin_of=()   # "name origin" pairs, in the order fetched
fetch_source() { # NAME.w into $srcdir; prints its origin
  local name=$1
  if [ -n "$src" ]; then
    local f
    for f in $name $([ "$name" = gb_flip ] && echo boilerplate); do
      [ -f "$src/$f.w" ] || die "$src/$f.w: no such file"
      cp "$src/$f.w" "$srcdir/$f.w.tmp"
      mv "$srcdir/$f.w.tmp" "$srcdir/$f.w"
    done
    echo "$src/$name.w"
  elif [ "$name" = gb_flip ]; then
    command -v curl >/dev/null || die "curl is missing; give the sources with --src"
    local tmp; tmp=$(mktemp -d)
    curl -fsSL "$SGB_URL" -o "$tmp/sgb.tar.gz" ||
      die "cannot download $SGB_URL (no internet?): give gb_flip.w with --src"
    tar -xzf "$tmp/sgb.tar.gz" -C "$tmp" --wildcards '*gb_flip.w' '*boilerplate.w' ||
      die "$SGB_URL has no gb_flip.w and boilerplate.w"
    find "$tmp" \( -name gb_flip.w -o -name boilerplate.w \) -exec mv {} "$srcdir/" \;
    rm -rf "$tmp"
    echo "$SGB_URL"
  else
    command -v curl >/dev/null || die "curl is missing; give the sources with --src"
    curl -fsSL "$KNUTH_URL/$name.w" -o "$srcdir/$name.w.tmp" ||
      { rm -f "$srcdir/$name.w.tmp"; die "cannot download $KNUTH_URL/$name.w (no internet?): give the sources with --src"; }
    mv "$srcdir/$name.w.tmp" "$srcdir/$name.w"
    echo "$KNUTH_URL/$name.w"
  fi
}

# CWEBINPUTS: ctangle finds files (and @i includes) through kpathsea, which does not search the
# current directory when TeX Live is not fully configured.
tangle() { # NAME: NAME.w -> NAME.c (and any header it writes), in $srcdir
  (cd "$srcdir" && CWEBINPUTS=.: ctangle "$1.w" - "$1.c" >"$1.ctangle.log" 2>&1) ||
    die "ctangle $1.w failed (see $srcdir/$1.ctangle.log)"
}

need_flip=0
for p in "${programs[@]}"; do
  origin=$(fetch_source "$p")
  origin_of+=("$p" "$origin")
  grep -q '"gb_flip.h"' "$srcdir/$p.w" && need_flip=1
done
flip_origin=
if [ $need_flip = 1 ]; then
  flip_origin=$(fetch_source gb_flip)
  tangle gb_flip
  (cd "$srcdir" && $CC $CFLAGS -c gb_flip.c -o gb_flip.o 2>gb_flip.gcc.log) ||
    die "$CC $CFLAGS -c gb_flip.c failed (see $srcdir/gb_flip.gcc.log)"
fi

# --- build ---------------------------------------------------------------------------------
cc_version=$($CC --version | head -n 1)
ct_version=$(ctangle --version 2>/dev/null | head -n 1 || true)
sha() { sha256sum "$1" | cut -d ' ' -f 1; }
lines=()
for ((i = 0; i < ${#origin_of[@]}; i += 2)); do
  p=${origin_of[i]}; origin=${origin_of[i + 1]}
  tangle "$p"
  extra=(); flip_sha=-
  if grep -q '"gb_flip.h"' "$srcdir/$p.w"; then
    extra=(gb_flip.o); flip_sha=$(sha "$srcdir/gb_flip.w")
  fi
  (cd "$srcdir" && $CC $CFLAGS -o "$dir/.$p.tmp" "$p.c" "${extra[@]}" 2>"$p.gcc.log") ||
    { rm -f "$dir/.$p.tmp"; die "$CC $CFLAGS $p.c failed (see $srcdir/$p.gcc.log)"; }
  mv "$dir/.$p.tmp" "$dir/$p"
  lines+=("$(printf '%s\t%s.w\t%s\t%s\t%s\t%s\t%s\t%s' "$p" "$p" "$(sha "$srcdir/$p.w")" \
    "$flip_sha" "$cc_version" "$CFLAGS" "$ct_version" "$origin")")
  echo "knuth.sh: built $dir/$p" >&2
done

# --- record --------------------------------------------------------------------------------
# BUILD.txt keeps the lines of programs built earlier that this run did not rebuild.
record=$dir/BUILD.txt
{
  echo "# Knuth's programs in $dir, built by dlxlab's scripts/peers/knuth.sh"
  echo "# last run $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -sm); gb_flip.w from: ${flip_origin:-(not needed)}"
  printf 'program\tsource\tsource_sha256\tgb_flip_sha256\tcompiler\tflags\ttangled_by\tfrom\n'
  if [ -f "$record" ]; then
    built=" ${programs[*]} "
    grep -v '^#' "$record" | tail -n +2 | while IFS= read -r line; do
      [[ $built == *" ${line%%$'\t'*} "* ]] || printf '%s\n' "$line"
    done
  fi
  printf '%s\n' "${lines[@]}"
} >"$record.tmp"
mv "$record.tmp" "$record"
echo "knuth.sh: recorded the builds in $record" >&2
