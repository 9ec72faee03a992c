"""dlxlab against the Python exact-cover packages on PyPI, in the same run: `xcover` (dancing
cells in numba) and `exact-cover` (C DLX behind NumPy), counting all solutions of classic
problems, first call included.

    python python/bench/peers.py [--rounds 3] [--puzzles 1000] [--out table.md]

Needs the `dlxlab` wheel, `xcover` and `exact-cover` installed (pip install ./python
xcover exact-cover), the `dlxlab` binary (for `gen-xc`; --dlxlab, default target/release/dlxlab)
and the 17-clue corpus (--corpus, default $DLXLAB_DATA/17-clue.txt).

dlxlab runs twice: with its default engine, dancing links (`dlx`, counted as Knuth's dlx1), and
with dancing cells (`dc`, counted as SSXC1, the algorithm xcover implements).

Every problem is written by `dlxlab gen-xc` in Knuth's format and handed to each package as the
same Python lists (primary items, secondary items, options), so that all count the same matrix.
`exact-cover` has no secondary items: each secondary item gets an option of its own (a slack
option), which keeps the number of solutions. Each measurement runs in a fresh process pinned to
one core where `taskset` exists: `first` is the first call (xcover compiles its numba code then),
`warm` the best of the calls after it (the first call itself when it took more than 2 s). A call starts from the lists: it includes dlxlab's
Problem(...) and xcover's conversion to arrays, but not the NumPy matrix that exact-cover takes
(built before the clock starts). The packages run in a rotating order, round after round; the
table gives medians over rounds, and dlxlab's ratio to the fastest peer.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

TOOLS = ["dlxlab", "dlxlab-dc", "xcover", "exact-cover"]
PEERS = TOOLS[2:]
PROBLEMS = {
    "queens 10": ["queens", "10"],
    "queens 11": ["queens", "11"],
    "queens 12": ["queens", "12"],
    "langford 11": ["langford", "11"],
    "pentomino 6x10": ["pentomino", "6x10"],
}


def parse_knuth(text: str):
    """(primary, secondary, options) of a problem in Knuth's format (no colours, no bounds)."""
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith("|")]
    head = lines[0].split()
    if "|" in head:
        k = head.index("|")
        primary, secondary = head[:k], head[k + 1 :]
    else:
        primary, secondary = head, []
    return primary, secondary, [l.split() for l in lines[1:]]


def counter(tool: str, problems):
    """A function counting all solutions of every problem, for `tool`."""
    if tool.startswith("dlxlab"):
        import dlxlab

        engine = "dc" if tool == "dlxlab-dc" else "dlx"

        def count():
            return sum(
                dlxlab.Problem(p, o, s).count(threads=1, engine=engine) for p, s, o in problems
            )

    elif tool == "xcover":
        import xcover

        def count():
            return sum(
                sum(1 for _ in xcover.covers(o, primary=p, secondary=s))
                for p, s, o in problems
            )

    else:
        import numpy as np
        import exact_cover

        matrices = []
        for p, s, o in problems:
            index = {name: i for i, name in enumerate(p + s)}
            m = np.zeros((len(o) + len(s), len(index)), dtype=bool)
            for r, option in enumerate(o):
                for name in option:
                    m[r, index[name]] = True
            for j in range(len(s)):
                m[len(o) + j, len(p) + j] = True
            matrices.append(m)

        def count():
            return sum(int(exact_cover.get_solution_count(m)) for m in matrices)

    return count


def worker(tool: str, path: str, warm: int) -> None:
    with open(path) as f:
        problems = [parse_knuth(t) for t in json.load(f)]
    count = counter(tool, problems)
    start = time.perf_counter()
    n = count()
    first = time.perf_counter() - start
    times = []
    # A call of seconds is its own warm-up: repeating it would only spend the machine's time.
    for _ in range(warm if first < 2.0 else 0):
        start = time.perf_counter()
        count()
        times.append(time.perf_counter() - start)
    print(json.dumps({"count": n, "first": first, "warm": min(times) if times else first}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warm", type=int, default=2, help="calls after the first, per process")
    ap.add_argument("--puzzles", type=int, default=1000)
    ap.add_argument("--dlxlab", default="target/release/dlxlab")
    ap.add_argument(
        "--corpus",
        default=os.path.join(os.environ.get("DLXLAB_DATA", "datasets"), "17-clue.txt"),
    )
    ap.add_argument("--only", nargs="*", help="problem names to run (default: all)")
    ap.add_argument("--out", help="also write the markdown table here")
    ap.add_argument("--worker", nargs=2, metavar=("TOOL", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], args.warm)
        return

    import tempfile

    gen = lambda a: subprocess.run(
        [args.dlxlab, "gen-xc", *a], check=True, capture_output=True, text=True
    ).stdout
    problems = {name: [gen(a)] for name, a in PROBLEMS.items()}
    with open(args.corpus) as f:
        puzzles = [l.split()[0] for l in f if l.strip() and not l.startswith("#")]
    problems[f"{args.puzzles:,} 17-clue Sudoku"] = [
        gen(["sudoku", p]) for p in puzzles[: args.puzzles]
    ]
    if args.only:
        problems = {k: v for k, v in problems.items() if k in args.only}
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    tmp = tempfile.mkdtemp()
    results = {}
    for name, texts in problems.items():
        path = os.path.join(tmp, "problem.json")
        with open(path, "w") as f:
            json.dump(texts, f)
        runs = {t: [] for t in TOOLS}
        for r in range(args.rounds):
            k = r % len(TOOLS)
            for tool in TOOLS[k:] + TOOLS[:k]:
                out = subprocess.run(
                    pin
                    + [sys.executable, __file__, "--warm", str(args.warm), "--worker", tool, path],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                runs[tool].append(json.loads(out.strip().splitlines()[-1]))
        counts = {t: {x["count"] for x in runs[t]} for t in TOOLS}
        if len({c for cs in counts.values() for c in cs}) != 1:
            sys.exit(f"{name}: the packages disagree on the count: {counts}")
        results[name] = {
            t: {
                "count": runs[t][0]["count"],
                "first": statistics.median(x["first"] for x in runs[t]),
                "warm": statistics.median(x["warm"] for x in runs[t]),
            }
            for t in TOOLS
        }
        print(name, json.dumps(results[name]), file=sys.stderr)
    lines = [
        "| problem | solutions | dlxlab `dlx` first / warm (s) | dlxlab `dc` first / warm (s) "
        "| xcover first / warm (s) | exact-cover first / warm (s) "
        "| `dlx` vs fastest peer, first / warm | `dc` vs fastest peer, first / warm |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, r in results.items():
        cell = lambda t: f"{r[t]['first']:.4f} / {r[t]['warm']:.4f}"
        ratio = lambda t, k: min(r[p][k] for p in PEERS) / r[t][k]
        ratios = lambda t: f"{ratio(t, 'first'):.1f}x / {ratio(t, 'warm'):.1f}x"
        lines.append(
            f"| {name} | {r['dlxlab']['count']:,} | {cell('dlxlab')} | {cell('dlxlab-dc')} | "
            f"{cell('xcover')} | {cell('exact-cover')} | {ratios('dlxlab')} | {ratios('dlxlab-dc')} |"
        )
    table = "\n".join(lines)
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            f.write(table + "\n")


if __name__ == "__main__":
    main()
