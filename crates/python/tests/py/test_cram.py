"""Cram written in Python as a user would: a region of free cells is a
position, normalised for the board's symmetries, and a domino that cuts a
region in several leaves a `Split` of them. Checked against the built-in
`cram(...)` family and the published value of 5x5 (0)."""

import grundy
from grundy import Game, Split

# The eight symmetries of the square, as maps of (row, col).
SYMMETRIES = [
    lambda r, c: (r, c), lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (-r, -c),
    lambda r, c: (c, r), lambda r, c: (c, -r), lambda r, c: (-c, r), lambda r, c: (-c, -r),
]


def normalise(cells):
    """The least image of a set of cells under the symmetries, shifted to (0, 0)."""
    best = None
    for f in SYMMETRIES:
        image = [f(r, c) for r, c in cells]
        r0 = min(r for r, _ in image)
        c0 = min(c for _, c in image)
        key = tuple(sorted((r - r0, c - c0) for r, c in image))
        if best is None or key < best:
            best = key
    return best


def regions(cells):
    """The connected regions of a set of cells that can hold a domino."""
    left = set(cells)
    out = []
    while left:
        stack = [left.pop()]
        region = set(stack)
        while stack:
            r, c = stack.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    region.add(n)
                    stack.append(n)
        if len(region) >= 2:
            out.append(normalise(region))
    return out


def cram_moves(region):
    cells = set(region)
    out = []
    for r, c in region:
        for other in ((r, c + 1), (r + 1, c)):
            if other in cells:
                out.append(Split(*regions(cells - {(r, c), other})))
    return out


# Every domino covers two cells: every line of play ends.
CRAM = Game(moves=cram_moves, name="cram_py", finite=True)


def board(rows, cols):
    return normalise([(r, c) for r in range(rows) for c in range(cols)])


def test_python_cram_matches_the_family():
    for rows, cols in [(1, 1), (1, 5), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (3, 5)]:
        want = grundy.analyze(f"cram({rows}x{cols})").grundy
        assert CRAM.value(board(rows, cols)) == want, (rows, cols)
    text = "..#./..../...."
    cells = [(r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == "."]
    want = grundy.analyze(f"cram({text})").grundy
    assert CRAM.value(normalise(cells)) == want


def test_a_published_board_is_answered_within_the_default_work():
    # Cram 5x7 (igsolve's table: 1) takes about 5 million positions and
    # moves, past the library's own default budget.
    assert grundy.analyze("cram(5x7)", max_moves=0).grundy == 1
    assert grundy.Sum("cram(5x7)").analyze(max_moves=0).grundy == 1


def test_python_cram_5x5():
    # Published value (second player wins); the time is measured in
    # bench/README.md, not asserted here.
    assert CRAM.value(board(5, 5)) == 0


def test_python_cram_on_random_boards():
    # Boards of up to 16 cells with cells blocked at random: the search
    # over Python positions (options kept, sizes from len(), newest options
    # first) agrees with the built-in family, one fresh game per board and
    # one game for all of them (what it keeps between questions).
    import random

    rng = random.Random(31)
    shared = Game(moves=cram_moves, name="cram_shared")
    for _ in range(25):
        rows, cols = rng.randint(1, 4), rng.randint(2, 4)
        grid = [["#" if rng.random() < 0.25 else "." for _ in range(cols)] for _ in range(rows)]
        text = "/".join("".join(row) for row in grid)
        cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
        want = grundy.analyze(f"cram({text})").grundy
        parts = regions(cells)
        fresh = Game(moves=cram_moves, name="cram_fresh", finite=True)
        got = 0
        for region in parts:
            got ^= fresh.value(region)
        assert got == want, text
        assert grundy.Sum(*(shared.at(region) for region in parts), "nim(0)").grundy == want, text
