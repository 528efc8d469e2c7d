"""grundy: impartial combinatorial games, exactly, from Python.

The engine of the ``grundy`` command line (written in Rust) as a Python
package:

* ``analyze("nim(3,4,5) + kayles(10)")``: who wins, the Grundy value, every
  winning move (the fields of ``grundy analyze --json``, as attributes);
* ``sequence("0.77", 1000)``, ``value("kayles", 10**18)``: nim-sequences and
  their proved periods;
* ``nim_sum``, ``nim_mul`` and the rest of nimber arithmetic;
* ``Game(moves=...)``: your own game from its moves, solved in Rust (memoised,
  iterative, within a budget), summed with built-in games by ``Sum``; games
  whose positions repeat (loopy games) are solved too, with draws (``"D"``)
  and infinite values (``Infinite``);
* ``find_pattern``: table a family and report its period, arithmetic period
  or the lines its P-positions lie on, and whether that is proved or only
  observed;
* ``census("0.???")``: the table of many octal codes (class, proved period,
  sparse split), the records of ``grundy census --json``, on local threads or
  on a Dask cluster (``client=``).

Errors of the engine are raised as ``GrundyError`` (a ``ValueError``) with the
command line's message. The analysing calls and ``Game`` take ``time=``
(seconds) and ``memory=`` (bytes, or a size such as ``"500M"`` or ``"4G"``):
a search that reaches either stops and raises ``BudgetExceeded`` saying which
limit it reached. Ctrl-C during a search stops it and raises
``KeyboardInterrupt``.
"""

import json as _json

from . import _grundy
from ._grundy import BudgetExceeded, GrundyError, Infinite, LoopyGameError, Split
from ._census import census

__all__ = [
    "Analysis",
    "BudgetExceeded",
    "Game",
    "GrundyError",
    "Infinite",
    "LoopyGameError",
    "Pattern",
    "Sequence",
    "Split",
    "Sum",
    "analyze",
    "census",
    "find_pattern",
    "nim_div",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "nim_square",
    "nim_sum",
    "sequence",
    "value",
]

#: The default budget of a search over a game of your own: positions and
#: moves visited per question.
DEFAULT_BUDGET = 2_000_000

_U64 = 2**64 - 1


def _count(n, what):
    """``n`` as an integer in 0..2^64-1, or a GrundyError saying why not."""
    if isinstance(n, bool) or not isinstance(n, int):
        try:
            import operator

            n = operator.index(n)
        except TypeError:
            raise GrundyError(f"{what}: {n!r} is not a whole number") from None
    if n < 0:
        raise GrundyError(f"{what}: {n} is negative; sizes are 0 or more")
    if n > _U64:
        raise GrundyError(
            f"{what}: {n} is too large: the largest allowed is 2^64 - 1 = {_U64}"
        )
    return int(n)


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def _seconds(time):
    """``time`` (seconds, a number 0 or more) for the engine, or None."""
    if time is None:
        return None
    if isinstance(time, bool) or not isinstance(time, (int, float)):
        raise GrundyError(f"time={time!r}: give the seconds allowed, a number 0 or more")
    time = float(time)
    if not time >= 0:
        raise GrundyError(f"time={time!r}: give the seconds allowed, a number 0 or more")
    return time


def _memory(memory):
    """``memory`` (bytes, or a size such as ``"500M"``, ``"4G"``,
    ``"64MiB"``) as bytes for the engine, or None."""
    if memory is None:
        return None
    if isinstance(memory, str):
        text = memory.strip().upper()
        for suffix in ("IB", "B"):
            if text.endswith(suffix):
                text = text[: -len(suffix)]
                break
        digits = text.rstrip("KMGT")
        unit = text[len(digits):]
        if not digits.isdigit() or unit not in _UNITS:
            raise GrundyError(
                f"memory={memory!r}: give bytes, or a size such as '500M' or '4G'"
            )
        return _count(int(digits) * _UNITS[unit], "memory")
    return _count(memory, "memory")


# ---------------------------------------------------------------- analyses


def _value(v):
    """A value of the JSON: a number, ``None``, or ``{"inf": [...]}`` for a
    loopy value ``∞(K)``, which becomes an ``Infinite``."""
    if isinstance(v, dict) and "inf" in v:
        return Infinite(v["inf"])
    return v


