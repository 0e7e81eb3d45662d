"""What a Python Flit bot may return from ``move(view)``, read as an :class:`Answer`."""

from __future__ import annotations

from typing import Any

from ...errors import MoveSyntaxError
from ...session import Answer
from .move import Move


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
    text = repr(value)
    if len(text) > 80:
        text = text[:80] + "..."
    return Answer.unreadable(
        f"returned {text}; expected a Move, (x0, y0, x1, y1), 'x0 y0 x1 y1' or None",
        elapsed_ms,
    )
