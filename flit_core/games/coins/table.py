"""The coin game's table: the action characters, the three actions of a turn as the original
controller computes them, and the immutable picture of a table the rules, the displays and
the bots share.

A table is kept as plain lists indexed by seat (index 0 unused): each player's points,
flipped and unflipped coins, with the central pile and the turn order (seats). A turn is a
string of three action characters (``"2FF"``), read into small operation codes once per
distinct turn, so playing one costs a few list operations (rotations: one pass over the
table). Pure code: no I/O, no clock.
"""

from __future__ import annotations

import dataclasses
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from ...displayable import Displayable
from ...errors import MoveSyntaxError

#: Every action character: take 1-3, put back 1-3, remove 1-3, flip, unflip, rotate to the
#: previous player, rotate to the next, nothing.
ACTIONS: Final = "123ABCXYZFURTN"
#: The character of an action that does nothing (any other character reads as it).
NOTHING: Final = "N"
#: Actions in a turn.
TURN_ACTIONS: Final = 3
#: A turn that does nothing: a deliberate pass.
PASS: Final = NOTHING * TURN_ACTIONS
#: What a flipped coin and an unflipped coin are worth (when received, and at the end).
FLIPPED_VALUE: Final = 2
UNFLIPPED_VALUE: Final = -1
#: What flipping a coin face up earns (unflipping costs as much).
FLIP_POINTS: Final = 2

# Operation codes; a turn is read into (code, amount) pairs.
_TAKE, _PUT, _REMOVE, _FLIP, _UNFLIP, _PREVIOUS, _NEXT = range(7)
_OPERATIONS: Final = {
    "1": (_TAKE, 1),
    "2": (_TAKE, 2),
    "3": (_TAKE, 3),
    "A": (_PUT, 1),
    "B": (_PUT, 2),
    "C": (_PUT, 3),
    "X": (_REMOVE, 1),
    "Y": (_REMOVE, 2),
    "Z": (_REMOVE, 3),
    "F": (_FLIP, 1),
    "U": (_UNFLIP, 1),
    "R": (_PREVIOUS, 1),
    "T": (_NEXT, 1),
}
#: What each action does, in words (the page, the SVG's legend, describe_move).
ACTION_NAMES: Final = {
    "1": "take 1",
    "2": "take 2",
    "3": "take 3",
    "A": "put back 1",
    "B": "put back 2",
    "C": "put back 3",
    "X": "remove 1",
    "Y": "remove 2",
    "Z": "remove 3",
    "F": "flip",
    "U": "unflip",
    "R": "rotate to previous",
    "T": "rotate to next",
    "N": "nothing",
}


def normalise(text: str) -> str:
    """Three characters as actions: every character outside :data:`ACTIONS` is nothing."""
    return "".join(char if char in ACTIONS else NOTHING for char in text)


def parse_actions(text: str) -> str:
    """A turn's text: exactly three action characters (``2FF``); MoveSyntaxError otherwise."""
    if len(text) == TURN_ACTIONS and all(char in ACTIONS for char in text):
        return text
    raise MoveSyntaxError(f"a turn is three of the characters {ACTIONS} (like 2FF), not {text[:20]!r}")


@lru_cache(maxsize=4096)
def operations(actions: str) -> tuple[tuple[int, int], ...]:
    """The turn's operations, nothing left out (one entry per distinct turn, cached)."""
    return tuple(_OPERATIONS[char] for char in actions if char in _OPERATIONS)


def holding_value(flipped: int, unflipped: int) -> int:
    """What a holding scores when received, and at the end of the game."""
    return FLIPPED_VALUE * flipped + UNFLIPPED_VALUE * unflipped


def play_actions(
    actions: str,
    seat: int,
    pile: int,
    order: Sequence[int],
    points: MutableSequence[int],
    flipped: MutableSequence[int],
    unflipped: MutableSequence[int],
) -> int:
    """Play ``seat``'s turn on the lists (changed in place) and return the pile after it.

    Each action takes effect at once; one that needs more coins than there are uses as many
    as there are and scores only those. A rotation moves every holding one place along the
    turn order (``R`` to the previous player, ``T`` to the next), then every player scores
    what it received.
    """
    for code, amount in operations(actions):
        if code == _TAKE:
            taken = min(amount, pile)
            pile -= taken
            unflipped[seat] += taken
            points[seat] -= taken
        elif code == _PUT or code == _REMOVE:
            given = min(amount, unflipped[seat])
            unflipped[seat] -= given
            if code == _PUT:
                pile += given
                points[seat] += given
        elif code == _FLIP:
            if unflipped[seat]:
                unflipped[seat] -= 1
                flipped[seat] += 1
                points[seat] += FLIP_POINTS
        elif code == _UNFLIP:
            if flipped[seat]:
                flipped[seat] -= 1
                unflipped[seat] += 1
                points[seat] -= FLIP_POINTS
        else:
            rotate(order, code == _PREVIOUS, points, flipped, unflipped)
    return pile


