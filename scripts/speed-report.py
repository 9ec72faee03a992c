#!/usr/bin/env python3
"""Writes reports/speed/report.md and its two plots from the raw tables of scripts/speed-report.sh.

    python3 scripts/speed-report.py reports/speed

Standard library only: the plots are SVG written by hand (log axes), so a fresh machine needs
nothing installed.
"""
import math
import pathlib
import sys

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "reports/speed")
raw = out / "raw"
ORDER = ["17-clue", "hard", "hard-search", "forum-hardest-1905", "forum-hardest-1106", "top1465", "top95"]
corpora = [c for c in ORDER if (raw / f"{c}-in-process.md").exists()]


def rows(path, after=None):
    """The rows of the first markdown table in `path` (after the line starting with `after`)."""
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    if after is not None:
        idx = next((i for i, l in enumerate(lines) if l.startswith(after)), None)
        if idx is None:
            return []
        lines = lines[idx:]
    table = [l for l in lines if l.startswith("|")]
    if len(table) < 2:
        return []
    head = [h.strip() for h in table[0].strip("|").split("|")]
    body = []
    for l in table[2:]:
        cells = [c.strip() for c in l.strip("|").split("|")]
        if len(cells) != len(head):
            break
        body.append(dict(zip(head, cells)))
    return body


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
       "rounds. Whole process: `dlxlab solve --solver fast --threads 1` against each peer's whole-job",
       "program (read the file, prove uniqueness, print each solution); ratios are medians over rounds of",
       "the peer's time over `fast`'s in the same round, so above 1.00x `fast` is faster. CPU time (user +",
       "system of the child) is the number to read on a shared machine: wall time also counts other",
       "processes' time slices.", ""]
md += ["```", machine, "```", ""]
if tdoku_info:
    md += ["tdoku, built by `scripts/peers/tdoku.sh` (its fast solver with its own flags; tdoku's whole job",
           "counts up to two solutions with its enumerator, which also hands back the solution, in one search):",
           "", "```", tdoku_info, "```", ""]
else:
    md += ["tdoku was not built for this run (no `TDOKU_SRC`): its columns are empty.", ""]

