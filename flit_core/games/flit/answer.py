"""What a Python Flit bot may return from ``move(view)``, read as an :class:`Answer`."""

from __future__ import annotations

from typing import Any

from ...errors import MoveSyntaxError
from ...session import Answer
from .move import Move

#: What a move looks like to a bot (``GameInfo.move_help``).
MOVE_HELP = "a (from, to) pair of squares like ((3, 4), (4, 5)) (or a Move, or the text '3 4 4 5'), or None for no move"


def to_answer(value: Any, elapsed_ms: float | None = None) -> Answer:
    """Read a bot's return value as an :class:`Answer` (UNREADABLE if it is not a move)."""
    if value is None or isinstance(value, Move):
        return Answer.of_move(value, elapsed_ms)
    if isinstance(value, str):
        try:
            return Answer.of_move(Move.parse(value), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
    if isinstance(value, (tuple, list)):
        flat = value
        if len(value) == 2 and all(isinstance(part, (tuple, list)) and len(part) == 2 for part in value):
            flat = (*value[0], *value[1])
        if len(flat) == 4 and all(type(part) is int for part in flat):
            return Answer.of_move(Move(*flat), elapsed_ms)
    return Answer.returned(value, MOVE_HELP, elapsed_ms)
