"""A protocol bot that answers at once with a legal move, in plain Python (no flit_core).

It keeps its board from the ``x y c`` updates and, on ``M``, moves one of its pieces next
to another one. The referee tests and benchmarks use it as the fastest honest bot.
Run as ``python instant_bot.py NUMBER SIZE PLAYERS``.
"""

import sys


def main() -> None:
    me, size, _players = (int(arg) for arg in sys.argv[-3:])
    cells = [0] * (size * size)
    mine: set[int] = set()
    out = sys.stdout
    for line in sys.stdin.buffer:
        if line[:1] == b"M":
            out.write(answer(cells, mine, size))
            out.flush()
            continue
        x, y, colour = (int(part) for part in line.split())
        index = y * size + x
        cells[index] = colour
        if colour == me:
            mine.add(index)
        else:
            mine.discard(index)


def answer(cells: list[int], mine: set[int], size: int) -> str:
    """Move some piece onto an empty square next to another piece of ours."""
    for anchor in mine:
        x, y = anchor % size, anchor // size
        for nx, ny in ((x, (y - 1) % size), (x, (y + 1) % size), ((x - 1) % size, y), ((x + 1) % size, y)):
            if cells[ny * size + nx] == 0:
                for origin in mine:
                    if origin != anchor:
                        return f"{origin % size} {origin // size} {nx} {ny}\n"
    return "0 0 0 0\n"


if __name__ == "__main__":
    main()