md += ["## `fast` against the peers, whole process", "",
       "| corpus | puzzles (x repeats) | CPU µs/puzzle: fast / crate / tdoku | vs sudoku crate (CPU) | vs tdoku (CPU) | vs sudoku crate (wall) | vs tdoku (wall) | fast guesses/puzzle | tdoku guesses/puzzle (its count) |",
       "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
for c, d in data.items():
    fc = d["whole"].get(("crate", "fast"), {})
    ft = d["whole"].get(("tdoku", "fast"), {})
    # fast's CPU time from the run beside tdoku when there is one (the two runs differ by load).
    cpu = " / ".join([
        (ft or fc).get("CPU µs/puzzle", "—"),
        d["whole"].get(("crate", "sudoku_whole"), {}).get("CPU µs/puzzle", "—"),
        d["whole"].get(("tdoku", "tdoku_whole"), {}).get("CPU µs/puzzle", "—"),
    ])
    vs_crate = fc.get("vs sudoku_whole (CPU)", "—")
    vs_crate_w = fc.get("vs sudoku_whole", "—")
    vs_tdoku = ft.get("vs tdoku_whole (CPU)", "—")
    vs_tdoku_w = ft.get("vs tdoku_whole", "—")
    fg = d["in"].get("fast", {}).get("guesses/puzzle", "—")
    tg = "—" if d["tdoku_guesses"] is None else f"{d['tdoku_guesses']:.2f}"
    md.append(f"| {c} | {d['n']} (x{d['times']}) | {cpu} | {vs_crate} | {vs_tdoku} | {vs_crate_w} | {vs_tdoku_w} | {fg} | {tg} |")
md += ["", "Guesses count differently: `fast` counts every child of a branch point (docs/solvers.md), tdoku one",
       "per binary branch on a digit's placement in a band, so tdoku's numbers are not comparable with",
       "the others' beyond their trend.", ""]

paths_file = raw / "paths.txt"
if paths_file.exists() and paths_file.read_text().strip():
    runs = {}
    for line in paths_file.read_text().splitlines():
        corpus, path, user, system = line.split()
        runs.setdefault(corpus, {}).setdefault(path, []).append(float(user) + float(system))
    md += ["## `fast`'s compiled paths", "",
           "`DLXLAB_FAST_PATH=PATH dlxlab solve --solver fast --threads 1` on the repeated corpora, alternating",
           "rounds, median CPU seconds (user + system; `/usr/bin/time`, 10 ms resolution). Same search, same",
           "counters: only the instructions differ (src/solvers/fast/paths.rs).", "",
           "| corpus | " + " | ".join(next(iter(runs.values())).keys()) + " |",
           "|---|" + "---:|" * len(next(iter(runs.values()))) ]
    for corpus, by_path in runs.items():
        cells = []
        for path, ts in by_path.items():
            ts = sorted(ts)
            cells.append(f"{ts[len(ts) // 2]:.2f} s")
        md.append(f"| {corpus} | " + " | ".join(cells) + " |")
    md.append("")

md += ["## Every solver in process", "",
       "`dlxlab bench --solvers singles,locked,subsets,fast,dlx,dc` built with `--features peer` (the row",
       "`sudoku-crate`), each corpus once, no repeats; `vs crate` is the crate's time over the solver's.", ""]
for c, d in data.items():
    md += [f"### {c} ({d['n']} puzzles)", "",
           "| solver | puzzles/s | µs/puzzle | nodes/puzzle | guesses/puzzle | vs crate |",
           "|---|---:|---:|---:|---:|---:|"]
    for s, r in d["in"].items():
        md.append(f"| {s} | {r['puzzles/s']} | {r['µs/puzzle']} | {r['nodes/puzzle']} | {r['guesses/puzzle']} | {r['vs crate']} |")
    md.append("")
if (out / "discussion.md").exists():
    md += ["What these numbers say, what was tried and what is left: [discussion.md](discussion.md).", ""]
md += ["## Plots", "", "- `throughput.svg`: puzzles per second per corpus (log scale): every solver in process, and",
       "  the three whole-job programs by CPU time.",
       "- `guesses-vs-time.svg`: guesses per puzzle against µs per puzzle, one point per solver and corpus",
       "  (in process; tdoku, hollow, by its whole-process CPU time and its own guess count).", "",
       "![throughput](throughput.svg)", "", "![guesses against time](guesses-vs-time.svg)", ""]
md += ["## Regenerate", "", "```sh",
       "scripts/fetch-datasets.sh          # optional: the public hard lists, where there is internet",
       "DLXLAB_DATA=/path/to/shared/datasets TDOKU_SRC=/path/to/tdoku scripts/speed-report.sh",
       "```", ""]
(out / "report.md").write_text("\n".join(md))

# ---- plots -------------------------------------------------------------------------------
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf", "#bcbd22"]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;")


def log_ticks(lo, hi):
    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    return [10 ** k for k in range(a, b + 1)]


def fmt(v):
    return f"{v:g}" if v < 1e4 else f"{v:.0e}".replace("e+0", "e")


# Throughput: one panel per corpus, one bar per program.
bars = []
for c, d in data.items():
    items = []
    for s, r in d["in"].items():
        v = num(r["puzzles/s"])
        if v:
            items.append((f"{s} (in process)", v))
    for (peer, prog), r in d["whole"].items():
        if prog == "fast" and peer == "tdoku":
            continue
        cpu = num(r["CPU µs/puzzle"])
        if cpu:
            items.append((f"{prog} (whole, CPU)", 1e6 / cpu))
    bars.append((c, items))
vals = [v for _, items in bars for _, v in items] or [1, 10]
lo, hi = 10 ** math.floor(math.log10(min(vals))), 10 ** math.ceil(math.log10(max(vals)))
left, width, bh = 230, 520, 14
height = sum(30 + bh * len(items) for _, items in bars) + 60
x = lambda v: left + width * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 40}" height="{height}" font-family="sans-serif" font-size="11">',
       f'<rect width="100%" height="100%" fill="white"/>',
       f'<text x="10" y="16" font-size="13">Puzzles per second (log scale), one thread, one core</text>']
