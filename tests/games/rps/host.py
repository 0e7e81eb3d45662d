"""The protocol host: ``python -m flit_core.bot --game rps FILE SEAT`` runs a Python bot
file as a program speaking :mod:`.protocol`.

The host keeps the rounds from the update lines and, on each ``M``, calls the bot with
an :class:`~.view.RpsView` of them. A bot that raises or returns something that is not
a throw answers ``-`` (no throw: it loses the round); the reason goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import BinaryIO

from flit_core.bot.host import serve_stdio
from flit_core.bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from flit_core.session import AnswerKind

from .board import RoundsBoard
from .config import PRESETS, RpsConfig
from .move import NONE
from .view import RpsView, read_throw

PROG = "python -m flit_core.bot --game rps"


def serve(file: str, seat: int, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Play one match over ``stdin``/``stdout``; returns the exit status."""
    if seat not in (1, 2):
        print(f"{PROG}: the seat is 1 or 2, not {seat}", file=sys.stderr)
        return 1
    config = PRESETS["standard"]
    try:
        function = BotProgram.from_file(file).start(seat, config)
    except BotLoadError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    board = RoundsBoard(config.rounds, ())
    for raw in stdin:
        words = raw.decode("ascii", "replace").split()
        if words == ["M"]:
            stdout.write(_answer(function, seat, config, board).encode("ascii") + b"\n")
            stdout.flush()
        elif words:
            try:
                if words[0] == "rounds" and len(words) == 2:
                    config = config.replace(rounds=int(words[1]))
                    board = RoundsBoard(config.rounds, ())
                else:
                    board.apply([tuple(words)])
            except ValueError:  # ConfigError is a ValueError too
                print(f"{PROG}: ignored a line that is neither 'rounds N' nor a round: {raw[:60]!r}", file=sys.stderr)
    return 0


def _answer(function: MoveFunction, seat: int, config: RpsConfig, board: RoundsBoard) -> str:
    """The bot's throw for the next round, or :data:`NONE`."""
    rounds = board.snapshot()
    first = not rounds.played
    limit = config.first_move_time_ms if first else config.move_time_ms
    view = RpsView(seat, config, len(rounds.played), rounds, limit)
    answer = call_bot(function, view, time.perf_counter, read_throw)
    if answer.kind is AnswerKind.MOVE:
        return str(answer.move)
    print(f"{PROG}: round {len(rounds.played)}: no throw, because: {answer.detail}", file=sys.stderr, flush=True)
    return NONE


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``FILE SEAT``: serve the bot on this process's stdin/stdout (``print()`` goes to stderr)."""
    parser = argparse.ArgumentParser(
        prog=prog or PROG, description="Run a Python rock-paper-scissors bot file as a bot program."
    )
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    parser.add_argument("seat", type=int, help="this bot's seat, 1 or 2 (appended by the referee)")
    args = parser.parse_args(argv)
    return serve_stdio(lambda stdin, stdout: serve(args.file, args.seat, stdin, stdout))
