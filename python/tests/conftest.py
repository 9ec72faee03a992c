"""Shared fixtures: the dlxlab binary (for agreement with the CLI) and corpus paths."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def queens(n):
    """n queens as `dlxlab gen-xc queens` writes it: rows and columns primary, diagonals secondary."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    return primary, options, secondary


@pytest.fixture(scope="session")
def cli():
    """The dlxlab binary: $DLXLAB_BIN, else target/release/dlxlab, else the one on PATH."""
    for candidate in (os.environ.get("DLXLAB_BIN"), ROOT / "target/release/dlxlab", shutil.which("dlxlab")):
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    pytest.skip("no dlxlab binary (cargo build --release, or set DLXLAB_BIN)")


@pytest.fixture(scope="session")
def gen_xc(cli):
    def gen(*args):
        return subprocess.run([cli, "gen-xc", *args], check=True, capture_output=True, text=True).stdout

    return gen


@pytest.fixture(scope="session")
def corpus17():
    """The first 17-clue puzzles: $DLXLAB_DATA/17-clue.txt, else the repository's embedded corpus."""
    data = os.environ.get("DLXLAB_DATA")
    path = pathlib.Path(data) / "17-clue.txt" if data else None
    if path is None or not path.is_file():
        path = ROOT / "datasets" / "default.txt"
    return path
