#!/usr/bin/env python3
"""Turns the raw tables of scripts/band-vs-tdoku.sh (a directory) into one markdown table:
per data set, band against tdoku in process and as a whole process, without and with `--permute`.

    python3 scripts/band-vs-tdoku-table.py RAW_DIR > table.md
"""
import pathlib
import sys


def rows(path):
    """The table rows of one `bench` output, as lists of cells."""
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("| ") and not line.startswith("| solver") and not line.startswith("| program"):
            out.append([c.strip() for c in line.strip("|").split("|")])
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    raw = pathlib.Path(sys.argv[1])
    print("| data set | puzzles | permute | in process µs/puzzle band / tdoku | in process band vs tdoku "
          "| whole process CPU µs/puzzle band / tdoku | whole process band vs tdoku (CPU) "
          "| guesses/puzzle band (dlxlab) | tdoku guesses/puzzle (its count) | % no guess band |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for size in sorted(raw.glob("*-size.txt")):
        name = size.name[: -len("-size.txt")]
        n = size.read_text().split()[0]
        tg = (raw / f"{name}-tdoku-guesses.txt").read_text().strip()
        for tag in ["", "-permute"]:
            inp = rows(raw / f"{name}-in{tag}.md")
            band = next(r for r in inp if r[0] == "band")
            tdoku = next(r for r in inp if r[0] == "tdoku_loop")
            whole = rows(raw / f"{name}-whole{tag}.md")
            wb = next(r for r in whole if r[0] == "band" and len(r) == 8)
            wt = next(r for r in whole if r[0] == "tdoku_whole")
            print(f"| {name} | {n} | {'seed 1' if tag else 'no'} | {band[3]} / {tdoku[3]} | {band[9]} "
                  f"| {wb[4]} / {wt[4]} | {wb[6]} | {band[5]} | {tg if not tag else '—'} | {band[10]} |")


main()
