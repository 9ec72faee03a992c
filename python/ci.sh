#!/usr/bin/env bash
# The Python package's CI step (.ci/run): a fresh virtual environment, `pip install ./python`
# (maturin builds the wheel from source, as the documented install does), then pytest on
# python/tests. CI reaches PyPI and crates.io only, so this script installs what it needs.
# Usage: bash python/ci.sh [DLXLAB_BINARY]   (the CLI the agreement tests compare with)
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet pytest pandas
"$venv/bin/pip" install --quiet ./python
export DLXLAB_BIN=${1:-${DLXLAB_BIN:-}}
rc=0
# Run from the venv, not from python/, so that the installed wheel is what is imported.
(cd "$venv" && "$venv/bin/python" -m pytest -q "$OLDPWD/python/tests") || rc=$?
# pytest exits 5 when it collected no tests: that is a broken step, not a pass.
if [ "$rc" -eq 5 ]; then
  echo "python/ci.sh: pytest collected no tests" >&2
  exit 1
fi
exit "$rc"