y = 34
for c, items in bars:
    svg.append(f'<text x="10" y="{y + 10}" font-weight="bold">{esc(c)}</text>')
    y += 16
    for i, (label, v) in enumerate(items):
        colour = COLOURS[2] if label.startswith("fast") else (COLOURS[3] if "tdoku" in label else COLOURS[0])
        svg.append(f'<text x="{left - 6}" y="{y + bh - 4}" text-anchor="end">{esc(label)}</text>')
        svg.append(f'<rect x="{left}" y="{y + 1}" width="{max(1, x(v) - left):.1f}" height="{bh - 3}" fill="{colour}"/>')
        svg.append(f'<text x="{x(v) + 3:.1f}" y="{y + bh - 4}">{v:,.0f}</text>')
        y += bh
    y += 14
for t in log_ticks(lo, hi):
    svg.append(f'<line x1="{x(t):.1f}" y1="30" x2="{x(t):.1f}" y2="{y - 10}" stroke="#ccc" stroke-width="0.5"/>')
    svg.append(f'<text x="{x(t):.1f}" y="{y + 4}" text-anchor="middle">{fmt(t)}</text>')
svg.append("</svg>")
(out / "throughput.svg").write_text("\n".join(svg))

# Guesses against time.
points = []
for ci, (c, d) in enumerate(data.items()):
    for s, r in d["in"].items():
        g, t = num(r["guesses/puzzle"]), num(r["µs/puzzle"])
        if g is not None and t:
            points.append((c, ci, s, max(g, 0.01), t, False))
    tw = d["whole"].get(("tdoku", "tdoku_whole"))
    if tw and d["tdoku_guesses"] is not None:
        points.append((c, ci, "tdoku", max(d["tdoku_guesses"], 0.01), num(tw["CPU µs/puzzle"]), True))
W, H, L, B = 760, 480, 70, 50
if points:
    gx = [p[3] for p in points]
    ty = [p[4] for p in points]
    glo, ghi = 10 ** math.floor(math.log10(min(gx))), 10 ** math.ceil(math.log10(max(gx)))
    tlo, thi = 10 ** math.floor(math.log10(min(ty))), 10 ** math.ceil(math.log10(max(ty)))
    px = lambda v: L + (W - L - 160) * (math.log10(v) - math.log10(glo)) / (math.log10(ghi) - math.log10(glo))
    py = lambda v: H - B - (H - B - 30) * (math.log10(v) - math.log10(tlo)) / (math.log10(thi) - math.log10(tlo))
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="16" font-size="13">Guesses per puzzle against µs per puzzle (log-log)</text>']
    for t in log_ticks(glo, ghi):
        svg.append(f'<line x1="{px(t):.1f}" y1="30" x2="{px(t):.1f}" y2="{H - B}" stroke="#ddd"/>')
        svg.append(f'<text x="{px(t):.1f}" y="{H - B + 14}" text-anchor="middle">{fmt(t)}</text>')
    for t in log_ticks(tlo, thi):
        svg.append(f'<line x1="{L}" y1="{py(t):.1f}" x2="{W - 160}" y2="{py(t):.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{L - 4}" y="{py(t) + 4:.1f}" text-anchor="end">{fmt(t)}</text>')
    svg.append(f'<text x="{(W - 160 + L) / 2}" y="{H - 12}" text-anchor="middle">guesses per puzzle</text>')
    svg.append(f'<text x="14" y="{H / 2}" transform="rotate(-90 14 {H / 2})" text-anchor="middle">µs per puzzle</text>')
    for c, ci, s, g, t, hollow in points:
        col = COLOURS[ci % len(COLOURS)]
        fill = "white" if hollow else col
        svg.append(f'<circle cx="{px(g):.1f}" cy="{py(t):.1f}" r="4" fill="{fill}" stroke="{col}" stroke-width="1.5"/>')
        svg.append(f'<text x="{px(g) + 6:.1f}" y="{py(t) + 4:.1f}" font-size="9">{esc(s)}</text>')
    for ci, c in enumerate(data):
        svg.append(f'<circle cx="{W - 145}" cy="{40 + 16 * ci}" r="4" fill="{COLOURS[ci % len(COLOURS)]}"/>')
        svg.append(f'<text x="{W - 135}" y="{44 + 16 * ci}">{esc(c)}</text>')
    svg.append(f'<text x="{W - 150}" y="{60 + 16 * len(data)}" font-size="9">hollow: tdoku (whole-process</text>')
    svg.append(f'<text x="{W - 150}" y="{72 + 16 * len(data)}" font-size="9">CPU time, its own guesses)</text>')
    svg.append("</svg>")
    (out / "guesses-vs-time.svg").write_text("\n".join(svg))
