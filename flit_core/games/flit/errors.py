"""The rules of a Flit move a move can break, each its own :class:`IllegalMove`."""

from __future__ import annotations

from ...errors import IllegalMove


class OffBoard(IllegalMove):
    """A coordinate of the move lies outside ``0 <= x, y < size``."""


class NotYourPiece(IllegalMove):
    """The origin square does not hold one of the mover's pieces."""


class DestinationOccupied(IllegalMove):
    """The destination square is not empty."""


class NotConnected(IllegalMove):
    """The destination touches no other piece of the mover's colour.

    The moved piece itself does not count (see the rulings in the spec).
    """
