"""Small immutable values whose text form is the wire format: moves and square changes."""

from __future__ import annotations

from typing import NamedTuple

from ...errors import MoveSyntaxError

#: Colour of an empty square.
EMPTY = 0
#: Colour of a neutral piece.
NEUTRAL = 5


class Move(NamedTuple):
    """A move from origin ``(x0, y0)`` to destination ``(x1, y1)``.

    ``str(move)`` is the protocol answer ``"x0 y0 x1 y1"``. Origin equal to destination
    means "no move" (see :attr:`is_pass`).
    """

    x0: int
    y0: int
    x1: int
    y1: int

    def __str__(self) -> str:
        return f"{self.x0} {self.y0} {self.x1} {self.y1}"

    @property
    def origin(self) -> tuple[int, int]:
        """The square the piece is lifted from."""
        return (self.x0, self.y0)

    @property
    def destination(self) -> tuple[int, int]:
        """The square the piece is put down on."""
        return (self.x1, self.y1)

    @property
    def is_pass(self) -> bool:
        """True when origin equals destination: a deliberate no-move."""
        return self.x0 == self.x1 and self.y0 == self.y1

    @classmethod
    def between(cls, origin: tuple[int, int], destination: tuple[int, int]) -> Move:
        """The move from one ``(x, y)`` square to another."""
        return cls(origin[0], origin[1], destination[0], destination[1])

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a protocol answer line ``"x0 y0 x1 y1"`` (surrounding blanks allowed).

        Raises :class:`MoveSyntaxError` unless the text is exactly four integers.
        """
        parts = text.split()
        if len(parts) != 4:
            raise MoveSyntaxError(f"expected four integers 'x0 y0 x1 y1', got {_preview(text)}")
        try:
            x0, y0, x1, y1 = (int(part, 10) for part in parts)
        except ValueError:
            raise MoveSyntaxError(f"expected four integers 'x0 y0 x1 y1', got {_preview(text)}") from None
        return cls(x0, y0, x1, y1)


class Change(NamedTuple):
    """Square ``(x, y)`` now has ``colour``; ``str(change)`` is the update ``"x y c"``."""

    x: int
    y: int
    colour: int

    def __str__(self) -> str:
        return f"{self.x} {self.y} {self.colour}"


def _preview(text: str, limit: int = 60) -> str:
    shown = text if len(text) <= limit else text[:limit] + "..."
    return repr(shown)
