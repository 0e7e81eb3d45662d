"""A base for the wire protocols whose every request carries the whole game (the original
per-move protocols and their line modes): a module of its own, so that only the games that
use it ship it to the page."""

from __future__ import annotations

from collections.abc import Sequence

from ..config import BaseConfig
from .interface import Change, WireProtocol


class WholeGameProtocol(WireProtocol):
    """A protocol whose every request carries the whole game (a per-move protocol's
    arguments, or the line :meth:`~WireProtocol.move_request` writes): the bot is started as
    its command says and is sent no updates."""

    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The command alone."""
        return list(command)

    def updates(self, changes: Sequence[Change]) -> bytes:
        """Nothing: every request holds the whole game."""
        return b""
