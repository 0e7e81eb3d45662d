"""The "board" of rock-paper-scissors: the rounds played so far, as an immutable snapshot."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from flit_core.games.interface import Board, Change

from .move import Throw, round_winner, throw_of, throw_text

#: One round: seat 1's throw and seat 2's (None: that seat made no move).
Round = tuple["Throw | None", "Throw | None"]


@dataclasses.dataclass(frozen=True)
class Rounds:
    """The match so far: the most rounds it may have and the rounds played, in order."""

    limit: int
    played: tuple[Round, ...] = ()

    def wins(self) -> dict[int, int]:
        """Rounds won by each seat (draws count for nobody)."""
        won = {1: 0, 2: 0, 0: 0}
        for first, second in self.played:
            won[round_winner(first, second)] += 1
        return {1: won[1], 2: won[2]}

    def to_changes(self) -> list[Change]:
        """The rounds as the changes that rebuild them (a given start's setup)."""
        return [round_change(first, second) for first, second in self.played]

    def __str__(self) -> str:
        rounds = " ".join(f"{throw_text(a)}{throw_text(b)}" for a, b in self.played) or "no rounds yet"
        wins = self.wins()
        return f"{rounds} | {wins[1]}-{wins[2]} after {len(self.played)} of {self.limit}"


def round_change(first: Throw | None, second: Throw | None) -> Change:
    """The change a round records: both throws' texts, seat 1 first."""
    return (throw_text(first), throw_text(second))


def round_of(change: Change) -> Round:
    """The round a change records (ValueError if it is not one)."""
    first, second = change
    return (throw_of(first), throw_of(second))


class RoundsBoard(Board):
    """A display's copy of the rounds, rebuilt from the changes."""

    def __init__(self, limit: int, setup: Sequence[Change]) -> None:
        self._limit = limit
        self._played: list[Round] = []
        self.apply(setup)

    def apply(self, changes: Sequence[Change]) -> None:
        """Add the rounds of one step (one change per round)."""
        self._played.extend(round_of(change) for change in changes)

    def scores(self) -> dict[int, int]:
        """Rounds won by each seat."""
        return self.snapshot().wins()

    def snapshot(self) -> Rounds:
        """The rounds so far."""
        return Rounds(self._limit, tuple(self._played))
