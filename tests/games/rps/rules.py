"""Rock-paper-scissors as a simultaneous game: both seats throw at once, every step a round."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from flit_core.errors import IllegalMove
from flit_core.games.interface import Change, State

from .board import Round, Rounds, round_change
from .config import RpsConfig
from .move import Throw, round_winner

#: Both seats move in every step.
BOTH = (1, 2)


class EndReason(enum.Enum):
    """Why a match ended."""

    #: Every round was played.
    ROUNDS_PLAYED = "rounds_played"
    #: One seat leads by more rounds than are left.
    DECIDED = "decided"


class RpsState(State):
    """The rounds played and the wins so far."""

    def __init__(self, config: RpsConfig, start: Rounds | None = None) -> None:
        """A new match, or one that goes on from ``start``'s rounds."""
        self.config = config
        begun = start or Rounds(config.rounds)
        self._played: list[Round] = list(begun.played)
        self._wins = begun.wins()
        self._setup = tuple(begun.to_changes())
        self._check_end()

    @property
    def setup(self) -> tuple[Change, ...]:
        """Nothing for a new match; a given start's rounds."""
        return self._setup

    #: Both seats, every step.
    movers = BOTH

    def check(self, player: int, move: Any) -> None:
        """Only a :class:`Throw` is a move."""
        if not isinstance(move, Throw):
            raise IllegalMove(f"not a throw: {move!r}")

    def step(self, actions: Mapping[int, Any]) -> list[Change]:
        """Play a round; a seat whose action is not a throw made none."""
        first, second = (_throw(actions.get(seat)) for seat in BOTH)
        winner = round_winner(first, second)
        if winner:
            self._wins[winner] += 1
        self._played.append((first, second))
        self._check_end()
        return [round_change(first, second)]

    def _check_end(self) -> None:
        left = self.config.rounds - len(self._played)
        if left <= 0:
            self.over, self.end_reason = True, EndReason.ROUNDS_PLAYED
            self.end_detail = f"all {self.config.rounds} rounds were played"
        elif abs(self._wins[1] - self._wins[2]) > left:
            self.over, self.end_reason = True, EndReason.DECIDED
            self.end_detail = f"a lead of {abs(self._wins[1] - self._wins[2])} with {left} rounds left"

    def scores(self) -> dict[int, int]:
        """Rounds won."""
        return dict(self._wins)

    def snapshot(self) -> Rounds:
        """The rounds so far."""
        return Rounds(self.config.rounds, tuple(self._played))


def _throw(action: Any) -> Throw | None:
    """A step's action as a throw; a no-move (its TurnKind) is None."""
    return action if isinstance(action, Throw) else None
