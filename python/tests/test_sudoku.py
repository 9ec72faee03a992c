"""Sudoku: solve, solvers, explain, generate, canon, rate."""

import pytest

import dlxlab

# The first puzzle of the 17-clue list and its solution.
P17 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
S17 = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
# An easy puzzle (SE 2.3 and below: singles only).
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def test_solvers_lists_the_registry():
    names = [s["name"] for s in dlxlab.solvers()]
    assert {"fast", "dlx", "dc", "mrv", "backtrack"} <= set(names)
    fast = next(s for s in dlxlab.solvers() if s["name"] == "fast")
    assert 9 in fast["sizes"] and not fast["counting"]
    assert set(fast) == {"name", "representation", "propagation", "heuristic", "sizes", "counting"}


@pytest.mark.parametrize("solver", [s["name"] for s in dlxlab.solvers() if not s["counting"] and s["name"] != "backtrack"])
def test_every_solver_solves_a_17_clue_puzzle(solver):
    row = dlxlab.solve(P17, solver=solver)
    assert list(row) == dlxlab.RUNS_COLUMNS
    assert row["status"] == "unique" and row["solution"] == S17 and row["clues"] == 17
    assert row["nodes"] >= 1 and row["error"] == ""


def test_solve_counts_and_reports_multiple():
    row = dlxlab.solve("." * 81, max_solutions=3)
    assert row["status"] == "multiple" and row["solutions"] == 3
    row = dlxlab.solve("12" + "." * 14, solver="dlx", max_solutions=0)
    assert row["status"] == "multiple" and row["solutions"] == 24  # 288 grids of 4x4, / 4 for the 1, / 3 for the 2


@pytest.mark.parametrize("puzzle", ["", "123", "11" + "." * 79, "x" * 81])
def test_bad_puzzles_raise_value_error(puzzle):
    with pytest.raises(ValueError):
        dlxlab.solve(puzzle)


def test_unknown_solver_raises_value_error():
    with pytest.raises(ValueError, match="unknown solver"):
        dlxlab.solve(P17, solver="nope")


def test_explain_gives_the_steps():
    steps = dlxlab.explain(EASY)
    assert steps[0]["step"] == 1
    assert all(s["placement"] or s["eliminations"] for s in steps)
    rating = dlxlab.rate([EASY], decision_tree=None, as_frame=False)[0]
    assert max(s["rating"] for s in steps) == rating["technique_rating"]
    assert rating["steps"] == len(steps)
    with pytest.raises(ValueError, match="multiple"):
        dlxlab.explain("." * 81)


def test_rate_rows_have_the_columns_of_ratings_csv():
    rows = dlxlab.rate([EASY, "." * 81, "bad"], decision_tree=None, as_frame=False)
    assert [list(r) for r in rows] == [dlxlab.RATINGS_COLUMNS] * 3
    assert [r["line"] for r in rows] == [1, 2, 3]
    assert rows[0]["error"] == "" and rows[0]["technique_rating"] <= 2.3
    assert rows[1]["error"] == "multiple solutions" and rows[1]["technique_rating"] is None
    assert rows[2]["error"] != ""
    assert [r["se_profile"] for r in rows] == ["sample"] * 3
    assert dlxlab.rate([EASY], decision_tree=None, se_profile="serate", as_frame=False)[0]["se_profile"] == "serate"
    with pytest.raises(ValueError, match="se_profile"):
        dlxlab.rate([EASY], se_profile="other")
    with pytest.raises(ValueError, match="max_seconds"):
        dlxlab.rate([EASY], max_seconds=-1)
    with pytest.raises(ValueError, match="line break"):
        dlxlab.rate([EASY + "\n" + EASY])


def test_refused_puzzles_have_every_rating_empty_and_the_cli_rating_rule():
    # Issue 38: no decision_tree for a puzzle the rating refuses (several solutions).
    rows = dlxlab.rate([EASY, "." * 81], decision_tree="combined", as_frame=False)
    assert rows[0]["decision_tree"] is not None
    assert rows[1]["error"] == "multiple solutions" and rows[1]["decision_tree"] is None
    # The external rating: the first number or se= field after the puzzle, as the CLI reads it.
    lines = [EASY + " 7.2 src=12", EASY + " 7.2 8.3", EASY + " se=7.2", EASY + " src=12 3.0"]
    rows = dlxlab.rate(lines, decision_tree=None, as_frame=False)
    assert [r["external_rating"] for r in rows] == [7.2, 7.2, 7.2, 3.0]


def test_generate_is_reproducible_and_unique():
    a = dlxlab.generate(3, seed=7, symmetry="rot180", threads=1)
    b = dlxlab.generate(3, seed=7, symmetry="rot180", threads=2)
    assert a == b and len(a) == 3
    for p in a:
        assert dlxlab.solve(p)["status"] == "unique"
    with pytest.raises(ValueError, match="symmetry"):
        dlxlab.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="rating"):
        dlxlab.generate(1, rating=(5.0, 2.0))


def test_canon_is_invariant_under_relabelling():
    relabelled = P17.translate(str.maketrans("123456789", "912345678"))
    assert dlxlab.canon(P17) == dlxlab.canon(relabelled)
    assert dlxlab.canon([P17, relabelled]) == [dlxlab.canon(P17)] * 2
    with pytest.raises(ValueError):
        dlxlab.canon("1234")


def test_rate_carries_the_inference_level():
    # Line 6 of the 17-clue list needs hidden singles (level 1); line 5 the implication graph
    # (level 5). A puzzle with many solutions has no level, and says why in error.
    level1 = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
    level5 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
    rows = dlxlab.rate([level1, level5, "." * 81], decision_tree=None, as_frame=False)
    assert "inference_level" in dlxlab.RATINGS_COLUMNS
    assert [r["inference_level"] for r in rows] == [1, 5, None]
    assert rows[2]["error"] == "multiple solutions"
    pd = pytest.importorskip("pandas")
    frame = dlxlab.rate([level1, "." * 81], decision_tree=None, as_frame=True)
    assert str(frame["inference_level"].dtype) == "Int64"
    assert frame["inference_level"].iloc[0] == 1 and pd.isna(frame["inference_level"].iloc[1])


def test_rate_hodoku_gives_hodokus_level_and_score():
    # HoDoKu 2.2 itself rates these two 17-clue puzzles Easy (436) and Medium (916).
    easy = ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."
    medium = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
    rows = dlxlab.rate([easy, medium], decision_tree=None, as_frame=False, hodoku=True)
    assert dlxlab.RATINGS_HODOKU_COLUMNS == ["hodoku_level", "hodoku_score"]
    assert list(rows[0]) == dlxlab.RATINGS_COLUMNS + dlxlab.RATINGS_HODOKU_COLUMNS
    assert [(r["hodoku_level"], r["hodoku_score"]) for r in rows] == [("Easy", 436), ("Medium", 916)]
    plain = dlxlab.rate([easy], decision_tree=None, as_frame=False)
    assert list(plain[0]) == dlxlab.RATINGS_COLUMNS
    both = dlxlab.rate(
        [easy], decision_tree=None, as_frame=False, hodoku=True, chaos=True,
        chaos_trajectories=2, chaos_cap=1.0,
    )
    assert list(both[0]) == (
        dlxlab.RATINGS_COLUMNS + dlxlab.RATINGS_HODOKU_COLUMNS + dlxlab.RATINGS_CHAOS_COLUMNS
    )
