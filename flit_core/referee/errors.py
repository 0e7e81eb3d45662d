"""Errors the referee raises before a game starts (never because of how a bot plays)."""

from __future__ import annotations

from ..errors import FlitError


class BotCommandError(FlitError):
    """A bot's command cannot be run: empty, not found, not executable, or a bad folder."""


class OutputError(FlitError):
    """The referee cannot write a file it was asked to (the replay)."""
