"""The census of octal codes, on local threads or on a Dask cluster."""

import json as _json

from . import _grundy

#: How far each code is computed by default: heaps up to 2^20.
DEFAULT_TO = 2**20

#: The time each code may take by default, in seconds (as ``grundy census``).
DEFAULT_TIME = 600.0


def census(codes, to=DEFAULT_TO, client=None, time_per_game=DEFAULT_TIME, threads=None, retries=3):
    """The census of octal codes: one record (a dict) per code, in the order
    of the published tables, the same as the JSON of ``grundy census --json``.

    ``codes`` is a pattern (``"0.???"``: the 512 codes 0.000 to 0.777, ``?``
    standing for any octal digit), a list of codes and patterns, or a string
    of them separated by commas or spaces. Each code is computed up to heap
    ``to`` (stopping earlier at a proved period) within ``time_per_game``
    seconds (``None``: no limit). Codes of one class (identical
    nim-sequences, known from the rules) are computed once.

    Without ``client`` the census runs here, on ``threads`` threads (default:
    every core). With a ``dask.distributed.Client`` each class is one task on
    the cluster's workers, which call the engine of the ``grundy`` package
    installed there. The tasks are pure (the same code and heaps give the
    same record), so a worker lost mid-census costs only time: Dask runs its
    tasks again elsewhere (``retries`` more times for a task that fails), and
    the records are the same.

    >>> records = census("0.07, 0.77", to=1000)
    >>> [(r["code"], r["status"], r["preperiod"], r["period"]) for r in records]
    [('0.07', 'solved', 53, 34), ('0.77', 'solved', 71, 12)]
    >>> census(".120")[0]["equivalent"]
    '0.12'
    """
    patterns = [codes] if isinstance(codes, str) else list(codes)
    if not all(isinstance(p, str) for p in patterns):
        raise TypeError("codes are strings such as '0.77' or patterns such as '0.???'")
    to = _count(to)
    if client is None:
        return _json.loads(_grundy.census_run(patterns, to, time_per_game, threads))
    codes = _grundy.census_codes(patterns)
    firsts = {}
    for code, rep in codes:
        firsts.setdefault(rep, code)
    futures = client.map(
        _survey,
        list(firsts.values()),
        to=to,
        time_per_game=time_per_game,
        pure=True,
        retries=retries,
    )
    found = dict(zip(firsts, client.gather(futures)))
    return [_json.loads(_grundy.census_for_code(found[rep], code)) for code, rep in codes]


def _survey(code, to, time_per_game):
    """One task of a distributed census: the record (JSON) of ``code``."""
    return _grundy.census_survey(code, to, time_per_game)


def _count(n):
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"to must be a whole number, not {n!r}")
    if not 0 <= n < 2**64:
        raise ValueError(f"to must be between 0 and 2^64 - 1, not {n}")
    return n
