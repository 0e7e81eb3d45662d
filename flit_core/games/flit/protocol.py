"""Flit's wire protocol, as the KotH rulings give it.

A bot program is started once per game with its number, the board size and the player
count appended to its command. It is sent every changed square as a line ``x y c``
(the starting pieces first), and ``M`` when it must move; it answers one line
``x0 y0 x1 y1`` (origin equal to destination: no move).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...config import BaseConfig
from ...errors import MoveSyntaxError
from ...session import Answer, AnswerKind
from ..interface import Change
from ..wire import WireProtocol
from .config import GameConfig
from .move import Move


class FlitProtocol(WireProtocol):
    """Started as ``CMD NUMBER SIZE PLAYERS``; sent ``x y c`` updates and ``M``; answers
    ``x0 y0 x1 y1``."""

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The rulings append number, size and players."""
        assert isinstance(config, GameConfig)
        return [*command, str(seat), str(config.size), str(config.players)]

    def updates(self, changes: Sequence[Change]) -> bytes:
        """Square changes as the protocol's update lines ``x y c``."""
        return "".join(f"{x} {y} {c}\n" for x, y, c in changes).encode("ascii")

    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read an answer line ``x0 y0 x1 y1``; anything else is UNREADABLE."""
        try:
            return Answer(AnswerKind.MOVE, Move.parse(text), "", elapsed_ms)
        except MoveSyntaxError as error:
            return Answer(AnswerKind.UNREADABLE, None, str(error), elapsed_ms)
