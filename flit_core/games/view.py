"""What every game's bot view holds: whose view it is, the settings, the turn, the board,
and the time limit. Each game's view derives from :class:`View` and adds its own helpers."""

from __future__ import annotations

from typing import Generic, TypeVar

from ..config import BaseConfig

#: The game's configuration class.
C = TypeVar("C", bound=BaseConfig)
#: The game's board snapshot class.
B = TypeVar("B")


class View(Generic[C, B]):
    """The read-only snapshot a bot is given with a move request (keep it if you like)."""

    __slots__ = ("me", "config", "turn", "board", "time_limit_ms")

    def __init__(self, me: int, config: C, turn: int, board: B, time_limit_ms: float | None = None) -> None:
        """Normally built by a driver; tests and notebooks may build their own."""
        #: Your bot number (your seat).
        self.me = me
        #: The game's configuration (its own settings and the limits).
        self.config = config
        #: The 0-based index of the step you are asked for.
        self.turn = turn
        #: The board now (the game's immutable snapshot).
        self.board = board
        #: The time limit of this request in milliseconds (None when not enforced).
        self.time_limit_ms = time_limit_ms

    @property
    def players(self) -> int:
        """How many bots play."""
        return self.config.players
