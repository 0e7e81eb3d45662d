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
    """A move's text is not in the game's move format (Flit: four integers ``x0 y0 x1 y1``)."""


class IllegalMove(FlitError):
    """A well-formed move breaks a rule. Each game's subclasses say which rule."""


class SetupError(FlitError):
    """A game cannot be set up (e.g. a board too small for every bot's starting pieces)."""


class ProtocolError(FlitError):
    """A driver used the game loop out of order (e.g. answered a finished game)."""


class ReplayError(FlitError):
    """A replay file is malformed, of an unknown version, or inconsistent with the rules."""
