"""Pattern finding recovers the published patterns, and says how sure it is."""

import pytest

import grundy
from grundy import Split, find_pattern


def kayles_moves(n):
    return [Split(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)]


def lasker_moves(n):
    """Take any number, or split a heap into two non-empty heaps."""
    return [n - k for k in range(1, n + 1)] + [Split(a, n - a) for a in range(1, n // 2 + 1)]


def test_kayles_period_12_from_71_proved():
    p = find_pattern(kayles_moves, 300, max_take=2)
    assert (p.kind, p.period, p.preperiod, p.saltus) == ("periodic", 12, 71, 0)
    assert p.proved and p.certainty == {"kind": "proved", "window_start": 71, "window_end": 156}
    assert "assuming" in p.description
    built_in = find_pattern("kayles", 300)
    assert (built_in.period, built_in.preperiod, built_in.proved) == (12, 71, True)


def test_kayles_without_the_bound_is_only_observed():
    p = find_pattern(kayles_moves, 300)
    assert (p.period, p.preperiod, p.proved) == (12, 71, False)
    assert "observed up to n = 300" in p.description
    # A table too short for the Guy–Smith window: observed, not proved.
    short = find_pattern(kayles_moves, 150, max_take=2)
    assert (short.period, short.preperiod, short.proved) == (12, 71, False)


def test_lasker_is_arithmetic_periodic():
    p = find_pattern(lasker_moves, 120)
    assert (p.kind, p.period, p.saltus, p.preperiod) == ("arithmetic_periodic", 4, 4, 1)
    assert not p.proved
    assert "G(n + 4) = G(n) + 4" in p.description
    assert p.values[:9] == [0, 1, 2, 4, 3, 5, 6, 8, 7]
    assert p.values == [grundy.analyze(f"lasker({n})").grundy for n in range(121)]


def test_bash_game_period_6():
    p = find_pattern(lambda n: [n - k for k in range(1, 6) if k <= n], 100, max_take=5)
    assert (p.kind, p.period, p.preperiod, p.proved) == ("periodic", 6, 0, True)
    assert p.description.startswith("purely periodic with period 6, proved")
    assert find_pattern("sub{1..5}", 100).period == 6


def test_wythoff_p_positions_lie_on_two_lines():
    def wythoff(p):
        a, b = p
        return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
                + [(a - k, b - k) for k in range(1, min(a, b) + 1)])

    p = find_pattern(wythoff, 40, pairs=True)
    assert p.kind == "beatty"
    d = p.to_dict()["pattern"]
    assert d["golden"] and d["pairs"] == 15
    assert "φ" in p.description and "φ²" in p.description
    assert (3, 5) in p.p_positions and (5, 3) in p.p_positions and (0, 0) in p.p_positions


def test_two_heap_nim_is_the_diagonal_and_lines_are_found():
    p = find_pattern(lambda ab: [(a, ab[1]) for a in range(ab[0])] + [(ab[0], b) for b in range(ab[1])], 20, pairs=True)
    assert p.kind == "diagonal"
    assert p.p_positions == [(a, a) for a in range(21)]


def test_no_pattern_is_said_plainly():
    squares = find_pattern(lambda n: [n - k * k for k in range(1, 40) if k * k <= n], 200)
    assert squares.kind == "none" and "no period" in squares.description


def test_a_wrong_move_bound_is_caught():
    with pytest.raises(grundy.GrundyError, match="removes 3 tokens, more than max_take=2"):
        find_pattern(lambda n: [n - k for k in (1, 3) if k <= n], 50, max_take=2)
