"""What a rock-paper-scissors bot sees when asked for a throw."""

from __future__ import annotations

from typing import Any

from flit_core.errors import MoveSyntaxError
from flit_core.games.view import View
from flit_core.session import Answer

from .board import Round, Rounds
from .config import RpsConfig
from .move import Throw


class RpsView(View[RpsConfig, Rounds]):
    """The match so far, from one seat's side. ``move(view)`` returns a :class:`Throw` or
    its text (``"R"``, ``"P"``, ``"S"``)."""

    __slots__ = ()

    @property
    def rounds(self) -> Rounds:
        """Every round so far (the board)."""
        return self.board

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 3 - self.me

    @property
    def history(self) -> tuple[Round, ...]:
        """Every round so far: (seat 1's throw, seat 2's throw), None for no throw."""
        return self.rounds.played

    @property
    def opponent_last(self) -> Throw | None:
        """The opponent's throw in the last round (None before the first, or if it made none)."""
        return self.history[-1][self.opponent - 1] if self.history else None

    def scores(self) -> dict[int, int]:
        """Rounds won by each seat."""
        return self.rounds.wins()


def read_throw(value: Any, elapsed_ms: float | None = None) -> Answer:
    """What ``move(view)`` returned, as an :class:`Answer`: a :class:`Throw` or its text."""
    if isinstance(value, Throw):
        return Answer.of_move(value, elapsed_ms)
    if isinstance(value, str):
        try:
            return Answer.of_move(Throw.parse(value), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
    return Answer.unreadable(f"returned {repr(value)[:80]}; expected a Throw, 'R', 'P' or 'S'", elapsed_ms)
