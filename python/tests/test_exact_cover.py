"""Problem: building, Knuth's format, counts of known problems, the lazy iterator, stats, errors."""

import os
import re
import signal
import subprocess
import threading

import pytest

import dlxlab
from conftest import queens

# TAOCP 7.2.2.1-(5): seven items, six options, one solution.
KNUTH_ITEMS = list("abcdefg")
KNUTH_OPTIONS = [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]]


def test_knuths_example_has_one_solution_with_dlx1s_counts():
    p = dlxlab.Problem(KNUTH_ITEMS, KNUTH_OPTIONS)
    assert p.count(threads=1) == 1
    s = p.stats
    assert s["complete"] and s["end"] == "exhausted"
    assert sum(s["profile"]) == s["nodes"]
    sols = list(p.solve())
    assert len(sols) == 1
    assert sorted(map(tuple, sols[0])) == sorted([("a", "d", "f"), ("b", "g"), ("c", "e")])


@pytest.mark.parametrize("n,want", [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)])
def test_queens_counts(n, want):
    p = dlxlab.Problem(*queens(n))
    assert p.count(threads=1) == want
    assert p.count(threads=1, engine="dc") == want
    assert p.count(threads=2) == want


def test_split_count_has_the_serial_counters():
    p = dlxlab.Problem(*queens(9))
    p.count(threads=1)
    serial = p.stats
    p.count(threads=2)
    split = p.stats
    for key in ("solutions", "nodes", "updates", "profile"):
        assert split[key] == serial[key], key
    p.count(threads=2, engine="dc")
    assert p.stats["solutions"] == serial["solutions"]
    assert p.stats["nodes"] is None and p.stats["mems"] is None


def test_from_knuth_agrees_with_the_cli(cli, gen_xc, tmp_path):
    text = gen_xc("queens", "8")
    p = dlxlab.Problem.from_knuth(text)
    assert p.count() == 92
    f = tmp_path / "q8.dlx"
    f.write_text(text)
    for engine in ("dlx", "dc"):
        out = subprocess.run([cli, "xc", str(f), "--count", "--stats", "--engine", engine],
                             capture_output=True, text=True, check=True)
        want = dict(re.findall(r"^(\w+): (.*)$", out.stderr, re.M))
        p.count(threads=1, engine=engine)
        s = p.stats
        assert s["engine"] == want["engine"]
        assert str(s["nodes"]) == want["nodes"]
        assert str(s["updates"]) == want["updates"]
        assert " ".join(map(str, s["profile"])) == want["profile"]
        if engine == "dc":
            assert str(s["mems"]) == want["mems"]
    # The Python-built problem is the same matrix: the same nodes.
    q = dlxlab.Problem(*queens(8))
    q.count(threads=1)
    p.count(threads=1)
    assert q.stats["nodes"] == p.stats["nodes"]


def test_known_counts_through_knuths_format(gen_xc):
    assert dlxlab.Problem.from_knuth(gen_xc("langford", "7")).count() == 52
    assert dlxlab.Problem.from_knuth(gen_xc("pentomino", "6x10", "--symmetry")).count() == 2339
    assert dlxlab.Problem.from_knuth(gen_xc("latin", "4")).count() > 0


def test_to_knuth_round_trips():
    p = dlxlab.Problem(*queens(6))
    q = dlxlab.Problem.from_knuth(p.to_knuth())
    assert q.items == p.items and q.secondary == p.secondary and q.n_options == p.n_options
    assert q.count() == 4


def test_solutions_are_lazy_and_exact_covers():
    primary, options, secondary = queens(8)
    p = dlxlab.Problem(primary, options, secondary)
    it = p.solve()
    first = next(it)
    assert len(first) == 8
    covered = sorted(x for o in first for x in o if x in primary)
    assert covered == sorted(primary)
    rest = list(it)
    assert len(rest) == 91
    assert p.stats["solutions"] == 92 and p.stats["complete"]
    assert len({tuple(sorted(map(tuple, s))) for s in [first] + rest}) == 92


def test_max_stops_early():
    p = dlxlab.Problem(*queens(8))
    assert len(list(p.solve(max=3))) == 3
    assert p.stats["end"] == "stopped" and not p.stats["complete"]
    assert p.count(max=5) == 5
    assert len(list(p.solve(engine="dc", max=2))) == 2


