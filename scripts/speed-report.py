#!/usr/bin/env python3
"""Writes reports/speed/report.md and the tidy reports/speed/speed.csv from the raw tables of
scripts/speed-report.sh (which then draws the figures from speed.csv with
`cargo run --release --example speed_plots`, src/report/speed.rs).

    python3 scripts/speed-report.py reports/speed

Standard library only, so a fresh machine needs nothing installed.
"""
import csv
import pathlib
import sys

from markdown_tables import rows

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "reports/speed")
raw = out / "raw"
ORDER = ["17-clue", "hard", "hard-search", "forum-hardest-1905", "forum-hardest-1106", "top1465", "top95"]
corpora = [c for c in ORDER if (raw / f"{c}-in-process.md").exists()]


def num(s):
    try:
        return float(s.replace(",", "").rstrip("x"))
    except (ValueError, AttributeError):
        return None


data = {}
for c in corpora:
    n, times = (raw / f"{c}-size.txt").read_text().split()
    d = {"n": int(n), "times": int(times), "in": {}, "whole": {}, "tdoku_guesses": None}
    for r in rows(raw / f"{c}-in-process.md"):
        d["in"][r["solver"]] = r
    for peer in ["crate", "tdoku"]:
        for r in rows(raw / f"{c}-whole-{peer}.md", after="whole process:"):
            d["whole"][(peer, r["program"])] = r
    g = raw / f"{c}-tdoku-guesses.txt"
    if g.exists():
        d["tdoku_guesses"] = num(g.read_text().strip())
    data[c] = d

machine = (raw / "machine.txt").read_text().strip() if (raw / "machine.txt").exists() else ""
tdoku_info = (raw / "tdoku-build-info.txt").read_text().strip() if (raw / "tdoku-build-info.txt").exists() else None
have_tdoku = any(("tdoku", "tdoku_whole") in d["whole"] for d in data.values())

md = ["# Speed: every solver, the `sudoku` crate and tdoku, from the 17-clue list to puzzles hard for search", ""]
md += ["Made by `scripts/speed-report.sh` (the command below); the raw tables `dlxlab bench` printed are",
       "in `raw/`. One thread, everything pinned to one core, peers timed in the same run in alternating",
       "rounds. Whole process: `dlxlab solve --solver S --threads 1` (S = each of dlxlab's fastest solvers)",
       "against each peer's whole-job program (read the file, prove uniqueness, print each solution); ratios",
       "are medians over rounds of the peer's time over the solver's in the same round, so above 1.00x",
       "dlxlab is faster. CPU time (user +",
       "system of the child) is the number to read on a shared machine: wall time also counts other",
       "processes' time slices.", ""]
md += ["```", machine, "```", ""]
if tdoku_info:
    md += ["tdoku, built by `scripts/peers/tdoku.sh` (its fast solver with its own flags; tdoku's whole job",
           "counts up to two solutions with its enumerator, which also hands back the solution, in one search):",
           "", "```", tdoku_info, "```", ""]
else:
    md += ["tdoku was not built for this run (no `TDOKU_SRC`): its columns are empty.", ""]

PEERS = ("sudoku_whole", "tdoku_whole")
ours = []
for d in data.values():
    for (_, prog) in d["whole"]:
        if prog not in PEERS and prog not in ours:
            ours.append(prog)


def cell(r, key):
    v = (r or {}).get(key, "—")
    return v if v else "—"


