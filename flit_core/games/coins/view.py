"""What a Python coin bot sees when asked for its turn, and what it may return."""

from __future__ import annotations

from typing import Any

from ...session import Answer
from ..view import View
from .config import CoinsConfig
from .protocol import read_output
from .table import Player, Table


class CoinsView(View[CoinsConfig, Table]):
    """The table from one seat's side, as the state string tells it: the round, your id, the
    pile, and every player's record (:class:`Player`: ``id``, ``points``, ``flipped``,
    ``unflipped``, ``seat``; ``value`` is what its holding is worth, ``total`` its points if
    the game ended now) in turn order. ``view.me`` is your own record (your seat number is
    ``view.seat``). ``move(view)`` returns three action characters (``"2FF"``), read exactly
    like a program's printed output.

    ``view.board`` is the :class:`Table` itself; ``view.after(actions)`` is the table after
    you play ``actions``, for bots that look ahead.
    """

    __slots__ = ("seat",)

    # The base class keeps the seat as ``me``; here ``me`` is the seat's record (the spec's
    # view), so the seat goes to ``seat``.
    @property  # type: ignore[override]
    def me(self) -> Player:
        """Your own record."""
        return self.board.player(self.seat)

    @me.setter
    def me(self, seat: int) -> None:
        self.seat = seat

    @property
    def id(self) -> int:
        """Your id, as the state string gives it."""
        return self.board.ids[self.seat - 1]

    @property
    def round(self) -> int:
        """This turn's round, 1-based."""
        return self.board.round

    @property
    def rounds(self) -> int:
        """The rounds the game lasts at most."""
        return self.board.rounds

    @property
    def pile(self) -> int:
        """Coins in the central pile."""
        return self.board.pile

    @property
    def records(self) -> list[Player]:
        """Every player's record, in turn order (yours included)."""
        return self.board.records()

    @property
    def place(self) -> int:
        """Your place in the turn order, 0-based."""
        return self.board.order.index(self.seat)

    @property
    def next(self) -> Player:
        """The record of the player after you in turn order (who receives your holding when
        someone rotates to the next)."""
        order = self.board.order
        return self.board.player(order[(self.place + 1) % len(order)])

    @property
    def previous(self) -> Player:
        """The record of the player before you in turn order."""
        order = self.board.order
        return self.board.player(order[self.place - 1])

    def others(self) -> list[Player]:
        """The other players' records, in turn order from the one after you."""
        records = self.records
        place = self.place
        return records[place + 1 :] + records[:place]

    def player(self, id: int) -> Player:
        """The record of the player with ``id``."""
        return self.board.player(self.board.ids.index(id) + 1)

    @property
    def turns_left(self) -> int:
        """Your turns left, this one included, if the pile lasts."""
        return self.rounds - self.round + 1

    def after(self, actions: str) -> Table:
        """The table after you play ``actions`` (the game's end aside)."""
        return self.board.after(self.seat, actions)

    def __repr__(self) -> str:
        return f"CoinsView(seat={self.seat}, id={self.id}, round={self.round}, pile={self.pile})"


#: What a move looks like to a bot (``GameInfo.move_help``).
MOVE_HELP = "the text of three action characters like '2FF'"


def read_answer(value: Any, elapsed_ms: float | None = None) -> Answer:
    """What ``move(view)`` returned: text (or a sequence of characters), read exactly like a
    program's output (so ``"2F"`` does nothing); anything else is UNREADABLE (no move)."""
    if isinstance(value, (list, tuple)) and all(isinstance(part, str) for part in value):
        value = "".join(value)
    if isinstance(value, str):
        return read_output(value, elapsed_ms)
    return Answer.returned(value, MOVE_HELP, elapsed_ms)
