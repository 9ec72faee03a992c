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