class Analysis:
    """The analysis of a position: the object of ``grundy analyze --json``.

    Attributes: ``outcome`` (``"N"`` when the player to move wins, ``"P"``
    when it loses, ``"D"`` for a draw — only loopy games have draws),
    ``grundy`` (the value under normal play: an ``int``, or ``Infinite`` for
    a loopy ``∞(K)``; ``None`` under misère play), ``winning_moves`` (a list
    of dicts with ``term``, ``after`` and, for moves on heaps, ``heap``,
    ``from``, ``to``), ``winning_moves_truncated``, ``drawing_moves`` (when
    the outcome is ``"D"``, the moves that keep the draw),
    ``drawing_moves_truncated``, ``play``, ``terms``, ``components``,
    ``heaps`` (as in the JSON: a loopy value there is ``{"inf": [...]}``),
    and ``position``, the expression analysed.
    """

    def __init__(self, data, position):
        self._data = data
        self.position = position
        self.outcome = data["outcome"]
        self.grundy = _value(data["grundy"])
        self.winning_moves = data["winning_moves"]
        self.winning_moves_truncated = data["winning_moves_truncated"]
        self.drawing_moves = data["drawing_moves"]
        self.drawing_moves_truncated = data["drawing_moves_truncated"]
        self.components = data["components"]
        self.play = data["play"]
        self.terms = data["terms"]
        self.heaps = data["heaps"]

    def to_dict(self):
        """The JSON object, exactly as ``grundy analyze --json`` prints it."""
        return _json.loads(_json.dumps(self._data))

    def __repr__(self):
        g = "" if self.grundy is None else f", grundy={self.grundy}"
        return (
            f"<Analysis of {self.position!r}: outcome={self.outcome!r}{g}, "
            f"{len(self.winning_moves)} winning move(s)>"
        )

    def _rows(self):
        """(label, size, value) per heap, or per term without heaps."""
        rows = []
        for t, term in enumerate(self.terms):
            heaps = [h for h in self.heaps if h["term"] == t]
            if heaps:
                rows += [(term["name"], h["size"], h["value"]) for h in heaps]
            else:
                rows.append((term["name"], "", term["value"]))
        return rows

    def _repr_html_(self):
        """The binary table: each part's value in binary, and the nim-sum."""
        from html import escape

        rows = [(name, size, _value(v)) for name, size, v in self._rows()]
        known = [v for _, _, v in rows if isinstance(v, int)]
        total = self.grundy
        bits = max([v.bit_length() for v in known + [total if isinstance(total, int) else 0]] + [1])

        def binary(v):
            if v is None:
                return "?" * bits
            if isinstance(v, Infinite):
                return "∞"
            return format(v, f"0{bits}b")

        out = ["<table><thead><tr><th></th><th>size</th><th>value</th><th>binary</th></tr></thead><tbody>"]
        for name, size, v in rows:
            out.append(
                f"<tr><td>{escape(str(name))}</td><td>{escape(str(size))}</td>"
                f"<td>{'?' if v is None else v}</td><td><code>{binary(v)}</code></td></tr>"
            )
        label = "nim-sum" if self.play == "normal" else "nim-sum (normal play)"
        out.append(
            f"<tr><th>{label}</th><td></td><th>{'' if total is None else total}</th>"
            f"<th><code>{'' if total is None else binary(total)}</code></th></tr>"
        )
        out.append("</tbody></table>")
        who = {
            "N": "the player to move wins",
            "P": "the player to move loses",
            "D": "a draw: neither player can force a win",
        }[self.outcome]
        moves = "".join(f"<li><code>{escape(m['after'])}</code> (term {m['term']})</li>" for m in self.winning_moves[:20])
        more = " …" if len(self.winning_moves) > 20 or self.winning_moves_truncated else ""
        out.append(f"<p>{self.outcome}-position ({self.play} play): {who}.</p>")
        if moves:
            out.append(f"<p>Winning moves (the term after the move):</p><ul>{moves}</ul>{more}")
        return "".join(out)


