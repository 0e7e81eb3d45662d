"""The wire protocol: how a bot program of one game is spoken to over stdin/stdout.

A game offers its protocols through its :class:`~flit_core.games.adapters.Programs`
adapter; the referee does the process handling, a protocol says what the bytes are.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from ..config import BaseConfig
from ..session import Answer
from .interface import Change

#: A per-move bot's output read as its answer, at most (the rest is thrown away).
PER_MOVE_OUTPUT = 64 * 1024


class WireProtocol(ABC):
    """How a bot program is spoken to over stdin/stdout, for one game (pluggable, like
    python-chess's engine protocols). The referee does the process handling; this class
    says what the bytes are.

    A persistent protocol (the default) starts the bot once per game: :meth:`argv`,
    then :meth:`greeting` and :meth:`updates` lines queued for it, :attr:`request` to ask
    for a move, one answer line read by :meth:`parse`.

    A per-move protocol (:attr:`per_move`) starts the bot afresh for every move, as some
    original KotH controllers did: the command plus :meth:`move_arguments`, with
    :meth:`move_input` on its stdin (then end-of-file). Its answer is everything it
    printed until it exited or closed stdout (the first :data:`PER_MOVE_OUTPUT` bytes),
    read by :meth:`parse`; then its process group is killed. :meth:`argv`,
    :meth:`greeting`, :meth:`updates` and :attr:`request` are not used.
    """

    #: True when the bot program is started afresh for every move (see above).
    per_move: ClassVar[bool] = False
    #: The line that asks a bot for its move.
    request: ClassVar[bytes] = b"M\n"
    #: True when a blank line from a bot is no answer (the referee waits on for one).
    skips_blank_lines: ClassVar[bool] = False
    #: True when every bot is told the same of every step (:meth:`updates`, encoded once for
    #: all); a protocol that overrides :meth:`updates_for` to tell each its own sets it False.
    same_updates: ClassVar[bool] = True
    #: True when :meth:`move_request` writes the position (the referee then takes a
    #: snapshot for every request); False when it is the fixed :attr:`request`.
    positional_requests: ClassVar[bool] = False

    @abstractmethod
    def argv(self, command: Sequence[str], seat: int, config: BaseConfig) -> list[str]:
        """The command line that starts the bot in ``seat`` (the command plus what the
        protocol appends)."""

    def greeting(self, seat: int, config: BaseConfig) -> bytes:
        """What a bot is sent before anything else (after it starts)."""
        return b""

    @abstractmethod
    def updates(self, changes: Sequence[Change]) -> bytes:
        """The lines that tell every bot about ``changes``."""

    def updates_for(self, recipient: int, mover: int, changes: Sequence[Change]) -> bytes:
        """What bot ``recipient`` is told of a step of ``mover`` (0 for the setup). By
        default every bot is told the same (:meth:`updates`); a protocol that tells only
        the others (Hex's) overrides this."""
        return self.updates(changes)

    def farewell(self, seat: int) -> bytes:
        """What a bot is sent when the game is over, before its input is closed."""
        return b""

    def move_request(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """Persistent protocols: the line that asks ``seat`` for a move on ``snapshot``;
        :attr:`request` by default. A protocol whose request carries the whole game
        overrides it, with :attr:`positional_requests`."""
        return self.request

    def move_arguments(self, seat: int, config: BaseConfig, snapshot: Any) -> list[str]:
        """Per-move protocols: the arguments appended to the bot's command to ask ``seat``
        for a move on the board ``snapshot`` (the harness's :meth:`State.snapshot`)."""
        raise NotImplementedError(f"{type(self).__name__} is not a per-move protocol")

    def move_input(self, seat: int, config: BaseConfig, snapshot: Any) -> bytes:
        """Per-move protocols: what the bot reads on stdin for one move (default nothing)."""
        return b""

    @abstractmethod
    def parse(self, text: str, elapsed_ms: float | None = None) -> Answer:
        """Read one answer line (a per-move protocol: the bot's whole output); UNREADABLE
        if it is not a move."""

    def describe(self) -> str:
        """One paragraph for ``--help`` and the checker: how a bot is started and spoken to."""
        return (self.__doc__ or "").strip()
