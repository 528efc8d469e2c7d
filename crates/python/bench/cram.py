"""The Cram of the Python tests, as a user writes it, timed in grundy.

Imports `cram_moves` and `board` from `crates/python/tests/py/test_cram.py`
unchanged (regions normalised for the 8 symmetries of the square, `Split`
when a domino cuts a region) and, for each board, prints the median CPU
time of finding its value over --repeat runs, each in a fresh game (nothing
carried over), with how many times the engine called `moves` and on how
many distinct positions (counted in one more run, with `moves` wrapped in
a counter; the timed runs call the test's function itself).

Run from an environment where `grundy` is installed:
    python crates/python/bench/cram.py --repeat 5 5x5 3x8
"""

import argparse
import collections
import os
import statistics
import sys
import time

import grundy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "py"))
import test_cram  # noqa: E402  (the Cram of the tests, as it is)


def solve(moves, rows, cols):
    game = grundy.Game(moves=moves, name="cram_py", finite=True)
    t = time.process_time()
    value = game.value(test_cram.board(rows, cols))
    return value, time.process_time() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("boards", nargs="*", default=["5x5"], help="boards as RxC (default 5x5)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    for text in args.boards:
        rows, cols = (int(x) for x in text.lower().split("x"))
        runs = [solve(test_cram.cram_moves, rows, cols) for _ in range(args.repeat)]
        values = {v for v, _ in runs}
        calls = collections.Counter()

        def counted(region):
            calls[region] += 1
            return test_cram.cram_moves(region)

        solve(counted, rows, cols)
        cpu = statistics.median(t for _, t in runs)
        print(
            f"{rows}x{cols}  value {'/'.join(map(str, sorted(values)))}  {cpu:.3f} s CPU "
            f"(median of {args.repeat}; min {min(t for _, t in runs):.3f}, max {max(t for _, t in runs):.3f})  "
            f"moves called {sum(calls.values())} times on {len(calls)} positions",
            flush=True,
        )


if __name__ == "__main__":
    main()
