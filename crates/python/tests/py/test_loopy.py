"""Loopy games from Python: values, draws and sums, checked against a direct
win/lose/draw analysis written here from the definitions."""

import random

import pytest

import grundy
from grundy import Game, Infinite, Sum, analyze


def outcomes(moves, start):
    """N/P/D of every position reachable from `start`: lost with no move, won
    with a move to a lost position, lost when every move goes to a won one,
    a draw otherwise."""
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        for q in moves(p):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    out = {p: ("P" if not moves(p) else "D") for p in seen}
    changed = True
    while changed:
        changed = False
        for p in seen:
            if out[p] != "D":
                continue
            opts = [out[q] for q in moves(p)]
            if "P" in opts:
                out[p], changed = "N", True
            elif opts and all(o == "N" for o in opts):
                out[p], changed = "P", True
    return out


def with_heap(moves, k):
    """The game beside a Nim heap of k tokens: positions (p, h)."""
    return lambda ph: [(q, ph[1]) for q in moves(ph[0])] + [(ph[0], h) for h in range(ph[1])]


def test_values_have_their_defining_property():
    rng = random.Random(7)
    for case in range(60):
        n = rng.randint(1, 7)
        adj = {v: sorted({rng.randrange(n) for _ in range(rng.randint(0, 3))}) for v in range(n)}
        moves = lambda v, adj=adj: adj[v]
        g = Game(moves=moves, name=f"g{case}")
        for v in range(n):
            value = g.value(v)
            for k in range(n + 1):
                got = outcomes(with_heap(moves, k), (v, k))[(v, k)]
                if isinstance(value, Infinite):
                    want = "N" if k in value.finite_followers else "D"
                else:
                    want = "P" if k == value else "N"
                assert got == want, (adj, v, k, value)
            assert g.outcome(v) == outcomes(moves, v)[v]


def test_infinite_values_read_well():
    # A position with a move to itself and an exit to a final position is
    # ∞(0): won (move to the exit), but a draw beside a heap of 1.
    g = Game(moves=lambda v: {0: [0, 1], 1: []}[v], name="selfloop")
    v = g.value(0)
    assert isinstance(v, Infinite)
    assert v.finite_followers == [0]
    assert v.outcome == "N"
    assert str(v) == "∞(0)" and repr(v) == "Infinite([0])"
    assert g.outcome(0) == "N"
    assert g.winning_moves(0) == [1]
    assert Sum(g.at(0), "nim(1)").outcome == "D"
    assert Sum(g.at(0), "nim(1)").analyze().drawing_moves


def test_the_digraph_family():
    a = analyze("digraph(1>2 2>3 3>1 3>4; 1 3)")
    assert (a.outcome, a.grundy) == ("N", 3)
    a = analyze("digraph(1>2 2>1; 1) + nim(2)")
    assert a.outcome == "D"
    assert a.grundy == Infinite([])
    assert a.to_dict()["grundy"] == {"inf": []}
    assert [c["value"] for c in a.components] == [{"inf": []}, 2]
    assert len(a.drawing_moves) == 3
    with pytest.raises(grundy.GrundyError, match=r"column 16"):
        analyze("digraph(1>2 2>1)")


def test_a_loopy_game_beyond_its_budget():
    # Position 0 moves to itself (found at once), and the cycle through all
    # 100,000 positions is more than a budget of 1,000 can explore.
    g = Game(moves=lambda n: [0, (n + 1) % 100_000], name="big", budget=1000)
    with pytest.raises(grundy.LoopyGameError) as e:
        g.value(0)
    assert isinstance(e.value, grundy.BudgetExceeded)


def test_misere_play_of_a_loopy_game_is_refused():
    g = Game(moves=lambda n: [(n + 1) % 3], name="loop")
    for ask in (
        lambda: g.outcome(0, misere=True),
        lambda: g.winning_moves(0, misere=True),
        lambda: analyze("digraph(1>2 2>1; 1)", misere=True),
    ):
        with pytest.raises(grundy.GrundyError, match="misère play of a loopy game is not supported"):
            ask()


def test_loopy_game_error_is_only_for_a_budget():
    # A game with cycles within its budget answers; no LoopyGameError.
    g = Game(moves=lambda n: [(n + 1) % 500, 0] if n else [1], name="ring")
    assert isinstance(g.value(3), (int, Infinite))
    assert g.outcome(3) in ("N", "P", "D")
    # The memory limit of a loopy game raises it too (0 moves to itself, so
    # the repetition is found at once; its 200,000 positions are too many
    # for a megabyte).
    big = Game(
        moves=lambda n: [0, (n + 1) % 200_000], name="wide", budget=10_000_000, memory="1M"
    )
    with pytest.raises(grundy.LoopyGameError) as e:
        big.value(0)
    assert isinstance(e.value, grundy.BudgetExceeded)
    assert "memory" in str(e.value)


def test_a_promise_of_finiteness_still_meets_a_loop_it_walks_into():
    # finite=True lets the search prune; a repetition it meets is still
    # solved as a loopy game, and a game searched in full agrees.
    for finite in (False, True):
        loop = Game(moves=lambda n: [(n + 1) % 3], name="loop", finite=finite)
        assert (loop.value(0), loop.outcome(0)) == (Infinite([]), "D")
    with pytest.raises(TypeError):
        Game(moves=lambda n: [], name="x", finite="yes")
