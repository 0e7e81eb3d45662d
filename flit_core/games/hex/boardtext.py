"""Hex boards as the original programs write them.

A bot's ``show_board`` answer is one line: each row's cells from ``.``, ``B``, ``W``
(absolute colours) followed by ``|``. The central program's console draws a board with
row r indented r spaces, each cell as ``B ``, ``W `` or ``. ``, then a rule of 18 ``-``.
(:mod:`.explain` reads a bot's line back and names how it differs.)
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import SYMBOLS

#: The rule the central program prints under a board.
RULE = "-" * 18


def show_board_line(cells: Sequence[int], size: int) -> str:
    """The ``show_board`` answer for ``cells``: ``B..|...|...|``."""
    return "".join(
        "".join(SYMBOLS[colour] for colour in cells[row * size : (row + 1) * size]) + "|" for row in range(size)
    )


def console_board(cells: Sequence[int], size: int) -> str:
    """The central program's drawing: row r indented r spaces, ``B `` per cell, the rule."""
    rows = [
        " " * row + "".join(f"{SYMBOLS[colour]} " for colour in cells[row * size : (row + 1) * size])
        for row in range(size)
    ]
    return "\n".join([*rows, RULE])