def analyze(expr, misere=False, max_moves=10_000, *, time=None, memory=None):
    """Analyses a position written in the expression language, within
    ``time`` seconds and ``memory`` bytes (``"4G"``) when given. A search
    for a Grundy value (a board, a graph) may visit 200,000,000 positions
    and moves, about half a minute of a Cram search; Ctrl-C stops it.

    >>> a = analyze("nim(3,4,5) + kayles(10)")
    >>> a.outcome, a.grundy, a.winning_moves
    ('P', 0, [])
    >>> analyze("nim(3,4,5)").winning_moves
    [{'heap': 0, 'from': 3, 'to': [1], 'term': 0, 'after': 'nim(1,4,5)'}]
    """
    if not isinstance(expr, str):
        raise TypeError(f"analyze takes an expression (str), not {expr!r}")
    data = _json.loads(
        _grundy.analyze(
            expr, bool(misere), _count(max_moves, "max_moves"), _seconds(time), _memory(memory)
        )
    )
    return Analysis(data, expr)


# --------------------------------------------------------------- sequences


def _array(values):
    """A NumPy array of the values when NumPy is installed, else the list."""
    try:
        import numpy
    except ImportError:
        return values
    return numpy.asarray(values, dtype=numpy.uint64)


class Sequence:
    """The nim-sequence ``G(0..n)`` of a heap rule: ``grundy seq --json``.

    Attributes: ``rule`` (its canonical name), ``values`` (a NumPy array when
    NumPy is installed, else a list), ``period`` and ``preperiod`` (``None``
    unless proved), ``proof`` (a dict: ``{"kind": "closed_form"}`` or
    ``{"kind": "guy_smith", "window_start": .., "window_end": ..}``).
    """

    def __init__(self, values, rest):
        self.rule = rest["rule"]
        self.values = _array(values)
        self.period = rest["period"]
        self.preperiod = rest["preperiod"]
        self.proof = rest["proof"]

    def to_dict(self):
        """The object of ``grundy seq RULE --to N --json``."""
        return {
            "rule": self.rule,
            "values": [int(v) for v in self.values],
            "period": self.period,
            "preperiod": self.preperiod,
            "proof": self.proof,
        }

    def __len__(self):
        return len(self.values)

    def __repr__(self):
        p = (
            f"period {self.period} from {self.preperiod} (proved)"
            if self.period is not None
            else "no period proved"
        )
        return f"<Sequence of {self.rule}, G(0..{len(self.values) - 1}): {p}>"

    def _repr_html_(self):
        return _svg_plot([int(v) for v in self.values], self.preperiod, self.period, self.rule)


def _svg_plot(values, preperiod, period, title):
    """A small scatter plot of G(n), with the periodic part marked."""
    from html import escape

    w, h, pad = 600, 180, 24
    n = max(len(values) - 1, 1)
    top = max(max(values, default=0), 1)
    x = lambda i: pad + (w - 2 * pad) * i / n  # noqa: E731
    y = lambda v: h - pad - (h - 2 * pad) * v / top  # noqa: E731
    step = max(1, len(values) // 2000)
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="1.5"/>' for i, v in enumerate(values) if i % step == 0
    )
    marks = ""
    if period is not None and preperiod is not None and preperiod <= n:
        marks += f'<line x1="{x(preperiod):.1f}" y1="{pad}" x2="{x(preperiod):.1f}" y2="{h - pad}" stroke="#c00" stroke-dasharray="4 3"/>'
        if preperiod + period <= n:
            marks += (
                f'<rect x="{x(preperiod):.1f}" y="{pad}" width="{x(preperiod + period) - x(preperiod):.1f}" '
                f'height="{h - 2 * pad}" fill="#c00" fill-opacity="0.08"/>'
            )
        label = f"period {period} from {preperiod}"
    else:
        label = "no period proved"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img">'
        f"<title>G(n) of {escape(title)}</title>"
        f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#888"/>'
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h - pad}" stroke="#888"/>'
        f"{marks}<g fill=\"#236\">{dots}</g>"
        f'<text x="{pad}" y="14" font-size="12">G(n) of {escape(title)}, n = 0..{n}, max {top}: {label}</text>'
        "</svg>"
    )


def sequence(rule, n, *, time=None, memory=None):
    """``G(0..n)`` of a heap rule and its period when proved, within
    ``time`` seconds and ``memory`` bytes (``"4G"``) when given.

    >>> s = sequence("sub{1..5}", 20)
    >>> s.period, s.preperiod, [int(v) for v in s.values[:8]]
    (6, 0, [0, 1, 2, 3, 4, 5, 0, 1])
    """
    values, rest = _grundy.sequence(
        _rule(rule), _count(n, "n"), _seconds(time), _memory(memory)
    )
    return Sequence(values, _json.loads(rest))


