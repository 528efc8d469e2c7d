"""The engine's API agrees with the command line's `--json`, field for field."""

import random
import sys

import pytest

import grundy
from conftest import cli_error, cli_json

RULES = ["nim", "kayles", "dawson", "0.137", "sub{1,3,4}", "sub{2..5}", "grundys", "4.7", "0.51"]


def random_expression(rng):
    terms = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        if kind < 4:
            rule = rng.choice(RULES)
            heaps = ",".join(str(rng.randint(0, 40)) for _ in range(rng.randint(1, 3)))
            terms.append(f"{rule}({heaps})")
        elif kind == 4:
            steps = sorted(rng.sample(range(1, 30), rng.randint(1, 4)))
            terms.append(f"stairs({','.join(map(str, steps))})")
        elif kind == 5:
            terms.append(f"wythoff({rng.randint(0, 12)},{rng.randint(0, 12)})")
        elif kind == 6:
            terms.append(f"lasker({rng.randint(0, 60)})")
        else:
            terms.append(f"euclid({rng.randint(1, 40)},{rng.randint(1, 40)})")
    return " + ".join(terms)


def test_analyze_agrees_with_the_cli_on_hundreds_of_positions():
    rng = random.Random(13)
    exprs = [random_expression(rng) for _ in range(240)]
    exprs += ["nim(3,4,5)", "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17)", "kayles(1000000000000000000)"]
    for e in exprs:
        assert grundy.analyze(e).to_dict() == cli_json("analyze", e), e


def test_misere_analyses_agree_with_the_cli():
    rng = random.Random(7)
    exprs = ["nim(1,1,2)", "nim(1,1)", "kayles(3,4)", "0.07(5,6,7)", "sub{1,3,4}(5,9)"]
    exprs += [f"nim({rng.randint(0, 9)},{rng.randint(0, 9)},{rng.randint(0, 9)})" for _ in range(40)]
    exprs += [f"kayles({rng.randint(0, 20)}) + dawson({rng.randint(0, 20)})" for _ in range(20)]
    for e in exprs:
        ours = grundy.analyze(e, misere=True)
        assert ours.to_dict() == cli_json("analyze", "--misere", e), e
        assert ours.grundy is None


def test_the_contract_fields_are_attributes():
    a = grundy.analyze("nim(3,4,5)")
    assert (a.outcome, a.grundy) == ("N", 2)
    assert a.winning_moves == [{"heap": 0, "from": 3, "to": [1], "term": 0, "after": "nim(1,4,5)"}]
    assert a.winning_moves_truncated is False
    assert a.play == "normal"
    assert a.terms == [{"name": "nim", "value": 2}]
    assert [h["size"] for h in a.heaps] == [3, 4, 5]
    html = a._repr_html_()
    assert "<table>" in html and "011" in html and "nim-sum" in html
    assert "N-position" in html


def test_sequences_agree_with_the_cli():
    for rule, n in [("kayles", 100), ("0.77", 1000), ("dawson", 200), ("sub{1..5}", 50),
                    ("sub{1,3,4}", 60), ("grundys", 80), ("nim", 30), ("0.137", 300), ("4.7", 64)]:
        ours = grundy.sequence(rule, n)
        assert ours.to_dict() == cli_json("seq", rule, "--to", str(n)), rule
        assert len(ours) == n + 1
    s = grundy.sequence("0.77", 1000)
    assert (s.period, s.preperiod, s.proof["kind"]) == (12, 71, "guy_smith")
    assert "<svg" in s._repr_html_() and "period 12 from 71" in s._repr_html_()


def test_values_are_numpy_arrays_when_numpy_is_there(monkeypatch):
    numpy = pytest.importorskip("numpy")  # installed by tests/python.rs: never skipped there
    s = grundy.sequence("kayles", 20)
    assert isinstance(s.values, numpy.ndarray) and s.values.dtype == numpy.uint64
    monkeypatch.setitem(sys.modules, "numpy", None)
    s = grundy.sequence("kayles", 20)
    assert isinstance(s.values, list) and s.values[:5] == [0, 1, 2, 3, 1]


def test_single_values_agree_with_the_cli():
    for rule, n in [("kayles", 10**18), ("0.137", 10**15), ("sub{1,3,4}", 17), ("nim", 2**64 - 1),
                    ("dawson", 123456789), ("sub{2..5}", 2**63)]:
        assert grundy.value(rule, n) == cli_json("value", rule, str(n))["value"], rule


def test_nimbers_agree_with_the_cli():
    rng = random.Random(5)
    for _ in range(60):
        a, b = rng.getrandbits(64), rng.getrandbits(rng.choice([8, 16, 64]))
        assert grundy.nim_mul(a, b) == cli_json("nimber", "mul", str(a), str(b))["result"]
        if b:
            assert grundy.nim_div(a, b) == cli_json("nimber", "div", str(a), str(b))["result"]
    assert grundy.nim_sum(3, 4, 5) == 2
    assert grundy.nim_mul(3141, 5926) == 14994
    assert grundy.nim_inv(5) == 12
    assert grundy.nim_square(3) == grundy.nim_mul(3, 3) == 2
    assert grundy.nim_sqrt(2) == 3
    assert grundy.nim_pow(3, 3) == grundy.nim_mul(2, 3)


@pytest.mark.parametrize("args", [
    ("analyze", "nim(3) + stairs(1,5,3)"),
    ("analyze", "nim(3,x)"),
    ("analyze", "foo(3)"),
    ("analyze", "nim(3"),
    ("analyze", "sub{0}(3)"),
    ("analyze", "nim(99999999999999999999)"),
    ("seq", "0.x", "--to", "10"),
    ("value", "bogus", "3"),
    ("nimber", "div", "5", "0"),
    ("nimber", "inv", "0"),
])
def test_errors_carry_the_cli_messages(args):
    want = cli_error(*args)
    with pytest.raises(grundy.GrundyError) as e:
        if args[0] == "analyze":
            grundy.analyze(args[1])
        elif args[0] == "seq":
            grundy.sequence(args[1], int(args[3]))
        elif args[0] == "value":
            grundy.value(args[1], int(args[2]))
        elif args[1] == "div":
            grundy.nim_div(int(args[2]), int(args[3]))
        else:
            grundy.nim_inv(int(args[2]))
    assert str(e.value) == want
    assert isinstance(e.value, ValueError)


def test_bad_numbers_are_refused_clearly():
    with pytest.raises(grundy.GrundyError, match="negative"):
        grundy.nim_mul(-1, 3)
    with pytest.raises(grundy.GrundyError, match="too large"):
        grundy.value("kayles", 2**64)
    with pytest.raises(grundy.GrundyError, match="not a whole number"):
        grundy.sequence("kayles", 2.5)
    with pytest.raises(TypeError):
        grundy.analyze(3)
