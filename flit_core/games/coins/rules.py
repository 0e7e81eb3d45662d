"""The coin game's rules as a state the harness drives (the spec's Setup, "A turn", "End of
the game and winner" and its Rulings).

Setup draws r (the starting pile) and then the turn order from the game's generator. Each
step is one player's turn, in turn order, round after round. A move is three action
characters, played one after another; any turn that is not a move (unreadable, an error, a
timeout, a frozen bot's skipped turn) does nothing. After every turn, move or not, an empty
pile ends the game at once; otherwise it ends after the last round. Then every player scores
+2 per flipped and -1 per unflipped coin it holds.

The changes of a step: ``("turn", seat, actions)`` (actions "" for no move), then what the
turn changed: ``("pile", coins)`` and ``("player", seat, points, flipped, unflipped)`` per
player whose record changed; at the end ``("end",)`` and the records the final scoring
changed. The setup is ``("pile", coins)`` and ``("order", seat, ...)`` (the turn order); a game
begun from a given table adds its records, and ``("ids", id, ...)`` (by seat) and
``("turns", taken)`` where they are not a new game's.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any, Final

from ...errors import SetupError
from ...rng import Rng
from ...session import TurnKind
from ..interface import Change, State
from .config import CoinsConfig
from .table import PASS, Table, TableLists, empty_table, holding_value, play_actions, starting_pile

#: The records' tags (see the module docstring).
TURN: Final = "turn"
PILE: Final = "pile"
PLAYER: Final = "player"
ORDER: Final = "order"
END: Final = "end"
IDS: Final = "ids"
TURNS: Final = "turns"


class EndReason(enum.Enum):
    """Why a game of coins ended."""

    #: The central pile was empty after a turn.
    PILE_EMPTY = "pile_empty"
    #: The last round was played.
    ROUNDS_PLAYED = "rounds_played"


def draw_setup(players: int, rng: Rng) -> tuple[int, tuple[int, ...]]:
    """The starting pile and the turn order (seats), drawn in that order from ``rng``:
    r uniform in 1..n**2, then a Fisher-Yates shuffle of the seats."""
    pile = starting_pile(players, rng.randbelow(players * players) + 1)
    order = list(range(1, players + 1))
    for i in range(players - 1, 0, -1):
        j = rng.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return pile, tuple(order)


def record_changes(
    order: Sequence[int],
    before: Sequence[tuple[int, int, int]],
    points: Sequence[int],
    flipped: Sequence[int],
    unflipped: Sequence[int],
) -> list[Change]:
    """``("player", seat, points, flipped, unflipped)`` for each seat (in turn order) whose
    record differs from ``before[seat]`` (lists indexed by seat)."""
    return [
        (PLAYER, seat, *record)
        for seat in order
        if (record := (points[seat], flipped[seat], unflipped[seat])) != before[seat]
    ]


class CoinsState(TableLists, State):
    """A game in play: the pile, the turn order, every seat's points and coins, the turns taken."""

    def __init__(self, config: CoinsConfig, rng: Rng, start: Table | None = None) -> None:
        """A new table drawn from ``rng``, or the table ``start`` (its last turn is not kept:
        its setup does not say it)."""
        self.config = config
        players = config.players
        if start is None:
            pile, order = draw_setup(players, rng)
            start = dataclasses.replace(
                empty_table(players, config.rounds), pile=pile, order=order, ids=config.seat_ids
            )
        _check(start, config)
        TableLists.__init__(self, dataclasses.replace(start, last=None))
        self._setup: tuple[Change, ...] = (
            (PILE, self.pile),
            (ORDER, *self.order),
            *((PLAYER, seat, *self._record(seat)) for seat in self.order if any(self._record(seat))),
            *([(IDS, *self.ids)] if self.ids != tuple(range(players)) else []),
            *([(TURNS, self.turns)] if self.turns else []),
        )
        self.movers = (self.order[self.turns % players],)

    def _record(self, seat: int) -> tuple[int, int, int]:
        return self.points[seat], self.flipped[seat], self.unflipped[seat]

    @property
    def setup(self) -> tuple[Change, ...]:
        """The starting pile and turn order (and a given start's records)."""
        return self._setup

    def play(self, player: int, move: Any) -> list[Change]:
        """Play ``player``'s three actions (None: a pass)."""
        self.check_turn(player)
        return self._turn(player, PASS if move is None else move)

    def skip(self, player: int, kind: TurnKind) -> list[Change]:
        """No move, whatever the reason: the turn does nothing (the end check still runs)."""
        if self.over:
            return []
        return self._turn(player, "")

    def _turn(self, seat: int, actions: str) -> list[Change]:
        points, flipped, unflipped = self.points, self.flipped, self.unflipped
        before = list(zip(points, flipped, unflipped, strict=True))
        pile = self.pile
        if actions:
            self.pile = play_actions(actions, seat, pile, self.order, points, flipped, unflipped)
        self.turns += 1
        self.last = (seat, actions)
        changes: list[Change] = [(TURN, seat, actions)]
        if self.pile != pile:
            changes.append((PILE, self.pile))
        changes += self._changed(before)
        players = self.config.players
        if self.pile == 0:
            self._finish(EndReason.PILE_EMPTY, f"the pile was empty after seat {seat}'s turn", changes)
        elif self.turns >= players * self.config.rounds:
            self._finish(EndReason.ROUNDS_PLAYED, f"all {self.config.rounds} rounds were played", changes)
        else:
            self.movers = (self.order[self.turns % players],)
        return changes

    def _changed(self, before: list[tuple[int, int, int]]) -> list[Change]:
        """The records of the seats whose points or coins differ from ``before``."""
        return record_changes(self.order, before, self.points, self.flipped, self.unflipped)

    def _finish(self, reason: EndReason, detail: str, changes: list[Change]) -> None:
        """End the game: every player scores its holding."""
        before = list(zip(self.points, self.flipped, self.unflipped, strict=True))
        for seat in self.order:
            self.points[seat] += holding_value(self.flipped[seat], self.unflipped[seat])
        changes.append((END,))
        changes += self._changed(before)
        self.over = True
        self.end_reason = reason
        self.end_detail = detail

    def scores(self) -> dict[int, int]:
        """Each seat's points (after the final scoring, once the game is over)."""
        return {seat: self.points[seat] for seat in range(1, self.config.players + 1)}


def _check(start: Table, config: CoinsConfig) -> None:
    """Raise SetupError unless ``start`` is a table a game of ``config`` can be in before its end."""
    players = config.players
    if not isinstance(start, Table):
        raise SetupError(f"a coin game starts from a Table, not {type(start).__name__}")
    if sorted(start.order) != list(range(1, players + 1)):
        raise SetupError(f"the turn order must hold every seat 1..{players} once, not {start.order}")
    if any(len(values) != players for values in (start.ids, start.points, start.flipped, start.unflipped)):
        raise SetupError(f"a table of {players} players has {players} ids, points, flipped and unflipped counts")
    if start.pile < 0 or min(start.flipped + start.unflipped) < 0:
        raise SetupError("the pile and the coins held cannot be negative")
    if start.rounds != config.rounds:
        raise SetupError(f"the table is of a game of {start.rounds} rounds, the settings' of {config.rounds}")
    if start.over or start.turns >= players * config.rounds:
        raise SetupError("the game starts before its end")
