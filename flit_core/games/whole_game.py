"""A base for the wire protocols whose every request carries the whole game (the original
per-move protocols and their line modes): a module of its own, so that only the games that
use it ship it to the page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..config import BaseConfig
from .interface import Change
from .wire import WireProtocol


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

    #: What the game's Python host answers for a bot that made no move (a line the game
    #: reads as no move).
    no_move: ClassVar[bytes] = b"\n"

    def read_request(self, fields: Sequence[str], config: BaseConfig) -> tuple[int, BaseConfig, int, Any]:
        """The bot's side of a request (its blank-separated ``fields``, from a line or the
        command's arguments) for a bot that assumes the settings ``config``: the seat asked,
        the game's settings, the turn and the board; ValueError in plain words if malformed.
        A protocol that says it here gets its Python host for free
        (:func:`flit_core.bot.requests.serve_protocol`): one description of the messages
        serves both sides."""
        raise NotImplementedError(f"{type(self).__name__} does not read its own requests")
