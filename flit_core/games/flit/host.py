"""Flit's protocol host: ``python -m flit_core.bot FILE N SIZE PLAYERS`` runs a Python bot file
as a program speaking Flit's stdin/stdout protocol.

The same ``move(view)`` file that plays in-process and in the browser plays in a native
referee this way. The program keeps its own board from the ``x y c`` updates and, on
each ``M``, builds the bot's :class:`~flit_core.games.flit.view.BotView` from that copy.

What the protocol does not say is filled in honestly: the game's settings other than
size and players come from the preset with that size and player count (else the
standard game's), and the turn number counts this bot's requests (bots move in turn).
``print()`` inside the bot goes to stderr, so it cannot corrupt the answers. A bot that
raises, or returns something that is not a move, answers a no-move; the error goes to
stderr (the referee's log of this bot).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from typing import BinaryIO

from ...bot.host import charged_since, charging_clock, serve_stdio, with_announced_limits
from ...bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ...errors import ConfigError
from ...session import AnswerKind
from ..adapters import Programs
from ..wire import WireProtocol
from .answer import to_answer
from .board import FlitBoard
from .config import PRESETS, GameConfig
from .protocol import FlitProtocol
from .view import BotView

#: The answer for "no move": origin equal to destination is a pass on any board.
NO_MOVE = b"0 0 0 0\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments: the bot file, then the three the referee appends."""
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    parser.add_argument("number", type=int, help="this bot's number, 1-4 (appended by the referee)")
    parser.add_argument("size", type=int, help="the board size (appended by the referee)")
    parser.add_argument("players", type=int, help="the number of players (appended by the referee)")


def parser() -> argparse.ArgumentParser:
    """The parser of ``python -m flit_core.bot``."""
    result = argparse.ArgumentParser(
        prog="python -m flit_core.bot",
        description="Run a Python bot file as a bot program speaking the stdin/stdout protocol.",
    )
    add_arguments(result)
    return result


def config_for(size: int, players: int) -> GameConfig:
    """The settings a bot assumes: the preset of that size and player count, else standard's,
    with the time limits the referee announced."""
    config = next((p for p in PRESETS.values() if p.size == size and p.players == players), None)
    return with_announced_limits(config or PRESETS["standard"].replace(size=size, players=players))


def serve(file: str, me: int, size: int, players: int, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Play one game over ``stdin``/``stdout``; returns the exit status."""
    try:
        config = config_for(size, players)
        if not 1 <= me <= players:
            raise ConfigError(f"bot number {me} is not between 1 and {players}")
        function = BotProgram.from_file(file).start(me, config)
    except (BotLoadError, ConfigError) as error:
        print(f"flit_core.bot: {error}", file=sys.stderr)
        return 1
    _Protocol(function, me, config, stdout).run(stdin)
    return 0


class _Protocol:
    """The loop: keep the board from updates, answer each ``M``."""

    def __init__(self, function: MoveFunction, me: int, config: GameConfig, stdout: BinaryIO) -> None:
        self._function = function
        self._me = me
        self._config = config
        # The board the rules and the displays keep: a view costs a copy, not a board scan.
        self._board = FlitBoard(config.size, config.players)
        self._requests = 0
        self._stdout = stdout
        self._clock = charging_clock()

    def run(self, stdin: BinaryIO) -> None:
        for raw in stdin:
            line = raw.strip()
            if line == b"M":
                self._stdout.write(self._answer())
                self._stdout.flush()
            elif line:
                self._update(line)

    def _update(self, line: bytes) -> None:
        try:
            x, y, colour = (int(part) for part in line.split())
            self._board.apply(((x, y, colour),))
        except ValueError:
            print(f"flit_core.bot: ignored a line that is not an update 'x y c': {line[:60]!r}", file=sys.stderr)

    def _answer(self) -> bytes:
        config = self._config
        first = self._requests == 0
        # Bots are asked in the fixed order 1..n, so this bot's k-th request is that turn.
        turn = self._me - 1 + self._requests * config.players
        self._requests += 1
        limit = config.first_move_time_ms if first else config.move_time_ms
        # A copy (the bot may keep its view); the updates were checked on arrival.
        view = BotView(
            self._me, config, turn, self._board.snapshot(), limit, self._clock, charged_since(self._clock, first)
        )
        answer = call_bot(self._function, view, time.perf_counter, to_answer)
        if answer.kind is AnswerKind.MOVE and answer.move is not None:
            return f"{answer.move}\n".encode("ascii")
        if answer.kind is not AnswerKind.MOVE:
            print(f"flit_core.bot: turn {turn}: no move, because: {answer.detail}", file=sys.stderr, flush=True)
        return NO_MOVE


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``python -m flit_core.bot FILE NUMBER SIZE PLAYERS``."""
    command = parser()
    if prog:
        command.prog = prog
    return run(command.parse_args(argv))


def run(args: argparse.Namespace) -> int:
    """Serve the bot on this process's stdin/stdout, with ``print()`` sent to stderr."""
    return serve_stdio(lambda stdin, stdout: serve(args.file, args.number, args.size, args.players, stdin, stdout))


class FlitPrograms(Programs):
    """Flit's bot programs: ``x y c`` updates, ``M``, ``x0 y0 x1 y1`` answers; Python files run by :func:`main`."""

    protocols: Mapping[str, WireProtocol] = {"native": FlitProtocol()}
    host = staticmethod(main)
