"""Exceptions raised by the rules core.

Every error a caller can trigger with bad input is a :class:`ValueError` subclass, so
``except ValueError`` catches them all, while the precise subclass says which rule failed.
"""

from __future__ import annotations


class FlitError(ValueError):
    """Base class of every error the rules core raises for bad input."""


class ConfigError(FlitError):
    """A game configuration is malformed or out of range."""


class MoveSyntaxError(FlitError):
    """A move's text is not four integers ``x0 y0 x1 y1``."""


class IllegalMove(FlitError):
    """A well-formed move breaks a rule. Subclasses say which rule."""


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


class SetupError(FlitError):
    """The board is too small for every bot to get its two starting pieces."""


class ProtocolError(FlitError):
    """A driver used the game loop out of order (e.g. answered a finished game)."""


class ReplayError(FlitError):
    """A replay file is malformed, of an unknown version, or inconsistent with the rules."""