md += ["## dlxlab against the peers, whole process", "",
       "| corpus | puzzles (x repeats) | solver | CPU µs/puzzle: solver / crate / tdoku | vs sudoku crate (CPU) | vs tdoku (CPU) | vs sudoku crate (wall) | vs tdoku (wall) | guesses/puzzle | tdoku guesses/puzzle (its count) |",
       "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
for c, d in data.items():
    for p in ours:
        fc = d["whole"].get(("crate", p), {})
        ft = d["whole"].get(("tdoku", p), {})
        # The solver's CPU time from the run beside tdoku when there is one (the runs differ by load).
        cpu = " / ".join([
            cell(ft or fc, "CPU µs/puzzle"),
            cell(d["whole"].get(("crate", "sudoku_whole")), "CPU µs/puzzle"),
            cell(d["whole"].get(("tdoku", "tdoku_whole")), "CPU µs/puzzle"),
        ])
        tg = "—" if d["tdoku_guesses"] is None else f"{d['tdoku_guesses']:.2f}"
        md.append(f"| {c} | {d['n']} (x{d['times']}) | {p} | {cpu} | {cell(fc, 'vs sudoku_whole (CPU)')} | "
                  f"{cell(ft, 'vs tdoku_whole (CPU)')} | {cell(fc, 'vs sudoku_whole')} | {cell(ft, 'vs tdoku_whole')} | "
                  f"{cell(d['in'].get(p), 'guesses/puzzle')} | {tg} |")
md += ["", "Guesses count differently: dlxlab's solvers count every child of a branch point (docs/solvers.md;",
       "a `band` guess fixes a digit's configuration in a band, a `fast` guess one cell), tdoku one per binary",
       "branch on a digit's placement in a band, so tdoku's numbers are not comparable with the others'",
       "beyond their trend.", ""]

paths_file = raw / "paths.txt"
if paths_file.exists() and paths_file.read_text().strip():
    runs = {}
    for line in paths_file.read_text().splitlines():
        f = line.split()
        corpus, solver, path, user, system = f if len(f) == 5 else [f[0], "fast"] + f[1:]
        runs.setdefault((corpus, solver), {}).setdefault(path, []).append(float(user) + float(system))
    names = []
    for by_path in runs.values():
        names += [p for p in by_path if p not in names]
    md += ["## Compiled paths", "",
           "`DLXLAB_FAST_PATH=PATH dlxlab solve --solver S --threads 1` on the repeated corpora, alternating",
           "rounds, median CPU seconds (user + system; `/usr/bin/time`, 10 ms resolution). Same search, same",
           "counters: only the instructions differ (src/solvers/fast/paths.rs).", "",
           "| corpus | solver | " + " | ".join(names) + " |",
           "|---|---|" + "---:|" * len(names)]
    for (corpus, solver), by_path in runs.items():
        cells = []
        for p in names:
            ts = sorted(by_path.get(p, []))
            cells.append(f"{ts[len(ts) // 2]:.2f} s" if ts else "—")
        md.append(f"| {corpus} | {solver} | " + " | ".join(cells) + " |")
    md.append("")

in_solvers = []
for d in data.values():
    in_solvers += [s for s in d["in"] if s not in in_solvers and s not in ("sudoku-crate", "tdoku_loop")]
have_loop = any("tdoku_loop" in d["in"] for d in data.values())
md += ["## Every solver in process", "",
       f"`dlxlab bench --solvers {','.join(in_solvers)} --passes R"
       + (" --in-process-peer tdoku_loop" if have_loop else "") + "` built with `--features peer` (the row",
       "`sudoku-crate`), each corpus not repeated, R passes (the whole-process rounds; three times as many",
       "on a corpus under 10,000 puzzles) alternating between the solvers: times are each solver's median",
       "pass, `vs crate` the median of the crate's time over the solver's within a pass."]
if have_loop:
    md += ["tdoku is timed in process by its own loop (`scripts/peers/tdoku_loop.c`: the puzzles parsed into",
           "memory, then each solved up to two solutions with the first one kept, as dlxlab's passes do), run",
           "once per pass among the solvers; `vs tdoku` is tdoku's time over the solver's within a pass. Its",
           "answers are checked first against the rules and `singles`' statuses."]
md.append("")
for c, d in data.items():
    md += [f"### {c} ({d['n']} puzzles)", "",
           "| solver | puzzles/s | µs/puzzle | nodes/puzzle | guesses/puzzle | vs crate |" + (" vs tdoku |" if have_loop else ""),
           "|---|---:|---:|---:|---:|---:|" + ("---:|" if have_loop else "")]
    for s, r in d["in"].items():
        extra = f" {cell(r, 'vs tdoku_loop')} |" if have_loop else ""
        md.append(f"| {s} | {r['puzzles/s']} | {r['µs/puzzle']} | {r['nodes/puzzle']} | {r['guesses/puzzle']} | {r['vs crate']} |{extra}")
    md.append("")
if (out / "discussion.md").exists():
    md += ["What these numbers say, what was tried and what is left: [discussion.md](discussion.md).", ""]
md += ["## Figures", "",
       "Drawn from `speed.csv` (one row per corpus, program and mode; columns in src/report/speed.rs) by",
       "`cargo run --release --example speed_plots -- reports/speed`, as PNG and SVG.", "",
       "- `speed-vs-peers`: per corpus, each of dlxlab's fastest solvers against tdoku and the `sudoku`",
       "  crate (the peer's time over dlxlab's; right of the line dlxlab is faster).",
       "- `speed-throughput`: puzzles per second of every program, one dot per corpus.",
       "- `speed-guesses`: guesses per puzzle against µs per puzzle, one point per solver and corpus (in",
       "  process; tdoku, hollow, by its whole-process CPU time and its own guess count).", "",
       "![against the peers](speed-vs-peers.png)", "", "![throughput](speed-throughput.png)", "",
       "![guesses against time](speed-guesses.png)", ""]
md += ["## Regenerate", "", "```sh",
       "scripts/fetch-datasets.sh          # optional: the public hard lists, where there is internet",
       "DLXLAB_DATA=/path/to/shared/datasets TDOKU_SRC=/path/to/tdoku scripts/speed-report.sh",
       "```", ""]
(out / "report.md").write_text("\n".join(md))


# ---- speed.csv: one row per corpus, program and mode (src/report/speed.rs documents it) ----
def val(s):
    v = num(s) if s is not None else None
    return "" if v is None else f"{v:g}"


def per_s(us):
    v = num(us) if us is not None else None
    return "" if not v else f"{1e6 / v:.1f}"


with open(out / "speed.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["corpus", "program", "mode", "puzzles", "repeats", "us_per_puzzle", "puzzles_per_s",
                "guesses_per_puzzle", "vs_sudoku_crate", "vs_tdoku"])
    for c, d in data.items():
        for s, r in d["in"].items():
            w.writerow([c, s, "in-process", d["n"], 1, val(r["µs/puzzle"]), per_s(r["µs/puzzle"]),
                        val(r["guesses/puzzle"]), val(r["vs crate"]), val(r.get("vs tdoku_loop"))])
        for p in ours:
            fc = d["whole"].get(("crate", p), {})
            ft = d["whole"].get(("tdoku", p), {})
            if not (fc or ft):
                continue
            us = (ft or fc).get("CPU µs/puzzle")
            w.writerow([c, p, "whole-process", d["n"], d["times"], val(us), per_s(us), "",
                        val(fc.get("vs sudoku_whole (CPU)")), val(ft.get("vs tdoku_whole (CPU)"))])
        for peer, prog in (("crate", "sudoku_whole"), ("tdoku", "tdoku_whole")):
            r = d["whole"].get((peer, prog))
            if r:
                g = d["tdoku_guesses"] if prog == "tdoku_whole" else None
                w.writerow([c, prog, "whole-process", d["n"], d["times"], val(r["CPU µs/puzzle"]),
                            per_s(r["CPU µs/puzzle"]), "" if g is None else f"{g:g}",
                            "1" if prog == "sudoku_whole" else "", "1" if prog == "tdoku_whole" else ""])
