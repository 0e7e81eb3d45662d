"""Light cycles' protocol host: ``python -m flit_core.bot --game lightcycles FILE`` runs a Python
bot file as a program speaking the arena's protocol (:mod:`.protocol`).

The host keeps the game from the messages (the same :class:`~.board.Arena` the rules keep)
and calls ``move(view)`` on each ``M``. It is told no seat: it numbers the bots by the first
round's order (index + 1), and follows them into later rounds by the ``end`` lines. A bot
that raises answers ``error: ...``, and one that returns something else than a direction
answers what it returned, quoted (both are no move: it crashes); the reason goes to stderr,
with the bot's own ``print()``.

A runaway bot is stopped here too: a move that runs a quarter second past its limit (the one
the referee announces, else the preset's), on the clock the referee charges it by, ends the
process with ``SIGPROF`` (CPU time) or ``SIGALRM`` (real time), however the bot is stuck.
By then the referee has counted the timeout, and the bot is out.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, BinaryIO

from ...bot.host import charged_since, charging_clock, serve_stdio, with_announced_limits
from ...bot.program import BotLoadError, BotProgram, MoveFunction, call_bot
from ...session import Answer, AnswerKind
from .board import END, MOVES, NO_MOVE, ROUND, Arena, Direction, end_change
from .config import PRESETS, LightCyclesConfig
from .protocol import ERROR_PREFIX
from .rules import find_crashes
from .view import BotView, read_answer

PROG = "python -m flit_core.bot --game lightcycles"
#: How long past its limit a move may run before the process stops itself.
GRACE_S = 0.25
#: The interval timer that runs on each clock a host may be charged by, and its signal
#: (whose default action ends the process).
_TIMERS = {
    time.process_time: (signal.ITIMER_PROF, signal.SIGPROF),
    time.perf_counter: (signal.ITIMER_REAL, signal.SIGALRM),
}


class CyclesHost:
    """One bot's side of a game: its copy of the game, and the command loop."""

    def __init__(self, program: BotProgram, stdout: BinaryIO) -> None:
        self._program = program
        self._stdout = stdout
        self._function: MoveFunction | None = None
        self._load_error = ""
        self.config: LightCyclesConfig = with_announced_limits(PRESETS["standard"])
        self.arena: Arena | None = None
        self.me = 0
        self.turns = 0
        self._directions: list[Direction | None] = []
        self._clock = charging_clock()

    def run(self, stdin: BinaryIO) -> None:
        """Answer messages until end-of-file."""
        lines = iter(stdin)
        for raw in lines:
            words = raw.decode("ascii", "replace").split()
            if not words:
                continue
            try:
                self.command(words, lines)
            except (ValueError, StopIteration) as error:
                print(f"{PROG}: ignored {' '.join(words)[:60]!r}: {error}", file=sys.stderr, flush=True)

    def command(self, words: list[str], lines: Iterator[bytes]) -> None:
        """Carry out one message (``round`` reads its head lines from ``lines``)."""
        name, args = words[0], words[1:]
        if name == "M" and not args:
            self._say(self._answer())
        elif name == ROUND and len(args) == 5:
            number, width, height, bots, index = (int(arg) for arg in args)
            heads = [tuple(int(value) for value in next(lines).split()) for _ in range(bots)]
            self._start_round(number, width, height, index, heads)
        elif name == MOVES and self.arena is not None:
            seats = self.arena.seats
            if len(args) != len(seats):
                raise ValueError(f"{len(seats)} bots are in the round")
            self._directions = [None if word == NO_MOVE else Direction(word) for word in args]
            self.arena.apply((MOVES, *(value for pair in zip(seats, args, strict=True) for value in pair)))
            self.turns += 1
        elif name == END and self.arena is not None:
            # The wire carries no reasons: the rules find them again (only views show them).
            crashed = {self.arena.seats[int(arg)] for arg in args}
            reasons = dict(find_crashes(self.arena, self._directions))
            self.arena.apply(end_change((seat, reasons[seat]) for seat in self.arena.seats if seat in crashed))
        else:
            raise ValueError("unknown message")

    def _start_round(self, number: int, width: int, height: int, index: int, heads: list[tuple[int, ...]]) -> None:
        if self.arena is None:
            # The first round: the bots are numbered by its order, and this one starts.
            self.arena = Arena(len(heads))
            self.me = index + 1
            self.config = with_announced_limits(PRESETS["standard"].replace(players=len(heads)))
            try:
                self._function = self._program.start(self.me, self.config)
            except BotLoadError as error:
                self._load_error = str(error)
                print(f"{PROG}: {error}", file=sys.stderr, flush=True)
            seats = list(range(1, len(heads) + 1))
        else:
            out = {seat for seat, _ in self.arena.out}
            seats = [seat for seat in self.arena.seats if seat not in out]
        if len(seats) != len(heads) or seats[index] != self.me:
            raise ValueError(f"round {number} does not follow from the rounds before")
        starts = (value for seat, head in zip(seats, heads, strict=True) for value in (seat, *head))
        self.arena.apply((ROUND, number, width, height, *starts))

    def _say(self, data: bytes) -> None:
        self._stdout.write(data)
        self._stdout.flush()

    def _answer(self) -> bytes:
        if self._function is None or self.arena is None:
            return f"{ERROR_PREFIX} {self._load_error or 'no round has begun'}\n".encode()
        first = self.turns == 0
        limit = self.config.first_move_time_ms if first else self.config.move_time_ms
        since = charged_since(self._clock, first)
        view = BotView(self.me, self.config, self.turns, self.arena.snapshot(), limit, self._clock, since)
        returned: list[Any] = []

        def read(value: Any, elapsed_ms: float | None) -> Answer:
            returned.append(value)
            return read_answer(value, elapsed_ms)

        timer = _TIMERS[self._clock][0]
        signal.setitimer(timer, max(0.0, view.time_left_ms() or 0.0) / 1000.0 + GRACE_S)
        try:
            answer = call_bot(self._function, view, time.perf_counter, read)
        finally:
            signal.setitimer(timer, 0)
        if answer.kind is AnswerKind.MOVE:
            return f"{answer.move}\n".encode("ascii")
        print(f"{PROG}: turn {self.turns}: no move, because: {answer.detail}", file=sys.stderr, flush=True)
        if returned:
            # What it returned, quoted on one line: never a move (" N" is not "N").
            return repr(returned[0])[:500].encode("utf-8", "replace") + b"\n"
        last = (answer.detail.strip().splitlines() or ["no move"])[-1]
        return f"{ERROR_PREFIX} {last[:500]}\n".encode("utf-8", "replace")


def serve(file: str, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Play one game over ``stdin``/``stdout``; returns the exit status."""
    try:
        program = BotProgram.from_file(file)
    except BotLoadError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    # The timers' signals' default action ends the process: a stuck bot cannot catch them.
    for _timer, signum in _TIMERS.values():
        signal.signal(signum, signal.SIG_DFL)
    CyclesHost(program, stdout).run(stdin)
    return 0


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """``FILE``: serve the bot on this process's stdin/stdout."""
    parser = argparse.ArgumentParser(
        prog=prog or PROG, description="Run a Python light-cycle bot file as a bot program."
    )
    parser.add_argument("file", metavar="BOT.py", help="a Python bot file (defines move(view) or class Bot)")
    args = parser.parse_args(argv)
    return serve_stdio(lambda stdin, stdout: serve(args.file, stdin, stdout))
