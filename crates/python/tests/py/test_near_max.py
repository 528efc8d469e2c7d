"""Numbers at the top of 64 bits: a value, an outcome or a GrundyError,
never a PanicException."""

import pytest

import grundy

M = 2**64 - 1


@pytest.mark.parametrize("expr", [f"wythoff({M},{M})", f"moore({M}; 1,2)", f"lasker({M})"])
def test_the_top_of_64_bits_is_answered(expr):
    a = grundy.analyze(expr)
    assert a.outcome == "N"
    assert a.winning_moves
    assert a.to_dict() == grundy.analyze(expr).to_dict()


def test_lasker_at_the_top_is_worth_two_to_the_64():
    d = grundy.analyze(f"lasker({M})").to_dict()
    assert d["grundy"] is None
    assert d["grundy_wide"] == str(2**64)
    with pytest.raises(grundy.GrundyError, match=r"is 2\^64, beyond 64 bits"):
        grundy.analyze(f"lasker({M}) + nim(1)")


@pytest.mark.parametrize(
    "expr",
    [
        f"wythoff({M},{M - 1})",
        f"moore({M}; {M},{M})",
        f"euclid({M},{M})",
        f"chomp({M}x{M})",
        f"nodekayles({M}x2)",
        f"fibnim({M};{M})",
        f"auction{{{M}}}({M})",
    ],
)
def test_no_panic_reaches_python(expr):
    try:
        grundy.analyze(expr, time=0.5, memory="64M")
    except grundy.GrundyError as e:
        assert str(e)
