#!/usr/bin/env python3
"""Writes reports/arena/report.md and the tidy reports/arena/arena.csv from the raw tables of
scripts/arena.sh, with tdoku's published figures beside as ratios (scripts/arena.sh then draws
the figures from arena.csv with the `speed_plots` example, src/report/speed.rs).

    python3 scripts/arena.py reports/arena [TDOKU_RESULTS]

TDOKU_RESULTS: one of tdoku's published result files (benchmarks/results_*/…); default none.
arena.csv has speed.csv's columns (src/report/speed.rs) and more: guesses_tdoku_per_puzzle
(tdoku's convention, docs/solvers.md), no_guess_percent, published_vs_tdoku (the program's
published puzzles/s over tdoku's, same table), published_guesses_per_puzzle, published_no_guess,
stand_in (the field set a committed stand-in replaces). Standard library only.
"""
import csv
import pathlib
import re
import sys

from markdown_tables import rows as table

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "reports/arena")
published_file = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else None
raw = out / "raw"
ORDER = ["17-clue", "top1465", "forum-hardest-1106", "forum-hardest-1905-11plus", "serg",
         "unbiased-first1000", "field-unbiased-minimal", "field-random-clues", "field-several-solutions"]
# tdoku's data set each of ours is (or, for a committed stand-in, replaces).
TDOKU_SET = {"17-clue": "puzzles2_17_clue", "top1465": "puzzles3_magictour_top1465",
             "forum-hardest-1106": "puzzles6_forum_hardest_1106",
             "forum-hardest-1905-11plus": "puzzles5_forum_hardest_1905_11+",
             "serg": "puzzles7_serg_benchmark", "unbiased-first1000": "puzzles1_unbiased",
             "field-unbiased-minimal": "puzzles1_unbiased", "field-random-clues": "puzzles8_gen_puzzles",
             "field-several-solutions": "puzzles7_serg_benchmark"}
STAND_IN = {"field-unbiased-minimal": "unbiased", "field-random-clues": "gen_puzzles",
            "field-several-solutions": "serg (several solutions)"}
OURS = ["band", "fast", "dlx", "dc"]
corpora = [c for c in ORDER if (raw / f"{c}-in-process.md").exists()]


def num(s):
    try:
        return float(str(s).replace(",", "").rstrip("x%"))
    except (ValueError, AttributeError, TypeError):
        return None


def published(path):
    """tdoku's published tables: {set: {solver: (puzzles/s, %no_guess, guesses/puzzle)}}."""
    res, current = {}, None
    if path is None or not path.exists():
        return res
    for line in path.read_text().splitlines():
        m = re.match(r"\|data/(\S+)\s*\|", line)
        if m:
            current = res.setdefault(m.group(1), {})
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if current is not None and len(cells) == 5 and not cells[0].startswith("-"):
            current[cells[0].split()[0]] = (num(cells[1]), num(cells[3]), num(cells[4]))
    return res


pub = published(published_file)
peers = [l.split(":")[0] for l in (raw / "peers.txt").read_text().splitlines() if l.endswith(": built")] \
    if (raw / "peers.txt").exists() else []

data = {}
for c in corpora:
    n, times, *in_times = (raw / f"{c}-size.txt").read_text().split()
    d = {"n": int(n), "times": int(times), "in_times": int(in_times[0]) if in_times else 1, "in": {r["solver"]: r for r in table(raw / f"{c}-in-process.md")},
         "whole": {}, "guesses": {}}
    for f in raw.glob(f"{c}-whole-*.md"):
        peer = f.name[len(c) + len("-whole-"):-3]
        d["whole"][peer] = {r["program"]: r for r in table(f, after="whole process:")}
    g = raw / f"{c}-peer-guesses.txt"
    if g.exists():
        for line in g.read_text().splitlines():
            name, gp, ng = line.split()
            d["guesses"][name] = (float(gp), float(ng))
    data[c] = d


