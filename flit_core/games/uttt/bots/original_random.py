"""A random bot in the style of the original "meta tic-tac-toe" entries: a standalone program
(no flit_core), started afresh for every move as

    python3 original_random.py MARK B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST

It prints a random legal move, two digits (board then tile), and exits. It is not a
``move(view)`` file: the arena runs it as a bot program under the original protocol.

As the original allowed, it keeps a file ``data.txt`` in its own folder: when that file
exists, it counts the moves it has made there (across games) and seeds its choice with the
count, so that it does not repeat itself. Without the file it writes nothing and seeds from
the position alone.
"""

import os
import random
import sys

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data.txt")


def has_line(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def is_open(board):
    """Neither won (by either mark, O written as 0 or O) nor full."""
    return "-" in board and not any(has_line(board, mark) for mark in "X0O")


def legal_moves(boards, last):
    if last != "xx":
        target = int(last[1])
        if is_open(boards[target]):
            return [(target, tile) for tile in range(9) if boards[target][tile] == "-"]
    return [(b, tile) for b in range(9) if is_open(boards[b]) for tile in range(9) if boards[b][tile] == "-"]


def moves_made():
    """The count kept in data.txt, increased by one (None when there is no data.txt)."""
    if not os.path.exists(DATA):
        return None
    try:
        with open(DATA) as handle:
            count = int(handle.read().strip() or 0) + 1
    except (OSError, ValueError):
        count = 1
    try:
        with open(DATA, "w") as handle:
            handle.write(f"{count}\n")
    except OSError:
        pass
    return count


def main(args):
    if len(args) != 12:
        print("usage: original_random.py MARK B0 .. B8 MASTER LAST", file=sys.stderr)
        return 2
    boards, last = args[1:10], args[11]
    moves = legal_moves(boards, last)
    if not moves:
        return 1
    rng = random.Random(" ".join(args) + str(moves_made()))
    board, tile = rng.choice(moves)
    print(f"{board}{tile}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
