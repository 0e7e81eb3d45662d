"""The light-cycle field: directions, start positions, the changes a game records, and one
mutable model of the game that the rules and every display board apply those changes to.

Cells are numbered column by column, ``x * H + y`` (the judge's ``board[x][y]``), with y
from 0 at the bottom; a cell holds 0 when empty, else the seat whose trail it is. Heads are
kept apart from the cells (a head is not trail until its bot moves off it), as (x, y)
pairs, which may lie off the field after a crash.

A step records up to three changes, tuples of JSON scalars, in this order:

* ``("moves", s0, d0, s1, d1, ...)``: each bot of the round, in round order, by seat, with
  its direction ``N``/``E``/``S``/``W`` or ``-`` for no move;
* ``("end", s, reason, ...)``: the seats that crashed, which ends the round, each with its
  :class:`Reason`;
* ``("round", R, W, H, s0, x0, y0, s1, x1, y1, ...)``: round R begins on an empty W x H
  field with these seats, in round order, heads at their start cells. The game's setup is
  round 1's.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Iterable, Sequence

from ...displayable import Displayable
from ...errors import MoveSyntaxError
from ...games.interface import Board, Change

MOVES = "moves"
END = "end"
ROUND = "round"
#: A bot that made no move, in a ``moves`` change and on the wire.
NO_MOVE = "-"


class Direction(enum.Enum):
    """A move: one cell north (y + 1), east (x + 1), south (y - 1) or west (x - 1)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: str) -> Direction:
        """Exactly ``N``, ``E``, ``S`` or ``W``, blanks and a ``\\r`` around it allowed."""
        try:
            return cls(text.strip())
        except ValueError:
            raise MoveSyntaxError(f"a move is N, E, S or W, not {text.strip()[:20]!r}") from None

    @property
    def delta(self) -> tuple[int, int]:
        """(dx, dy) of one step this way."""
        return DELTAS[self]

    def __str__(self) -> str:
        return self.value


DELTAS = {Direction.N: (0, 1), Direction.E: (1, 0), Direction.S: (0, -1), Direction.W: (-1, 0)}
_BY_TEXT = {direction.value: direction for direction in Direction}


class Reason(enum.Enum):
    """Why a bot crashed (its round ended, and it is out of the game)."""

    #: It made no move: a bad answer, an error, a timeout, or its program died.
    NO_MOVE = "no-move"
    #: Its head left the field.
    WALL = "wall"
    #: Its head ran onto a trail (its own included), or onto a cell a head left this turn.
    TRAIL = "trail"
    #: Its head is on the same cell as another head.
    HEAD = "head"

    @property
    def words(self) -> str:
        """What happened, after "bot N ..."."""
        return _WORDS[self]


_WORDS = {
    Reason.NO_MOVE: "made no move",
    Reason.WALL: "left the field",
    Reason.TRAIL: "ran into a trail",
    Reason.HEAD: "collided head-on",
}

Head = tuple[int, int]
Crash = tuple[int, Reason]