def value(rule, n, *, time=None, memory=None):
    """One Grundy value of a heap rule, for any ``n`` below 2^64 once the
    rule's period is proved (``grundy value RULE N``), within ``time``
    seconds and ``memory`` bytes (``"4G"``) when given.

    >>> value("kayles", 10**18)
    1
    """
    return _grundy.value(_rule(rule), _count(n, "n"), _seconds(time), _memory(memory))


def _rule(rule):
    if not isinstance(rule, str):
        raise TypeError(f"a rule is written as a string such as 'kayles' or '0.77', not {rule!r}")
    return rule


# ----------------------------------------------------------------- nimbers


def nim_sum(*values):
    """The nim-sum (xor) of the values: ``nim_sum(3, 4, 5) == 2``."""
    out = 0
    for v in values:
        out ^= _count(v, "nim_sum")
    return out


def nim_mul(a, b):
    """Conway's nim product ``a ⊗ b``: ``nim_mul(3141, 5926) == 14994``."""
    return _grundy.nimber_op("mul", _count(a, "nim_mul"), _count(b, "nim_mul"))


def nim_div(a, b):
    """The ``q`` with ``q ⊗ b = a``; division by 0 raises GrundyError."""
    return _grundy.nimber_op("div", _count(a, "nim_div"), _count(b, "nim_div"))


def nim_inv(a):
    """The nim inverse of ``a`` (``a ⊗ x = 1``)."""
    return _grundy.nimber_op("inv", _count(a, "nim_inv"))


def nim_square(a):
    """``a ⊗ a``."""
    return _grundy.nimber_op("square", _count(a, "nim_square"))


def nim_sqrt(a):
    """The nim square root: the ``r`` with ``r ⊗ r = a``."""
    return _grundy.nimber_op("sqrt", _count(a, "nim_sqrt"))


def nim_pow(a, e):
    """``a`` to the ordinary power ``e`` in nim multiplication."""
    return _grundy.nimber_op("pow", _count(a, "nim_pow"), _count(e, "nim_pow"))


# -------------------------------------------------------------- your games

_MISSING = object()


class Game:
    """An impartial game from its moves.

    ``moves`` is a function from a position to the list of positions one move
    can reach; positions are any hashable Python values (numbers, tuples,
    frozensets, your own hashable objects). Without ``moves``, positions are
    objects with a ``moves()`` method. An option that leaves several
    independent games (a take-and-break move) is written ``Split(a, b)``.

    The search runs in Rust: memoised (values found once are kept), iterative
    (no recursion limit), and bounded by ``budget`` positions and moves per
    question (``BudgetExceeded`` beyond it), and by ``time`` seconds and
    ``memory`` bytes (``"500M"``) per question when given.

    The game may be *loopy*: a line of play may come back to a position. It
    is then solved as a loopy game, by retrograde analysis of all the
    positions reachable (the generalized Sprague–Grundy function of Smith,
    Fraenkel and Yesha): a value is an ``int``, or ``Infinite`` — ``∞(K)``,
    ``K`` (``.finite_followers``) the finite values among the options — and
    an outcome may be ``"D"``, a draw. ``LoopyGameError`` (a
    ``BudgetExceeded``) says that the positions of a loopy game are more than
    the budget allows.

    Unless told otherwise, the search cannot know that every line of play
    ends, so it visits every position reachable (a repetition may hide in
    any line it would skip). ``finite=True`` promises that every line of play
    ends (no position ever comes back, as in Cram or Kayles): the search
    then prunes — it stops at the first option that settles a question and
    skips the rest — and is often many times faster. A repetition it meets
    anyway is still solved as a loopy game.

    >>> nim = Game(moves=lambda n: list(range(n)), name="heap")
    >>> nim.value(7), nim.outcome(0)
    (7, 'P')
    >>> loop = Game(moves=lambda n: [(n + 1) % 3], name="loop")
    >>> loop.value(0), loop.outcome(0)
    (Infinite([]), 'D')
    """

    def __init__(
        self,
        moves=None,
        start=_MISSING,
        name="game",
        budget=DEFAULT_BUDGET,
        *,
        time=None,
        memory=None,
        finite=False,
    ):
        if not isinstance(finite, bool):
            raise TypeError(f"finite must be True or False, not {finite!r}")
        self._rules = _grundy.Rules(
            moves, name, _count(budget, "budget"), _seconds(time), _memory(memory), finite
        )
        self.start = start

    @property
    def name(self):
        """The name the game is written with in sums (two games in one sum
        must have different names)."""
        return self._rules.name

    def _pos(self, pos):
        if pos is _MISSING:
            if self.start is _MISSING:
                raise TypeError("give a position (this game has no start)")
            return self.start
        return pos

    def value(self, pos=_MISSING):
        """The value of a position (normal play): its Grundy value, or for a
        loopy game an ``int`` or ``Infinite``."""
        return self._rules.values([self._pos(pos)])[0]

    def table(self, positions):
        """The Grundy values of many positions, in order (a list)."""
        return self._rules.values(list(positions))

    def outcome(self, pos=_MISSING, misere=False):
        """``"N"`` when the player to move wins, ``"P"`` when it loses, ``"D"``
        for a draw (loopy games); misère by search (loopy games refused)."""
        return self._rules.outcome(self._pos(pos), bool(misere))

    def options(self, pos=_MISSING):
        """Each option of a position with its value: ``[(option, value)]``."""
        return self._rules.option_values(self._pos(pos))

    def winning_moves(self, pos=_MISSING, misere=False):
        """The options that win: to a P-position (normal play: value 0)."""
        pos = self._pos(pos)
        if misere:
            return self._rules.misere_winning_moves(pos)
        return [o for o, v in self._rules.option_values(pos) if v == 0]

    def at(self, pos=_MISSING):
        """The position as a component of a ``Sum`` with other games."""
        return self._rules.part(self._pos(pos))

    def __repr__(self):
        return f"<Game {self.name}>"


