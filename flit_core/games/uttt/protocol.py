"""Ultimate tic-tac-toe's wire protocols: the original controller's, where a bot is started
afresh for every move with the whole game in twelve arguments, and the arena's line mode,
where a bot started once per game reads the same twelve fields as one line per move.

The twelve fields (the spec's "Bot protocol")::

    MARK B0 B1 B2 B3 B4 B5 B6 B7 B8 MASTER LAST

``MARK`` is the letter ``X`` or ``O``; each board is nine characters, ``X``, the O mark
(``0`` by default, the setting ``o_mark``) or ``-``; ``MASTER`` has ``X`` or the O mark for
a won board and ``-`` for an open or full one; ``LAST`` is the last move ``bt`` when the
move must be in board ``t``, and ``xx`` exactly when the move is free.

An answer is read as the rulings say: the first non-blank line of the output, all blanks
removed, must be two digits 0..8, board then tile (``38``, ``3 8`` and ``38\\r`` are 38).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...config import BaseConfig
from ...session import Answer
from ..whole_game import WholeGameProtocol
from .board import EMPTY, MOVES, OPEN, O, UtttPosition, X, parse_move
from .config import UtttConfig

#: ``LAST`` when the move is free.
FREE = "xx"
#: The characters an answer line may hold around and between its digits.
_BLANKS = str.maketrans("", "", " \t\r\f\v")
_DIGITS = "012345678"
#: A board string's characters, by mark (either O mark is read).
_MARKS = {"-": EMPTY, "X": X, "0": O, "O": O}


def move_arguments(seat: int, o_mark: str, position: UtttPosition) -> list[str]:
    """The twelve fields that ask ``seat`` (1 plays X, 2 plays O) for a move on ``position``."""
    last = FREE if position.target is None or position.last is None else str(position.last)
    boards = [position.board_string(board, o_mark) for board in range(9)]
    return ["X" if seat == X else "O", *boards, position.master_string(o_mark), last]


def read_output(text: str, elapsed_ms: float | None = None) -> Answer:
    """A bot's output as its move (the Rulings' "Reading the answer"); UNREADABLE if it is
    not one."""
    for line in text.split("\n"):
        squeezed = line.translate(_BLANKS)
        if squeezed:
            break
    else:
        return Answer.unreadable("no answer", elapsed_ms)
    if len(squeezed) == 2 and squeezed[0] in _DIGITS and squeezed[1] in _DIGITS:
        return Answer.of_move(MOVES[int(squeezed[0]) * 9 + int(squeezed[1])], elapsed_ms)
    return Answer.unreadable(f"not two digits 0-8, board then tile: {line.strip()[:40]!r}", elapsed_ms)


def position_from_arguments(fields: Sequence[str]) -> tuple[int, UtttPosition]:
    """The seat asked and the position from the twelve fields (either O mark is read); the
    turns taken are counted as the marks on the board. ValueError in plain words if malformed."""
    if len(fields) != 12:
        raise ValueError(f"a move request is 12 fields (MARK B0..B8 MASTER LAST), not {len(fields)}")
    mark, *boards, master, last = fields
    if mark not in ("X", "O"):
        raise ValueError(f"MARK is X or O, not {mark[:20]!r}")
    cells: list[int] = []
    for number, board in enumerate(boards):
        if len(board) != 9 or set(board) - set(_MARKS):
            raise ValueError(f"board {number} is 9 characters of X, O or 0, and -, not {board[:20]!r}")
        cells += [_MARKS[tile] for tile in board]
    if len(master) != 9 or set(master) - set(_MARKS):
        raise ValueError(f"MASTER is 9 characters of X, O or 0, and -, not {master[:20]!r}")
    seat = X if mark == "X" else O
    if last == FREE:
        return seat, UtttPosition(tuple(cells), seat, plies=81 - cells.count(EMPTY))
    try:
        move = parse_move(last)
    except ValueError:
        raise ValueError(f"LAST is two digits 0-8 or xx, not {last[:20]!r}") from None
    position = UtttPosition(tuple(cells), seat, move, move.tile, 81 - cells.count(EMPTY))
    if position.status(move.tile) != OPEN:
        raise ValueError(f"LAST {last} sends the move to board {move.tile}, which is decided")
    return seat, position


class _TwelveFields(WholeGameProtocol):
    """What both protocols share: a request is the twelve fields, an answer is read by
    :func:`read_output`."""

    def move_arguments(self, seat: int, config: BaseConfig, snapshot: Any) -> list[str]:
        """The twelve fields (:func:`move_arguments`), O written as ``config.o_mark``."""
        assert isinstance(config, UtttConfig)
        return move_arguments(seat, config.o_mark, snapshot)

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """The answer (the bot's whole output, or its line), read by :func:`read_output`."""
        return read_output(text, elapsed_ms)

    #: A bot that made no move answers this (not a move: an invalid turn).
    no_move = b"none\n"

    def read_request(self, fields: Sequence[str], config: BaseConfig) -> tuple[int, BaseConfig, int, UtttPosition]:
        """The seat, ``config``, the turn (the marks on the board) and the position."""
        seat, position = position_from_arguments(fields)
        return seat, config, position.plies, position


class OriginalProtocol(_TwelveFields):
    """Started afresh for every move as ``CMD MARK B0 ... B8 MASTER LAST`` (twelve
    arguments: the bot's mark X or O, the nine boards of nine tiles X, 0 or -, the master
    board, and the last move ``bt`` when the move must be in board t, or ``xx`` when it is
    free); nothing on stdin. It prints two digits, board then tile (``38``), and exits."""

    per_move = True


class LinesProtocol(_TwelveFields):
    """Line mode (an arena extension): started once per game as ``CMD`` with no arguments;
    each move request is one line of the twelve fields separated by single spaces (``MARK
    B0 ... B8 MASTER LAST``, as the original's arguments); the bot answers one line, two
    digits, board then tile; end-of-file ends the game."""

    skips_blank_lines = True

    positional_requests = True

    def move_request(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """The request line that asks ``seat`` for a move on ``snapshot`` (it replaces the
        fixed :attr:`request` of other persistent protocols)."""
        return (" ".join(self.move_arguments(seat, config, snapshot)) + "\n").encode("ascii")


#: The original protocol (the game's native one) and line mode.
ORIGINAL_PROTOCOL = OriginalProtocol()
LINES_PROTOCOL = LinesProtocol()
