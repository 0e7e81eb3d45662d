"""A protocol host for games whose every request holds the whole game: the original per-move
protocols (the request in the command's arguments, one answer per process) and their line
mode (one request per line, an answer line each, until end-of-file).

The game's own protocol says how a request reads
(:meth:`~flit_core.games.whole_game.WholeGameProtocol.read_request`) and what a bot that made
no move answers; loading the bot, starting it afresh for each game (a ``Bot`` keeps its
state while the requests are of one seat and settings), calling it, and writing its move
are here, once for every such game.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import BinaryIO, ClassVar

from ..config import BaseConfig
from ..games.adapters import Programs
from ..games.interface import AnyGame
from ..games.whole_game import WholeGameProtocol
from ..session import AnswerKind
from .host import charged_since, charging_clock, serve_stdio
from .program import BotLoadError, BotProgram, MoveFunction, call_bot


class RequestHost:
    """One bot's side: its program, the game's settings and protocol, and the ``Bot`` of the
    game in progress."""

    #: The host's command, in its messages.
    prog: ClassVar[str] = "python -m flit_core.bot"

    def __init__(self, definition: AnyGame, program: BotProgram, config: BaseConfig) -> None:
        """Answer for ``program`` in games of ``definition`` with the settings ``config``."""
        protocol = definition.adapter(Programs).protocol
        assert isinstance(protocol, WholeGameProtocol), "a request host needs a protocol whose requests hold the game"
        self.definition = definition
        self.config = config
        self._protocol = protocol
        self._program = program
        self._game: tuple[int, BaseConfig] | None = None
        self._function: MoveFunction | None = None
        self._clock = charging_clock()

    def answer(self, fields: Sequence[str], limit_ms: float, first: bool) -> bytes:
        """The answer line to one request (its fields), the bot given ``limit_ms``; ``first``:
        the process's first request (a process started for one move has only that)."""
        try:
            seat, config, turn, snapshot = self._protocol.read_request(fields, self.config)
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
        view = definition.view_type(
            seat, config, turn, snapshot, limit_ms, self._clock, charged_since(self._clock, first)
        )
        answer = call_bot(self._function, view, time.perf_counter, definition.read_answer)
        if answer.kind is AnswerKind.MOVE:
            return f"{definition.format_move(answer.move)}\n".encode()
        return self._no_move(answer.detail)

    def _no_move(self, why: str) -> bytes:
        print(f"{self.prog}: no move ({why})", file=sys.stderr, flush=True)
        return self._protocol.no_move

    def run_lines(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        """Line mode: answer each request line (its blank-separated fields) until end-of-file;
        blank lines are ignored; the first request has the start-up allowance, as under the referee."""
        first = True
        for raw in stdin:
            fields = raw.decode("utf-8", "replace").split()
            if fields:
                limit = self.config.first_move_time_ms if first else self.config.move_time_ms
                stdout.write(self.answer(fields, limit, first))
                stdout.flush()
                first = False

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
            stdout.write(host.answer(fields, config.move_time_ms, first=True))
            stdout.flush()
        else:
            host.run_lines(stdin, stdout)
        return 0


def serve_protocol(definition: AnyGame, file: str, config: BaseConfig, fields: Sequence[str] = ()) -> int:
    """Run the Python bot ``file`` on this process's pipes, reading requests as ``definition``'s
    protocol writes them: the one request of ``fields`` (a per-move protocol's arguments), or
    (none) a game in line mode; ``config``: the settings the bot assumes."""
    return serve_stdio(lambda stdin, stdout: RequestHost.serve(definition, file, config, fields, stdin, stdout))