def test_colours_either_way():
    options = [["p", "x:A"], ["q", "x:A"], ["q", "x:B"]]
    a = dlxlab.Problem(["p", "q"], options, secondary=["x"])
    b = dlxlab.Problem(["p", "q"], [["p", "x"], ["q", "x"], ["q", "x"]], secondary=["x"],
                       colors=[{"x": "A"}, {"x": "A"}, {"x": "B"}])
    assert a.count() == b.count() == 1
    assert list(a.solve()) == [[["p", "x:A"], ["q", "x:A"]]]


def test_multiplicities_run_algorithm_m():
    p = dlxlab.Problem([("a", 2, 2)], [["a"], ["a"], ["a"]])
    assert p.count() == 3
    assert p.stats["engine"].startswith("mcc")
    with pytest.raises(ValueError, match="multiplicity"):
        p.count(engine="dc")


def test_option_without_primary_item_is_dropped_with_a_warning():
    p = dlxlab.Problem(["a"], [["a"], ["x"]], secondary=["x"])
    assert p.n_options == 1
    # Issue 38: one warning, numbered as Python indexes the list, in words (not Rust's debug text).
    assert p.warnings == ["options[1] has no primary item and was dropped (as Knuth's dlx1 does)"]
    k = dlxlab.Problem.from_knuth("a | x\na\nx\n")
    assert k.warnings == ["line 3: option has no primary item and was dropped (as Knuth's dlx1 does)"]


def test_option_errors_are_numbered_once_as_python_indexes():
    with pytest.raises(ValueError) as e:
        dlxlab.Problem(["a", "b"], [["b"], ["a", "a"]])
    assert str(e.value) == "options[1]: item `a` appears more than once"
    with pytest.raises(ValueError) as e:
        dlxlab.Problem(["a"], [["a"], []])
    assert str(e.value) == "options[1] is empty"


@pytest.mark.parametrize(
    "args,kwargs,match",
    [
        ((["a", "a"], [["a"]]), {}, "a"),
        ((["a"], [["b"]]), {}, "b"),
        ((["a"], [["a", "a"]]), {}, "a"),
        ((["a"], [["a"]]), {"colors": [{"x": "R"}]}, "does not contain"),
        ((["a"], [["a"]]), {"colors": []}, "one mapping"),
        (([1], [["a"]]), {}, "item"),
    ],
)
def test_bad_problems_raise_value_error(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        dlxlab.Problem(*args, **kwargs)


def test_bad_calls_raise_value_error():
    p = dlxlab.Problem(*queens(4))
    with pytest.raises(ValueError, match="unknown engine"):
        p.count(engine="dlx9")
    with pytest.raises(ValueError, match="max"):
        p.solve(max=0)
    with pytest.raises(ValueError, match="line"):
        dlxlab.Problem.from_knuth("a b\n| comment\na c\n")
    with pytest.raises(ValueError):
        dlxlab.Problem.from_knuth("")


@pytest.fixture
def interrupt_soon():
    """Sends this process SIGINT shortly, as Ctrl-C does, with Python's own SIGINT handler in place.

    A process started in the background by a shell without job control (`cmd &` in a script, as
    some CI runners and `nohup` wrappers do) inherits SIGINT *ignored*, and Python then installs no
    KeyboardInterrupt handler, so the signal would vanish and the test would fail for a reason that
    is not dlxlab's. The fixture installs the handler an interactive Python has, and restores the
    previous one afterwards.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timers = []

    def start(delay=0.3):
        timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        timers.append(timer)

    yield start
    for t in timers:
        t.join()
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_count_and_the_next_one_runs(gen_xc, interrupt_soon):
    big = dlxlab.Problem.from_knuth(gen_xc("queens", "16"))
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        big.count(threads=1)
    assert dlxlab.Problem(*queens(8)).count(threads=1) == 92


def test_ctrl_c_stops_an_iteration_and_the_next_one_runs(interrupt_soon):
    big = dlxlab.Problem(*queens(16))
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        for _ in big.solve():
            pass
    assert len(list(dlxlab.Problem(*queens(6)).solve())) == 4
