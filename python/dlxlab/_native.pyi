"""Type stubs of the compiled module; the documentation is in the docstrings (help(...)) and
docs/python.md."""

from __future__ import annotations

import os
from typing import Iterator, Mapping, Optional, Sequence, Union

__version__: str
RUNS_COLUMNS: list[str]
RATINGS_COLUMNS: list[str]
RATINGS_CHAOS_COLUMNS: list[str]
RATINGS_HODOKU_COLUMNS: list[str]

Item = Union[str, tuple[str, int, int]]
Option_ = Sequence[str]
Corpus = Union[str, os.PathLike[str], Sequence[str]]

class Problem:
    """An exact-cover problem: primary items, secondary items, options."""

    def __init__(
        self,
        items: Sequence[Item],
        options: Sequence[Option_],
        secondary: Sequence[str] = (),
        colors: Optional[Sequence[Optional[Mapping[str, str]]]] = None,
    ) -> None: ...
    @staticmethod
    def from_knuth(text: str) -> Problem: ...
    def to_knuth(self) -> str: ...
    @property
    def items(self) -> list[str]: ...
    @property
    def secondary(self) -> list[str]: ...
    @property
    def n_options(self) -> int: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def stats(self) -> Optional[dict[str, object]]:
        """engine, threads, items, primary, options, solutions, nodes, updates, mems, profile,
        time_ns, end ("exhausted", "stopped", "limit"), complete."""
    def solve(self, engine: str = "dlx", max: Optional[int] = None) -> Solutions: ...
    def count(
        self, threads: Optional[int] = None, engine: str = "dlx", max: Optional[int] = None
    ) -> int: ...

class Solutions(Iterator[list[list[str]]]):
    """The lazy iterator of Problem.solve: each solution a list of options, each option a list
    of item names ("name:colour" for a coloured item)."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> list[list[str]]: ...

def solve(puzzle: str, solver: str = "fast", max_solutions: int = 2) -> dict[str, object]:
    """The puzzle's runs.csv row: line, puzzle, clues, solver, status, solutions, nodes,
    guesses (each None where the solver did not report it: unknown, never 0), time_ns,
    solution, error."""

def solvers() -> list[dict[str, object]]:
    """name, representation, propagation, heuristic, sizes, counting."""

def explain(puzzle: str, max_seconds: Optional[float] = None) -> list[dict[str, object]]:
    """step, rating, technique, placement, eliminations, description."""

def generate(
    count: int = 1,
    seed: int = 1,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Optional[int] = None,
    rating: Optional[tuple[float, float]] = None,
    max_attempts: int = 10000,
    threads: Optional[int] = None,
) -> list[str]: ...
def canon(puzzles: Union[str, Sequence[str]]) -> Union[str, list[str]]: ...
def rate(
    puzzles: Corpus,
    max_seconds: Optional[float] = 60.0,
    decision_tree: Optional[str] = "combined",
    threads: Optional[int] = None,
    se_profile: str = "sample",
    hodoku: bool = False,
    chaos: bool = False,
    chaos_seed: Optional[int] = None,
    chaos_trajectories: Optional[int] = None,
    chaos_tolerance: Optional[float] = None,
    chaos_cap: Optional[float] = None,
    chaos_budget: Optional[int] = None,
    chaos_integrator: str = "cash-karp",
) -> list[dict[str, object]]: ...
def study(
    corpus: Corpus,
    solvers: Sequence[str] = (),
    threads: Optional[int] = None,
    max_solutions: int = 2,
    ratings: Optional[str] = "technique",
    max_seconds: Optional[float] = 60.0,
) -> tuple[list[dict[str, object]], Optional[list[dict[str, object]]]]: ...
