"""What every game's bot view holds: whose view it is, the settings, the turn, the board,
the time limit, and the clock that charges the bot. Each game's view derives from
:class:`View` and adds its own helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..clocks import thread_clock
from ..config import BaseConfig

#: The game's configuration class.
C = TypeVar("C", bound=BaseConfig)
#: The game's board snapshot class.
B = TypeVar("B")


class View(Generic[C, B]):
    """The read-only snapshot a bot is given with a move request (keep it if you like)."""

    __slots__ = ("me", "config", "turn", "board", "time_limit_ms", "clock", "_since")

    def __init__(
        self,
        me: int,
        config: C,
        turn: int,
        board: B,
        time_limit_ms: float | None = None,
        clock: Callable[[], float] | None = None,
        since: float | None = None,
    ) -> None:
        """Normally built by a driver; tests and notebooks may build their own. ``clock`` is
        :attr:`clock` (by default this thread's CPU time), and ``since`` its reading when the
        request began to be charged (by default now)."""
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
        #: The clock that charges you for this request, in seconds (call it): your CPU time
        #: under the referee (your program's) and in-process (your thread's), real time in the
        #: browser and under ``--clock wall``.
        self.clock: Callable[[], float] = thread_clock if clock is None else clock
        self._since = self.clock() if since is None else since

    @property
    def players(self) -> int:
        """How many bots play."""
        return self.config.players

    def time_left_ms(self) -> float | None:
        """What is left of this request's time limit on :attr:`clock`, in milliseconds,
        now (negative once it has passed; None when no limit is enforced). A bot that
        budgets its thinking on it keeps to its limit however busy the machine is."""
        if self.time_limit_ms is None:
            return None
        return self.time_limit_ms - (self.clock() - self._since) * 1000.0
