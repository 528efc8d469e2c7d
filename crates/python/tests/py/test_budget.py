"""Time, memory and Ctrl-C: every search stops where it is told to, says
which limit it reached and how to raise it, and never surfaces a panic."""

import os
import signal
import threading
import time

import pytest

import grundy
from grundy import Game, Sum

M = 2**64 - 1


def test_a_memory_allowance_stops_a_misere_search_soon():
    start = time.monotonic()
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.analyze("ruler*ruler((15,15))", misere=True, memory="64M")
    assert time.monotonic() - start < 5
    text = str(e.value)
    assert "analysing ruler*ruler((15,15))" in text
    assert "memory allowance of 64.0 MiB" in text
    assert "analyze(memory=SIZE)" in text


def test_a_deadline_stops_a_search_within_a_second():
    start = time.monotonic()
    with pytest.raises(grundy.BudgetExceeded, match=r"time limit of 200 ms.*time=SECONDS"):
        grundy.analyze(f"moebius*ruler((128,{M}))", time=0.2)
    assert time.monotonic() - start < 1.2


def test_sums_take_the_same_limits():
    with pytest.raises(grundy.BudgetExceeded, match="memory allowance"):
        Sum("corners((100,100))").analyze(misere=True, memory=64 << 20)
    g = Game(moves=lambda n: list(range(n)), name="heap")
    assert Sum(g.at(3), "nim(3)").analyze(time=10, memory="1G").outcome == "P"


def test_bad_limits_are_refused_clearly():
    for bad in ("lots", "12Q", -1, True):
        with pytest.raises(grundy.GrundyError, match="memory"):
            grundy.analyze("nim(1)", memory=bad)
    with pytest.raises(grundy.GrundyError, match="time"):
        grundy.analyze("nim(1)", time=-1)
    with pytest.raises(grundy.GrundyError, match="time"):
        Game(moves=lambda n: [], time=float("nan"))
    assert grundy.analyze("nim(1)", time=1.5, memory="64MiB").outcome == "N"


def test_a_refusal_names_the_position_asked_about_and_how_to_raise_it():
    g = Game(moves=lambda n: [n - k for k in (1, 2) if k <= n], name="long", budget=1000)
    with pytest.raises(grundy.BudgetExceeded) as e:
        g.value(100_000)
    text = str(e.value)
    assert "long(100000)" in text and "budget of 1000" in text, text
    assert "theory" not in text, text
    assert "Game(budget=N)" in text, text


def test_a_game_of_your_own_honours_its_time():
    # Every heap leads to a fresh, larger search: only the deadline ends it.
    g = Game(moves=lambda n: [n + 1] if n < 10**9 else [], name="slow", time=0.2, budget=10**9)
    start = time.monotonic()
    with pytest.raises(grundy.BudgetExceeded, match=r"time limit of 200 ms.*Game\(time=SECONDS\)"):
        g.value(0)
    assert time.monotonic() - start < 2


def test_keyboard_interrupt_in_moves_is_raised_as_itself():
    def moves(n):
        if n == 3:
            raise KeyboardInterrupt
        return list(range(n))

    g = Game(moves=moves, name="interrupted")
    with pytest.raises(KeyboardInterrupt):
        g.value(5)
    with pytest.raises(KeyboardInterrupt):
        Sum(g.at(5), "nim(1)").analyze()
    # SystemExit too; an ordinary exception is still wrapped and named.
    g = Game(moves=lambda n: exec("raise SystemExit(3)"), name="exits")
    with pytest.raises(SystemExit):
        g.value(1)
    g = Game(moves=lambda n: 1 / 0, name="divides")
    with pytest.raises(grundy.GrundyError, match=r"moves\(1\) raised ZeroDivisionError"):
        g.value(1)


def test_ctrl_c_during_a_search_of_the_engine_stops_it():
    def interrupt():
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGINT)

    t = threading.Thread(target=interrupt)
    start = time.monotonic()
    t.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.analyze(f"moebius*ruler((128,{M}))")
    t.join()
    assert time.monotonic() - start < 2


def test_no_panic_reaches_python():
    # Numbers at 2^64 - 1 in every family's syntax: a value, an outcome or a
    # GrundyError, never pyo3's PanicException (a BaseException).
    for expr in (
        f"wythoff({M},{M})",
        f"moore({M}; 1,2)",
        f"lasker({M})",
        f"euclid({M},{M})",
        f"nim({M},{M})",
    ):
        try:
            grundy.analyze(expr, time=5, memory="256M")
        except grundy.GrundyError:
            pass
