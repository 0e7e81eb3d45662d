"""Hex's protocol host: ``python -m flit_core.bot --game hex FILE black|white`` runs a Python
bot file as a program speaking the UAIS central program's protocol (:mod:`.protocol`).

It handles every command of the original README: ``init_board N``, ``make_move``,
``seto X``, ``sety X``, ``unset X``, ``swap``, ``show_board``, ``check_win`` and ``quit``;
blank lines are ignored. So the same ``move(view)`` file plays in-process, in the browser,
under the arena's referee and in the original central program.

The host keeps its own board: after answering a cell it records its own stone there; on
``swap`` (sent or received) the colours are exchanged, the stones keep theirs. Two
tolerances let it also play when told of its own moves (the arena's referee sends every
bot the same updates for now): a ``seto`` on an occupied cell is ignored (as the reference
bot does), and so is a ``swap`` that could not be legal (after the second move).

A bot that raises or returns something that is not a move answers ``resign``, a bad answer
(the game is forfeit, as the rulings say); the reason goes to stderr, and so does the bot's
own ``print()``. Unknown commands are reported on stderr, never on stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from typing import BinaryIO

from ...bot.host import charged_since, charging_clock, serve_stdio, with_announced_limits
from ...bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ...errors import MoveSyntaxError
from ...session import AnswerKind
from ..adapters import Programs
from ..wire import WireProtocol
from .board import BLACK, EMPTY, MAX_SIZE, SWAP, WHITE, Cell, HexPosition, winner_of
from .boardtext import show_board_line
from .config import PRESETS, HexConfig
from .protocol import HexProtocol
from .view import BotView, read_answer

PROG = "python -m flit_core.bot --game hex"
#: The answer of a bot that made no move: not a move, so a forfeit.
RESIGN = b"resign\n"


def config_for(size: int) -> HexConfig:
    """The settings a bot assumes: the preset of that size, else the standard one resized,
    with the time limits the referee announced."""
    config = next((preset for preset in PRESETS.values() if preset.size == size), None)
    return with_announced_limits(config or PRESETS["uais"].replace(size=size))


class HexHost:
    """One bot's side of a game: its board, its colour, and the command loop."""

    def __init__(self, program: BotProgram, colour: int, stdout: BinaryIO) -> None:
        self._program = program
        #: The seat: 1 if the bot started as Black (it moves first), else 2.
        self.seat = 1 if colour == BLACK else 2
        self._stdout = stdout
        self.config = config_for(PRESETS["uais"].size)
        # Started at once, so that a file that does not load fails before the game.
        self._function: MoveFunction | None = program.start(self.seat, self.config)
        self._fresh = True
        self._clock = charging_clock()
        #: True once this process answered a move (its first is charged from its start).
        self._answered = False
        self.reset(self.config.size)

    def reset(self, size: int) -> None:
        """An empty ``size`` x ``size`` board (``init_board``): a new game, so the bot is
        started afresh with that board's settings (a ``Bot`` class gets them)."""
        config = config_for(size)
        if not (self._fresh and config == self.config):
            self._fresh = True
            try:
                self._function = self._program.start(self.seat, config)
            except BotLoadError as error:
                print(f"{PROG}: {error}", file=sys.stderr, flush=True)
                self._function = None
        self.config = config
        self.size = size
        self.cells = [EMPTY] * (size * size)
        self.black = 1
        self.moves = 0
        self.last: Cell | str | None = None

    @property
    def colour(self) -> int:
        """This bot's colour now."""
        return BLACK if self.black == self.seat else WHITE

    def position(self) -> HexPosition:
        """The board as the bot's view shows it."""
        return HexPosition(self.size, tuple(self.cells), self.black, self.moves, self.last, self.config.swap)

    def run(self, stdin: BinaryIO) -> None:
        """Answer commands until ``quit`` or end-of-file."""
        for raw in stdin:
            words = raw.decode("utf-8", "replace").split()
            if not words:
                continue
            if words == ["quit"]:
                return
            self.command(words)

    def command(self, words: list[str]) -> None:
        """Carry out one command line (already split into words)."""
        name, args = words[0], words[1:]
        try:
            if name == "make_move" and not args:
                self._say(self._answer())
            elif name == "show_board" and not args:
                self._say(self.show_board().encode("ascii") + b"\n")
            elif name == "check_win" and not args:
                self._say(f"{self.check_win()}\n".encode("ascii"))
            elif name == "swap" and not args:
                self._swap_received()
            elif name == "init_board" and len(args) == 1:
                size = int(args[0])
                if not 1 <= size <= MAX_SIZE:
                    raise ValueError(f"board size {size} is not 1-{MAX_SIZE}")
                self.reset(size)
            elif name in ("seto", "sety", "unset") and len(args) == 1:
                self._set(name, self._cell(args[0]))
            else:
                raise ValueError("unknown command")
        except (ValueError, MoveSyntaxError) as error:
            print(f"{PROG}: ignored {' '.join(words)[:60]!r}: {error}", file=sys.stderr, flush=True)

    def _say(self, data: bytes) -> None:
        self._stdout.write(data)
        self._stdout.flush()

    def _cell(self, text: str) -> int:
        row, col = Cell.parse(text)
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise ValueError(f"{text} is off the {self.size}x{self.size} board")
        return row * self.size + col

    def _set(self, name: str, index: int) -> None:
        if name == "unset":
            self.cells[index] = EMPTY
            return
        if self.cells[index] != EMPTY:
            return  # as the reference bot: a stone on an occupied cell is ignored
        mine = self.colour
        self.cells[index] = (3 - mine) if name == "seto" else mine
        self.moves += 1
        self.last = Cell(*divmod(index, self.size))

    def _swap_received(self) -> None:
        if self.moves != 1:
            # Only the second move may be a swap: this is our own swap told back to us.
            print(f"{PROG}: ignored a swap after move {self.moves}", file=sys.stderr, flush=True)
            return
        self._swap()

    def _swap(self) -> None:
        self.black = 3 - self.black
        self.moves += 1
        self.last = SWAP

    def show_board(self) -> str:
        """The ``show_board`` answer: each row's ``.``/``B``/``W`` then ``|``."""
        return show_board_line(self.cells, self.size)

    def check_win(self) -> int:
        """1 if this bot's colour has joined its sides, -1 if the opponent's has, else 0."""
        winner = winner_of(self.cells, self.size)
        return 0 if winner == EMPTY else (1 if winner == self.colour else -1)

    def _answer(self) -> bytes:
        self._fresh = False
        if self._function is None:
            print(f"{PROG}: the bot did not load: resigning", file=sys.stderr, flush=True)
            return RESIGN
        first = self.moves < 2
        limit = self.config.first_move_time_ms if first else self.config.move_time_ms
        since = charged_since(self._clock, not self._answered)
        self._answered = True
        view = BotView(self.seat, self.config, self.moves, self.position(), limit, self._clock, since)
        answer = call_bot(self._function, view, time.perf_counter, read_answer)
        move = answer.move
        if answer.kind is AnswerKind.MOVE and move == SWAP and view.can_swap:
            self._swap()
            return b"swap\n"
        if answer.kind is AnswerKind.MOVE and isinstance(move, Cell):
            row, col = move
            index = row * self.size + col
            if 0 <= row < self.size and 0 <= col < self.size and self.cells[index] == EMPTY:
                self._set("sety", index)
                return f"{move}\n".encode("ascii")
            detail = f"{move} is off the board or occupied"
        elif answer.kind is AnswerKind.MOVE:
            detail = "swap is not legal now"
        else:
            detail = answer.detail
        print(f"{PROG}: move {self.moves}: no legal move ({detail}): resigning", file=sys.stderr, flush=True)
        return RESIGN


def serve(file: str, colour: str, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Play one game over ``stdin``/``stdout``; returns the exit status."""
    try:
        host = HexHost(BotProgram.from_file(file), BLACK if colour == "black" else WHITE, stdout)
    except BotLoadError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    host.run(stdin)
    return 0


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``FILE black|white``: serve the bot on this process's stdin/stdout."""
    parser = argparse.ArgumentParser(prog=prog or PROG, description="Run a Python Hex bot file as a bot program.")
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    parser.add_argument("colour", choices=("black", "white"), help="the colour the bot starts with")
    args = parser.parse_args(argv)
    return serve_stdio(lambda stdin, stdout: serve(args.file, args.colour, stdin, stdout))


class HexPrograms(Programs):
    """Hex's bot programs: the central program's ``init_board``, ``seto``, ``swap``, ``make_move``;
    Python files run by :func:`main`."""

    protocols: Mapping[str, WireProtocol] = {"native": HexProtocol()}
    host = staticmethod(main)
