#!/usr/bin/env python3
"""Compares the UVWXYZ- and TUVWXYZ-wing steps of `dlxlab explain --uvwxyz-wing` with those of
Sukaku Explainer's `serate` (default techniques, nested chains off), puzzle by puzzle.

serate does not print eliminations, so they are read from its pencilmarks (`--after=%m`, 81 cells
of nine characters, `.` for a missing candidate) before and after each wing step. A puzzle agrees
when both paths take the same wing steps in the same order with the same eliminations and the
same ER/EP/ED.

Usage: scripts/serate-wing-steps.py PUZZLES [SERATE_CLASSPATH] (default classpath /tmp/se-cls;
see docs/rating.md for compiling serate). Needs target/release/dlxlab.
"""
import os
import re
import subprocess
import sys
import tempfile

TECHS = "1111111111010111011111111011100111100111111110"
WING = re.compile(r"(T?UVWXYZ-Wing):.*=> (.*)$")


def serate(path, classpath):
    out = subprocess.run(
        ["java", "-cp", classpath, "diuf.sudoku.test.serate", f"--techs={TECHS}",
         "--format=#END %r/%p/%d", "--after=%r|%s|%m", f"--input={path}"],
        capture_output=True, text=True, check=True).stdout.splitlines()
    results, steps, before = [], [], None
    for line in out:
        if line.startswith("#END "):
            results.append((steps, line[5:]))
            steps, before = [], None
            continue
        _, name, marks = line.split("|")
        if before is not None and "UVWXYZ-Wing" in name:
            gone = [f"r{i // 81 + 1}c{i // 9 % 9 + 1}<>{i % 9 + 1}"
                    for i in range(729) if before[i] != "." and marks[i] == "."]
            steps.append((name.split()[0], sorted(gone)))
        before = marks
    return results


def binary():
    """release/dlxlab in cargo's target directory (scripts/target-dir.sh: CARGO_TARGET_DIR honoured)."""
    here = os.path.dirname(os.path.abspath(__file__))
    target = subprocess.run(["bash", os.path.join(here, "target-dir.sh")],
                            capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(target, "release", "dlxlab")


def dlxlab(path):
    out = subprocess.run(
        [binary(), "explain", "--uvwxyz-wing", "--corpus", path],
        capture_output=True, text=True, check=True).stdout
    results = []
    for block in out.split("\n\n"):
        steps = [(m.group(1), sorted(m.group(2).split(", ")))
                 for m in map(WING.search, block.splitlines()) if m]
        rating = re.search(r"ER/EP/ED\s+(\S+)", block)
        results.append((steps, rating.group(1) if rating else "?"))
    return results


def main():
    puzzles = [l.split()[0] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    classpath = sys.argv[2] if len(sys.argv) > 2 else "/tmp/se-cls"
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(puzzles) + "\n")
        f.flush()
        theirs, ours = serate(f.name, classpath), dlxlab(f.name)
    same = 0
    for puzzle, a, b in zip(puzzles, theirs, ours):
        if a == b:
            same += 1
        else:
            print(f"differ {puzzle}\n  serate {a}\n  dlxlab {b}")
    wings = sum(len(s) for s, _ in ours)
    print(f"{same}/{len(puzzles)} puzzles agree; {wings} wing steps in dlxlab's paths")
    return 0 if same == len(puzzles) == len(theirs) == len(ours) else 1


if __name__ == "__main__":
    sys.exit(main())
