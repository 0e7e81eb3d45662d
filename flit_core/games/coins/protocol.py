"""The coin game's wire protocols: the original controller's, where a bot is started afresh
for every turn with one argument, the state string, and its output's first three characters
are its actions; and the arena's line mode, where a bot started once per game reads the same
state string as one line per turn and answers a line.

The state string (the spec's "Bot protocol")::

    ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...

with one ``ID_POINTS_FLIPPED_UNFLIPPED`` record for every player, the asking bot's included,
in turn order. The answer is read as the controller reads it: the output split into
blank-separated tokens, joined with one space and a trailing space added; fewer than three
characters is no move, and otherwise the first three are the actions, any character that is
not an action doing nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...config import BaseConfig
from ...session import Answer
from ..whole_game import WholeGameProtocol
from .config import CoinsConfig
from .table import ACTIONS, PASS, TURN_ACTIONS, Table, normalise


def state_string(seat: int, table: Table) -> str:
    """The argument that asks ``seat`` for its turn on ``table``."""
    records = "".join(f";{r.id}_{r.points}_{r.flipped}_{r.unflipped}" for r in table.records())
    return f"{table.round};{table.ids[seat - 1]};{table.pile}{records}"


def read_output(text: str, elapsed_ms: float | None = None) -> Answer:
    """A bot's output as its turn, read as the controller reads it; UNREADABLE (no move) when
    it is shorter than three characters so read, or none of the three is an action."""
    answer = " ".join(text.split()) + " "
    if len(answer) < TURN_ACTIONS:
        return Answer.unreadable(f"fewer than {TURN_ACTIONS} characters: {text.strip()[:40]!r}", elapsed_ms)
    first = answer[:TURN_ACTIONS]
    if not any(char in ACTIONS for char in first):
        return Answer.unreadable(f"no action among its first characters {first!r}: {text.strip()[:40]!r}", elapsed_ms)
    return Answer.of_move(normalise(first), elapsed_ms)


def table_from_state(text: str, rounds: int) -> tuple[int, Table]:
    """The asking bot's id and the table from a state string (a game of ``rounds`` rounds;
    seats are numbered in the order of the ids, so in a single match a seat is its id + 1).
    ValueError in plain words if the string is malformed."""
    fields = text.strip().split(";")
    if len(fields) < 5:
        raise ValueError(f"a state is ROUND;ID;PILE and a record per player (two at least), not {text[:60]!r}")
    try:
        round_number, me, pile = (int(field) for field in fields[:3])
        records = [tuple(int(part) for part in field.split("_")) for field in fields[3:]]
    except ValueError:
        raise ValueError(f"a state holds whole numbers only: {text[:60]!r}") from None
    if any(len(record) != 4 for record in records):
        raise ValueError(f"each player's record is ID_POINTS_FLIPPED_UNFLIPPED: {text[:60]!r}")
    ids = [record[0] for record in records]
    if len(set(ids)) != len(ids) or min(ids) < 0:
        raise ValueError(f"the players' ids are whole numbers from 0, each once, not {ids}")
    if me not in ids:
        raise ValueError(f"the asking id {me} has no record")
    if not 1 <= round_number <= rounds or pile < 0:
        raise ValueError(f"round {round_number} is not in 1..{rounds}, or the pile {pile} is negative")
    count = len(records)
    by_seat = sorted(records)
    seat_of = {record[0]: seat for seat, record in enumerate(by_seat, 1)}
    table = Table(
        pile,
        tuple(seat_of[number] for number in ids),
        tuple(record[0] for record in by_seat),
        tuple(record[1] for record in by_seat),
        tuple(record[2] for record in by_seat),
        tuple(record[3] for record in by_seat),
        rounds,
        # Every player takes one turn a round, in turn order: the turns taken before this one.
        (round_number - 1) * count + ids.index(me),
    )
    return me, table


class _StateString(WholeGameProtocol):
    """What both protocols share: the request's one field, the state string; the answer."""

    #: A bot that made no move answers nothing (``NNN``).
    no_move = f"{PASS}\n".encode("ascii")

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """The bot's output, read by :func:`read_output`."""
        return read_output(text, elapsed_ms)

    def read_request(self, fields: Sequence[str], config: BaseConfig) -> tuple[int, BaseConfig, int, Table]:
        """The seat (ids in order: in a single match id + 1), ``config`` with the table's players
        and ids (its rounds are ``config``'s: the state string does not say them), the turn and the table."""
        if len(fields) != 1:
            raise ValueError(f"a state is one field without blanks, not {len(fields)}")
        assert isinstance(config, CoinsConfig)
        me, table = table_from_state(fields[0], config.rounds)
        return table.ids.index(me) + 1, config.replace(players=table.players, ids=table.ids), table.turns, table


class OriginalProtocol(_StateString):
    """Started afresh for every turn as ``CMD ROUND;ID;PILE;ID_POINTS_FLIPPED_UNFLIPPED;...``
    (one argument: the round, your id, the coins in the pile, and every player's id, points,
    flipped and unflipped coins in turn order); nothing on stdin. It prints three action
    characters (``2FF``: take 1-3 ``123``, put back ``ABC``, remove ``XYZ``, flip ``F``,
    unflip ``U``, rotate to previous ``R`` or next ``T``, nothing ``N``) and exits."""

    per_move = True

    def move_arguments(self, seat: int, config: BaseConfig, snapshot: Any) -> list[str]:
        """The state string (:func:`state_string`), one argument."""
        return [state_string(seat, snapshot)]


class LinesProtocol(_StateString):
    """Line mode (an arena extension): started once per game as ``CMD`` with no arguments;
    each turn's request is the state string as one line (``ROUND;ID;PILE;ID_POINTS_FLIPPED_
    UNFLIPPED;...``); the bot answers one line, read as the original's output; end-of-file
    ends the game."""

    positional_requests = True

    def move_request(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """The state string (:func:`state_string`) as a line."""
        return f"{state_string(seat, snapshot)}\n".encode("ascii")


#: The original protocol (the game's native one) and line mode.
ORIGINAL_PROTOCOL = OriginalProtocol()
LINES_PROTOCOL = LinesProtocol()
