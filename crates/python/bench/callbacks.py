"""The cost of calling Python for a game's moves, against the engine alone.

Values the subtraction game sub{1,3,4} on heaps 0..N-1 three ways, each in a
fresh game (no memo carried over), and prints medians of CPU time over
--repeat runs:

* `engine`: grundy.sequence("sub{1,3,4}", N - 1), all in Rust;
* `callback`: Game(moves=...).table(range(N)), Rust calling a Python lambda
  once per position;
* `python`: the same values by a plain Python loop (mex over a list), the
  baseline a notebook would write.

Run from an environment where `grundy` is installed:
    python crates/python/bench/callbacks.py --n 100000 --repeat 5
"""

import argparse
import statistics
import time

import grundy


def cpu(f):
    t = time.process_time()
    f()
    return time.process_time() - t


def plain_python(n):
    g = []
    for m in range(n):
        seen = {g[m - s] for s in (1, 3, 4) if s <= m}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    n = args.n
    runs = {
        "engine": lambda: grundy.sequence("sub{1,3,4}", n - 1),
        "callback": lambda: grundy.Game(moves=lambda m: [m - s for s in (1, 3, 4) if s <= m]).table(range(n)),
        "python": lambda: plain_python(n),
    }
    medians = {k: statistics.median(cpu(f) for _ in range(args.repeat)) for k, f in runs.items()}
    for k, t in medians.items():
        print(f"{k:9} {t:8.4f} s CPU (median of {args.repeat})  {t / n * 1e6:7.2f} µs per position"
              f"  {t / medians['engine']:8.1f}x engine")


if __name__ == "__main__":
    main()
