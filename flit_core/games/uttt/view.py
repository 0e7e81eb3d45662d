"""What a Python ultimate tic-tac-toe bot sees when asked for a move, and what it may return."""

from __future__ import annotations

from typing import Any

from ...errors import MoveSyntaxError
from ...session import Answer
from ..view import View
from .board import FULL, LETTERS, OPEN, Move, O, UtttPosition, X, as_move, parse_move
from .config import UtttConfig


class UtttView(View[UtttConfig, UtttPosition]):
    """The game from one seat's side. Boards and tiles are numbered 0..8 in reading order;
    marks are the letters ``"X"`` and ``"O"`` (always the letter here, whatever the wire
    uses) and ``"-"`` for an empty tile. ``view[board, tile]`` is a tile's mark.
    ``move(view)`` returns a ``(board, tile)`` pair or a two-digit string (``"38"``).

    ``view.board`` is the position itself (:class:`UtttPosition`: tiles as 0 empty, 1 X,
    2 O, and helpers such as ``after(move)`` and ``winning_tiles(board, mark)``) for bots
    that want speed.
    """

    __slots__ = ()

    @property
    def mark(self) -> str:
        """Your mark: ``"X"`` (seat 1, moves first) or ``"O"``."""
        return LETTERS[self.me]

    @property
    def opponent_mark(self) -> str:
        """The opponent's mark."""
        return LETTERS[3 - self.me]

    def __getitem__(self, place: tuple[int, int]) -> str:
        board, tile = place
        return LETTERS[self.board.tile(board, tile)]

    @property
    def boards(self) -> list[str]:
        """The nine boards, each nine characters for its tiles: ``X``, ``O`` or ``-``."""
        return [self.board.board_string(board) for board in range(9)]

    @property
    def master(self) -> str:
        """The master board: ``X`` or ``O`` for a won board, ``-`` for an open or full one."""
        return self.board.master_string()

    def won(self, board: int) -> str | None:
        """The mark that won ``board``, or None."""
        status = self.board.status(board)
        return LETTERS[status] if status in (X, O) else None

    def full(self, board: int) -> bool:
        """True when ``board`` is full without a winner (nobody's)."""
        return self.board.status(board) == FULL

    def is_open(self, board: int) -> bool:
        """True when ``board`` is neither won nor full."""
        return self.board.status(board) == OPEN

    def open_boards(self) -> list[int]:
        """The boards neither won nor full."""
        return self.board.open_boards()

    @property
    def last_move(self) -> Move | None:
        """The last legal move (an invalid turn leaves it as it was), None before the first."""
        return self.board.last

    @property
    def target(self) -> int | None:
        """The board you must play in, or None when you may play in any open board."""
        return self.board.target

    def legal_moves(self) -> list[Move]:
        """Every legal move, board by board, tile by tile (:class:`Move` pairs)."""
        return self.board.legal_moves()

    def __repr__(self) -> str:
        return f"UtttView(me={self.me}, mark={self.mark}, turn={self.turn}, target={self.target})"


#: What a move looks like to a bot (``GameInfo.move_help``).
MOVE_HELP = "a (board, tile) pair, each 0-8, like (3, 8), or two digits like '38'"


def read_answer(value: Any, elapsed_ms: float | None = None) -> Answer:
    """What ``move(view)`` returned: a ``(board, tile)`` pair of whole numbers 0..8 (a
    :class:`Move` is one) or a two-digit string; anything else is UNREADABLE (an invalid turn)."""
    if isinstance(value, str):
        try:
            return Answer.of_move(parse_move(value), elapsed_ms)
        except MoveSyntaxError as error:
            return Answer.unreadable(str(error), elapsed_ms)
    move = as_move(tuple(value) if isinstance(value, list) else value)
    if move is not None:
        return Answer.of_move(move, elapsed_ms)
    return Answer.returned(value, MOVE_HELP, elapsed_ms)
