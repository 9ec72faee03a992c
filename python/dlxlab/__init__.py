"""dlxlab from Python: exact cover (Knuth's Algorithm X over dancing links, dancing cells),
Sudoku solvers, Sudoku Explainer's technique rating and the corpus harness.

The work is done by the Rust library (the compiled module ``dlxlab._native``); this package
re-exports it and returns the rows of :func:`rate` and :func:`study` as pandas DataFrames when
pandas is installed (lists of dicts otherwise). See docs/python.md for a tour.
"""

from __future__ import annotations

import os
from collections import abc
from typing import Any, Iterable, NamedTuple, Optional, Sequence, Union

from . import _native
from ._native import (
    RATINGS_CHAOS_COLUMNS,
    RATINGS_HODOKU_COLUMNS,
    RATINGS_COLUMNS,
    RUNS_COLUMNS,
    Problem,
    Solutions,
    canon,
    explain,
    generate,
    solve,
    solvers,
)

__version__: str = _native.__version__

__all__ = [
    "Problem",
    "Solutions",
    "Study",
    "solve",
    "solvers",
    "rate",
    "explain",
    "generate",
    "canon",
    "study",
    "RUNS_COLUMNS",
    "RATINGS_CHAOS_COLUMNS",
    "RATINGS_HODOKU_COLUMNS",
    "RATINGS_COLUMNS",
]

Corpus = Union[str, "os.PathLike[str]", Iterable[str]]

# Columns whose values may be missing but are integers where present: pandas' nullable Int64
# keeps them integers (a plain column would turn them into floats).
_NULLABLE_INTS = {"clues", "steps", "inference_level", "hodoku_score", "eta_trajectories", "eta_escaped"}


def _corpus(corpus: Corpus) -> Any:
    """A path stays a path; any other iterable becomes a list of puzzle lines (anything else goes
    to the native module as it is, which raises ValueError)."""
    if isinstance(corpus, (str, os.PathLike)) or not isinstance(corpus, abc.Iterable):
        return corpus
    return list(corpus)


def _frame(rows: list, columns: Sequence[str], as_frame: Optional[bool]) -> Any:
    """``rows`` as a DataFrame with ``columns`` in order when pandas is there (or required)."""
    if as_frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if as_frame:
            raise
        return rows
    frame = pd.DataFrame.from_records(rows, columns=list(columns))
    for column in _NULLABLE_INTS.intersection(columns):
        frame[column] = frame[column].astype("Int64")
    return frame


