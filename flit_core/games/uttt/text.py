"""Ultimate tic-tac-toe's board as plain text (consoles, notebooks) and back.

Nine rows of nine tiles (``X``, ``O``, ``.``), the small boards parted by ``|`` and by a
row of dashes, then one line saying whose move it is and where::

    X . . | . . . | . . .
    . . . | . . . | . . .
    . . . | . . . | . . .
    ------+-------+------
    ...
    O to move in board 8 (last move 38)
"""

from __future__ import annotations

import re

from .board import EMPTY, LETTERS, OPEN, Move, O, UtttPosition, X, parse_move

#: What the symbols of :func:`position_text` mean.
LEGEND = "X and O marks, . empty; boards parted by | and dashes; then whose move it is and where"
_RULE = "------+-------+------"
_STATUS = re.compile(r"([XO]) to move (?:in board ([0-8])|anywhere)(?: \(last move ([0-8]{2})\))?")
_ENDED = re.compile(r"(?:[XO] won the master board|no open board left)(?: \(last move ([0-8]{2})\))?")


def status_line(position: UtttPosition) -> str:
    """Whose move it is and where (or how the game ended), and the last move."""
    last = "" if position.last is None else f" (last move {position.last})"
    winner = position.winner
    if winner != EMPTY:
        return f"{LETTERS[winner]} won the master board{last}"
    if OPEN not in position.statuses:
        return f"no open board left{last}"
    where = "anywhere" if position.target is None else f"in board {position.target}"
    return f"{LETTERS[position.to_move]} to move {where}{last}"


def position_text(position: UtttPosition) -> str:
    """The board as text (see the module's docstring)."""
    symbols = ".XO"
    lines = []
    for row in range(9):
        band, inner = divmod(row, 3)
        parts = []
        for column in range(3):
            board = band * 3 + column
            parts.append(" ".join(symbols[position.tile(board, inner * 3 + t)] for t in range(3)))
        lines.append(" | ".join(parts))
        if row in (2, 5):
            lines.append(_RULE)
    lines.append(status_line(position))
    return "\n".join(lines)


def read_position_text(text: str) -> UtttPosition:
    """A position from :func:`position_text`'s form; ValueError in plain words if malformed.

    The status line is optional (without it, X moves when it has no more marks than O,
    anywhere); the turns taken are counted as the marks on the board.
    """
    lines = [line.strip() for line in text.strip("\n").splitlines() if line.strip()]
    rows = [line for line in lines if set(line) <= set("XO.| ")]
    rest = [line for line in lines if line not in rows and set(line) - set("-+")]
    rows_cells = [line.replace("|", " ").split() for line in rows]
    if len(rows_cells) != 9 or any(len(cells) != 9 for cells in rows_cells):
        raise ValueError("a board is 9 rows of 9 tiles (X, O or .), in three bands of three boards")
    cells = [EMPTY] * 81
    for row, symbols in enumerate(rows_cells):
        band, inner = divmod(row, 3)
        for column, symbol in enumerate(symbols):
            if symbol not in (".", "X", "O"):
                raise ValueError(f"a tile is X, O or ., not {symbol!r}")
            board = band * 3 + column // 3
            cells[board * 9 + inner * 3 + column % 3] = ".XO".index(symbol)
    position = UtttPosition(tuple(cells))
    marks = 81 - cells.count(EMPTY)
    to_move = X if cells.count(X) <= cells.count(O) else O
    target: int | None = None
    last: Move | None = None
    if len(rest) > 1:
        raise ValueError(f"after the board comes one status line, not {len(rest)}")
    if rest:
        status = _STATUS.fullmatch(rest[0])
        ended = _ENDED.fullmatch(rest[0])
        if status is not None:
            to_move = LETTERS.index(status.group(1))
            target = None if status.group(2) is None else int(status.group(2))
            last = None if status.group(3) is None else parse_move(status.group(3))
        elif ended is not None:
            last = None if ended.group(1) is None else parse_move(ended.group(1))
        else:
            raise ValueError(f"the status line says whose move it is (like 'X to move anywhere'), not {rest[0]!r}")
    if target is not None and (position.status(target) != OPEN or last is None or last.tile != target):
        raise ValueError(f"the move cannot be bound to board {target}: it must be open and the last move's tile")
    return UtttPosition(tuple(cells), to_move, last, target, marks, position.statuses)
