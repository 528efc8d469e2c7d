"""Games defined in Python from their rules reproduce the built-in ones."""

import itertools
import time

import pytest

import grundy
from grundy import Game, Split, Sum


def nim_heap():
    return Game(moves=lambda n: list(range(n)), name="heap")


def kayles_moves(n):
    """Knock down 1 or 2 adjacent pins; the row splits in two."""
    return [Split(a, n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)]


def kayles_rows(rows):
    """Kayles on a whole position: a sorted tuple of rows (no Split needed)."""
    out = set()
    for i, n in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for k in (1, 2):
            for a in range(n - k + 1):
                out.add(tuple(sorted(x for x in rest + (a, n - k - a) if x)))
    return list(out)


def wythoff_moves(p):
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


def test_nim_from_its_rules():
    g = nim_heap()
    assert g.table(range(50)) == list(range(50))
    assert g.outcome(0) == "P" and g.outcome(3) == "N"
    assert g.winning_moves(9) == [0]
    assert Sum(g.at(3), g.at(4), g.at(5)).grundy == 2
    ours = Sum(g.at(3), g.at(4), g.at(5)).analyze()
    theirs = grundy.analyze("nim(3) + nim(4) + nim(5)")
    assert (ours.outcome, ours.grundy) == (theirs.outcome, theirs.grundy)
    assert [m["term"] for m in ours.winning_moves] == [m["term"] for m in theirs.winning_moves]
    assert ours.winning_moves[0]["after"] == "heap(1)"


def test_kayles_from_its_rules():
    g = Game(moves=kayles_moves, name="kayles_py")
    want = [int(v) for v in grundy.sequence("kayles", 150).values]
    assert g.table(range(151)) == want
    rows = Game(moves=kayles_rows, name="rows")
    for pos in [(), (1,), (3, 4), (1, 2, 7), (5, 5), (2, 3, 9)]:
        e = "kayles(" + ",".join(map(str, pos or (0,))) + ")"
        assert rows.value(pos) == grundy.analyze(e).grundy, pos
        # Misère by search, against the engine's misère quotient of Kayles.
        assert rows.outcome(pos, misere=True) == grundy.analyze(e, misere=True).outcome, pos


def test_a_subtraction_set_from_its_rules():
    g = Game(moves=lambda n: [n - s for s in (1, 3, 4) if s <= n], name="sub134")
    assert g.table(range(301)) == [int(v) for v in grundy.sequence("sub{1,3,4}", 300).values]
    for n in range(40):
        assert g.outcome(n, misere=True) == grundy.analyze(f"sub{{1,3,4}}({n})", misere=True).outcome


def test_wythoff_from_its_rules():
    g = Game(moves=wythoff_moves, name="wyt")
    for a, b in itertools.product(range(16), repeat=2):
        theirs = grundy.analyze(f"wythoff({a},{b})")
        assert g.value((a, b)) == theirs.grundy, (a, b)
        assert g.outcome((a, b)) == theirs.outcome
    assert g.winning_moves((4, 6)) == [(3, 5)]
    assert g.outcome((3, 5)) == "P"


def test_sums_with_built_in_games_and_misere_play():
    g = Game(moves=lambda n: [n - s for s in (1, 3, 4) if s <= n], name="s134")
    for n, m, k in itertools.product(range(8), range(6), range(6)):
        ours = Sum(g.at(n), f"nim({m})", f"kayles({k})").analyze()
        theirs = grundy.analyze(f"sub{{1,3,4}}({n}) + nim({m}) + kayles({k})")
        assert (ours.outcome, ours.grundy) == (theirs.outcome, theirs.grundy)
        assert len(ours.winning_moves) == len(theirs.winning_moves)
        mis = Sum(g.at(n), f"nim({m})", f"kayles({k})").analyze(misere=True)
        assert mis.outcome == grundy.analyze(f"sub{{1,3,4}}({n}) + nim({m}) + kayles({k})", misere=True).outcome


def test_misere_nim_by_search():
    heap = nim_heap()
    for heaps in itertools.product(range(5), repeat=3):
        parts = [heap.at(h) for h in heaps]
        e = "nim(" + ",".join(map(str, heaps)) + ")"
        assert Sum(*parts).analyze(misere=True).outcome == grundy.analyze(e, misere=True).outcome
    assert heap.outcome(1, misere=True) == "P" and heap.outcome(0, misere=True) == "N"
    assert heap.winning_moves(5, misere=True) == [1]