def start_heads(bots: int, width: int, height: int) -> list[Head]:
    """The judge's start cells of a round's bots, in round order: even indices on the top
    row, odd ones on the bottom row, evenly spaced. Computed in floating point exactly as
    the judge's JavaScript does (``Math.floor(W * ((k + 0.5) / m))``), which is one column
    off the exact formula for some fields (10 bots: 125, not 126)."""
    top, bottom = -(-bots // 2), bots // 2
    heads = []
    for index in range(bots):
        row = top if index % 2 == 0 else bottom
        x = math.floor(width * ((index // 2 + 0.5) / row))
        heads.append((x, height - 1 if index % 2 == 0 else 0))
    return heads


@dataclasses.dataclass(frozen=True)
class Field:
    """One round's field at one moment."""

    round: int
    #: Turns played in this round.
    turn: int
    width: int
    height: int
    #: The round's bots by seat, in round order (a bot's index is its place here).
    seats: tuple[int, ...]
    #: Each bot's head, in round order (off the field only after a crash).
    heads: tuple[Head, ...]
    #: ``width * height`` cells, ``x * height + y``: 0 empty, else the seat whose trail it is.
    trail: bytes
    #: The bots whose crash ended this round, in round order; empty while it goes on.
    crashes: tuple[Crash, ...] = ()

    def inside(self, x: int, y: int) -> bool:
        """True when (x, y) is on the field."""
        return 0 <= x < self.width and 0 <= y < self.height

    def cell(self, x: int, y: int) -> str:
        """``"#"`` for a trail or off the field, ``"@"`` for a head, ``" "`` for empty."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "#"
        if (x, y) in self.heads:
            return "@"
        return "#" if self.trail[x * self.height + y] else " "

    def blocked(self) -> bytearray:
        """A fresh copy of the cells, nonzero where a cycle cannot go (trails and heads): for
        searches (index ``x * height + y``)."""
        cells = bytearray(self.trail)
        for x, y in self.heads:
            if 0 <= x < self.width and 0 <= y < self.height:
                cells[x * self.height + y] = 255
        return cells


@dataclasses.dataclass(frozen=True)
class Position(Displayable):
    """A game at one moment: the field now, the round that ended in the last step (its last
    field, crashes included) when a new round has begun since, and who is out."""

    players: int
    field: Field
    ended: Field | None = None
    #: ``(seat, round)`` of every bot out of the game, in the order they went out.
    out: tuple[tuple[int, int], ...] = ()

    @property
    def shown(self) -> Field:
        """The field a picture shows: the round that just ended (its crashes), else the field now."""
        return self.ended or self.field

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the game, in round order."""
        out = {seat for seat, _ in self.out}
        return tuple(seat for seat in self.field.seats if seat not in out)

    @property
    def over(self) -> bool:
        """True once at most one bot is left."""
        return len(self.alive) <= 1

    def scores(self) -> dict[int, int]:
        """Each seat's score: how many bots went out in earlier rounds than it did (a bot
        still in: how many are out so far; the last one left scores players - 1)."""
        return outlasted(self.players, self.out)

    def standings(self) -> list[tuple[int, list[int]]]:
        """The places, best first, as (place, seats): the bots still in, then those out in
        the last round, then the round before...; bots out in the same round share a place
        and are listed as the judge's leaderboard lists them (reverse round order)."""
        groups = [list(self.alive)] if self.alive else []
        for when in sorted({went for _, went in self.out}, reverse=True):
            groups.append([seat for seat, went in reversed(self.out) if went == when])
        places, place = [], 1
        for seats in groups:
            places.append((place, seats))
            place += len(seats)
        return places


def outlasted(players: int, out: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Each seat's score from ``out``, the ``(seat, round)`` of the bots out so far: how many
    went out in earlier rounds than it did (a bot still in: how many are out)."""
    out_round = dict(out)
    scores = {}
    for seat in range(1, players + 1):
        went = out_round.get(seat)
        scores[seat] = sum(1 for _, when in out if went is None or when < went)
    return scores


class Arena:
    """The game as it goes, changed only through :meth:`apply`: the rules' state and every
    display board keep one, so they cannot disagree."""

    def __init__(self, players: int) -> None:
        """No round yet: the first ``round`` change starts one."""
        self.players = players
        self.round = 0
        self.turn = 0
        self.width = 0
        self.height = 0
        self.seats: list[int] = []
        self.heads: list[Head] = []
        self.cells = bytearray()
        self.crashes: list[Crash] = []
        self.ended: Field | None = None
        self.out: list[tuple[int, int]] = []
        self._snapshot: Position | None = None

    def apply(self, change: Change) -> None:
        """Apply one recorded change (ValueError if it is malformed)."""
        self._snapshot = None
        kind = change[0]
        if kind == MOVES:
            self._move(change)
        elif kind == END:
            self._end(change)
        elif kind == ROUND:
            self._start(change)
        else:
            raise ValueError(f"not a light-cycle change: {change!r}")

    def _move(self, change: Change) -> None:
        seats = self.seats
        if len(change) != 2 * len(seats) + 1 or any(change[1 + 2 * i] != seat for i, seat in enumerate(seats)):
            raise ValueError(f"a moves change names the round's seats in order: {change!r}")
        self.ended = None
        height, cells, heads = self.height, self.cells, self.heads
        for index, seat in enumerate(seats):
            text = change[2 + 2 * index]
            if text == NO_MOVE:
                continue
            direction = _BY_TEXT.get(text)
            if direction is None:
                raise ValueError(f"not a direction: {text!r}")
            x, y = heads[index]
            cells[x * height + y] = seat
            dx, dy = DELTAS[direction]
            heads[index] = (x + dx, y + dy)
        self.turn += 1

    def _end(self, change: Change) -> None:
        pairs = list(zip(change[1::2], change[2::2], strict=True))
        if not pairs or any(seat not in self.seats for seat, _ in pairs):
            raise ValueError(f"an end change names seats of the round: {change!r}")
        self.crashes = [(seat, Reason(reason)) for seat, reason in pairs]
        self.out.extend((seat, self.round) for seat, _ in self.crashes)

    def _start(self, change: Change) -> None:
        _, number, width, height, *rest = change
        seats, heads = list(rest[0::3]), list(zip(rest[1::3], rest[2::3], strict=True))
        if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
            raise ValueError(f"a round's field is W x H cells: {change!r}")
        if len(seats) < 2 or any(not (0 <= x < width and 0 <= y < height) for x, y in heads):
            raise ValueError(f"a round has 2 bots or more, each on the field: {change!r}")
        if self.crashes:
            self.ended = self.field()
        self.round, self.turn, self.width, self.height = number, 0, width, height
        self.seats, self.heads = seats, heads
        self.cells = bytearray(width * height)
        self.crashes = []

    def field(self) -> Field:
        """The field now (a snapshot)."""
        return Field(
            self.round,
            self.turn,
            self.width,
            self.height,
            tuple(self.seats),
            tuple(self.heads),
            bytes(self.cells),
            tuple(self.crashes),
        )

    def snapshot(self) -> Position:
        """The game now (made once per change: every view of a step shares it)."""
        if self._snapshot is None:
            self._snapshot = Position(self.players, self.field(), self.ended, tuple(self.out))
        return self._snapshot


def round_change(number: int, width: int, height: int, seats: Sequence[int]) -> Change:
    """The change that starts round ``number`` on a ``width`` x ``height`` field for ``seats``
    in round order, at the judge's start cells."""
    heads = start_heads(len(seats), width, height)
    return (ROUND, number, width, height, *(v for seat, (x, y) in zip(seats, heads, strict=True) for v in (seat, x, y)))


def moves_change(seats: Sequence[int], directions: Sequence[Direction | None]) -> Change:
    """The change of a turn's moves, in round order (None: no move)."""
    pairs = zip(seats, directions, strict=True)
    return (MOVES, *(value for seat, d in pairs for value in (seat, NO_MOVE if d is None else d.value)))


def end_change(crashes: Iterable[Crash]) -> Change:
    """The change that ends a round with these crashes."""
    return (END, *(value for seat, reason in crashes for value in (seat, reason.value)))


class CyclesBoard(Board):
    """A display's copy of the game, rebuilt from the recorded changes."""

    def __init__(self, players: int, setup: Sequence[Change]) -> None:
        self._arena = Arena(players)
        self.apply(setup)

    def apply(self, changes: Sequence[Change]) -> None:
        """Apply one step's changes."""
        for change in changes:
            self._arena.apply(change)

    def scores(self) -> dict[int, int]:
        """Bots outlasted so far (see :meth:`Position.scores`), without a snapshot: the
        notebook's chart reads them after every turn."""
        return outlasted(self._arena.players, self._arena.out)

    def snapshot(self) -> Position:
        """The game now."""
        return self._arena.snapshot()
