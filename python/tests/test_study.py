"""study and rate against the CLI, DataFrames and the list form."""

import csv
import io
import subprocess

import pytest

import dlxlab


def first_lines(path, n):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                out.append(line.split()[0])
            if len(out) == n:
                break
    return out


def test_study_agrees_with_the_cli_on_the_17_clue_sample(cli, corpus17, tmp_path):
    puzzles = first_lines(corpus17, 300)
    corpus = tmp_path / "sample.txt"
    corpus.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "out"
    subprocess.run([cli, "study", "--quiet", "--no-plots", "--corpus", str(corpus), "--out", str(out),
                    "--solvers", "fast,dlx,dc,subsets"], check=True, capture_output=True)
    with open(out / "runs.csv") as f:
        cli_runs = list(csv.DictReader(f))
    with open(out / "ratings.csv") as f:
        cli_ratings = list(csv.DictReader(f))
    runs, ratings = dlxlab.study(corpus, solvers=["fast", "dlx", "dc", "subsets"], as_frame=False)
    assert len(runs) == len(cli_runs) == 4 * len(puzzles)
    for ours, theirs in zip(runs, cli_runs):
        for column in dlxlab.RUNS_COLUMNS:
            if column != "time_ns":
                assert str(ours[column]) == theirs[column], column
    assert len(ratings) == len(cli_ratings)
    for ours, theirs in zip(ratings, cli_ratings):
        assert ours["hardest_technique"] == theirs["hardest_technique"]
        assert f"{ours['technique_rating']:.1f}" == theirs["technique_rating"]
    # A list of lines gives the same rows (its line numbers are its positions).
    runs_list, _ = dlxlab.study(puzzles, solvers=["fast", "dlx", "dc", "subsets"], ratings=None,
                                as_frame=False, threads=1)
    strip = lambda rows: [{k: v for k, v in r.items() if k != "time_ns"} for r in rows]
    assert strip(runs_list) == strip(runs)


def test_dataframe_round_trip_matches_runs_csv(cli, corpus17, tmp_path):
    pd = pytest.importorskip("pandas")
    puzzles = first_lines(corpus17, 50) + ["not a puzzle"]
    corpus = tmp_path / "c.txt"
    corpus.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "out"
    subprocess.run([cli, "study", "--quiet", "--no-plots", "--corpus", str(corpus), "--out", str(out),
                    "--solvers", "fast,dlx"], check=True, capture_output=True)
    study = dlxlab.study(corpus, solvers=["fast", "dlx"])
    assert isinstance(study.runs, pd.DataFrame) and list(study.runs.columns) == dlxlab.RUNS_COLUMNS
    assert list(study.ratings.columns) == dlxlab.RATINGS_COLUMNS
    ours = study.runs.drop(columns="time_ns").to_csv(index=False)
    theirs = pd.read_csv(out / "runs.csv", dtype={"clues": "Int64"}, keep_default_na=False,
                         na_values={"clues": [""]}).drop(columns="time_ns")
    assert ours == theirs.to_csv(index=False)
    back = pd.read_csv(io.StringIO(study.runs.to_csv(index=False)), keep_default_na=False,
                       dtype={"clues": "Int64"}, na_values={"clues": [""]})
    assert back.drop(columns="time_ns").equals(study.runs.drop(columns="time_ns"))
    assert study.runs["clues"].isna().sum() == 2  # the bad line, once per solver


def test_study_without_pandas_gives_lists():
    runs, ratings = dlxlab.study(["." * 81], solvers=["fast"], ratings=None, as_frame=False)
    assert runs[0]["status"] == "multiple" and ratings is None


def test_study_errors():
    with pytest.raises(ValueError, match="unknown solver"):
        dlxlab.study(["." * 81], solvers=["nope"])
    with pytest.raises(ValueError, match="ratings"):
        dlxlab.study(["." * 81], ratings="some")
    with pytest.raises(ValueError, match="cannot read"):
        dlxlab.study("/nonexistent/corpus.txt")
    with pytest.raises(ValueError, match="list of puzzle lines"):
        dlxlab.study(42)


NEARLY_SOLVED = ".12.53.49.43.82.75.75.91.83.54.37.96.69.45.21.87.69.34.21.74.68.38.26.17.96.18.52"


def test_rate_chaos_columns():
    """Issue 35: chaos=True fills the eta columns, the same whatever the thread count."""
    rows = dlxlab.rate([NEARLY_SOLVED, "12345"], decision_tree=None, chaos=True,
                       chaos_trajectories=24, threads=1, as_frame=False)
    assert list(rows[0]) == dlxlab.RATINGS_COLUMNS + dlxlab.RATINGS_CHAOS_COLUMNS
    first = rows[0]
    assert first["eta_status"] == "ok"
    assert first["eta_trajectories"] == first["eta_escaped"] == 24
    assert first["eta_low"] < first["eta"] < first["eta_high"] < 1.0
    assert 0.0 <= first["eta_r2"] <= 1.0
    # A line that is not a puzzle: no chaos rating, its error says why.
    assert rows[1]["eta"] is None and rows[1]["eta_status"] == "" and rows[1]["error"]
    again = dlxlab.rate([NEARLY_SOLVED], decision_tree=None, chaos=True, chaos_trajectories=24,
                        threads=2, as_frame=False)
    assert again[0]["eta"] == first["eta"]
    # Without chaos, ratings.csv's columns as before.
    plain = dlxlab.rate([NEARLY_SOLVED], decision_tree=None, as_frame=False)
    assert list(plain[0]) == dlxlab.RATINGS_COLUMNS
    with pytest.raises(ValueError, match="chaos_tolerance"):
        dlxlab.rate([NEARLY_SOLVED], chaos=True, chaos_tolerance=0.0)
    with pytest.raises(ValueError, match="chaos_trajectories"):
        dlxlab.rate([NEARLY_SOLVED], chaos=True, chaos_trajectories=1)
    # The stiff integrator: the same columns, every trajectory escapes an easy puzzle.
    stiff = dlxlab.rate([NEARLY_SOLVED], decision_tree=None, chaos=True, chaos_trajectories=24,
                        chaos_integrator="rosenbrock", as_frame=False)[0]
    assert stiff["eta_escaped"] == 24 and stiff["eta"] < 1.0
    with pytest.raises(ValueError, match="chaos_integrator"):
        dlxlab.rate([NEARLY_SOLVED], chaos=True, chaos_integrator="euler")


def test_rate_chaos_dataframe():
    pd = pytest.importorskip("pandas")
    frame = dlxlab.rate([NEARLY_SOLVED], decision_tree=None, chaos=True, chaos_trajectories=24)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == dlxlab.RATINGS_COLUMNS + dlxlab.RATINGS_CHAOS_COLUMNS
    assert str(frame["eta_trajectories"].dtype) == "Int64"
    assert frame.loc[0, "eta_escaped"] == 24 and frame.loc[0, "eta"] < 1.0