class Sum:
    """A sum of games: expressions (``"nim(3)"``) and positions of your games
    (``g.at(position)``).

    >>> g = Game(moves=lambda n: [n - k for k in (1, 2) if k <= n], name="take12")
    >>> s = Sum(g.at(5), "nim(2)")
    >>> s.grundy, s.outcome
    (0, 'P')
    """

    def __init__(self, *items):
        if not items:
            raise GrundyError("the position is empty: give at least one heap")
        self.items = items

    def analyze(self, misere=False, max_moves=10_000, *, time=None, memory=None):
        """The analysis of the sum (as ``analyze``), within ``time`` seconds
        and ``memory`` bytes when given. A sum of expressions alone gets
        ``analyze``'s budget of search; with your games in it, the built-in
        parts get 2,000,000 positions and moves each, since Ctrl-C cannot
        stop them there."""
        data = _json.loads(
            _grundy.analyze_sum(
                self.items,
                bool(misere),
                _count(max_moves, "max_moves"),
                _seconds(time),
                _memory(memory),
            )
        )
        return Analysis(data, " + ".join(str(i) if isinstance(i, str) else repr(i) for i in self.items))

    @property
    def outcome(self):
        return self.analyze(max_moves=0).outcome

    @property
    def grundy(self):
        return self.analyze(max_moves=0).grundy

    @property
    def winning_moves(self):
        return self.analyze().winning_moves

    def __repr__(self):
        return f"Sum({', '.join(repr(i) for i in self.items)})"


# --------------------------------------------------------- pattern finding


class Pattern:
    """What ``find_pattern`` found.

    For a one-parameter family: ``kind`` is ``"periodic"``,
    ``"arithmetic_periodic"`` or ``"none"``; ``period``, ``preperiod`` and
    ``saltus`` (``G(n + period) = G(n) + saltus`` from ``preperiod`` on;
    saltus 0 when periodic); ``proved`` (True only with a Guy–Smith
    certificate); ``values`` (the table). For pairs: ``kind`` is
    ``"diagonal"``, ``"beatty"``, ``"lines"`` or ``"list"``, and
    ``p_positions``. ``description`` says it in words, with how sure it is.
    """

    def __init__(self, data, **extra):
        self._data = data
        pat = data["pattern"]
        self.kind = pat["kind"]
        self.period = pat.get("period")
        self.preperiod = pat.get("preperiod")
        self.saltus = pat.get("saltus", 0 if self.kind == "periodic" else None)
        cert = data.get("certainty")
        self.proved = bool(cert and cert["kind"] == "proved")
        self.certainty = cert
        self.description = data["description"]
        for k, v in extra.items():
            setattr(self, k, v)

    def to_dict(self):
        return _json.loads(_json.dumps(self._data))

    def __repr__(self):
        return f"<Pattern: {self.description}>"

    def __str__(self):
        return self.description