def rate(
    puzzles: Corpus,
    max_seconds: Optional[float] = 60.0,
    decision_tree: Optional[str] = "combined",
    threads: Optional[int] = None,
    as_frame: Optional[bool] = None,
    se_profile: str = "sample",
    hodoku: bool = False,
    chaos: bool = False,
    chaos_seed: Optional[int] = None,
    chaos_trajectories: Optional[int] = None,
    chaos_tolerance: Optional[float] = None,
    chaos_cap: Optional[float] = None,
    chaos_budget: Optional[int] = None,
    chaos_integrator: str = "cash-karp",
) -> Any:
    """Rates puzzles on Sudoku Explainer's scale, as ``dlxlab rate`` does.

    Returns one row per puzzle line, in order, with the columns of ratings.csv
    (``RATINGS_COLUMNS``): a pandas DataFrame when pandas is installed (``as_frame=None``;
    ``True`` requires it, ``False`` gives a list of dicts either way).

    Columns:

    - ``line``: the corpus line (1-based; for a list, its position plus 1);
    - ``puzzle``: the puzzle field as written;
    - ``decision_tree``: the decision-tree index (missing when ``decision_tree=None``, and
      for a puzzle the rating refuses: see ``error``);
    - ``technique_rating``: SE's ER, the highest step score on the solving path; missing when
      the techniques run out ("beyond" in the CSV) or the line could not be rated;
    - ``hardest_technique``: the technique that scored it (when beyond: the hardest reached);
    - ``steps``: the number of steps of the path;
    - ``external_rating``: the rating the corpus line carries after the puzzle, if any: the
      first field that is a number or an ``se=`` field (as ``dlxlab rate`` reads it);
    - ``error``: empty, or why there is no rating: ``multiple solutions``,
      ``no solution: ...``, ``time limit`` (``max_seconds`` ran out), or why the line is not a
      puzzle;
    - ``pearl_rating``: SE's EP, the highest score up to the first placement (missing: beyond);
    - ``diamond_rating``: SE's ED, the score of the first step (missing: beyond);
    - ``se_profile``: the Sudoku Explainer build the rating reproduces (``se_profile``);
    - ``inference_level``: the weakest level of tdoku's inference ladder that solves the puzzle
      with no guess (docs/ladder.md): 0 naked singles, 1 hidden singles, 2 locked candidates
      along rows, 3 along rows and columns, 4 triads, 5 the implication graph's strongly
      connected components; missing when even level 5 needs a guess (``none`` in the CSV) or
      the puzzle has no single solution (see ``error``).

    with ``hodoku=True`` only, after them (``RATINGS_HODOKU_COLUMNS``):

    - ``hodoku_level``, ``hodoku_score``: HoDoKu 2.2's level ("Easy" ... "Extreme") and score
      (docs/rating.md, "HoDoKu"), as ``dlxlab rate --hodoku``; missing only where a Franken
      search meets a fish HoDoKu scores as a mutant (not reproduced);

    and with ``chaos=True`` only, after those (``RATINGS_CHAOS_COLUMNS``):

    - ``eta``, ``eta_low``, ``eta_high``: the transient-chaos hardness of Ercsey-Ravasz &
      Toroczkai and its 95% interval (``eta`` and ``eta_high``
      missing when too few trajectories escaped, ``eta_low`` then a lower bound);
    - ``eta_r2``: R² of the exponential tail's fit; ``eta_trajectories``, ``eta_escaped``: the
      trajectories run and those that reached a solution;
    - ``eta_status``: ``ok``, ``time-cap`` or ``step-budget`` (some trajectories censored),
      ``stalled``, ``too-few-escapes``, or why the puzzle has no formula (empty without chaos).

    ``puzzles`` is a corpus path (str or os.PathLike; ``#`` comments and blank lines are
    skipped) or an iterable of puzzle lines. ``max_seconds`` limits each puzzle's rating;
    ``decision_tree`` names the variant of the decision-tree index ("nodes", "checks",
    "wrong-choices", "wasted-nodes", "combined"), or None to skip it (it costs far more than the
    rating on hard corpora); ``threads=None`` uses every core. ``se_profile`` is "sample" (the
    build that rated se-rated-sample.txt; the default) or "serate" (Sukaku Explainer's current
    serate: UVWXYZ-wing on, turbot fish 4.1), as ``dlxlab rate --se-profile``. Releases the GIL;
    Ctrl-C raises KeyboardInterrupt. Bad arguments raise ValueError. ``chaos=True`` adds the
    chaos hardness, as ``dlxlab rate --chaos``, with its settings ``chaos_seed``,
    ``chaos_trajectories``, ``chaos_tolerance``, ``chaos_cap`` and ``chaos_budget`` (None: the
    CLI's defaults; docs/rating.md, "Chaos hardness"), and ``chaos_integrator``
    ("cash-karp", the default, or "rosenbrock" for the hardest puzzles, as
    ``--chaos-integrator``).
    """
    rows = _native.rate(
        _corpus(puzzles), max_seconds, decision_tree, threads, se_profile, hodoku, chaos,
        chaos_seed, chaos_trajectories, chaos_tolerance, chaos_cap, chaos_budget,
        chaos_integrator,
    )
    columns = (
        list(RATINGS_COLUMNS)
        + (list(RATINGS_HODOKU_COLUMNS) if hodoku else [])
        + (list(RATINGS_CHAOS_COLUMNS) if chaos else [])
    )
    return _frame(rows, columns, as_frame)


class Study(NamedTuple):
    """The result of :func:`study`: ``runs`` (runs.csv) and ``ratings`` (ratings.csv, or None)."""

    runs: Any
    ratings: Any


def study(
    corpus: Corpus,
    solvers: Sequence[str] = (),
    threads: Optional[int] = None,
    max_solutions: int = 2,
    ratings: Optional[str] = "technique",
    max_seconds: Optional[float] = 60.0,
    as_frame: Optional[bool] = None,
) -> Study:
    """Runs a corpus through solvers, as ``dlxlab study`` does, and rates it.

    Returns ``Study(runs, ratings)``: DataFrames when pandas is installed (see :func:`rate` for
    ``as_frame``), with the columns of runs.csv (``RUNS_COLUMNS``) and ratings.csv
    (``RATINGS_COLUMNS``, described in :func:`rate`).

    runs columns: ``line``, ``puzzle``, ``clues``, ``solver``, ``status`` ("unique",
    "multiple", "none", "limit", "invalid"), ``solutions`` (found, up to ``max_solutions``),
    ``nodes`` and ``guesses`` (as docs/solvers.md defines them, the same for every solver),
    ``time_ns`` (the solve call alone, in the parallel pass), ``solution`` (the first solution,
    verified) and ``error``. One row per puzzle line and solver, in line order then solver
    order; a line that is not a puzzle gets rows with status "invalid" and the reason in
    ``error``. Every column but ``time_ns`` is the same whatever the thread count.

    ``solvers``: names from :func:`solvers` (empty: the default study set). ``ratings``:
    "technique" (the SE rating, decision_tree missing), "all" (also the decision-tree index) or
    None (no ratings: ``Study.ratings`` is None). ``threads=None`` uses every core. Releases the
    GIL; Ctrl-C raises KeyboardInterrupt. Bad arguments raise ValueError.
    """
    runs, rated = _native.study(
        _corpus(corpus), list(solvers), threads, max_solutions, ratings, max_seconds
    )
    return Study(
        _frame(runs, RUNS_COLUMNS, as_frame),
        None if rated is None else _frame(rated, RATINGS_COLUMNS, as_frame),
    )
