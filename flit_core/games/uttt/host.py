"""Ultimate tic-tac-toe's protocol host: ``python -m flit_core.bot --game uttt [--preset NAME]
FILE [ARGS]`` runs a Python bot file (``move(view)`` or a class ``Bot``) as a bot program.

- With the original protocol's twelve arguments (:mod:`.protocol`) it loads the bot, prints
  its move once and exits: so a Python bot also plays under the original controller's rules,
  though a ``Bot`` then starts afresh for every move, as every process does.
- With no arguments it speaks line mode: a request line of the twelve fields, an answer
  line, until end-of-file, keeping one ``Bot`` for the whole game.

The bot's view has the preset's time per move (``standard``: 2,000 ms; ``--preset trial``:
100 ms) and counts its turn as the marks on the board (the protocol does not say more).
A bot that raises, or returns something that is not a move, answers ``none`` (an invalid
turn); the reason goes to stderr, and so does the bot's own ``print()``. The host does not
judge legality: a move the rules refuse is printed as the bot gave it, and the referee rules.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import BinaryIO

from ...bot.host import serve_stdio, with_announced_limits
from ...bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ...session import AnswerKind
from .config import PRESETS, UtttConfig
from .protocol import position_from_arguments
from .view import UtttView, read_answer

PROG = "python -m flit_core.bot --game uttt"
#: The answer of a bot that made no move: not a move, so an invalid turn.
NO_MOVE = b"none\n"


class UtttHost:
    """One bot's side: its program, its settings, and the ``Bot`` of the game in progress."""

    def __init__(self, program: BotProgram, config: UtttConfig) -> None:
        self._program = program
        self.config = config
        self._seat = 0
        self._function: MoveFunction | None = None

    def answer(self, fields: Sequence[str], limit_ms: float) -> bytes:
        """The answer line to one request (the twelve fields), the bot given ``limit_ms``."""
        try:
            seat, position = position_from_arguments(fields)
        except ValueError as error:
            return self._no_move(f"ignored a malformed request: {error}")
        if seat != self._seat:
            # The first request (or a new seat): the bot is started for this game.
            self._seat = seat
            try:
                self._function = self._program.start(seat, self.config)
            except BotLoadError as error:
                self._function = None
                print(f"{PROG}: {error}", file=sys.stderr, flush=True)
        if self._function is None:
            return self._no_move("the bot did not load")
        view = UtttView(seat, self.config, position.plies, position, limit_ms)
        answer = call_bot(self._function, view, time.perf_counter, read_answer)
        if answer.kind is AnswerKind.MOVE:
            return f"{answer.move}\n".encode("ascii")
        return self._no_move(answer.detail)

    def _no_move(self, why: str) -> bytes:
        print(f"{PROG}: no move ({why})", file=sys.stderr, flush=True)
        return NO_MOVE

    def run_lines(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        """Line mode: answer each request line until end-of-file (blank lines are ignored);
        the first request has the start-up allowance, as under the referee."""
        limit = self.config.first_move_time_ms
        for raw in stdin:
            fields = raw.decode("utf-8", "replace").split()
            if fields:
                stdout.write(self.answer(fields, limit))
                stdout.flush()
                limit = self.config.move_time_ms


def serve(file: str, config: UtttConfig, fields: Sequence[str], stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer the one request of ``fields``, or (none) play a game in line mode; the exit status."""
    try:
        host = UtttHost(BotProgram.from_file(file), config)
    except BotLoadError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    if fields:
        stdout.write(host.answer(fields, config.move_time_ms))
        stdout.flush()
    else:
        host.run_lines(stdin, stdout)
    return 0


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``[--preset NAME] FILE [MARK B0 .. B8 MASTER LAST]``: one answer, or line mode."""
    parser = argparse.ArgumentParser(
        prog=prog or PROG,
        description="Run a Python ultimate tic-tac-toe bot file as a bot program: with the original "
        "protocol's twelve arguments it answers once; without, it speaks line mode on stdin/stdout.",
    )
    parser.add_argument("--preset", choices=list(PRESETS), default="standard", help="the settings the bot assumes")
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    # REMAINDER: board strings such as "---------" must not be read as options.
    parser.add_argument("fields", nargs=argparse.REMAINDER, help="MARK B0 .. B8 MASTER LAST (or none: line mode)")
    args = parser.parse_args(argv)
    if args.fields and len(args.fields) != 12:
        parser.error(f"a move request is 12 arguments (MARK B0..B8 MASTER LAST), not {len(args.fields)}")
    config = with_announced_limits(PRESETS[args.preset])
    return serve_stdio(lambda stdin, stdout: serve(args.file, config, args.fields, stdin, stdout))
