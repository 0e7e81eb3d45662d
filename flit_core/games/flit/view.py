"""The read-only view of the game a Python bot receives on every move request."""

from __future__ import annotations

from ..view import View
from .board import Position, Square
from .config import GameConfig
from .move import NEUTRAL, Move


class BotView(View[GameConfig, Position]):
    """What a bot may look at when asked for a move. It is a snapshot: keep it if you like.

    ``view[x, y]`` is a square's colour (0 empty, 1-4 bots, 5 neutral). For search,
    ``view.board`` is an immutable :class:`~flit_core.games.flit.board.Position` whose
    ``apply``/``play`` return new positions.
    """

    __slots__ = ()

    @property
    def size(self) -> int:
        """The board's width and height."""
        return self.board.size

    def __getitem__(self, square: Square) -> int:
        return self.board[square]

    def my_pieces(self) -> list[Square]:
        """Your pieces' squares."""
        return self.board.pieces(self.me)

    def pieces(self, colour: int) -> list[Square]:
        """The squares of a colour: 1-4 a bot's pieces, 5 the neutral pieces."""
        return self.board.pieces(colour)

    def neutrals(self) -> list[Square]:
        """The neutral pieces' squares."""
        return self.board.pieces(NEUTRAL)

    def counts(self) -> dict[int, int]:
        """Pieces per bot number."""
        return {player: self.board.count(player) for player in range(1, self.players + 1)}

    def neighbours(self, x: int, y: int) -> list[Square]:
        """The four squares touching ``(x, y)``, wrapping around the edges."""
        return self.board.neighbours(x, y)

    def legal_destinations(self, origin: Square | None = None) -> list[Square]:
        """Where one of your pieces may go (with ``origin``: where that piece may go)."""
        return self.board.legal_destinations(self.me, origin)

    def legal_moves(self) -> list[Move]:
        """Every legal move you have, except the pass."""
        return self.board.legal_moves(self.me)

    def is_legal(self, move: Move) -> bool:
        """True if you may play ``move``."""
        return self.board.is_legal(self.me, move)

    def __repr__(self) -> str:
        return f"BotView(me={self.me}, turn={self.turn}, board={self.board!r})"