class Turn:
    """A position of a class with moves(self): take 1 or 2 from a pile, or halve an even one."""

    def __init__(self, n):
        self.n = n

    def moves(self):
        out = [Turn(self.n - k) for k in (1, 2) if k <= self.n]
        if self.n % 2 == 0 and self.n > 0:
            out.append(Turn(self.n // 2))
        return out

    def __eq__(self, other):
        return isinstance(other, Turn) and other.n == self.n

    def __hash__(self):
        return hash(self.n)

    def __repr__(self):
        return f"Turn({self.n})"


def test_a_class_with_moves():
    g = Game(start=Turn(7))
    by_fn = Game(moves=lambda n: sorted({n - k for k in (1, 2) if k <= n} | ({n // 2} if n % 2 == 0 and n else set())))
    assert g.value() == by_fn.value(7)
    assert g.table(Turn(n) for n in range(60)) == by_fn.table(range(60))
    assert all(isinstance(p, Turn) for p in g.winning_moves(Turn(9)))


def test_long_lines_of_play_need_no_recursion():
    g = Game(moves=lambda n: [n - 1] if n else [])
    assert g.value(300_000) == 0 and g.value(300_001) == 1


def brute_kayles(n, memo={}):
    """Kayles rows by the definitions alone: mex over every option, each
    option the xor of its two rows."""
    if n not in memo:
        seen = {brute_kayles(a) ^ brute_kayles(n - k - a) for k in (1, 2) if k <= n for a in range(n - k + 1)}
        memo[n] = next(v for v in itertools.count() if v not in seen)
    return memo[n]


def test_moves_is_called_once_per_position():
    # The engine asks several questions of one position ("is your value
    # k?"); the options of a Python game are kept, so `moves` runs once per
    # position over all the questions of a game.
    calls = {}

    def moves(n):
        calls[n] = calls.get(n, 0) + 1
        return kayles_moves(n)

    g = Game(moves=moves, name="kayles_once")
    assert g.table(range(40)) == [brute_kayles(n) for n in range(40)]
    assert g.value(60) == brute_kayles(60)
    assert Sum(g.at(25), "nim(3)").grundy == brute_kayles(25) ^ 3
    assert calls and max(calls.values()) == 1, sorted(n for n, c in calls.items() if c > 1)


def test_a_tiny_memory_allowance_still_gives_the_values():
    # The options kept take at most a quarter of the allowance, so that
    # they never starve the search itself: past it, options are found
    # again by calling `moves`; the values do not change.
    g = Game(moves=kayles_moves, name="kayles_tight", memory="16K")
    assert g.table(range(30)) == [brute_kayles(n) for n in range(30)]


def test_a_game_of_100000_positions_in_under_a_second():
    g = Game(moves=lambda n: [n - s for s in (1, 3, 4) if s <= n], name="big")
    t0, c0 = time.perf_counter(), time.process_time()
    values = g.table(range(100_000))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"10^5 positions: {wall:.3f} s wall, {cpu:.3f} s CPU")
    assert values[:8] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert g.value(99_999) == [0, 1, 0, 1, 2, 3, 2][99_999 % 7]
    assert cpu < 1.0, f"{cpu:.3f} s of CPU for 10^5 positions"


# ------------------------------------------------------------- bad input


def test_a_moves_function_that_raises():
    def moves(n):
        if n == 3:
            return [1 / 0]
        return list(range(n))

    g = Game(moves=moves, name="raiser")
    with pytest.raises(grundy.GrundyError, match=r"moves\(3\) raised ZeroDivisionError: division by zero") as e:
        g.value(10)
    assert isinstance(e.value.__cause__, ZeroDivisionError)
    assert g.value(2) == 2  # the game still answers what does not reach 3


def test_a_moves_function_that_returns_a_non_list():
    g = Game(moves=lambda n: (k for k in range(n)), name="gen")
    with pytest.raises(TypeError, match=r"moves\(2\) returned .*generator.*not a list"):
        g.value(2)
    g = Game(moves=lambda n: n - 1, name="int")
    with pytest.raises(TypeError, match=r"moves\(5\) returned 4 \(int\), not a list"):
        g.value(5)


def test_unhashable_positions():
    g = Game(moves=lambda p: [[x - 1 for x in p]] if p and p[0] else [], name="lists")
    with pytest.raises(TypeError, match=r"moves\(\(3,\)\) returned \[2\], which is not hashable"):
        g.value((3,))
    with pytest.raises(TypeError, match="not hashable"):
        g.value([3])


def test_a_loopy_game_is_solved_as_one():
    # A cycle with no way out: every position is a draw, ∞(∅).
    g = Game(moves=lambda n: [(n + 1) % 5], name="loop")
    assert g.value(0) == grundy.Infinite([])
    assert g.outcome(2) == "D"
    a = Sum(g.at(1), "nim(3)").analyze()
    assert a.outcome == "D" and isinstance(a.grundy, grundy.Infinite)
    # Misère play of a loopy game is refused, saying why.
    with pytest.raises(grundy.GrundyError, match="misère play of a loopy game"):
        g.outcome(2, misere=True)


def test_the_budget_is_named_when_exceeded():
    g = Game(moves=lambda n: list(range(n)), name="tight", budget=1000)
    with pytest.raises(grundy.BudgetExceeded, match="budget of 1000"):
        g.value(500)
    assert g.value(10) == 10
    with pytest.raises(grundy.BudgetExceeded):
        g.outcome(500, misere=True)


def test_moves_that_ask_for_their_own_values_are_refused():
    g = None

    def moves(n):
        g.value(0)
        return list(range(n))

    g = Game(moves=moves, name="reentrant")
    with pytest.raises(grundy.GrundyError, match="being solved already"):
        g.value(3)


def test_games_in_one_sum_need_different_names_and_sums_need_a_part():
    a, b = Game(moves=lambda n: [], name="same"), Game(moves=lambda n: [], name="same")
    with pytest.raises(grundy.GrundyError, match='two different games in this sum are named "same"'):
        Sum(a.at(1), b.at(1)).analyze()
    assert Sum(a.at(1), a.at(2), "nim(0)").grundy == 0
    with pytest.raises(TypeError, match="a sum takes expressions"):
        Sum(3).analyze()
    with pytest.raises(grundy.GrundyError, match="empty"):
        Sum()
