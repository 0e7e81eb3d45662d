"""A protocol host for games whose every request holds the whole game: the original per-move
protocols (the request in the command's arguments, one answer per process) and their line
mode (one request per line, an answer line each, until end-of-file).

A game's host derives from :class:`RequestHost` and says only how a request reads
(:meth:`RequestHost.read`); loading the bot, starting it afresh for each game (a ``Bot``
keeps its state while the requests are of one seat and settings), calling it, and writing
its move or the game's no-move answer are here.
"""

from __future__ import annotations

import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, BinaryIO, ClassVar

from ..config import BaseConfig
from ..games.adapters import Programs
from ..games.interface import AnyGame
from ..games.whole_game import WholeGameProtocol
from ..session import AnswerKind
from .host import serve_stdio
from .program import BotLoadError, BotProgram, MoveFunction, call_bot


class RequestHost(ABC):
    """One bot's side: its program, the game's settings, and the ``Bot`` of the game in progress."""

    #: The host's command, in its messages.
    prog: ClassVar[str]
    #: What a bot that made no move answers (a line the game reads as no move).
    no_move: ClassVar[bytes]

    def __init__(self, definition: AnyGame, program: BotProgram, config: BaseConfig) -> None:
        """Answer for ``program`` in games of ``definition`` with the settings ``config``."""
        self.definition = definition
        self.config = config
        self._program = program
        self._game: tuple[int, BaseConfig] | None = None
        self._function: MoveFunction | None = None

    @abstractmethod
    def read(self, fields: Sequence[str]) -> tuple[int, BaseConfig, int, Any]:
        """The seat a request asks, the game's settings, the turn and the board (a snapshot
        of the game's); ValueError in plain words if the request is malformed."""

    def answer(self, fields: Sequence[str], limit_ms: float) -> bytes:
        """The answer line to one request (its fields), the bot given ``limit_ms``."""
        try:
            seat, config, turn, snapshot = self.read(fields)
        except ValueError as error:
            return self._no_move(f"ignored a malformed request: {error}")
        if self._game != (seat, config):
            # The first request, or another game's: the bot is started for this game.
            self._game = (seat, config)
            try:
                self._function = self._program.start(seat, config)
            except BotLoadError as error:
                self._function = None
                print(f"{self.prog}: {error}", file=sys.stderr, flush=True)
        if self._function is None:
            return self._no_move("the bot did not load")
        definition = self.definition
        view = definition.bot_view(config, seat, turn, snapshot, limit_ms)
        answer = call_bot(self._function, view, time.perf_counter, definition.read_answer)
        if answer.kind is AnswerKind.MOVE:
            return f"{definition.format_move(answer.move)}\n".encode()
        return self._no_move(answer.detail)

    def _no_move(self, why: str) -> bytes:
        print(f"{self.prog}: no move ({why})", file=sys.stderr, flush=True)
        return self.no_move

    def run_lines(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        """Line mode: answer each request line (its blank-separated fields) until end-of-file;
        blank lines are ignored; the first request has the start-up allowance, as under the referee."""
        limit = self.config.first_move_time_ms
        for raw in stdin:
            fields = raw.decode("utf-8", "replace").split()
            if fields:
                stdout.write(self.answer(fields, limit))
                stdout.flush()
                limit = self.config.move_time_ms

    @classmethod
    def serve(
        cls,
        definition: AnyGame,
        file: str,
        config: BaseConfig,
        fields: Sequence[str],
        stdin: BinaryIO,
        stdout: BinaryIO,
    ) -> int:
        """Answer the one request of ``fields``, or (none) play a game in line mode; the exit status."""
        try:
            host = cls(definition, BotProgram.from_file(file), config)
        except BotLoadError as error:
            print(f"{cls.prog}: {error}", file=sys.stderr)
            return 1
        if fields:
            stdout.write(host.answer(fields, config.move_time_ms))
            stdout.flush()
        else:
            host.run_lines(stdin, stdout)
        return 0


class ProtocolHost(RequestHost):
    """A host that reads each request line with the game's own protocol
    (:meth:`~flit_core.games.whole_game.WholeGameProtocol.read_request`)."""

    prog: ClassVar[str] = "python -m flit_core.bot"

    def __init__(self, definition: AnyGame, program: BotProgram, config: BaseConfig) -> None:
        super().__init__(definition, program, config)
        protocol = definition.adapter(Programs).protocol
        assert isinstance(protocol, WholeGameProtocol), "a request host needs a protocol whose requests hold the game"
        self._protocol = protocol
        self.no_move = protocol.no_move  # type: ignore[misc]  # the protocol's, per instance

    def read(self, fields: Sequence[str]) -> tuple[int, BaseConfig, int, Any]:
        """What the protocol reads from the line."""
        return self._protocol.read_request(fields, self.config)


def serve_protocol(definition: AnyGame, file: str, config: BaseConfig, fields: Sequence[str] = ()) -> int:
    """Run the Python bot ``file`` on this process's pipes, reading requests as ``definition``'s
    protocol writes them: the one request of ``fields`` (a per-move protocol's arguments), or
    (none) a game in line mode; ``config``: the settings the bot assumes."""
    return serve_stdio(lambda stdin, stdout: ProtocolHost.serve(definition, file, config, fields, stdin, stdout))
