"""Search effort against difficulty, the README's study in twenty lines: rate a corpus, run it
through the solvers, join the two on the corpus line, plot nodes against the SE rating.

    pip install ./python pandas matplotlib
    python python/examples/difficulty.py [CORPUS] [--first N] [--out nodes-vs-rating.png]
"""

import argparse
import itertools

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import dlxlab

ap = argparse.ArgumentParser()
ap.add_argument("corpus", nargs="?", default="datasets/default.txt")
ap.add_argument("--first", type=int, default=500, help="puzzles to take from the corpus")
ap.add_argument("--solvers", default="fast,dlx,subsets")
ap.add_argument("--out", default="nodes-vs-rating.png")
args = ap.parse_args()

with open(args.corpus) as f:
    lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
puzzles = list(itertools.islice(lines, args.first))
runs, ratings = dlxlab.study(puzzles, solvers=args.solvers.split(","))  # DataFrames
joined = runs.merge(ratings[["line", "technique_rating", "hardest_technique"]], on="line")
rated = joined.dropna(subset=["technique_rating"])
fig, axes = plt.subplots(1, rated.solver.nunique(), figsize=(5 * rated.solver.nunique(), 4), sharey=True)
for ax, (solver, rows) in zip(axes, rated.groupby("solver", sort=False)):
    ax.scatter(rows.technique_rating, rows.nodes, s=6, alpha=0.5)
    ax.set(title=solver, xlabel="SE technique rating (ER)", yscale="log")
axes[0].set_ylabel("search nodes")
fig.savefig(args.out, dpi=120, bbox_inches="tight")
for solver, rows in rated.groupby("solver", sort=False):  # Spearman's rho: Pearson's on the ranks
    print(f"{solver}: rho(nodes, ER) = {rows.nodes.rank().corr(rows.technique_rating.rank()):.3f}")
print(f"{len(rated)} rated rows of {len(joined)}; plot in {args.out}")
