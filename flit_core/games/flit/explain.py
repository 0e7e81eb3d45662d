"""Plain-word guesses at why a bot program answered an illegal move.

An illegal answer usually means the bot's own copy of the board went wrong. Each guess
is a likely mistake, tested with the rules core: if the move would be legal under that
mistake, the mistake is named.
"""

from __future__ import annotations

from ...errors import IllegalMove
from .board import Position
from .errors import NotConnected
from .move import Move


def explain_illegal(move: Move, me: int, players: int, position: Position, previous: Position | None) -> str:
    """Why ``move`` by bot ``me`` is illegal on ``position``, with the likely bot mistake.

    ``previous`` is the board at the bot's previous move request (None for its first).
    """
    try:
        position.check(me, move)
    except IllegalMove as error:
        reason = str(error)
    else:
        return "the move is legal"
    guess = _guess(move, me, players, position, previous)
    return f"{reason}. {guess}" if guess else reason


def _guess(move: Move, me: int, players: int, position: Position, previous: Position | None) -> str:
    if _transposed(position).is_legal(me, move):
        return (
            "It would be legal with x and y swapped: in updates 'x y c' and in answers, x is the column and y the row."
        )
    shifted = Move(move.x0 - 1, move.y0 - 1, move.x1 - 1, move.y1 - 1)
    if min(move) >= 1 and not shifted.is_pass and position.is_legal(me, shifted):
        return "It would be legal one square up and left: coordinates start at 0, not 1."
    for other in range(1, players + 1):
        if other != me and position.is_legal(other, move):
            return (
                f"It is a move for bot {other}: a bot's number is the first of the three "
                f"arguments added to its command (this bot is {me})."
            )
    if previous is not None and previous.is_legal(me, move):
        return "It was legal on the board of the bot's previous move request: the bot seems to miss updates sent since."
    if _touches_only_itself(move, me, position):
        return (
            "The destination touches only the piece being moved, which does not count: "
            "it must touch another piece of the bot's colour."
        )
    return ""


def _transposed(position: Position) -> Position:
    size = position.size
    cells = position.cells
    return Position(size, [cells[x * size + y] for y in range(size) for x in range(size)])


def _touches_only_itself(move: Move, me: int, position: Position) -> bool:
    try:
        position.check(me, move)
    except NotConnected:
        return move.origin in position.neighbours(move.x1, move.y1)
    except IllegalMove:
        return False
    return False