def whole_cpu(d, prog):
    """CPU µs/puzzle of a whole-job program: a peer's from its own run, dlxlab's the median over runs."""
    if prog in d["whole"]:
        return num(d["whole"][prog].get(prog, {}).get("CPU µs/puzzle"))
    vals = sorted(v for v in (num(r.get(prog, {}).get("CPU µs/puzzle")) for r in d["whole"].values()) if v)
    return vals[len(vals) // 2] if vals else None


def vs(d, ours, peer):
    """`peer`'s CPU time over `ours`' in the run of `ours` against `peer` (same rounds)."""
    return num(d["whole"].get(peer, {}).get(ours, {}).get(f"vs {peer} (CPU)"))


def whole_vs_tdoku(d, prog):
    """tdoku's whole-process CPU time over `prog`'s: paired in tdoku's run for dlxlab's solvers
    there; otherwise chained through band (each peer's run pairs it with band)."""
    b_t = vs(d, "band", "tdoku_whole")
    if b_t is None:
        return None
    if prog == "band":
        return b_t
    if prog in ("dlx", "dc"):
        x, b = vs(d, prog, "fast_solv_9r2_whole"), vs(d, "band", "fast_solv_9r2_whole")
        return b_t * x / b if x and b else None
    b_p = vs(d, "band", prog)
    return b_t / b_p if b_p else None


rows = []  # (corpus, row-name, dict)
for c, d in data.items():
    tset = pub.get(TDOKU_SET.get(c, ""), {})
    t_pub = (tset.get("tdoku") or (None,))[0]
    names = OURS + ["sudoku-crate"] + peers
    for name in names:
        loop = name if name in OURS or name == "sudoku-crate" else f"{name}_loop"
        whole = name if name in OURS else ("sudoku_whole" if name == "sudoku-crate" else f"{name}_whole")
        r = d["in"].get(loop)
        cpu = whole_cpu(d, whole)
        if r is None and cpu is None:
            continue
        own = d["guesses"].get(name)
        p = tset.get(name)
        rows.append((c, name, {
            "loop": loop, "whole": whole,
            "in_ps": num(r.get("puzzles/s")) if r else None,
            "in_us": num(r.get("µs/puzzle")) if r else None,
            "in_vs_tdoku": num(r.get("vs tdoku_loop")) if r else None,
            "in_vs_crate": num(r.get("vs crate")) if r else None,
            "failed": r.get("failed") if r else "—",
            "whole_cpu": cpu, "whole_ps": 1e6 / cpu if cpu else None,
            "whole_vs_tdoku": whole_vs_tdoku(d, whole),
            "guesses": num(r.get("guesses/puzzle")) if (r and name in OURS) else (own[0] if own else None),
            "guesses_tdoku": num(r.get("guesses_tdoku/puzzle")) if (r and name in OURS)
            else (own[0] if own and name == "tdoku" else None),
            "no_guess": num(r.get("% no guess")) if (r and name in OURS) else (own[1] if own else None),
            "pub_vs": p[0] / t_pub if (p and p[0] and t_pub) else None,
            "pub_guesses": p[2] if p else None, "pub_no_guess": p[1] if p else None,
            "whole_failed": next((w.get(whole, {}).get("output") for w in d["whole"].values()
                                  if whole in w and w[whole].get("output") != "ok"), "ok"),
        }))


def f(v, fmt="{:.2f}", dash="—"):
    return dash if v is None else fmt.format(v)


machine = (raw / "machine.txt").read_text().strip() if (raw / "machine.txt").exists() else ""
md = ["# The arena: tdoku's benchmark table made on this machine", "",
      "dlxlab's solvers, the `sudoku` crate and the historical solvers of tdoku's table, each built from",
      "its own source by `scripts/peers/` (docs/peers.md), on the field's data sets, made by",
      "`scripts/arena.sh` (raw tables in `raw/`). The protocol is `scripts/speed-report.sh`'s: one",
      "thread pinned to one core; **in process**, `dlxlab bench` with each peer's own loop",
      "(`--in-process-peer`: puzzles parsed first, each solved up to two solutions, passes alternating",
      "with dlxlab's; wall time, medians); **whole process**, `dlxlab bench --whole-process --peer",
      "NAME_whole` (read the file, prove uniqueness, print an answer a line; rounds alternating with",
      "`band`'s; CPU time). Every answer is checked: solutions against the rules and the givens, counts",
      "against dlxlab's status (peers that keep no solution answer `unique`, checked by status only).", "",
      "Ratios `vs tdoku` are tdoku's time over the solver's (above 1.00 faster than tdoku): in process",
      "paired pass by pass; whole process paired with `band` in each peer's run and chained through",
      "`band`'s run against tdoku. **published** is the solver's puzzles/s over tdoku's in tdoku's own",
      "table (i7-1065G7, clang 11 -O3 -march=native, `benchmarks/results_i7-1065G7`): ratios, not",
      "seconds, so the machines need not match.", "",
      "Guesses: **own** is each program's own count (dlxlab: every child of a branch point; a peer: its",
      "counter as tdoku's wrapper reports it — definitions differ); **tdoku conv.** is tdoku's",
      "convention, one per branch point but its last alternative (docs/solvers.md: for dlxlab's solvers",
      "`backtracks + solutions − 1` per puzzle), which compares like with like with tdoku's own count;",
      "`% no guess` compares everywhere.", "",
      "Also: [the inference ladder](ladder.md); [`band` against tdoku](band-vs-tdoku.md) (its own",
      "report); [the speed report](../speed/report.md).", "", "```", machine, "```", ""]
left = (raw / "peers.txt").read_text().strip() if (raw / "peers.txt").exists() else ""
sets = (raw / "sets.txt").read_text().strip() if (raw / "sets.txt").exists() else ""
md += ["Data sets (a `field-*` set is a committed stand-in for a field set this machine cannot fetch, named",
       "as such in every table):", "", "```", sets, "```", "", "Peers:", "", "```", left, "```", ""]
md += ["## Builds", "", "| peer | compiler | flags | returns its solution | counts guesses |", "|---|---|---|---|---|"]
for p in peers:
    info = (raw / f"{p}-build-info.txt")
    if not info.exists():
        continue
    kv = dict(l.split(": ", 1) for l in info.read_text().splitlines() if ": " in l)
    sol = kv.get("solver", "")
    md.append(f"| {p} | {kv.get('C++ compiler', '')} | `{kv.get('flags', '')}` | "
              f"{'yes' if 'returns its solution: yes' in sol or p == 'tdoku' else 'no'} | "
              f"{'no' if 'counts guesses: no' in sol else 'yes'} |")
md.append("")

md += ["## Summary: in process, tdoku's time over each solver's (and tdoku's published ratio)", "",
       "| solver | " + " | ".join(c + (" (stand-in)" if c in STAND_IN else "") for c in data) + " |",
       "|---|" + "---:|" * len(data)]
for name in OURS + ["sudoku-crate"] + peers:
    cells = []
    for c in data:
        r = next((x for (cc, nn, x) in rows if cc == c and nn == name), None)
        cells.append("—" if r is None else f"{f(r['in_vs_tdoku'])}x" + (f" ({f(r['pub_vs'])}x)" if r["pub_vs"] else ""))
    md.append(f"| {name} | " + " | ".join(cells) + " |")
md.append("")

for c, d in data.items():
    title = f"### {c} ({d['n']} puzzles; in process x{d['in_times']}, whole process x{d['times']})"
    if c in STAND_IN:
        title += f" — stand-in for tdoku's {STAND_IN[c]}"
    md += [title, "", "| solver | in process puzzles/s | vs tdoku | whole process puzzles/s (CPU) | vs tdoku | "
           "guesses/puzzle (own) | guesses/puzzle (tdoku conv.) | % no guess | published vs tdoku | "
           "published guesses | published % no guess | answers |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for (cc, name, r) in rows:
        if cc != c:
            continue
        ok = "ok" if r["failed"] in ("0", "—") and r["whole_failed"] == "ok" else f"failed {r['failed']} / {r['whole_failed']}"
        md.append(f"| {name} | {f(r['in_ps'], '{:,.0f}')} | {f(r['in_vs_tdoku'], '{:.2f}x')} | "
                  f"{f(r['whole_ps'], '{:,.0f}')} | {f(r['whole_vs_tdoku'], '{:.2f}x')} | {f(r['guesses'])} | "
                  f"{f(r['guesses_tdoku'])} | {f(r['no_guess'], '{:.1f}')} | {f(r['pub_vs'], '{:.2f}x')} | "
                  f"{f(r['pub_guesses'])} | {f(r['pub_no_guess'], '{:.1f}')} | {ok} |")
    md.append("")
if (out / "discussion.md").exists():
    md += ["What these numbers say, and what they do not: [discussion.md](discussion.md).", ""]
md += ["## Figures", "",
       "Drawn from `arena.csv` by `speed_plots` (src/report/speed.rs), PNG and SVG:", "",
       "![throughput](arena-throughput.png)", "", "![guesses against time](arena-guesses.png)", "",
       "![band against the peers](arena-vs-peers.png)", "",
       "## Regenerate", "", "```sh",
       "TDOKU_SRC=/path/to/tdoku FSSS2_SRC=/path/to/fsss2_bench NORVIG_SRC=/path/to/norvig-sudoku-bench \\",
       "  RUST_SUDOKU_SRC=/path/to/rust_sudoku_bench DLXLAB_DATA=/path/to/field-data scripts/arena.sh",
       "```", "",
       "The committed run is the short one named in the `command:` line above (prefixes of the big sets,",
       "few passes and rounds, a loaded 2-core machine: see the load figures); without flags the script",
       "runs whole sets, 7 passes and 5 rounds. Each set is repeated in process and as a whole process",
       "(the `x` figures) so that a pass or a run outlasts the time slices other processes take; the",
       "counts per puzzle are unchanged by the repeats.", ""]
(out / "report.md").write_text("\n".join(md))

with open(out / "arena.csv", "w", newline="") as fh:
    w = csv.writer(fh, lineterminator="\n")
    w.writerow(["corpus", "program", "mode", "puzzles", "repeats", "us_per_puzzle", "puzzles_per_s",
                "guesses_per_puzzle", "vs_sudoku_crate", "vs_tdoku", "guesses_tdoku_per_puzzle",
                "no_guess_percent", "published_vs_tdoku", "published_guesses_per_puzzle",
                "published_no_guess", "stand_in"])
    g = lambda v: "" if v is None else f"{v:g}"
    for (c, name, r) in rows:
        d = data[c]
        common = [g(r["guesses_tdoku"]), g(r["no_guess"]), g(r["pub_vs"]), g(r["pub_guesses"]),
                  g(r["pub_no_guess"]), STAND_IN.get(c, "")]
        if r["in_us"]:
            w.writerow([c, r["loop"], "in-process", d["n"], d["in_times"], g(r["in_us"]), f"{1e6 / r['in_us']:.1f}",
                        g(r["guesses"]), g(r["in_vs_crate"]), g(r["in_vs_tdoku"])] + common)
        if r["whole_cpu"]:
            crate = vs(d, r["whole"], "sudoku_whole") if name in OURS else None
            w.writerow([c, r["whole"], "whole-process", d["n"], d["times"], g(r["whole_cpu"]),
                        f"{r['whole_ps']:.1f}", "", g(crate), g(r["whole_vs_tdoku"])] + common)