def rotate(
    order: Sequence[int],
    to_previous: bool,
    points: MutableSequence[int],
    flipped: MutableSequence[int],
    unflipped: MutableSequence[int],
) -> None:
    """Move every holding to the previous player in ``order`` (else to the next); each
    player scores what it receives."""
    count = len(order)
    # The player at place i receives the holding of place i + 1 (to the previous) or i - 1.
    step = 1 if to_previous else count - 1
    held = [(flipped[seat], unflipped[seat]) for seat in order]
    for place, seat in enumerate(order):
        f, u = held[(place + step) % count]
        flipped[seat] = f
        unflipped[seat] = u
        points[seat] += FLIPPED_VALUE * f + UNFLIPPED_VALUE * u


def starting_pile(players: int, r: int) -> int:
    """The controller's starting pile, 2**n + 10n - r (r drawn uniformly in 1..n**2)."""
    return int(2**players) + 10 * players - r


class Player(NamedTuple):
    """One player's record at the table, as the protocol lists it."""

    #: The player's id (in a single match its seat - 1; in a tournament its entrant number).
    id: int
    points: int
    flipped: int
    unflipped: int
    #: The player's seat (1-based), which the referee and the results use.
    seat: int

    @property
    def coins(self) -> int:
        """Coins held, flipped or not."""
        return self.flipped + self.unflipped

    @property
    def value(self) -> int:
        """What the holding is worth: scored when received, and at the end."""
        return holding_value(self.flipped, self.unflipped)

    @property
    def total(self) -> int:
        """The points the player would end with if the game ended now."""
        return self.points + self.value


@dataclasses.dataclass(frozen=True)
class Table(Displayable):
    """The table at one moment: the pile, the turn order, every seat's record (tuples by
    seat - 1), the turns taken, the last turn, and whether the game is over (its final
    scoring then included in the points)."""

    pile: int
    #: The seats in turn order.
    order: tuple[int, ...]
    #: Each seat's id, seat 1 first.
    ids: tuple[int, ...]
    points: tuple[int, ...]
    flipped: tuple[int, ...]
    unflipped: tuple[int, ...]
    #: The rounds the game lasts at most.
    rounds: int = 50
    #: Turns taken so far (every player's, skipped ones included).
    turns: int = 0
    #: The last turn: its seat and the actions it played ("" for no move), None before the first.
    last: tuple[int, str] | None = None
    #: True once the game has ended and its final scoring is in the points.
    over: bool = False

    @property
    def players(self) -> int:
        """Players at the table."""
        return len(self.order)

    @property
    def round(self) -> int:
        """The round of the next turn (1-based), or the last round once the game is over."""
        return min(self.turns // len(self.order) + 1, self.rounds) if self.order else 1

    @property
    def to_move(self) -> int:
        """The seat whose turn is next."""
        return self.order[self.turns % len(self.order)]

    def player(self, seat: int) -> Player:
        """The record of ``seat``."""
        i = seat - 1
        return Player(self.ids[i], self.points[i], self.flipped[i], self.unflipped[i], seat)

    def records(self) -> list[Player]:
        """Every player's record, in turn order."""
        return [self.player(seat) for seat in self.order]

    def after(self, seat: int, actions: str) -> Table:
        """The table after ``seat`` plays ``actions`` (three characters, others being
        nothing), whoever's turn it is, without the end of the game: for bots' search."""
        actions = normalise(actions)
        table = TableLists(self)
        table.pile = play_actions(actions, seat, self.pile, self.order, table.points, table.flipped, table.unflipped)
        table.turns += 1
        table.last = (seat, actions)
        return table.snapshot()

    def __str__(self) -> str:
        """The table as text: the round and pile, then one line per player in turn order."""
        head = f"round {self.round} of {self.rounds}, pile {self.pile}" + (", game over" if self.over else "")
        lines = [head]
        for record in self.records():
            mark = ">" if not self.over and record.seat == self.to_move else " "
            lines.append(
                f"{mark} seat {record.seat} (id {record.id}): {record.points} points, "
                f"{record.flipped} flipped, {record.unflipped} unflipped"
            )
        if self.last is not None:
            seat, actions = self.last
            lines.append(f"last turn: seat {seat} {actions or 'made no move'}")
        return "\n".join(lines)


class TableLists:
    """A table kept as lists indexed by seat (index 0 unused) and changed in place, as the
    rules and the displays keep it; :meth:`snapshot` is its immutable :class:`Table`."""

    def __init__(self, start: Table) -> None:
        """The lists of ``start``."""
        self.pile = start.pile
        self.order = start.order
        self.ids = start.ids
        self.points = [0, *start.points]
        self.flipped = [0, *start.flipped]
        self.unflipped = [0, *start.unflipped]
        self.rounds = start.rounds
        self.turns = start.turns
        self.last = start.last
        self.over = start.over

    def snapshot(self) -> Table:
        """The table now."""
        return Table(
            self.pile,
            self.order,
            self.ids,
            tuple(self.points[1:]),
            tuple(self.flipped[1:]),
            tuple(self.unflipped[1:]),
            self.rounds,
            self.turns,
            self.last,
            self.over,
        )


def empty_table(players: int, rounds: int) -> Table:
    """A table of ``players`` seats in seat order, nothing on it."""
    zeros = (0,) * players
    return Table(0, tuple(range(1, players + 1)), tuple(range(players)), zeros, zeros, zeros, rounds)