def _parts(option):
    return option.parts if isinstance(option, Split) else (option,)


def _check_shape(moves, n_max, max_take, max_heaps):
    """Checks the move bound the user gave on every option of the table."""
    for n in range(n_max + 1):
        for option in moves(n):
            parts = _parts(option)
            bad = None
            if len(parts) > max_heaps:
                bad = f"leaves {len(parts)} heaps, more than max_heaps={max_heaps}"
            elif any(not isinstance(p, int) or p < 0 for p in parts):
                bad = "leaves something that is not a heap size"
            elif sum(parts) > n:
                bad = "adds tokens"
            elif n - sum(parts) > max_take:
                bad = f"removes {n - sum(parts)} tokens, more than max_take={max_take}"
            if bad:
                raise GrundyError(f"the move bound does not hold: the move {n} → {option!r} {bad}")


def find_pattern(family, n_max, *, max_take=None, max_heaps=None, pairs=False, budget=DEFAULT_BUDGET):
    """Tables a family and reports the pattern it shows, and how sure that is.

    ``family`` is a heap rule (``"kayles"``), a function ``moves(n)`` on heap
    sizes, or a ``Game`` on integers; ``G(0..n_max)`` is tabled and checked
    for a period (``G(n + p) = G(n)`` from some ``n0``) or an arithmetic
    period (``G(n + p) = G(n) + s``). A period is **proved** by the Guy–Smith
    theorem when you give the move bound (``max_take``: the most tokens a move
    removes; ``max_heaps``: the most heaps it leaves, default 1, or 2 when a
    move may ``Split``) and the table reaches its window — assuming the
    moves are the same at every size, as in subtraction and take-and-break
    games (the bound itself is checked on every move of the table). A built-in
    rule carries its own bound. Otherwise it is "observed up to n_max".

    With ``pairs=True``, ``family`` is ``moves((a, b))`` and the P-positions
    with ``a, b ≤ n_max`` are checked for lines: the diagonal, lines through
    the origin, or Beatty pairs ``(⌊kα⌋, ⌊kβ⌋)`` (Wythoff's φ and φ²).

    >>> find_pattern(lambda n: [n - k for k in (1, 2, 3, 4, 5) if k <= n], 60, max_take=5).description
    'purely periodic with period 6, proved by the Guy–Smith theorem (G(n + p) = G(n) checked for 0 ≤ n < 6) — assuming every move removes at most 5 tokens and leaves at most 1 heap(s) by the same rule at every size'
    """
    n_max = _count(n_max, "n_max")
    if pairs:
        game = family if isinstance(family, Game) else Game(moves=family, name="pairs", budget=budget)
        grid = [(a, b) for a in range(n_max + 1) for b in range(n_max + 1)]
        values = game.table(grid)
        p = [ab for ab, v in zip(grid, values) if v == 0]
        data = _json.loads(_grundy.find_lines_pattern(p, n_max))
        return Pattern(data, p_positions=p)
    shape = None
    if isinstance(family, str):
        canonical, shape = _grundy.rule_info(family)
        values = [int(v) for v in sequence(family, n_max).values]
    else:
        game = family if isinstance(family, Game) else Game(moves=family, name="family", budget=budget)
        values = game.table(range(n_max + 1))
        if max_take is not None:
            moves = family if not isinstance(family, Game) else (lambda n: [o for o, _ in game.options(n)])
            h = 1 if max_heaps is None else _count(max_heaps, "max_heaps")
            if max_heaps is None and any(isinstance(o, Split) for n in range(n_max + 1) for o in moves(n)):
                h = 2
            _check_shape(moves, n_max, _count(max_take, "max_take"), h)
            shape = (h, max_take)
    data = _json.loads(_grundy.find_sequence_pattern(values, shape))
    if shape is not None and data["certainty"]["kind"] == "proved" and not isinstance(family, str):
        data["description"] += (
            f" — assuming every move removes at most {shape[1]} tokens and leaves at most"
            f" {shape[0]} heap(s) by the same rule at every size"
        )
    return Pattern(data, values=values)
